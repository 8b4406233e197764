/* threat.h -- what the other seats might hold and beat, from one seat's knowledge (internal
 * to src/ai: the rule agent and the student read it).
 *
 * A seat's pool is the multiset of ranks it may hold as the view's seat sees it: every card
 * not seen, less the cards known to be elsewhere (a shown hand, the landlord's unplayed
 * bottom cards); a shown hand's pool is exactly its cards. */
#ifndef DDZ_AI_THREAT_H
#define DDZ_AI_THREAT_H
#include <stdbool.h>
#include "ddz/game.h"

/* The pools of the three seats from v's seat (its own pool is empty). */
void ddz_threat_pools(const DdzView *v, DdzRanks pool[DDZ_SEAT_NB]);

/* Whether a seat holding k cards drawn from the multiset u might beat m: same type and size
 * with a higher rank (kickers checked only for being there), a higher bomb, or the rocket.
 * It errs towards yes. A pass is "beaten" by any seat holding cards. */
bool ddz_threat_can_beat(DdzRanks u, int k, const DdzMove *m);

#endif
