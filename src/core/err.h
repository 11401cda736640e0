/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_ERR_H
#define PAPI_CORE_ERR_H

/*
 * The one table of PAPI error codes: code, symbolic name, message. Rows are in
 * the order of the codes (0, -1, -2, ...) so that a code indexes the table
 * directly; err.c checks this at compile time against papi.h. PAPI_ESBSTR is
 * an alias of PAPI_ECMP and has no row of its own.
 */
#define PAPI__ERR_TABLE(X)                                                     \
	X(PAPI_OK, "No error")                                                 \
	X(PAPI_EINVAL, "Invalid argument")                                     \
	X(PAPI_ENOMEM, "Out of memory")                                        \
	X(PAPI_ESYS, "A system or C library call failed")                      \
	X(PAPI_ECMP, "Not supported by the component")                         \
	X(PAPI_ECLOST, "Access to the counters was lost or interrupted")       \
	X(PAPI_EBUG, "Internal error in the PAPI library")                     \
	X(PAPI_ENOEVNT, "Event does not exist")                                \
	X(PAPI_ECNFLCT, "Event exists, but cannot be counted together with "   \
			"the events already in the EventSet (counter "          \
			"resources)")                                           \
	X(PAPI_ENOTRUN, "EventSet is not running")                             \
	X(PAPI_EISRUN, "EventSet is running")                                  \
	X(PAPI_ENOEVST, "No such EventSet")                                    \
	X(PAPI_ENOTPRESET, "Event is not a valid preset")                      \
	X(PAPI_ENOCNTR, "Hardware does not support performance counters")      \
	X(PAPI_EMISC, "Unknown error")                                         \
	X(PAPI_EPERM, "Permission denied by the operating system")             \
	X(PAPI_ENOINIT, "PAPI has not been initialized")                       \
	X(PAPI_ENOCMP, "No component with that index, or none assigned")       \
	X(PAPI_ENOSUPP, "Not supported")                                       \
	X(PAPI_ENOIMPL, "Not implemented")                                     \
	X(PAPI_EBUF, "Buffer size exceeded")                                   \
	X(PAPI_EINVAL_DOM, "EventSet domain is not supported for the "         \
			   "operation")                                        \
	X(PAPI_EATTR, "Invalid or missing event attributes")                   \
	X(PAPI_ECOUNT, "Too many events or attributes")                        \
	X(PAPI_ECOMBO, "Bad combination of features")                          \
	X(PAPI_ECMP_DISABLED, "The component of this event is disabled")       \
	X(PAPI_EDELAY_INIT, "Component initialization is delayed to its "      \
			    "first use")                                       \
	X(PAPI_EMULPASS, "Event exists, but needs several hardware passes")

/* Message for a PAPI error code, or NULL when the code is not one. */
const char *papi__err_message(int code);

/* Symbolic name ("PAPI_EINVAL") for a code, or NULL. */
const char *papi__err_name(int code);

/*
 * The single translation from the OS layer's convention (0, or -errno) to a
 * PAPI code. Callers at the component boundary use it; nothing else should
 * look at errno values.
 */
int papi__err_from_errno(int neg_errno);

/* Every error a PAPI_* function returns passes through here (fn is its
 * name), so that PAPI_set_debug(PAPI_VERB_ECONT / PAPI_VERB_ESTOP) can
 * report it: prints and returns ret, or exits. */
/* The last error papi__err_report saw in this thread (PAPI_OK if none). */
int papi__err_last(void);
int papi__err_report(const char *fn, int ret);

#endif
