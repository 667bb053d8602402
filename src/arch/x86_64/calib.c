// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 calibration's round trips (fpabi/calib.h): the XSAVE forms a
 * user task can run (the tracee's XRSTOR64/XSAVE64, and XSAVEOPT64 and
 * XSAVEC64 where the CPU has them), FXRSTOR64/FXSAVE64 for the legacy
 * area, LDMXCSR/STMXCSR for MXCSR.  The kernel's own XSAVES/XRSTORS run
 * at CPL 0 and cannot be calibrated from here.
 */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fpabi/calib.h"
#include "fpabi/event.h"
#include "fpabi/util.h"
#include "x86.h"

/* the tracee's own event routine (src/tracee/x86_64/events.S) */
void fpabi_run_events(struct fpabi_ev *ev);
/* calib.S */
void x86_calib_xsaveopt(const void *in, void *out, uint64_t rfbm);
void x86_calib_xsavec(const void *in, void *out, uint64_t rfbm);
void x86_calib_fxsave(const void *in, void *out);
void x86_calib_mxcsr(const void *in, void *out);

enum { F_XSAVE, F_XSAVEOPT, F_XSAVEC, F_FXSAVE, F_MXCSR, F_END };

static const char *const form_names[] = {
	[F_XSAVE] = "XRSTOR64/XSAVE64 (the tracee's event routine)", [F_XSAVEOPT] = "XRSTOR64/XSAVEOPT64",
	[F_XSAVEC] = "XRSTOR64/XSAVEC64", [F_FXSAVE] = "FXRSTOR64/FXSAVE64",
	[F_MXCSR] = "LDMXCSR/STMXCSR",
};

/* form k of this machine's forms (those the CPU lacks left out) */
static int form_of(const struct x86_machine *x, unsigned k)
{
	int f;

	for (f = 0; f < F_END; f++) {
		if ((f == F_XSAVEOPT && !x->xl.xsaveopt) ||
		    (f == F_XSAVEC && !x->xl.xsavec))
			continue;
		if (!k--)
			return f;
	}
	return -1;
}

/*
 * Components XSAVE did not store (XSTATE_BV clear: in init, XSAVEOPT and
 * XSAVEC may skip them, SDM vol. 1, 13.7-13.10) say nothing of what the
 * CPU keeps: they come back as they went in, so they read as kept.
 */
static void unstored_as_in(const struct x86_machine *x, const uint8_t *in,
			   uint8_t *out, uint64_t rfbm)
{
	uint64_t bv;
	unsigned i;

	memcpy(&bv, out + XSAVE_HDR_OFF, 8);
	for (i = XF_YMM; i < XF_MAX; i++)
		if ((rfbm >> i & 1) && !(bv >> i & 1))
			memcpy(out + x->xl.comp[i].offset,
			       in + x->xl.comp[i].offset, x->xl.comp[i].size);
	if (!(bv & XFM(XF_FP)))
		memcpy(out, in, 160);
	if (!(bv & XFM(XF_SSE)))
		memcpy(out + 160, in + 160, 256);
}

/* XSAVEC's compacted area, back in the standard format */
static void uncompact(const struct x86_machine *x, uint8_t *out,
		      uint64_t rfbm, uint8_t *tmp)
{
	uint32_t coff[XF_MAX];
	unsigned i;

	xsave_compacted(&x->xl, rfbm & x->xl.xcr0, coff);
	memcpy(tmp, out, x->size);
	memset(out + XSAVE_LEGACY_SIZE + XSAVE_HDR_SIZE, 0,
	       x->size - XSAVE_LEGACY_SIZE - XSAVE_HDR_SIZE);
	for (i = XF_YMM; i < XF_MAX; i++)
		if ((rfbm & x->xl.xcr0) >> i & 1)
			memcpy(out + x->xl.comp[i].offset, tmp + coff[i],
			       x->xl.comp[i].size);
}

bool x86_calib_stores(const struct fpabi_run *r, unsigned k,
		      const struct fpabi_field *f)
{
	switch (form_of(xm(r), k)) {
	case F_FXSAVE:
		return f->off + f->size <= XSAVE_LEGACY_SIZE;
	case F_MXCSR:
		return f->off == FXSAVE_MXCSR_OFF;
	default:
		return true;
	}
}

const char *x86_calib_trip(struct fpabi_run *r, unsigned k,
			   const uint8_t *in, uint8_t *out)
{
	static uint8_t tmp[1 << 16] __attribute__((aligned(64)));
	const struct x86_machine *x = xm(r);
	uint64_t rfbm = x86_mask(r);
	int f = form_of(x, k);

	if (f < 0 || !(r->m->have & NEED_XSAVE))
		return NULL;
	if (!in)
		return form_names[f];
	if (x->size > sizeof(tmp))
		die("calibration: an XSAVE area of %u bytes", x->size);
	/* TILEDATA needs the permission first, as the tracee's setup asks
	 * (src/tracee/x86_64/setup.c; Documentation/arch/x86/xstate.rst) */
	if ((rfbm & x86_comp_mask(-1, C_DYNAMIC)) &&
	    syscall(SYS_arch_prctl, 0x1023 /* ARCH_REQ_XCOMP_PERM */,
		    18 /* XFEATURE_XTILEDATA */) < 0)
		die("calibration: ARCH_REQ_XCOMP_PERM: %s", strerror(errno));
	switch (f) {
	case F_XSAVE: {
		/* a LOAD and a STORE event, as a case's list has them */
		struct fpabi_ev ev[3];

		memset(ev, 0, sizeof(ev));
		ev[0].kind = FPABI_EV_LOAD;
		ev[0].ptr = (uintptr_t)in;
		x86_ev_load(r, &ev[0], 0);
		ev[1].kind = FPABI_EV_STORE;
		ev[1].ptr = (uintptr_t)out;
		x86_ev_store(r, &ev[1]);
		ev[2].kind = FPABI_EV_END;
		fpabi_run_events(ev);
		break;
	}
	case F_XSAVEOPT:
		x86_calib_xsaveopt(in, out, rfbm);
		break;
	case F_XSAVEC:
		/* what XSAVEC does not write keeps out's pre-fill */
		memcpy(tmp, out, x->size);
		x86_calib_xsavec(in, tmp, rfbm);
		memcpy(out, tmp, x->size);
		uncompact(x, out, rfbm, tmp);
		break;
	case F_FXSAVE:
		x86_calib_fxsave(in, out);
		memcpy(out + XSAVE_LEGACY_SIZE, in + XSAVE_LEGACY_SIZE,
		       x->size - XSAVE_LEGACY_SIZE);
		return form_names[f];
	case F_MXCSR:
		memcpy(out, in, x->size);
		x86_calib_mxcsr(in + FXSAVE_MXCSR_OFF, out + FXSAVE_MXCSR_OFF);
		return form_names[f];
	}
	unstored_as_in(x, in, out, rfbm);
	return form_names[f];
}
