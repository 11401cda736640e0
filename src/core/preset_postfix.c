// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI's DERIVED_POSTFIX expressions: tokens separated by '|', "N<i>" for
 * the value of term i, decimal constants, and the operators + - * /. The
 * evaluator runs in PAPI_read, so it allocates nothing and trusts an
 * expression that papi__preset_postfix_check accepted at init; user tables
 * can hold anything, which is why the check is strict.
 */
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "core/lib.h"
#include "core/preset.h"

#define STACK_MAX 16

enum tok {
	T_END,
	T_TERM,
	T_CONST,
	T_OP,
	T_BAD
};

/* Read the token at *s and move past it and its separator. */
static enum tok next(const char **s, long long *val, char *op)
{
	const char *p = *s;
	char *end;

	while (*p == '|')
		p++;
	if (!*p) {
		*s = p;
		return T_END;
	}
	if ((*p == 'N' || *p == 'n') && p[1] >= '0' && p[1] <= '9') {
		*val = strtoll(p + 1, &end, 10);
	} else if (*p >= '0' && *p <= '9') {
		*val = strtoll(p, &end, 10);
	} else if (strchr("+-*/", *p)) {
		*op = *p;
		end = (char *)p + 1;
	} else {
		return T_BAD;
	}
	if (*end != '|' && *end != '\0')
		return T_BAD;
	*s = end;
	if (*p == 'N' || *p == 'n')
		return T_TERM;
	return *p >= '0' && *p <= '9' ? T_CONST : T_OP;
}

int papi__preset_postfix_check(const char *postfix, int nterms)
{
	const char *s = postfix;
	int depth = 0, used = 0;
	long long v;
	char op;
	enum tok t;

	if (!postfix)
		return PAPI_EINVAL;
	while ((t = next(&s, &v, &op)) != T_END) {
		if (t == T_BAD)
			return PAPI_EINVAL;
		if (t == T_OP) {
			if (depth < 2)
				return PAPI_EINVAL;
			depth--;
			continue;
		}
		if (t == T_TERM) {
			if (v < 0 || v >= nterms)
				return PAPI_EINVAL;
			used |= 1 << v;
		}
		if (++depth > STACK_MAX)
			return PAPI_EINVAL;
	}
	/* Every term is counted, so every term must matter to the result. */
	if (depth != 1 || used != (1 << nterms) - 1)
		return PAPI_EINVAL;
	return PAPI_OK;
}

long long papi__preset_postfix_eval(const char *postfix, const long long *terms)
{
	long long stack[STACK_MAX], v;
	const char *s = postfix;
	int depth = 0;
	char op;
	enum tok t;

	while ((t = next(&s, &v, &op)) != T_END && t != T_BAD) {
		long long a, b;

		if (t == T_TERM || t == T_CONST) {
			if (depth == STACK_MAX)
				return 0;
			stack[depth++] = t == T_TERM ? terms[v] : v;
			continue;
		}
		if (depth < 2)
			return 0;
		b = stack[--depth];
		a = stack[depth - 1];
		switch (op) {
		case '+':
			a += b;
			break;
		case '-':
			a -= b;
			break;
		case '*':
			a *= b;
			break;
		/* PAPI answers 0 rather than fault on a zero divisor. */
		default:
			a = b ? a / b : 0;
			break;
		}
		stack[depth - 1] = a;
	}
	return depth == 1 ? stack[0] : 0;
}

long long papi__preset_eval(int idx, const long long *terms)
{
	const struct papi__preset *p = &papi__lib.presets[idx];
	long long v;
	int i;

	if (p->derived == PAPI__DERIVED_POSTFIX)
		return papi__preset_postfix_eval(p->postfix, terms);
	v = terms[0];
	for (i = 1; i < p->nterms; i++)
		v = p->derived == PAPI__DERIVED_SUB ? v - terms[i] :
						      v + terms[i];
	return v;
}
