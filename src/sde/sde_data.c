// SPDX-License-Identifier: BSD-3-Clause
/*
 * Recorders (every value recorded, in order) and counting sets (distinct
 * elements with their counts), and the comparators of sde_lib.h. Both
 * change and are read under the registry lock: a read hands the reader a
 * copy it owns, as PAPI's SDE readers expect (they free it).
 */
#include <stdlib.h>
#include <string.h>

#include "sde_int.h"

/* ---- recorders -------------------------------------------------------- */

struct sde_rec *sde_rec_new(size_t tsize,
			    int (*cmp)(const void *, const void *))
{
	struct sde_rec *r = calloc(1, sizeof(*r));

	if (r) {
		r->tsize = tsize;
		r->cmp = cmp;
	}
	return r;
}

void sde_rec_free(struct sde_rec *r)
{
	if (r) {
		free(r->data);
		free(r);
	}
}

/* The value of an order statistic as PAPI_read reports it: the element's
 * bytes in a long long (8 bytes or fewer; larger types give their first
 * 8). */
static long long packed(const unsigned char *p, size_t tsize)
{
	long long v = 0;

	memcpy(&v, p, tsize < sizeof(v) ? tsize : sizeof(v));
	return v;
}

int sde_rec_read(struct sde_rec *r, int kind, long long *v)
{
	unsigned char *copy;
	size_t at;

	*v = 0;
	if (kind == K_REC_CNT) {
		*v = (long long)r->n;
		return SDE_OK;
	}
	if (!r->n)
		return SDE_OK;
	copy = malloc(r->n * r->tsize);
	if (!copy)
		return SDE_ENOMEM;
	memcpy(copy, r->data, r->n * r->tsize);
	if (kind == K_REC) {
		*v = (long long)(uintptr_t)copy;
		return SDE_OK;
	}
	qsort(copy, r->n, r->tsize, r->cmp);
	switch (kind) {
	case K_REC_MIN: at = 0; break;
	case K_REC_Q1: at = r->n / 4; break;
	case K_REC_MED: at = r->n / 2; break;
	case K_REC_Q3: at = 3 * r->n / 4; break;
	default: at = r->n - 1; break;
	}
	*v = packed(copy + at * r->tsize, r->tsize);
	free(copy);
	return SDE_OK;
}

/* The recorder behind a handle: papi_sde_create_recorder's. */
static struct sde_rec *rec_of(void *handle)
{
	struct sde_cntr *c = handle;

	return c && c->kind == K_REC ? c->rec : NULL;
}

SDE_EXPORT int papi_sde_record(void *record_handle, size_t typesize,
			       const void *value)
{
	struct sde_rec *r;
	int ret = SDE_EINVAL;

	if (!value)
		return SDE_EINVAL;
	sde_lock();
	r = rec_of(record_handle);
	if (r && typesize == r->tsize) {
		ret = SDE_OK;
		if (r->n == r->cap) {
			size_t cap = r->cap ? 2 * r->cap : 64;
			unsigned char *d = realloc(r->data, cap * r->tsize);

			if (d) {
				r->data = d;
				r->cap = cap;
			} else {
				ret = SDE_ENOMEM;
			}
		}
		if (ret == SDE_OK)
			memcpy(r->data + r->n++ * r->tsize, value, r->tsize);
	}
	sde_unlock();
	return ret;
}

SDE_EXPORT int papi_sde_reset_recorder(void *record_handle)
{
	struct sde_rec *r;

	sde_lock();
	r = rec_of(record_handle);
	if (r)
		r->n = 0;
	sde_unlock();
	return r ? SDE_OK : SDE_EINVAL;
}

/* ---- counting sets ---------------------------------------------------- */

struct sde_cset *sde_cset_new(void)
{
	struct sde_cset *s = calloc(1, sizeof(*s));

	if (s) {
		s->nbucket = 64;
		s->bucket = calloc(s->nbucket, sizeof(*s->bucket));
		if (!s->bucket) {
			free(s);
			s = NULL;
		}
	}
	return s;
}

void sde_cset_free(struct sde_cset *s)
{
	struct sde_centry *e, *n;
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nbucket; i++)
		for (e = s->bucket[i]; e; e = n) {
			n = e->next;
			free(e);
		}
	free(s->bucket);
	free(s);
}

/* FNV-1a over the hashable bytes and the type. */
static size_t hash(const void *p, size_t len, uint32_t type_id)
{
	const unsigned char *b = p;
	uint64_t h = 1469598103934665603ull ^ type_id;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return (size_t)h;
}

static struct sde_centry **find(struct sde_cset *s, size_t hsize,
				const void *elem, uint32_t type_id)
{
	struct sde_centry **pe =
		&s->bucket[hash(elem, hsize, type_id) % s->nbucket];

	for (; *pe; pe = &(*pe)->next)
		if ((*pe)->type_id == type_id && (*pe)->hsize == hsize &&
		    !memcmp((*pe)->data, elem, hsize))
			break;
	return pe;
}

/* Twice the buckets when the set holds more elements than buckets. */
static void grow(struct sde_cset *s)
{
	size_t nb = 2 * s->nbucket, i;
	struct sde_centry **b = calloc(nb, sizeof(*b)), *e, *n;

	if (!b)
		return; /* longer chains, still correct */
	for (i = 0; i < s->nbucket; i++)
		for (e = s->bucket[i]; e; e = n) {
			size_t k = hash(e->data, e->hsize, e->type_id) % nb;

			n = e->next;
			e->next = b[k];
			b[k] = e;
		}
	free(s->bucket);
	s->bucket = b;
	s->nbucket = nb;
}

static struct sde_cset *cset_of(void *handle)
{
	struct sde_cntr *c = handle;

	return c && c->kind == K_CSET ? c->cset : NULL;
}

SDE_EXPORT int papi_sde_counting_set_insert(void *cset_handle,
					    size_t element_size,
					    size_t hashable_size,
					    const void *element,
					    uint32_t type_id)
{
	struct sde_cset *s;
	struct sde_centry **pe, *e;
	int ret = SDE_EINVAL;

	if (!element || !element_size || hashable_size > element_size)
		return SDE_EINVAL;
	sde_lock();
	s = cset_of(cset_handle);
	if (s) {
		pe = find(s, hashable_size, element, type_id);
		if (*pe) {
			(*pe)->count++;
			ret = SDE_OK;
		} else if ((e = malloc(sizeof(*e) + element_size))) {
			e->next = NULL;
			e->count = 1;
			e->type_id = type_id;
			e->hsize = hashable_size;
			e->esize = element_size;
			memcpy(e->data, element, element_size);
			*pe = e;
			if (++s->n > s->nbucket)
				grow(s);
			ret = SDE_OK;
		} else {
			ret = SDE_ENOMEM;
		}
	}
	sde_unlock();
	return ret;
}

SDE_EXPORT int papi_sde_counting_set_remove(void *cset_handle,
					    size_t hashable_size,
					    const void *element,
					    uint32_t type_id)
{
	struct sde_cset *s;
	struct sde_centry **pe, *e;
	int ret = SDE_EINVAL;

	if (!element)
		return SDE_EINVAL;
	sde_lock();
	s = cset_of(cset_handle);
	if (s) {
		pe = find(s, hashable_size, element, type_id);
		if ((e = *pe)) {
			if (!--e->count) {
				*pe = e->next;
				free(e);
				s->n--;
			}
			ret = SDE_OK;
		}
	}
	sde_unlock();
	return ret;
}

/* One block: the list nodes, then each element's bytes (16-aligned). */
cset_list_object_t *sde_cset_list(struct sde_cset *s)
{
	cset_list_object_t *out, *node;
	struct sde_centry *e;
	unsigned char *bytes;
	size_t i, total = 0;

	if (!s->n)
		return NULL;
	for (i = 0; i < s->nbucket; i++)
		for (e = s->bucket[i]; e; e = e->next)
			total += (e->esize + 15) & ~(size_t)15;
	out = malloc(s->n * sizeof(*out) + total);
	if (!out)
		return NULL;
	node = out;
	bytes = (unsigned char *)(out + s->n);
	for (i = 0; i < s->nbucket; i++)
		for (e = s->bucket[i]; e; e = e->next) {
			node->count = e->count;
			node->type_id = e->type_id;
			node->type_size = e->esize;
			node->ptr = bytes;
			memcpy(bytes, e->data, e->esize);
			bytes += (e->esize + 15) & ~(size_t)15;
			node->next = node + 1 < out + s->n ? node + 1 : NULL;
			node++;
		}
	return out;
}

/* ---- comparators ------------------------------------------------------ */

#define CMP(T, a, b) \
	(*(const T *)(a) < *(const T *)(b) ? -1 \
	 : *(const T *)(a) > *(const T *)(b) ? 1 : 0)

SDE_EXPORT int papi_sde_compare_long_long(const void *p1, const void *p2)
{
	return CMP(long long, p1, p2);
}

SDE_EXPORT int papi_sde_compare_int(const void *p1, const void *p2)
{
	return CMP(int, p1, p2);
}

SDE_EXPORT int papi_sde_compare_double(const void *p1, const void *p2)
{
	return CMP(double, p1, p2);
}

SDE_EXPORT int papi_sde_compare_float(const void *p1, const void *p2)
{
	return CMP(float, p1, p2);
}
