/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 uapi names newer than the build machine's kernel headers (Debian 12
 * ships 6.1's).  Values from the kernel's uapi asm/hwcap.h, elf.h and
 * asm/sigcontext.h; each is defined only where the headers lack it.
 */
#ifndef FPABI_UAPI_COMPAT_ARM64_H
#define FPABI_UAPI_COMPAT_ARM64_H

#include <asm/hwcap.h>
#include <asm/ptrace.h>
#include <asm/sigcontext.h>
#include <elf.h>

#ifndef HWCAP2_SME
#define HWCAP2_SME		(1 << 23)
#endif
#ifndef HWCAP2_SME_FA64
#define HWCAP2_SME_FA64		(1 << 30)
#endif
#ifndef HWCAP2_SME2
#define HWCAP2_SME2		(1UL << 37)
#endif
#ifndef HWCAP2_FPMR
#define HWCAP2_FPMR		(1UL << 48)
#endif

#ifndef NT_ARM_SVE
#define NT_ARM_SVE		0x405
#endif
#ifndef NT_ARM_SSVE
#define NT_ARM_SSVE		0x40b
#endif
#ifndef NT_ARM_ZA
#define NT_ARM_ZA		0x40c
#endif
#ifndef NT_ARM_ZT
#define NT_ARM_ZT		0x40d
#endif
#ifndef NT_ARM_FPMR
#define NT_ARM_FPMR		0x40e
#endif

#ifndef TPIDR2_MAGIC
#define TPIDR2_MAGIC		0x54504902
#endif
#ifndef ZT_MAGIC
#define ZT_MAGIC		0x5a544e01
#endif
#ifndef FPMR_MAGIC
#define FPMR_MAGIC		0x46504d52
#endif

#endif
