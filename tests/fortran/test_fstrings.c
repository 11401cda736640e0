/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Fortran calling convention, checked from C so that it runs where no
 * Fortran compiler is installed: each call below is made exactly as
 * gfortran makes it (every argument by address, each CHARACTER argument's
 * length as a size_t after all the others). Checked:
 *   - the four spellings of an entry point are one function;
 *   - input strings: read up to their hidden length only, trailing blanks
 *     dropped, a NUL ends them early, too long is PAPI_EINVAL;
 *   - output strings: blank-padded to their length, cut at it, no NUL, not
 *     one byte written past it, and each hidden length goes with its own
 *     argument (PAPIF_get_event_info has four);
 *   - PAPIF_perror's message (a Fortran string) on stderr;
 *   - integer outputs of the width Fortran gives them (INTEGER: 4 bytes,
 *     the PAPIF_DMEM_MAXVAL INTEGER*8 array).
 * Exit 0 pass, 1 fail, 77 skip (no software event to name).
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The entry points, declared as a Fortran compiler sees them. */
void papif_library_init(int *check);
void papif_library_init_(int *check);
void papif_library_init__(int *check);
void PAPIF_LIBRARY_INIT(int *check);
void papif_event_name_to_code_(const char *name, int *code, int *check,
			       size_t name_len);
void papif_event_code_to_name_(int *code, char *name, int *check,
			       size_t name_len);
void papif_get_event_info_(int *code, char *symbol, char *long_descr,
			   char *short_descr, int *count, char *note,
			   int *flags, int *check, size_t symbol_len,
			   size_t long_descr_len, size_t short_descr_len,
			   size_t note_len);
void papif_perror_(const char *message, size_t message_len);
void papif_get_hardware_info_(int *ncpu, int *nnodes, int *totalcpus,
			      int *vendor, char *vendor_str, int *model,
			      char *model_str, float *revision, float *mhz,
			      size_t vendor_str_len, size_t model_str_len);
void papif_thread_id_(int *id);
void papif_get_dmem_info_(long long *dest, int *check);
void papif_add_named_event_(int *es, const char *name, int *check,
			    size_t name_len);
void papif_create_eventset_(int *es, int *check);
void papif_num_events_(int *es, int *count);
void papif_get_preload_(char *env, int *check, size_t env_len);

static int failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (cond) {                                                    \
			printf("ok: ");                                        \
		} else {                                                       \
			printf("FAIL line %d: ", __LINE__);                    \
			failures++;                                            \
		}                                                              \
		printf(__VA_ARGS__);                                           \
		printf("\n");                                                  \
	} while (0)

/* n bytes of p are all c. */
static int all(const char *p, size_t n, char c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

/* buf (size bytes) holds s, then blanks to len, then '@' to the end. */
static int padded(const char *buf, size_t len, size_t size, const char *s)
{
	size_t n = strlen(s);

	return n <= len && memcmp(buf, s, n) == 0 &&
	       all(buf + n, len - n, ' ') && all(buf + len, size - len, '@');
}

static void spellings(void)
{
	int c1 = PAPI_VER_CURRENT, c2 = PAPI_VER_CURRENT,
	    c3 = PAPI_VER_CURRENT, c4 = PAPI_VER_CURRENT;

	papif_library_init(&c1);
	papif_library_init_(&c2);
	papif_library_init__(&c3);
	PAPIF_LIBRARY_INIT(&c4);
	CHECK(c1 == PAPI_VER_CURRENT && c2 == c1 && c3 == c1 && c4 == c1,
	      "library_init under its four names: %d %d %d %d", c1, c2, c3,
	      c4);
	c1 = 42;
	papif_library_init_(&c1);
	CHECK(c1 == PAPI_EINVAL, "library_init(42) = %d, want PAPI_EINVAL",
	      c1);
}

static void strings_in(void)
{
	/* The buffer goes on past the hidden length: only the length counts. */
	char name[64] = "PAPI_TOT_INS    PAPI_L1_DCM";
	char big[PAPI_HUGE_STR_LEN + 8];
	int code = 0, check = 1;

	papif_event_name_to_code_(name, &code, &check, 16);
	CHECK(check == PAPI_OK && code == PAPI_TOT_INS,
	      "\"PAPI_TOT_INS    \" (len 16, more after): check %d, code %#x",
	      check, (unsigned)code);
	papif_event_name_to_code_(name, &code, &check, 12);
	CHECK(check == PAPI_OK && code == PAPI_TOT_INS,
	      "len 12, no NUL: check %d", check);
	papif_event_name_to_code_(name + 16, &code, &check, 11);
	CHECK(check == PAPI_OK && code == PAPI_L1_DCM,
	      "a name in the middle of a buffer: check %d, code %#x", check,
	      (unsigned)code);
	memcpy(name, "PAPI_TOT_INS\0XYZ", 16);
	papif_event_name_to_code_(name, &code, &check, 16);
	CHECK(check == PAPI_OK && code == PAPI_TOT_INS,
	      "a NUL ends the name early: check %d", check);
	papif_event_name_to_code_(name, &code, &check, 0);
	CHECK(check != PAPI_OK, "len 0 (empty name) fails: check %d", check);
	papif_event_name_to_code_("                ", &code, &check, 16);
	CHECK(check != PAPI_OK, "all blanks fails: check %d", check);
	memset(big, 'x', sizeof(big));
	papif_event_name_to_code_(big, &code, &check, sizeof(big));
	CHECK(check == PAPI_EINVAL, "%zu characters: check %d (PAPI_EINVAL)",
	      sizeof(big), check);
	/* Trailing blanks after a long, valid length still fit. */
	memset(big, ' ', sizeof(big));
	memcpy(big, "PAPI_TOT_INS", 12);
	papif_event_name_to_code_(big, &code, &check, sizeof(big));
	CHECK(check == PAPI_OK && code == PAPI_TOT_INS,
	      "PAPI_TOT_INS and %zu blanks: check %d", sizeof(big) - 12,
	      check);
}

static void strings_out(void)
{
	char buf[48];
	int code = PAPI_TOT_INS, check = 1;

	memset(buf, '@', sizeof(buf));
	papif_event_code_to_name_(&code, buf, &check, 20);
	CHECK(check == PAPI_OK && padded(buf, 20, sizeof(buf), "PAPI_TOT_INS"),
	      "code_to_name into 20: blank-padded, nothing past: [%.24s]",
	      buf);
	memset(buf, '@', sizeof(buf));
	papif_event_code_to_name_(&code, buf, &check, 5);
	CHECK(check == PAPI_OK && padded(buf, 5, sizeof(buf), "PAPI_"),
	      "code_to_name into 5: cut, nothing past: [%.8s]", buf);
	memset(buf, '@', sizeof(buf));
	papif_event_code_to_name_(&code, buf, &check, 0);
	CHECK(check == PAPI_OK && all(buf, sizeof(buf), '@'),
	      "code_to_name into 0: nothing written");
	memset(buf, '@', sizeof(buf));
	code = PAPI_NULL;
	papif_event_code_to_name_(&code, buf, &check, 12);
	CHECK(check != PAPI_OK && padded(buf, 12, sizeof(buf), ""),
	      "code_to_name(PAPI_NULL) fails (%d), output all blanks", check);
}

/* Four output strings of four lengths: each length with its argument. */
static void event_info(void)
{
	char sym[40], ldesc[300], sdesc[30], note[16];
	int code = PAPI_TOT_INS, count = -1, flags = -1, check = 1;

	memset(sym, '@', sizeof(sym));
	memset(ldesc, '@', sizeof(ldesc));
	memset(sdesc, '@', sizeof(sdesc));
	memset(note, '@', sizeof(note));
	papif_get_event_info_(&code, sym, ldesc, sdesc, &count, note, &flags,
			      &check, 32, 290, 24, 8);
	CHECK(check == PAPI_OK, "get_event_info(PAPI_TOT_INS): check %d",
	      check);
	CHECK(padded(sym, 32, sizeof(sym), "PAPI_TOT_INS"),
	      "symbol padded to its own length (32)");
	CHECK(memchr(ldesc, '@', 290) == NULL && all(ldesc + 290, 10, '@') &&
		      ldesc[289] == ' ' && ldesc[0] != ' ',
	      "long description: 290 characters, ends blank, none past: "
	      "[%.40s...]", ldesc);
	CHECK(memchr(sdesc, '@', 24) == NULL && all(sdesc + 24, 6, '@') &&
		      sdesc[0] != ' ',
	      "short description: 24 characters, none past: [%.24s]", sdesc);
	CHECK(memchr(note, '@', 8) == NULL && all(note + 8, 8, '@'),
	      "note: 8 characters, none past");
	CHECK(count >= 0 && flags == 0, "count %d, flags %d", count, flags);
}

static void perror_message(void)
{
	char out[512] = "";
	FILE *tmp = tmpfile();
	int saved, code, check;
	size_t n;

	if (!tmp) {
		CHECK(0, "tmpfile");
		return;
	}
	/* A failing call sets the error PAPIF_perror describes. */
	papif_event_name_to_code_("perf::NO-SUCH-EVENT", &code, &check, 19);
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(tmp), 2);
	papif_perror_("fortran says   ", 15);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(out, 1, sizeof(out) - 1, tmp);
	out[n] = '\0';
	fclose(tmp);
	CHECK(strncmp(out, "fortran says: ", 14) == 0 && strchr(out, '\n'),
	      "PAPIF_perror(\"fortran says   \"): %s", out);
}

static void widths(void)
{
	struct {
		int id;
		int guard;
	} t = { 0, 0x5a5a5a5a };
	long long dmem[PAPIF_DMEM_MAXVAL + 1];
	char vendor[PAPI_MAX_STR_LEN + 4], model[PAPI_MAX_STR_LEN + 4];
	char preload[20];
	int ncpu = 0, nnodes, total, vend, mod, check;
	float rev, mhz;

	papif_thread_id_(&t.id);
	CHECK(t.guard == 0x5a5a5a5a, "PAPIF_thread_id writes an INTEGER (4 "
	      "bytes), id %d", t.id);
	dmem[PAPIF_DMEM_MAXVAL] = 0x5a5a;
	papif_get_dmem_info_(dmem, &check);
	CHECK(check == PAPI_OK && dmem[PAPIF_DMEM_VMSIZE - 1] > 0 &&
		      dmem[PAPIF_DMEM_PAGESIZE - 1] > 0 &&
		      dmem[PAPIF_DMEM_MAXVAL] == 0x5a5a,
	      "get_dmem_info: %d elements, VMSIZE %lld, PAGESIZE %lld",
	      PAPIF_DMEM_MAXVAL, dmem[PAPIF_DMEM_VMSIZE - 1],
	      dmem[PAPIF_DMEM_PAGESIZE - 1]);
	memset(vendor, '@', sizeof(vendor));
	memset(model, '@', sizeof(model));
	papif_get_hardware_info_(&ncpu, &nnodes, &total, &vend, vendor, &mod,
				 model, &rev, &mhz, PAPI_MAX_STR_LEN,
				 PAPI_MAX_STR_LEN);
	CHECK(ncpu > 0 && memchr(vendor, '@', PAPI_MAX_STR_LEN) == NULL &&
		      all(vendor + PAPI_MAX_STR_LEN, 4, '@') &&
		      vendor[PAPI_MAX_STR_LEN - 1] == ' ' &&
		      memchr(model, '@', PAPI_MAX_STR_LEN) == NULL &&
		      all(model + PAPI_MAX_STR_LEN, 4, '@'),
	      "get_hardware_info: %d CPUs, vendor [%.20s...], padded", ncpu,
	      vendor);
	memset(preload, '@', sizeof(preload));
	papif_get_preload_(preload, &check, 12);
	CHECK(check == PAPI_OK &&
		      padded(preload, 12, sizeof(preload), "LD_PRELOAD"),
	      "get_preload: [%.12s]", preload);
}

static void named_events(void)
{
	int es = PAPI_NULL, check, n = -1;

	papif_create_eventset_(&es, &check);
	CHECK(check == PAPI_OK, "create_eventset: %d", check);
	papif_add_named_event_(&es, "perf::TASK-CLOCK    junk", &check, 20);
	if (check == PAPI_ENOEVNT) {
		printf("note: perf::TASK-CLOCK does not exist here\n");
		return;
	}
	CHECK(check == PAPI_OK, "add_named_event(\"perf::TASK-CLOCK    \"): %d",
	      check);
	papif_num_events_(&es, &n);
	CHECK(n == 1, "num_events: %d", n);
}

int main(void)
{
	spellings();
	strings_in();
	strings_out();
	event_info();
	perror_message();
	widths();
	named_events();
	PAPI_shutdown();
	if (failures) {
		printf("%d check(s) failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
