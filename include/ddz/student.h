/* student.h -- "student": a computer player that learned to choose as the search chooses
 * (issue 14), cheap enough to be the search's own play-out policy.
 *
 * For each play decision with a choice it lists the search's candidates
 * (ddz_search_candidates, the rule agent's choice first), describes each candidate by
 * DDZ_STUDENT_FEATURES numbers taken from its seat's view only, and plays the candidate whose
 * weighted sum of them is highest. Bids and doubles are the rule agent's.
 *
 * The features are move features crossed with the situation's: each of DDZ_STUDENT_MOVE_NB
 * numbers about the move (pass, the rule agent's choice, the change in the hand's worth, can
 * an opponent beat it, a bomb, a control spent, its type, ...) counts once plainly and once
 * for each of DDZ_STUDENT_CTX_NB facts about the situation that hold (leading or following,
 * whose play is on the table, the seat's role, the fewest cards an opponent holds, ...), so
 * a linear scorer weighs each move feature by the situation.
 *
 * The weights are learned from the search's decisions in self-play: `ddz learn data` plays
 * games with a search agent in every seat and writes, for each decision with a choice, the
 * candidates' features and their average values over the samples; `ddz learn fit` fits a
 * softmax over each decision's candidates to those values (soft targets) and writes the
 * weights as C (src/ai/student_weights.c, made so: docs/SEARCH-LEARNING.md). */
#ifndef DDZ_STUDENT_H
#define DDZ_STUDENT_H
#include <stdio.h>
#include "ddz/agent.h"

#define DDZ_STUDENT_MOVE_NB 22
#define DDZ_STUDENT_CTX_NB 15
#define DDZ_STUDENT_FEATURES (DDZ_STUDENT_MOVE_NB * DDZ_STUDENT_CTX_NB)

/* The shipped weights (src/ai/student_weights.c). */
extern const float ddz_student_weights[DDZ_STUDENT_FEATURES];

/* What describes moves: a splitter for the hand's worth and a rule agent for its choice.
 * Not thread-safe; one per thread. */
typedef struct DdzStudentDescriber DdzStudentDescriber;
DdzStudentDescriber *ddz_student_describer_new(void);
void ddz_student_describer_free(DdzStudentDescriber *d);

/* Describes a play decision in view v among candidates cand[0..n): the situation's facts into
 * ctx (1 or 0; ctx[0] is always 1) and each candidate's move features into
 * feats[i * DDZ_STUDENT_MOVE_NB ...]. Returns 0, or -1 when out of memory. */
int ddz_student_describe(DdzStudentDescriber *d, const DdzView *v, const DdzMove *cand, int n,
                         float ctx[DDZ_STUDENT_CTX_NB], float *feats);
/* The candidates' scores under weights w: score[i] = sum over c, k of
 * ctx[c] * w[c * DDZ_STUDENT_MOVE_NB + k] * feats[i * DDZ_STUDENT_MOVE_NB + k]. */
void ddz_student_scores(const float *w, const float ctx[DDZ_STUDENT_CTX_NB], const float *feats, int n,
                        float *score);

/* Makes a student agent playing with weights w (DDZ_STUDENT_FEATURES of them, kept by
 * reference: they must outlive the agent), or the shipped ones when w is NULL; candidates
 * caps the candidates it scores (1..DDZ_MAX_MOVES, the search's 24 by default). Deterministic.
 * Returns 0, or -1 with err when out of memory. */
int ddz_student_agent_new(DdzAgent *a, const float *w, int candidates, DdzError *err);

/* Learning ---------------------------------------------------------------------------------*/

/* A data file: the line "ddz-student-data MOVE_NB CTX_NB\n", then per decision the int32
 * count n of candidates, the int32 index the teacher played, CTX_NB float32 facts, n float32
 * values (the teacher's averages) and n x MOVE_NB float32 move features, in the machine's
 * byte order. */
typedef struct DdzStudentDataConfig {
    const char *teacher; /* agent in every seat whose decisions are learned (a search agent) */
    DdzRuleset rules;
    long games;          /* game k dealt from seed + k, seat 0 the landlord without bidding */
    uint64_t seed;
    /* Called (when not NULL) after every game with the games and decisions so far. */
    void (*progress)(void *ctx, long games, long decisions);
    void *progress_ctx;
} DdzStudentDataConfig;
/* Plays the games and writes every decision with two or more candidates to out. Returns
 * the number of decisions written, or -1 with err. */
long ddz_student_data(const DdzStudentDataConfig *cfg, FILE *out, DdzError *err);

typedef struct DdzStudentFitConfig {
    int epochs;          /* passes over the training decisions */
    double temperature;  /* soft targets: softmax(value / temperature) over the candidates */
    double rate;         /* Adam's step size */
    double l2;           /* weight decay */
    double holdout;      /* share of decisions (every k-th) kept out of training, for the report */
    uint64_t seed;       /* order of the decisions in each pass */
} DdzStudentFitConfig;
DdzStudentFitConfig ddz_student_fit_default(void);
typedef struct DdzStudentFitReport {
    long train, test;            /* decisions */
    double test_agree;           /* share of held-out decisions where the top score is the teacher's move */
    double test_rule_agree;      /* the same for the rule agent's choice (candidate 0), the baseline */
    double test_loss;            /* cross-entropy against the soft targets */
    double test_regret;          /* teacher value of its move less the value of the top-scored one */
    double rule_regret;          /* the same for the rule agent's choice */
} DdzStudentFitReport;
/* Fits weights w[DDZ_STUDENT_FEATURES] (starting from zero, with a head start on the rule
 * agent's choice) to the decisions in the data files paths[0..npaths). Returns 0 with *rep
 * filled, or -1 with err (a file missing, of another feature count, or damaged). */
int ddz_student_fit(const char *const *paths, int npaths, const DdzStudentFitConfig *cfg, float *w,
                    DdzStudentFitReport *rep, DdzError *err);
/* How often two agents choose the same play: games played by agent a in every seat (game k
 * dealt from seed + k, seat 0 the landlord without bidding); at each play decision with two
 * or more legal moves, agent b (seeded apart from a, so that "search:0/200" twice measures
 * the search against itself) is asked too. Also counts how often each agrees with the rule
 * agent's choice, and, where both depart from it, how often they depart to the same move. */
typedef struct DdzAgreement {
    long decisions, same, a_rule, b_rule, both_depart, same_departure;
    /* By situation: [leading, following the partner, following an opponent][the landlord,
     * the farmer the landlord follows, the other farmer]: decisions, and a's departures
     * from the rule agent's move. */
    long by_situation[3][3], a_departs[3][3];
} DdzAgreement;
int ddz_learn_agreement(const char *a, const char *b, DdzRuleset rules, long games, uint64_t seed, DdzAgreement *out,
                        DdzError *err);
/* Writes w as the C source of ddz_student_weights, with `comment` (how it was made) on top. */
int ddz_student_write_c(FILE *out, const float *w, const char *comment);

#endif
