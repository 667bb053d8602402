// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log as an observer: records logged while the suite ran that
 * say the kernel hit a bug (Oops, BUG, WARNING) fail the run.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fpabi/kmsg.h"
#include "fpabi/tap.h"	/* up: the kernel log is a result of its own */
#include "fpabi/util.h"

static const char *const bad[] = {
	"Oops", "BUG:", "WARNING:", "Internal error", "Unable to handle",
	"kernel BUG", "general protection fault", "Call trace:", "Call Trace:",
};

int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	/* only records logged from now on */
	if (lseek(fd, 0, SEEK_END) < 0) {
		int err = errno;

		close(fd);
		return -err;
	}
	return fd;
}

/* Collect the matching records since kmsg_open(); returns their count. */
int kmsg_scan(int fd, char *out, size_t n)
{
	/* a record is at most PRINTK_MESSAGE_MAX (2048) bytes, in older
	 * kernels CONSOLE_EXT_LOG_MAX (8192); read() into less is EINVAL,
	 * which would end the scan there (kernel/printk/printk.c:
	 * devkmsg_read()) */
	char rec[8192 + 1];
	size_t o = 0;
	int found = 0;

	out[0] = 0;
	for (;;) {
		ssize_t len = read(fd, rec, sizeof(rec) - 1);
		char *msg;
		unsigned i;

		if (len < 0 && errno == EPIPE)
			continue;	/* records were overwritten: go on */
		if (len <= 0)
			break;
		rec[len] = 0;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		msg[strcspn(msg, "\n")] = 0;
		for (i = 0; i < ARRAY_SIZE(bad); i++)
			if (strstr(msg, bad[i]))
				break;
		if (i == ARRAY_SIZE(bad))
			continue;
		found++;
		if (o + 4 < n)
			o += snprintf(out + o, n - o, "%s%s", o ? " | " : "", msg);
	}
	return found;
}

/* The kernel.log-clean result of a run that opened fd with kmsg_open(). */
void kmsg_tap_result(struct tap *t, int fd)
{
	char found[2048], yaml[2300], q[2200], diag[96];
	const char *findings[1] = { diag };
	struct fpabi_result res = {
		.st = TAP_FAIL, .id = "kernel.log-clean", .diagnosis = diag,
		.findings = findings, .nfindings = 1,	/* (the JSON schema's) */
	};
	int n;

	if (fd < 0) {
		snprintf(found, sizeof(found), "cannot read /dev/kmsg: %s",
			 strerror(-fd));
		tap_result(t, TAP_SKIP, "kernel.log-clean", found, NULL);
		return;
	}
	n = kmsg_scan(fd, found, sizeof(found));
	if (!n) {
		tap_result(t, TAP_PASS, "kernel.log-clean", NULL, NULL);
		return;
	}
	/* the finding on the result line (tap.c: no comment before it) */
	snprintf(diag, sizeof(diag), "the kernel logged %d bug report line(s) "
		 "during the run", n);
	yaml_quote(q, sizeof(q), found);
	snprintf(yaml, sizeof(yaml), "verdict: fail\nrecords: %d\nlog: %s", n, q);
	res.yaml = yaml;
	tap_emit(t, &res);
}
