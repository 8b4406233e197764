/* cpu-jitter.c -- how much thread CPU time a machine charges for a fixed amount of work.
 *
 * A decision's time limit (hard's 50 ms, expert's 800 ms) is checked against a clock, and the
 * arena reports each decision's thread CPU time (CLOCK_THREAD_CPUTIME_ID). On a virtual
 * machine the host may run something else while the guest counts the time to the thread
 * that was on the CPU. This probe runs chunks of pure arithmetic, each calibrated to about
 * 1 ms, for S seconds, and prints how much CPU time the chunks were charged: a chunk charged
 * 8 ms is 7 ms that no program could have guarded against. Run one per core to load the
 * machine as an arena of --jobs N does.
 *
 *   build/tools/cpu-jitter [SECONDS]     (default 60) */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* A step of an LCG: work the compiler cannot drop (the state is volatile). */
static void work(volatile uint64_t *x, long steps)
{
    for (long i = 0; i < steps; i++)
        *x = *x * 6364136223846793005ull + 1442695040888963407ull;
}

int main(int argc, char **argv)
{
    double seconds = 60;
    if (argc > 2 || (argc == 2 && (seconds = strtod(argv[1], NULL)) <= 0)) {
        fprintf(stderr, "usage: cpu-jitter [SECONDS]   (a positive number, default 60)\n");
        return 2;
    }
    volatile uint64_t x = 1;
    long steps = 1000000;
    double t0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
    work(&x, steps);
    double per_step = (now_ms(CLOCK_THREAD_CPUTIME_ID) - t0) / (double)steps;
    steps = per_step > 0 ? (long)(1.0 / per_step) : steps;

    double end = now_ms(CLOCK_MONOTONIC) + seconds * 1e3, max_cpu = 0, max_wall = 0, total = 0;
    long chunks = 0, over2 = 0, over5 = 0;
    while (now_ms(CLOCK_MONOTONIC) < end) {
        double c0 = now_ms(CLOCK_THREAD_CPUTIME_ID), w0 = now_ms(CLOCK_MONOTONIC);
        work(&x, steps);
        double cpu = now_ms(CLOCK_THREAD_CPUTIME_ID) - c0, wall = now_ms(CLOCK_MONOTONIC) - w0;
        chunks++;
        total += cpu;
        over2 += cpu > 2;
        over5 += cpu > 5;
        if (cpu > max_cpu) {
            max_cpu = cpu;
            max_wall = wall;
        }
    }
    if (chunks == 0) {
        fprintf(stderr, "cpu-jitter: no chunk ran in %g s\n", seconds);
        return 1;
    }
    printf("%ld chunks of the same work, CPU time a chunk: mean %.3f ms, max %.3f ms (wall %.3f ms); "
           "over 2 ms: %ld, over 5 ms: %ld\n",
           chunks, total / (double)chunks, max_cpu, max_wall, over2, over5);
    return 0;
}
