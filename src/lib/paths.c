// SPDX-License-Identifier: GPL-2.0-or-later
/* Where fpabi's installed files are, found from where fpabi runs. */
#include <stdio.h>
#include <string.h>

#include "fpabi/paths.h"
#include "fpabi/util.h"

/* The length of path's first component, and the separators after it. */
static size_t component(const char *p, size_t *skip)
{
	size_t n = strcspn(p, "/");

	*skip = n + strspn(p + n, "/");
	return n;
}

int fpabi_rel_path(const char *from, const char *to, char *out, size_t n)
{
	size_t o = 0, a, sa, b, sb;
	int w;

	from += strspn(from, "/");
	to += strspn(to, "/");
	/* the components both paths start with */
	for (;;) {
		a = component(from, &sa);
		b = component(to, &sb);
		if (!a || a != b || strncmp(from, to, a))
			break;
		from += sa;
		to += sb;
	}
	out[0] = 0;
	/* up from each component left in from, then down into to */
	for (; *from; from += sa) {
		a = component(from, &sa);
		w = snprintf(out + o, n - o, "%s..", o ? "/" : "");
		if (w < 0 || (size_t)w >= n - o)
			return -1;
		o += w;
	}
	if (*to) {
		w = snprintf(out + o, n - o, "%s%s", o ? "/" : "", to);
		if (w < 0 || (size_t)w >= n - o)
			return -1;
		o += w;
	}
	while (o > 1 && out[o - 1] == '/')
		out[--o] = 0;
	if (!o)
		snprintf(out, n, ".");
	return 0;
}

char *fpabi_relocated(const char *exe_dir, const char *name)
{
	char rel[512];
	size_t len;
	char *p;

	if (fpabi_rel_path(FPABI_BINDIR, FPABI_LIBEXECDIR, rel, sizeof(rel)))
		snprintf(rel, sizeof(rel), ".");
	len = strlen(exe_dir) + strlen(rel) + strlen(name) + 3;
	p = xmalloc(len);
	snprintf(p, len, "%s/%s/%s", exe_dir, rel, name);
	return p;
}
