/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_hardware_avail: the machine's devices in PAPI 7.0's layout (a
 * summary per vendor, then each device), or as JSON with --json.
 *
 * PAPI 7.0 builds this from its sysdetect component; this library has no
 * device component (no CUDA or ROCm support, so those two report what PAPI
 * reports when built without them), and the CPU comes from
 * PAPI_get_hardware_info(). PAPI_hw_info_t has no per-node lists, so the
 * NUMA nodes' memory and CPUs are read from /sys/devices/system/node, as
 * sysdetect does; PAPI 7.0 prints 0MB for the memory on many machines.
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

/* ---- caches ----------------------------------------------------------- */

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

static const struct {
	const char *name;
	int level, type;
} shown[] = {
	{ "L1i", 1, PAPI_MH_TYPE_INST },
	{ "L1d", 1, PAPI_MH_TYPE_DATA },
	{ "L2", 2, 0 },
	{ "L3", 3, 0 },
};

/* ---- text ------------------------------------------------------------- */

static void print_text(const PAPI_hw_info_t *hw, struct node *nodes, int nnodes)
{
	const PAPI_mh_cache_info_t *c;
	char label[32];
	size_t i;
	int n;

	printf("\nDevice Summary ---------------------------------------------"
	       "--------------------\n");
	printf("Vendor           DevCount \n");
	printf("%-18s (%d)\n \\-> Status: %s\n\n", hw->vendor_string, 1,
	       "Device Initialized");
	for (i = 0; i < sizeof(other_vendors) / sizeof(other_vendors[0]); i++)
		printf("%-18s (%d)\n \\-> Status: %s\n\n", other_vendors[i][0],
		       0, other_vendors[i][1]);
	printf("\nDevice Information -----------------------------------------"
	       "--------------------\n");
	printf("Vendor                                : %s (%d,0x%x)\n",
	       hw->vendor_string, hw->vendor, (unsigned)hw->vendor);
	printf("Id                                    : %d\n", 0);
	printf("Name                                  : %s\n",
	       hw->model_string);
	printf("CPUID                                 : Family/Model/Stepping "
	       "%d/%d/%d 0x%02x/0x%02x/0x%02x\n",
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping,
	       (unsigned)hw->cpuid_family, (unsigned)hw->cpuid_model,
	       (unsigned)hw->cpuid_stepping);
	printf("Sockets                               : %d\n", hw->sockets);
	printf("Numa regions                          : %d\n", nnodes);
	printf("Cores per socket                      : %d\n", hw->cores);
	printf("Cores per NUMA region                 : %d\n",
	       hw->totalcpus / nnodes);
	printf("SMT threads per core                  : %d\n", hw->threads);
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		c = cache(hw, shown[i].level, shown[i].type);
		if (!c || c->size <= 0)
			continue;
		snprintf(label, sizeof(label), "%s Cache", shown[i].name);
		printf("%-38s: Size/LineSize/Lines/Assoc %dKB/%dB/%d/%d\n",
		       label, c->size >> 10, c->line_size, c->num_lines,
		       c->associativity);
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
	printf("\n%s\n", RULE);
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

static void print_json(const PAPI_hw_info_t *hw, struct node *nodes, int nnodes)
{
	const PAPI_mh_cache_info_t *c;
	const char *sep = "";
	size_t i;
	int n;

	printf("{\n  \"summary\": [\n    {\"vendor\": ");
	json_str(hw->vendor_string);
	printf(", \"count\": 1, \"status\": \"Device Initialized\"}");
	for (i = 0; i < sizeof(other_vendors) / sizeof(other_vendors[0]); i++)
		printf(",\n    {\"vendor\": \"%s\", \"count\": 0, "
		       "\"status\": \"%s\"}",
		       other_vendors[i][0], other_vendors[i][1]);
	printf("\n  ],\n  \"devices\": [\n    {\"type\": \"cpu\", \"id\": 0, "
	       "\"vendor\": ");
	json_str(hw->vendor_string);
	printf(", \"vendor_id\": %d, \"name\": ", hw->vendor);
	json_str(hw->model_string);
	printf(",\n     \"family\": %d, \"model\": %d, \"stepping\": %d,\n",
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping);
	printf("     \"total_cpus\": %d, \"sockets\": %d, \"numa_regions\": %d, "
	       "\"cores_per_socket\": %d, \"cores_per_numa_region\": %d, "
	       "\"smt_threads_per_core\": %d,\n",
	       hw->totalcpus, hw->sockets, nnodes, hw->cores,
	       hw->totalcpus / nnodes, hw->threads);
	printf("     \"max_mhz\": %d, \"min_mhz\": %d, \"virtualized\": %s, "
	       "\"hypervisor\": ",
	       hw->cpu_max_mhz, hw->cpu_min_mhz,
	       hw->virtualized ? "true" : "false");
	json_str(hw->virtual_vendor_string);
	printf(",\n     \"caches\": [");
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		c = cache(hw, shown[i].level, shown[i].type);
		if (!c)
			continue;
		printf("%s\n       {\"name\": \"%s\", \"size\": %d, "
		       "\"line_size\": %d, \"lines\": %d, "
		       "\"associativity\": %d}",
		       sep, shown[i].name, c->size, c->line_size, c->num_lines,
		       c->associativity);
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
	printf("\n     ]}\n  ]\n}\n");
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
	const PAPI_hw_info_t *hw;
	int i, json = 0, nnodes, ret;

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
	if (json)
		print_json(hw, nodes, nnodes);
	else
		print_text(hw, nodes, nnodes);
	PAPI_shutdown();
	return 0;
}
