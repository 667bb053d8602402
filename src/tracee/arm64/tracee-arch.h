/* SPDX-License-Identifier: GPL-2.0-or-later */
/* arm64's clone(2): flags, stack, parent_tid, tls, child_tid. */
#ifndef FPABI_TRACEE_ARCH_H
#define FPABI_TRACEE_ARCH_H

#define TRACEE_CLONE_TLS	3	/* .arg[] of the TLS pointer */
#define TRACEE_CLONE_CHILD_TID	4	/* .arg[] of child_tid */

#endif
