// SPDX-License-Identifier: BSD-3-Clause
/*
 * The futex under the library lock (core/lib.c). In a file of its own so
 * that the unit tests, which fake the rest of the OS layer, link this one
 * as it is: the fake OS fakes the PMU and the files, not the threads of
 * the test.
 */
#include "os/os.h"

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int papi__os_futex_wait(int *word, int val, long long ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000LL),
			       (long)(ns % 1000000000LL) };
	long r = syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val,
			 ns >= 0 ? &ts : NULL, NULL, 0);

	return r < 0 && errno == ETIMEDOUT ? -ETIMEDOUT : 0;
}

void papi__os_futex_wake(int *word, int n)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}
