// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/sampled: the counting arithmetic of the sampling components
 * (papi__smp_count), and the engine against the fake OS's file tree
 * through the powercap component: a count from the start, a wrap at the
 * modulus, several wraps across reads, a read that came after a newer one
 * (a signal handler's) counting from the tracker it loaded, a counter
 * without wrap that goes back (PAPI_ESYS), and a counter whose baseline
 * had bits above the 48 a tracker keeps.
 */
#include <string.h>

#include "components/sampled/sampled.h"
#include "fake_os.h"
#include "unit.h"

#define M 1000ULL

static void arithmetic(void)
{
	unsigned long long t, t_old, c = 0;

	/* No wrap: now - base; back: an error, the count untouched. */
	t = papi__smp_track_init(50);
	CHECK_EQ(papi__smp_count(0, 50, &t, 80, &c), PAPI_OK);
	CHECK_EQ(c, 30);
	c = 7;
	CHECK_EQ(papi__smp_count(0, 50, &t, 49, &c), PAPI_ESYS);
	CHECK_EQ(c, 7);

	/* Wrap at M: 900 -> 100 is 200. */
	t = papi__smp_track_init(900);
	CHECK_EQ(papi__smp_count(M, 900, &t, 950, &c), PAPI_OK);
	CHECK_EQ(c, 50);
	CHECK_EQ(papi__smp_count(M, 900, &t, 100, &c), PAPI_OK);
	CHECK_EQ(c, 200);
	/* Reads each period: three wraps. */
	CHECK_EQ(papi__smp_count(M, 900, &t, 999, &c), PAPI_OK);
	CHECK_EQ(c, M + 99);
	CHECK_EQ(papi__smp_count(M, 900, &t, 5, &c), PAPI_OK);
	CHECK_EQ(c, 2 * M + 5 - 900);
	t_old = t;
	CHECK_EQ(papi__smp_count(M, 900, &t, 500, &c), PAPI_OK);
	CHECK_EQ(c, 2 * M + 500 - 900);
	CHECK_EQ(papi__smp_count(M, 900, &t, 3, &c), PAPI_OK);
	CHECK_EQ(c, 3 * M + 3 - 900);
	/* A read that loaded t_old, sampled 400 (before the read that saw
	 * 500), counts from t_old: no wrap in between. */
	CHECK_EQ(papi__smp_count(M, 900, &t_old, 400, &c), PAPI_OK);
	CHECK_EQ(c, 2 * M + 400 - 900);
}

static int powercap_init(struct papi__cmp *c)
{
	extern const struct papi__cmp_ops papi__powercap_ops;

	memset(c, 0, sizeof(*c));
	c->ops = &papi__powercap_ops;
	return papi__cmp_init(c);
}

static void engine(void)
{
	struct papi__cmp c;
	struct papi__cmp_ctl *ctl = NULL;
	struct papi__ctl_opts o = { PAPI_DOM_ALL, PAPI_GRN_SYS, 0, -1, 0, 0 };
	unsigned int code;
	long long v[1];

	if (!fake_os_make_root())
		UNIT_SKIP("no temporary directory");
	fake_os_mkfile("/sys/class/powercap/intel-rapl:0/energy_uj", "990\n");
	fake_os_mkfile("/sys/class/powercap/intel-rapl:0/max_energy_range_uj",
		       "1000\n");
	CHECK_EQ(powercap_init(&c), PAPI_OK);
	CHECK_EQ(c.info.disabled, 0);
	CHECK_EQ(c.info.num_native_events, 2);
	CHECK_EQ(papi__cmp_ntv_name_to_code(&c, "powercap:::ENERGY_UJ:ZONE0",
					    &code),
		 PAPI_OK);
	CHECK_EQ(papi__cmp_ctl_create(&c, &o, &ctl), PAPI_OK);
	CHECK_EQ(papi__cmp_ctl_add(&c, ctl, code), PAPI_OK);
	CHECK_EQ(papi__cmp_start(&c, ctl), PAPI_OK);
	fake_os_mkfile("/sys/class/powercap/intel-rapl:0/energy_uj", "20\n");
	CHECK_EQ(papi__cmp_read(&c, ctl, v), PAPI_OK);
	CHECK_EQ(v[0], 30);
	fake_os_mkfile("/sys/class/powercap/intel-rapl:0/energy_uj", "995\n");
	CHECK_EQ(papi__cmp_read(&c, ctl, v), PAPI_OK);
	CHECK_EQ(v[0], 1005);
	fake_os_mkfile("/sys/class/powercap/intel-rapl:0/energy_uj", "1\n");
	CHECK_EQ(papi__cmp_stop(&c, ctl), PAPI_OK);
	CHECK_EQ(papi__cmp_read(&c, ctl, v), PAPI_OK);
	CHECK_EQ(v[0], 2 * 1000 + 1 - 990);
	/* Out of range and bad arguments. */
	CHECK_EQ(papi__cmp_ctl_add(&c, ctl, 99), PAPI_ENOEVNT);
	CHECK_EQ(papi__cmp_ctl_remove(&c, ctl, 5), PAPI_EINVAL);
	CHECK_EQ(papi__cmp_ntv_name_to_code(&c, "ENERGY_UJ:ZONE9", &code),
		 PAPI_ENOEVNT);
	papi__cmp_ctl_destroy(&c, ctl);
	papi__cmp_fini(&c);
}

int main(void)
{
	arithmetic();
	engine();
	return unit_exit();
}
