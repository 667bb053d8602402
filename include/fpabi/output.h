/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The files fpabi writes (--json, --junit, bench's --json, repro -o),
 * opened the one safe way, and its own standard descriptors.
 */
#ifndef FPABI_OUTPUT_H
#define FPABI_OUTPUT_H

#include <stdio.h>

/*
 * Open path once for writing (the caller never opens it by path again):
 * created with the user's umask (0666 & ~umask), close-on-exec, a regular
 * file emptied once it is open (not before: a FIFO or a device is written
 * as it is), and never through a symbolic link when its directory is
 * sticky (/tmp: O_NOFOLLOW, so a link planted there by another user
 * cannot make the run overwrite its target).  "-" is stdout (which the
 * caller flushes, never closes).  NULL with errno.
 */
FILE *output_open(const char *path);

/*
 * Descriptors 0, 1 and 2 open (on /dev/null if they were closed), so that
 * no file fpabi opens becomes its stdout or stderr.  First in main().
 */
void output_std_fds(void);

#endif
