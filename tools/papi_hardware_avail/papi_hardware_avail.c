/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_hardware_avail: the machine's devices in PAPI 7.0's layout (a
 * summary per vendor, then each device), or as JSON with --json.
 *
 * PAPI 7.0 builds this from its sysdetect component; this library has no
 * CUDA or ROCm support, so those two report what PAPI reports when built
 * without them, and the CPU comes from PAPI_get_hardware_info(). A hybrid
 * machine (P and E cores, big.LITTLE) is one CPU device per core type in
 * the device queries (PAPI_get_dev_attr), and each is printed as PAPI 7.0
 * prints a device, its kind, CPUs and clock rate in its name.
 * PAPI_hw_info_t has no per-node lists, so the NUMA nodes' memory and CPUs
 * are read from /sys/devices/system/node, as sysdetect does; PAPI 7.0
 * prints 0MB for the memory on many machines.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NODE_DIR "/sys/devices/system/node"
#define RULE                                                             \
	"--------------------------------------------------------------" \
	"------------------"

static const char *const other_vendors[][2] = {
	{ "NVIDIA", "CUDA not configured, no CUDA device available" },
	{ "AMD/ATI", "ROCm not configured, no ROCm device available" },
};

/* ---- NUMA nodes ------------------------------------------------------- */

struct node {
	int id;
	long memory_mb; /* -1: unknown */
	char cpus[4096]; /* a CPU list, "0-3,8" */
};

static int read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Calls fn for each number of a list ("0-3,8"); stops at malformed text. */
static void list_each(const char *s, void (*fn)(long, void *), void *arg)
{
	long lo, hi;
	char *end;

	while (*s) {
		lo = hi = strtol(s, &end, 10);
		if (end == s)
			return;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (; lo <= hi; lo++)
			fn(lo, arg);
		s = *end == ',' ? end + 1 : end;
	}
}

struct nodes {
	struct node *v;
	int n, max;
};

static void add_node(long id, void *arg)
{
	struct nodes *ns = arg;
	struct node *nd;
	char path[128], buf[4096], *p;

	if (ns->n >= ns->max)
		return;
	nd = &ns->v[ns->n++];
	nd->id = (int)id;
	nd->memory_mb = -1;
	snprintf(path, sizeof(path), NODE_DIR "/node%ld/cpulist", id);
	if (read_file(path, nd->cpus, sizeof(nd->cpus)) < 0)
		nd->cpus[0] = '\0';
	snprintf(path, sizeof(path), NODE_DIR "/node%ld/meminfo", id);
	if (read_file(path, buf, sizeof(buf)) == 0 &&
	    (p = strstr(buf, "MemTotal:")) != NULL)
		nd->memory_mb = atol(p + strlen("MemTotal:")) / 1024;
}

/* The online nodes; a kernel without NUMA has none in sysfs, and then the
 * whole machine is node 0. Returns how many (at least 1). */
static int read_nodes(struct node *v, int max, int totalcpus)
{
	struct nodes ns = { v, 0, max };
	char online[4096];
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	if (read_file(NODE_DIR "/online", online, sizeof(online)) == 0)
		list_each(online, add_node, &ns);
	if (ns.n > 0)
		return ns.n;
	v[0].id = 0;
	v[0].memory_mb = pages > 0 && page > 0 ?
				 (long)((long long)pages * page >> 20) :
				 -1;
	if (totalcpus > 1)
		snprintf(v[0].cpus, sizeof(v[0].cpus), "0-%d", totalcpus - 1);
	else
		snprintf(v[0].cpus, sizeof(v[0].cpus), "0");
	return 1;
}

static void print_cpu_json(long cpu, void *arg)
{
	const char **sep = arg;

	printf("%s%ld", *sep, cpu);
	*sep = ", ";
}

static void print_cpu_text(long cpu, void *arg)
{
	(void)arg;
	printf("%ld ", cpu);
}

/* ---- CPU devices ------------------------------------------------------ */

struct cache_val {
	int present, size, line, lines, assoc;
};

/* What is printed of one CPU device. */
struct cpu_dev {
	const char *name;
	int family, model, stepping;
	int cores_per_socket, threads, smt; /* threads: the device's CPUs */
	int max_mhz, min_mhz;               /* -1: not known per device */
	struct cache_val cache[4];          /* L1i, L1d, L2, L3 */
};

static const struct {
	const char *name;
	int level, type;
	PAPI_dev_attr_e size, line, lines, assoc;
} shown[] = {
	{ "L1i", 1, PAPI_MH_TYPE_INST, PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_COUNT,
	  PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_ASSOC },
	{ "L1d", 1, PAPI_MH_TYPE_DATA, PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_COUNT,
	  PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_ASSOC },
	{ "L2", 2, 0, PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_COUNT,
	  PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_ASSOC },
	{ "L3", 3, 0, PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_SIZE,
	  PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_COUNT,
	  PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC },
};
#define NSHOWN (sizeof(shown) / sizeof(shown[0]))

/* The first cache of a level whose type matches (0: any type). */
static const PAPI_mh_cache_info_t *cache(const PAPI_hw_info_t *hw, int level,
					 int type)
{
	const PAPI_mh_cache_info_t *c;
	int i;

	if (level > hw->mem_hierarchy.levels)
		return NULL;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &hw->mem_hierarchy.level[level - 1].cache[i];
		if (c->type != PAPI_MH_TYPE_EMPTY &&
		    (!type || PAPI_MH_CACHE_TYPE(c->type) == type))
			return c;
	}
	return NULL;
}

/* The machine as one device: PAPI_hw_info_t. */
static void dev_from_hw(struct cpu_dev *d, const PAPI_hw_info_t *hw)
{
	const PAPI_mh_cache_info_t *c;
	size_t i;

	memset(d, 0, sizeof(*d));
	d->name = hw->model_string;
	d->family = hw->cpuid_family;
	d->model = hw->cpuid_model;
	d->stepping = hw->cpuid_stepping;
	d->cores_per_socket = hw->cores;
	d->threads = hw->totalcpus;
	d->smt = hw->threads;
	d->max_mhz = hw->cpu_max_mhz;
	d->min_mhz = hw->cpu_min_mhz;
	for (i = 0; i < NSHOWN; i++) {
		c = cache(hw, shown[i].level, shown[i].type);
		if (!c)
			continue;
		d->cache[i] = (struct cache_val){ 1, c->size, c->line_size,
						  c->num_lines,
						  c->associativity };
	}
}

static int dev_uint(void *h, int id, PAPI_dev_attr_e a)
{
	unsigned int v = 0;

	return PAPI_get_dev_attr(h, id, a, &v) == PAPI_OK ? (int)v : 0;
}

/* One core type of a hybrid machine: the device queries. */
static void dev_from_query(struct cpu_dev *d, void *h, int id,
			   const PAPI_hw_info_t *hw)
{
	int sockets = hw->sockets > 0 ? hw->sockets : 1, cores;
	size_t i;

	memset(d, 0, sizeof(*d));
	if (PAPI_get_dev_attr(h, id, PAPI_DEV_ATTR__CPU_CHAR_NAME, &d->name) !=
		    PAPI_OK ||
	    !d->name)
		d->name = hw->model_string;
	d->family = dev_uint(h, id, PAPI_DEV_ATTR__CPU_UINT_FAMILY);
	d->model = dev_uint(h, id, PAPI_DEV_ATTR__CPU_UINT_MODEL);
	d->stepping = dev_uint(h, id, PAPI_DEV_ATTR__CPU_UINT_STEPPING);
	cores = dev_uint(h, id, PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT);
	d->threads = dev_uint(h, id, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT);
	d->cores_per_socket = cores / sockets;
	d->smt = cores > 0 ? d->threads / cores : 0;
	d->max_mhz = d->min_mhz = -1;
	for (i = 0; i < NSHOWN; i++) {
		struct cache_val *c = &d->cache[i];

		c->size = dev_uint(h, id, shown[i].size);
		c->line = dev_uint(h, id, shown[i].line);
		c->lines = dev_uint(h, id, shown[i].lines);
		c->assoc = dev_uint(h, id, shown[i].assoc);
		c->present = c->size > 0 || c->line > 0;
	}
}

/* The CPU devices: one per core type on a hybrid machine, else the
 * machine; returns how many (at most max). */
static int cpu_devices(struct cpu_dev *d, int max, const PAPI_hw_info_t *hw)
{
	void *h = NULL, *cpu = NULL;
	int id, n = 0, i;

	while (PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, &h) == PAPI_OK)
		if (PAPI_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID,
					   &id) == PAPI_OK &&
		    id == PAPI_DEV_TYPE_ID__CPU && !cpu)
			cpu = h;
	if (cpu && PAPI_get_dev_type_attr(cpu, PAPI_DEV_TYPE_ATTR__INT_COUNT,
					  &n) != PAPI_OK)
		n = 0;
	if (n < 2) {
		dev_from_hw(d, hw);
		return 1;
	}
	if (n > max)
		n = max;
	for (i = 0; i < n; i++)
		dev_from_query(&d[i], cpu, i, hw);
	return n;
}

/* ---- text ------------------------------------------------------------- */

static void print_device(const PAPI_hw_info_t *hw, const struct cpu_dev *d,
			 int id, struct node *nodes, int nnodes)
{
	char label[32];
	size_t i;
	int n;

	printf("Vendor                                : %s (%d,0x%x)\n",
	       hw->vendor_string, hw->vendor, (unsigned)hw->vendor);
	printf("Id                                    : %d\n", id);
	printf("Name                                  : %s\n", d->name);
	printf("CPUID                                 : Family/Model/Stepping "
	       "%d/%d/%d 0x%02x/0x%02x/0x%02x\n",
	       d->family, d->model, d->stepping, (unsigned)d->family,
	       (unsigned)d->model, (unsigned)d->stepping);
	printf("Sockets                               : %d\n", hw->sockets);
	printf("Numa regions                          : %d\n", nnodes);
	printf("Cores per socket                      : %d\n",
	       d->cores_per_socket);
	printf("Cores per NUMA region                 : %d\n",
	       d->threads / nnodes);
	printf("SMT threads per core                  : %d\n", d->smt);
	for (i = 0; i < NSHOWN; i++) {
		const struct cache_val *c = &d->cache[i];

		if (c->size <= 0)
			continue;
		snprintf(label, sizeof(label), "%s Cache", shown[i].name);
		printf("%-38s: Size/LineSize/Lines/Assoc %dKB/%dB/%d/%d\n",
		       label, c->size >> 10, c->line, c->lines, c->assoc);
	}
	for (n = 0; n < nnodes; n++) {
		printf("Numa Node %d Memory                    : %ldMB\n",
		       nodes[n].id,
		       nodes[n].memory_mb > 0 ? nodes[n].memory_mb : 0);
		printf("Numa Node %d Threads                   : ",
		       nodes[n].id);
		list_each(nodes[n].cpus, print_cpu_text, NULL);
		printf("\n");
	}
	printf("\n");
}

static void print_text(const PAPI_hw_info_t *hw, const struct cpu_dev *d,
		       int ndev, struct node *nodes, int nnodes)
{
	size_t i;
	int k;

	printf("\nDevice Summary ---------------------------------------------"
	       "--------------------\n");
	printf("Vendor           DevCount \n");
	printf("%-18s (%d)\n \\-> Status: %s\n\n", hw->vendor_string, ndev,
	       "Device Initialized");
	for (i = 0; i < sizeof(other_vendors) / sizeof(other_vendors[0]); i++)
		printf("%-18s (%d)\n \\-> Status: %s\n\n", other_vendors[i][0],
		       0, other_vendors[i][1]);
	printf("\nDevice Information -----------------------------------------"
	       "--------------------\n");
	for (k = 0; k < ndev; k++)
		print_device(hw, &d[k], k, nodes, nnodes);
	printf("%s\n", RULE);
}

/* ---- JSON ------------------------------------------------------------- */

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void json_device(const PAPI_hw_info_t *hw, const struct cpu_dev *d,
			int id, struct node *nodes, int nnodes)
{
	const char *sep = "";
	size_t i;
	int n;

	printf("    {\"type\": \"cpu\", \"id\": %d, \"vendor\": ", id);
	json_str(hw->vendor_string);
	printf(", \"vendor_id\": %d, \"name\": ", hw->vendor);
	json_str(d->name);
	printf(",\n     \"family\": %d, \"model\": %d, \"stepping\": %d,\n",
	       d->family, d->model, d->stepping);
	printf("     \"total_cpus\": %d, \"sockets\": %d, \"numa_regions\": %d, "
	       "\"cores_per_socket\": %d, \"cores_per_numa_region\": %d, "
	       "\"smt_threads_per_core\": %d,\n",
	       d->threads, hw->sockets, nnodes, d->cores_per_socket,
	       d->threads / nnodes, d->smt);
	/* A hybrid type's rate is only in its name. */
	if (d->max_mhz >= 0)
		printf("     \"max_mhz\": %d, \"min_mhz\": %d, ", d->max_mhz,
		       d->min_mhz);
	else
		printf("     ");
	printf("\"virtualized\": %s, \"hypervisor\": ",
	       hw->virtualized ? "true" : "false");
	json_str(hw->virtual_vendor_string);
	printf(",\n     \"caches\": [");
	for (i = 0; i < NSHOWN; i++) {
		const struct cache_val *c = &d->cache[i];

		if (!c->present)
			continue;
		printf("%s\n       {\"name\": \"%s\", \"size\": %d, "
		       "\"line_size\": %d, \"lines\": %d, "
		       "\"associativity\": %d}",
		       sep, shown[i].name, c->size, c->line, c->lines,
		       c->assoc);
		sep = ",";
	}
	printf("\n     ],\n     \"numa_nodes\": [");
	for (n = 0; n < nnodes; n++) {
		sep = "";
		printf("%s\n       {\"id\": %d, \"memory_mb\": %ld, "
		       "\"threads\": [",
		       n ? "," : "", nodes[n].id, nodes[n].memory_mb);
		list_each(nodes[n].cpus, print_cpu_json, &sep);
		printf("]}");
	}
	printf("\n     ]}");
}

static void print_json(const PAPI_hw_info_t *hw, const struct cpu_dev *d,
		       int ndev, struct node *nodes, int nnodes)
{
	size_t i;
	int k;

	printf("{\n  \"summary\": [\n    {\"vendor\": ");
	json_str(hw->vendor_string);
	printf(", \"count\": %d, \"status\": \"Device Initialized\"}", ndev);
	for (i = 0; i < sizeof(other_vendors) / sizeof(other_vendors[0]); i++)
		printf(",\n    {\"vendor\": \"%s\", \"count\": 0, "
		       "\"status\": \"%s\"}",
		       other_vendors[i][0], other_vendors[i][1]);
	printf("\n  ],\n  \"devices\": [\n");
	for (k = 0; k < ndev; k++) {
		json_device(hw, &d[k], k, nodes, nnodes);
		printf("%s\n", k + 1 < ndev ? "," : "");
	}
	printf("  ]\n}\n");
}

static void usage(const char *argv0)
{
	printf("This is the PAPI hardware avail program.\n");
	printf("It provides availability of system's equipped hardware "
	       "devices.\n");
	printf("Usage: %s [options]\n", argv0);
	printf("Options:\n\n");
	printf("  --help, -h    print this help message\n");
	printf("  --json        print the devices as JSON\n");
}

int main(int argc, char **argv)
{
	static struct node nodes[64];
	static struct cpu_dev devs[8];
	const PAPI_hw_info_t *hw;
	int i, json = 0, nnodes, ndev, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(argv[0]);
			return 0;
		}
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else
			printf("%s is not supported\n", argv[i]);
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error!  PAPI_library_init\n");
		return 1;
	}
	hw = PAPI_get_hardware_info();
	if (!hw) {
		fprintf(stderr, "Error!  PAPI_get_hardware_info\n");
		return 1;
	}
	nnodes = read_nodes(nodes, (int)(sizeof(nodes) / sizeof(nodes[0])),
			    hw->totalcpus);
	ndev = cpu_devices(devs, (int)(sizeof(devs) / sizeof(devs[0])), hw);
	if (json)
		print_json(hw, devs, ndev, nodes, nnodes);
	else
		print_text(hw, devs, ndev, nodes, nnodes);
	PAPI_shutdown();
	return 0;
}
