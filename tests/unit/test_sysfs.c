// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/perf_event/pe_sysfs.c: perf's sysfs event syntax, against the
 * fake machine's PMU tree (fake_os_std_sysfs in fake_os.c describes it).
 * The parser reads files named after parts of user input, so the rejects
 * matter as much as the accepts: a name must never reach outside the PMU's
 * own directory.
 */
#include <errno.h>
#include <string.h>

#include "components/perf_event/pe.h"
#include "fake_os.h"
#include "unit.h"

#define U 1 /* exclude_user */
#define K 2 /* exclude_kernel */
#define H 4 /* exclude_hv */

static const struct {
	int line;
	const char *name;
	unsigned int type;
	unsigned long long config, config1;
	int excl; /* U|K|H bits that must be set; the others must be clear */
} good[] = {
	{ __LINE__, "msr/tsc/", FAKE_MSR_TYPE, 0x0, 0, 0 },
	{ __LINE__, "msr/aperf/", FAKE_MSR_TYPE, 0x1, 0, 0 },
	{ __LINE__, "msr/event=0x123456789a/", FAKE_MSR_TYPE, 0x123456789aull,
	  0, 0 },
	{ __LINE__, "cpu/event=0x3c,umask=0x1/", FAKE_CPU_TYPE, 0x13c, 0, 0 },
	{ __LINE__, "cpu/umask=0x1,event=0x3c/", FAKE_CPU_TYPE, 0x13c, 0, 0 },
	{ __LINE__, "cpu/event=60,umask=1/", FAKE_CPU_TYPE, 0x13c, 0, 0 },
	{ __LINE__, "cpu/event=0x3c,cmask=2,inv/", FAKE_CPU_TYPE,
	  0x3c | (2ull << 24) | (1ull << 23), 0, 0 },
	/* A split field: the low 8 bits at 0-7, the next 4 at 32-35. */
	{ __LINE__, "cpu/xev=0xabc/", FAKE_CPU_TYPE, 0xa000000bcull, 0, 0 },
	{ __LINE__, "cpu/xev=0xff/", FAKE_CPU_TYPE, 0xff, 0, 0 },
	{ __LINE__, "cpu/xev=0x100/", FAKE_CPU_TYPE, 0x100000000ull, 0, 0 },
	/* config1 terms, by format and by name. */
	{ __LINE__, "cpu/event=0xcd,ldlat=3/", FAKE_CPU_TYPE, 0xcd, 3, 0 },
	{ __LINE__, "cpu/config=0x1234,config1=5/", FAKE_CPU_TYPE, 0x1234, 5,
	  0 },
	/* Aliases, an alias of an alias, and an alias with more terms. */
	{ __LINE__, "cpu/cycles/", FAKE_CPU_TYPE, 0x3c, 0, 0 },
	{ __LINE__, "cpu/instructions/", FAKE_CPU_TYPE, 0xc0, 0, 0 },
	{ __LINE__, "cpu/mem-loads/", FAKE_CPU_TYPE, 0x1cd, 3, 0 },
	{ __LINE__, "cpu/alias2/", FAKE_CPU_TYPE, 0x23c, 0, 0 },
	{ __LINE__, "cpu/cycles,cmask=1/", FAKE_CPU_TYPE, 0x0100003cull, 0, 0 },
	{ __LINE__, "fakesw/ticks/", FAKE_FAKESW_TYPE, 0x1, 0, 0 },
	/* Modifiers: the modes named count, the others are excluded. */
	{ __LINE__, "cpu/cycles/u", FAKE_CPU_TYPE, 0x3c, 0, K | H },
	{ __LINE__, "cpu/cycles/k", FAKE_CPU_TYPE, 0x3c, 0, U | H },
	{ __LINE__, "cpu/cycles/uk", FAKE_CPU_TYPE, 0x3c, 0, H },
	{ __LINE__, "cpu/cycles/ku", FAKE_CPU_TYPE, 0x3c, 0, H },
	{ __LINE__, "cpu/cycles/h", FAKE_CPU_TYPE, 0x3c, 0, U | K },
	{ __LINE__, "cpu/cycles/ukh", FAKE_CPU_TYPE, 0x3c, 0, 0 },
	{ __LINE__, "msr/tsc/u", FAKE_MSR_TYPE, 0x0, 0, K | H },
};

static const struct {
	int line;
	const char *name;
} bad[] = {
	{ __LINE__, "nopmu/event=1/" },    /* no such PMU */
	{ __LINE__, "cpu/bogus=1/" },      /* no such term */
	{ __LINE__, "cpu/bogus/" },        /* no such term or alias */
	{ __LINE__, "cpu/tsc/" },          /* another PMU's alias */
	{ __LINE__, "cpu/event=0xzz/" },   /* bad number */
	{ __LINE__, "cpu/event=/" },       /* no number */
	{ __LINE__, "cpu/event=1x/" },     /* trailing junk */
	{ __LINE__, "cpu/event=-/" },
	{ __LINE__, "cpu/cycles=2/" },     /* an alias takes no value */
	{ __LINE__, "cpu/loop1/" },        /* an alias cycle terminates */
	{ __LINE__, "cpu/event=1/x" },     /* unknown modifier */
	{ __LINE__, "cpu/event=1/up" },
	{ __LINE__, "cpu/event=1" },       /* missing slashes */
	{ __LINE__, "cpu" },
	{ __LINE__, "/event=1/" },
	{ __LINE__, "cpu//" },             /* nothing to count */
	{ __LINE__, "" },
	/* Path tricks: a name must not reach outside its PMU's files. */
	{ __LINE__, "../cpu/event=1/" },
	{ __LINE__, "../devices/cpu/cycles/" },
	{ __LINE__, "./cpu/cycles/" },
	{ __LINE__, "cpu/../type/" },
	{ __LINE__, "cpu/../../msr/format/event/" },
	{ __LINE__, "cpu/../../msr/events/tsc/" },
	{ __LINE__, "cpu/../../../../../../sys/bus/event_source/devices/msr/"
		    "events/tsc/" },
	/* A value wider than its field would count another event. */
	{ __LINE__, "cpu/event=0x13c/" },
	{ __LINE__, "cpu/umask=0x100,event=0x3c/" },
};

/* What papi__pe_sysfs_each must list: every event of every PMU without a
 * cpumask, and neither the .scale/.unit files nor power's events. */
static const char *const listed[] = {
	"cpu/cycles/", "cpu/instructions/", "cpu/mem-loads/", "cpu/alias2/",
	"cpu/loop1/", "cpu/loop2/", "msr/tsc/", "msr/aperf/", "msr/mperf/",
	"fakesw/ticks/",
};

struct seen {
	char names[64][64];
	char specs[64][64];
	int n;
};

static int collect(const char *name, const char *spec, void *arg)
{
	struct seen *s = arg;

	if (s->n < 64) {
		snprintf(s->names[s->n], sizeof(s->names[0]), "%s", name);
		snprintf(s->specs[s->n], sizeof(s->specs[0]), "%s", spec);
	}
	s->n++;
	return 0;
}

static int find(const struct seen *s, const char *name)
{
	int i;

	for (i = 0; i < s->n && i < 64; i++)
		if (!strcmp(s->names[i], name))
			return i;
	return -1;
}

static void check_each(void)
{
	struct seen s;
	size_t i;
	int k;

	memset(&s, 0, sizeof(s));
	CHECK_EQ(papi__pe_sysfs_each(collect, &s), PAPI_OK);
	CHECK_EQ(s.n, (int)(sizeof(listed) / sizeof(listed[0])));
	for (i = 0; i < sizeof(listed) / sizeof(listed[0]); i++)
		if (find(&s, listed[i]) < 0)
			UNIT_FAIL_AT(0, "sysfs_each did not list %s", listed[i]);
	for (k = 0; k < s.n && k < 64; k++) {
		if (strstr(s.names[k], ".scale") || strstr(s.names[k], ".unit"))
			UNIT_FAIL_AT(0, "sysfs_each listed %s", s.names[k]);
		if (!strncmp(s.names[k], "power/", 6))
			UNIT_FAIL_AT(0, "listed %s of a PMU with a cpumask",
				     s.names[k]);
	}
	/* The spec is the alias file, without its newline. */
	k = find(&s, "cpu/mem-loads/");
	CHECK(k >= 0 && !strcmp(s.specs[k], "event=0xcd,umask=0x1,ldlat=3"));
	k = find(&s, "msr/tsc/");
	CHECK(k >= 0 && !strcmp(s.specs[k], "event=0x00"));

	/* Every name it lists parses, but for the alias cycle. */
	for (k = 0; k < s.n && k < 64; k++) {
		struct perf_event_attr a;
		int want = strstr(s.names[k], "loop") ? PAPI_ENOEVNT : PAPI_OK;

		if (papi__pe_sysfs_parse(s.names[k], &a) != want)
			UNIT_FAIL_AT(0, "listed %s does not parse as expected",
				     s.names[k]);
	}

	/* Without the sysfs directory the walk fails. */
	fake_os_set_root(NULL);
	memset(&s, 0, sizeof(s));
	CHECK_EQ(papi__pe_sysfs_each(collect, &s), PAPI_ESYS);
	CHECK_EQ(s.n, 0);
}

int main(void)
{
	size_t i;
	int ret;

	ret = fake_os_std_sysfs();
	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct perf_event_attr a;
		int row = good[i].line;

		memset(&a, 0xa5, sizeof(a)); /* parse must clear it */
		ret = papi__pe_sysfs_parse(good[i].name, &a);
		CHECK_EQ_AT(row, ret, PAPI_OK);
		if (ret != PAPI_OK)
			continue;
		CHECK_EQ_AT(row, a.size, sizeof(a));
		CHECK_EQ_AT(row, a.type, good[i].type);
		CHECK_EQ_AT(row, a.config, good[i].config);
		CHECK_EQ_AT(row, a.config1, good[i].config1);
		CHECK_EQ_AT(row, a.config2, 0);
		CHECK_EQ_AT(row, a.exclude_user, !!(good[i].excl & U));
		CHECK_EQ_AT(row, a.exclude_kernel, !!(good[i].excl & K));
		CHECK_EQ_AT(row, a.exclude_hv, !!(good[i].excl & H));
		CHECK_EQ_AT(row, a.disabled, 0);
		CHECK_EQ_AT(row, a.read_format, 0);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct perf_event_attr a;

		ret = papi__pe_sysfs_parse(bad[i].name, &a);
		if (ret != PAPI_ENOEVNT)
			UNIT_FAIL_AT(bad[i].line,
				     "\"%s\" parsed: %d, type %u config %#llx",
				     bad[i].name, ret, a.type,
				     (unsigned long long)a.config);
	}

	/* A PMU's type comes from its type file, read each time. */
	{
		struct perf_event_attr a;

		CHECK_EQ(fake_os_mkfile("/sys/bus/event_source/devices/msr/type",
					"42\n"), 0);
		CHECK_EQ(papi__pe_sysfs_parse("msr/tsc/", &a), PAPI_OK);
		CHECK_EQ(a.type, 42);
		CHECK_EQ(fake_os_mkfile("/sys/bus/event_source/devices/msr/type",
					"11\n"), 0);
	}

	/* Malformed format files are refused, not misread; a field list
	 * wider than 64 bits must not shift past the value's width. */
	{
		static const struct {
			int line;
			const char *fmt;
		} fmts[] = {
			{ __LINE__, "config:0-63,0-3" },
			{ __LINE__, "config:64" },
			{ __LINE__, "config:7-0" },
			{ __LINE__, "config:x" },
			{ __LINE__, "config3:0-7" },
			{ __LINE__, "0-7" },
			{ __LINE__, "config:0-7;8" },
		};
		struct perf_event_attr a;
		size_t k;

		for (k = 0; k < sizeof(fmts) / sizeof(fmts[0]); k++) {
			CHECK_EQ(fake_os_mkfile("/sys/bus/event_source/devices/"
						"cpu/format/odd", fmts[k].fmt),
				 0);
			ret = papi__pe_sysfs_parse("cpu/odd=0x5/", &a);
			if (k == 0)
				continue; /* may be taken; must not be UB */
			CHECK_EQ_AT(fmts[k].line, ret, PAPI_ENOEVNT);
		}
	}

	check_each();

	/* Nothing here may touch perf_event. */
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
	return unit_exit();
}
