/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Public interface of the performance counter library.
 *
 * This header is interface-compatible with PAPI 7.0: every constant, type,
 * structure layout and function signature matches that release, so programs
 * built against a stock PAPI 7.0 header run unchanged on this library.  It
 * additionally declares the classic PAPI 5 high-level calls, which this
 * library still implements for the benefit of older programs.
 */
#ifndef PAPI_H
#define PAPI_H

#include <sys/types.h>
#include <limits.h>
#include <signal.h>

#include "papiStdEventDefs.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Version numbers pack major, minor, revision and increment into one byte
 * each, most significant first.  PAPI_library_init() is called with
 * PAPI_VER_CURRENT, which keeps only the major and minor parts.
 */
#define PAPI_VERSION_NUMBER(maj, min, rev, inc) \
	(((maj) << 24) | ((min) << 16) | ((rev) << 8) | (inc))
#define PAPI_VERSION_MAJOR(x)		(((x) >> 24) & 0xff)
#define PAPI_VERSION_MINOR(x)		(((x) >> 16) & 0xff)
#define PAPI_VERSION_REVISION(x)	(((x) >> 8) & 0xff)
#define PAPI_VERSION_INCREMENT(x)	((x) & 0xff)

/*
 * The PAPI release whose interface this header describes: 70 (PAPI 7.0,
 * libpapi.so.7.0), 71 (7.1: 7.0's layouts, libpapi.so.7.1) or 72 (7.2:
 * PAPI_PARTIAL, component presets and qualifiers, libpapi.so.7.2). The
 * installed papi.h of each edition sets it; a program must link the
 * library of the same edition, which PAPI_library_init checks.
 */
#ifndef PAPI_EDITION
#define PAPI_EDITION		70
#endif
#if PAPI_EDITION != 70 && PAPI_EDITION != 71 && PAPI_EDITION != 72
#error "PAPI_EDITION must be 70, 71 or 72"
#endif

#define PAPI_VERSION		PAPI_VERSION_NUMBER(7, PAPI_EDITION - 70, 0, 0)
#define PAPI_VER_CURRENT	(PAPI_VERSION & 0xffff0000)

/* These classify an event code as native, preset or user-defined. */
#define IS_NATIVE(EventCode) \
	(((EventCode) & PAPI_NATIVE_MASK) && !((EventCode) & PAPI_PRESET_MASK))
#define IS_PRESET(EventCode) \
	(((EventCode) & PAPI_PRESET_MASK) && !((EventCode) & PAPI_NATIVE_MASK))
#define IS_USER_DEFINED(EventCode) \
	(((EventCode) & PAPI_PRESET_MASK) && ((EventCode) & PAPI_NATIVE_MASK))

/*
 * Return codes.  Every call returns PAPI_OK or another non-negative value
 * on success and one of the negative codes below on failure.
 */
#define PAPI_OK			0
#define PAPI_EINVAL		(-1)
#define PAPI_ENOMEM		(-2)
#define PAPI_ESYS		(-3)
#define PAPI_ECMP		(-4)
#define PAPI_ESBSTR		(-4)
#define PAPI_ECLOST		(-5)
#define PAPI_EBUG		(-6)
#define PAPI_ENOEVNT		(-7)
#define PAPI_ECNFLCT		(-8)
#define PAPI_ENOTRUN		(-9)
#define PAPI_EISRUN		(-10)
#define PAPI_ENOEVST		(-11)
#define PAPI_ENOTPRESET		(-12)
#define PAPI_ENOCNTR		(-13)
#define PAPI_EMISC		(-14)
#define PAPI_EPERM		(-15)
#define PAPI_ENOINIT		(-16)
#define PAPI_ENOCMP		(-17)
#define PAPI_ENOSUPP		(-18)
#define PAPI_ENOIMPL		(-19)
#define PAPI_EBUF		(-20)
#define PAPI_EINVAL_DOM		(-21)
#define PAPI_EATTR		(-22)
#define PAPI_ECOUNT		(-23)
#define PAPI_ECOMBO		(-24)
#define PAPI_ECMP_DISABLED	(-25)
#define PAPI_EDELAY_INIT	(-26)
#define PAPI_EMULPASS		(-27)
#if PAPI_EDITION >= 72
#define PAPI_PARTIAL		(-28)
#define PAPI_NUM_ERRORS		29
#else
#define PAPI_NUM_ERRORS		28
#endif

/* Bits reported by PAPI_is_initialized(). */
#define PAPI_NOT_INITED			0
#define PAPI_LOW_LEVEL_INITED		1
#define PAPI_HIGH_LEVEL_INITED		2
#define PAPI_THREAD_LEVEL_INITED	4

/* The placeholder value for an event set or event that does not exist. */
#define PAPI_NULL		(-1)

/*
 * Counting domains: the execution contexts in which events are counted.
 * PAPI_DOM_HWSPEC marks a component-specific domain encoded in the low bits.
 */
#define PAPI_DOM_USER		0x1
#define PAPI_DOM_MIN		PAPI_DOM_USER
#define PAPI_DOM_KERNEL		0x2
#define PAPI_DOM_OTHER		0x4
#define PAPI_DOM_SUPERVISOR	0x8
#define PAPI_DOM_ALL \
	(PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_OTHER | PAPI_DOM_SUPERVISOR)
#define PAPI_DOM_MAX		PAPI_DOM_ALL
#define PAPI_DOM_HWSPEC		0x80000000

/* Slots for PAPI_get_thr_specific() and PAPI_set_thr_specific(). */
#define PAPI_USR1_TLS		0x0
#define PAPI_USR2_TLS		0x1
#define PAPI_TLS_HIGH_LEVEL	0x2
#define PAPI_NUM_TLS		0x3
#define PAPI_TLS_USR1		PAPI_USR1_TLS
#define PAPI_TLS_USR2		PAPI_USR2_TLS
#define PAPI_TLS_NUM		PAPI_NUM_TLS
#define PAPI_TLS_ALL_THREADS	0x10

/* The user locks available through PAPI_lock() and PAPI_unlock(). */
#define PAPI_USR1_LOCK		0x0
#define PAPI_USR2_LOCK		0x1
#define PAPI_NUM_LOCK		0x2
#define PAPI_LOCK_USR1		PAPI_USR1_LOCK
#define PAPI_LOCK_USR2		PAPI_USR2_LOCK
#define PAPI_LOCK_NUM		PAPI_NUM_LOCK

/*
 * CPU vendor numbers reported in PAPI_hw_info_t.  The ARM entries are the
 * implementer codes found in the ARM main ID register.
 */
#define PAPI_VENDOR_UNKNOWN		0
#define PAPI_VENDOR_INTEL		1
#define PAPI_VENDOR_AMD			2
#define PAPI_VENDOR_IBM			3
#define PAPI_VENDOR_CRAY		4
#define PAPI_VENDOR_SUN			5
#define PAPI_VENDOR_FREESCALE		6
#define PAPI_VENDOR_ARM			7
#define PAPI_VENDOR_MIPS		8
#define PAPI_VENDOR_ARM_ARM		0x41
#define PAPI_VENDOR_ARM_BROADCOM	0x42
#define PAPI_VENDOR_ARM_CAVIUM		0x43
#define PAPI_VENDOR_ARM_FUJITSU		0x46
#define PAPI_VENDOR_ARM_HISILICON	0x48
#define PAPI_VENDOR_ARM_APM		0x50
#define PAPI_VENDOR_ARM_QUALCOMM	0x51

/* Granularities: the scope (thread, process, system) that is counted. */
#define PAPI_GRN_THR		0x1
#define PAPI_GRN_MIN		PAPI_GRN_THR
#define PAPI_GRN_PROC		0x2
#define PAPI_GRN_PROCG		0x4
#define PAPI_GRN_SYS		0x8
#define PAPI_GRN_SYS_CPU	0x10
#define PAPI_GRN_MAX		PAPI_GRN_SYS_CPU

/* State bits of an event set, as reported by PAPI_state(). */
#define PAPI_STOPPED		0x01
#define PAPI_RUNNING		0x02
#define PAPI_PAUSED		0x04
#define PAPI_NOT_INIT		0x08
#define PAPI_OVERFLOWING	0x10
#define PAPI_PROFILING		0x20
#define PAPI_MULTIPLEXING	0x40
#define PAPI_ATTACHED		0x80
#define PAPI_CPU_ATTACHED	0x100

/* Error reporting levels accepted by PAPI_set_debug(). */
#define PAPI_QUIET		0
#define PAPI_VERB_ECONT		1
#define PAPI_VERB_ESTOP		2

/* Flags for PAPI_profil() and PAPI_sprofil(). */
#define PAPI_PROFIL_POSIX	0x0
#define PAPI_PROFIL_RANDOM	0x1
#define PAPI_PROFIL_WEIGHTED	0x2
#define PAPI_PROFIL_COMPRESS	0x4
#define PAPI_PROFIL_BUCKET_16	0x8
#define PAPI_PROFIL_BUCKET_32	0x10
#define PAPI_PROFIL_BUCKET_64	0x20
#define PAPI_PROFIL_FORCE_SW	0x40
#define PAPI_PROFIL_DATA_EAR	0x80
#define PAPI_PROFIL_INST_EAR	0x100
#define PAPI_PROFIL_BUCKETS \
	(PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_BUCKET_64)

/* Flags for PAPI_overflow(). */
#define PAPI_OVERFLOW_FORCE_SW	0x40
#define PAPI_OVERFLOW_HARDWARE	0x80

/* Flags selecting how multiplexing is carried out. */
#define PAPI_MULTIPLEX_DEFAULT	0x0
#define PAPI_MULTIPLEX_FORCE_SW	0x1

/* Values of the inherit flag in PAPI_inherit_option_t. */
#define PAPI_INHERIT_ALL	1
#define PAPI_INHERIT_NONE	0

/*
 * Option codes for PAPI_get_opt() and PAPI_set_opt().  The values are
 * sparse on purpose: 9 and 10 are unused.
 */
#define PAPI_DETACH		1
#define PAPI_DEBUG		2
#define PAPI_MULTIPLEX		3
#define PAPI_DEFDOM		4
#define PAPI_DOMAIN		5
#define PAPI_DEFGRN		6
#define PAPI_GRANUL		7
#define PAPI_DEF_MPX_NS		8
#define PAPI_MAX_MPX_CTRS	11
#define PAPI_PROFIL		12
#define PAPI_PRELOAD		13
#define PAPI_CLOCKRATE		14
#define PAPI_MAX_HWCTRS		15
#define PAPI_HWINFO		16
#define PAPI_EXEINFO		17
#define PAPI_MAX_CPUS		18
#define PAPI_ATTACH		19
#define PAPI_SHLIBINFO		20
#define PAPI_LIB_VERSION	21
#define PAPI_COMPONENTINFO	22
#define PAPI_DATA_ADDRESS	23
#define PAPI_INSTR_ADDRESS	24
#define PAPI_DEF_ITIMER		25
#define PAPI_DEF_ITIMER_NS	26
#define PAPI_CPU_ATTACH		27
#define PAPI_INHERIT		28
#define PAPI_USER_EVENTS_FILE	29

/* The number of event set slots allocated when the library starts. */
#define PAPI_INIT_SLOTS		64

/* Sizes of the fixed-length string buffers used in the public structures. */
#define PAPI_MIN_STR_LEN	64
#define PAPI_MAX_STR_LEN	128
#define PAPI_2MAX_STR_LEN	256
#define PAPI_HUGE_STR_LEN	1024

/* The most PMU names one component can list. */
#define PAPI_PMU_MAX		80

/* Marks an event as derived from several native events. */
#define PAPI_DERIVED		0x1

/*
 * Modifiers for PAPI_enum_event() and PAPI_enum_cmp_event().  Zero always
 * walks every event.  The PRESET entries select a category of presets and
 * the NTV entries control how a component walks its native events.
 */
enum {
	PAPI_ENUM_EVENTS = 0,
	PAPI_ENUM_FIRST,
#if PAPI_EDITION >= 72
	PAPI_PRESET_ENUM_FIRST_COMP,
#endif
	PAPI_PRESET_ENUM_AVAIL,

	PAPI_PRESET_ENUM_MSC,
	PAPI_PRESET_ENUM_INS,
	PAPI_PRESET_ENUM_IDL,
	PAPI_PRESET_ENUM_BR,
	PAPI_PRESET_ENUM_CND,
	PAPI_PRESET_ENUM_MEM,
	PAPI_PRESET_ENUM_CACH,
	PAPI_PRESET_ENUM_L1,
	PAPI_PRESET_ENUM_L2,
	PAPI_PRESET_ENUM_L3,
	PAPI_PRESET_ENUM_TLB,
	PAPI_PRESET_ENUM_FP,
#if PAPI_EDITION >= 72
	PAPI_PRESET_ENUM_CPU,
	PAPI_PRESET_ENUM_CPU_AVAIL,
#endif

	PAPI_NTV_ENUM_UMASKS,
	PAPI_NTV_ENUM_UMASK_COMBOS,
	PAPI_NTV_ENUM_IARR,
	PAPI_NTV_ENUM_DARR,
	PAPI_NTV_ENUM_OPCM,
	PAPI_NTV_ENUM_IEAR,
	PAPI_NTV_ENUM_DEAR,
	PAPI_NTV_ENUM_GROUPS
};

#define PAPI_ENUM_ALL		PAPI_ENUM_EVENTS

/* Category bits of a preset, one per PAPI_PRESET_ENUM_* category. */
#define PAPI_PRESET_BIT_MSC	(1 << PAPI_PRESET_ENUM_MSC)
#define PAPI_PRESET_BIT_INS	(1 << PAPI_PRESET_ENUM_INS)
#define PAPI_PRESET_BIT_IDL	(1 << PAPI_PRESET_ENUM_IDL)
#define PAPI_PRESET_BIT_BR	(1 << PAPI_PRESET_ENUM_BR)
#define PAPI_PRESET_BIT_CND	(1 << PAPI_PRESET_ENUM_CND)
#define PAPI_PRESET_BIT_MEM	(1 << PAPI_PRESET_ENUM_MEM)
#define PAPI_PRESET_BIT_CACH	(1 << PAPI_PRESET_ENUM_CACH)
#define PAPI_PRESET_BIT_L1	(1 << PAPI_PRESET_ENUM_L1)
#define PAPI_PRESET_BIT_L2	(1 << PAPI_PRESET_ENUM_L2)
#define PAPI_PRESET_BIT_L3	(1 << PAPI_PRESET_ENUM_L3)
#define PAPI_PRESET_BIT_TLB	(1 << PAPI_PRESET_ENUM_TLB)
#define PAPI_PRESET_BIT_FP	(1 << PAPI_PRESET_ENUM_FP)

/* Where the group number sits inside a native event code. */
#define PAPI_NTV_GROUP_AND_MASK	0x00FF0000
#define PAPI_NTV_GROUP_SHIFT	16

/*
 * Old spellings of the 64-bit integer types.  They are kept so that older
 * sources still compile; new code should write long long directly.
 */
#define long_long		long long
#define u_long_long		unsigned long long

/* Thread identifiers and the per-thread data returned for all threads. */
typedef unsigned long PAPI_thread_id_t;

typedef struct _papi_all_thr_spec {
	int num;
	PAPI_thread_id_t *id;
	void **data;
} PAPI_all_thr_spec_t;

/* The callback invoked when a counter crosses its overflow threshold. */
typedef void (*PAPI_overflow_handler_t)(int EventSet, void *address,
					long long overflow_vector,
					void *context);

/* A code or data address as seen by the profiling calls. */
typedef void *vptr_t;

/*
 * One profiling buffer for PAPI_sprofil(): the bucket array, its size, the
 * lowest program counter it covers and the fixed-point scale that maps
 * program counters to buckets, as for profil(3).
 */
typedef struct _papi_sprofil {
	void *pr_base;
	unsigned pr_size;
	vptr_t pr_off;
	unsigned pr_scale;
} PAPI_sprofil_t;

/*
 * The structures below are the members of PAPI_option_t.  Each one carries
 * the arguments of one option code of PAPI_get_opt() and PAPI_set_opt().
 */
typedef struct _papi_itimer_option {
	int itimer_num;
	int itimer_sig;
	int ns;
	int flags;
} PAPI_itimer_option_t;

typedef struct _papi_inherit_option {
	int eventset;
	int inherit;
} PAPI_inherit_option_t;

typedef struct _papi_domain_option {
	int def_cidx;
	int eventset;
	int domain;
} PAPI_domain_option_t;

typedef struct _papi_granularity_option {
	int def_cidx;
	int eventset;
	int granularity;
} PAPI_granularity_option_t;

typedef struct _papi_preload_option {
	char lib_preload_env[PAPI_MAX_STR_LEN];
	char lib_preload_sep;
	char lib_dir_env[PAPI_MAX_STR_LEN];
	char lib_dir_sep;
} PAPI_preload_info_t;

/*
 * What a component is and what it can do.  The single-bit flags at the end
 * describe optional features of the component.
 */
typedef struct _papi_component_option {
	char name[PAPI_MAX_STR_LEN];
	char short_name[PAPI_MIN_STR_LEN];
	char description[PAPI_MAX_STR_LEN];
	char version[PAPI_MIN_STR_LEN];
	char support_version[PAPI_MIN_STR_LEN];
	char kernel_version[PAPI_MIN_STR_LEN];
	char disabled_reason[PAPI_HUGE_STR_LEN];
	int disabled;
#if PAPI_EDITION >= 72
	/* Enabled, but some of what it counts is not there, and why. */
	char partially_disabled_reason[PAPI_HUGE_STR_LEN];
	int partially_disabled;
#endif
	int initialized;
	int CmpIdx;
	int num_cntrs;
	int num_mpx_cntrs;
	int num_preset_events;
	int num_native_events;
	int default_domain;
	int available_domains;
	int default_granularity;
	int available_granularities;
	int hardware_intr_sig;
	int component_type;
	char *pmu_names[PAPI_PMU_MAX];
	int reserved[8];
	unsigned int hardware_intr:1;
	unsigned int precise_intr:1;
	unsigned int posix1b_timers:1;
	unsigned int kernel_profile:1;
	unsigned int kernel_multiplex:1;
	unsigned int fast_counter_read:1;
	unsigned int fast_real_timer:1;
	unsigned int fast_virtual_timer:1;
	unsigned int attach:1;
	unsigned int attach_must_ptrace:1;
	unsigned int cntr_umasks:1;
	unsigned int cpu:1;
	unsigned int inherit:1;
	unsigned int reserved_bits:19;
} PAPI_component_info_t;

/* Timer settings used by software multiplexing. */
typedef struct _papi_mpx_info {
	int timer_sig;
	int timer_num;
	int timer_us;
} PAPI_mpx_info_t;

/* Debug level and the optional handler that receives error codes. */
typedef int (*PAPI_debug_handler_t)(int code);

typedef struct _papi_debug_option {
	int level;
	PAPI_debug_handler_t handler;
} PAPI_debug_option_t;

/* The text, data and bss ranges of an executable or shared library. */
typedef struct _papi_address_map {
	char name[PAPI_HUGE_STR_LEN];
	vptr_t text_start;
	vptr_t text_end;
	vptr_t data_start;
	vptr_t data_end;
	vptr_t bss_start;
	vptr_t bss_end;
} PAPI_address_map_t;

/* The running executable: its full path and its address map. */
typedef struct _papi_program_info {
	char fullname[PAPI_HUGE_STR_LEN];
	PAPI_address_map_t address_info;
} PAPI_exe_info_t;

/* The shared libraries loaded into the process. */
typedef struct _papi_shared_lib_info {
	PAPI_address_map_t *map;
	int count;
} PAPI_shlib_info_t;

/* The path of a file of user-defined event definitions. */
typedef char *PAPI_user_defined_events_file_t;

/*
 * Memory hierarchy description.  Sizes are in bytes.  An associativity of
 * 0 means unknown, 1 means direct mapped and SHRT_MAX means fully
 * associative.  The type word combines a kind, a write policy, a
 * replacement policy and an allocation policy; the accessor macros pick
 * out each part.
 */
#define PAPI_MH_TYPE_EMPTY		0x0
#define PAPI_MH_TYPE_INST		0x1
#define PAPI_MH_TYPE_DATA		0x2
#define PAPI_MH_TYPE_VECTOR		0x4
#define PAPI_MH_TYPE_TRACE		0x8
#define PAPI_MH_TYPE_UNIFIED		(PAPI_MH_TYPE_INST | PAPI_MH_TYPE_DATA)
#define PAPI_MH_CACHE_TYPE(a)		((a) & 0xf)
#define PAPI_MH_TYPE_WT			0x00
#define PAPI_MH_TYPE_WB			0x10
#define PAPI_MH_CACHE_WRITE_POLICY(a)	((a) & 0xf0)
#define PAPI_MH_TYPE_UNKNOWN		0x000
#define PAPI_MH_TYPE_LRU		0x100
#define PAPI_MH_TYPE_PSEUDO_LRU		0x200
#define PAPI_MH_TYPE_FIFO		0x400
#define PAPI_MH_CACHE_REPLACEMENT_POLICY(a)	((a) & 0xf00)
#define PAPI_MH_TYPE_TLB		0x1000
#define PAPI_MH_TYPE_PREF		0x2000
#define PAPI_MH_TYPE_RD_ALLOC		0x10000
#define PAPI_MH_TYPE_WR_ALLOC		0x20000
#define PAPI_MH_TYPE_RW_ALLOC		0x40000
#define PAPI_MH_CACHE_ALLOCATION_POLICY(a)	((a) & 0xf0000)
#define PAPI_MH_MAX_LEVELS		6
#define PAPI_MAX_MEM_HIERARCHY_LEVELS	4

typedef struct _papi_mh_tlb_info {
	int type;
	int num_entries;
	int page_size;
	int associativity;
} PAPI_mh_tlb_info_t;

typedef struct _papi_mh_cache_info {
	int type;
	int size;
	int line_size;
	int num_lines;
	int associativity;
} PAPI_mh_cache_info_t;

typedef struct _papi_mh_level_info {
	PAPI_mh_tlb_info_t tlb[PAPI_MH_MAX_LEVELS];
	PAPI_mh_cache_info_t cache[PAPI_MH_MAX_LEVELS];
} PAPI_mh_level_t;

typedef struct _papi_mh_info {
	int levels;
	PAPI_mh_level_t level[PAPI_MAX_MEM_HIERARCHY_LEVELS];
} PAPI_mh_info_t;

/*
 * Description of the machine: topology, CPU identification, clock rates
 * and memory hierarchy.  The mhz and clock_mhz fields are kept only for
 * old programs.
 */
typedef struct _papi_hw_info {
	int ncpu;
	int threads;
	int cores;
	int sockets;
	int nnodes;
	int totalcpus;
	int vendor;
	char vendor_string[PAPI_MAX_STR_LEN];
	int model;
	char model_string[PAPI_MAX_STR_LEN];
	float revision;
	int cpuid_family;
	int cpuid_model;
	int cpuid_stepping;
	int cpu_max_mhz;
	int cpu_min_mhz;
	PAPI_mh_info_t mem_hierarchy;
	int virtualized;
	char virtual_vendor_string[PAPI_MAX_STR_LEN];
	char virtual_vendor_version[PAPI_MAX_STR_LEN];
	float mhz;
	int clock_mhz;
	int reserved[8];
} PAPI_hw_info_t;

/* Attach an event set to another thread or process. */
typedef struct _papi_attach_option {
	int eventset;
	unsigned long tid;
} PAPI_attach_option_t;

/* Bind an event set to one CPU. */
typedef struct _papi_cpu_option {
	int eventset;
	unsigned int cpu_num;
} PAPI_cpu_option_t;

/* Multiplexing settings of an event set. */
typedef struct _papi_multiplex_option {
	int eventset;
	int ns;
	int flags;
} PAPI_multiplex_option_t;

/*
 * An address range that restricts counting.  A range whose start and end
 * are both zero disables the restriction.
 */
typedef struct _papi_addr_range_option {
	int eventset;
	vptr_t start;
	vptr_t end;
	int start_off;
	int end_off;
} PAPI_addr_range_option_t;

/* The argument of PAPI_get_opt() and PAPI_set_opt(); see the option codes. */
typedef union {
	PAPI_preload_info_t preload;
	PAPI_debug_option_t debug;
	PAPI_inherit_option_t inherit;
	PAPI_granularity_option_t granularity;
	PAPI_granularity_option_t defgranularity;
	PAPI_domain_option_t domain;
	PAPI_domain_option_t defdomain;
	PAPI_attach_option_t attach;
	PAPI_cpu_option_t cpu;
	PAPI_multiplex_option_t multiplex;
	PAPI_itimer_option_t itimer;
	PAPI_hw_info_t *hw_info;
	PAPI_shlib_info_t *shlib_info;
	PAPI_exe_info_t *exe_info;
	PAPI_component_info_t *cmp_info;
	PAPI_addr_range_option_t addr;
	PAPI_user_defined_events_file_t events_file;
} PAPI_option_t;

/* Memory usage of the process, filled in by PAPI_get_dmem_info(). */
typedef struct _dmem_t {
	long long peak;
	long long size;
	long long resident;
	long long high_water_mark;
	long long shared;
	long long text;
	long long library;
	long long heap;
	long long locked;
	long long stack;
	long long pagesize;
	long long pte;
} PAPI_dmem_info_t;

/* One-based positions of the PAPI_dmem_info_t fields, used by Fortran. */
#define PAPIF_DMEM_VMPEAK	1
#define PAPIF_DMEM_VMSIZE	2
#define PAPIF_DMEM_RESIDENT	3
#define PAPIF_DMEM_HIGH_WATER	4
#define PAPIF_DMEM_SHARED	5
#define PAPIF_DMEM_TEXT		6
#define PAPIF_DMEM_LIBRARY	7
#define PAPIF_DMEM_HEAP		8
#define PAPIF_DMEM_LOCKED	9
#define PAPIF_DMEM_STACK	10
#define PAPIF_DMEM_PAGESIZE	11
#define PAPIF_DMEM_PTE		12
#define PAPIF_DMEM_MAXVAL	12

/* The most native terms a derived preset can be built from. */
#define PAPI_MAX_INFO_TERMS	12
#if PAPI_EDITION >= 72
#define PAPI_MAX_COMP_QUALS	8
#endif

/* Where an event is measured (PAPI_event_info_t.location). */
enum {
	PAPI_LOCATION_CORE = 0,
	PAPI_LOCATION_CPU,
	PAPI_LOCATION_PACKAGE,
	PAPI_LOCATION_UNCORE
};

/* The type of the value an event returns (PAPI_event_info_t.data_type). */
enum {
	PAPI_DATATYPE_INT64 = 0,
	PAPI_DATATYPE_UINT64,
	PAPI_DATATYPE_FP64,
	PAPI_DATATYPE_BIT64
};

/* Whether a value is a running sum or an absolute reading. */
enum {
	PAPI_VALUETYPE_RUNNING_SUM = 0,
	PAPI_VALUETYPE_ABSOLUTE
};

/* The time span a value covers (PAPI_event_info_t.timescope). */
enum {
	PAPI_TIMESCOPE_SINCE_START = 0,
	PAPI_TIMESCOPE_SINCE_LAST,
	PAPI_TIMESCOPE_UNTIL_NEXT,
	PAPI_TIMESCOPE_POINT
};

/* How an event's value gets refreshed (PAPI_event_info_t.update_type). */
enum {
	PAPI_UPDATETYPE_ARBITRARY = 0,
	PAPI_UPDATETYPE_PUSH,
	PAPI_UPDATETYPE_PULL,
	PAPI_UPDATETYPE_FIXEDFREQ
};

/*
 * Everything known about one preset or native event.  The caller owns the
 * structure, which is large (several kilobytes).  The fields from count
 * onwards mainly describe how a preset is built from native events.
 */
typedef struct event_info {
	unsigned int event_code;
	char symbol[PAPI_HUGE_STR_LEN];
	char short_descr[PAPI_MIN_STR_LEN];
	char long_descr[PAPI_HUGE_STR_LEN];
	int component_index;
	char units[PAPI_MIN_STR_LEN];
	int location;
	int data_type;
	int value_type;
	int timescope;
	int update_type;
	int update_freq;
	unsigned int count;
	unsigned int event_type;
	char derived[PAPI_MIN_STR_LEN];
	char postfix[PAPI_2MAX_STR_LEN];
	unsigned int code[PAPI_MAX_INFO_TERMS];
	char name[PAPI_MAX_INFO_TERMS][PAPI_2MAX_STR_LEN];
	char note[PAPI_HUGE_STR_LEN];
#if PAPI_EDITION >= 72
	/* The qualifiers the event takes (":u=0"...), each described. */
	int num_quals;
	char quals[PAPI_MAX_COMP_QUALS][PAPI_HUGE_STR_LEN];
	char quals_descrs[PAPI_MAX_COMP_QUALS][PAPI_HUGE_STR_LEN];
#endif
} PAPI_event_info_t;

/*
 * Device query interface.  Device types are enumerated with
 * PAPI_enum_dev_type(); the attributes of a type and of each device of
 * that type are read with PAPI_get_dev_type_attr() and PAPI_get_dev_attr().
 */
typedef enum {
	PAPI_DEV_TYPE_ID__CPU,
	PAPI_DEV_TYPE_ID__CUDA,
	PAPI_DEV_TYPE_ID__ROCM,
	PAPI_DEV_TYPE_ID__MAX_NUM
} PAPI_dev_type_id_e;

/* Modifiers for PAPI_enum_dev_type(): one bit per device type. */
enum {
	PAPI_DEV_TYPE_ENUM__FIRST = 0,
	PAPI_DEV_TYPE_ENUM__CPU = (1 << PAPI_DEV_TYPE_ID__CPU),
	PAPI_DEV_TYPE_ENUM__CUDA = (1 << PAPI_DEV_TYPE_ID__CUDA),
	PAPI_DEV_TYPE_ENUM__ROCM = (1 << PAPI_DEV_TYPE_ID__ROCM),
	PAPI_DEV_TYPE_ENUM__ALL = (1 << PAPI_DEV_TYPE_ID__MAX_NUM) - 1
};

/* Attributes of a device type. */
typedef enum {
	PAPI_DEV_TYPE_ATTR__INT_PAPI_ID,
	PAPI_DEV_TYPE_ATTR__INT_VENDOR_ID,
	PAPI_DEV_TYPE_ATTR__CHAR_NAME,
	PAPI_DEV_TYPE_ATTR__INT_COUNT,
	PAPI_DEV_TYPE_ATTR__CHAR_STATUS
} PAPI_dev_type_attr_e;

/*
 * Attributes of a single device, grouped by device type.  The word after
 * the type prefix names the C type the value is returned as.
 */
typedef enum {
	PAPI_DEV_ATTR__CPU_CHAR_NAME,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_ASSOC,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_ASSOC,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_ASSOC,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC,
	PAPI_DEV_ATTR__CPU_UINT_SOCKET_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_NUMA_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT,
	PAPI_DEV_ATTR__CPU_UINT_FAMILY,
	PAPI_DEV_ATTR__CPU_UINT_MODEL,
	PAPI_DEV_ATTR__CPU_UINT_STEPPING,
	PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE,
	PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY,
	PAPI_DEV_ATTR__CPU_UINT_THR_PER_NUMA,
	PAPI_DEV_ATTR__CUDA_ULONG_UID,
	PAPI_DEV_ATTR__CUDA_CHAR_DEVICE_NAME,
	PAPI_DEV_ATTR__CUDA_UINT_WARP_SIZE,
	PAPI_DEV_ATTR__CUDA_UINT_SHM_PER_BLK,
	PAPI_DEV_ATTR__CUDA_UINT_SHM_PER_SM,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_X,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_Y,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_Z,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_X,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_Y,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_Z,
	PAPI_DEV_ATTR__CUDA_UINT_THR_PER_BLK,
	PAPI_DEV_ATTR__CUDA_UINT_SM_COUNT,
	PAPI_DEV_ATTR__CUDA_UINT_MULTI_KERNEL,
	PAPI_DEV_ATTR__CUDA_UINT_MAP_HOST_MEM,
	PAPI_DEV_ATTR__CUDA_UINT_MEMCPY_OVERLAP,
	PAPI_DEV_ATTR__CUDA_UINT_UNIFIED_ADDR,
	PAPI_DEV_ATTR__CUDA_UINT_MANAGED_MEM,
	PAPI_DEV_ATTR__CUDA_UINT_COMP_CAP_MAJOR,
	PAPI_DEV_ATTR__CUDA_UINT_COMP_CAP_MINOR,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_PER_SM,
	PAPI_DEV_ATTR__ROCM_ULONG_UID,
	PAPI_DEV_ATTR__ROCM_CHAR_DEVICE_NAME,
	PAPI_DEV_ATTR__ROCM_UINT_WAVEFRONT_SIZE,
	PAPI_DEV_ATTR__ROCM_UINT_WORKGROUP_SIZE,
	PAPI_DEV_ATTR__ROCM_UINT_WAVE_PER_CU,
	PAPI_DEV_ATTR__ROCM_UINT_SHM_PER_WG,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_X,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_Y,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_Z,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_X,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_Y,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_Z,
	PAPI_DEV_ATTR__ROCM_UINT_CU_COUNT,
	PAPI_DEV_ATTR__ROCM_UINT_SIMD_PER_CU,
	PAPI_DEV_ATTR__ROCM_UINT_COMP_CAP_MAJOR,
	PAPI_DEV_ATTR__ROCM_UINT_COMP_CAP_MINOR
} PAPI_dev_attr_e;

/* Library start-up, shutdown, threads and debugging. */
int PAPI_library_init(int version);
int PAPI_is_initialized(void);
void PAPI_shutdown(void);
int PAPI_multiplex_init(void);
int PAPI_thread_init(unsigned long (*id_fn)(void));
unsigned long PAPI_thread_id(void);
int PAPI_register_thread(void);
int PAPI_unregister_thread(void);
int PAPI_list_threads(unsigned long *tids, int *number);
int PAPI_get_thr_specific(int tag, void **ptr);
int PAPI_set_thr_specific(int tag, void *ptr);
int PAPI_lock(int lck);
int PAPI_unlock(int lck);
int PAPI_set_debug(int level);

/* Error reporting. */
char *PAPI_strerror(int errorCode);
void PAPI_perror(const char *msg);

/* Creating, filling and destroying event sets. */
int PAPI_create_eventset(int *EventSet);
int PAPI_destroy_eventset(int *EventSet);
int PAPI_cleanup_eventset(int EventSet);
int PAPI_assign_eventset_component(int EventSet, int cidx);
int PAPI_add_event(int EventSet, int Event);
int PAPI_add_named_event(int EventSet, const char *EventName);
int PAPI_add_events(int EventSet, int *Events, int number);
int PAPI_remove_event(int EventSet, int EventCode);
int PAPI_remove_named_event(int EventSet, const char *EventName);
int PAPI_remove_events(int EventSet, int *Events, int number);
int PAPI_list_events(int EventSet, int *Events, int *number);
int PAPI_num_events(int EventSet);
int PAPI_get_eventset_component(int EventSet);
int PAPI_state(int EventSet, int *status);

/* Counting with an event set. */
int PAPI_start(int EventSet);
int PAPI_stop(int EventSet, long long *values);
int PAPI_read(int EventSet, long long *values);
int PAPI_read_ts(int EventSet, long long *values, long long *cyc);
int PAPI_accum(int EventSet, long long *values);
int PAPI_reset(int EventSet);
int PAPI_write(int EventSet, long long *values);

/* Attaching event sets to other threads, processes or CPUs. */
int PAPI_attach(int EventSet, unsigned long tid);
int PAPI_detach(int EventSet);

/* Multiplexing. */
int PAPI_set_multiplex(int EventSet);
int PAPI_get_multiplex(int EventSet);

/* Overflow handling and profiling. */
int PAPI_overflow(int EventSet, int EventCode, int threshold, int flags,
		  PAPI_overflow_handler_t handler);
int PAPI_get_overflow_event_index(int Eventset, long long overflow_vector,
				  int *array, int *number);
int PAPI_profil(void *buf, unsigned bufsiz, vptr_t offset, unsigned scale,
		int EventSet, int EventCode, int threshold, int flags);
int PAPI_sprofil(PAPI_sprofil_t *prof, int profcnt, int EventSet,
		 int EventCode, int threshold, int flags);

/* Looking up, naming and describing events. */
int PAPI_query_event(int EventCode);
int PAPI_query_named_event(const char *EventName);
int PAPI_enum_event(int *EventCode, int modifier);
int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx);
int PAPI_event_code_to_name(int EventCode, char *out);
int PAPI_event_name_to_code(const char *in, int *out);
int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info);
int PAPI_get_event_component(int EventCode);

/* Options and defaults for new event sets. */
int PAPI_get_opt(int option, PAPI_option_t *ptr);
int PAPI_set_opt(int option, PAPI_option_t *ptr);
int PAPI_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx);
int PAPI_set_domain(int domain);
int PAPI_set_cmp_domain(int domain, int cidx);
int PAPI_set_granularity(int granularity);
int PAPI_set_cmp_granularity(int granularity, int cidx);

/* Components. */
int PAPI_num_components(void);
int PAPI_num_cmp_hwctrs(int cidx);
const PAPI_component_info_t *PAPI_get_component_info(int cidx);
int PAPI_get_component_index(const char *name);
int PAPI_disable_component(int cidx);
int PAPI_disable_component_by_name(const char *name);

/* System, executable and memory information. */
const PAPI_hw_info_t *PAPI_get_hardware_info(void);
const PAPI_exe_info_t *PAPI_get_executable_info(void);
const PAPI_shlib_info_t *PAPI_get_shared_lib_info(void);
int PAPI_get_dmem_info(PAPI_dmem_info_t *dest);

/* Clocks: real (wall) time and virtual (process) time. */
long long PAPI_get_real_cyc(void);
long long PAPI_get_real_nsec(void);
long long PAPI_get_real_usec(void);
long long PAPI_get_virt_cyc(void);
long long PAPI_get_virt_nsec(void);
long long PAPI_get_virt_usec(void);

/* Devices. */
int PAPI_enum_dev_type(int enum_modifier, void **handle);
int PAPI_get_dev_type_attr(void *handle, PAPI_dev_type_attr_e attr,
			   void *value);
int PAPI_get_dev_attr(void *handle, int id, PAPI_dev_attr_e attr,
		      void *value);

/*
 * Rate calls.  Each one starts counting on its first call and reports the
 * rate since the previous call on every later call; PAPI_rate_stop() ends
 * the measurement.
 */
int PAPI_flips_rate(int event, float *rtime, float *ptime, long long *flpins,
		    float *mflips);
int PAPI_flops_rate(int event, float *rtime, float *ptime, long long *flpops,
		    float *mflops);
int PAPI_ipc(float *rtime, float *ptime, long long *ins, float *ipc);
int PAPI_epc(int event, float *rtime, float *ptime, long long *ref,
	     long long *core, long long *evt, float *epc);
int PAPI_rate_stop(void);

/* The region-based high-level interface. */
int PAPI_hl_region_begin(const char *region);
int PAPI_hl_read(const char *region);
int PAPI_hl_region_end(const char *region);
int PAPI_hl_stop(void);

/*
 * The PAPI 5 classic high-level API, which PAPI 7 removed.  It is kept so
 * that old programs still build and run.  PAPI_ipc() above also belongs to
 * this family and has the same signature it had in PAPI 5.
 */
int PAPI_start_counters(int *events, int array_len);
int PAPI_read_counters(long long *values, int array_len);
int PAPI_accum_counters(long long *values, int array_len);
int PAPI_stop_counters(long long *values, int array_len);
int PAPI_num_counters(void);
int PAPI_flips(float *rtime, float *ptime, long long *flpins, float *mflips);
int PAPI_flops(float *rtime, float *ptime, long long *flpops, float *mflops);

/* Older spellings that remain available for existing programs. */
int PAPI_num_hwctrs(void);
#define PAPI_COMPONENT_INDEX(a)	PAPI_get_event_component(a)
#define PAPI_descr_error(a)	PAPI_strerror(a)

#ifdef __cplusplus
}
#endif

#endif /* PAPI_H */
