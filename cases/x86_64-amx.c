// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 AMX: the permission ABI (on every machine), and the tiles
 * (TILECFG, TILEDATA) through the first-use XFD trap, syscalls, ptrace,
 * signal frames and fork, on CPUs with AMX (X-AMX-1, X-AMX-2, X-SYS-1,
 * X-PT-3, X-PT-5, X-SIG-3).  The tile cases load through XRSTOR, so the
 * first load takes the #NM (XFD) first-use path.  No AMX CPU is reachable
 * where fpabi is developed: those cases SKIP there, with the reason.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/x86_64-case.h"	/* up: the arch's x86_amx_probe() */

static const struct fpabi_case cases[] = {
	{
		.family = "amx",
		.name = "permission-abi",
		.summary = "ARCH_GET_XCOMP_SUPP/PERM and ARCH_REQ_XCOMP_PERM "
			   "answer as xstate.rst and fpu_xstate_prctl() say",
		.rule = "X-AMX-1",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.probe = x86_amx_probe,
		.steps = (const struct fpabi_step[]){ END },
		/* fault injection: the TILECFG request is not made */
		.drop = 0, .drop_class = "unknown",
	},
	{
		.family = "amx",
		.name = "first-use",
		.summary = "the first tile load traps (XFD), the kernel grows the "
			   "buffer and the tiles hold what was loaded",
		.rule = "X-SYS-1",
		.needs = NEED_AMX,
		.vset = VSET_EXTRA,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "amx",
		.name = "syscall-preserve",
		.summary = "tiles survive a syscall that switches the task out",
		.rule = "X-SYS-1",
		.needs = NEED_AMX,
		.vset = VSET_EXTRA,
		.params = { SC_PIPE_READ, SC_GETPID },
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SYSCALL(0), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "amx",
		.name = "ptrace-write",
		.summary = "NT_X86_XSTATE with tiles: read at a stop, written, "
			   "read again and held by the tracee",
		.rule = "X-PT-5",
		.needs = NEED_AMX,
		.vset = VSET_EXTRA,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_XSTATE), READ, STORE,
			END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "amx",
		.name = "signal",
		.summary = "the frame holds the tiles in use (xstate_size grown, "
			   "TILEDATA in xfeatures); sigreturn restores them",
		.rule = "X-SIG-3",
		.needs = NEED_AMX,
		.vset = VSET_EXTRA,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "amx",
		.name = "fork-child",
		.summary = "a forked child's TILEDATA is at init, its TILECFG "
			   "and the rest the parent's",
		.rule = "X-AMX-2",
		.needs = NEED_AMX,
		.vset = VSET_EXTRA,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), FORK(SC_FORK), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_amx = {
	"amx", cases, sizeof(cases) / sizeof(cases[0])
};
