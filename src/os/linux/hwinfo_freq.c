// SPDX-License-Identifier: BSD-3-Clause
/*
 * The clock rate of a CPU type, from the first source that states one:
 *   1. cpufreq: the limits the kernel's frequency driver knows;
 *   2. /proc/cpuinfo's "cpu MHz" (x86 without cpufreq: virtual machines);
 * and, where the architecture asks for them (papi__hw_arch_mhz_sources),
 *   3. the device tree: the CPU node's clock-frequency;
 *   4. ACPI CPPC: the nominal frequency, scaled to the highest performance;
 *   5. a measurement: the cycle counter over a short busy loop, against
 *      CLOCK_MONOTONIC_RAW.
 * arm64 needs 3-5: its /proc/cpuinfo has no rate, and virtual machines
 * (QEMU's virt board) have no cpufreq, no clock-frequency and no ACPI.
 * BogoMIPS, PAPI 7.0's answer there, is the timer's rate, not the CPU's.
 * When no source answers the rates stay 0 and the source string says why.
 *
 * The measurement reads the rate the core runs at now, which with turbo or
 * power saving may differ from its maximum; it is the last resort because
 * every other source is the hardware's own statement.
 */
#include "os/linux/hwinfo.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libpfm4's copy of the kernel's perf_event definitions, as the perf_event
 * component uses (<linux/perf_event.h> clashes with it in one unit, and the
 * unit tests include both this file and the fake OS layer's header). */
#include <perfmon/pfmlib_perf_event.h>

#define MEASURE_NS 1000000LL /* one run: 1 ms of busy loop */
#define MEASURE_RUNS 2
/* A clock that does not move must not hang us: at most this many clock
 * reads per run (a read costs 20 ns or more, so 2 ms needs far fewer). */
#define MEASURE_MAX_READS 10000000L

/* ---- device tree ------------------------------------------------------ */

/* A big-endian 32- or 64-bit property value; 0 when it is neither. */
static unsigned long long dt_number(const char *path)
{
	unsigned char buf[16];
	unsigned long long v = 0;
	long n = papi__os_read_file(path, (char *)buf, sizeof(buf));
	long i;

	if (n != 4 && n != 8)
		return 0;
	for (i = 0; i < n; i++)
		v = v << 8 | buf[i];
	return v;
}

struct dt_scan {
	unsigned long long hz; /* the rate every cpu node states, or 0 */
	int nodes, disagree;
};

static int dt_node(const char *name, void *arg)
{
	struct dt_scan *s = arg;
	char path[256];
	unsigned long long hz;

	if (strncmp(name, "cpu@", 4) != 0)
		return 0;
	snprintf(path, sizeof(path),
		 "/proc/device-tree/cpus/%s/clock-frequency", name);
	hz = dt_number(path);
	if (!hz)
		return 0;
	if (s->nodes++ && hz != s->hz)
		s->disagree = 1;
	s->hz = hz;
	return 0;
}

long papi__hw_mhz_devtree(int cpu)
{
	char path[128];
	unsigned long long hz;
	struct dt_scan s = { 0, 0, 0 };

	/* of_node links the CPU to its own node; kernels or boards without
	 * the link leave the cpus node to read, which answers only when all
	 * its cpu@ nodes agree (a big.LITTLE board states two rates). */
	snprintf(path, sizeof(path),
		 HW_SYS_CPU "/cpu%d/of_node/clock-frequency", cpu);
	hz = dt_number(path);
	if (!hz &&
	    papi__os_list_dir("/proc/device-tree/cpus", dt_node, &s) == 0 &&
	    !s.disagree)
		hz = s.hz;
	return hz >= 1000000 && hz / 1000000 <= INT_MAX ?
		       (long)((hz + 500000) / 1000000) :
		       0;
}

/* ---- ACPI CPPC -------------------------------------------------------- */

/* The kernel shows CPPC's abstract performance levels and, where the
 * firmware gives them, the nominal and lowest frequencies in MHz
 * (Documentation/ABI/testing/sysfs-devices-system-cpu, acpi_cppc). The
 * highest level is reached at nominal_freq * highest_perf / nominal_perf. */
long papi__hw_mhz_cppc(int cpu, long *min)
{
#define CPPC HW_SYS_CPU "/cpu%d/acpi_cppc/"
	long nom_f = papi__hw_attr_long(CPPC "nominal_freq", cpu);
	long low_f = papi__hw_attr_long(CPPC "lowest_freq", cpu);
	long high = papi__hw_attr_long(CPPC "highest_perf", cpu);
	long nom = papi__hw_attr_long(CPPC "nominal_perf", cpu);
	long low = papi__hw_attr_long(CPPC "lowest_perf", cpu);
	long max;
#undef CPPC

	*min = 0;
	if (nom_f <= 0 || nom_f > INT_MAX)
		return 0;
	max = nom_f;
	if (high > nom && nom > 0 && high <= INT_MAX / nom_f)
		max = nom_f * high / nom;
	if (low_f > 0 && low_f <= max)
		*min = low_f;
	else if (low > 0 && nom > 0 && low <= nom)
		*min = nom_f * low / nom;
	return max;
}

/* ---- measurement ------------------------------------------------------ */

struct pin {
	cpu_set_t old;
	int pinned;
};

/* Runs the calling thread on cpu alone (a hybrid machine's core type);
 * where that is not allowed (a cpuset), the thread stays where it is. */
static void pin_to(struct pin *p, int cpu)
{
	cpu_set_t one;

	p->pinned = 0;
	if (cpu < 0 || cpu >= CPU_SETSIZE ||
	    sched_getaffinity(0, sizeof(p->old), &p->old) != 0)
		return;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	p->pinned = sched_setaffinity(0, sizeof(one), &one) == 0;
}

static void unpin(struct pin *p)
{
	if (p->pinned)
		sched_setaffinity(0, sizeof(p->old), &p->old);
}

/* This thread's CPU cycles, kernel included where perf_event_paranoid
 * allows (a system call inside the loop then counts too), else user
 * only. */
static int open_cycles(void)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.exclude_hv = 1;
	fd = papi__os_perf_open(&a, 0, -1, -1, 0);
	if (fd == -EACCES || fd == -EPERM) {
		a.exclude_kernel = 1;
		fd = papi__os_perf_open(&a, 0, -1, -1, 0);
	}
	return fd;
}

/* The count, or -errno; a count that was not running all along (the PMU
 * shared out among more events than it has counters) is refused. */
static long long read_cycles(int fd)
{
	unsigned long long v[3];
	long n = papi__os_read(fd, v, sizeof(v));

	if (n < 0)
		return n;
	if (n != (long)sizeof(v) || v[1] != v[2] || v[0] > LLONG_MAX)
		return -EAGAIN;
	return (long long)v[0];
}

/* One run: cycles and nanoseconds of a busy loop of MEASURE_NS. Each
 * count is read right after a clock read, the same way at both ends, so
 * the time the read itself takes to reach the counter cancels out. */
static int measure_once(int fd, long long *cyc, long long *ns)
{
	long long c0, c1, t0, t;
	long reads = 0;

	t0 = papi__os_raw_nsec();
	c0 = read_cycles(fd);
	if (c0 < 0 || t0 < 0)
		return c0 < 0 ? (int)c0 : (int)t0;
	do
		t = papi__os_raw_nsec();
	while (t >= 0 && t - t0 < MEASURE_NS && ++reads < MEASURE_MAX_READS);
	c1 = read_cycles(fd);
	if (t < 0 || c1 < 0)
		return t < 0 ? (int)t : (int)c1;
	if (t - t0 < MEASURE_NS || c1 <= c0)
		return -EAGAIN;
	*cyc = c1 - c0;
	*ns = t - t0;
	return 0;
}

int papi__hw_mhz_measure(int cpu, long *mhz, long long *cycles, long long *ns)
{
	long long cyc = 0, t = 0, best = 0;
	struct pin pin;
	int fd, i, ret = -EAGAIN;

	*mhz = 0;
	/* Pinned first: on arm big.LITTLE the kernel gives a generic cycles
	 * event to one cluster's PMU, which counts nothing on another
	 * cluster's CPUs; such a run reads no cycles and yields no figure
	 * (-EAGAIN) rather than a wrong one. */
	pin_to(&pin, cpu);
	fd = open_cycles();
	if (fd < 0) {
		unpin(&pin);
		return fd;
	}
	/* Preemption can only lose cycles from a run, never add them: the
	 * fastest run is the truest. */
	for (i = 0; i < MEASURE_RUNS; i++) {
		if (measure_once(fd, &cyc, &t) != 0)
			continue;
		/* cycles per microsecond, rounded: MHz */
		if ((cyc * 1000 + t / 2) / t > best) {
			best = (cyc * 1000 + t / 2) / t;
			*cycles = cyc;
			*ns = t;
		}
		ret = 0;
	}
	unpin(&pin);
	papi__os_close(fd);
	if (ret == 0 && (best <= 0 || best > INT_MAX))
		ret = -ERANGE;
	if (ret == 0)
		*mhz = (long)best;
	return ret;
}

/* ---- the chain -------------------------------------------------------- */

static void set_rates(PAPI_hw_info_t *hw, long max, long min)
{
	hw->cpu_max_mhz = (int)max;
	hw->cpu_min_mhz = (int)min;
	hw->mhz = (float)max;
}

/* Sources 3-5; 1 when one answered. */
static int firmware_or_measure(PAPI_hw_info_t *hw, int cpu, int sources,
			       int pin, char *src, size_t len)
{
	long max, min;
	long long cyc = 0, ns = 0;
	int ret;

	if (sources & HW_MHZ_FIRMWARE) {
		if ((max = papi__hw_mhz_devtree(cpu)) > 0) {
			set_rates(hw, max, max);
			snprintf(src, len, "device tree clock-frequency");
			return 1;
		}
		if ((max = papi__hw_mhz_cppc(cpu, &min)) > 0) {
			set_rates(hw, max, min);
			snprintf(src, len, "ACPI CPPC nominal_freq");
			return 1;
		}
	}
	if (!(sources & HW_MHZ_MEASURE)) {
		snprintf(src, len, "none: no cpufreq, cpuinfo MHz%s",
			 sources & HW_MHZ_FIRMWARE ?
				 ", device tree or ACPI CPPC rate" :
				 "");
		return 0;
	}
	ret = papi__hw_mhz_measure(pin ? cpu : -1, &max, &cyc, &ns);
	if (ret == 0) {
		set_rates(hw, max, max);
		snprintf(src, len, "measured: %lld cycles in %lld ns", cyc, ns);
		return 1;
	}
	snprintf(src, len,
		 "none: no cpufreq, device tree or ACPI CPPC rate, and "
		 "no cycle count (%s)",
		 strerror(-ret));
	return 0;
}

void papi__hw_fill_mhz(PAPI_hw_info_t *hw, const char *info, int cpu,
		       int sources, int pin, char *src, size_t len)
{
	long max = papi__hw_attr_long(
		HW_SYS_CPU "/cpu%d/cpufreq/cpuinfo_max_freq", cpu);
	long min = papi__hw_attr_long(
		HW_SYS_CPU "/cpu%d/cpufreq/cpuinfo_min_freq", cpu);
	char val[64];
	double mhz;

	if (max > 0) {
		hw->cpu_max_mhz = (int)(max / 1000);
		hw->cpu_min_mhz = min > 0 ? (int)(min / 1000) : 0;
		hw->mhz = (float)max / 1000.0f;
		snprintf(src, len, "cpufreq cpuinfo_max_freq");
	} else if (papi__hw_cpuinfo_get(info, "cpu MHz", val, sizeof(val)) ==
			   0 &&
		   (mhz = strtod(val, NULL)) > 0 && mhz < INT_MAX) {
		hw->cpu_max_mhz = hw->cpu_min_mhz = (int)mhz;
		hw->mhz = (float)mhz;
		snprintf(src, len, "/proc/cpuinfo cpu MHz");
	} else {
		firmware_or_measure(hw, cpu, sources, pin, src, len);
	}
	hw->clock_mhz = hw->cpu_max_mhz;
}
