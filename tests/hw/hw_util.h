/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_HW_UTIL_H
#define PAPI_TESTS_HW_UTIL_H

/*
 * Helpers shared by the hardware-counter tests (tests/hw/test_hw_*.c) and
 * bench/perturbation.c. Public API only. Each test exits 0 (pass), 1 (fail)
 * or 77 (skip, with the reason printed): on a machine without a hardware PMU
 * (most VMs and CI runners) they skip; tests/pmu-vm/run.sh runs them where
 * there is one (arm64 under QEMU with -icount, see tests/pmu-vm/README.md).
 *
 * Counts are checked exactly when PAPI_PMU_VM or PAPI_HW_EXACT is set in the
 * environment (the PMU VM's /init sets PAPI_PMU_VM=1: QEMU's instruction
 * counter is exact there). On real processors a few instructions of skid
 * around interrupts are normal, so a small tolerance applies instead.
 */
#include <papi.h>

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HW_SYSFS_PMUS "/sys/bus/event_source/devices"

/* ---- the counted loop --------------------------------------------------
 * hw_loop(n) runs n iterations (n >= 1) of a loop whose body is
 * HW_LOOP_INS instructions; 0 means unknown (the C fallback). It is
 * inlined, so the instructions around it are the same for every n. */
#if defined(__aarch64__)
#define HW_LOOP_INS 2
#define HW_ARCH "aarch64"
static inline __attribute__((always_inline)) void hw_loop(unsigned long n)
{
	__asm__ __volatile__("1:\n\t"
			     "subs %0, %0, #1\n\t"
			     "b.ne 1b"
			     : "+r"(n)
			     :
			     : "cc", "memory");
}
#elif defined(__x86_64__)
#define HW_LOOP_INS 2
#define HW_ARCH "x86_64"
static inline __attribute__((always_inline)) void hw_loop(unsigned long n)
{
	__asm__ __volatile__("1:\n\t"
			     "dec %0\n\t"
			     "jnz 1b"
			     : "+r"(n)
			     :
			     : "cc", "memory");
}
#else
#define HW_LOOP_INS 0
#define HW_ARCH "generic"
static inline void hw_loop(unsigned long n)
{
	volatile unsigned long i;

	for (i = 0; i < n; i++)
		;
}
#endif

/* ---- reporting ---------------------------------------------------------- */
static int hw_failures;

__attribute__((format(printf, 1, 2), unused)) static void
hw_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	fflush(stdout);
	hw_failures++;
}

__attribute__((format(printf, 1, 2), noreturn, unused)) static void
hw_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("SKIP: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	exit(77);
}

__attribute__((unused)) static int hw_done(const char *test)
{
	if (hw_failures) {
		printf("%s: %d failure(s)\n", test, hw_failures);
		return 1;
	}
	printf("%s: PASS\n", test);
	return 0;
}

/* Counts must be exact (the PMU VM), or may be off by a little? */
__attribute__((unused)) static int hw_exact(void)
{
	return getenv("PAPI_PMU_VM") != NULL || getenv("PAPI_HW_EXACT") != NULL;
}

/* Does got match want, exactly or within the real-hardware tolerance? */
__attribute__((unused)) static int hw_match(long long got, long long want)
{
	long long d = got > want ? got - want : want - got;

	if (hw_exact())
		return d == 0;
	return d <= 200 + (want > 0 ? want / 10000 : 0);
}

/* ---- setup -------------------------------------------------------------- */
/* PAPI_library_init or exit 1. */
__attribute__((unused)) static void hw_init(void)
{
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	if (ret != PAPI_VER_CURRENT) {
		printf("FAIL: PAPI_library_init: %d (%s)\n", ret,
		       ret < 0 ? PAPI_strerror(ret) : "version mismatch");
		exit(1);
	}
}

/* Why the perf_event component has no hardware counters, for skip
 * messages: its disabled_reason, or a generic phrase. */
__attribute__((unused)) static const char *hw_no_pmu_reason(void)
{
	int cidx = PAPI_get_component_index("perf_event");
	const PAPI_component_info_t *ci =
		cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;

	if (ci && ci->disabled_reason[0])
		return ci->disabled_reason;
	return "no hardware PMU";
}

/* Skip (exit 77) unless preset code can be counted here. */
__attribute__((unused)) static void hw_require(int code)
{
	char name[PAPI_MAX_STR_LEN] = "?";
	int ret = PAPI_query_event(code);

	if (ret == PAPI_OK)
		return;
	PAPI_event_code_to_name(code, name);
	hw_skip("%s not available: %s (%s)", name, hw_no_pmu_reason(),
		PAPI_strerror(ret));
}

/* ---- event names -------------------------------------------------------- */
/* The name of the core PMU as libpfm4 (and so PAPI) spells it in native
 * event names, e.g. "arm_ac57" on a Cortex-A57: the PMU of the first
 * native event whose unqualified name is ev (e.g. "INST_RETIRED"). */
__attribute__((unused)) static int hw_pfm_pmu(const char *ev, char *pmu,
					      size_t len)
{
	int cidx = PAPI_get_component_index("perf_event");
	int code = PAPI_NATIVE_MASK;
	char name[PAPI_HUGE_STR_LEN];

	if (cidx < 0 || PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) !=
				PAPI_OK)
		return -1;
	do {
		const char *sep;

		if (PAPI_event_code_to_name(code, name) != PAPI_OK)
			continue;
		sep = strstr(name, "::");
		if (sep && !strcmp(sep + 2, ev) && strncmp(name, "perf", 4) &&
		    (size_t)(sep - name) < len) {
			snprintf(pmu, len, "%.*s", (int)(sep - name), name);
			return 0;
		}
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
		 PAPI_OK);
	return -1;
}

/* The directory under /sys/bus/event_source/devices of the core PMU: the
 * first one whose events/ holds alias (e.g. "inst_retired" on arm64,
 * "instructions" on x86). */
__attribute__((unused)) static int hw_sysfs_pmu(const char *alias, char *pmu,
						size_t len)
{
	DIR *d = opendir(HW_SYSFS_PMUS);
	struct dirent *e;
	int found = -1;

	if (!d)
		return -1;
	while (found < 0 && (e = readdir(d)) != NULL) {
		char path[512];
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), HW_SYSFS_PMUS "/%s/events/%s",
			 e->d_name, alias);
		f = fopen(path, "r");
		if (!f)
			continue;
		fclose(f);
		if (strlen(e->d_name) < len) {
			snprintf(pmu, len, "%s", e->d_name);
			found = 0;
		}
	}
	closedir(d);
	return found;
}

/* Contents of the sysfs alias file (e.g. "event=0x08"), trailing newline
 * removed. */
__attribute__((unused)) static int hw_sysfs_alias(const char *pmu,
						  const char *alias, char *buf,
						  size_t len)
{
	char path[512];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), HW_SYSFS_PMUS "/%s/events/%s", pmu,
		 alias);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return n > 0 ? 0 : -1;
}

/* Names of the core PMU's instruction and cycle events in each spelling
 * PAPI accepts, filled in by hw_names(); "" where this machine has none. */
struct hw_names {
	char pfm_ins[64], pfm_cyc[64];	   /* libpfm4, unqualified */
	char pfmq_ins[160], pfmq_cyc[160]; /* libpfm4, "pmu::EVENT" */
	char sys_ins[160], sys_cyc[160];   /* sysfs alias, "pmu/alias/" */
	char raw_ins[192], raw_cyc[192];   /* raw, "pmu/event=0x../" */
	char pmu[64], sysfs_pmu[64];
};

__attribute__((unused)) static void hw_names(struct hw_names *n)
{
#if defined(__aarch64__)
	/* Arm PMUv3 common events: INST_RETIRED 0x08, CPU_CYCLES 0x11. */
	static const char *pins = "INST_RETIRED", *pcyc = "CPU_CYCLES";
	static const char *ains = "inst_retired", *acyc = "cpu_cycles";
	static const char *rins = "event=0x08", *rcyc = "event=0x11";
#else
	static const char *pins = "INSTRUCTIONS", *pcyc = "CYCLES";
	static const char *ains = "instructions", *acyc = "cpu-cycles";
	static const char *rins = NULL, *rcyc = NULL;
#endif
	char buf[96];

	memset(n, 0, sizeof(*n));
#if defined(__aarch64__)
	snprintf(n->pfm_ins, sizeof(n->pfm_ins), "%s", pins);
	snprintf(n->pfm_cyc, sizeof(n->pfm_cyc), "%s", pcyc);
#endif
	if (hw_pfm_pmu(pins, n->pmu, sizeof(n->pmu)) == 0) {
		snprintf(n->pfmq_ins, sizeof(n->pfmq_ins), "%s::%s", n->pmu,
			 pins);
		snprintf(n->pfmq_cyc, sizeof(n->pfmq_cyc), "%s::%s", n->pmu,
			 pcyc);
	}
	if (hw_sysfs_pmu(ains, n->sysfs_pmu, sizeof(n->sysfs_pmu)) == 0) {
		snprintf(n->sys_ins, sizeof(n->sys_ins), "%s/%s/",
			 n->sysfs_pmu, ains);
		snprintf(n->sys_cyc, sizeof(n->sys_cyc), "%s/%s/",
			 n->sysfs_pmu, acyc);
		/* The raw encoding: fixed on arm64, else what the alias says. */
		if (rins || hw_sysfs_alias(n->sysfs_pmu, ains, buf,
					   sizeof(buf)) == 0)
			snprintf(n->raw_ins, sizeof(n->raw_ins), "%s/%s/",
				 n->sysfs_pmu, rins ? rins : buf);
		if (rcyc || hw_sysfs_alias(n->sysfs_pmu, acyc, buf,
					   sizeof(buf)) == 0)
			snprintf(n->raw_cyc, sizeof(n->raw_cyc), "%s/%s/",
				 n->sysfs_pmu, rcyc ? rcyc : buf);
	}
}

/* Add a preset (name "PAPI_...") or a native event by name. */
__attribute__((unused)) static int hw_add(int es, const char *name)
{
	int code;

	if (!strncmp(name, "PAPI_", 5)) {
		int ret = PAPI_event_name_to_code(name, &code);

		return ret == PAPI_OK ? PAPI_add_event(es, code) : ret;
	}
	return PAPI_add_named_event(es, name);
}

/* ---- a loop with known loads, stores and branches -----------------------
 * hw_mixed(n) runs n iterations (n >= 1) of a loop whose body makes, per
 * iteration, HW_MIXED_WORK's counts, in this order: instructions, loads,
 * stores, branches, conditional branches, taken, not taken, unconditional
 * (2 loads, 1 store, 3 never-taken conditional branches on the loaded
 * nonzero words, 1 unconditional branch, the taken loop branch; the last
 * iteration's loop branch falls through, so differences of two runs are
 * exact). Zeros where no loop is known (the fallback runs hw_loop). */
__attribute__((unused)) static unsigned long hw_mixed_buf[3] = { 1, 1, 0 };
#if defined(__aarch64__)
#define HW_MIXED_WORK { 9, 2, 1, 5, 4, 2, 3, 1 }
static inline __attribute__((always_inline)) void hw_mixed(unsigned long n)
{
	unsigned long a, b;

	__asm__ __volatile__("1:\n\tldr %1, [%3]\n\tldr %2, [%3, #8]\n\t"
			     "str %1, [%3, #16]\n\t"
			     "cbz %1, 3f\n\tcbz %2, 3f\n\tcbz %1, 3f\n\t"
			     "b 2f\n2:\n\tsubs %0, %0, #1\n\tb.ne 1b\n3:"
			     : "+r"(n), "=&r"(a), "=&r"(b)
			     : "r"(hw_mixed_buf)
			     : "cc", "memory");
}
#elif defined(__x86_64__)
#define HW_MIXED_WORK { 12, 2, 1, 5, 4, 2, 3, 1 } /* test+jz: 2 each */
static inline __attribute__((always_inline)) void hw_mixed(unsigned long n)
{
	unsigned long a, b;

	__asm__ __volatile__("1:\n\tmov (%3), %1\n\tmov 8(%3), %2\n\t"
			     "mov %1, 16(%3)\n\t"
			     "test %1, %1\n\tjz 3f\n\ttest %2, %2\n\tjz 3f\n\t"
			     "test %1, %1\n\tjz 3f\n\t"
			     "jmp 2f\n2:\n\tdec %0\n\tjnz 1b\n3:"
			     : "+r"(n), "=&r"(a), "=&r"(b)
			     : "r"(hw_mixed_buf)
			     : "cc", "memory");
}
#else
#define HW_MIXED_WORK { 0, 0, 0, 0, 0, 0, 0, 0 }
static inline void hw_mixed(unsigned long n)
{
	hw_loop(n);
}
#endif

/* snprintf at the end of the string buf (of size bytes) already holds. */
__attribute__((format(printf, 3, 4), unused)) static void
hw_append(char *buf, size_t size, const char *fmt, ...)
{
	size_t o = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	if (o < size)
		vsnprintf(buf + o, size - o, fmt, ap);
	va_end(ap);
}

#endif
