// SPDX-License-Identifier: BSD-3-Clause
/*
 * The high-level API's report: one JSON file per process,
 * <PAPI_OUTPUT_DIRECTORY or cwd>/papi_hl_output/rank_NNNNNN.json, in PAPI
 * 7.0's format, so that PAPI's papi_hl_output_writer reads it too. NNNNNN
 * is the MPI rank when the launcher's environment names one (Open MPI,
 * PMIx, MPICH/Hydra's PMI, Slurm, Cray ALPS), else the process id (PAPI 7
 * draws a random number); a name that is taken gets the next number.
 *
 * Beyond PAPI 7.0's fields, a "process" object says where the report comes
 * from: host, pid, and in an MPI job the rank, the job's size and id and
 * which variable named them, so that papi_hl_output_writer can join the
 * ranks of one run and say which are missing; each thread says its thread
 * id ("tid"). No MPI symbol is used: any MPI, or none, works.
 *
 * This is the program's output, not kernel interface code, so it uses
 * stdio and POSIX file calls directly rather than src/os/ (the unit tests'
 * fake OS layer then needs nothing for it).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/edition.h"
#include "core/hl.h"
#include "os/os.h"

static int same_job(const char *dir);

/* Move an older measurement directory aside, as PAPI does, by adding its
 * time stamp to its name. A directory from this very second may be another
 * MPI rank's, just made: it is left alone (PAPI's rule too), and so is one
 * that holds reports of this same MPI job (a rank that begins its first
 * region after another rank ended). */
static void move_aside(const struct papi__hl *hl)
{
	struct stat st;
	char stamp[32], *to;
	time_t now = time(NULL);
	struct tm tm;

	if (stat(hl->outdir, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_mtime >= now || same_job(hl->outdir) ||
	    !localtime_r(&now, &tm))
		return;
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	to = malloc(strlen(hl->outdir) + sizeof(stamp) + 2);
	if (!to)
		return;
	sprintf(to, "%s-%s", hl->outdir, stamp);
	if (rename(hl->outdir, to) != 0)
		papi__hl_say(hl, "Warning",
			     "Cannot rename old measurement directory %s: %s.",
			     hl->outdir, strerror(errno));
	free(to);
}

int papi__hl_report_init(struct papi__hl *hl)
{
	const char *prefix = getenv("PAPI_OUTPUT_DIRECTORY");
	static const char leaf[] = "/papi_hl_output";
	char cwd[PATH_MAX];

	if (!prefix || !*prefix) {
		if (!getcwd(cwd, sizeof(cwd)))
			return PAPI_ESYS;
		prefix = cwd;
	}
	hl->outdir = malloc(strlen(prefix) + sizeof(leaf));
	if (!hl->outdir)
		return PAPI_ENOMEM;
	sprintf(hl->outdir, "%s%s", prefix, leaf);
	move_aside(hl);
	return PAPI_OK;
}

static int mkdir_p(const char *dir)
{
	char *p, *tmp = strdup(dir);
	int ret = 0;

	if (!tmp)
		return -1;
	for (p = tmp + 1; ret == 0 && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
			ret = -1;
		*p = '/';
	}
	if (ret == 0 && mkdir(tmp, 0755) != 0 && errno != EEXIST)
		ret = -1;
	free(tmp);
	return ret;
}

/* The first of the variables that is set to a number >= 0, or -1; its
 * name goes to *var. */
static int first_env(const char *const *vars, const char **var)
{
	char *end;
	long v;

	for (; *vars; vars++) {
		const char *s = getenv(*vars);

		if (!s || !*s)
			continue;
		v = strtol(s, &end, 10);
		if (*end || v < 0 || v > INT_MAX)
			continue;
		*var = *vars;
		return (int)v;
	}
	return -1;
}

/* The launchers' variables, each rank variable with the size variable of
 * the same launcher (PMIx has none: Open MPI sets its own beside it). */
static int rank_of_env(const char **var)
{
	static const char *const vars[] = { "OMPI_COMM_WORLD_RANK",
					    "PMIX_RANK", "PMI_RANK",
					    "SLURM_PROCID", "ALPS_APP_PE",
					    NULL };
	const char *dummy;

	return first_env(vars, var ? var : &dummy);
}

static int size_of_env(const char **var)
{
	static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE",
					    "PMI_SIZE", "SLURM_NTASKS", NULL };

	return first_env(vars, var);
}

/* The job's id, so that ranks of one run share a directory that a rank
 * starting late does not move aside: PMIx's namespace, Open MPI's job id,
 * Slurm's job and step. "" outside a launcher. */
static void job_of_env(char *buf, size_t len)
{
	const char *v;

	buf[0] = '\0';
	if ((v = getenv("PMIX_NAMESPACE")) && *v)
		snprintf(buf, len, "pmix:%s", v);
	else if ((v = getenv("OMPI_MCA_ess_base_jobid")) && *v)
		snprintf(buf, len, "ompi:%s", v);
	else if ((v = getenv("SLURM_JOB_ID")) && *v)
		snprintf(buf, len, "slurm:%s.%s", v,
			 getenv("SLURM_STEP_ID") ? getenv("SLURM_STEP_ID") : "");
}

/* Whether dir holds a report of this very job: its "process" object,
 * near the top of the file, names the job (put_process). */
static int same_job(const char *dir)
{
	char job[256], want[300], head[4096], path[PATH_MAX];
	struct dirent *e;
	int found = 0;
	size_t n;
	DIR *d;
	FILE *f;

	job_of_env(job, sizeof(job));
	if (!job[0] || !(d = opendir(dir)))
		return 0;
	snprintf(want, sizeof(want), "\"mpi_job\":\"%s\"", job);
	while (!found && (e = readdir(d))) {
		if (strncmp(e->d_name, "rank_", 5) ||
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >=
			    (int)sizeof(path) ||
		    !(f = fopen(path, "r")))
			continue;
		n = fread(head, 1, sizeof(head) - 1, f);
		fclose(f);
		head[n] = '\0';
		found = strstr(head, want) != NULL;
	}
	closedir(d);
	return found;
}

/* A new file rank_NNNNNN.json in dir; its path goes to path. NULL with
 * errno set when it cannot be made, ENAMETOOLONG when the path would not
 * fit (a truncated name would be a report nobody finds). */
static FILE *open_report(const char *dir, char *path, size_t len)
{
	int rank = rank_of_env(NULL), tries, fd = -1, n;
	FILE *f;

	if (mkdir_p(dir) != 0)
		return NULL;
	if (rank < 0)
		rank = papi__os_getpid() % 1000000;
	for (tries = 0; fd < 0 && tries < 1000; tries++, rank++) {
		n = snprintf(path, len, "%s/rank_%06d.json", dir, rank);
		if (n < 0 || (size_t)n >= len) {
			errno = ENAMETOOLONG;
			return NULL;
		}
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return NULL;
	if (!(f = fdopen(fd, "w")))
		close(fd);
	return f;
}

/* Where a report goes when the asked-for directory cannot take it:
 * TMPDIR (or /tmp)/papi_hl_output. */
static FILE *open_fallback(char *dir, size_t dlen, char *path, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	n = snprintf(dir, dlen, "%s/papi_hl_output", tmp);
	if (n < 0 || (size_t)n >= dlen) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return open_report(dir, path, len);
}

static void indent(FILE *f, int level)
{
	fputc('\n', f);
	while (level-- > 0)
		fputs("  ", f);
}

/* A JSON string: names come from programs and environments, so quotes,
 * backslashes and control characters are escaped (PAPI 7 does not). */
static void put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void put_key(FILE *f, int level, const char *key)
{
	indent(f, level);
	put_str(f, key);
	fputc(':', f);
}

/* Where the report comes from: "process":{"host", "pid", and in an MPI
 * job "mpi_rank", "mpi_size" (when the launcher says), "mpi_job",
 * "rank_from", "size_from"}. Strings, as PAPI 7 writes every value. */
static void put_process(FILE *f)
{
	char host[256] = "", job[256];
	const char *rvar = NULL, *svar = NULL;
	int rank = rank_of_env(&rvar), size = size_of_env(&svar);

	if (gethostname(host, sizeof(host)) != 0)
		host[0] = '\0';
	host[sizeof(host) - 1] = '\0';
	put_key(f, 1, "process");
	fputc('{', f);
	put_key(f, 2, "host");
	put_str(f, host);
	fputc(',', f);
	put_key(f, 2, "pid");
	fprintf(f, "\"%d\"", (int)papi__os_getpid());
	if (rank >= 0) {
		fputc(',', f);
		put_key(f, 2, "mpi_rank");
		fprintf(f, "\"%d\",", rank);
		put_key(f, 2, "rank_from");
		put_str(f, rvar);
		if (size > 0) {
			fputc(',', f);
			put_key(f, 2, "mpi_size");
			fprintf(f, "\"%d\",", size);
			put_key(f, 2, "size_from");
			put_str(f, svar);
		}
		job_of_env(job, sizeof(job));
		if (job[0]) {
			fputc(',', f);
			put_key(f, 2, "mpi_job");
			put_str(f, job);
		}
	}
	indent(f, 1);
	fputs("},", f);
}

static void put_header(FILE *f, const struct papi__hl *hl)
{
	const PAPI_hw_info_t *hw = papi__lib_hw();
	char cpu[sizeof(hw->model_string)], *d = cpu;
	const char *s;
	int i;

	/* The model string with runs of blanks made one, as PAPI 7. */
	for (s = hw->model_string; *s; s++)
		if (*s != ' ' || (d > cpu && d[-1] != ' '))
			*d++ = *s;
	*d = '\0';
	fputc('{', f);
	put_key(f, 1, "papi_version");
	/* The edition linked (libpapi.so.7.0, .7.1, .7.2). */
	fprintf(f, "\"%d.%d.%d.%d\",", PAPI_VERSION_MAJOR(papi__ed_version()),
		PAPI_VERSION_MINOR(papi__ed_version()),
		PAPI_VERSION_REVISION(papi__ed_version()),
		PAPI_VERSION_INCREMENT(papi__ed_version()));
	put_key(f, 1, "cpu_info");
	put_str(f, cpu);
	fputc(',', f);
	put_key(f, 1, "max_cpu_rate_mhz");
	fprintf(f, "\"%d\",", hw->cpu_max_mhz);
	put_key(f, 1, "min_cpu_rate_mhz");
	fprintf(f, "\"%d\",", hw->cpu_min_mhz);
	put_process(f);
	put_key(f, 1, "event_definitions");
	fputc('{', f);
	for (i = 0; i < hl->nev; i++) {
		put_key(f, 2, hl->ev[i].name);
		fputc('{', f);
		put_key(f, 3, "component");
		put_str(f, hl->ev[i].cmp);
		fputc(',', f);
		put_key(f, 3, "type");
		put_str(f, hl->ev[i].instant ? "instant" : "delta");
		indent(f, 2);
		fputs(i + 1 < hl->nev ? "}," : "}", f);
	}
	indent(f, 1);
	fputs("},", f);
}

static const char *value_name(const struct papi__hl *hl, int i)
{
	if (i == PAPI__HL_CYCLES)
		return "cycles";
	if (i == PAPI__HL_NSEC)
		return "real_time_nsec";
	return hl->ev[i - PAPI__HL_FIXED].name;
}

static void put_region(FILE *f, const struct papi__hl *hl,
		       const struct papi__hl_region *r)
{
	int i, k, n = papi__hl_nvals(hl);

	put_key(f, 5, "name");
	put_str(f, r->name);
	fputc(',', f);
	put_key(f, 5, "parent_region_id");
	fprintf(f, "\"%d\",", r->parent);
	for (i = 0; i < n; i++) {
		put_key(f, 5, value_name(hl, i));
		if (!r->nreads) {
			fprintf(f, "\"%lld\"",
				papi__hl_value(hl, r->v, r->v + n, i));
		} else {
			/* With PAPI_hl_read(): the region's value and each read. */
			fputc('{', f);
			put_key(f, 6, "region_value");
			fprintf(f, "\"%lld\"",
				papi__hl_value(hl, r->v, r->v + n, i));
			for (k = 0; k < r->nreads; k++) {
				char key[32];

				fputc(',', f);
				snprintf(key, sizeof(key), "read_%d", k + 1);
				put_key(f, 6, key);
				fprintf(f, "\"%lld\"",
					papi__hl_value(hl, r->v,
						       r->reads + k * n, i));
			}
			indent(f, 5);
			fputc('}', f);
		}
		if (i + 1 < n)
			fputc(',', f);
	}
}

static int closed_regions(const struct papi__hl_rec *rec)
{
	int i, n = 0;

	for (i = 0; i < rec->nregions; i++)
		n += rec->regions[i]->closed;
	return n;
}

/* Regions begun and not ended, in every record. */
static long open_regions(const struct papi__hl *hl)
{
	const struct papi__hl_rec *rec;
	long n = 0;

	for (rec = hl->recs; rec; rec = rec->next)
		n += rec->nregions - closed_regions(rec);
	return n;
}

static int by_tid(const void *a, const void *b)
{
	const struct papi__hl_rec *x = *(struct papi__hl_rec *const *)a;
	const struct papi__hl_rec *y = *(struct papi__hl_rec *const *)b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return x->seq - y->seq;
}

/* The threads, by thread id, each keyed by its position as in PAPI 7. */
static void put_threads(FILE *f, struct papi__hl_rec **recs, int nrecs,
			const struct papi__hl *hl)
{
	int t, i, left;

	put_key(f, 1, "threads");
	fputc('{', f);
	for (t = 0; t < nrecs; t++) {
		const struct papi__hl_rec *rec = recs[t];
		char key[16];

		snprintf(key, sizeof(key), "%d", t);
		put_key(f, 2, key);
		fputc('{', f);
		put_key(f, 3, "tid");
		fprintf(f, "\"%lu\",", rec->tid);
		put_key(f, 3, "regions");
		fputc('{', f);
		left = closed_regions(rec);
		for (i = 0; i < rec->nregions; i++) {
			const struct papi__hl_region *r = rec->regions[i];

			if (!r->closed)
				continue;
			snprintf(key, sizeof(key), "%d", r->id);
			put_key(f, 4, key);
			fputc('{', f);
			put_region(f, hl, r);
			indent(f, 4);
			fputs(--left ? "}," : "}", f);
		}
		indent(f, 3);
		fputc('}', f);
		indent(f, 2);
		fputs(t + 1 < nrecs ? "}," : "}", f);
	}
	indent(f, 1);
	fputc('}', f);
}

static void write_json(FILE *f, const struct papi__hl *hl,
		       struct papi__hl_rec **recs, int nrecs)
{
	put_header(f, hl);
	put_threads(f, recs, nrecs, hl);
	indent(f, 0);
	fputs("}\n", f);
}

/* PAPI_REPORT: the report on stdout too, as PAPI 7 prints it. */
static void echo(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[4096];
	size_t n;

	if (!f)
		return;
	fputs("\n\nPAPI-HL Output:\n", stdout);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, stdout);
	fputc('\n', stdout);
	fclose(f);
}

/* The threads that closed a region, sorted by thread id. */
static int list_recs(const struct papi__hl *hl, struct papi__hl_rec ***out)
{
	struct papi__hl_rec *rec, **v;
	int n = 0;

	for (rec = hl->recs; rec; rec = rec->next)
		n += closed_regions(rec) > 0;
	v = calloc(n ? (size_t)n : 1, sizeof(*v));
	if (!v)
		return -1;
	n = 0;
	for (rec = hl->recs; rec; rec = rec->next)
		if (closed_regions(rec))
			v[n++] = rec;
	qsort(v, (size_t)n, sizeof(*v), by_tid);
	*out = v;
	return n;
}

/* Called at exit with the library lock held. */
void papi__hl_report_write(struct papi__hl *hl)
{
	struct papi__hl_rec **recs = NULL;
	char path[PATH_MAX];
	FILE *f;
	long unended;
	int n;

	/* A fork child inherits the regions and this handler: the report
	 * is the parent's to write. */
	if (hl->written || hl->pid != papi__os_getpid())
		return;
	hl->written = 1;
	n = list_recs(hl, &recs);
	if (n <= 0) {
		papi__hl_say(hl, "Info", "No events were recorded.");
		free(recs);
		return;
	}
	if ((unended = open_regions(hl)) > 0)
		papi__hl_say(hl, "Warning",
			     "%ld region(s) were begun but not ended; the report leaves them out.",
			     unended);
	papi__hl_say(hl, "Info", "Print results...");
	/* A report that cannot go where it was asked to is never dropped in
	 * silence: the user is told why, whatever PAPI_HL_VERBOSE says, and
	 * the report goes to a fallback directory that is named. */
	if (!(f = open_report(hl->outdir, path, sizeof(path)))) {
		char alt[PATH_MAX];
		int err = errno;

		f = open_fallback(alt, sizeof(alt), path, sizeof(path));
		if (f)
			papi__hl_warn("Error",
				      "cannot write the report in %s: %s; writing it to %s instead.",
				      hl->outdir, strerror(err), path);
		else
			papi__hl_warn("Error",
				      "cannot write the report in %s: %s, nor in %s: %s; the report is lost.",
				      hl->outdir, strerror(err), alt,
				      strerror(errno));
	}
	if (!f) {
		free(recs);
		return;
	}
	write_json(f, hl, recs, n);
	free(recs);
	if (ferror(f) | (fclose(f) != 0))
		papi__hl_warn("Error", "cannot write %s: %s", path,
			      strerror(errno));
	else if (hl->report_stdout)
		echo(path);
}

void papi__hl_free(struct papi__hl *hl)
{
	struct papi__hl_rec *rec, *next;
	int i;

	for (rec = hl->recs; rec; rec = next) {
		next = rec->next;
		papi__hl_rec_free(rec);
	}
	for (i = 0; i < hl->nev; i++)
		free(hl->ev[i].name);
	free(hl->ev);
	free(hl->outdir);
	free(hl);
}
