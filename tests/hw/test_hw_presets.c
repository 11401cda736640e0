// SPDX-License-Identifier: BSD-3-Clause
/*
 * Accuracy of every available preset against loops whose events are known:
 * hw_mixed (loads, a store, taken and not-taken, conditional and
 * unconditional branches) and hw_loop, in inline assembly. Each event is
 * counted over N and 2N iterations; the difference is N iterations' work,
 * whatever PAPI_start and PAPI_stop add around the loop.
 *
 * What a preset must count follows from what it is (PAPI's definition of
 * its name): N x per-iteration exactly for instructions, loads, stores and
 * branch kinds; a range for L1 data accesses; about 0 for misses, floating
 * point, L2/L3/TLB traffic (the loops touch three words); for cycles in the
 * PMU machine, a power-of-two multiple of the instructions (QEMU's cycle
 * counter follows the -icount clock). Each preset is also counted with its
 * natives (PAPI_get_event_info) in one EventSet and must equal its formula
 * (ADD, SUB, postfix) evaluated on their values.
 *
 * In the PMU machine (hw_exact(): QEMU TCG, -icount shift=0) counts are
 * exact, and an event reading 0, or the same whatever the work, is reported
 * as not counted by QEMU, not failed. Elsewhere a tolerance applies, and a
 * preset whose note states a caveat is reported, not failed, when off.
 *
 * Also printed: the core PMU's sysfs events (the common events PMCEID
 * advertises, on arm64), what each PMUv3 common event 0x00-0x3f counts
 * through its raw encoding, and, in a child with a user table
 * (PAPI_PRESET_TABLE), ADD, SUB and postfix presets of the two events QEMU
 * counts (no built-in derived preset is countable there).
 *
 * Exit 0 pass, 1 fail, 77 skip (no hardware PMU, no known loop).
 */
#include "hw_util.h"

#include <limits.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 20000LL /* iterations; runs of 2N and N are subtracted */
#define REPS 3
#define MAXV (1 + PAPI_MAX_INFO_TERMS)

/* clang-format off */
/* What one iteration of a loop does, architecturally. */
struct work {
	long long ins, ld, st, br, cn, tkn, ntk, ucn;
};
enum field { F_0, F_INS, F_LD, F_ST, F_LST, F_BR, F_CN, F_TKN, F_NTK, F_UCN };

static const struct work works[2] = {
	HW_MIXED_WORK,				/* "mixed" */
	{ HW_LOOP_INS, 0, 0, 1, 1, 1, 0, 0 },	/* "plain": hw_loop */
};

/* K_EXACT: N x lo. K_RANGE: [N x lo, N x mul x hi], give or take
 * 200 + N/100 (SM: about 0). K_ZERO: 0 in every run. K_CYC: cycles, see
 * judge(). K_NONE: no expectation; the formula is still checked. */
enum kind { K_NONE, K_EXACT, K_RANGE, K_ZERO, K_CYC };
struct rule {
	const char *name; /* a '*' matches any infix */
	enum kind kind;
	enum field lo, hi;
	int mul;
};
#define EX(n, f) { n, K_EXACT, f, F_0, 0 }
#define RG(n, lo, hi, m) { n, K_RANGE, lo, hi, m }
#define SM(n) { n, K_RANGE, F_0, F_0, 0 } /* ~0 per iteration */

/* PAPI's definitions on the two loops; first match wins. BR_PRC is
 * conditional branches for PAPI, all branches in Arm's BR_PRED. */
static const struct rule rules[] = {
	EX("PAPI_TOT_INS", F_INS), RG("PAPI_TOT_IIS", F_INS, F_INS, 2),
	{ "PAPI_TOT_CYC", K_CYC, F_INS, F_0, 0 },
	EX("PAPI_LD_INS", F_LD), EX("PAPI_SR_INS", F_ST),
	EX("PAPI_LST_INS", F_LST), EX("PAPI_BR_INS", F_BR),
	EX("PAPI_BR_CN", F_CN), EX("PAPI_BR_TKN", F_TKN),
	EX("PAPI_BR_NTK", F_NTK), EX("PAPI_BR_UCN", F_UCN),
	RG("PAPI_BR_PRC", F_CN, F_BR, 1), SM("PAPI_BR_MSP"),
	RG("PAPI_L1_DCA", F_LST, F_LST, 2), RG("PAPI_L1_DCH", F_LST, F_LST, 2),
	RG("PAPI_L1_DCR", F_LD, F_LD, 2), RG("PAPI_L1_DCW", F_ST, F_ST, 2),
	RG("PAPI_L1_TCA", F_LST, F_INS, 2), SM("PAPI_L1_*M"),
	SM("PAPI_L2_*"), SM("PAPI_L3_*"), SM("PAPI_TLB_*"), SM("PAPI_CA_*"),
	SM("PAPI_PRF_DM"), SM("PAPI_F*_INS"), SM("PAPI_*P_OPS"),
	SM("PAPI_VEC_*"),
};

/* The PMUv3 common events (Arm ARM D17: "architecturally executed" events
 * are exact; speculative and cache events get ranges). SW_INCR counts
 * writes to PMSWINC_EL0, which nothing here makes (EL0 may not). */
static const struct rule raw_rules[0x40] = {
	[0x00] = { "SW_INCR", K_ZERO, F_0, F_0, 0 },
	[0x01] = SM("L1I_CACHE_REFILL"), [0x02] = SM("L1I_TLB_REFILL"),
	[0x03] = SM("L1D_CACHE_REFILL"),
	[0x04] = RG("L1D_CACHE", F_LST, F_LST, 2),
	[0x05] = SM("L1D_TLB_REFILL"), [0x06] = EX("LD_RETIRED", F_LD),
	[0x07] = EX("ST_RETIRED", F_ST), [0x08] = EX("INST_RETIRED", F_INS),
	[0x09] = SM("EXC_TAKEN"), [0x0a] = SM("EXC_RETURN"),
	[0x0c] = EX("PC_WRITE_RETIRED", F_TKN),
	[0x0d] = RG("BR_IMMED_RETIRED", F_TKN, F_BR, 1),
	[0x0e] = SM("BR_RETURN_RETIRED"), [0x10] = SM("BR_MIS_PRED"),
	[0x11] = { "CPU_CYCLES", K_CYC, F_INS, F_0, 0 },
	[0x12] = RG("BR_PRED", F_BR, F_BR, 2),
	[0x13] = RG("MEM_ACCESS", F_LST, F_LST, 2),
	[0x15] = SM("L1D_CACHE_WB"), [0x16] = SM("L2D_CACHE"),
	[0x17] = SM("L2D_CACHE_REFILL"),
	[0x1b] = RG("INST_SPEC", F_INS, F_INS, 2),
	/* The odd half of a chained 64-bit counter: Linux 6.1 opens it
	 * alone but never schedules it. */
	[0x1e] = { "CHAIN", K_NONE, F_0, F_0, 0 },
	[0x21] = EX("BR_RETIRED", F_BR), [0x22] = SM("BR_MIS_PRED_RETIRED"),
};
static const struct rule no_rule = { "", K_NONE, F_0, F_0, 0 };
enum res { J_OK, J_EXACT, J_ZERO, J_FAIL, J_NOCOUNT };
/* clang-format on */
struct row {
	char name[48], natives[400], expect[96], got[64], verdict[160];
	long long last; /* the event's value in the last run */
};
static struct row rows[128];
static int nrows;

static long long fval(const struct work *w, enum field f)
{
	const long long v[] = { 0,     w->ins, w->ld,  w->st,  w->ld + w->st,
				w->br, w->cn,  w->tkn, w->ntk, w->ucn };
	return v[f];
}

static const struct rule *find_rule(const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const char *r = rules[i].name, *star = strchr(r, '*');
		size_t pre = star ? (size_t)(star - r) : strlen(r) + 1;
		size_t suf = star ? strlen(star + 1) : 0;

		if (!strncmp(name, r, pre) &&
		    (!star ||
		     (n >= pre + suf && !strcmp(name + n - suf, star + 1))))
			return &rules[i];
	}
	return &no_rule;
}

/* PAPI_start, the loop, PAPI_stop: the same instructions around the loop
 * for every n, so they cancel in the difference of two runs. */
static int measure(int es, int w, long long n, long long *v)
{
	int ret = PAPI_start(es);

	if (ret != PAPI_OK)
		return ret;
	if (w == 0)
		hw_mixed((unsigned long)n);
	else
		hw_loop((unsigned long)n);
	return PAPI_stop(es, v);
}

/* The preset's value from its natives' as PAPI 7 computes it (postfix
 * on a stack of doubles, '#' the maximum clock in Hz, truncated at the
 * end); LLONG_MIN if malformed. */
static long long formula(const PAPI_event_info_t *in, const long long *nat)
{
	double st[16];
	int sp = 0, sub = !strcmp(in->derived, "DERIVED_SUB");
	const char *p = in->postfix;
	long long r = 0;
	unsigned i;

	if (strcmp(in->derived, "DERIVED_POSTFIX")) {
		for (i = 0; i < in->count; i++)
			r += i > 0 && sub ? -nat[i] : nat[i];
		return r;
	}
	while (*p) {
		char *end = (char *)p + 1;

		if (*p == '|') {
			p++;
			continue;
		}
		if (*p == '#' && sp < 16) {
			st[sp++] = PAPI_get_hardware_info()->cpu_max_mhz * 1e6;
		} else if (*p == 'N' || (*p >= '0' && *p <= '9')) {
			long t = *p == 'N' ? strtol(p + 1, &end, 10) : 0;

			if (sp == 16 || t < 0 || t >= (long)in->count)
				return LLONG_MIN;
			st[sp++] = *p == 'N' ? (double)nat[t] : strtod(p, &end);
		} else if (sp >= 2 && strchr("+-*/", *p)) {
			double b = st[--sp], *a = &st[sp - 1];

			if (*p == '+')
				*a += b;
			else if (*p == '-')
				*a -= b;
			else if (*p == '*')
				*a *= b;
			else /* PAPI: a zero divisor gives 0 */
				*a = b != 0 ? *a / b : 0;
		} else {
			return LLONG_MIN;
		}
		p = end;
	}
	return sp == 1 ? (long long)st[0] : LLONG_MIN;
}

static int near(long long got, long long want)
{
	long long d = got > want ? got - want : want - got;

	return hw_exact() ? d == 0 : d <= 200 + (want > 0 ? want / 50 : 0);
}

/* Judge deltas d[loop][rep] (any: some value was nonzero) against rule r;
 * fill rw's expected column and verdict. */
static enum res judge(const struct rule *r, long long d[2][REPS], int any,
		      long long *ratio, struct row *rw)
{
	long long lo[2], hi[2], slack = 200 + N / 100, q;
	int w, k, bad = 0, stable = 1, ex = hw_exact();
	enum res res = J_OK;

	for (w = 0; w < 2; w++) {
		lo[w] = N * fval(&works[w], r->lo);
		hi[w] = N * r->mul * fval(&works[w], r->hi);
		for (k = 1; k < REPS; k++)
			stable &= d[w][k] == d[w][0];
	}
	snprintf(rw->verdict, sizeof(rw->verdict), "ok");
	switch (r->kind) {
	case K_EXACT:
		snprintf(rw->expect, sizeof(rw->expect), "%lld | %lld",
			 lo[0] / N, lo[1] / N);
		bad = !near(d[0][0], lo[0]) || !near(d[1][0], lo[1]) ||
		      (ex && !stable);
		if (ex)
			res = J_EXACT;
		break;
	case K_RANGE:
		snprintf(rw->expect, sizeof(rw->expect),
			 hi[0] || hi[1] ? "[%lld,%lld] | [%lld,%lld]" :
					  "~0 | ~0",
			 lo[0] / N, hi[0] / N, lo[1] / N, hi[1] / N);
		for (w = 0; w < 2; w++)
			bad |= d[w][0] < lo[w] - slack ||
			       d[w][0] > hi[w] + slack;
		break;
	case K_ZERO:
		snprintf(rw->expect, sizeof(rw->expect), "0 in every run");
		snprintf(rw->verdict, sizeof(rw->verdict), "ok (0)");
		bad = any;
		break;
	case K_CYC:
		/* -icount: 2^shift ns of the virtual clock per instruction, and
		 * the cycle counter counts ns. The same ratio for both loops
		 * and every cycle event. */
		snprintf(rw->expect, sizeof(rw->expect),
			 ex ? "2^s x ins" : "> 0");
		for (w = 0; w < 2 && ex; w++) {
			q = d[w][0] / lo[w];
			bad |= q <= 0 || d[w][0] % lo[w] || (q & (q - 1)) ||
			       (*ratio && q != *ratio) || !stable;
			if (!bad)
				*ratio = q;
		}
		bad |= d[0][0] <= 0 || d[1][0] <= 0;
		if (ex && !bad) {
			snprintf(rw->verdict, sizeof(rw->verdict),
				 "exact: %lld x instructions", *ratio);
			res = J_EXACT;
		}
		break;
	default:
		snprintf(rw->expect, sizeof(rw->expect), "-");
		snprintf(rw->verdict, sizeof(rw->verdict), "no expectation");
	}
	/* Read 0 throughout, or the same whatever the work: not counted. */
	if (ex && r->kind != K_ZERO &&
	    (!any || (!d[0][0] && !d[1][0] && (lo[0] || lo[1]))))
		return J_ZERO;
	if (bad)
		snprintf(rw->verdict, sizeof(rw->verdict), "FAIL%s",
			 stable ? "" : ": differs between runs");
	else if (res == J_EXACT && r->kind == K_EXACT)
		snprintf(rw->verdict, sizeof(rw->verdict), "exact");
	return bad ? J_FAIL : res;
}

/* Count a preset (code, in) or a native event (name) together with the
 * preset's natives on both loops, and judge it into a new row. */
static enum res check_event(int code, const char *name,
			    const PAPI_event_info_t *in, const struct rule *r,
			    long long *ratio)
{
	struct row *rw = &rows[nrows < 127 ? nrows++ : nrows];
	long long v1[MAXV], v2[MAXV], d[2][REPS];
	int es = PAPI_NULL, ret, w, k, j, nv = 1, fbad = 0, any = 0;
	unsigned i;
	enum res res;

	memset(rw, 0, sizeof(*rw));
	snprintf(rw->name, sizeof(rw->name), "%.40s", in ? in->symbol : name);
	snprintf(rw->natives, sizeof(rw->natives), "%.200s", in ? "" : name);
	for (i = 0; in && i < in->count; i++)
		hw_append(rw->natives, sizeof(rw->natives), "%s%s",
			  !i				      ? "" :
			  in->postfix[0]		      ? ", " :
			  !strcmp(in->derived, "DERIVED_SUB") ? " - " :
								" + ",
			  in->name[i]);
	if (in && in->postfix[0])
		hw_append(rw->natives, sizeof(rw->natives), " : %s",
			  in->postfix);
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		goto nocount;
	ret = code ? PAPI_add_event(es, code) : PAPI_add_named_event(es, name);
	if (ret != PAPI_OK)
		goto nocount;
	/* The natives share the preset's counters: no new ones needed. */
	for (i = 0; in && i < in->count; i++)
		if (PAPI_add_event(es, (int)in->code[i]) == PAPI_OK)
			nv++;
	for (w = 0; w < 2; w++) {
		if ((ret = measure(es, w, N, v1)) != PAPI_OK) /* warm-up */
			goto nocount;
		for (k = 0; k < REPS; k++) {
			if ((ret = measure(es, w, N, v1)) != PAPI_OK ||
			    (ret = measure(es, w, 2 * N, v2)) != PAPI_OK)
				goto nocount;
			d[w][k] = v2[0] - v1[0];
			rw->last = v2[0];
			for (j = 0; j < nv; j++)
				any |= v1[j] != 0 || v2[j] != 0;
			if (in && nv == (int)in->count + 1 &&
			    (!near(v1[0], formula(in, v1 + 1)) ||
			     !near(v2[0], formula(in, v2 + 1))))
				fbad = 1;
		}
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	for (w = 0, j = 0; w < 2; w++)
		j += snprintf(rw->got + j, sizeof(rw->got) - (size_t)j,
			      d[w][0] % N ? "%s%.3f" : "%s%.0f", w ? " | " : "",
			      (double)d[w][0] / N);
	res = judge(r, d, any, ratio, rw);
	if (res == J_ZERO)
		snprintf(rw->verdict, sizeof(rw->verdict), "%s%s",
			 in ? "listed but not counted by QEMU" :
			      "opens, not counted by QEMU",
			 any ? " (constant)" : " (reads 0)");
	if (res == J_FAIL && in && in->note[0]) {
		snprintf(rw->verdict, sizeof(rw->verdict),
			 "off, as its note says: %.120s", in->note);
		res = J_OK;
	}
	if (in && (in->count > 1 || in->postfix[0] || fbad))
		hw_append(rw->verdict, sizeof(rw->verdict), "%s",
			  fbad ? "; FAIL: != formula of its natives" :
			  nv == (int)in->count + 1 ? "; = formula" :
						     "; natives not addable");
	return fbad ? J_FAIL : res;
nocount:
	snprintf(rw->verdict, sizeof(rw->verdict), "cannot count: %s",
		 PAPI_strerror(ret));
	if (es != PAPI_NULL) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}
	return J_NOCOUNT;
}

static void print_rows(const char *title)
{
	int wd[4] = { 6, 7, 8, 8 }, i, c;

	for (i = 0; i < nrows; i++) {
		const char *col[4] = { rows[i].name, rows[i].natives,
				       rows[i].expect, rows[i].got };

		for (c = 0; c < 4; c++)
			if ((int)strlen(col[c]) > wd[c])
				wd[c] = (int)strlen(col[c]);
	}
	printf("\n%s (per iteration: mixed | plain; N = %lld)\n", title, N);
	printf("%-*s  %-*s  %-*s  %-*s  %s\n", wd[0], "event", wd[1], "natives",
	       wd[2], "expected", wd[3], "measured", "verdict");
	for (i = 0; i < nrows; i++)
		printf("%-*s  %-*s  %-*s  %-*s  %s\n", wd[0], rows[i].name,
		       wd[1], rows[i].natives, wd[2], rows[i].expect, wd[3],
		       rows[i].got, rows[i].verdict);
	nrows = 0;
}

/* The core PMU's sysfs aliases; returns the common events they name. */
static unsigned long long print_sysfs(const char *pmu)
{
	char path[512], spec[96];
	unsigned long long listed = 0, ev;
	struct dirent *e;
	DIR *dir;

	snprintf(path, sizeof(path), HW_SYSFS_PMUS "/%s/events", pmu);
	printf("sysfs %s/events:", pmu);
	for (dir = opendir(path); dir && (e = readdir(dir)) != NULL;) {
		if (e->d_name[0] == '.' ||
		    hw_sysfs_alias(pmu, e->d_name, spec, sizeof(spec)) < 0)
			continue;
		printf(" %s(%s)", e->d_name, spec);
		ev = strstr(spec, "event=") ?
			     strtoull(strstr(spec, "event=") + 6, NULL, 0) :
			     64;
		listed |= ev < 64 ? 1ULL << ev : 0;
	}
	if (dir)
		closedir(dir);
	printf("\n");
	return listed;
}

/* Every PMUv3 common event through its raw encoding. On a real core an
 * event the PMU does not list may not exist: only listed ones fail there.
 * Rows of unnamed events that open and read 0 are summed up in one line. */
static int probe_raw(const char *pmu, unsigned long long listed,
		     long long *ratio)
{
	char name[160], quiet[512] = "", counted[256] = "";
	int ev, fails = 0;

	for (ev = 0; ev < 0x40; ev++) {
		const struct rule *r = raw_rules[ev].name ? &raw_rules[ev] :
							    &no_rule;
		int is_listed = (int)(listed >> ev & 1);
		enum res res;
		struct row *rw;

		snprintf(name, sizeof(name), "%s/event=0x%02x/", pmu, ev);
		res = check_event(0, name, NULL, r, ratio);
		rw = &rows[nrows - 1];
		snprintf(rw->name, sizeof(rw->name), "0x%02x %s", ev, r->name);
		if (is_listed)
			hw_append(rw->natives, sizeof(rw->natives),
				  " (listed)");
		if (res != J_ZERO && res != J_NOCOUNT &&
		    strcmp(rw->got, "0 | 0"))
			hw_append(counted, sizeof(counted), " 0x%02x", ev);
		if (res == J_ZERO && r == &no_rule) {
			hw_append(quiet, sizeof(quiet), " 0x%02x", ev);
			nrows--;
		} else if ((res == J_FAIL && (hw_exact() || is_listed)) ||
			   (res == J_NOCOUNT && is_listed)) {
			fails++;
		}
	}
	print_rows("PMUv3 common events, raw encodings");
	printf("no expectation, open, read 0:%s\nraw events QEMU counts here:"
	       "%s\n",
	       quiet, counted);
	return fails;
}

/* ADD, SUB and postfix presets of the two events QEMU counts, from a user
 * table: the table is read at PAPI_library_init, hence a fresh process.
 * PAPI_FUL_CCY divides before it multiplies: PAPI 7 evaluates postfix in
 * doubles (ins / (2 x cyc) x 100 = 50 where cyc = ins), where integers
 * would give 0. PAPI_STL_CCY scales by '#', the maximum clock in Hz. Each
 * must equal its formula on the natives counted with it, exactly in the
 * PMU machine. */
static int derived_child(void)
{
	static const char table[] =
		"pmuv3 ; PAPI_TOT_IIS ; ADD ; perf_raw::r08 perf_raw::r11\n"
		"pmuv3 ; PAPI_STL_ICY ; SUB ; perf_raw::r11 perf_raw::r08\n"
		"pmuv3 ; PAPI_FUL_ICY ; N0|3|*|N1|-|2|/| ; perf_raw::r08 "
		"perf_raw::r11\n"
		"pmuv3 ; PAPI_FUL_CCY ; N0|N1|2|*|/|100|*| ; perf_raw::r08 "
		"perf_raw::r11\n"
		"pmuv3 ; PAPI_STL_CCY ; N0|#|*|1000000000|/| ; perf_raw::r08\n";
	static const int codes[] = { PAPI_TOT_IIS, PAPI_STL_ICY, PAPI_FUL_ICY,
				     PAPI_FUL_CCY, PAPI_STL_CCY };
	char path[256];
	long long ratio = 0;
	PAPI_event_info_t in;
	FILE *f;
	unsigned i;
	int fails = 0;

	snprintf(path, sizeof(path), "%s/test_hw_presets.%d",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	if (!(f = fopen(path, "w")) || fputs(table, f) < 0 || fclose(f)) {
		printf("FAIL: cannot write %s\n", path);
		return 1;
	}
	setenv("PAPI_PRESET_TABLE", path, 1);
	hw_init();
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		if (PAPI_get_event_info(codes[i], &in) != PAPI_OK ||
		    in.count < (codes[i] == PAPI_STL_CCY ? 1u : 2u)) {
			hw_fail("user-table preset %#x not available",
				codes[i]);
			continue;
		}
		/* Exact: the formula must have been checked, and hold. */
		if (check_event(codes[i], NULL, &in, &no_rule, &ratio) >=
			    J_FAIL ||
		    !strstr(rows[nrows - 1].verdict, "; = formula"))
			fails++;
		/* A ratio's runs differ by 0: show what it reads. */
		hw_append(rows[nrows - 1].verdict, sizeof(rows[0].verdict),
			  " (last read %lld)", rows[nrows - 1].last);
	}
	unlink(path);
	print_rows("Derived presets from a user table (PAPI_PRESET_TABLE)");
	return fails + hw_failures;
}

int main(void)
{
	char pmu[64] = "", exact[1024] = "", zero[1024] = "";
	long long ratio = 0;
	unsigned long long listed = 0;
	int code = PAPI_PRESET_MASK, fails = 0, n = 0, st = 0;
	pid_t child;

	setvbuf(stdout, NULL, _IOLBF, 0);
#if !defined(__aarch64__) && !defined(__x86_64__)
	hw_skip("no known loop for this architecture (%s)", HW_ARCH);
#endif
	hw_init();
	hw_require(PAPI_TOT_INS);
	printf("%s counts; instructions per iteration: mixed %lld, "
	       "plain %lld\n",
	       hw_exact() ? "exact" : "near", works[0].ins, works[1].ins);
	if (!hw_sysfs_pmu(strcmp(HW_ARCH, "aarch64") ? "instructions" :
						       "inst_retired",
			  pmu, sizeof(pmu)))
		listed = print_sysfs(pmu);

	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		hw_fail("PAPI_enum_event(PAPI_ENUM_FIRST) found no preset");
	do {
		PAPI_event_info_t in;
		enum res res;
		char *list;

		if (PAPI_query_event(code) != PAPI_OK)
			continue;
		if (PAPI_get_event_info(code, &in) != PAPI_OK) {
			hw_fail("PAPI_get_event_info(%#x)", code);
			continue;
		}
		n++;
		res = check_event(code, NULL, &in, find_rule(in.symbol),
				  &ratio);
		fails += res >= J_FAIL;
		list = res == J_EXACT ? exact : res == J_ZERO ? zero : NULL;
		if (list)
			hw_append(list, sizeof(exact), " %s", in.symbol);
	} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	print_rows("Available presets");
	printf("%d presets available; verified exactly:%s\nlisted but not "
	       "counted by QEMU:%s\n",
	       n, exact[0] ? exact : " none", zero[0] ? zero : " none");

	if (!strcmp(HW_ARCH, "aarch64") && pmu[0]) {
		fails += probe_raw(pmu, listed, &ratio);
		PAPI_shutdown();
		if ((child = fork()) == 0)
			exit(derived_child() ? 1 : 0);
		if (child < 0 || waitpid(child, &st, 0) != child ||
		    !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			hw_fail("derived presets of a user table (status %#x)",
				st);
	}
	if (fails)
		hw_fail("%d event(s) counted against their definition", fails);
	return hw_done("test_hw_presets");
}
