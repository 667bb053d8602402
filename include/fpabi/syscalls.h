/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The syscall kinds a step makes (enum in fpabi/shm.h): names and facts. */
#ifndef FPABI_SYSCALLS_H
#define FPABI_SYSCALLS_H

#include <stdbool.h>

/* A syscall kind's name ("getpid"), as case IDs use it. */
const char *sc_name(unsigned sc);
/* A syscall kind that switches the task out by its nature (a blocking
 * read, a sleep, moving itself): an unobserved window cannot hold it. */
bool sc_switches(unsigned sc);

#endif
