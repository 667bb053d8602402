// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 calibration's round trip (fpabi/calib.h): the tracee's own
 * event routine (src/tracee/arm64/events.S, linked in), a LOAD and a STORE
 * of the variant's registers as a case's "load store" runs them: V or Z,
 * P, FFR, FPSR, FPCR, and in SME variants SMSTART into the variant's mode,
 * ZA, ZT0, TPIDR2, FPMR; then SMSTOP, so the child returns to compiled
 * code outside streaming mode.  The VLs are set first, as the tracee's
 * setup sets them (src/tracee/arm64/setup.c).
 */
#include <string.h>
#include <sys/prctl.h>

#include "uapi-compat/arm64.h"
#include "fpabi/calib.h"
#include "fpabi/event.h"
#include "fpabi/util.h"
#include "a64.h"

void fpabi_run_events(struct fpabi_ev *ev);

const char *a64_calib_trip(struct fpabi_run *r, unsigned k,
			   const uint8_t *in, uint8_t *out)
{
	struct fpabi_ev ev[4];

	if (k)
		return NULL;
	if (!in)
		return "the tracee's event routine (its LOAD and STORE)";
	if (has_sve(r) && prctl(PR_SVE_SET_VL, AV(&r->v)->vl) < 0)
		die("calibration: PR_SVE_SET_VL(%u)", AV(&r->v)->vl);
	if (sme_run(r) && prctl(PR_SME_SET_VL, AV(&r->v)->svl) < 0)
		die("calibration: PR_SME_SET_VL(%u)", AV(&r->v)->svl);
	memset(ev, 0, sizeof(ev));
	ev[0].kind = FPABI_EV_LOAD;
	ev[0].ptr = (uintptr_t)in;
	a64_ev_load(r, &ev[0], L_ALL);
	ev[1].kind = FPABI_EV_STORE;
	ev[1].ptr = (uintptr_t)out;
	a64_ev_store(r, &ev[1]);
	/* back out of streaming mode and ZA before any compiled code */
	ev[2].kind = FPABI_EV_LOAD;
	ev[2].aux = ev[0].aux;
	ev[2].mask = sme_run(r) ? FPABI_A64_SMSTOP_SM | FPABI_A64_SMSTOP_ZA : 0;
	ev[3].kind = FPABI_EV_END;
	fpabi_run_events(ev);
	return "the tracee's event routine (its LOAD and STORE)";
}

bool a64_calib_stores(const struct fpabi_run *r, unsigned k,
		      const struct fpabi_field *f)
{
	(void)r;
	(void)f;
	return k == 0;
}
