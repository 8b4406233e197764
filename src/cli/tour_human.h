/* tour_human.h -- a person's seat in a tournament, line by line (tour_human.c). */
#ifndef DDZ_TOUR_HUMAN_H
#define DDZ_TOUR_HUMAN_H

#include <stdbool.h>
#include <stdio.h>

#include "ddz/agent.h"

typedef struct TourHumanConfig {
    FILE *in;     /* where decisions are read */
    bool zh;      /* Chinese texts */
    bool ascii;   /* SA HT BJ instead of Unicode suits */
} TourHumanConfig;

/* An agent that asks the person for every decision of its seat. */
int tour_human_new(const TourHumanConfig *cfg, DdzAgent *out, DdzError *err);

#endif
