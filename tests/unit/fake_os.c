// SPDX-License-Identifier: BSD-3-Clause
/*
 * A controllable implementation of src/os/os.h for unit tests; see
 * fake_os.h for what it models and how tests script it. It models the
 * kernel closely where the library's correctness depends on the detail
 * (group semantics of the ioctls, the PERF_FORMAT_GROUP read layout, -EBADF
 * on stale descriptors) so that a library bug shows up as a test failure
 * rather than being papered over by a lenient fake.
 */
#include "fake_os.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "os/os.h"

#define FIRST_FD 100
#define DEFAULT_TIME 1000000ull
#define MAX_PENDING 32
#define MAX_RULES 32
#define MAX_ROOTS 16

struct fd_ent {
	int open;
	int pid, cpu, group_fd;
	unsigned long flags;
	int leader;  /* fd of the group leader; itself for a leader */
	int enabled; /* its own enable state */
	int limit;   /* overflow limit: REFRESH adds, an overflow takes one */
	unsigned long long count, id;
	struct perf_event_attr attr;
};

struct pending {
	int active, op, countdown, err;
};

struct rule {
	int active;
	unsigned int type;
	unsigned long long config;
	int excl; /* -1: any, else attr.exclude_kernel must equal it */
	int err;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static struct fd_ent *fds; /* index: fd - FIRST_FD */
static int nfds, capfds;
static int bad_calls;
static int *opened; /* fds opened since the last reset, in order */
static int nopened, capopened;

static struct fake_os_call *calls;
static int ncalls, capcalls;

static struct pending pending[MAX_PENDING];
static struct rule rules[MAX_RULES];
static unsigned long long t_enabled = DEFAULT_TIME, t_running = DEFAULT_TIME;

static char *root;
static char *roots[MAX_ROOTS];
static int nroots;

static long long clk_real = -1, clk_virt = -1, clk_proc = -1;
static char *klog_line;
static int klog_err;
static int paranoid = 2;
static int hwinfo_ret;
static int ovf_refresh = -1; /* REFRESHes to let pass before an overflow */

/* ---- helpers (mu held) ------------------------------------------------ */

static void *grow(void *p, int *cap, int need, size_t size)
{
	int n;
	void *t;

	if (need <= *cap)
		return p;
	n = *cap ? *cap * 2 : 64;
	while (n < need)
		n *= 2;
	t = realloc(p, (size_t)n * size);
	if (!t) {
		/* The fake has no error path of its own to report through. */
		fprintf(stderr, "fake_os: out of memory\n");
		abort();
	}
	*cap = n;
	return t;
}

static void log_call(int op, int fd, int ret, unsigned long req,
		     unsigned long arg)
{
	calls = grow(calls, &capcalls, ncalls + 1, sizeof(*calls));
	calls[ncalls].op = op;
	calls[ncalls].fd = fd;
	calls[ncalls].ret = ret;
	calls[ncalls].req = req;
	calls[ncalls].arg = arg;
	ncalls++;
}

/* A scripted failure for this call, or 0. */
static int take_failure(int op)
{
	int i, err = 0;

	for (i = 0; i < MAX_PENDING; i++) {
		struct pending *p = &pending[i];

		if (!p->active || p->op != op)
			continue;
		if (p->countdown == 0 && !err) {
			err = p->err;
			p->active = 0;
		} else if (p->countdown > 0) {
			p->countdown--;
		}
	}
	return err;
}

static struct fd_ent *ent(int fd)
{
	if (fd < FIRST_FD || fd >= FIRST_FD + nfds)
		return NULL;
	return &fds[fd - FIRST_FD];
}

static struct fd_ent *open_ent(int fd)
{
	struct fd_ent *e = ent(fd);

	return e && e->open ? e : NULL;
}

static int rule_errno(const struct perf_event_attr *a)
{
	int i;

	for (i = 0; i < MAX_RULES; i++) {
		const struct rule *r = &rules[i];

		if (!r->active)
			continue;
		if (r->type != FAKE_ANY_TYPE && r->type != a->type)
			continue;
		if (r->config != FAKE_ANY_CONFIG && r->config != a->config)
			continue;
		if (r->excl >= 0 && r->excl != (int)a->exclude_kernel)
			continue;
		return r->err;
	}
	return 0;
}

/* ---- perf_event ------------------------------------------------------- */

int papi__os_perf_open(struct perf_event_attr *attr, int pid, int cpu,
		       int group_fd, unsigned long flags)
{
	struct fd_ent *e, *lead = NULL;
	int err, fd;

	pthread_mutex_lock(&mu);
	err = take_failure(FAKE_OPEN);
	if (!err && !attr)
		err = -EFAULT;
	if (!err)
		err = rule_errno(attr);
	if (!err && group_fd != -1) {
		lead = open_ent(group_fd);
		if (!lead) {
			bad_calls++;
			err = -EBADF;
		} else if (lead->leader != group_fd) {
			/* The kernel takes only a leader as group_fd. */
			err = -EINVAL;
		}
	}
	if (err) {
		log_call(FAKE_OPEN, -1, err, 0, 0);
		pthread_mutex_unlock(&mu);
		return err;
	}
	fds = grow(fds, &capfds, nfds + 1, sizeof(*fds));
	fd = FIRST_FD + nfds++;
	e = &fds[fd - FIRST_FD];
	memset(e, 0, sizeof(*e));
	e->open = 1;
	e->attr = *attr;
	e->pid = pid;
	e->cpu = cpu;
	e->group_fd = group_fd;
	e->flags = flags;
	e->leader = group_fd == -1 ? fd : group_fd;
	e->enabled = !attr->disabled;
	/* Ids unlike fds, so that mixing the two up is caught. */
	e->id = 0x5000ull + (unsigned long long)fd * 7;
	opened = grow(opened, &capopened, nopened + 1, sizeof(*opened));
	opened[nopened++] = fd;
	log_call(FAKE_OPEN, fd, fd, 0, 0);
	pthread_mutex_unlock(&mu);
	return fd;
}

int papi__os_close(int fd)
{
	struct fd_ent *e;
	int err, i;

	pthread_mutex_lock(&mu);
	err = take_failure(FAKE_CLOSE);
	e = open_ent(fd);
	if (!e) {
		bad_calls++;
		err = -EBADF;
	}
	if (!err) {
		e->open = 0;
		/* Closing a leader leaves its members as groups of their own,
		 * as the kernel does. */
		if (e->leader == fd)
			for (i = 0; i < nfds; i++)
				if (fds[i].open && fds[i].leader == fd)
					fds[i].leader = FIRST_FD + i;
	}
	log_call(FAKE_CLOSE, fd, err, 0, 0);
	pthread_mutex_unlock(&mu);
	return err;
}

/* Apply an ioctl to fd alone, or to the whole group of fd's leader. */
static void for_group(int fd, int group, void (*fn)(struct fd_ent *, int),
		      int how)
{
	int i, lead = ent(fd)->leader;

	if (!group) {
		fn(ent(fd), how);
		return;
	}
	for (i = 0; i < nfds; i++)
		if (fds[i].open && fds[i].leader == lead)
			fn(&fds[i], how);
}

static void do_enable(struct fd_ent *e, int on)
{
	e->enabled = on;
}

static void do_reset(struct fd_ent *e, int unused)
{
	e->count = 0;
}

int papi__os_ioctl(int fd, unsigned long request, unsigned long arg)
{
	struct fd_ent *e;
	int err, group = (arg & PERF_IOC_FLAG_GROUP) != 0, hup = 0;

	pthread_mutex_lock(&mu);
	err = take_failure(FAKE_IOCTL);
	e = open_ent(fd);
	if (!e) {
		bad_calls++;
		err = -EBADF;
	}
	if (!err) {
		switch (request) {
		case PERF_EVENT_IOC_ENABLE:
			for_group(fd, group, do_enable, 1);
			break;
		case PERF_EVENT_IOC_DISABLE:
			for_group(fd, group, do_enable, 0);
			break;
		case PERF_EVENT_IOC_RESET:
			for_group(fd, group, do_reset, 0);
			break;
		case PERF_EVENT_IOC_REFRESH:
			/* The kernel's: the limit grows by arg, the event is
			 * enabled. A scripted overflow follows at once: the
			 * limit's last unit is taken, the event disabled, and
			 * the fd's signal raised with POLL_HUP (below, out of
			 * the lock: the handler calls ioctl). */
			e->limit += (int)arg;
			e->enabled = 1;
			if (ovf_refresh >= 0 && ovf_refresh-- == 0 &&
			    e->limit > 0 && --e->limit == 0) {
				e->enabled = 0;
				hup = 1;
			}
			break;
		case PERF_EVENT_IOC_ID:
			if (!arg)
				err = -EFAULT;
			else
				memcpy((void *)(uintptr_t)arg, &e->id,
				       sizeof(e->id));
			break;
		default:
			err = -ENOTTY;
			break;
		}
	}
	log_call(FAKE_IOCTL, fd, err, request, arg);
	pthread_mutex_unlock(&mu);
	if (hup)
		fake_os_raise(fd, POLL_HUP);
	return err;
}

void fake_os_overflow_at_refresh(int nth)
{
	pthread_mutex_lock(&mu);
	ovf_refresh = nth;
	pthread_mutex_unlock(&mu);
}

/* The record of one event: value, then the times and id as asked. */
static size_t put_single(unsigned long long *w, const struct fd_ent *e)
{
	unsigned long long rf = e->attr.read_format;
	size_t n = 0;

	w[n++] = e->count;
	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		w[n++] = t_enabled;
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		w[n++] = t_running;
	if (rf & PERF_FORMAT_ID)
		w[n++] = e->id;
	return n;
}

long papi__os_read(int fd, void *buf, size_t len)
{
	unsigned long long *w;
	struct fd_ent *e;
	size_t n = 0;
	long ret;
	int i, err;

	pthread_mutex_lock(&mu);
	err = take_failure(FAKE_READ);
	e = open_ent(fd);
	if (!e) {
		bad_calls++;
		err = -EBADF;
	}
	if (err) {
		log_call(FAKE_READ, fd, err, 0, 0);
		pthread_mutex_unlock(&mu);
		return err;
	}
	w = calloc(3 + 2 * (size_t)nfds + 4, sizeof(*w));
	if (!w)
		abort();
	if (e->attr.read_format & PERF_FORMAT_GROUP) {
		/* The kernel answers for the leader's whole group:
		 * {nr, [enabled], [running], {value, [id]} * nr}. */
		int lead = e->leader, nr = 0;
		unsigned long long rf = e->attr.read_format;

		w[n++] = 0;
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			w[n++] = t_enabled;
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			w[n++] = t_running;
		/* The leader first, then the members in opening order. */
		for (i = -1; i < nfds; i++) {
			const struct fd_ent *m =
				i < 0 ? ent(lead) : &fds[i];

			if (i >= 0 && (FIRST_FD + i == lead || !m->open ||
				       m->leader != lead))
				continue;
			w[n++] = m->count;
			if (rf & PERF_FORMAT_ID)
				w[n++] = m->id;
			nr++;
		}
		w[0] = (unsigned long long)nr;
	} else {
		n = put_single(w, e);
	}
	if (len < n * sizeof(*w)) {
		ret = -ENOSPC;
	} else {
		memcpy(buf, w, n * sizeof(*w));
		ret = (long)(n * sizeof(*w));
	}
	free(w);
	log_call(FAKE_READ, fd, (int)ret, 0, 0);
	pthread_mutex_unlock(&mu);
	return ret;
}

/* ---- scripting and inspection ----------------------------------------- */

void fake_os_reset(void)
{
	pthread_mutex_lock(&mu);
	memset(pending, 0, sizeof(pending));
	memset(rules, 0, sizeof(rules));
	t_enabled = t_running = DEFAULT_TIME;
	ncalls = 0;
	nopened = 0;
	bad_calls = 0;
	clk_real = clk_virt = clk_proc = -1;
	free(klog_line);
	klog_line = NULL;
	klog_err = 0;
	paranoid = 2;
	hwinfo_ret = 0;
	ovf_refresh = -1;
	pthread_mutex_unlock(&mu);
}

void fake_os_fail_call(int op, int nth, int neg_errno)
{
	int i;

	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_PENDING; i++)
		if (!pending[i].active) {
			pending[i].active = 1;
			pending[i].op = op;
			pending[i].countdown = nth;
			pending[i].err = neg_errno;
			break;
		}
	pthread_mutex_unlock(&mu);
	if (i == MAX_PENDING) {
		fprintf(stderr, "fake_os: too many pending failures\n");
		abort();
	}
}

void fake_os_fail_perf_open(int nth, int neg_errno)
{
	fake_os_fail_call(FAKE_OPEN, nth, neg_errno);
}

void fake_os_perf_open_errno_excl(unsigned int type, unsigned long long config,
				  int exclude_kernel, int neg_errno)
{
	int i, free_slot = -1;

	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_RULES; i++) {
		struct rule *r = &rules[i];

		if (r->active && r->type == type && r->config == config &&
		    r->excl == exclude_kernel) {
			r->err = neg_errno;
			r->active = neg_errno != 0;
			pthread_mutex_unlock(&mu);
			return;
		}
		if (!r->active && free_slot < 0)
			free_slot = i;
	}
	if (neg_errno && free_slot >= 0) {
		rules[free_slot].active = 1;
		rules[free_slot].type = type;
		rules[free_slot].config = config;
		rules[free_slot].excl = exclude_kernel;
		rules[free_slot].err = neg_errno;
	}
	pthread_mutex_unlock(&mu);
	if (neg_errno && free_slot < 0) {
		fprintf(stderr, "fake_os: too many rules\n");
		abort();
	}
}

void fake_os_perf_open_errno(unsigned int type, unsigned long long config,
			     int neg_errno)
{
	fake_os_perf_open_errno_excl(type, config, -1, neg_errno);
}

void fake_os_set_count(int fd, unsigned long long value)
{
	struct fd_ent *e;

	pthread_mutex_lock(&mu);
	e = ent(fd);
	if (e)
		e->count = value;
	pthread_mutex_unlock(&mu);
}

void fake_os_set_times(unsigned long long enabled, unsigned long long running)
{
	pthread_mutex_lock(&mu);
	t_enabled = enabled;
	t_running = running;
	pthread_mutex_unlock(&mu);
}

int fake_os_open_fds(void)
{
	int i, n = 0;

	pthread_mutex_lock(&mu);
	for (i = 0; i < nfds; i++)
		n += fds[i].open;
	pthread_mutex_unlock(&mu);
	return n;
}

int fake_os_bad_fd_calls(void)
{
	int n;

	pthread_mutex_lock(&mu);
	n = bad_calls;
	pthread_mutex_unlock(&mu);
	return n;
}

int fake_os_fd_is_open(int fd)
{
	int r;

	pthread_mutex_lock(&mu);
	r = open_ent(fd) != NULL;
	pthread_mutex_unlock(&mu);
	return r;
}

const struct perf_event_attr *fake_os_attr(int fd)
{
	struct fd_ent *e;

	/* The table may move when it grows: callers use the result before
	 * the next open, which is how tests use it. */
	pthread_mutex_lock(&mu);
	e = ent(fd);
	pthread_mutex_unlock(&mu);
	return e ? &e->attr : NULL;
}

static int field(int fd, int which)
{
	struct fd_ent *e;
	int r = -1;

	pthread_mutex_lock(&mu);
	e = ent(fd);
	if (e) {
		switch (which) {
		case 0:
			r = e->group_fd;
			break;
		case 1:
			r = e->pid;
			break;
		case 2:
			r = e->cpu;
			break;
		case 3:
			r = e->open ? e->leader : -1;
			break;
		default:
			/* A member counts only when its group leader does. */
			r = e->open && e->enabled &&
			    open_ent(e->leader) && ent(e->leader)->enabled;
			break;
		}
	}
	pthread_mutex_unlock(&mu);
	return r;
}

int fake_os_group_fd(int fd)
{
	return field(fd, 0);
}

int fake_os_pid(int fd)
{
	return field(fd, 1);
}

int fake_os_cpu(int fd)
{
	return field(fd, 2);
}

int fake_os_leader(int fd)
{
	return field(fd, 3);
}

int fake_os_limit(int fd)
{
	struct fd_ent *e;
	int r = -1;

	pthread_mutex_lock(&mu);
	e = ent(fd);
	if (e)
		r = e->limit;
	pthread_mutex_unlock(&mu);
	return r;
}

int fake_os_enabled(int fd)
{
	return field(fd, 4) > 0;
}

int fake_os_find_fd(unsigned int type, unsigned long long config)
{
	int i, r = -1;

	pthread_mutex_lock(&mu);
	for (i = nfds - 1; i >= 0; i--)
		if (fds[i].open && fds[i].attr.type == type &&
		    fds[i].attr.config == config) {
			r = FIRST_FD + i;
			break;
		}
	pthread_mutex_unlock(&mu);
	return r;
}

int fake_os_list_fds(int *out, int max)
{
	int i, n = 0;

	pthread_mutex_lock(&mu);
	for (i = 0; i < nfds; i++)
		if (fds[i].open) {
			if (n < max)
				out[n] = FIRST_FD + i;
			n++;
		}
	pthread_mutex_unlock(&mu);
	return n;
}

int fake_os_opened(int i)
{
	int r;

	pthread_mutex_lock(&mu);
	r = i >= 0 && i < nopened ? opened[i] : -1;
	pthread_mutex_unlock(&mu);
	return r;
}

void fake_os_log_clear(void)
{
	pthread_mutex_lock(&mu);
	ncalls = 0;
	nopened = 0;
	pthread_mutex_unlock(&mu);
}

int fake_os_log_count(void)
{
	int n;

	pthread_mutex_lock(&mu);
	n = ncalls;
	pthread_mutex_unlock(&mu);
	return n;
}

const struct fake_os_call *fake_os_log(int i)
{
	const struct fake_os_call *c;

	pthread_mutex_lock(&mu);
	c = i >= 0 && i < ncalls ? &calls[i] : NULL;
	pthread_mutex_unlock(&mu);
	return c;
}

int fake_os_calls(int op, unsigned long req)
{
	int i, n = 0;

	pthread_mutex_lock(&mu);
	for (i = 0; i < ncalls; i++)
		if (calls[i].op == op &&
		    (op != FAKE_IOCTL || !req || calls[i].req == req))
			n++;
	pthread_mutex_unlock(&mu);
	return n;
}

/* ---- files ------------------------------------------------------------ */

/* root + path into out; -ENOENT without a root or for a relative path. */
static int map_path(const char *path, char *out, size_t len);

int fake_os_map_path(const char *path, char *out, size_t len)
{
	return map_path(path, out, len);
}

static int map_path(const char *path, char *out, size_t len)
{
	int n, ret = 0;

	pthread_mutex_lock(&mu);
	if (!root || !path || path[0] != '/')
		ret = -ENOENT;
	else if ((n = snprintf(out, len, "%s%s", root, path)) < 0 ||
		 (size_t)n >= len)
		ret = -ENAMETOOLONG;
	pthread_mutex_unlock(&mu);
	return ret;
}

long papi__os_read_file(const char *path, char *buf, size_t len)
{
	char real[4096];
	size_t got = 0;
	int fd, ret;

	if (len == 0)
		return -EINVAL;
	ret = map_path(path, real, sizeof(real));
	if (ret < 0)
		return ret;
	fd = open(real, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (got < len - 1) {
		ssize_t n = read(fd, buf + got, len - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	close(fd);
	return (long)got;
}

int papi__os_list_dir(const char *path,
		      int (*fn)(const char *name, void *arg), void *arg)
{
	char real[4096];
	struct dirent *de;
	DIR *d;
	int ret = map_path(path, real, sizeof(real));

	if (ret < 0)
		return ret;
	d = opendir(real);
	if (!d)
		return -errno;
	while (ret == 0 && (de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		ret = fn(de->d_name, arg);
	}
	closedir(d);
	return ret;
}

void fake_os_set_root(const char *dir)
{
	char *copy = dir ? strdup(dir) : NULL;

	pthread_mutex_lock(&mu);
	free(root);
	root = copy;
	pthread_mutex_unlock(&mu);
}

static int rm_one(const char *path, const struct stat *sb, int flag,
		  struct FTW *ftw)
{
	remove(path);
	return 0;
}

static void remove_roots(void)
{
	int i;

	for (i = 0; i < nroots; i++) {
		nftw(roots[i], rm_one, 16, FTW_DEPTH | FTW_PHYS);
		free(roots[i]);
	}
	nroots = 0;
	fake_os_set_root(NULL);
}

const char *fake_os_make_root(void)
{
	char tmpl[] = "/tmp/papi-unit-XXXXXX";
	const char *r;

	if (nroots == MAX_ROOTS || !mkdtemp(tmpl))
		return NULL;
	if (nroots == 0)
		atexit(remove_roots);
	roots[nroots++] = strdup(tmpl);
	fake_os_set_root(tmpl);
	pthread_mutex_lock(&mu);
	r = root;
	pthread_mutex_unlock(&mu);
	return r;
}

int fake_os_mkdir(const char *path)
{
	char real[4096], *p;
	int ret = map_path(path, real, sizeof(real));

	if (ret < 0)
		return ret;
	/* mkdir -p: every prefix after the root, then the whole. */
	for (p = real + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(real, 0755) < 0 && errno != EEXIST) {
			ret = -errno;
			*p = '/';
			return ret;
		}
		*p = '/';
	}
	if (mkdir(real, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

int fake_os_mkfile(const char *path, const char *content)
{
	char dir[4096], real[4096], *slash;
	size_t len = strlen(content);
	int fd, ret;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir))
		return -ENAMETOOLONG;
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		ret = fake_os_mkdir(dir);
		if (ret < 0)
			return ret;
	}
	ret = map_path(path, real, sizeof(real));
	if (ret < 0)
		return ret;
	fd = open(real, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (write(fd, content, len) != (ssize_t)len) {
		ret = errno ? -errno : -EIO;
		close(fd);
		return ret;
	}
	close(fd);
	return 0;
}

/* libpfm4 finds the host's core PMU from cpuid, not from the fake sysfs,
 * so the presets a unit test sees would follow whatever CPU runs it (Zen 4
 * rows on one machine, the generic fallback on another). The fake machine's
 * CPU is one libpfm4 does not know: every core PMU it detects here is
 * disabled (LIBPFM_DISABLED_PMUS), leaving perf and perf_raw. libpfm4 reads
 * its environment once per process, at the first pfm_initialize, so a child
 * process asks it for the list. */
static void plain_libpfm(void)
{
	char list[1024];
	ssize_t n, len = 0;
	int fd[2], status;
	pid_t pid;

	if (getenv("LIBPFM_DISABLED_PMUS") || pipe(fd) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		pfm_pmu_info_t pi;
		int p, first = 1;

		close(fd[0]);
		if (pfm_initialize() == PFM_SUCCESS)
			for (p = 0; p < PFM_PMU_MAX; p++) {
				memset(&pi, 0, sizeof(pi));
				pi.size = sizeof(pi);
				if (pfm_get_pmu_info(p, &pi) != PFM_SUCCESS ||
				    !pi.is_present || !pi.name ||
				    pi.type == PFM_PMU_TYPE_OS_GENERIC)
					continue;
				if (!first && write(fd[1], ",", 1) != 1)
					_exit(1);
				if (write(fd[1], pi.name, strlen(pi.name)) < 0)
					_exit(1);
				first = 0;
			}
		_exit(0);
	}
	close(fd[1]);
	while (pid > 0 && len < (ssize_t)sizeof(list) - 1 &&
	       (n = read(fd[0], list + len, sizeof(list) - 1 - (size_t)len)) > 0)
		len += n;
	close(fd[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	list[len] = '\0';
	if (len > 0)
		setenv("LIBPFM_DISABLED_PMUS", list, 1);
}

int fake_os_std_sysfs(void)
{
	static const char *const files[][2] = {
		{ "cpu/type", "4\n" },
		{ "cpu/format/event", "config:0-7\n" },
		{ "cpu/format/umask", "config:8-15\n" },
		{ "cpu/format/cmask", "config:24-31\n" },
		{ "cpu/format/inv", "config:23\n" },
		{ "cpu/format/ldlat", "config1:0-15\n" },
		{ "cpu/format/xev", "config:0-7,32-35\n" },
		{ "cpu/events/cycles", "event=0x3c\n" },
		{ "cpu/events/instructions", "event=0xc0\n" },
		{ "cpu/events/mem-loads", "event=0xcd,umask=0x1,ldlat=3\n" },
		{ "cpu/events/alias2", "cycles,umask=0x2\n" },
		{ "cpu/events/loop1", "loop2\n" },
		{ "cpu/events/loop2", "loop1\n" },
		{ "msr/type", "11\n" },
		{ "msr/format/event", "config:0-63\n" },
		{ "msr/events/tsc", "event=0x00\n" },
		{ "msr/events/aperf", "event=0x01\n" },
		{ "msr/events/mperf", "event=0x02\n" },
		{ "power/type", "13\n" },
		{ "power/cpumask", "0\n" },
		{ "power/format/event", "config:0-7\n" },
		{ "power/events/energy-pkg", "event=0x02\n" },
		{ "power/events/energy-pkg.scale", "2.3283064365386962890625e-10\n" },
		{ "power/events/energy-pkg.unit", "Joules\n" },
		{ "fakesw/type", "14\n" },
		{ "fakesw/format/event", "config:0-15\n" },
		{ "fakesw/events/ticks", "event=0x1\n" },
		{ "fakesw/events/ticks.scale", "1e-3\n" },
		{ "fakesw/events/ticks.unit", "ms\n" },
		{ "software/type", "1\n" },
	};
	char path[256];
	size_t i;
	int ret;

	plain_libpfm();
	if (!fake_os_make_root())
		return -errno;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s",
			 files[i][0]);
		ret = fake_os_mkfile(path, files[i][1]);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* ---- clocks, identity, kernel ------------------------------------------ */

static long long clock_or(long long fixed, clockid_t id)
{
	struct timespec ts;

	if (fixed >= 0)
		return fixed;
	if (clock_gettime(id, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long papi__os_real_nsec(void)
{
	long long v;

	pthread_mutex_lock(&mu);
	v = clk_real;
	pthread_mutex_unlock(&mu);
	return clock_or(v, CLOCK_MONOTONIC);
}

long long papi__os_virt_nsec(void)
{
	long long v;

	pthread_mutex_lock(&mu);
	v = clk_virt;
	pthread_mutex_unlock(&mu);
	return clock_or(v, CLOCK_THREAD_CPUTIME_ID);
}

long long papi__os_proc_nsec(void)
{
	long long v;

	pthread_mutex_lock(&mu);
	v = clk_proc;
	pthread_mutex_unlock(&mu);
	return clock_or(v, CLOCK_PROCESS_CPUTIME_ID);
}

void fake_os_set_clocks(long long real_ns, long long virt_ns,
			long long proc_ns)
{
	pthread_mutex_lock(&mu);
	clk_real = real_ns;
	clk_virt = virt_ns;
	clk_proc = proc_ns;
	pthread_mutex_unlock(&mu);
}

int papi__os_gettid(void)
{
	return (int)syscall(SYS_gettid);
}

int papi__os_getpid(void)
{
	return (int)getpid();
}

int papi__os_kernel_release(char *buf, size_t len)
{
	snprintf(buf, len, "%s", "6.1.0-fake");
	return 0;
}

long papi__os_kernel_log_find(const char *needle, char *out, size_t len)
{
	long r = 0;

	pthread_mutex_lock(&mu);
	if (klog_err) {
		r = klog_err;
	} else if (klog_line && strstr(klog_line, needle)) {
		snprintf(out, len, "%s", klog_line);
		r = 1;
	}
	pthread_mutex_unlock(&mu);
	return r;
}

void fake_os_set_kernel_log(const char *line, int neg_errno)
{
	char *copy = line ? strdup(line) : NULL;

	pthread_mutex_lock(&mu);
	free(klog_line);
	klog_line = copy;
	klog_err = neg_errno;
	pthread_mutex_unlock(&mu);
}

int papi__os_perf_paranoid(void)
{
	int v;

	pthread_mutex_lock(&mu);
	v = paranoid;
	pthread_mutex_unlock(&mu);
	return v;
}

void fake_os_set_paranoid(int value)
{
	pthread_mutex_lock(&mu);
	paranoid = value;
	pthread_mutex_unlock(&mu);
}

void fake_os_set_hwinfo_ret(int ret)
{
	pthread_mutex_lock(&mu);
	hwinfo_ret = ret;
	pthread_mutex_unlock(&mu);
}

static void set_cache(PAPI_mh_cache_info_t *c, int type, int size, int line,
		      int assoc)
{
	c->type = type;
	c->size = size;
	c->line_size = line;
	c->num_lines = size / line;
	c->associativity = assoc;
}

/* One socket, 4 cores, 2 threads each, one NUMA node: a small but complete
 * machine, so that code reading hw_info sees every field set. */
int papi__os_hwinfo(PAPI_hw_info_t *hw)
{
	PAPI_mh_level_t *l;
	int r;

	memset(hw, 0, sizeof(*hw));
	hw->ncpu = 8;
	hw->threads = 2;
	hw->cores = 4;
	hw->sockets = 1;
	hw->nnodes = 1;
	hw->totalcpus = 8;
	hw->vendor = PAPI_VENDOR_INTEL;
	snprintf(hw->vendor_string, sizeof(hw->vendor_string), "GenuineIntel");
	hw->model = 85;
	snprintf(hw->model_string, sizeof(hw->model_string),
		 "Fake CPU @ 3.00GHz");
	hw->revision = 4.0f;
	hw->cpuid_family = 6;
	hw->cpuid_model = 85;
	hw->cpuid_stepping = 4;
	hw->cpu_max_mhz = 3000;
	hw->cpu_min_mhz = 800;
	hw->mhz = 3000.0f;
	hw->clock_mhz = 3000;
	hw->mem_hierarchy.levels = 3;
	l = hw->mem_hierarchy.level;
	set_cache(&l[0].cache[0], PAPI_MH_TYPE_DATA | PAPI_MH_TYPE_WB, 32768,
		  64, 8);
	set_cache(&l[0].cache[1], PAPI_MH_TYPE_INST, 32768, 64, 8);
	set_cache(&l[1].cache[0], PAPI_MH_TYPE_UNIFIED | PAPI_MH_TYPE_WB,
		  1048576, 64, 16);
	set_cache(&l[2].cache[0], PAPI_MH_TYPE_UNIFIED | PAPI_MH_TYPE_WB,
		  8388608, 64, 11);
	pthread_mutex_lock(&mu);
	r = hwinfo_ret;
	pthread_mutex_unlock(&mu);
	return r;
}
