// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_get_hardware_info() against what this test reads itself from sysfs
 * and /proc: CPU counts, cpuinfo identification, clock rates and every cache
 * index of the first online CPU. All mismatches are reported, not just the
 * first. Exit 0 pass, 1 fail, 77 skip.
 */
#include <papi.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SYS_CPU "/sys/devices/system/cpu"
#define TOPO SYS_CPU "/cpu%d/topology/"

static int failures;

__attribute__((format(printf, 1, 2))) static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	failures++;
}

/* A field of a cache: prefix names the cache. */
static void expect_field(const char *prefix, const char *what, long got,
			 long want)
{
	if (got != want)
		fail("%s%s%s is %ld, system says %ld", prefix,
		     *prefix ? " " : "", what, got, want);
}

static void expect_int(const char *what, long got, long want)
{
	expect_field("", what, got, want);
}

/* File contents with trailing whitespace removed; -1 if unreadable. */
__attribute__((format(printf, 3, 4))) static long slurp(char *buf, size_t len,
							const char *fmt, ...)
{
	char path[256];
	va_list ap;
	FILE *f;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return (long)n;
}

/* Members of a CPU/node list such as "0-3,8". */
static int list_count(const char *s)
{
	int n = 0, lo, hi;
	char *end;

	while (*s) {
		lo = hi = (int)strtol(s, &end, 10);
		if (end == s)
			break;
		if (*end == '-')
			hi = (int)strtol(end + 1, &end, 10);
		n += hi - lo + 1;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

/* "key : value" from the first processor block of /proc/cpuinfo. */
static int cpuinfo(const char *key, char *out, size_t len)
{
	char line[4096], *colon, *v;
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f) && line[0] != '\n') {
		colon = strchr(line, ':');
		if (!colon || strncmp(line, key, klen) != 0 ||
		    strspn(line + klen, " \t") != (size_t)(colon - line) - klen)
			continue;
		for (v = colon + 1; isspace((unsigned char)*v); v++)
			;
		v[strcspn(v, "\n")] = '\0';
		snprintf(out, len, "%s", v);
		found = 1;
	}
	if (f)
		fclose(f);
	return found;
}

static void check_topology(const PAPI_hw_info_t *hw, int cpu)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	char buf[4096];
	int nodes = 0;

	expect_int("totalcpus", hw->totalcpus, online);
	if (slurp(buf, sizeof(buf), TOPO "thread_siblings_list", cpu) > 0)
		expect_int("threads", hw->threads, list_count(buf));
	if (slurp(buf, sizeof(buf), TOPO "core_siblings_list", cpu) > 0 &&
	    hw->threads > 0)
		expect_int("cores", hw->cores, list_count(buf) / hw->threads);
	if (hw->sockets < 1 || hw->sockets > hw->totalcpus)
		fail("sockets is %d with %d CPUs", hw->sockets, hw->totalcpus);
	if (slurp(buf, sizeof(buf), "/sys/devices/system/node/online") > 0) {
		nodes = list_count(buf);
		expect_int("nnodes", hw->nnodes, nodes);
	}
	/* PAPI's ncpu is CPUs per NUMA node. */
	expect_int("ncpu", hw->ncpu, nodes > 1 ? online / nodes : online);
}

static void check_clock(const PAPI_hw_info_t *hw, int cpu, int x86)
{
	char buf[64];

	if (hw->cpu_min_mhz < 0 || hw->cpu_max_mhz < hw->cpu_min_mhz ||
	    hw->mhz < 0 || hw->clock_mhz < 0)
		fail("clock rates inconsistent: min %d max %d mhz %f clock %d",
		     hw->cpu_min_mhz, hw->cpu_max_mhz, (double)hw->mhz,
		     hw->clock_mhz);
	if (slurp(buf, sizeof(buf), SYS_CPU "/cpu%d/cpufreq/cpuinfo_max_freq",
		  cpu) > 0)
		expect_int("cpu_max_mhz", hw->cpu_max_mhz, atol(buf) / 1000);
	if (x86 && (hw->mhz <= 0 || hw->cpu_max_mhz <= 0))
		fail("x86 clock unknown: mhz %f cpu_max_mhz %d",
		     (double)hw->mhz, hw->cpu_max_mhz);
}

#if defined(__x86_64__) || defined(__i386__)
/* Whether a space-separated list holds word. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static void check_x86(const PAPI_hw_info_t *hw)
{
	char buf[4096];

	if (cpuinfo("vendor_id", buf, sizeof(buf)) &&
	    strcmp(buf, hw->vendor_string) != 0)
		fail("vendor_string \"%s\", cpuinfo says \"%s\"",
		     hw->vendor_string, buf);
	if (strcmp(hw->vendor_string, "GenuineIntel") == 0)
		expect_int("vendor", hw->vendor, PAPI_VENDOR_INTEL);
	if (strcmp(hw->vendor_string, "AuthenticAMD") == 0)
		expect_int("vendor", hw->vendor, PAPI_VENDOR_AMD);
	if (cpuinfo("model name", buf, sizeof(buf)) &&
	    strcmp(buf, hw->model_string) != 0)
		fail("model_string \"%s\", cpuinfo says \"%s\"",
		     hw->model_string, buf);
	if (cpuinfo("cpu family", buf, sizeof(buf)))
		expect_int("cpuid_family", hw->cpuid_family, atol(buf));
	if (cpuinfo("model", buf, sizeof(buf))) {
		expect_int("cpuid_model", hw->cpuid_model, atol(buf));
		expect_int("model", hw->model, atol(buf));
	}
	if (cpuinfo("stepping", buf, sizeof(buf))) {
		expect_int("cpuid_stepping", hw->cpuid_stepping, atol(buf));
		expect_int("revision", (long)hw->revision, atol(buf));
	}
	/* The kernel shows the cpuid hypervisor bit as this flag. */
	if (cpuinfo("flags", buf, sizeof(buf)))
		expect_int("virtualized", hw->virtualized,
			   has_word(buf, "hypervisor"));
	if (hw->virtualized && !hw->virtual_vendor_string[0])
		fail("virtualized but virtual_vendor_string is empty");
}

#elif defined(__aarch64__)
static void check_arm64(const PAPI_hw_info_t *hw)
{
	char buf[64];

	if (cpuinfo("CPU part", buf, sizeof(buf)))
		expect_int("cpuid_model", hw->cpuid_model,
			   strtol(buf, NULL, 0));
	if (cpuinfo("CPU variant", buf, sizeof(buf)))
		expect_int("cpuid_stepping", hw->cpuid_stepping,
			   strtol(buf, NULL, 0));
	if (cpuinfo("CPU architecture", buf, sizeof(buf)))
		expect_int("cpuid_family", hw->cpuid_family, atol(buf));
	if (cpuinfo("CPU implementer", buf, sizeof(buf)) &&
	    strtol(buf, NULL, 0) == PAPI_VENDOR_ARM_ARM)
		expect_int("vendor", hw->vendor, PAPI_VENDOR_ARM_ARM);
}

#endif

static const PAPI_mh_cache_info_t *find_cache(const PAPI_hw_info_t *hw,
					      long level, int type)
{
	const PAPI_mh_cache_info_t *c;
	int i;

	if (level < 1 || level > hw->mem_hierarchy.levels ||
	    level > PAPI_MAX_MEM_HIERARCHY_LEVELS)
		return NULL;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &hw->mem_hierarchy.level[level - 1].cache[i];
		if (PAPI_MH_CACHE_TYPE(c->type) == type)
			return c;
	}
	return NULL;
}

/* One sysfs cache index against the entry of the same level and type.
 * Returns 1 for a cache, 0 for an index of another kind, -1 past the end. */
static int check_cache(const PAPI_hw_info_t *hw, int cpu, int idx)
{
	char dir[128], buf[64], what[64], *end;
	const PAPI_mh_cache_info_t *c;
	long level, size, line;
	int type;

	snprintf(dir, sizeof(dir), SYS_CPU "/cpu%d/cache/index%d", cpu, idx);
	if (slurp(buf, sizeof(buf), "%s/level", dir) <= 0)
		return -1;
	level = atol(buf);
	slurp(buf, sizeof(buf), "%s/type", dir);
	type = strcmp(buf, "Data") == 0	       ? PAPI_MH_TYPE_DATA :
	       strcmp(buf, "Instruction") == 0 ? PAPI_MH_TYPE_INST :
	       strcmp(buf, "Unified") == 0     ? PAPI_MH_TYPE_UNIFIED :
						 0;
	if (!type || slurp(buf, sizeof(buf), "%s/size", dir) <= 0)
		return 0;
	size = strtol(buf, &end, 10);
	size <<= *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
	c = find_cache(hw, level, type);
	snprintf(what, sizeof(what), "L%ld %s cache", level,
		 type == PAPI_MH_TYPE_DATA ? "data" :
		 type == PAPI_MH_TYPE_INST ? "instruction" :
					     "unified");
	if (!c) {
		fail("%s (index%d, %ld bytes) missing", what, idx, size);
		return 1;
	}
	printf("%s: %d bytes, %d-byte lines, %d lines, %d-way\n", what, c->size,
	       c->line_size, c->num_lines, c->associativity);
	expect_field(what, "size", c->size, size);
	line = 0;
	if (slurp(buf, sizeof(buf), "%s/coherency_line_size", dir) > 0)
		line = atol(buf);
	expect_field(what, "line_size", c->line_size, line);
	if (line > 0)
		expect_field(what, "num_lines", c->num_lines, size / line);
	if (slurp(buf, sizeof(buf), "%s/ways_of_associativity", dir) > 0)
		expect_field(what, "associativity", c->associativity,
			     atol(buf));
	return 1;
}

/* Every sysfs cache must be in the hierarchy, and nothing else may be. */
static void check_caches(const PAPI_hw_info_t *hw, int cpu)
{
	const PAPI_mh_info_t *mh = &hw->mem_hierarchy;
	int idx, r, seen = 0, have = 0, i, j;

	for (idx = 0; idx < 32 && (r = check_cache(hw, cpu, idx)) >= 0; idx++)
		seen += r;
	if (seen == 0) {
		printf("no caches in sysfs for cpu%d; not compared\n", cpu);
		return;
	}
	for (i = 0; i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++)
			have += mh->level[i].cache[j].type !=
				PAPI_MH_TYPE_EMPTY;
	expect_int("number of caches", have, seen);
	for (i = 0; i < mh->levels && i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			const PAPI_mh_tlb_info_t *t = &mh->level[i].tlb[j];

			if (t->type != PAPI_MH_TYPE_EMPTY &&
			    (t->num_entries <= 0 || t->page_size < 4096 ||
			     (t->page_size & (t->page_size - 1))))
				fail("L%d TLB %d: %d entries, page %d", i + 1,
				     j, t->num_entries, t->page_size);
		}
}

static int first_online_cpu(void)
{
	char buf[4096];

	return slurp(buf, sizeof(buf), SYS_CPU "/online") > 0 ? atoi(buf) : 0;
}

int main(void)
{
	const PAPI_hw_info_t *hw;
	int ret = PAPI_library_init(PAPI_VER_CURRENT), cpu;

	if (ret != PAPI_VER_CURRENT) {
		if (ret < 0 && ret != PAPI_EINVAL && ret != PAPI_EBUG) {
			printf("SKIP: PAPI_library_init: %s\n",
			       PAPI_strerror(ret));
			return 77;
		}
		printf("FAIL: PAPI_library_init returned %d\n", ret);
		return 1;
	}
	hw = PAPI_get_hardware_info();
	if (!hw) {
		printf("FAIL: PAPI_get_hardware_info returned NULL\n");
		return 1;
	}
	cpu = first_online_cpu();
	printf("%s / %s: %d CPUs, %d sockets x %d cores x %d threads, "
	       "%d nodes\n",
	       hw->vendor_string, hw->model_string, hw->totalcpus, hw->sockets,
	       hw->cores, hw->threads, hw->nnodes);
	check_topology(hw, cpu);
#if defined(__x86_64__) || defined(__i386__)
	check_x86(hw);
	check_clock(hw, cpu, 1);
#else
	check_clock(hw, cpu, 0);
#if defined(__aarch64__)
	check_arm64(hw);
#endif
#endif
	check_caches(hw, cpu);
	PAPI_shutdown();
	if (failures) {
		printf("%d mismatches\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
