// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * repro.c - QEMU TCG runs the block after SMSTOP SM at a stale SVE vector length.
 *
 * A block that ends with SMSTOP SM is translated in streaming mode, where
 * the TB flags carry the streaming VL only; its successor's VL comes from
 * ZCR_ELx, which is not part of that key.  The successor is reached by a
 * direct (chained) jump, so once chained it runs at the VL it was first
 * translated for, whatever ZCR_ELx says now.
 *
 * The program runs "rdvl; smstart sm; nop; smstop sm; rdvl" at one SVE VL,
 * sets another with prctl(PR_SVE_SET_VL) and runs it again: the last rdvl
 * must read the new VL.  The first rdvl matters only under a Linux kernel
 * (in a qemu-system-aarch64 guest): as the first SVE instruction after the
 * prctl syscall it takes the SVE access trap, so the task has live SVE
 * state and nothing traps after "smstop sm" (a trap there would make QEMU
 * look the next block up afresh).  The same sequence with an indirect
 * branch after "smstop sm" (which makes QEMU look the next block up by its
 * flags) is the control.
 *
 * Needs: arm64 Linux (or qemu-aarch64) with SVE, SME and two SVE VLs.
 * Build: aarch64-linux-gnu-gcc -static -O2 -o repro repro.c
 * Run:   qemu-aarch64 ./repro          (user mode: no Linux FP code at all)
 *        ./repro                        (in a qemu-system-aarch64 guest or
 *                                        on hardware)
 * Exit:  0 rdvl reads the VL prctl set; 1 it does not (the bug);
 *        77 the CPU lacks SVE or SME, or has only one SVE VL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/prctl.h>

#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#define PR_SVE_GET_VL 51
#endif
#ifndef PR_SVE_VL_LEN_MASK
#define PR_SVE_VL_LEN_MASK 0xffff
#endif
#ifndef HWCAP_SVE
#define HWCAP_SVE (1UL << 22)
#endif
#ifndef HWCAP2_SME
#define HWCAP2_SME (1UL << 23)
#endif

/*
 * Each routine returns rdvl (the SVE VL in bytes) in x0.  The SME
 * instructions are given as .inst so any assembler takes them:
 * 0xd503437f smstart sm, 0xd503427f smstop sm, 0x04bf5020 rdvl x0, #1,
 * 0x04bf5021 rdvl x1, #1.
 * No compiled code runs between them.
 */
__asm__(
"	.text\n"
"	.p2align 4\n"
"	.globl vl_plain\n"
"	.type vl_plain, %function\n"
"vl_plain:\n"				/* the VL, no mode change */
"	.inst 0x04bf5020\n"		/* rdvl x0, #1 */
"	ret\n"
"	.size vl_plain, .-vl_plain\n"
"	.p2align 4\n"
"	.globl vl_after_smstop\n"
"	.type vl_after_smstop, %function\n"
"vl_after_smstop:\n"
"	.inst 0x04bf5021\n"		/* rdvl x1, #1: SVE live */
"	.inst 0xd503437f\n"		/* smstart sm: ends the TB */
"	nop\n"				/* a block translated in streaming mode */
"	.inst 0xd503427f\n"		/* smstop sm: ends the TB, chained */
"	.inst 0x04bf5020\n"		/* rdvl x0, #1: first insn of the successor */
"	ret\n"
"	.size vl_after_smstop, .-vl_after_smstop\n"
"	.p2align 4\n"
"	.globl vl_after_smstop_br\n"
"	.type vl_after_smstop_br, %function\n"
"vl_after_smstop_br:\n"			/* the control: an indirect branch */
"	.inst 0x04bf5021\n"		/* rdvl x1, #1 */
"	.inst 0xd503437f\n"		/* smstart sm */
"	nop\n"
"	.inst 0xd503427f\n"		/* smstop sm */
"	adr	x1, 1f\n"
"	br	x1\n"			/* the next block is looked up by its flags */
"1:	hint	#36\n"			/* bti j (a nop without BTI) */
"	.inst 0x04bf5020\n"		/* rdvl x0, #1 */
"	ret\n"
"	.size vl_after_smstop_br, .-vl_after_smstop_br\n"
);

long vl_plain(void);
long vl_after_smstop(void);
long vl_after_smstop_br(void);

static int set_vl(int vl)
{
	int r = prctl(PR_SVE_SET_VL, vl, 0, 0, 0);

	return r < 0 ? -1 : (r & PR_SVE_VL_LEN_MASK);
}

/* rdvl from ROUTINE at VL A (twice: translated, then chained), then at VL B */
static long run_at(long (*routine)(void), int a, int b)
{
	if (set_vl(a) != a)
		return -1;
	routine();
	routine();
	if (set_vl(b) != b || vl_plain() != b)
		return -1;
	return routine();
}

int main(void)
{
	int a, b;
	long got, ctl;

	if (!(getauxval(AT_HWCAP) & HWCAP_SVE) ||
	    !(getauxval(AT_HWCAP2) & HWCAP2_SME)) {
		printf("SKIP: no SVE and SME (HWCAP_SVE, HWCAP2_SME)\n");
		return 77;
	}
	a = prctl(PR_SVE_GET_VL, 0, 0, 0, 0) & PR_SVE_VL_LEN_MASK;
	b = a == 16 ? 32 : 16;
	if (set_vl(b) != b || set_vl(a) != a) {
		printf("SKIP: cannot set SVE VL %d and back to %d\n", b, a);
		return 77;
	}
	got = run_at(vl_after_smstop, a, b);
	ctl = run_at(vl_after_smstop_br, a, b);
	if (got < 0 || ctl < 0) {
		printf("SKIP: prctl(PR_SVE_SET_VL) did not take\n");
		return 77;
	}
	printf("SVE VL %d, then %d: rdvl after smstop sm reads %ld "
	       "(with an indirect branch after smstop sm: %ld)\n",
	       a, b, got, ctl);
	if (got != b) {
		printf("FAIL: rdvl after smstop sm reads %ld, the VL is %d: the "
		       "block after smstop sm ran as translated for VL %ld\n",
		       got, b, got);
		return 1;
	}
	printf("PASS: rdvl after smstop sm reads the VL prctl set\n");
	return 0;
}
