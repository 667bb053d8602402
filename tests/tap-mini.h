/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A few lines of TAP for the unit tests in tests/. */
#ifndef FPABI_TAP_MINI_H
#define FPABI_TAP_MINI_H

#include <stdio.h>

static unsigned t_n, t_fail;

#define T_PLAN(n) printf("TAP version 13\n1..%u\n", (unsigned)(n))
#define T_OK(cond, ...) do {						\
	int t_c = !!(cond);						\
	printf("%s %u - ", t_c ? "ok" : "not ok", ++t_n);		\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (!t_c) {							\
		t_fail++;						\
		printf("# failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	}								\
} while (0)
#define T_DONE() (t_fail ? 1 : 0)

#endif
