// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_stat with hardware events: this program runs itself under papi_stat
 * ("loop N": N iterations of hw_loop, HW_LOOP_INS instructions each) for
 * N, 2N and 3N, and reads papi_stat's CSV. What the process does besides
 * the loop (exec, libc start-up, exit) is the same for every N, so the
 * differences of PAPI_TOT_INS between the runs must be exactly
 * N * HW_LOOP_INS (in the PMU VM; within the real-hardware tolerance
 * elsewhere). Address-space randomization is turned off for the runs: it
 * moves the stack, and with it what libc's start-up does with the
 * environment, by a few instructions. Also: -M ipc computes
 * PAPI_TOT_INS / PAPI_TOT_CYC from the counted values, and -e with two
 * hardware events and a software one counts them all, unscaled.
 *
 * papi_stat comes from $PAPI_BIN, else ../bin beside this program (the
 * build tree), else PATH (the PMU VM: /usr/bin). Exit 0 pass, 1 fail, 77
 * skip (no hardware PMU).
 */
#include "hw_util.h"

#include <limits.h>
#include <sys/personality.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 1000000UL

static char stat_path[PATH_MAX];

static void find_papi_stat(void)
{
	const char *b = getenv("PAPI_BIN");
	char self[PATH_MAX], *slash;
	ssize_t n;

	if (b && *b) {
		snprintf(stat_path, sizeof(stat_path), "%s/papi_stat", b);
		return;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		if ((slash = strrchr(self, '/'))) {
			*slash = '\0';
			snprintf(stat_path, sizeof(stat_path),
				 "%.*s/../bin/papi_stat", PATH_MAX - 32, self);
			if (access(stat_path, X_OK) == 0)
				return;
		}
	}
	snprintf(stat_path, sizeof(stat_path), "papi_stat");
}

/* Run papi_stat ARGS -- this program loop n, its CSV in out; 0 or -1. */
static int run(const char *events, const char *metrics, unsigned long n,
	       const char *out)
{
	char self[PATH_MAX], count[32];
	const char *argv[16];
	int i = 0, st;
	ssize_t len;
	pid_t pid;

	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len <= 0)
		return -1;
	self[len] = '\0';
	snprintf(count, sizeof(count), "%lu", n);
	argv[i++] = stat_path;
	argv[i++] = "--csv";
	argv[i++] = "-o";
	argv[i++] = out;
	if (events) {
		argv[i++] = "-e";
		argv[i++] = events;
	}
	if (metrics) {
		argv[i++] = "-M";
		argv[i++] = metrics;
	}
	argv[i++] = "--";
	argv[i++] = self;
	argv[i++] = "loop";
	argv[i++] = count;
	argv[i] = NULL;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		personality(ADDR_NO_RANDOMIZE);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		hw_fail("%s ... loop %lu: exit status %#x", stat_path, n, st);
		return -1;
	}
	return 0;
}

/* The record of papi_stat's CSV with that record type and name: value
 * and the ratio field (as text; "" when unknown). */
static int csv_get(const char *file, const char *record, const char *name,
		   double *value, char *ratio, size_t rlen)
{
	char line[1024], want[320];
	FILE *f = fopen(file, "r");
	int found = 0;

	if (!f)
		return 0;
	snprintf(want, sizeof(want), "%s,,all,%s,", record, name);
	while (!found && fgets(line, sizeof(line), f)) {
		char *p, *field[11];
		int k = 0;

		if (strncmp(line, want, strlen(want)))
			continue;
		/* record,time_s,thread,name,value,stddev,running_ns,
		 * enabled_ns,ratio,scaled,note (no quotes in these names) */
		for (p = line; k < 11 && p; k++) {
			field[k] = p;
			p = strchr(p, ',');
			if (p)
				*p++ = '\0';
		}
		if (k < 9 || !field[4][0])
			break;
		*value = strtod(field[4], NULL);
		snprintf(ratio, rlen, "%s", field[8]);
		found = 1;
	}
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	char out[64], ratio[64];
	double ins[3], cyc, v, ipc;
	long long d1, d2, want = (long long)(N * HW_LOOP_INS);
	int k;

	if (argc == 3 && !strcmp(argv[1], "loop")) {
		hw_loop(strtoul(argv[2], NULL, 10));
		return 0;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	hw_init();
	if (PAPI_query_named_event("PAPI_TOT_INS") != PAPI_OK ||
	    PAPI_query_named_event("PAPI_TOT_CYC") != PAPI_OK)
		hw_skip("PAPI_TOT_INS/PAPI_TOT_CYC not available: %s",
			hw_no_pmu_reason());
	if (!HW_LOOP_INS)
		hw_skip("no counted loop for this architecture");
	PAPI_shutdown();
	find_papi_stat();
	snprintf(out, sizeof(out), "/tmp/test_hw_papi_stat.%d.csv",
		 (int)getpid());

	/* Exact instructions of the loop, from the differences. */
	for (k = 0; k < 3; k++) {
		if (run("PAPI_TOT_INS,PAPI_TOT_CYC,perf::TASK-CLOCK", NULL,
			(k + 1) * N, out) != 0 ||
		    !csv_get(out, "count", "PAPI_TOT_INS", &ins[k], ratio,
			     sizeof(ratio))) {
			hw_fail("papi_stat gave no PAPI_TOT_INS for loop %lu",
				(k + 1) * N);
			goto done;
		}
		printf("loop %lu: PAPI_TOT_INS %.0f (ratio %s)\n", (k + 1) * N,
		       ins[k], ratio);
		if (strcmp(ratio, "1.000000"))
			hw_fail("PAPI_TOT_INS scaled or its ratio unknown: "
				"'%s'", ratio);
		if (!csv_get(out, "count", "perf::TASK-CLOCK", &v, ratio,
			     sizeof(ratio)) || v <= 0)
			hw_fail("perf::TASK-CLOCK beside them: %.0f", v);
	}
	d1 = (long long)(ins[1] - ins[0]);
	d2 = (long long)(ins[2] - ins[1]);
	printf("differences %lld, %lld; want %lld (%d instructions x %lu)\n",
	       d1, d2, want, HW_LOOP_INS, N);
	if (!hw_match(d1, want) || !hw_match(d2, want))
		hw_fail("instructions per %lu iterations: %lld, %lld, want "
			"%lld", N, d1, d2, want);

	/* -M ipc: the metric is the ratio of the counts printed. */
	if (run(NULL, "ipc", N, out) != 0 ||
	    !csv_get(out, "count", "PAPI_TOT_INS", &ins[0], ratio,
		     sizeof(ratio)) ||
	    !csv_get(out, "count", "PAPI_TOT_CYC", &cyc, ratio,
		     sizeof(ratio)) ||
	    !csv_get(out, "metric", "IPC (instructions per cycle)", &ipc,
		     ratio, sizeof(ratio))) {
		hw_fail("-M ipc: no IPC record");
		goto done;
	}
	printf("-M ipc: IPC %.6f = %.0f / %.0f\n", ipc, ins[0], cyc);
	if (cyc <= 0 || ipc <= 0 ||
	    (ipc - ins[0] / cyc) > 1e-6 * ipc || (ins[0] / cyc - ipc) > 1e-6 * ipc)
		hw_fail("-M ipc: %.9g, counts give %.9g", ipc, ins[0] / cyc);
done:
	unlink(out);
	return hw_done("test_hw_papi_stat");
}
