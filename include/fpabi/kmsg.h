/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel log as an observer (--kmsg). */
#ifndef FPABI_KMSG_H
#define FPABI_KMSG_H

#include <stddef.h>

/* fd positioned at the end of /dev/kmsg, or -errno */
int kmsg_open(void);
/* records since then that report a kernel bug; their text into out */
int kmsg_scan(int fd, char *out, size_t n);

struct tap;
/* The kernel.log-clean test point: pass, fail with the records, or SKIP
 * when fd (from kmsg_open()) is an error. */
void kmsg_tap_result(struct tap *t, int fd);

#endif
