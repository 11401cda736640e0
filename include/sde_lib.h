/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_SDE_LIB_H
#define PAPI_SDE_LIB_H

/*
 * Software-defined events: the library side (libsde.so.1). A library
 * names itself with papi_sde_init and exports counters under that name;
 * a program counts them through PAPI's "sde" component as
 * sde:::LIBRARY::COUNTER. The interface (names, values, layouts) is PAPI
 * 7.0's; docs/sde.md says how ours works. A library linked with libsde
 * runs the same whether or not the program uses PAPI.
 */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <stdarg.h>

#define PAPI_SDE_VERSION_NUMBER(_maj, _min) (((_maj) << 16) | (_min))
#define PAPI_SDE_VERSION PAPI_SDE_VERSION_NUMBER(1, 0)

/* Counter modes: may PAPI write it, and is it reported since PAPI_start
 * (DELTA) or as it is (INSTANT). */
#define PAPI_SDE_RO 0x00
#define PAPI_SDE_RW 0x01
#define PAPI_SDE_DELTA 0x00
#define PAPI_SDE_INSTANT 0x10

/* Counter types: the bits of a double or float come back packed in the
 * long long that PAPI_read fills (GET_DOUBLE_SDE / GET_FLOAT_SDE). */
#define PAPI_SDE_long_long 0x0
#define PAPI_SDE_int 0x1
#define PAPI_SDE_double 0x2
#define PAPI_SDE_float 0x3

/* How a group combines its members. */
#define PAPI_SDE_SUM 0x0
#define PAPI_SDE_MAX 0x1
#define PAPI_SDE_MIN 0x2

/* Return codes, the same numbers as papi.h's. */
#define SDE_OK 0
#define SDE_EINVAL -1
#define SDE_ENOMEM -2
#define SDE_ECMP -4
#define SDE_ENOEVNT -7

/* Older spellings. */
#define register_fp_counter register_counter_cb
#define papi_sde_register_fp_counter papi_sde_register_counter_cb
#define destroy_counter unregister_counter
#define destroy_counting_set unregister_counter
#define papi_sde_destroy_counter papi_sde_unregister_counter
#define papi_sde_destroy_counting_set papi_sde_unregister_counter

#pragma GCC visibility push(default)

/* Set from the environment at load: PAPI_SDE_VERBOSE (errors on stderr)
 * and PAPI_SDE_DEBUG. */
extern int _sde_be_verbose;
extern int _sde_debug;
#define SDEDBG(format, args...) \
	{ \
		if (_sde_debug) { \
			fprintf(stderr, format, ##args); \
		} \
	}

static inline void SDE_ERROR(const char *format, ...)
{
	va_list ap;

	if (!_sde_be_verbose)
		return;
	va_start(ap, format);
	fputs("PAPI SDE Error: ", stderr);
	vfprintf(stderr, format, ap);
	fputc('\n', stderr);
	va_end(ap);
}

#ifdef __cplusplus
extern "C" {
#endif

#define GET_FLOAT_SDE(x) *((float *)&x)
#define GET_DOUBLE_SDE(x) *((double *)&x)
/* A recorder's event reads as the address of a copy of its values (the
 * reader frees it): GET_SDE_RECORDER_ADDRESS(value, double)[i]. */
#define GET_SDE_RECORDER_ADDRESS(x, rcrd_type) ((rcrd_type *)x)

/* A counting set reads as the address of a list of these, one per
 * distinct element with its count (one block: the reader frees the
 * first). */
typedef struct cset_list_object_s cset_list_object_t;
struct cset_list_object_s {
	uint32_t count;
	uint32_t type_id;
	size_t type_size;
	void *ptr;
	cset_list_object_t *next;
};

typedef long long int (*papi_sde_fptr_t)(void *);
typedef int (*papi_sde_cmpr_fptr_t)(void *);
typedef void *papi_handle_t;

/* The calls, as a table: what papi_sde_hook_list_events gets, so that a
 * tool can list a library's events without running it. */
typedef struct papi_sde_fptr_struct_s {
	papi_handle_t (*init)(const char *lib_name);
	int (*shutdown)(papi_handle_t handle);
	int (*register_counter)(papi_handle_t handle, const char *event_name,
				int mode, int type, void *counter);
	int (*register_counter_cb)(papi_handle_t handle,
				   const char *event_name, int mode, int type,
				   papi_sde_fptr_t callback, void *param);
	int (*unregister_counter)(papi_handle_t handle,
				  const char *event_name);
	int (*describe_counter)(papi_handle_t handle, const char *event_name,
				const char *event_description);
	int (*add_counter_to_group)(papi_handle_t handle,
				    const char *event_name,
				    const char *group_name,
				    uint32_t group_flags);
	int (*create_counter)(papi_handle_t handle, const char *event_name,
			      int cntr_type, void **cntr_handle);
	int (*inc_counter)(papi_handle_t cntr_handle, long long int increment);
	int (*create_recorder)(papi_handle_t handle, const char *event_name,
			       size_t typesize,
			       int (*cmpr_func_ptr)(const void *p1,
						    const void *p2),
			       void **record_handle);
	int (*create_counting_set)(papi_handle_t handle, const char *cset_name,
				   void **cset_handle);
	int (*counting_set_insert)(void *cset_handle, size_t element_size,
				   size_t hashable_size, const void *element,
				   uint32_t type_id);
	int (*counting_set_remove)(void *cset_handle, size_t hashable_size,
				   const void *element, uint32_t type_id);
	int (*record)(void *record_handle, size_t typesize, const void *value);
	int (*reset_recorder)(void *record_handle);
	int (*reset_counter)(void *cntr_handle);
	void *(*get_counter_handle)(papi_handle_t handle,
				    const char *event_name);
} papi_sde_fptr_struct_t;

papi_handle_t papi_sde_init(const char *name_of_library);
int papi_sde_shutdown(papi_handle_t handle);
int papi_sde_register_counter(papi_handle_t handle, const char *event_name,
			      int cntr_mode, int cntr_type, void *counter);
int papi_sde_register_counter_cb(papi_handle_t handle, const char *event_name,
				 int cntr_mode, int cntr_type,
				 papi_sde_fptr_t callback, void *param);
int papi_sde_unregister_counter(void *handle, const char *event_name);
int papi_sde_describe_counter(papi_handle_t handle, const char *event_name,
			      const char *event_description);
int papi_sde_add_counter_to_group(papi_handle_t handle, const char *event_name,
				  const char *group_name,
				  uint32_t group_flags);
int papi_sde_create_counter(papi_handle_t handle, const char *event_name,
			    int cntr_mode, void **cntr_handle);
int papi_sde_inc_counter(void *cntr_handle, long long int increment);
int papi_sde_create_recorder(papi_handle_t handle, const char *event_name,
			     size_t typesize,
			     int (*cmpr_func_ptr)(const void *p1,
						  const void *p2),
			     void **record_handle);
int papi_sde_create_counting_set(papi_handle_t handle, const char *cset_name,
				 void **cset_handle);
int papi_sde_counting_set_insert(void *cset_handle, size_t element_size,
				 size_t hashable_size, const void *element,
				 uint32_t type_id);
int papi_sde_counting_set_remove(void *cset_handle, size_t hashable_size,
				 const void *element, uint32_t type_id);
int papi_sde_record(void *record_handle, size_t typesize, const void *value);
int papi_sde_reset_recorder(void *record_handle);
int papi_sde_reset_counter(void *cntr_handle);
void *papi_sde_get_counter_handle(papi_handle_t handle,
				  const char *event_name);

/* Comparators for recorders (qsort's convention). */
int papi_sde_compare_long_long(const void *p1, const void *p2);
int papi_sde_compare_int(const void *p1, const void *p2);
int papi_sde_compare_double(const void *p1, const void *p2);
int papi_sde_compare_float(const void *p1, const void *p2);

/* Defined by an SDE library, not by libsde: registers every event of the
 * library through the table, for papi_native_avail -sde. */
papi_handle_t papi_sde_hook_list_events(papi_sde_fptr_struct_t *fptr_struct);

#define POPULATE_SDE_FPTR_STRUCT(_A_) \
	do { \
		_A_.init = papi_sde_init; \
		_A_.shutdown = papi_sde_shutdown; \
		_A_.register_counter = papi_sde_register_counter; \
		_A_.register_counter_cb = papi_sde_register_counter_cb; \
		_A_.unregister_counter = papi_sde_unregister_counter; \
		_A_.describe_counter = papi_sde_describe_counter; \
		_A_.add_counter_to_group = papi_sde_add_counter_to_group; \
		_A_.create_counter = papi_sde_create_counter; \
		_A_.inc_counter = papi_sde_inc_counter; \
		_A_.create_recorder = papi_sde_create_recorder; \
		_A_.create_counting_set = papi_sde_create_counting_set; \
		_A_.counting_set_insert = papi_sde_counting_set_insert; \
		_A_.counting_set_remove = papi_sde_counting_set_remove; \
		_A_.record = papi_sde_record; \
		_A_.reset_recorder = papi_sde_reset_recorder; \
		_A_.reset_counter = papi_sde_reset_counter; \
		_A_.get_counter_handle = papi_sde_get_counter_handle; \
	} while (0)

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif
