/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lecture's PAPI high-level example ("Пример (1)", "Пример (2)"):
 * PAPI_TOT_INS around three equal do_flops() calls, with the classic
 * read / accum / stop sequence. The lecture shows this output:
 *
 *     After reading the counters: 441027
 *     After adding the counters: 891959
 *     After stopping the counters: 443994
 *
 * read copies and resets, accum adds and resets, stop reads what is left:
 * the second value is about twice the first, the third about the first.
 *
 * main() is typed in as the slides show it, with the slide's own OCR
 * damage repaired only where it would not compile ("NUM EVENTS" for
 * NUM_EVENTS, the brace after main() that the slide lost). What the excerpt
 * leaves out is completed above it: the headers, handle_error(), and
 * do_flops() ("Defined in tests/do_loops.c in the PAPI source
 * distribution"; this one is ours). On a machine without PAPI_TOT_INS (no
 * hardware counters, most VMs) handle_error() says so and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>

/* The seed's main() is old style (no return type: implicit int, which C99
 * deprecated and GCC 14 refuses by default); say so here rather than
 * change the seed, so that it builds with any warning flags. */
#pragma GCC diagnostic ignored "-Wimplicit-int"
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wold-style-definition"

/* --- completed: what the slides leave out ------------------------------ */
#include <papi.h>

/* Operands the compiler must load every time, so every iteration is the
 * same instructions whatever the optimization level. */
static volatile double flop_a = 0.5, flop_b = 2.2;
volatile double flop_sink;

/* n multiply-adds. Not inlined, as PAPI's is not (tests/do_loops.c is a
 * file of its own): every call runs the very same instructions. */
__attribute__((noinline)) static void do_flops(int n)
{
	double c = 0.11;
	int i;

	for (i = 0; i < n; i++)
		c += flop_a * flop_b;
	flop_sink = c;
}

static void handle_error(int where)
{
	char name[PAPI_MAX_STR_LEN];

	fprintf(stderr, "lecture_hl: PAPI call failed (handle_error(%d))\n",
		where);
	if (PAPI_query_event(PAPI_TOT_INS) != PAPI_OK &&
	    PAPI_event_code_to_name(PAPI_TOT_INS, name) == PAPI_OK)
		fprintf(stderr,
			"lecture_hl: %s is not available on this machine "
			"(it has %d hardware counters), so there is nothing to "
			"count\n",
			name, PAPI_num_counters());
	exit(1);
}

/* --- the slides' program ------------------------------------------------ */
#define NUM_FLOPS 10000
#define NUM_EVENTS 1
main()
{
int Events[NUM_EVENTS] = {PAPI_TOT_INS};
long_long values[NUM_EVENTS];
/* Start counting events */
if (PAPI_start_counters(Events, NUM_EVENTS) != PAPI_OK)
handle_error(1);
/* Defined in tests/do_loops.c in the PAPI source distribution */
do_flops(NUM_FLOPS);
/* Read the counters */
if (PAPI_read_counters(values, NUM_EVENTS) != PAPI_OK)
   handle_error(1);
printf("After reading the counters: %lld\n",values[0]);
do_flops(NUM_FLOPS);
/* Add the counters */
if (PAPI_accum_counters(values, NUM_EVENTS) != PAPI_OK)
   handle_error(1);
printf("After adding the counters: %lld\n", values[0]);
do_flops(NUM_FLOPS);
/* Stop counting events */
if (PAPI_stop_counters(values, NUM_EVENTS) != PAPI_OK)
   handle_error(1);
printf("After stopping the counters: %lld\n", values[0]);}
