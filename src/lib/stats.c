// SPDX-License-Identifier: GPL-2.0-or-later
/* The one way fpabi summarises samples: median, quartiles and range. */
#include <math.h>
#include <stdlib.h>

#include "fpabi/stats.h"
#include "fpabi/util.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* quantile q of sorted v[n], linear between the closest ranks */
static double quantile(const double *v, unsigned n, double q)
{
	double pos = q * (n - 1);
	unsigned lo = (unsigned)pos;

	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + (pos - lo) * (v[lo + 1] - v[lo]);
}

bool stat5_of(const double *in, unsigned n, struct stat5 *s)
{
	double *v = xmalloc(n * sizeof(*v));
	unsigned k = 0;

	for (unsigned i = 0; i < n; i++)
		if (!isnan(in[i]))
			v[k++] = in[i];
	if (k < n) {	/* a sample without a count: no figure */
		free(v);
		return false;
	}
	qsort(v, k, sizeof(*v), cmp_double);
	s->min = v[0];
	s->max = v[k - 1];
	s->median = quantile(v, k, 0.5);
	s->q1 = quantile(v, k, 0.25);
	s->q3 = quantile(v, k, 0.75);
	free(v);
	return true;
}
