// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `fpabi list --axes`: the arch's table of the kernel's branch variables
 * (fpabi/axes.h), one block per variable with its readers, its setter,
 * its proof and the rows it is kept apart from.
 */
#include <stdio.h>

#include "fpabi/axes.h"

static void print_row(const struct fpabi_axis_def *a)
{
	const struct fpabi_kread *r;
	unsigned i;

	printf("axis %s: %s\n  values:", a->name, a->what);
	for (i = 0; i < FPABI_AXIS_VALUES && a->values[i]; i++)
		printf("%s %s", i ? "," : "", a->values[i]);
	printf("\n");
	for (r = a->reads; r->file; r++)
		printf("  read by: %s: %s(): %s\n", r->file, r->fn, r->branch);
	printf("  set: %s\n  proof: %s\n", a->set, a->proof);
	if (a->apart)
		printf("  apart from: %s\n", a->apart);
	printf("  crossed by: %s\n", a->crossed ? a->crossed :
	       "no matrix axis yet (set and proven by the families' cases)");
}

int axes_list(const struct fpabi_axes *t, const char *arch)
{
	const struct fpabi_axis_def *a;
	unsigned n = 0;

	if (!t) {
		printf("%s: no branch variables written down\n", arch);
		return 0;
	}
	for (a = t->rows; a->name; a++)
		n++;
	printf("branch variables of the %s kernel's FP/vector paths: %u\n"
	       "source: %s\n", arch, n, t->source);
	for (a = t->rows; a->name; a++) {
		printf("\n");
		print_row(a);
	}
	return 0;
}
