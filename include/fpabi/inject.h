/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The test-only fault injector's options: --inject-fault=KIND:TARGET. */
#ifndef FPABI_INJECT_H
#define FPABI_INJECT_H

#include <stdbool.h>

#include "fpabi/plan.h"
#include "fpabi/run.h"

/* --inject-fault=KIND:TARGET, and whether it applies to a run of the
 * instance id of family (a family name, a glob, or "any") */
void fpabi_parse_inject(struct fpabi_opts *o, const char *spec);
bool inject_applies(const struct fpabi_opts *o, const char *id,
		    const char *family);
const char *inject_kind_name(enum inject_kind k);
/* The first --inject-fault (of up to MAX_INJECT) that hits a run case. */
const struct fpabi_inject *inject_for(const struct fpabi_opts *o,
				      const char *id, const char *family);
/* Bad usage (exit 2) when --inject-fault hits no case of the plan. */
void fpabi_inject_check(const struct fpabi_opts *o, const struct plan *p);

#endif
