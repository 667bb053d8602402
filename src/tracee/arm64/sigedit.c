// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 frame edits of the tracee's SIGILL handler (S_FAULT b & 0xff):
 * none yet.  An unknown edit is a case bug: the tracee says so.
 */
#include <stdlib.h>

#include "../sig.h"

void arch_sig_edit(struct sig_rt *rt, void *uc)
{
	(void)uc;
	if (rt->slot->edit)
		abort();
}
