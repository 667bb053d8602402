/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Samples summarised (src/lib/stats.c): every bench figure uses this. */
#ifndef FPABI_STATS_H
#define FPABI_STATS_H

#include <stdbool.h>

struct stat5 {
	double median, q1, q3, min, max;
};

/* The median, the quartiles (linear between the closest ranks) and the
 * range of n samples; false if any is NaN (a sample without a figure). */
bool stat5_of(const double *in, unsigned n, struct stat5 *s);

#endif
