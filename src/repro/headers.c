// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's #include lines in the straight-line form: each header the
 * file's code uses (a name it declares appears in the body, which
 * src/repro/line.c writes to memory first), as syzkaller's prog2c keeps
 * only the helpers a program calls.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/record.h"
#include "fpabi/util.h"
#include "gen.h"

/* the headers, each where the file's code uses what it declares (as
 * prog2c keeps only the helpers used), in this order after the arch's */
static const struct {
	const char *header, *needle[4];
} includes[] = {
	{ "asm/sigcontext.h", { "struct _aarch64_ctx" } },	/* (arm64's records) */
	{ "elf.h", { "Elf64_" } }, { "errno.h", { "errno" } }, { "fcntl.h", { "O_WRONLY" } },
	{ "linux/futex.h", { "FUTEX_" } }, { "linux/io_uring.h", { "io_uring_" } },
	{ "inttypes.h", { "PRIx64", "uint64_t" } },
	{ "signal.h", { "SIG", "sigaction", "raise(" } }, { "stdio.h", { "printf" } },
	{ "stdlib.h", { "exit(", "atoi(" } }, { "string.h", { "memcpy", "strchr", "strcmp" } },
	{ "sys/mman.h", { "mmap(" } }, { "sys/ptrace.h", { "ptrace(" } },
	{ "sys/syscall.h", { "SYS_" } }, { "sys/uio.h", { "struct iovec" } },
	{ "sys/wait.h", { "wait(", "waitpid(" } }, { "time.h", { "struct timespec" } },
	{ "sched.h", { "cpu_set_t", "sched_", "CLONE_" } }, { "sys/auxv.h", { "getauxval" } },
	{ "stddef.h", { "offsetof(struct" } }, { "linux/audit.h", { "AUDIT_ARCH" } },
	{ "linux/filter.h", { "BPF_STMT" } }, { "linux/seccomp.h", { "SECCOMP_" } },
	{ "sys/prctl.h", { "prctl(" } }, { "ucontext.h", { "ucontext_t" } },
	{ "unistd.h", { "fork(", "_exit(", "usleep(" } },
};

void repro_emit_includes(struct gen *g, const char *body)
{
	const char *arch = repro_arch_includes(g->rec);
	char name[64];
	unsigned int i, k;

	fprintf(g->o, "#define _GNU_SOURCE\n%s", arch);
	for (i = 0; i < ARRAY_SIZE(includes); i++) {
		snprintf(name, sizeof(name), "<%s>", includes[i].header);
		if (strstr(arch, name))
			continue;
		for (k = 0; k < 4 && includes[i].needle[k]; k++)
			if (strstr(body, includes[i].needle[k])) {
				fprintf(g->o, "#include %s\n", name);
				break;
			}
	}
	fprintf(g->o, "\n");
	if (g->ksft)
		fprintf(g->o, "%s", strchr(repro_arch_kselftest_dir(), '/') ?
			"#include \"../../kselftest.h\"\n\n" :
			"#include \"../kselftest.h\"\n\n");
}
