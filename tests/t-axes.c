// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test of both arches' branch-variable tables (fpabi/axes.h): every
 * row has two values at least, a citation (a kernel file of its arch and
 * a function), a setter and a proof; the names are unique; the variables
 * issue 28 asks for are there; the rows the evicted window sets say so.
 */
#include <string.h>

#include "fpabi/axes.h"
#include "tap-mini.h"

static const char *const a64_need[] = {
	"TIF_SVE", "TIF_SME", "TIF_FOREIGN_FPSTATE", "fp_type", "SVCR.SM",
	"SVCR.ZA", "SVE VL", "SME VL", "on-exec VL", "sve_state", "sme_state",
	"fpsimd_last_state", NULL,
};

static const char *const x86_need[] = {
	"TIF_NEED_FPU_LOAD", "fpregs owner", "last_cpu", "XINUSE.x87",
	"XINUSE.SSE", "XINUSE.AVX", "XINUSE.opmask", "XINUSE.ZMM_Hi256",
	"XINUSE.Hi16_ZMM", "XINUSE.PKRU", "XINUSE.TILEDATA", "XFD",
	"AMX permission", "fpstate size", NULL,
};

static int has_text(const char *s)
{
	return s && strlen(s) > 8;
}

/* Is every field of a filled in, its citations in prefix's tree? */
static int row_complete(const struct fpabi_axis_def *a, const char *prefix)
{
	const struct fpabi_kread *r;
	unsigned nv = 0, nr = 0;

	while (nv < FPABI_AXIS_VALUES && a->values[nv])
		nv++;
	for (r = a->reads; r->file; r++, nr++)
		if (strncmp(r->file, prefix, strlen(prefix)) || !r->fn ||
		    !r->fn[0] || strchr(r->fn, '(') || !has_text(r->branch))
			return 0;
	return has_text(a->what) && nv >= 2 && nr >= 1 &&
	       nr <= FPABI_AXIS_READS && has_text(a->set) &&
	       has_text(a->proof);
}

static const struct fpabi_axis_def *find(const struct fpabi_axes *t,
					 const char *name)
{
	const struct fpabi_axis_def *a;

	for (a = t->rows; a->name; a++)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

static void check_table(const char *arch, const struct fpabi_axes *t,
			const char *prefix, const char *const *need)
{
	const struct fpabi_axis_def *a, *b;
	unsigned n = 0, bad = 0, dup = 0;

	T_OK(has_text(t->source), "%s: the table names its kernel source", arch);
	for (a = t->rows; a->name; a++, n++) {
		if (!row_complete(a, prefix)) {
			bad++;
			printf("# %s: row %s incomplete\n", arch, a->name);
		}
		for (b = t->rows; b != a; b++)
			dup += !strcmp(a->name, b->name);
	}
	T_OK(n >= 10 && !bad, "%s: %u rows, each with its values, a citation "
	     "in %s (file and function), a setter and a proof", arch, n,
	     prefix);
	T_OK(!dup, "%s: the names are unique", arch);
	for (; *need; need++)
		T_OK(find(t, *need) != NULL, "%s: %s is a row", arch, *need);
}

/* The rows the evicted window crosses say so (and by which matrices). */
static void check_evicted(const char *arch, const struct fpabi_axes *t,
			  const char *name)
{
	const struct fpabi_axis_def *a = find(t, name);

	T_OK(a && a->crossed && strstr(a->crossed, "evicted") &&
	     strstr(a->crossed, "event-syscall") &&
	     strstr(a->crossed, "proven per cell") && strstr(a->set, "EVICT"),
	     "%s: %s is crossed by the event matrices' window evicted, set "
	     "by EVICT and proven per cell", arch, name);
}

int main(void)
{
	unsigned n = 3 * 2 + 3, i;

	for (i = 0; a64_need[i]; i++)
		n++;
	for (i = 0; x86_need[i]; i++)
		n++;
	T_PLAN(n);
	check_table("arm64", &a64_axes, "arch/arm64/", a64_need);
	check_table("x86_64", &x86_axes, "arch/x86/", x86_need);
	check_evicted("x86_64", &x86_axes, "fpregs owner");
	check_evicted("arm64", &a64_axes, "TIF_FOREIGN_FPSTATE");
	check_evicted("arm64", &a64_axes, "fpsimd_last_state");
	return T_DONE();
}
