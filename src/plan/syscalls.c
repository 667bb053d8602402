// SPDX-License-Identifier: GPL-2.0-or-later
/* The syscall kinds a step makes (fpabi/syscalls.h): names and facts. */
#include <stdbool.h>
#include <stddef.h>

#include "fpabi/arch.h"
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"

#define BLOCKED_PRE	"the syscall switched the tracee out " \
			"(voluntary switches counted)"

/* The reproducer's clone of a thread: the tracee's flags (tracee.c) */
#define THREAD_ARGS	"CLONE_VM | CLONE_FS | CLONE_FILES | " \
			"CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | " \
			"CLONE_CHILD_CLEARTID, THREAD_ARGS"

/* The reproducer's ring for SC_IOURING_WRITE (fpabi/uring.h, shorter):
 * one write queued IOSQE_ASYNC, its result read after the tracee ends */
#define URING_DECL \
"/* an io_uring with 8 KiB for /dev/urandom queued IOSQE_ASYNC: an io-wq worker, a\n" \
" * thread of the task cloned in its io_uring_enter() that never leaves the kernel,\n" \
" * writes them (x86: BLAKE2s in SIMD under kernel_fpu_begin(), in the worker) */\n" \
"static const uint8_t uring_bytes[8192];\n" \
"static int32_t *uring_res[4];\t/* each ring's completion: bytes written */\n\n" \
"static int uring_write(unsigned int k)\n{\n" \
"\tstruct io_uring_params p = { 0 };\n" \
"\tint fd = syscall(SYS_io_uring_setup, 1, &p), out = open(\"/dev/urandom\", O_WRONLY);\n" \
"\tsize_t sz = p.cq_off.cqes + 2 * sizeof(struct io_uring_cqe) + p.sq_off.array + 4;\n" \
"\tuint8_t *r = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, IORING_OFF_SQ_RING);\n" \
"\tstruct io_uring_sqe *sqe = mmap(NULL, sizeof(*sqe), PROT_READ | PROT_WRITE, MAP_SHARED,\n" \
"\t\t\t\t\tfd, IORING_OFF_SQES);\n\n" \
"\tif (fd < 0)\n\t\tSKIP(\"io_uring_setup() refused\");\n" \
"\tif (out < 0 || r == MAP_FAILED || sqe == MAP_FAILED)\n\t\tbail(\"io_uring\");\n" \
"\t*sqe = (struct io_uring_sqe){ .opcode = IORING_OP_WRITE, .flags = IOSQE_ASYNC, .fd = out,\n" \
"\t\t\t\t   .addr = (uintptr_t)uring_bytes, .len = sizeof(uring_bytes) };\n" \
"\turing_res[k] = (int32_t *)(r + p.cq_off.cqes + 8);\n" \
"\t*uring_res[k] = -1;\n" \
"\t*(uint32_t *)(r + p.sq_off.array) = 0;\n" \
"\t__atomic_store_n((uint32_t *)(r + p.sq_off.tail), 1, __ATOMIC_RELEASE);\n" \
"\treturn fd;\n}\n"

static const struct fpabi_sc_info sc_table[SC_NR] = {
	[SC_GETPID] = { .name = "getpid", .c_nr = "SYS_getpid", .c_args = "" },
	[SC_SCHED_YIELD] = { .name = "sched_yield",
			     .c_nr = "SYS_sched_yield", .c_args = "" },
	[SC_NANOSLEEP] = { .name = "nanosleep",
			   .flags = SCF_SWITCHES | SCF_BLOCKS,
			   .pre = BLOCKED_PRE, .c_nr = "SYS_nanosleep",
			   .c_args = "(uintptr_t)&one_ms" },
	[SC_PIPE_READ] = { .name = "pipe-read",
			   .flags = SCF_SWITCHES | SCF_BLOCKS,
			   .pre = BLOCKED_PRE, .c_nr = "SYS_read",
			   .c_args = "0, (uintptr_t)&pipe_byte, 1" },
	[SC_GETPPID] = { .name = "getppid", .c_nr = "SYS_getppid",
			 .c_args = "" },
	[SC_GETPGID] = { .name = "getpgid", .c_nr = "SYS_getpgid",
			 .c_args = "" },	/* (the filter: SIGSYS) */
	[SC_EXEC] = { .name = "execve", .c_nr = "SYS_execve",
		      .c_args = "(uintptr_t)\"/proc/self/exe\", "
				"(uintptr_t)probe_argv, (uintptr_t)probe_envp" },
	[SC_FORK] = { .name = "fork", .flags = SCF_FORKS, .c_nr = "SYS_clone",
		      .c_args = "SIGCHLD" },
	[SC_THREAD] = { .name = "thread", .flags = SCF_FORKS | SCF_THREAD,
			.c_nr = "SYS_clone", .c_args = THREAD_ARGS },
	[SC_EXIT] = { .c_nr = "SYS_exit", .c_args = "" },
	/* (vfork's child runs on the parent's stack, which the tracee's asm
	 * does not use; the CLONE_SETTLS thread pointer is read in the asm,
	 * the row has 0) */
	[SC_VFORK] = { .name = "vfork", .flags = SCF_FORKS, .c_nr = "SYS_clone",
		       .c_args = "CLONE_VM | CLONE_VFORK | SIGCHLD" },
	[SC_CLONE3] = { .name = "clone3", .flags = SCF_FORKS | SCF_C_LINE,
			.c_nr = "SYS_clone3",
			.c_args = "(uintptr_t)&clone3_args, sizeof(clone3_args)",
			.c_decl = "/* clone3()'s arguments: a plain child (struct clone_args, "
				  "linux/sched.h) */\nstatic struct {\n\tuint64_t flags, pidfd, "
				  "child_tid, parent_tid, exit_signal, stack,\n\t\t stack_size, tls;\n"
				  "} clone3_args = { .exit_signal = SIGCHLD };\n" },
	[SC_FORK_SETTLS] = { .name = "fork-settls",
			     .flags = SCF_FORKS | SCF_SETTLS | SCF_C_LINE,
			     .c_nr = "SYS_clone", .c_args = "SIGCHLD | CLONE_SETTLS" },
	[SC_THREAD_SETTLS] = { .name = "thread-settls",
			       .flags = SCF_FORKS | SCF_THREAD | SCF_SETTLS | SCF_C_LINE,
			       .c_nr = "SYS_clone",
			       .c_args = "CLONE_VM | CLONE_FS | CLONE_FILES | "
					 "CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | "
					 "CLONE_CHILD_CLEARTID | CLONE_SETTLS, THREAD_ARGS" },
	[SC_SLEEP_UNTIL] = { .name = "clock_nanosleep-abs",
			     .flags = SCF_SWITCHES },
	/* (the fd is /dev/urandom's, opened in main; 8 KiB: two pages, so
	 * write_pool_user() calls cond_resched() between its SIMD sections,
	 * with TIF_NEED_FPU_LOAD already set) */
	[SC_URANDOM_WRITE] = { .name = "urandom-write",
			       .needs = NEED_URANDOM, .c_nr = "SYS_write",
			       .c_args = "0, (uintptr_t)urandom_bytes, sizeof(urandom_bytes)",
			       .c_decl = "/* written to /dev/urandom: the kernel mixes them "
					 "with BLAKE2s (x86: in SIMD,\n * kernel_fpu_begin() "
					 "in this task) */\nstatic const uint8_t "
					 "urandom_bytes[8192];\n" },
	/* (its attr names the instructions: only the straight-line form
	 * writes it; the new program's fd stays open to the tracee's end) */
	[SC_BPF_PROG_LOAD] = { .name = "bpf-prog-load", .flags = SCF_C_LINE,
			       .needs = NEED_BPF, .c_nr = "SYS_bpf",
			       .c_args = "5, (uintptr_t)&bpf_attr, sizeof(bpf_attr)",
			       .c_decl = "/* BPF_PROG_LOAD (5) of a socket filter: r0 = 0; exit.  "
					 "The kernel hashes the\n * instructions for the "
					 "program's tag (SHA-256, in SIMD where the arch has it) "
					 "*/\nstatic const uint64_t bpf_insns[2] = { 0xb7, 0x95 };\n"
					 "static struct {\n\tuint32_t prog_type, insn_cnt;\n"
					 "\tuint64_t insns, license;\n} bpf_attr = { 1, 2, "
					 "(uintptr_t)bpf_insns, (uintptr_t)\"GPL\" };\n" },
	/* (the ring is the reproducer's uring_write()'s, made in main: the
	 * task waits in io_cqring_wait() while the worker, its clone, writes;
	 * the worker runs where the task may, so a task alone on its CPU
	 * is switched out for it) */
	[SC_IOURING_WRITE] = { .name = "io-uring-write",
			       .flags = SCF_SWITCHES | SCF_BLOCKS | SCF_C_LINE | SCF_WORKER,
			       .pre = BLOCKED_PRE, .needs = NEED_IOURING | NEED_URANDOM,
			       .c_nr = "SYS_io_uring_enter",
			       .c_args = "0, 1, 1, IORING_ENTER_GETEVENTS",
			       .c_decl = URING_DECL },
	[SC_MIGRATE_SELF] = { .name = "sched_setaffinity-self",
			      .flags = SCF_SWITCHES | SCF_MIGRATES,
			      .needs = NEED_SMP2,
			      .pre = "it moved itself (CPU seen)" },
};

const struct fpabi_sc_info *sc_info(unsigned sc)
{
	static const struct fpabi_sc_info none;

	return sc < SC_NR ? &sc_table[sc] : &none;
}

const char *sc_name(unsigned sc)
{
	const char *n = NULL;

	if (sc < SC_NR)
		n = sc_table[sc].name;
	else if (fpabi_arch.sc_name)
		n = fpabi_arch.sc_name(sc);
	return n ? n : "?";
}

bool sc_switches(unsigned sc)
{
	return sc_has(sc, SCF_SWITCHES);
}
