// SPDX-License-Identifier: GPL-2.0-or-later
/* The test-only fault injector's options (fpabi/inject.h): which runs it hits. */
#include <fnmatch.h>
#include <stdbool.h>
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/inject.h"
#include "fpabi/opts.h"

void fpabi_parse_inject(struct fpabi_opts *o, const char *spec)
{
	const char *colon = strchr(spec, ':');

	enum inject_kind k;

	if (!colon || !colon[1])
		bad_usage("--inject-fault wants KIND:TARGET, got '%s'", spec);
	if (!strncmp(spec, "byte:", 5))
		k = INJ_BYTE;
	else if (!strncmp(spec, "step:", 5))
		k = INJ_STEP;
	else if (!strncmp(spec, "hang:", 5))
		k = INJ_HANG;
	else if (!strncmp(spec, "known:", 6))
		k = INJ_KNOWN;
	else if (!strncmp(spec, "unproven:", 9))
		k = INJ_UNPROVEN;
	else if (!strncmp(spec, "iovlen:", 7))
		k = INJ_IOVLEN;
	else if (!strncmp(spec, "interrupt:", 10))
		k = INJ_INTERRUPT;
	else if (!strncmp(spec, "cpu:", 4) || !strncmp(spec, "calib:", 6)) {
		/* the CPU and its calibration: for the whole run */
		if (calib_parse_inject(spec) < 0)
			bad_usage("--inject-fault %s: cpu: takes "
				  "x87-fip-canonical-57 or x87-fip-canonical-48, "
				  "calib: off or a field name", spec);
		return;
	} else
		bad_usage("--inject-fault KIND is byte, step, hang, known, "
			  "unproven, iovlen, interrupt, cpu or calib, got '%s'",
			  spec);
	if (o->ninj == MAX_INJECT)
		bad_usage("--inject-fault at most %d times", MAX_INJECT);
	o->inj[o->ninj].kind = k;
	o->inj[o->ninj++].target = colon + 1;
	if (!o->inject) {
		o->inject = k;
		o->inject_target = colon + 1;
	}
}

const struct fpabi_inject *inject_for(const struct fpabi_opts *o,
				      const char *id, const char *family)
{
	unsigned i;

	for (i = 0; i < o->ninj; i++)
		if (!strcmp(o->inj[i].target, "any") ||
		    !strcmp(o->inj[i].target, family) ||
		    !fnmatch(o->inj[i].target, id, 0))
			return &o->inj[i];
	return NULL;
}

bool inject_applies(const struct fpabi_opts *o, const char *id,
		    const char *family)
{
	return o->inject != INJ_NONE &&
	       (!strcmp(o->inject_target, "any") ||
		!strcmp(o->inject_target, family) ||
		!fnmatch(o->inject_target, id, 0));
}

/*
 * An --inject-fault whose TARGET is no case of the plan (or, for step,
 * none with a marked step) would inject nothing and pass: bad usage.
 */
void fpabi_inject_check(const struct fpabi_opts *o, const struct plan *p)
{
	unsigned i;

	if (o->inject == INJ_NONE)
		return;
	for (i = 0; i < p->n; i++)
		if (inject_applies(o, p->items[i].id, p->items[i].c->family) &&
		    (o->inject != INJ_STEP || p->items[i].c->drop >= 0))
			return;
	bad_usage("--inject-fault=%s:%s hits no case%s of the plan",
		  inject_kind_name(o->inject), o->inject_target,
		  o->inject == INJ_STEP ? " with a step to drop" : "");
}

const char *inject_kind_name(enum inject_kind k)
{
	static const char *const names[] = {
		[INJ_NONE] = "none", [INJ_BYTE] = "byte", [INJ_STEP] = "step",
		[INJ_HANG] = "hang", [INJ_KNOWN] = "known",
		[INJ_UNPROVEN] = "unproven", [INJ_IOVLEN] = "iovlen",
		[INJ_INTERRUPT] = "interrupt",
	};

	return names[k];
}
