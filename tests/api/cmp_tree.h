/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_API_CMP_TREE_H
#define PAPI_TESTS_API_CMP_TREE_H
/*
 * Fake /sys, /proc and /dev trees for the sampling components' tests
 * (test_cmp_*.c). tree_root() makes a temporary directory, points
 * PAPI_SYS_ROOT at it (the components read every file under it:
 * src/os/linux/os_sysroot.c) and removes it at exit; tree_put() writes a
 * file (directories made on the way), tree_rm() removes one, tree_link()
 * makes a symbolic link, tree_put_at() writes bytes at an offset (an MSR
 * of a fake /dev/cpu/N/msr). The library must be initialized after the
 * tree is built: components look once, at PAPI_library_init.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tree_dir[PATH_MAX];

static inline int tree_rm_one(const char *p, const struct stat *sb, int flag,
		       struct FTW *f)
{
	(void)sb;
	(void)flag;
	(void)f;
	return remove(p);
}

static inline void tree_cleanup(void)
{
	if (tree_dir[0])
		nftw(tree_dir, tree_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static inline const char *tree_root(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(tree_dir, sizeof(tree_dir), "%s/papi-cmp-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tree_dir)) {
		perror("mkdtemp");
		exit(1);
	}
	atexit(tree_cleanup);
	setenv("PAPI_SYS_ROOT", tree_dir, 1);
	return tree_dir;
}

static inline void tree_mkdirs(const char *full)
{
	char p[PATH_MAX];
	char *s;

	snprintf(p, sizeof(p), "%s", full);
	for (s = p + strlen(tree_dir) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
}

/* Write root/path (path absolute) with content, replacing it. */
static inline void tree_put(const char *path, const char *content)
{
	char full[PATH_MAX];
	FILE *f;

	if (snprintf(full, sizeof(full), "%s%s", tree_dir, path) >=
	    (int)sizeof(full))
		exit(1);
	tree_mkdirs(full);
	f = fopen(full, "w");
	if (!f || fputs(content, f) < 0 || fclose(f) != 0) {
		perror(full);
		exit(1);
	}
}

static inline void tree_putf(const char *path, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tree_putf(const char *path, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tree_put(path, buf);
}

static inline void tree_rm(const char *path)
{
	char full[PATH_MAX];

	if (snprintf(full, sizeof(full), "%s%s", tree_dir, path) >=
	    (int)sizeof(full))
		exit(1);
	nftw(full, tree_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static inline void tree_link(const char *path, const char *target)
{
	char full[PATH_MAX];

	if (snprintf(full, sizeof(full), "%s%s", tree_dir, path) >=
	    (int)sizeof(full))
		exit(1);
	tree_mkdirs(full);
	unlink(full);
	if (symlink(target, full) != 0) {
		perror(full);
		exit(1);
	}
}

/* MSR msr of a fake /dev/cpu/N/msr: under PAPI_SYS_ROOT the rapl
 * component reads MSR m at offset 8 * m (the driver's offset m cannot be
 * a file's: the values would overlap). */
static inline void tree_put_at(const char *path, unsigned long long msr,
			unsigned long long v)
{
	unsigned long long off = msr * 8;
	char full[PATH_MAX];
	int fd;

	if (snprintf(full, sizeof(full), "%s%s", tree_dir, path) >=
	    (int)sizeof(full))
		exit(1);
	tree_mkdirs(full);
	fd = open(full, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || pwrite(fd, &v, sizeof(v), (off_t)off) != sizeof(v)) {
		perror(full);
		exit(1);
	}
	close(fd);
}

#endif
