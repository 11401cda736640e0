// SPDX-License-Identifier: BSD-3-Clause
/* A recursive-descent JSON reader (RFC 8259), enough for the reports. */
#include "json.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *s, *start;
	char *err;
	size_t errlen;
	int depth;
};

static struct json *value(struct parser *p);

__attribute__((format(printf, 2, 3))) static struct json *
fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	int line = 1;
	const char *c;
	size_t len;

	if (!*p->err) { /* keep the innermost message */
		for (c = p->start; c < p->s; c++)
			line += *c == '\n';
		len = (size_t)snprintf(p->err, p->errlen, "line %d: ", line);
		va_start(ap, fmt);
		if (len < p->errlen)
			vsnprintf(p->err + len, p->errlen - len, fmt, ap);
		va_end(ap);
	}
	return NULL;
}

static void skip_ws(struct parser *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' ||
	       *p->s == '\r')
		p->s++;
}

static struct json *node(enum json_type type)
{
	struct json *v = calloc(1, sizeof(*v));

	if (v)
		v->type = type;
	return v;
}

/* Append the code point cp as UTF-8. */
static char *put_utf8(char *d, unsigned int cp)
{
	if (cp < 0x80) {
		*d++ = (char)cp;
	} else if (cp < 0x800) {
		*d++ = (char)(0xc0 | cp >> 6);
		*d++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*d++ = (char)(0xe0 | cp >> 12);
		*d++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*d++ = (char)(0x80 | (cp & 0x3f));
	}
	return d;
}

static int escape(struct parser *p, char **d)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e = strchr(from, *p->s);
	unsigned int cp = 0;
	int i;

	if (*p->s && e) {
		*(*d)++ = to[e - from];
		p->s++;
		return 0;
	}
	if (*p->s++ != 'u')
		return -1;
	for (i = 0; i < 4; i++, p->s++) {
		char c = *p->s;

		cp <<= 4;
		if (c >= '0' && c <= '9')
			cp |= (unsigned int)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			cp |= (unsigned int)((c | 0x20) - 'a' + 10);
		else
			return -1;
	}
	*d = put_utf8(*d, cp); /* surrogate pairs are not joined */
	return 0;
}

/* A string's text, unescaped, newly allocated; p->s is past the quote. */
static char *string(struct parser *p)
{
	const char *end = p->s + 1;
	char *out, *d;

	while (*end && *end != '"')
		end += *end == '\\' && end[1] ? 2 : 1;
	if (*end != '"')
		return fail(p, "unterminated string"), NULL;
	out = d = malloc((size_t)(end - p->s));
	if (!out)
		return fail(p, "out of memory"), NULL;
	for (p->s++; *p->s != '"';) {
		if ((unsigned char)*p->s < 0x20) {
			free(out);
			return fail(p, "control character in a string"), NULL;
		}
		if (*p->s != '\\') {
			*d++ = *p->s++;
		} else if (p->s++, escape(p, &d) != 0) {
			free(out);
			return fail(p, "bad escape in a string"), NULL;
		}
	}
	p->s++;
	*d = '\0';
	return out;
}

static struct json *number(struct parser *p)
{
	const char *b = p->s;
	struct json *v;

	if (*p->s == '-')
		p->s++;
	if (!(*p->s >= '0' && *p->s <= '9'))
		return fail(p, "unexpected character '%c'", *b);
	p->s += strspn(p->s, "0123456789");
	if (*p->s == '.')
		p->s += 1 + strspn(p->s + 1, "0123456789");
	if (*p->s == 'e' || *p->s == 'E') {
		p->s++;
		if (*p->s == '+' || *p->s == '-')
			p->s++;
		p->s += strspn(p->s, "0123456789");
	}
	v = node(JSON_NUMBER);
	if (!v || !(v->str = strndup(b, (size_t)(p->s - b)))) {
		free(v);
		return fail(p, "out of memory");
	}
	return v;
}

static int append(struct json *v, char *key, struct json *item)
{
	char **k = v->keys;
	struct json **it = realloc(v->items, (size_t)(v->n + 1) * sizeof(*it));

	if (it)
		v->items = it;
	if (it && key) {
		k = realloc(v->keys, (size_t)(v->n + 1) * sizeof(*k));
		if (k)
			v->keys = k;
	}
	if (!it || (key && !k))
		return -1;
	if (key)
		v->keys[v->n] = key;
	v->items[v->n++] = item;
	return 0;
}

/* An array or object; p->s is at its opening bracket. */
static struct json *container(struct parser *p, int is_obj)
{
	struct json *v = node(is_obj ? JSON_OBJECT : JSON_ARRAY), *item;
	char close = is_obj ? '}' : ']', *key = NULL;

	if (!v)
		return fail(p, "out of memory");
	p->s++;
	skip_ws(p);
	if (*p->s == close) {
		p->s++;
		return v;
	}
	for (;;) {
		skip_ws(p);
		if (is_obj && (*p->s != '"' || !(key = string(p)))) {
			fail(p, "expected a member name");
			break;
		}
		skip_ws(p);
		if (is_obj && *p->s++ != ':') {
			fail(p, "expected ':'");
			break;
		}
		item = value(p);
		if (!item || append(v, key, item) != 0) {
			json_free(item);
			break;
		}
		key = NULL;
		skip_ws(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s++ == close)
			return v;
		fail(p, "expected ',' or '%c'", close);
		break;
	}
	free(key);
	json_free(v);
	return NULL;
}

static struct json *literal(struct parser *p)
{
	static const char *const words[] = { "null", "true", "false" };
	struct json *v;
	int i;

	for (i = 0; i < 3; i++)
		if (!strncmp(p->s, words[i], strlen(words[i])))
			break;
	if (i == 3)
		return number(p);
	p->s += strlen(words[i]);
	v = node(i ? JSON_BOOL : JSON_NULL);
	if (v)
		v->boolean = i == 1;
	return v ? v : fail(p, "out of memory");
}

static struct json *value(struct parser *p)
{
	struct json *v;

	skip_ws(p);
	if (++p->depth > 64)
		return fail(p, "nested too deeply");
	if (*p->s == '{' || *p->s == '[') {
		v = container(p, *p->s == '{');
	} else if (*p->s == '"') {
		v = node(JSON_STRING);
		if (v && !(v->str = string(p))) {
			free(v);
			v = NULL;
		}
	} else if (!*p->s) {
		v = fail(p, "unexpected end of text");
	} else {
		v = literal(p);
	}
	p->depth--;
	return v;
}

struct json *json_parse(const char *text, char *err, size_t errlen)
{
	struct parser p = { text, text, err, errlen, 0 };
	struct json *v;

	*err = '\0';
	v = value(&p);
	skip_ws(&p);
	if (v && *p.s) {
		json_free(v);
		v = fail(&p, "text after the end");
	}
	if (!v && !*err)
		snprintf(err, errlen, "out of memory");
	return v;
}

void json_free(struct json *v)
{
	int i;

	if (!v)
		return;
	for (i = 0; i < v->n; i++) {
		if (v->keys)
			free(v->keys[i]);
		json_free(v->items[i]);
	}
	free(v->keys);
	free(v->items);
	free(v->str);
	free(v);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	int i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	return NULL;
}

const char *json_str(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_STRING ? v->str : NULL;
}

void json_put_string(FILE *f, const char *s)
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

static void pad(FILE *f, int level)
{
	fputc('\n', f);
	while (level-- > 0)
		fputs("    ", f);
}

void json_write(FILE *f, const struct json *v, int level)
{
	int i, obj;

	switch (v->type) {
	case JSON_NULL:
		fputs("null", f);
		return;
	case JSON_BOOL:
		fputs(v->boolean ? "true" : "false", f);
		return;
	case JSON_NUMBER:
		fputs(v->str, f);
		return;
	case JSON_STRING:
		json_put_string(f, v->str);
		return;
	case JSON_ARRAY:
	case JSON_OBJECT:
		break;
	}
	obj = v->type == JSON_OBJECT;
	fputc(obj ? '{' : '[', f);
	for (i = 0; i < v->n; i++) {
		pad(f, level + 1);
		if (obj) {
			json_put_string(f, v->keys[i]);
			fputs(": ", f);
		}
		json_write(f, v->items[i], level + 1);
		if (i + 1 < v->n)
			fputc(',', f);
	}
	if (v->n)
		pad(f, level);
	fputc(obj ? '}' : ']', f);
}
