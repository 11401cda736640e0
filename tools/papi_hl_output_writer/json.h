/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_HL_JSON_H
#define PAPI_HL_JSON_H

/*
 * A small JSON reader for the high-level API's reports: the whole text is
 * parsed into a tree of values; objects keep their members in file order
 * (the reports' region and event order means something).
 */
#include <stddef.h>
#include <stdio.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING,
		 JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	char *str;            /* JSON_STRING, JSON_NUMBER (its text) */
	int boolean;          /* JSON_BOOL */
	int n;                /* members of JSON_ARRAY / JSON_OBJECT */
	char **keys;          /* JSON_OBJECT */
	struct json **items;
};

/* Parse text; NULL on a syntax error, with a message in err (at least 128
 * bytes) saying where. */
struct json *json_parse(const char *text, char *err, size_t errlen);
void json_free(struct json *v);

/* The member of an object with that key, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* A string member's text, or NULL. */
const char *json_str(const struct json *obj, const char *key);

/* Write s as a JSON string, quotes included. */
void json_put_string(FILE *f, const char *s);
/* Write v, indented four spaces per level, starting at level. */
void json_write(FILE *f, const struct json *v, int level);

#endif
