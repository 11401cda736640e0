/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_native_avail: lists every enabled component's native events and
 * their qualifiers in PAPI's 80-column boxed layout, which scripts parse.
 * With -sde FILE it first has the SDE library (or program) FILE declare
 * its software-defined events through its papi_sde_hook_list_events, so
 * that the sde component lists them without the library running.
 */
#include <dlfcn.h>
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "sde_lib.h"

#include "../common/hw_header.h"

#define DASHES \
	"--------------------------------------------------------------------------------"
#define EQUALS \
	"==============================================================================="
#define DESCR_WIDTH 66 /* text column of "|            <text>|" */

struct opts {
	int check; /* -c: mark events that cannot be added "<NA>" */
	int noqual; /* --noqual / --noumasks */
	int modifier; /* --darr etc.: enumeration modifier, else 0 */
	const char *event; /* -e NAME */
	const char *include; /* -i STR */
	const char *exclude; /* -x STR */
	const char **sde; /* -sde FILE, each one given */
	int nsde;
};

#define SDE_HOOK "papi_sde_hook_list_events"

static const struct {
	const char *opt;
	int modifier;
	const char *help;
} proc_opts[] = {
	{ "--darr", PAPI_NTV_ENUM_DARR,
	  "display events supporting Data Address Range Restriction" },
	{ "--dear", PAPI_NTV_ENUM_DEAR,
	  "display Data Event Address Register events only" },
	{ "--iarr", PAPI_NTV_ENUM_IARR,
	  "display events supporting Instruction Address Range Restriction" },
	{ "--iear", PAPI_NTV_ENUM_IEAR,
	  "display Instruction Event Address Register events only" },
	{ "--opcm", PAPI_NTV_ENUM_OPCM,
	  "display events supporting OpCode Matching" },
};
#define NPROC (sizeof(proc_opts) / sizeof(proc_opts[0]))

static void usage(FILE *f, const char *prog)
{
	size_t i;

	fprintf(f,
		"This is the PAPI native avail program.\n"
		"It provides availability and details about PAPI Native Events.\n"
		"Usage: %s [options]\n"
		"Options:\n\n\n"
		"General command options:\n"
		"\t-h, --help       print this help message\n"
		"\t-c, --check      attempts to add each event\n"
		"\t-sde FILE        lists SDEs that are registered by the library or executable in FILE\n"
		"\t-e EVENTNAME     display detailed information about named native event\n"
		"\t-i EVENTSTR      include only event names that contain EVENTSTR\n"
		"\t-x EVENTSTR      exclude any event names that contain EVENTSTR\n"
		"\t--noqual         suppress display of event qualifiers (mask and flag) information\n"
		"\t--noumasks       same as --noqual\n"
		"\nProcessor-specific options:\n",
		prog);
	for (i = 0; i < NPROC; i++)
		fprintf(f, "\t%-16s %s\n", proc_opts[i].opt, proc_opts[i].help);
	fprintf(f,
		"\t--nogroups       suppress display of Event grouping information\n\n");
}

/*
 * The description column of the box, as PAPI 7.0's papi_native_avail
 * fills it (tests/e2e/dropin.sh compares the two byte for byte): the text
 * cut into pieces of DESCR_WIDTH characters, mid-word where the cut falls
 * there, blanks kept, and one more (empty) piece after a full one.
 */
static void print_wrapped(const char *s)
{
	size_t len = strlen(s), off = 0;
	int n;

	do {
		n = len - off > DESCR_WIDTH ? DESCR_WIDTH : (int)(len - off);
		printf("|            %-*.*s|\n", DESCR_WIDTH, n, s + off);
		off += (size_t)n;
	} while (n == DESCR_WIDTH);
}

/* A qualifier's own name: the symbol minus its event's name. */
static const char *qual_name(const char *sym, const char *base)
{
	size_t n = strlen(base);

	return strncmp(sym, base, n) == 0 && sym[n] ? sym + n : sym;
}

/* Qualifier descriptions read "<event text>, masks:<qualifier text>". */
static const char *qual_descr(const char *d)
{
	const char *m = strstr(d, "masks:");

	return m ? m + 6 : d;
}

/* -c: can the event be added to a fresh event set? */
static int can_add(const char *name)
{
	int es = PAPI_NULL, ok;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 0;
	ok = PAPI_add_named_event(es, name) == PAPI_OK;
	if (ok)
		PAPI_remove_named_event(es, name);
	if (PAPI_destroy_eventset(&es) != PAPI_OK)
		printf("**********  Call to destroy eventset failed when trying to "
		       "check event '%s'  **********\n",
		       name);
	return ok;
}

static int wanted(const char *name, const struct opts *o)
{
	if (o->include && !strstr(name, o->include))
		return 0;
	if (o->exclude && strstr(name, o->exclude))
		return 0;
	return 1;
}

/* -c: the event, or failing that one of its qualified forms, adds. */
static int check_event(int code, int cid, const char *name)
{
	PAPI_event_info_t q;
	int k = code;

	if (can_add(name))
		return 1;
	if (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cid) != PAPI_OK)
		return 0;
	do
		if (PAPI_get_event_info(k, &q) == PAPI_OK && can_add(q.symbol))
			return 1;
	while (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cid) == PAPI_OK);
	return 0;
}

static void print_event(const PAPI_event_info_t *info, int cid,
			const struct opts *o)
{
	PAPI_event_info_t q;
	int k = (int)info->event_code;

	printf("| %-73s%4s|\n", info->symbol,
	       o->check && !check_event(k, cid, info->symbol) ? "<NA>" : "");
	print_wrapped(info->long_descr);
	if (info->units[0])
		printf("|     Units: %-66s|\n", info->units);
	if (!o->noqual &&
	    PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cid) == PAPI_OK) {
		do {
			if (PAPI_get_event_info(k, &q) != PAPI_OK)
				continue;
			printf("|     %-73s|\n",
			       qual_name(q.symbol, info->symbol));
			print_wrapped(qual_descr(q.long_descr));
		} while (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cid) ==
			 PAPI_OK);
	}
}

/* Returns how many top-level events of component cid were listed, or -1
 * when the component is skipped. As in PAPI, a divider goes between two
 * events, and after the last component's events only if it listed any. */
static int list_component(int cid, const struct opts *o)
{
	const PAPI_component_info_t *c = PAPI_get_component_info(cid);
	PAPI_event_info_t info;
	int code = PAPI_NATIVE_MASK, n = 0;

	/* Disabled components have nothing to list, but delayed-init ones may. */
	if (c == NULL || (c->disabled && c->disabled != PAPI_EDELAY_INIT))
		return -1;
	printf("%s\n Native Events in Component: %s\n%s\n", EQUALS, c->name,
	       EQUALS);
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cid) != PAPI_OK)
		return 0;
	do {
		if (PAPI_get_event_info(code, &info) != PAPI_OK ||
		    !wanted(info.symbol, o))
			continue;
		if (n)
			printf("%s\n", DASHES);
		print_event(&info, cid, o);
		n++;
	} while (PAPI_enum_cmp_event(&code, o->modifier, cid) == PAPI_OK);
	return n;
}

/*
 * An sde::: name no library has registered: the sde component answers it
 * with a placeholder, for a library that registers it later (docs/sde.md),
 * which the component's enumeration leaves out. Not an event to describe:
 * -e reports it as not found.
 */
static int sde_unregistered(int code)
{
	int cid = PAPI_get_event_component(code), k = PAPI_NATIVE_MASK;
	const PAPI_component_info_t *c = PAPI_get_component_info(cid);

	if (c == NULL || strcmp(c->name, "sde") != 0)
		return 0;
	if (PAPI_enum_cmp_event(&k, PAPI_ENUM_FIRST, cid) == PAPI_OK)
		do
			if (k == code)
				return 0;
		while (PAPI_enum_cmp_event(&k, PAPI_ENUM_EVENTS, cid) ==
		       PAPI_OK);
	return 1;
}

/* -e: one event with its description and qualifiers. */
static void show_event(const char *name)
{
	PAPI_event_info_t info, q;
	int code, k;

	if (PAPI_event_name_to_code(name, &code) != PAPI_OK ||
	    PAPI_get_event_info(code, &info) != PAPI_OK ||
	    sde_unregistered(code)) {
		printf("Sorry, an event by the name '%s' could not be found.\n"
		       "Is it typed correctly?\n\n",
		       name);
		return;
	}
	printf("Event name:     %s\n", info.symbol);
	printf("Description:    %s\n", info.long_descr);
	if (info.units[0])
		printf("Units:          %s\n", info.units);
	k = code;
	if (PAPI_enum_event(&k, PAPI_NTV_ENUM_UMASKS) == PAPI_OK) {
		printf("\nQualifiers:         Name -- Description\n");
		do {
			if (PAPI_get_event_info(k, &q) == PAPI_OK)
				printf("      Info:   %10s -- %s\n",
				       qual_name(q.symbol, info.symbol),
				       qual_descr(q.long_descr));
		} while (PAPI_enum_event(&k, PAPI_NTV_ENUM_UMASKS) == PAPI_OK);
	}
}

static const char *need_arg(int argc, char **argv, int i)
{
	if (i + 1 >= argc || argv[i + 1][0] == '\0') {
		fprintf(stderr, "Invalid argument for %s\n", argv[i]);
		exit(1);
	}
	return argv[i + 1];
}

static void parse_args(int argc, char **argv, struct opts *o)
{
	int i;
	size_t p;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout, argv[0]);
			exit(0);
		} else if (!strcmp(a, "-c") || !strcmp(a, "--check")) {
			o->check = 1;
		} else if (!strcmp(a, "-sde")) {
			if (i + 1 >= argc || argv[i + 1][0] == '\0') {
				fprintf(stderr,
					"Invalid argument for -sde: no FILE "
					"(the library or executable whose "
					"SDEs to list)\n");
				exit(1);
			}
			o->sde[o->nsde++] = argv[++i];
		} else if (!strcmp(a, "-e")) {
			o->event = need_arg(argc, argv, i++);
		} else if (!strcmp(a, "-i")) {
			o->include = need_arg(argc, argv, i++);
		} else if (!strcmp(a, "-x")) {
			o->exclude = need_arg(argc, argv, i++);
		} else if (!strcmp(a, "--noqual") || !strcmp(a, "--noumasks")) {
			o->noqual = 1;
		} else if (!strcmp(a, "--nogroups")) {
			/* No Linux component has event groups: nothing to hide. */
		} else {
			for (p = 0; p < NPROC; p++)
				if (!strcmp(a, proc_opts[p].opt))
					break;
			if (p == NPROC) {
				fprintf(stderr, "%s is not supported\n", a);
				usage(stderr, argv[0]);
				exit(1);
			}
			o->modifier = proc_opts[p].modifier;
		}
	}
}

/*
 * -sde FILE: load FILE (its own scope: its symbols cannot clash with
 * ours or another FILE's) and call its hook with libsde's calls, the ones
 * this program is linked with; the library registers its events and
 * their descriptions in libsde, where the sde component finds them. FILE
 * stays loaded: callbacks it registered point into it.
 */
static void load_sde_file(const char *file)
{
	papi_handle_t (*hook)(papi_sde_fptr_struct_t *);
	static papi_sde_fptr_struct_t calls;
	const char *err;
	void *h;

	POPULATE_SDE_FPTR_STRUCT(calls);
	h = dlopen(file, RTLD_LOCAL | RTLD_LAZY);
	if (!h) {
		err = dlerror();
		fprintf(stderr, "Error! -sde: cannot load '%s': %s\n", file,
			err ? err : "unknown error");
		exit(1);
	}
	dlerror();
	*(void **)&hook = dlsym(h, SDE_HOOK);
	if (!hook) {
		err = dlerror();
		fprintf(stderr,
			"Error! -sde: '%s' does not define %s, so it lists "
			"no SDEs%s%s\n",
			file, SDE_HOOK, err ? ": " : "", err ? err : "");
		exit(1);
	}
	hook(&calls);
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	int ret, cid, ncmp, total = 0, last = 0, i;

	o.sde = calloc((size_t)argc, sizeof(*o.sde));
	if (!o.sde) {
		fprintf(stderr, "Error! out of memory\n");
		return 1;
	}
	parse_args(argc, argv, &o);
	/* Before PAPI starts: the events are there when it first looks. */
	for (i = 0; i < o.nsde; i++)
		load_sde_file(o.sde[i]);
	free(o.sde);
	o.sde = NULL;
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error! PAPI_library_init: %s\n",
			ret < 0 ? PAPI_strerror(ret) : "version mismatch");
		return 1;
	}
	papi_tool_header("Available native events and hardware information.",
			 "Error!  PAPI_get_hardware_info\n");
	if (o.event) {
		show_event(o.event);
		return 0;
	}
	ncmp = PAPI_num_components();
	for (cid = 0; cid < ncmp; cid++) {
		int n = list_component(cid, &o);

		if (n >= 0) {
			total += n;
			last = n;
		}
	}
	if (last)
		printf("%s\n", DASHES);
	printf("\nTotal events reported: %d\n", total);
	if (total == 0)
		printf("\nNo events detected!  Check papi_component_avail to find out why.\n\n");
	return 0;
}
