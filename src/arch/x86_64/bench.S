/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Vector state for fpabi bench on x86_64.  Each routine only writes
 * registers the SysV ABI leaves to the caller (all of xmm/ymm/zmm and k).
 *
 * fpabi_bench_x86_xrstor(area rdi, mask rsi): XRSTOR with RFBM = mask;
 *   area is a zeroed standard-format buffer, so those components go to
 *   their init state.  XRSTOR loads MXCSR whenever RFBM has SSE or AVX,
 *   from the legacy area even for components at init: the current MXCSR
 *   is stored there first, so it is kept.
 * fpabi_bench_x86_touch_sse():    xmm0-15 all ones (legacy SSE encoding)
 * fpabi_bench_x86_touch_avx():    ymm0-15 all ones (VEX: upper YMM dirty)
 * fpabi_bench_x86_touch_avx512(): zmm0-31 all ones, k1-k7 all ones
 * fpabi_insns_stubs: the markers of fpabi-vm --count-insns
 *   (tools/fpabi-insns.c, src/bench/insns.c)
 */
	.text

	.globl	fpabi_bench_x86_xrstor
	.type	fpabi_bench_x86_xrstor, @function
fpabi_bench_x86_xrstor:
	mov	%rsi, %rax
	mov	%rsi, %rdx
	shr	$32, %rdx
	stmxcsr	24(%rdi)
	xrstor	(%rdi)
	ret
	.size	fpabi_bench_x86_xrstor, . - fpabi_bench_x86_xrstor

	.globl	fpabi_bench_x86_touch_sse
	.type	fpabi_bench_x86_touch_sse, @function
fpabi_bench_x86_touch_sse:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	pcmpeqd	%xmm\n, %xmm\n
	.endr
	ret
	.size	fpabi_bench_x86_touch_sse, . - fpabi_bench_x86_touch_sse

	.globl	fpabi_bench_x86_touch_avx
	.type	fpabi_bench_x86_touch_avx, @function
fpabi_bench_x86_touch_avx:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	vpcmpeqd %ymm\n, %ymm\n, %ymm\n
	.endr
	ret
	.size	fpabi_bench_x86_touch_avx, . - fpabi_bench_x86_touch_avx

	.globl	fpabi_bench_x86_touch_avx512
	.type	fpabi_bench_x86_touch_avx512, @function
fpabi_bench_x86_touch_avx512:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpternlogd $0xff, %zmm\n, %zmm\n, %zmm\n
	.endr
	.irp	n, 1,2,3,4,5,6,7
	kxnorw	%k\n, %k\n, %k\n
	.endr
	ret
	.size	fpabi_bench_x86_touch_avx512, . - fpabi_bench_x86_touch_avx512

/*
 * One 16-byte stub per marker command (0-4) and slot (0-2), stub 3 * cmd +
 * slot, called through a pointer (hence ENDBR64): NOPL 0x465041xx(%rax),
 * xx = cmd << 4 | slot, a multi-byte NOP no compiler emits with that
 * displacement; the plugin recognises it.
 */
	.globl	fpabi_insns_stubs
	.type	fpabi_insns_stubs, @function
	.balign	16
fpabi_insns_stubs:
	.irp	cmd, 0,1,2,3,4
	.irp	slot, 0,1,2
	.balign	16
	endbr64
	.byte	0x0f, 0x1f, 0x80, (\cmd << 4) | \slot, 0x41, 0x50, 0x46
	ret
	.endr
	.endr
	.size	fpabi_insns_stubs, . - fpabi_insns_stubs

	.section .note.GNU-stack, "", @progbits
