// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI's DERIVED_POSTFIX expressions: tokens separated by '|', "N<i>" for
 * the value of term i, decimal integer constants, '#' for the CPU's cycles
 * per second (cpu_max_mhz x 10^6, for rates), and the operators + - * /.
 * The evaluator runs in PAPI_read, so it allocates nothing and trusts an
 * expression that papi__preset_postfix_check accepted at init; user tables
 * can hold anything, which is why the check is strict.
 *
 * Arithmetic (docs/events.md, "Derived presets"). PAPI 7 evaluates on a
 * stack of doubles and truncates the result toward zero, so a formula may
 * divide before it multiplies ("N0|N1|/|100|*|" is a percentage). A double
 * holds integers exactly only up to 2^53, though, and counts reach 2^63: a
 * difference of two large counts would come out rounded. So a value stays
 * an exact 64-bit integer while every step on it is exact (+ - * without
 * overflow, a division without remainder), becomes a double only when a
 * step is not, and an integer again when a step lands on a whole number.
 * Where PAPI's doubles are exact the results agree; where they are not,
 * ours are the closer. long double would not do: it is no wider than
 * double on some targets and a slow software type on arm64.
 */
#include <limits.h>
#include <string.h>

#include "cmp/cmp.h"
#include "core/lib.h"
#include "core/preset.h"

#define STACK_MAX 16

enum tok {
	T_END,
	T_TERM,
	T_CONST,
	T_HZ,
	T_OP,
	T_BAD
};

/* One stack slot: the integer i while exact, else the double d. */
struct val {
	int exact;
	long long i;
	double d;
};

/* The decimal digits at p as a number, and the first character after
 * them in *end; -1 when they do not fit in 64 bits (a typo, not a value).
 * Not strtoll: the evaluator runs in PAPI_read and must leave errno be. */
static long long digits(const char *p, const char **end)
{
	long long n = 0;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (LLONG_MAX - (*p - '0')) / 10)
			return -1;
		n = n * 10 + (*p - '0');
	}
	*end = p;
	return n;
}

/* Read the token at *s and move past it and its separator. */
static enum tok next(const char **s, long long *num, char *op)
{
	const char *p = *s, *end = p + 1;
	enum tok t;

	while (*p == '|')
		p++;
	if (!*p) {
		*s = p;
		return T_END;
	}
	if ((*p == 'N' || *p == 'n') && p[1] >= '0' && p[1] <= '9') {
		*num = digits(p + 1, &end);
		t = T_TERM;
	} else if (*p >= '0' && *p <= '9') {
		*num = digits(p, &end);
		t = T_CONST;
	} else if (*p == '#') {
		end = p + 1;
		t = T_HZ;
	} else if (strchr("+-*/", *p)) {
		*op = *p;
		end = p + 1;
		t = T_OP;
	} else {
		return T_BAD;
	}
	if ((t == T_TERM || t == T_CONST) && *num < 0)
		return T_BAD;
	if (*end != '|' && *end != '\0')
		return T_BAD;
	*s = end;
	return t;
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

static double as_double(const struct val *v)
{
	return v->exact ? (double)v->i : v->d;
}

/* a op b on exact integers into *r: 1, or 0 where the result would not be
 * an integer of 64 bits (overflow, a remainder). A zero divisor is handled
 * by the caller. C11 has no checked arithmetic; GCC and Clang, the
 * compilers we build with, have these builtins. */
static int exact_op(char op, long long a, long long b, long long *r)
{
	switch (op) {
	case '+':
		return !__builtin_add_overflow(a, b, r);
	case '-':
		return !__builtin_sub_overflow(a, b, r);
	case '*':
		return !__builtin_mul_overflow(a, b, r);
	default:
		/* LLONG_MIN / -1 overflows, and so does its remainder. */
		if (b == -1)
			return !__builtin_sub_overflow(0, a, r);
		if (a % b)
			return 0;
		*r = a / b;
		return 1;
	}
}

/*
 * a = a op b. A zero divisor gives 0, whatever the dividend: PAPI 7's
 * double quotient would be infinite or NaN, and converting that to a count
 * is undefined in C; a rate over nothing measured reads as none.
 */
static void apply(char op, struct val *a, const struct val *b)
{
	long long r;
	double x, y;

	if (op == '/' && (b->exact ? b->i == 0 : b->d == 0)) {
		a->exact = 1;
		a->i = 0;
		return;
	}
	/* The builtins store the wrapped result even when they overflow. */
	if (a->exact && b->exact && exact_op(op, a->i, b->i, &r)) {
		a->i = r;
		return;
	}
	x = as_double(a);
	y = as_double(b);
	a->exact = 0;
	if (op == '+')
		a->d = x + y;
	else if (op == '-')
		a->d = x - y;
	else if (op == '*')
		a->d = x * y;
	else
		a->d = x / y;
	/* A whole result in range is an integer again ("N0|N1|/|N2|*|" can be
	 * 50.0), so that what is added to it later stays exact. */
	if (a->d >= -0x1p63 && a->d < 0x1p63 &&
	    (double)(long long)a->d == a->d) {
		a->exact = 1;
		a->i = (long long)a->d;
	}
}

/* The count a value stands for: truncated toward zero as PAPI's final
 * conversion does, and clamped where that conversion would be undefined. */
static long long to_count(const struct val *v)
{
	if (v->exact)
		return v->i;
	if (v->d != v->d)
		return 0;
	if (v->d >= 0x1p63)
		return LLONG_MAX;
	if (v->d <= -0x1p63)
		return LLONG_MIN;
	return (long long)v->d;
}

/* The value a term, constant or '#' token pushes. */
static long long operand(enum tok t, long long num, const long long *terms)
{
	if (t == T_TERM)
		return terms[num];
	if (t == T_CONST)
		return num;
	return papi__lib.hw.cpu_max_mhz * 1000000LL;
}

long long papi__preset_postfix_eval(const char *postfix, const long long *terms)
{
	struct val stack[STACK_MAX];
	const char *s = postfix;
	int depth = 0;
	long long v;
	char op;
	enum tok t;

	while ((t = next(&s, &v, &op)) != T_END && t != T_BAD) {
		if (t != T_OP) {
			if (depth == STACK_MAX)
				return 0;
			stack[depth].exact = 1;
			stack[depth++].i = operand(t, v, terms);
			continue;
		}
		if (depth < 2)
			return 0;
		depth--;
		apply(op, &stack[depth - 1], &stack[depth]);
	}
	return depth == 1 && t == T_END ? to_count(&stack[0]) : 0;
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
