// SPDX-License-Identifier: BSD-3-Clause
/* Loading reports and grouping their region instances by name. */
#include "report.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *t;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 65536;
			t = realloc(buf, cap);
			if (!t) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = t;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* rank_000042.json -> "000042"; anything else: its file name. */
static char *rank_of(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	if (!strncmp(base, "rank_", 5))
		base += 5;
	dot = strrchr(base, '.');
	return strndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

/* A non-negative number in a string member, or -1. */
static int int_member(const struct json *obj, const char *key)
{
	const char *v = json_str(obj, key);
	char *end;
	long n;

	if (!v || !*v)
		return -1;
	n = strtol(v, &end, 10);
	return *end || n < 0 || n > 0x7fffffff ? -1 : (int)n;
}

/* The report's "process" object: MPI rank and size, host. */
static void process_info(struct doc *d)
{
	const struct json *p = json_get(d->root, "process");
	const char *host = json_str(p, "host");

	d->mpi_rank = int_member(p, "mpi_rank");
	d->mpi_size = int_member(p, "mpi_size");
	d->host = host ? host : "";
	if (d->mpi_rank >= 0)
		snprintf(d->label, sizeof(d->label), "%d", d->mpi_rank);
	else
		snprintf(d->label, sizeof(d->label), "%s",
			 d->rank ? d->rank : "?");
}

static int add_file(struct reports *r, const char *path)
{
	char err[256], *text = read_all(path);
	struct json *root;
	struct doc *d;

	if (!text) {
		fprintf(stderr, "papi_hl_output_writer: %s: %s\n", path,
			strerror(errno ? errno : ENOMEM));
		return -1;
	}
	root = json_parse(text, err, sizeof(err));
	free(text);
	if (!root || !json_get(root, "threads")) {
		fprintf(stderr, "papi_hl_output_writer: %s: %s\n", path,
			root ? "not a PAPI high-level report (no \"threads\")"
			     : err);
		json_free(root);
		return -1;
	}
	d = realloc(r->docs, (size_t)(r->ndocs + 1) * sizeof(*d));
	if (!d) {
		json_free(root);
		return -1;
	}
	r->docs = d;
	d = &r->docs[r->ndocs++];
	d->path = strdup(path);
	d->rank = rank_of(path);
	d->root = root;
	process_info(d);
	return d->path && d->rank ? 0 : -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_dir(struct reports *r, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, **t, *path;
	int n = 0, i, ret = 0;
	size_t len;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
			continue;
		t = realloc(names, (size_t)(n + 1) * sizeof(*t));
		if (!t || !(t[n] = strdup(e->d_name))) {
			names = t ? t : names;
			ret = -1;
			break;
		}
		names = t;
		n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		path = malloc(strlen(dir) + strlen(names[i]) + 2);
		if (!path || (sprintf(path, "%s/%s", dir, names[i]),
			      add_file(r, path) != 0))
			ret = -1;
		free(path);
		free(names[i]);
	}
	free(names);
	if (n == 0)
		fprintf(stderr, "papi_hl_output_writer: %s: no *.json report\n",
			dir);
	return n ? ret : -1;
}

int reports_add(struct reports *r, const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "papi_hl_output_writer: %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	return S_ISDIR(st.st_mode) ? add_dir(r, path) : add_file(r, path);
}

int region_value(const struct json *region, const char *key, long long *out)
{
	const struct json *v = json_get(region, key);

	if (v && v->type == JSON_OBJECT)
		v = json_get(v, "region_value");
	if (!v || (v->type != JSON_STRING && v->type != JSON_NUMBER))
		return 0;
	*out = strtoll(v->str, NULL, 10);
	return 1;
}

static struct agg *agg_for(struct reports *r, const char *name)
{
	struct agg *a;
	int i;

	for (i = 0; i < r->naggs; i++)
		if (!strcmp(r->aggs[i].name, name))
			return &r->aggs[i];
	a = realloc(r->aggs, (size_t)(r->naggs + 1) * sizeof(*a));
	if (!a)
		return NULL;
	r->aggs = a;
	a = &r->aggs[r->naggs];
	memset(a, 0, sizeof(*a));
	if (!(a->name = strdup(name)))
		return NULL;
	r->naggs++;
	return a;
}

static int push(struct series *s, long long v, int doc)
{
	long long *t;
	int *d;

	if (s->n == s->cap) {
		int cap = s->cap ? s->cap * 2 : 16;

		t = realloc(s->v, (size_t)cap * sizeof(*t));
		if (!t)
			return -1;
		s->v = t;
		d = realloc(s->doc, (size_t)cap * sizeof(*d));
		if (!d)
			return -1;
		s->doc = d;
		s->cap = cap;
	}
	s->doc[s->n] = doc;
	s->v[s->n++] = v;
	return 0;
}

static struct series *series_for(struct agg *a, const char *name,
				 const struct json *defs)
{
	const char *type;
	struct series *s;
	int i;

	for (i = 0; i < a->nseries; i++)
		if (!strcmp(a->s[i].name, name))
			return &a->s[i];
	s = realloc(a->s, (size_t)(a->nseries + 1) * sizeof(*s));
	if (!s)
		return NULL;
	a->s = s;
	s = &a->s[a->nseries];
	memset(s, 0, sizeof(*s));
	type = json_str(json_get(defs, name), "type");
	s->instant = type && !strcmp(type, "instant");
	if (!(s->name = strdup(name)))
		return NULL;
	a->nseries++;
	return s;
}

/* Count the instance's thread and process for its region name. */
static int count_pair(struct agg *a, int doc, const char *thread)
{
	int i, new_doc = 1;
	void *t;

	for (i = 0; i < a->npairs; i++) {
		new_doc &= a->pairs[i].doc != doc;
		if (a->pairs[i].doc == doc && !strcmp(a->pairs[i].thread, thread))
			return 0;
	}
	t = realloc(a->pairs, (size_t)(a->npairs + 1) * sizeof(*a->pairs));
	if (!t)
		return -1;
	a->pairs = t;
	a->pairs[a->npairs].doc = doc;
	a->pairs[a->npairs++].thread = thread;
	a->nthreads++;
	a->nranks += new_doc;
	return 0;
}

static int add_instance(struct reports *r, int doc, const char *thread,
			const struct json *region)
{
	const struct json *defs = json_get(r->docs[doc].root,
					    "event_definitions");
	const char *name = json_str(region, "name");
	struct series *s;
	struct agg *a;
	long long v;
	int i;

	a = agg_for(r, name ? name : "(unnamed)");
	if (!a || count_pair(a, doc, thread) != 0)
		return -1;
	a->count++;
	for (i = 0; i < region->n; i++) {
		const char *key = region->keys[i];

		if (!strcmp(key, "name") || !strcmp(key, "parent_region_id") ||
		    !region_value(region, key, &v))
			continue;
		s = series_for(a, key, defs);
		if (!s || push(s, v, doc) != 0)
			return -1;
	}
	return 0;
}

int reports_aggregate(struct reports *r)
{
	int d, t, i;

	for (d = 0; d < r->ndocs; d++) {
		const struct json *threads = json_get(r->docs[d].root,
						      "threads");

		for (t = 0; t < threads->n; t++) {
			const struct json *regions =
				json_get(threads->items[t], "regions");

			for (i = 0; regions && i < regions->n; i++)
				if (regions->items[i]->type == JSON_OBJECT &&
				    add_instance(r, d, threads->keys ?
						 threads->keys[t] : "0",
						 regions->items[i]) != 0)
					return -1;
		}
	}
	return r->naggs ? 0 : -1;
}

void reports_free(struct reports *r)
{
	int i, j;

	for (i = 0; i < r->naggs; i++) {
		for (j = 0; j < r->aggs[i].nseries; j++) {
			free(r->aggs[i].s[j].name);
			free(r->aggs[i].s[j].v);
			free(r->aggs[i].s[j].doc);
		}
		free(r->aggs[i].s);
		free(r->aggs[i].pairs);
		free(r->aggs[i].name);
	}
	free(r->aggs);
	for (i = 0; i < r->ndocs; i++) {
		json_free(r->docs[i].root);
		free(r->docs[i].path);
		free(r->docs[i].rank);
	}
	free(r->docs);
	memset(r, 0, sizeof(*r));
}
