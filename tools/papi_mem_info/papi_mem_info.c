/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_mem_info: the TLBs and caches of PAPI_get_hardware_info(), in PAPI
 * 7.0's layout (every TLB, one block per page size, then every cache), or
 * as JSON with --json. Page sizes are PAPI's bytes shown in KB; an
 * associativity of SHRT_MAX is PAPI's "fully associative", 0 "unknown".
 */
#include <papi.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *kind(int type, int json)
{
	switch (PAPI_MH_CACHE_TYPE(type)) {
	case PAPI_MH_TYPE_UNIFIED:
		return json ? "unified" : "Unified";
	case PAPI_MH_TYPE_DATA:
		return json ? "data" : "Data";
	case PAPI_MH_TYPE_INST:
		return json ? "instruction" : "Instruction";
	case PAPI_MH_TYPE_TRACE:
		return json ? "trace" : "Trace";
	case PAPI_MH_TYPE_VECTOR:
		return json ? "vector" : "Vector";
	default:
		return NULL;
	}
}

static void print_tlb(int level, const PAPI_mh_tlb_info_t *t)
{
	printf("L%d %s TLB:\n", level, kind(t->type, 0));
	if (t->page_size)
		printf("  Page Size:         %6d KB\n", t->page_size >> 10);
	printf("  Number of Entries: %6d\n", t->num_entries);
	/* PAPI prints nothing for an unknown (0) associativity. */
	if (t->associativity == 1)
		printf("  Associativity:      Direct Mapped\n\n");
	else if (t->associativity == SHRT_MAX)
		printf("  Associativity:       Full\n\n");
	else if (t->associativity)
		printf("  Associativity:     %6d\n\n", t->associativity);
}

static void print_cache(int level, const PAPI_mh_cache_info_t *c)
{
	const char *k = kind(c->type, 0);

	if (PAPI_MH_CACHE_TYPE(c->type) == PAPI_MH_TYPE_TRACE)
		printf("L%d Trace Buffer:\n", level);
	else
		printf("L%d %s Cache:\n", level, k);
	printf("  Total size:        %6d KB\n  Line size:         %6d B\n"
	       "  Number of Lines:   %6d\n  Associativity:     %6d\n\n",
	       c->size >> 10, c->line_size, c->num_lines, c->associativity);
}

static void print_text(const PAPI_mh_info_t *mh)
{
	int i, j;

	printf("Memory Cache and TLB Hierarchy Information.\n");
	printf("------------------------------------------------------------"
	       "------------\n");
	printf("TLB Information.\n  There may be multiple descriptors for "
	       "each level of TLB\n");
	printf("  if multiple page sizes are supported.\n\n");
	for (i = 0; i < mh->levels && i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++)
			if (kind(mh->level[i].tlb[j].type, 0))
				print_tlb(i + 1, &mh->level[i].tlb[j]);
	printf("\nCache Information.\n\n");
	for (i = 0; i < mh->levels && i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++)
			if (kind(mh->level[i].cache[j].type, 0))
				print_cache(i + 1, &mh->level[i].cache[j]);
}

static void print_json(const PAPI_mh_info_t *mh)
{
	const PAPI_mh_tlb_info_t *t;
	const PAPI_mh_cache_info_t *c;
	const char *sep = "";
	int i, j;

	printf("{\n  \"levels\": %d,\n  \"tlbs\": [", mh->levels);
	for (i = 0; i < mh->levels && i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			t = &mh->level[i].tlb[j];
			if (!kind(t->type, 1))
				continue;
			printf("%s\n    {\"level\": %d, \"type\": \"%s\", "
			       "\"page_size\": %d, \"entries\": %d, "
			       "\"associativity\": %d, "
			       "\"fully_associative\": %s}",
			       sep, i + 1, kind(t->type, 1), t->page_size,
			       t->num_entries, t->associativity,
			       t->associativity == SHRT_MAX ? "true" : "false");
			sep = ",";
		}
	printf("\n  ],\n  \"caches\": [");
	sep = "";
	for (i = 0; i < mh->levels && i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			c = &mh->level[i].cache[j];
			if (!kind(c->type, 1))
				continue;
			printf("%s\n    {\"level\": %d, \"type\": \"%s\", "
			       "\"size\": %d, \"line_size\": %d, "
			       "\"lines\": %d, \"associativity\": %d, "
			       "\"fully_associative\": %s}",
			       sep, i + 1, kind(c->type, 1), c->size,
			       c->line_size, c->num_lines, c->associativity,
			       c->associativity == SHRT_MAX ? "true" : "false");
			sep = ",";
		}
	printf("\n  ]\n}\n");
}

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"Usage: %s [options]\n"
		"Prints the TLBs and caches of this processor.\n\n"
		"  --json        print them as JSON\n"
		"  -q            print nothing (PAPI's TESTS_QUIET)\n"
		"  --help, -h    print this help message\n",
		argv0);
}

int main(int argc, char **argv)
{
	const PAPI_hw_info_t *hw;
	int i, json = 0, quiet = 0, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "-q") ||
			   !strcmp(argv[i], "TESTS_QUIET")) {
			quiet = 1;
		} else if (!strcmp(argv[i], "-h") ||
			   !strcmp(argv[i], "--help")) {
			usage(stdout, argv[0]);
			return 0;
		} else {
			fprintf(stderr, "%s: unknown option %s\n", argv[0],
				argv[i]);
			usage(stderr, argv[0]);
			return 1;
		}
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "%s: PAPI_library_init: %s\n", argv[0],
			ret < 0 ? PAPI_strerror(ret) : "version mismatch");
		return 1;
	}
	hw = PAPI_get_hardware_info();
	if (!hw) {
		fprintf(stderr, "%s: PAPI_get_hardware_info failed\n", argv[0]);
		return 1;
	}
	if (json)
		print_json(&hw->mem_hierarchy);
	else if (!quiet)
		print_text(&hw->mem_hierarchy);
	PAPI_shutdown();
	return 0;
}
