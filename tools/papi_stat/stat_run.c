// SPDX-License-Identifier: BSD-3-Clause
/*
 * One run of papi_stat: start the command (held before exec until its
 * counters run, so that nothing it does escapes them) or find the threads
 * of the process to attach to, count until the command ends, the process
 * exits or a signal comes, and read the counts.
 *
 * Targets and their sets:
 *   -- COMMAND   one set attached to the command's process, inheriting:
 *                every thread and process it starts is in its counts
 *   -p PID       one set per thread of PID at the attach, each inheriting
 *                (threads started later are counted in their creator's)
 *   -t TID       one set on that thread, not inheriting
 * --per-thread with a command adds one set per thread of the command's
 * tree, found in /proc as the command runs (every 10 ms): an inherited
 * counter sums its children into one count, and PAPI's API has no call
 * that splits it, so each thread is attached on its own once seen; its
 * row counts from then on, while the total counts everything.
 */
#include <papi.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stat.h"

static volatile sig_atomic_t got_signal;
static volatile pid_t child_pid;

volatile int *stat_interrupted(void)
{
	static volatile int flag;

	flag = got_signal;
	return &flag;
}

/* Ctrl-C or SIGTERM: count no further, print what was counted. A signal
 * sent to papi_stat alone (kill) is passed on to the command; the
 * terminal's Ctrl-C reached the command already (same process group). */
static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got_signal = sig;
	if (child_pid > 0 && si && si->si_code <= 0)
		kill(child_pid, sig);
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO; /* no SA_RESTART: waits return EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL); /* a signal cuts it short: fine */
}

/* Whether the process or thread is gone (or a zombie: it counts nothing
 * more). */
static int gone(pid_t id)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)id);
	if (!(f = fopen(path, "r")))
		return 1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return !p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X';
}

static struct stat_set *add_set(struct stat_ctx *c)
{
	struct stat_set *s;

	if (c->nset == c->capset) {
		int cap = c->capset ? 2 * c->capset : 8;

		s = realloc(c->set, (size_t)cap * sizeof(*s));
		if (!s)
			return NULL;
		c->set = s;
		c->capset = cap;
	}
	return &c->set[c->nset];
}

/* Open and (when start) start a set on tid; 0, or a PAPI error. */
static int open_target(struct stat_ctx *c, pid_t tid, int inherit, int start,
		       long long t0)
{
	struct stat_set *s = add_set(c);
	int ret;

	if (!s)
		return PAPI_ENOMEM;
	ret = stat_set_open(c, tid, inherit, s);
	if (ret == PAPI_OK && start && (ret = stat_set_start(c, s)) != PAPI_OK)
		stat_set_close(s);
	if (ret != PAPI_OK)
		return ret;
	s->seen_ns = t0 ? stat_now_ns() - t0 : 0;
	c->nset++;
	return PAPI_OK;
}

static int have_tid(const struct stat_ctx *c, int from, pid_t tid)
{
	int i;

	for (i = from; i < c->nset; i++)
		if (c->set[i].tid == tid)
			return 1;
	return 0;
}

/* The threads of pid, then those of its children, depth first, each given
 * a set of its own (from the sets' index from on) if it has none. */
static void discover(struct stat_ctx *c, pid_t pid, int from, long long t0,
		     int depth)
{
	char path[64];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	if (depth > 64 || !(d = opendir(path)))
		return;
	while ((e = readdir(d))) {
		pid_t tid = (pid_t)atoi(e->d_name);
		char cpath[96], buf[4096], *p, *end;
		FILE *f;
		size_t n;

		if (tid <= 0)
			continue;
		if (!have_tid(c, from, tid) && !gone(tid))
			open_target(c, tid, 0, 1, t0);
		snprintf(cpath, sizeof(cpath), "/proc/%d/task/%d/children",
			 (int)pid, (int)tid);
		if (!(f = fopen(cpath, "r")))
			continue;
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		for (p = buf;; p = end) {
			long kid = strtol(p, &end, 10);

			if (end == p)
				break;
			discover(c, (pid_t)kid, from, t0, depth + 1);
		}
	}
	closedir(d);
}

/* The command, forked and held before exec until released through go. */
static pid_t spawn(char **cmd, int *go, int *err)
{
	int gp[2], ep[2];
	pid_t pid;

	if (pipe(gp) != 0)
		return -1;
	if (pipe2(ep, O_CLOEXEC) != 0) {
		close(gp[0]);
		close(gp[1]);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		char b;
		int e;

		close(gp[1]);
		close(ep[0]);
		if (read(gp[0], &b, 1) != 1)
			_exit(127); /* papi_stat gave up */
		close(gp[0]);
		execvp(cmd[0], cmd);
		e = errno;
		if (write(ep[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(e == ENOENT ? 127 : 126);
	}
	close(gp[0]);
	close(ep[1]);
	if (pid < 0) {
		close(gp[1]);
		close(ep[0]);
		return -1;
	}
	*go = gp[1];
	*err = ep[0];
	return pid;
}

static int status_code(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return 1;
}

/* The sets of -p (every thread, inheriting) or -t. */
static int attach_targets(struct stat_ctx *c)
{
	char path[64];
	struct dirent *e;
	DIR *d;
	int ret;

	if (c->o.tid)
		return open_target(c, c->o.tid, 0, 0, 0);
	snprintf(path, sizeof(path), "/proc/%d/task", (int)c->o.pid);
	if (!(d = opendir(path)))
		return PAPI_EINVAL;
	while ((e = readdir(d))) {
		pid_t tid = (pid_t)atoi(e->d_name);

		if (tid <= 0)
			continue;
		ret = open_target(c, tid, 1, 0, 0);
		/* A thread that exits meanwhile is no error. */
		if (ret != PAPI_OK && !gone(tid)) {
			closedir(d);
			return ret;
		}
	}
	closedir(d);
	return c->nset ? PAPI_OK : PAPI_EINVAL;
}

static void close_all(struct stat_ctx *c)
{
	int i;

	for (i = 0; i < c->nset; i++)
		stat_set_close(&c->set[i]);
}

static void interval_tick(struct stat_ctx *c, long long t0)
{
	int i;

	for (i = 0; i < c->nset; i++)
		if (c->set[i].started)
			stat_set_read(c, &c->set[i]);
	stat_print_interval(c, (double)(stat_now_ns() - t0) * 1e-9);
}

static int count_error(const char *what, pid_t id, int ret)
{
	fprintf(stderr, "papi_stat: cannot count %s %d: %s\n", what, (int)id,
		PAPI_strerror(ret));
	return 1;
}

int stat_run_once(struct stat_ctx *c, struct stat_result *r, int last)
{
	int go = -1, errfd = -1, ret, i, e, st = 0, nohang, status = 0;
	long long t0, next, end;
	pid_t pid = 0, watch;
	long step;

	(void)last;
	c->nset = 0;
	catch_signals();
	if (c->o.cmd) {
		pid = spawn(c->o.cmd, &go, &errfd);
		if (pid < 0) {
			perror("papi_stat: fork");
			return 1;
		}
		child_pid = pid;
	}
	if (c->o.pid || c->o.tid)
		ret = attach_targets(c);
	else
		ret = open_target(c, pid, 1, 0, 0);
	if (ret != PAPI_OK) {
		close_all(c);
		if (pid > 0) {
			close(go); /* the child exits without running */
			close(errfd);
			waitpid(pid, NULL, 0);
		}
		return count_error(c->o.cmd && !c->o.pid && !c->o.tid ?
					   "the command, process" :
				   c->o.tid ? "thread" : "process",
				   c->o.tid ? c->o.tid : c->o.pid ? c->o.pid : pid,
				   ret);
	}
	c->ntotal = c->nset;
	for (i = 0; i < c->ntotal; i++) {
		ret = stat_set_start(c, &c->set[i]);
		if (ret != PAPI_OK && !gone(c->set[i].tid)) {
			close_all(c);
			if (pid > 0) {
				close(go);
				close(errfd);
				waitpid(pid, NULL, 0);
			}
			return count_error("thread", c->set[i].tid, ret);
		}
	}
	t0 = stat_now_ns();
	if (pid > 0) {
		ssize_t n;

		if (write(go, "g", 1) != 1)
			perror("papi_stat: releasing the command");
		close(go);
		n = read(errfd, &e, sizeof(e));
		close(errfd);
		if (n == (ssize_t)sizeof(e)) {
			fprintf(stderr, "papi_stat: cannot run %s: %s\n",
				c->o.cmd[0], strerror(e));
			waitpid(pid, &st, 0);
			close_all(c);
			child_pid = 0;
			return status_code(st);
		}
	}
	watch = c->o.tid ? c->o.tid : c->o.pid;
	step = c->o.interval_ms ? c->o.interval_ms : 100;
	if (c->o.per_thread && pid > 0 && !watch && step > 10)
		step = 10;
	if (step > 100)
		step = 100;
	next = c->o.interval_ms ? t0 + c->o.interval_ms * 1000000LL : 0;
	if (c->o.per_thread && pid > 0 && !watch)
		discover(c, pid, c->ntotal, t0, 0);
	nohang = c->o.interval_ms || (c->o.per_thread && !watch);
	for (;;) {
		if (pid > 0) {
			/* Without intervals or threads to find, just wait. */
			pid_t w = waitpid(pid, &st, nohang ? WNOHANG : 0);

			if (w == pid) {
				status = status_code(st);
				child_pid = 0;
				break;
			}
		}
		if (watch && !pid && gone(watch))
			break;
		if (got_signal && (!pid || watch))
			break; /* a command alone: wait for it to end */
		if (!pid || nohang)
			sleep_ms(step);
		if (c->o.per_thread && pid > 0 && !watch)
			discover(c, pid, c->ntotal, t0, 0);
		if (next && stat_now_ns() >= next) {
			interval_tick(c, t0);
			next += c->o.interval_ms * 1000000LL;
		}
	}
	end = stat_now_ns();
	/* With -p/-t and a command cut short by Ctrl-C: the command's end. */
	if (pid > 0 && watch && child_pid) {
		waitpid(pid, &st, 0);
		status = status_code(st);
		child_pid = 0;
	}
	for (i = 0; i < c->nset; i++)
		if (c->set[i].started && stat_set_stop(c, &c->set[i]) != PAPI_OK)
			c->set[i].gone = 1;
	memset(r, 0, sizeof(*r));
	for (i = 0; i < c->ntotal; i++) {
		int k;

		for (k = 0; k < c->nev; k++) {
			r->v[k] += c->set[i].v[k];
			if (c->set[i].en[k] >= 0 && r->en[k] >= 0) {
				r->en[k] += c->set[i].en[k];
				r->run[k] += c->set[i].run[k];
			} else {
				r->en[k] = r->run[k] = -1;
			}
		}
	}
	r->wall_ns = end - t0;
	r->status = pid > 0 ? status : 0;
	close_all(c);
	return 0;
}
