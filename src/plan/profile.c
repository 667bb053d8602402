// SPDX-License-Identifier: GPL-2.0-or-later
/* The ABI profiles of this arch (fpabi/arch.h): found by name or kernel. */
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"

const struct fpabi_profile *fpabi_profile_find(const char *name)
{
	const struct fpabi_profile *p;

	for (p = fpabi_profiles; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

const struct fpabi_profile *fpabi_profile_for(unsigned kver)
{
	const struct fpabi_profile *p;

	/* every table ends with an entry for any kernel (min_kver 0) */
	for (p = fpabi_profiles; p[1].name && (kver < p->min_kver ||
		(p->below_kver && kver >= p->below_kver)); p++)
		;
	return p;
}

const struct fpabi_profile *fpabi_profile_choose(struct fpabi_machine *m)
{
	const struct fpabi_profile *a = fpabi_profile_for(m->kver), *p = a;

	/* main() refused an unknown --profile */
	if (m->profile_force && fpabi_profile_find(m->profile_force))
		p = fpabi_profile_find(m->profile_force);
	m->profile_auto = a->name;
	m->profile = p->name;
	m->profile_why = p->summary;
	return p;
}

void profile_names(char *buf, size_t n)
{
	const struct fpabi_profile *p;
	size_t len = 0;

	buf[0] = 0;
	for (p = fpabi_profiles; p->name && len < n; p++)
		len += snprintf(buf + len, n - len, "%s%s",
				p == fpabi_profiles ? "" : ", ", p->name);
}
