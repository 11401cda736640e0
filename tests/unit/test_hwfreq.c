// SPDX-License-Identifier: BSD-3-Clause
/*
 * os/linux/hwinfo_freq.c: the clock rate of a CPU type from each source
 * (cpufreq, /proc/cpuinfo, device tree, ACPI CPPC, a cycle-count
 * measurement) and the order they are tried in, against fake sysfs and
 * device-tree files and the fake perf_event and raw clock.
 *
 * The OS layer is not part of the objects unit tests link (papi_core), so
 * this test compiles the two files under test itself; everything they ask
 * of the OS goes through os.h, which the fake layer answers.
 */
#include "os/linux/hwinfo_sysfs.c"
#include "os/linux/hwinfo_freq.c"

#include <fcntl.h>
#include <unistd.h>

#include "fake_os.h"
#include "fake_os_hw.h"
#include "unit.h"

#define CPU0 "/sys/devices/system/cpu/cpu0"
#define ALL (HW_MHZ_FIRMWARE | HW_MHZ_MEASURE)

static const char *root;

static void fresh(void)
{
	fake_os_reset();
	root = fake_os_make_root();
	if (!root)
		UNIT_SKIP("cannot make a fake sysfs root");
}

/* A device-tree property: n raw bytes. */
static void dt_file(const char *path, const unsigned char *bytes, size_t n)
{
	char dir[512], real[1024], *slash;
	int fd;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	CHECK_EQ(fake_os_mkdir(dir), 0);
	snprintf(real, sizeof(real), "%s%s", root, path);
	fd = open(real, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	CHECK(fd >= 0);
	CHECK_EQ(write(fd, bytes, n), (long)n);
	close(fd);
}

static void be32(const char *path, unsigned long v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24),
			       (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };

	dt_file(path, b, sizeof(b));
}

static void be64(const char *path, unsigned long long v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (56 - 8 * i));
	dt_file(path, b, sizeof(b));
}

/* ---- the fake CPU: cycles advance with the raw clock ------------------- */

static long long cycles_per_kns = 1500; /* cycles per microsecond: MHz */

/* A counter counts from its opening: from the first clock read after it. */
static void run_cpu(long long now)
{
	static int last_fd = -1;
	static long long base;
	int fd = fake_os_find_fd(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);

	if (fd < 0)
		return;
	if (fd != last_fd) {
		last_fd = fd;
		base = now;
	}
	fake_os_set_count(
		fd, (unsigned long long)((now - base) * cycles_per_kns / 1000));
}

static void fill(PAPI_hw_info_t *hw, const char *info, int sources, char *src,
		 size_t len)
{
	memset(hw, 0, sizeof(*hw));
	papi__hw_fill_mhz(hw, info, 0, sources, 0, src, len);
	CHECK_EQ(hw->clock_mhz, hw->cpu_max_mhz);
}

static void test_cpufreq_first(void)
{
	PAPI_hw_info_t hw;
	char src[128];

	fresh();
	fake_os_mkfile(CPU0 "/cpufreq/cpuinfo_max_freq", "2400000\n");
	fake_os_mkfile(CPU0 "/cpufreq/cpuinfo_min_freq", "800000\n");
	be32(CPU0 "/of_node/clock-frequency", 1000000000);
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_freq", "1800\n");
	fill(&hw, "cpu MHz\t\t: 1234.5\n", ALL, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 2400);
	CHECK_EQ(hw.cpu_min_mhz, 800);
	CHECK(hw.mhz == 2400.0f);
	CHECK(strstr(src, "cpufreq") != NULL);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
}

/* x86 without cpufreq (the host, VMs): cpuinfo's rate, as before. */
static void test_cpuinfo(void)
{
	PAPI_hw_info_t hw;
	char src[128];

	fresh();
	be32(CPU0 "/of_node/clock-frequency", 1000000000);
	fill(&hw, "processor\t: 0\ncpu MHz\t\t: 2596.120\nflags\t\t: fpu\n", 0,
	     src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 2596);
	CHECK_EQ(hw.cpu_min_mhz, 2596);
	CHECK(hw.mhz > 2596.1f && hw.mhz < 2596.2f);
	CHECK(strstr(src, "cpuinfo") != NULL);
	/* Without it and with no other source allowed: 0, and why. */
	fill(&hw, "processor\t: 0\n", 0, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 0);
	CHECK(hw.mhz == 0.0f);
	CHECK(strncmp(src, "none", 4) == 0);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
}

static void test_devtree(void)
{
	PAPI_hw_info_t hw;
	char src[128];

	/* The CPU's own node (of_node), 32 bits; before CPPC. */
	fresh();
	be32(CPU0 "/of_node/clock-frequency", 1996000000);
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_freq", "1800\n");
	fill(&hw, "", ALL, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 1996);
	CHECK_EQ(hw.cpu_min_mhz, 1996);
	CHECK(strstr(src, "device tree") != NULL);
	/* Firmware sources are not asked for (x86): nothing. */
	fill(&hw, "", 0, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 0);

	/* No of_node link: the cpus node, 64 bits, when all agree. */
	fresh();
	be64("/proc/device-tree/cpus/cpu@0/clock-frequency", 2500000000ull);
	be64("/proc/device-tree/cpus/cpu@1/clock-frequency", 2500000000ull);
	fake_os_mkfile("/proc/device-tree/cpus/cpu-map/cluster0/core0/cpu",
		       "x");
	CHECK_EQ(papi__hw_mhz_devtree(0), 2500);

	/* Two clusters at two rates, and no way to tell ours: nothing. */
	be32("/proc/device-tree/cpus/cpu@100/clock-frequency", 1800000000);
	CHECK_EQ(papi__hw_mhz_devtree(0), 0);

	/* Neither 4 nor 8 bytes, or under 1 MHz: not a rate. */
	fresh();
	dt_file(CPU0 "/of_node/clock-frequency",
		(const unsigned char *)"\x01\x02\x03", 3);
	CHECK_EQ(papi__hw_mhz_devtree(0), 0);
	be32(CPU0 "/of_node/clock-frequency", 999);
	CHECK_EQ(papi__hw_mhz_devtree(0), 0);
	CHECK_EQ(papi__hw_mhz_devtree(7), 0); /* no such CPU */
}

static void test_cppc(void)
{
	PAPI_hw_info_t hw;
	char src[128];
	long min;

	fresh();
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_freq", "2000\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/highest_perf", "300\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_perf", "250\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/lowest_perf", "50\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/lowest_freq", "0\n");
	CHECK_EQ(papi__hw_mhz_cppc(0, &min), 2400);
	CHECK_EQ(min, 400);
	fill(&hw, "", ALL, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 2400);
	CHECK_EQ(hw.cpu_min_mhz, 400);
	CHECK(strstr(src, "CPPC") != NULL);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);

	/* The firmware's lowest frequency wins over the scaled level. */
	fake_os_mkfile(CPU0 "/acpi_cppc/lowest_freq", "600\n");
	CHECK_EQ(papi__hw_mhz_cppc(0, &min), 2400);
	CHECK_EQ(min, 600);
	/* Without nominal_freq the levels are abstract: no rate. */
	fresh();
	fake_os_mkfile(CPU0 "/acpi_cppc/highest_perf", "300\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_perf", "250\n");
	CHECK_EQ(papi__hw_mhz_cppc(0, &min), 0);
	CHECK_EQ(min, 0);
	/* nominal_freq alone is the rate. */
	fake_os_mkfile(CPU0 "/acpi_cppc/nominal_freq", "3000\n");
	fake_os_mkfile(CPU0 "/acpi_cppc/highest_perf", "0\n");
	CHECK_EQ(papi__hw_mhz_cppc(0, &min), 3000);
}

static void test_measure(void)
{
	const struct perf_event_attr *a;
	PAPI_hw_info_t hw;
	char src[128];
	long long cyc = 0, ns = 0;
	long mhz = -1;

	fresh();
	fake_os_set_raw_clock(1000000000LL, 100, run_cpu);
	cycles_per_kns = 1500;
	CHECK_EQ(papi__hw_mhz_measure(-1, &mhz, &cyc, &ns), 0);
	CHECK_EQ(mhz, 1500);
	CHECK(ns >= MEASURE_NS && ns < 2 * MEASURE_NS);
	CHECK(cyc > 0);
	/* One cycles event of this thread, kernel included, closed after. */
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 1);
	a = fake_os_attr(fake_os_opened(0));
	CHECK(a && a->type == PERF_TYPE_HARDWARE &&
	      a->config == PERF_COUNT_HW_CPU_CYCLES && !a->exclude_kernel &&
	      !a->exclude_user);
	CHECK_EQ(fake_os_pid(fake_os_opened(0)), 0);
	CHECK_EQ(fake_os_cpu(fake_os_opened(0)), -1);
	CHECK_EQ(fake_os_open_fds(), 0);

	/* The whole chain: measured when nothing states a rate. */
	cycles_per_kns = 1000;
	fill(&hw, "", ALL, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 1000);
	CHECK_EQ(hw.cpu_min_mhz, 1000);
	CHECK(hw.mhz == 1000.0f);
	CHECK(strncmp(src, "measured", 8) == 0);
	/* ... but not where the architecture does not ask for it. */
	fill(&hw, "", HW_MHZ_FIRMWARE, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 0);

	/* perf_event_paranoid 2: user cycles only. */
	fake_os_reset();
	fake_os_perf_open_errno_excl(PERF_TYPE_HARDWARE,
				     PERF_COUNT_HW_CPU_CYCLES, 0, -EACCES);
	CHECK_EQ(papi__hw_mhz_measure(-1, &mhz, &cyc, &ns), 0);
	CHECK_EQ(mhz, 1000);
	a = fake_os_attr(fake_os_opened(0));
	CHECK(a && a->exclude_kernel && !a->exclude_user);
	CHECK_EQ(fake_os_open_fds(), 0);

	/* A counter shared out with others (running < enabled): refused. */
	fake_os_reset();
	fake_os_set_times(1000000, 500000);
	CHECK_EQ(papi__hw_mhz_measure(-1, &mhz, &cyc, &ns), -EAGAIN);
	CHECK_EQ(mhz, 0);
	CHECK_EQ(fake_os_open_fds(), 0);

	/* No PMU: 0, and the reason. */
	fake_os_reset();
	fake_os_perf_open_errno(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
				-ENOENT);
	CHECK_EQ(papi__hw_mhz_measure(-1, &mhz, &cyc, &ns), -ENOENT);
	fill(&hw, "", ALL, src, sizeof(src));
	CHECK_EQ(hw.cpu_max_mhz, 0);
	CHECK(hw.mhz == 0.0f);
	CHECK(strncmp(src, "none", 4) == 0);
	CHECK(strstr(src, strerror(ENOENT)) != NULL);
	CHECK_EQ(fake_os_open_fds(), 0);

	/* A read that fails mid-way: no figure, nothing left open. */
	fake_os_reset();
	fake_os_fail_call(FAKE_READ, 0, -EIO);
	fake_os_fail_call(FAKE_READ, 2, -EIO);
	CHECK_EQ(papi__hw_mhz_measure(-1, &mhz, &cyc, &ns), -EAGAIN);
	CHECK_EQ(fake_os_open_fds(), 0);
	fake_os_set_raw_clock(0, 0, NULL);
}

int main(void)
{
	test_cpufreq_first();
	test_cpuinfo();
	test_devtree();
	test_cppc();
	test_measure();
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	return unit_exit();
}
