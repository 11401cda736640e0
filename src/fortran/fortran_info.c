// SPDX-License-Identifier: BSD-3-Clause
/*
 * Fortran entry points (see fortran.h for the calling convention): event
 * names and descriptions, errors, system information, options, timers and
 * devices. These are the calls that take or return CHARACTER arguments.
 */
#include <pthread.h>
#include <string.h>

#include "fortran/fortran.h"
#include "papi.h"

/* ---- events ---------------------------------------------------------- */

/* EventName: out, blank-padded (all blanks when check is not PAPI_OK). */
PAPIF_ENTRY(papif_event_code_to_name, PAPIF_EVENT_CODE_TO_NAME,
	    (int *EventCode, char *EventName, int *check, size_t EventName_len))
{
	char name[PAPIF_STR_MAX];

	name[0] = '\0';
	*check = PAPI_event_code_to_name(*EventCode, name);
	papi__fstr_out(EventName, EventName_len, *check == PAPI_OK ? name : "");
}

PAPIF_ENTRY(papif_event_name_to_code, PAPIF_EVENT_NAME_TO_CODE,
	    (const char *EventName, int *EventCode, int *check,
	     size_t EventName_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), EventName, EventName_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_event_name_to_code(name, EventCode);
}

PAPIF_ENTRY(papif_query_event, PAPIF_QUERY_EVENT, (int *EventCode, int *check))
{
	*check = PAPI_query_event(*EventCode);
}

PAPIF_ENTRY(papif_query_named_event, PAPIF_QUERY_NAMED_EVENT,
	    (const char *EventName, int *check, size_t EventName_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), EventName, EventName_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_query_named_event(name);
}

/* EventCode: in, the current event (or PAPI_PRESET_MASK / a component's
 * first code with PAPI_ENUM_FIRST); out, the next one. */
PAPIF_ENTRY(papif_enum_event, PAPIF_ENUM_EVENT,
	    (int *EventCode, int *modifier, int *check))
{
	*check = PAPI_enum_event(EventCode, *modifier);
}

/*
 * The strings of PAPI_event_info_t and its count. flags has no counterpart
 * in PAPI 7's structure: it is set to 0. When check is not PAPI_OK the
 * strings are blank and count and flags 0.
 */
PAPIF_ENTRY(papif_get_event_info, PAPIF_GET_EVENT_INFO,
	    (int *EventCode, char *symbol, char *long_descr, char *short_descr,
	     int *count, char *event_note, int *flags, int *check,
	     size_t symbol_len, size_t long_descr_len, size_t short_descr_len,
	     size_t event_note_len))
{
	PAPI_event_info_t info;
	int ok;

	memset(&info, 0, sizeof(info));
	*check = PAPI_get_event_info(*EventCode, &info);
	ok = *check == PAPI_OK;
	papi__fstr_out(symbol, symbol_len, ok ? info.symbol : "");
	papi__fstr_out(long_descr, long_descr_len, ok ? info.long_descr : "");
	papi__fstr_out(short_descr, short_descr_len,
		       ok ? info.short_descr : "");
	papi__fstr_out(event_note, event_note_len, ok ? info.note : "");
	*count = ok ? (int)info.count : 0;
	*flags = 0;
}

/* ---- errors ---------------------------------------------------------- */

/* No check argument. A message longer than PAPIF_STR_MAX - 1 is cut. */
PAPIF_ENTRY(papif_perror, PAPIF_PERROR,
	    (const char *message, size_t message_len))
{
	char msg[PAPIF_STR_MAX];

	papi__fstr_in(msg, sizeof(msg), message, message_len);
	PAPI_perror(msg);
}

/* ---- system information ---------------------------------------------- */

/* No check argument: before PAPI_library_init every number is 0 and the
 * strings are blank. mhz is the CPU's highest clock rate, as in PAPI. */
PAPIF_ENTRY(papif_get_hardware_info, PAPIF_GET_HARDWARE_INFO,
	    (int *ncpu, int *nnodes, int *totalcpus, int *vendor,
	     char *vendor_str, int *model, char *model_str, float *revision,
	     float *mhz, size_t vendor_str_len, size_t model_str_len))
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();

	if (!hw) {
		*ncpu = *nnodes = *totalcpus = *vendor = *model = 0;
		*revision = *mhz = 0.0f;
		papi__fstr_out(vendor_str, vendor_str_len, "");
		papi__fstr_out(model_str, model_str_len, "");
		return;
	}
	*ncpu = hw->ncpu;
	*nnodes = hw->nnodes;
	*totalcpus = hw->totalcpus;
	*vendor = hw->vendor;
	*model = hw->model;
	*revision = hw->revision;
	*mhz = hw->cpu_max_mhz > 0 ? (float)hw->cpu_max_mhz : hw->mhz;
	papi__fstr_out(vendor_str, vendor_str_len, hw->vendor_string);
	papi__fstr_out(model_str, model_str_len, hw->model_string);
}

/* The executable's full path and name and its address ranges (as integers:
 * INTEGER*8). Outputs are untouched when check is not PAPI_OK. */
PAPIF_ENTRY(papif_get_exe_info, PAPIF_GET_EXE_INFO,
	    (char *fullname, char *name, long long *text_start,
	     long long *text_end, long long *data_start, long long *data_end,
	     long long *bss_start, long long *bss_end, int *check,
	     size_t fullname_len, size_t name_len))
{
	PAPI_option_t opt;
	const PAPI_exe_info_t *exe;

	memset(&opt, 0, sizeof(opt));
	*check = PAPI_get_opt(PAPI_EXEINFO, &opt);
	if (*check != PAPI_OK)
		return;
	exe = opt.exe_info;
	papi__fstr_out(fullname, fullname_len, exe->fullname);
	papi__fstr_out(name, name_len, exe->address_info.name);
	*text_start = (long long)(size_t)exe->address_info.text_start;
	*text_end = (long long)(size_t)exe->address_info.text_end;
	*data_start = (long long)(size_t)exe->address_info.data_start;
	*data_end = (long long)(size_t)exe->address_info.data_end;
	*bss_start = (long long)(size_t)exe->address_info.bss_start;
	*bss_end = (long long)(size_t)exe->address_info.bss_end;
}

/* dest: an INTEGER*8 array of PAPIF_DMEM_MAXVAL elements, indexed by the
 * PAPIF_DMEM_* constants (1-based). */
PAPIF_ENTRY(papif_get_dmem_info, PAPIF_GET_DMEM_INFO,
	    (long long *dest, int *check))
{
	PAPI_dmem_info_t d;

	memset(&d, 0, sizeof(d));
	*check = PAPI_get_dmem_info(&d);
	if (*check != PAPI_OK)
		return;
	dest[PAPIF_DMEM_VMPEAK - 1] = d.peak;
	dest[PAPIF_DMEM_VMSIZE - 1] = d.size;
	dest[PAPIF_DMEM_RESIDENT - 1] = d.resident;
	dest[PAPIF_DMEM_HIGH_WATER - 1] = d.high_water_mark;
	dest[PAPIF_DMEM_SHARED - 1] = d.shared;
	dest[PAPIF_DMEM_TEXT - 1] = d.text;
	dest[PAPIF_DMEM_LIBRARY - 1] = d.library;
	dest[PAPIF_DMEM_HEAP - 1] = d.heap;
	dest[PAPIF_DMEM_LOCKED - 1] = d.locked;
	dest[PAPIF_DMEM_STACK - 1] = d.stack;
	dest[PAPIF_DMEM_PAGESIZE - 1] = d.pagesize;
	dest[PAPIF_DMEM_PTE - 1] = d.pte;
}

/* cr: the clock rate in MHz, or an error code. */
PAPIF_ENTRY(papif_get_clockrate, PAPIF_GET_CLOCKRATE, (int *cr))
{
	*cr = PAPI_get_opt(PAPI_CLOCKRATE, NULL);
}

/* The name of the loader's preload variable (LD_PRELOAD). */
PAPIF_ENTRY(papif_get_preload, PAPIF_GET_PRELOAD,
	    (char *lib_preload_env, int *check, size_t lib_preload_env_len))
{
	PAPI_option_t opt;

	memset(&opt, 0, sizeof(opt));
	*check = PAPI_get_opt(PAPI_PRELOAD, &opt);
	if (*check == PAPI_OK)
		papi__fstr_out(lib_preload_env, lib_preload_env_len,
			       opt.preload.lib_preload_env);
}

/* ---- options ---------------------------------------------------------- */

/*
 * mode PAPI_DEFDOM: the default domain of new event sets (EventSet is not
 * read); mode PAPI_DOMAIN: EventSet's domain. Any other mode: PAPI_EINVAL.
 * PAPIF_get_granularity is the same with PAPI_DEFGRN and PAPI_GRANUL.
 */
PAPIF_ENTRY(papif_get_domain, PAPIF_GET_DOMAIN,
	    (int *EventSet, int *domain, int *mode, int *check))
{
	PAPI_option_t opt;
	int ret;

	if (*mode == PAPI_DEFDOM) {
		ret = PAPI_get_opt(PAPI_DEFDOM, NULL);
		if (ret >= 0) {
			*domain = ret;
			ret = PAPI_OK;
		}
	} else if (*mode == PAPI_DOMAIN) {
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = *EventSet;
		ret = PAPI_get_opt(PAPI_DOMAIN, &opt);
		if (ret == PAPI_OK)
			*domain = opt.domain.domain;
	} else {
		ret = PAPIF_ERROR(PAPI_EINVAL);
	}
	*check = ret;
}

PAPIF_ENTRY(papif_get_granularity, PAPIF_GET_GRANULARITY,
	    (int *EventSet, int *granularity, int *mode, int *check))
{
	PAPI_option_t opt;
	int ret;

	if (*mode == PAPI_DEFGRN) {
		ret = PAPI_get_opt(PAPI_DEFGRN, NULL);
		if (ret >= 0) {
			*granularity = ret;
			ret = PAPI_OK;
		}
	} else if (*mode == PAPI_GRANUL) {
		memset(&opt, 0, sizeof(opt));
		opt.granularity.eventset = *EventSet;
		ret = PAPI_get_opt(PAPI_GRANUL, &opt);
		if (ret == PAPI_OK)
			*granularity = opt.granularity.granularity;
	} else {
		ret = PAPIF_ERROR(PAPI_EINVAL);
	}
	*check = ret;
}

PAPIF_ENTRY(papif_set_domain, PAPIF_SET_DOMAIN, (int *domain, int *check))
{
	*check = PAPI_set_domain(*domain);
}

PAPIF_ENTRY(papif_set_cmp_domain, PAPIF_SET_CMP_DOMAIN,
	    (int *domain, int *cidx, int *check))
{
	*check = PAPI_set_cmp_domain(*domain, *cidx);
}

PAPIF_ENTRY(papif_set_granularity, PAPIF_SET_GRANULARITY,
	    (int *granularity, int *check))
{
	*check = PAPI_set_granularity(*granularity);
}

PAPIF_ENTRY(papif_set_cmp_granularity, PAPIF_SET_CMP_GRANULARITY,
	    (int *granularity, int *cidx, int *check))
{
	*check = PAPI_set_cmp_granularity(*granularity, *cidx);
}

/* The domain of one event set (PAPI_set_opt(PAPI_DOMAIN)). */
PAPIF_ENTRY(papif_set_event_domain, PAPIF_SET_EVENT_DOMAIN,
	    (int *EventSet, int *domain, int *check))
{
	PAPI_option_t opt;

	memset(&opt, 0, sizeof(opt));
	opt.domain.eventset = *EventSet;
	opt.domain.domain = *domain;
	*check = PAPI_set_opt(PAPI_DOMAIN, &opt);
}

/*
 * PAPI_set_opt(PAPI_INHERIT). Since PAPI 4 inheritance is a property of an
 * event set, and this call (kept from PAPI 3, where it was global) names
 * none: the option is set on PAPI_NULL, so the answer is PAPI_ENOEVST
 * (PAPI 7.0 passes whatever its stack holds as the event set). Use
 * PAPI_set_opt from C to set it on a set.
 */
PAPIF_ENTRY(papif_set_inherit, PAPIF_SET_INHERIT, (int *inherit, int *check))
{
	PAPI_option_t opt;

	memset(&opt, 0, sizeof(opt));
	opt.inherit.eventset = PAPI_NULL;
	opt.inherit.inherit = *inherit;
	*check = PAPI_set_opt(PAPI_INHERIT, &opt);
}

/* ---- timers ------------------------------------------------------------ */

PAPIF_ENTRY(papif_get_real_cyc, PAPIF_GET_REAL_CYC, (long long *real_cyc))
{
	*real_cyc = PAPI_get_real_cyc();
}

PAPIF_ENTRY(papif_get_real_nsec, PAPIF_GET_REAL_NSEC, (long long *time))
{
	*time = PAPI_get_real_nsec();
}

PAPIF_ENTRY(papif_get_real_usec, PAPIF_GET_REAL_USEC, (long long *time))
{
	*time = PAPI_get_real_usec();
}

PAPIF_ENTRY(papif_get_virt_cyc, PAPIF_GET_VIRT_CYC, (long long *virt_cyc))
{
	*virt_cyc = PAPI_get_virt_cyc();
}

PAPIF_ENTRY(papif_get_virt_usec, PAPIF_GET_VIRT_USEC, (long long *time))
{
	*time = PAPI_get_virt_usec();
}

/* ---- devices ------------------------------------------------------------ */

/*
 * A device-type handle is a C pointer, which a default INTEGER cannot
 * hold: PAPIF_enum_dev_type hands out a small index into this table
 * instead, the same index for the same handle, and the attribute calls
 * look the handle up. (PAPI 7.0 keeps only the last handle enumerated and
 * always answers 0.)
 */
#define PAPIF_MAX_DEV_TYPES 16

static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static void *dev_handles[PAPIF_MAX_DEV_TYPES];
static int dev_nhandles;

static int dev_index(void *handle)
{
	int i;

	pthread_mutex_lock(&dev_lock);
	for (i = 0; i < dev_nhandles && dev_handles[i] != handle; i++)
		;
	if (i == dev_nhandles) {
		if (dev_nhandles == PAPIF_MAX_DEV_TYPES)
			i = -1;
		else
			dev_handles[dev_nhandles++] = handle;
	}
	pthread_mutex_unlock(&dev_lock);
	return i;
}

static void *dev_handle(int index)
{
	void *h = NULL;

	pthread_mutex_lock(&dev_lock);
	if (index >= 0 && index < dev_nhandles)
		h = dev_handles[index];
	pthread_mutex_unlock(&dev_lock);
	return h;
}

/* handle_index: out, the next device type's index (0, 1, ...); check is
 * PAPI_EINVAL at the end of the walk, as in C. */
PAPIF_ENTRY(papif_enum_dev_type, PAPIF_ENUM_DEV_TYPE,
	    (int *modifier, int *handle_index, int *check))
{
	void *handle = NULL;
	int ret = PAPI_enum_dev_type(*modifier, &handle);

	if (ret == PAPI_OK) {
		int i = dev_index(handle);

		if (i < 0)
			ret = PAPIF_ERROR(PAPI_ENOMEM);
		else
			*handle_index = i;
	}
	*check = ret;
}

/* What PAPI_get_dev_type_attr / PAPI_get_dev_attr write for an attribute:
 * a string, an unsigned long or an (unsigned) int. */
union dev_value {
	const char *s;
	unsigned long ul;
	unsigned int u;
	int i;
};

/* The CHAR_ attributes fill `string`, the others `value` (the ULONG_
 * ones cut to 32 bits); the output not concerned is left alone. */
PAPIF_ENTRY(papif_get_dev_type_attr, PAPIF_GET_DEV_TYPE_ATTR,
	    (int *handle_index, int *attribute, int *value, char *string,
	     int *check, size_t string_len))
{
	void *handle = dev_handle(*handle_index);
	union dev_value v;

	if (!handle) {
		*check = PAPIF_ERROR(PAPI_EINVAL);
		return;
	}
	memset(&v, 0, sizeof(v));
	*check = PAPI_get_dev_type_attr(handle, *attribute, &v);
	if (*check != PAPI_OK)
		return;
	switch (*attribute) {
	case PAPI_DEV_TYPE_ATTR__CHAR_NAME:
	case PAPI_DEV_TYPE_ATTR__CHAR_STATUS:
		papi__fstr_out(string, string_len, v.s);
		break;
	default:
		*value = v.i;
		break;
	}
}

PAPIF_ENTRY(papif_get_dev_attr, PAPIF_GET_DEV_ATTR,
	    (int *handle_index, int *id, int *attribute, int *value,
	     char *string, int *check, size_t string_len))
{
	void *handle = dev_handle(*handle_index);
	union dev_value v;

	if (!handle) {
		*check = PAPIF_ERROR(PAPI_EINVAL);
		return;
	}
	memset(&v, 0, sizeof(v));
	*check = PAPI_get_dev_attr(handle, *id, *attribute, &v);
	if (*check != PAPI_OK)
		return;
	switch (*attribute) {
	case PAPI_DEV_ATTR__CPU_CHAR_NAME:
	case PAPI_DEV_ATTR__CUDA_CHAR_DEVICE_NAME:
	case PAPI_DEV_ATTR__ROCM_CHAR_DEVICE_NAME:
		papi__fstr_out(string, string_len, v.s);
		break;
	case PAPI_DEV_ATTR__CUDA_ULONG_UID:
	case PAPI_DEV_ATTR__ROCM_ULONG_UID:
		*value = (int)v.ul;
		break;
	default:
		*value = (int)v.u;
		break;
	}
}
