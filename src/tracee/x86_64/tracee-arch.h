/* SPDX-License-Identifier: GPL-2.0-or-later */
/* x86_64's clone(2): flags, stack, parent_tid, child_tid, tls. */
#ifndef FPABI_TRACEE_ARCH_H
#define FPABI_TRACEE_ARCH_H

#define TRACEE_CLONE_TLS	4	/* .arg[] of the TLS pointer */
#define TRACEE_CLONE_CHILD_TID	3	/* .arg[] of child_tid */

#endif
