/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Figure 3.2 of the thesis "Optimizing PAPI for low-overhead counter
 * measurement": instrumenting user code with PAPI's low-level API.
 * PAPI_TOT_CYC and PAPI_TOT_INS, falling back to PAPI_TOT_IIS (instructions
 * issued) where PAPI_TOT_INS does not exist; one PAPI_read() in the middle.
 *
 * The figure's code is typed in as shown, its OCR damage repaired only
 * where it would not compile: "exit(retval):" and the closing braces read
 * as "3" and "1", and "EvenSet" for EventSet in PAPI_read. Completed: the
 * headers, main() with its variables, the "user code" (a counted loop),
 * printing the values in the "user clean up code", and explain() at exit,
 * which names the events this machine lacks when the figure's code gives
 * up. The figure exits with the PAPI error code as status (e.g. 249 for
 * PAPI_ENOEVNT, -7) when an event cannot be added.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>

/* --- completed ----------------------------------------------------------- */
volatile double user_sink;
static int measured;

static void user_code(void)
{
	double x = 0;
	int i;

	for (i = 0; i < 1000000; i++)
		x += i * 0.5;
	user_sink = x;
}

static void explain(void)
{
	static const int ev[] = { PAPI_TOT_CYC, PAPI_TOT_INS, PAPI_TOT_IIS };
	char name[PAPI_MAX_STR_LEN];
	unsigned int i;

	if (measured || !PAPI_is_initialized())
		return;
	for (i = 0; i < sizeof(ev) / sizeof(ev[0]); i++)
		if (PAPI_query_event(ev[i]) != PAPI_OK &&
		    PAPI_event_code_to_name(ev[i], name) == PAPI_OK)
			fprintf(stderr, "figure3_2: %s is not available on this machine\n",
				name);
}

static void print_values(int EventSet, const long long *values)
{
	char name[PAPI_MAX_STR_LEN];
	int codes[2], n = 2, i;

	if (PAPI_list_events(EventSet, codes, &n) != PAPI_OK)
		return;
	for (i = 0; i < n; i++)
		if (PAPI_event_code_to_name(codes[i], name) == PAPI_OK)
			printf("%s: %lld\n", name, values[i]);
}

int main(void)
{
	int retval, EventSet = PAPI_NULL;
	long long values[2];

	atexit(explain);
/* --- Figure 3.2 ----------------------------------------------------------- */
/* user start up code */
 retval = PAPI_library_init( PAPI_VER_CURRENT ); //initlize PAPI library
 if (retval != PAPI_VER_CURRENT ) {
         fprintf(stderr, "PAPI_library_init\n");
         exit(retval);
 }
 retval = PAPI_create_eventset( &EventSet ); // create eventset
 if (retval != PAPI_OK ) {
         fprintf(stderr, "PAPI_create_eventset\n");
         exit(retval);
 }
 retval = PAPI_add_event( EventSet, PAPI_TOT_CYC ); // add PAPI_TOT_CYC(total cycle count) event
 if (retval != PAPI_OK ) {
         fprintf(stderr,"PAPI_add_event\n");
         exit(retval);
 }
 retval = PAPI_add_event( EventSet, PAPI_TOT_INS ); // add PAPI_TOT_INS(total instruction count) event
 if (retval != PAPI_OK ) {
          retval = PAPI_add_event( EventSet, PAPI_TOT_IIS );
          if (retval != PAPI_OK ) {
                  fprintf(stderr, "PAPI_add_event\n");
                  exit(retval);
         }
 }
/* user code*/
 user_code();
 if ( ( retval = PAPI_start( EventSet ) ) != PAPI_OK ) { // start event measurement
          fprintf(stderr, "PAPI_start");
         exit(retval);
 }
 /* user code */
 user_code();
 PAPI_read(EventSet,values); // read current event value and store into values array
/* user code */
 user_code();
 if ( ( retval = PAPI_stop( EventSet, NULL ) ) != PAPI_OK ) { //stop event measurement
          fprintf(stderr, "PAPI_stop");
         exit(retval);
 }
/* user clean up code*/
 measured = 1;
 print_values(EventSet, values);
PAPI_shutdown();
	return 0;
}
