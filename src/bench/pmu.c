// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench's hardware counters: cycles and instructions, user and
 * kernel, from perf_event_open, and why not where a machine has none.
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-int.h"
#include "fpabi/util.h"

static void read_paranoid(char *buf, size_t n)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");

	snprintf(buf, n, "?");
	if (f) {
		if (fgets(buf, n, f))
			buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
}

void pmu_close(struct pmu *p)
{
	for (int i = 0; i < 4; i++)
		if (p->fd[i] >= 0)
			close(p->fd[i]);
	p->ok = false;
}

/* Count for task pid (0: self) on any CPU, or for everything on cpu. */
void pmu_open(struct pmu *p, pid_t pid, int cpu)
{
	static const char *const name[4] = {
		"cycles:u", "cycles:k", "instructions:u", "instructions:k"
	};
	char par[16];

	p->ok = true;
	for (int i = 0; i < 4; i++)
		p->fd[i] = -1;
	for (int i = 0; i < 4; i++) {
		struct perf_event_attr a;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = PERF_TYPE_HARDWARE;
		a.config = i < 2 ? PERF_COUNT_HW_CPU_CYCLES :
				   PERF_COUNT_HW_INSTRUCTIONS;
		a.disabled = 1;
		a.exclude_hv = 1;
		a.exclude_user = i & 1;
		a.exclude_kernel = !(i & 1);
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		p->fd[i] = syscall(SYS_perf_event_open, &a, pid, cpu, -1,
				   PERF_FLAG_FD_CLOEXEC);
		if (p->fd[i] < 0) {
			int e = errno;

			read_paranoid(par, sizeof(par));
			snprintf(p->why, sizeof(p->why),
				 "perf_event_open(%s) failed: %s "
				 "(perf_event_paranoid %s; no PMU in a VM "
				 "gives ENOENT or EOPNOTSUPP)",
				 name[i], strerror(e), par);
			pmu_close(p);
			return;
		}
	}
}

void pmu_start(struct pmu *p)
{
	for (int i = 0; p->ok && i < 4; i++) {
		ioctl(p->fd[i], PERF_EVENT_IOC_RESET, 0);
		ioctl(p->fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
}

/* The counts since pmu_start, scaled if multiplexed; NAN if never counted. */
void pmu_stop(struct pmu *p, double out[4])
{
	for (int i = 0; i < 4; i++) {
		uint64_t v[3];

		out[i] = NAN;
		if (!p->ok)
			continue;
		ioctl(p->fd[i], PERF_EVENT_IOC_DISABLE, 0);
		if (read(p->fd[i], v, sizeof(v)) == sizeof(v) && v[2])
			out[i] = (double)v[0] * ((double)v[1] / (double)v[2]);
	}
}
