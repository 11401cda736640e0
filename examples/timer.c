/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lab assignment's timer example: PAPI_get_real_cyc() and
 * PAPI_get_real_usec() around a piece of work, after creating an EventSet.
 * The assignment shows this possible output:
 *
 *     Wall clock cycles: 100173
 *     Wall clock time in microseconds: 136
 *
 * main() is typed in as the assignment shows it; the headers it needs and
 * do_some_work(), which it leaves out, are completed above it. The timers
 * need no hardware counter, so this runs everywhere.
 */
#include <stdio.h>
#include <stdlib.h>

/* The seed's main() is old style (no return type: implicit int, which C99
 * deprecated and GCC 14 refuses by default); say so here rather than
 * change the seed, so that it builds with any warning flags. */
#pragma GCC diagnostic ignored "-Wimplicit-int"
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wold-style-definition"

/* --- completed ----------------------------------------------------------- */
volatile double work_sink;

/* About a hundred microseconds of arithmetic. */
static void do_some_work(void)
{
	double x = 1.0;
	int i;

	for (i = 0; i < 100000; i++)
		x = x * 1.0000001 + 1e-9;
	work_sink = x;
}

/* --- the assignment's program -------------------------------------------- */
#include <papi.h>

main() {
    long_long start_cycles, end_cycles, start_usec, end_usec;
    int EventSet = PAPI_NULL;

    if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
        exit(1);

    /*Create an EventSet */
    if (PAPI_create_eventset(&EventSet) != PAPI_OK)
        exit(1);

    /* Gets the starting time in clock cycles */
    start_cycles = PAPI_get_real_cyc();

    /* Gets the starting time in microseconds */
    start_usec = PAPI_get_real_usec();

    do_some_work();

    /* Gets the ending time in clock cycles */
    end_cycles = PAPI_get_real_cyc();

    /* Gets the ending time in microseconds */
    end_usec = PAPI_get_real_usec();

    printf("Wall clock cycles: %lld\n", end_cycles - start_cycles);
    printf("Wall clock time in microseconds: %lld\n", end_usec - start_usec);
}
