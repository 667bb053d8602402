// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 tracee's own setup and syscall kinds: the vector lengths a
 * case asks for, set before any event, and the VL prctls as events.
 */
#include <errno.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "fpabi/arm64-case.h"
#include "tracee.h"

void tracee_arch_setup(const struct fpabi_shm_hdr *h)
{
	unsigned sve = h->arch_setup[A64_SETUP_SVE_VL];
	unsigned sme = h->arch_setup[A64_SETUP_SME_VL];
	int got;

	if (sve) {
		got = prctl(PR_SVE_SET_VL, sve);
		if (got < 0 || (got & PR_SVE_VL_LEN_MASK) != (int)sve)
			tracee_fail(got < 0 ? errno : EINVAL,
				    "PR_SVE_SET_VL(%u) gave %d", sve, got);
	}
	if (sme) {
		got = prctl(PR_SME_SET_VL, sme);
		if (got < 0 || (got & PR_SME_VL_LEN_MASK) != (int)sme)
			tracee_fail(got < 0 ? errno : EINVAL,
				    "PR_SME_SET_VL(%u) gave %d", sme, got);
	}
}

int tracee_arch_syscall(struct fpabi_ev *ev)
{
	switch (ev->nr) {
	case SC_SET_SVE_VL:
	case SC_SET_SME_VL:
		ev->arg[1] = ev->arg[0];
		ev->arg[0] = ev->nr == SC_SET_SVE_VL ? PR_SVE_SET_VL :
			     PR_SME_SET_VL;
		ev->nr = SYS_prctl;
		return 0;
	}
	return -1;
}
