// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 tracee's own setup: AMX's permission, asked for before any
 * event.  It has no syscall kinds of its own.
 */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fpabi/x86_64-case.h"
#include "tracee.h"

/*
 * The permission to use TILEDATA, for the whole process
 * (Documentation/arch/x86/xstate.rst); the first tile load then takes the
 * XFD first-use path.
 */
void tracee_arch_setup(const struct fpabi_shm_hdr *h)
{
	if (h->arch_setup[X86_SETUP_AMX] &&
	    syscall(SYS_arch_prctl, 0x1023 /* ARCH_REQ_XCOMP_PERM */,
		    18 /* XFEATURE_XTILEDATA */) < 0)
		tracee_fail(errno, "ARCH_REQ_XCOMP_PERM: %s", strerror(errno));
}

int tracee_arch_syscall(struct fpabi_ev *ev)
{
	(void)ev;
	return -1;
}
