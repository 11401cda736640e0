// SPDX-License-Identifier: BSD-3-Clause
/*
 * The rapl component: the RAPL energy counters read from the processor's
 * MSRs through the msr driver (/dev/cpu/N/msr, or LLNL's msr_safe), one
 * CPU per package. PAPI 7.0's names and units: PACKAGE_ENERGY:PACKAGE0,
 * PP0_ENERGY, PP1_ENERGY, DRAM_ENERGY, PSYS_ENERGY in nanojoules (scaled
 * by the energy unit of MSR_RAPL_POWER_UNIT), the same with _CNT in the
 * counter's raw units; on Intel, THERMAL_SPEC, MINIMUM_POWER,
 * MAXIMUM_POWER (watts) and MAXIMUM_TIME_WINDOW (seconds) as doubles
 * (PAPI_DATATYPE_FP64), and their _CNT raw fields.
 *
 * Intel family 6 and AMD family 17h and later (PAPI 7.0: 17h only). PAPI
 * keeps a table of models; we try each domain's MSR and list those that
 * read, so a new model works and a missing domain is not listed. The
 * energy counters are 32 bits wide: the engine counts their wrap-around
 * (sampled.h). DRAM counts 15.3 uJ units on the server parts whose
 * kernels say so (Haswell-X and later Xeons, Xeon Phi), whatever the unit
 * register says.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/sampled/sampled.h"

#define MAX_PKGS 64

enum { T_ENERGY_CNT, T_ENERGY, T_INFO_CNT, T_INFO_W, T_INFO_S };

struct rapl_own {
	int power_shift, energy_shift, time_shift;
	/* The file offset of MSR m is m * stride: 1 for the msr driver;
	 * 8 under PAPI_SYS_ROOT, whose test files cannot hold 8-byte values
	 * at consecutive offsets (cmp_tree.h). */
	unsigned long long stride;
};

struct domain {
	const char *name, *what;
	unsigned int msr;
	int dram;
};

/* The package CPUs: cpu[k] is package k's first CPU. */
struct pkgs {
	int n;
	long long cpu[MAX_PKGS];
	long long id[MAX_PKGS];
};

static int rd_msr(const struct papi__smp *s, const char *path,
		  unsigned int msr, unsigned long long *v)
{
	const struct rapl_own *o = s->own;
	long got = papi__os_pread_file(path, v, sizeof(*v),
				       (long long)(msr * o->stride));

	if (got < 0)
		return (int)got;
	return got == (long)sizeof(*v) ? 0 : -5; /* EIO */
}

static int rapl_sample(const struct papi__smp *s, int tid,
		       const unsigned int *codes, int n,
		       unsigned long long *raw)
{
	int i, ret = PAPI_OK;

	for (i = 0; i < n; i++) {
		const struct papi__smp_event *e = &s->ev[codes[i]];

		if (rd_msr(s, e->path, (unsigned int)e->arg[0], &raw[i]) < 0) {
			raw[i] = ~0ULL;
			ret = PAPI_ESYS;
		} else if (e->arg[1] == T_ENERGY_CNT ||
			   e->arg[1] == T_ENERGY) {
			raw[i] &= 0xffffffffULL;
		}
	}
	return ret;
}

static long long rapl_scale(const struct papi__smp *s, unsigned int code,
			    unsigned long long v)
{
	const struct papi__smp_event *e = &s->ev[code];
	const struct rapl_own *o = s->own;
	unsigned long long field;
	double d;
	long long out;

	switch (e->arg[1]) {
	case T_ENERGY:
		/* counts * 1e9 / 2^shift, exact in 128 bits. */
		return (long long)(((unsigned __int128)v * 1000000000ULL) >>
				   e->arg[2]);
	case T_INFO_CNT:
		return (long long)((v >> e->arg[2]) & 0x7fff);
	case T_INFO_W:
	case T_INFO_S:
		field = (v >> e->arg[2]) & 0x7fff;
		d = (double)field /
		    (double)(1ULL << (e->arg[1] == T_INFO_W ? o->power_shift
							    : o->time_shift));
		memcpy(&out, &d, sizeof(out));
		return out;
	default:
		return (long long)v;
	}
}

/* vendor_id, cpu family and model of the first CPU in /proc/cpuinfo. */
static int cpu_id(const struct papi__smp *s, char *vendor, size_t vlen,
		  int *family, int *model)
{
	char buf[4096], *p;

	if (papi__smp_read_text(s, "/proc/cpuinfo", buf, sizeof(buf)) < 0)
		return -1;
	*vendor = '\0';
	*family = *model = -1;
	if ((p = strstr(buf, "vendor_id")) && (p = strchr(p, ':')))
		sscanf(p + 1, " %31s", vendor);
	(void)vlen;
	if ((p = strstr(buf, "cpu family")) && (p = strchr(p, ':')))
		*family = atoi(p + 1);
	if ((p = strstr(buf, "\nmodel\t")) && (p = strchr(p, ':')))
		*model = atoi(p + 1);
	return 0;
}

struct walk {
	const struct papi__smp *s;
	struct pkgs *p;
};

static int one_cpu(const char *name, void *arg)
{
	struct walk *w = arg;
	char path[128];
	unsigned long long id;
	int cpu, len = 0, k;

	if (sscanf(name, "cpu%d%n", &cpu, &len) != 1 || name[len])
		return 0;
	papi__smp_fmt(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
		 cpu);
	if (papi__smp_read_ull(w->s, path, &id) < 0)
		return 0; /* offline */
	for (k = 0; k < w->p->n; k++)
		if (w->p->id[k] == (long long)id) {
			if (cpu < w->p->cpu[k])
				w->p->cpu[k] = cpu;
			return 0;
		}
	if (w->p->n < MAX_PKGS) {
		w->p->id[w->p->n] = (long long)id;
		w->p->cpu[w->p->n++] = cpu;
	}
	return 0;
}

/* Packages in id order. */
static void sort_pkgs(struct pkgs *p)
{
	int i, j;

	for (i = 1; i < p->n; i++)
		for (j = i; j > 0 && p->id[j - 1] > p->id[j]; j--) {
			long long t = p->id[j];

			p->id[j] = p->id[j - 1];
			p->id[j - 1] = t;
			t = p->cpu[j];
			p->cpu[j] = p->cpu[j - 1];
			p->cpu[j - 1] = t;
		}
}

/* The MSR device of a CPU: msr_safe when it reads, else msr. */
static int msr_dev(const struct papi__smp *s, long long cpu, char *out,
		   size_t len, unsigned int unit_msr, int *err)
{
	char rel[64];
	unsigned long long v;

	papi__smp_fmt(rel, sizeof(rel), "/dev/cpu/%lld/msr_safe", cpu);
	papi__smp_path(s, out, len, rel);
	if (rd_msr(s, out, unit_msr, &v) == 0)
		return 0;
	papi__smp_fmt(rel, sizeof(rel), "/dev/cpu/%lld/msr", cpu);
	papi__smp_path(s, out, len, rel);
	*err = rd_msr(s, out, unit_msr, &v);
	return *err;
}

static int is_dram_server(int model)
{
	/* Haswell-X, Broadwell-X, Skylake-X, Xeon Phi KNL/KNM, Ice Lake-X/D,
	 * Sapphire and Emerald Rapids: DRAM in 2^-16 J whatever the unit
	 * register says (the kernel's intel_rapl driver does the same). */
	static const int m[] = { 63, 79, 85, 87, 106, 108, 133, 143, 207 };
	unsigned int i;

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (m[i] == model)
			return 1;
	return 0;
}

static struct papi__smp_event *add(struct papi__smp *s, const char *name,
				   long long pkg, const char *descr,
				   const char *units, const char *dev,
				   unsigned int msr, int type, int shift)
{
	struct papi__smp_event *e = papi__smp_add(s);

	if (!e)
		return NULL;
	papi__smp_fmt(e->name, sizeof(e->name), "%s:PACKAGE%lld", name, pkg);
	papi__smp_fmt(e->descr, sizeof(e->descr), "%s %lld", descr, pkg);
	papi__smp_fmt(e->units, sizeof(e->units), "%s", units);
	papi__smp_fmt(e->path, sizeof(e->path), "%s", dev);
	e->arg[0] = msr;
	e->arg[1] = type;
	e->arg[2] = shift;
	if (type == T_ENERGY || type == T_ENERGY_CNT) {
		e->kind = PAPI__SMP_COUNTER;
		e->modulus = 1ULL << 32;
	} else {
		e->kind = PAPI__SMP_GAUGE;
		if (type == T_INFO_W || type == T_INFO_S)
			e->data_type = PAPI_DATATYPE_FP64;
	}
	return e;
}

static const struct {
	const char *name, *descr, *cnt_descr, *units;
	int type, shift;
} infos[] = {
	{ "THERMAL_SPEC", "Thermal specification for package",
	  "Thermal specification in counts; package", "W", T_INFO_W, 0 },
	{ "MINIMUM_POWER", "Minimum power for package",
	  "Minimum power in counts; package", "W", T_INFO_W, 16 },
	{ "MAXIMUM_POWER", "Maximum power for package",
	  "Maximum power in counts; package", "W", T_INFO_W, 32 },
	{ "MAXIMUM_TIME_WINDOW", "Maximum time window for package",
	  "Maximum time window in counts; package", "s", T_INFO_S, 48 },
};

static int rapl_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = {
		.sample = rapl_sample,
		.scale = rapl_scale,
	};
	/* PAPI's order of the energy domains. */
	static const struct domain intel[] = {
		{ "PACKAGE_ENERGY", "by chip package", 0x611, 0 },
		{ "PP1_ENERGY", "by Power Plane 1 (often GPU) on package",
		  0x641, 0 },
		{ "DRAM_ENERGY", "by DRAM on package", 0x619, 1 },
		{ "PSYS_ENERGY", "by SoC on package", 0x64d, 0 },
		{ "PP0_ENERGY", "by all cores in package", 0x639, 0 },
	};
	static const struct domain amd[] = {
		{ "PACKAGE_ENERGY", "by chip package", 0xc001029b, 0 },
		{ "PP0_ENERGY", "by all cores in package", 0xc001029a, 0 },
	};
	struct papi__smp *s = papi__smp_new(self, &ops);
	struct rapl_own *o;
	struct pkgs *p;
	struct walk w;
	const struct domain *dom;
	char vendor[32], dir[PAPI__SMP_PATH];
	char (*dev)[PAPI__SMP_PATH];
	unsigned int unit_msr, i, ndom;
	unsigned long long unit, v;
	int family, model, k, err = 0, is_intel, pass, ok_dom[8] = { 0 };
	int info_ok = 0;

	if (!s || !(o = calloc(1, sizeof(*o))))
		return PAPI_ENOMEM;
	s->own = o;
	o->stride = s->root[0] ? 8 : 1;
	papi__smp_info_fill(self, "Linux RAPL energy measurements");
	if (cpu_id(s, vendor, sizeof(vendor), &family, &model) < 0) {
		papi__smp_disable(self, "cannot read /proc/cpuinfo");
		return PAPI_OK;
	}
	is_intel = !strcmp(vendor, "GenuineIntel") && family == 6;
	if (is_intel) {
		unit_msr = 0x606;
		dom = intel;
		ndom = sizeof(intel) / sizeof(intel[0]);
	} else if ((!strcmp(vendor, "AuthenticAMD") ||
		    !strcmp(vendor, "HygonGenuine")) &&
		   family >= 0x17) {
		unit_msr = 0xc0010299;
		dom = amd;
		ndom = sizeof(amd) / sizeof(amd[0]);
	} else {
		papi__smp_disable(self, "not a processor with RAPL MSRs "
				  "(Intel family 6, AMD family 17h+): %s "
				  "family %d", vendor[0] ? vendor : "?",
				  family);
		return PAPI_OK;
	}
	p = calloc(1, sizeof(*p));
	dev = calloc(MAX_PKGS, sizeof(*dev));
	if (!p || !dev) {
		free(p);
		free(dev);
		return PAPI_ENOMEM;
	}
	w.s = s;
	w.p = p;
	papi__smp_path(s, dir, sizeof(dir), "/sys/devices/system/cpu");
	papi__os_list_dir(dir, one_cpu, &w);
	sort_pkgs(p);
	if (!p->n) {
		papi__smp_disable(self, "no CPU package in "
				  "/sys/devices/system/cpu/cpu*/topology");
		goto out;
	}
	for (k = 0; k < p->n; k++)
		if (msr_dev(s, p->cpu[k], dev[k], sizeof(dev[k]), unit_msr,
			    &err) < 0)
			break;
	if (k < p->n) {
		papi__smp_disable(
			self, "cannot read the RAPL unit MSR of cpu %lld: %s",
			p->cpu[k],
			err == -2    ? "no /dev/cpu/N/msr (modprobe msr)"
			: err == -13 || err == -1
				? "/dev/cpu/N/msr needs root (CAP_SYS_RAWIO)"
				: "the MSR does not read (a VM without RAPL?)");
		goto out;
	}
	rd_msr(s, dev[0], unit_msr, &unit);
	o->power_shift = (int)(unit & 0xf);
	o->energy_shift = (int)((unit >> 8) & 0x1f);
	o->time_shift = (int)((unit >> 16) & 0xf);
	for (i = 0; i < ndom; i++)
		ok_dom[i] = rd_msr(s, dev[0], dom[i].msr, &v) == 0;
	info_ok = is_intel && rd_msr(s, dev[0], 0x614, &v) == 0;
	/* The raw counts first, then the scaled values, as PAPI lists. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; info_ok && i < sizeof(infos) / sizeof(infos[0]);
		     i++)
			for (k = 0; k < p->n; k++) {
				char nm[64];

				papi__smp_fmt(nm, sizeof(nm), "%s%s", infos[i].name,
					 pass ? "" : "_CNT");
				if (!add(s, nm, k,
					 pass ? infos[i].descr
					      : infos[i].cnt_descr,
					 pass ? infos[i].units : "", dev[k],
					 0x614,
					 pass ? infos[i].type : T_INFO_CNT,
					 infos[i].shift))
					goto nomem;
			}
		for (i = 0; i < ndom; i++)
			for (k = 0; ok_dom[i] && k < p->n; k++) {
				char nm[64], ds[128];
				int shift = dom[i].dram && is_intel &&
							    is_dram_server(model)
						    ? 16
						    : o->energy_shift;

				papi__smp_fmt(nm, sizeof(nm), "%s%s", dom[i].name,
					 pass ? "" : "_CNT");
				papi__smp_fmt(ds, sizeof(ds), "Energy used %s%s",
					 pass ? "" : "in counts ",
					 dom[i].what);
				if (!add(s, nm, k, ds, pass ? "nJ" : "",
					 dev[k], dom[i].msr,
					 pass ? T_ENERGY : T_ENERGY_CNT, shift))
					goto nomem;
			}
	}
	papi__smp_info_fill(self, "Linux RAPL energy measurements");
	if (!s->n)
		papi__smp_disable(self, "no RAPL energy MSR reads");
out:
	free(p);
	free(dev);
	return PAPI_OK;
nomem:
	free(p);
	free(dev);
	return PAPI_ENOMEM;
}

const struct papi__cmp_ops papi__rapl_ops = {
	.name = "rapl",
	.init = rapl_init,
	PAPI__SMP_OPS,
};
