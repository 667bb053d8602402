// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi-insns.c - QEMU TCG plugin of fpabi-vm --count-insns: guest instructions per vCPU, user and kernel apart, between guest markers.
 *
 * Every executed guest instruction adds one to its vCPU's user or kernel
 * counter (an inline add per instruction, so an instruction that traps is
 * counted as executed, and again when it is restarted: exactly as often in
 * every run).  User or kernel is read from the instruction's address: Linux
 * runs EL1 (arm64) and CPL0 (x86_64) code only in the upper half of the
 * address space (TTBR1 on arm64, address bit 55; the negative half on
 * x86_64, bit 63) and user code only in the lower half, and no translation
 * block spans the two.
 *
 * Markers: a user-mode instruction with no architectural effect, which no
 * compiler emits, carries a command and a slot (0-15):
 *   arm64:  MOVZ XZR, #(0xfa00 | cmd << 4 | slot)   (.inst 0xd29f401f | ...)
 *   x86_64: NOPL 0x465041xx(%rax), xx = cmd << 4 | slot  (0f 1f 80 xx 41 50 46)
 * Commands (fpabi bench, src/bench/insns.c, is the guest side):
 *   0 HELLO    answer "fpabi-insns 1 vcpus=N arch=A" on the channel
 *   1 BEGIN    the slot's operation starts: note every vCPU's counters
 *   2 END      it ends: keep the user and kernel instructions since BEGIN
 *              (summed over all vCPUs)
 *   3 REPORT   answer the slot's statistics over the operations kept since
 *              the last REPORT or DISCARD, then forget them:
 *              "fpabi-insns slot=S n=N user=SUM,MIN,Q1,MEDIAN,Q3,MAX
 *               kernel=SUM,MIN,Q1,MEDIAN,Q3,MAX" (one line)
 *   4 DISCARD  forget them without answering
 * Answers go to the Unix socket named by the plugin argument sock=PATH,
 * which fpabi-vm makes a QEMU chardev (server) behind the virtio-serial
 * port "fpabi-insns"; the plugin connects at the first answer.  With
 * dump=PATH each REPORT also writes every operation's counts there ("SLOT
 * I USER KERNEL" lines, in the order run).  At exit it writes each vCPU's
 * totals to QEMU's log (-d plugin).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum { CMD_HELLO, CMD_BEGIN, CMD_END, CMD_REPORT, CMD_DISCARD, NCMD };
#define NSLOT 16

struct counts {
	uint64_t user, kernel;
};

/* the operations of one slot since its last REPORT */
struct slot {
	struct counts start;
	uint64_t *user, *kernel;	/* per operation */
	size_t n, cap;
	int open;			/* BEGIN seen, END not yet */
};

static struct qemu_plugin_scoreboard *board;	/* struct counts per vCPU */
static qemu_plugin_u64 c_user, c_kernel;
static struct slot slots[NSLOT];
static enum { A_ARM64, A_X86_64 } arch;
static const char *arch_name;
static char sock_path[108];
static int sock_fd = -1;
static FILE *dump;		/* dump=PATH: every operation's counts */
static uint64_t markers_seen;

static int is_kernel(uint64_t vaddr)
{
	return arch == A_ARM64 ? (vaddr >> 55) & 1 : (vaddr >> 63) & 1;
}

static struct counts now(void)
{
	struct counts c = {
		qemu_plugin_u64_sum(c_user), qemu_plugin_u64_sum(c_kernel)
	};

	return c;
}

static void __attribute__((format(printf, 1, 2))) say(const char *fmt, ...)
{
	char buf[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	qemu_plugin_outs(buf);
}

/* One line to the guest; the first answer connects. */
static void answer(const char *line)
{
	size_t len = strlen(line), off = 0;

	if (sock_fd < 0 && sock_path[0]) {
		struct sockaddr_un a = { .sun_family = AF_UNIX };

		memcpy(a.sun_path, sock_path, sizeof(sock_path));
		sock_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (sock_fd >= 0 &&
		    connect(sock_fd, (struct sockaddr *)&a, sizeof(a)) < 0) {
			say("fpabi-insns: connect %s failed\n", sock_path);
			close(sock_fd);
			sock_fd = -1;
		}
		sock_path[0] = 0;	/* try once */
	}
	if (sock_fd < 0)
		return;
	while (off < len) {
		ssize_t n = write(sock_fd, line + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			say("fpabi-insns: write to the channel failed\n");
			close(sock_fd);
			sock_fd = -1;
			return;
		}
		off += (size_t)n;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* "SUM,MIN,Q1,MEDIAN,Q3,MAX" of v[n] (sorted here); nearest ranks */
static void summary(char *buf, size_t size, uint64_t *v, size_t n)
{
	uint64_t sum = 0;

	if (!n) {
		snprintf(buf, size, "0,0,0,0,0,0");
		return;
	}
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	qsort(v, n, sizeof(*v), cmp_u64);
	snprintf(buf, size, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		 ",%" PRIu64 ",%" PRIu64, sum, v[0], v[(n - 1) / 4],
		 v[(n - 1) / 2], v[(3 * (n - 1)) / 4], v[n - 1]);
}

static void keep(struct slot *s, struct counts d)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		uint64_t *u = realloc(s->user, cap * sizeof(*u));
		uint64_t *k = u ? realloc(s->kernel, cap * sizeof(*k)) : NULL;

		if (u)
			s->user = u;
		if (!k)
			return;		/* out of memory: REPORT says n */
		s->kernel = k;
		s->cap = cap;
	}
	s->user[s->n] = d.user;
	s->kernel[s->n] = d.kernel;
	s->n++;
}

static void on_marker(unsigned int vcpu, void *udata)
{
	unsigned cmd = (uintptr_t)udata >> 4, idx = (uintptr_t)udata & 15;
	struct slot *s = &slots[idx];
	char line[400], u[160], k[160];
	struct counts c;

	(void)vcpu;
	markers_seen++;
	switch (cmd) {
	case CMD_HELLO:
		snprintf(line, sizeof(line), "fpabi-insns 1 vcpus=%d arch=%s\n",
			 qemu_plugin_num_vcpus(), arch_name);
		answer(line);
		break;
	case CMD_BEGIN:
		s->start = now();
		s->open = 1;
		break;
	case CMD_END:
		if (!s->open)
			break;
		c = now();
		c.user -= s->start.user;
		c.kernel -= s->start.kernel;
		keep(s, c);
		s->open = 0;
		break;
	case CMD_REPORT:
		for (size_t i = 0; dump && i < s->n; i++)
			fprintf(dump, "%u %zu %" PRIu64 " %" PRIu64 "\n", idx, i,
				s->user[i], s->kernel[i]);
		if (dump)
			fflush(dump);
		summary(u, sizeof(u), s->user, s->n);
		summary(k, sizeof(k), s->kernel, s->n);
		snprintf(line, sizeof(line),
			 "fpabi-insns slot=%u n=%zu user=%s kernel=%s\n", idx,
			 s->n, u, k);
		answer(line);
		__attribute__((fallthrough));
	case CMD_DISCARD:
		s->n = 0;
		s->open = 0;
		break;
	}
}

/* the marker's command and slot + 1, or 0 if insn is no marker */
static unsigned marker_of(const struct qemu_plugin_insn *insn)
{
	uint8_t b[8];
	size_t len = qemu_plugin_insn_size(insn);
	unsigned cs;

	if (len > sizeof(b) || qemu_plugin_insn_data(insn, b, len) != len)
		return 0;
	if (arch == A_ARM64) {
		uint32_t w = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
		uint32_t imm = (w >> 5) & 0xffff;

		if (len != 4 || (w & 0xffe0001f) != 0xd280001f ||
		    (imm & 0xff00) != 0xfa00)
			return 0;
		cs = imm & 0xff;
	} else {
		if (len != 7 || b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80 ||
		    b[4] != 0x41 || b[5] != 0x50 || b[6] != 0x46)
			return 0;
		cs = b[3];
	}
	return (cs >> 4) < NCMD ? cs + 1 : 0;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	int kernel = is_kernel(qemu_plugin_tb_vaddr(tb));
	qemu_plugin_u64 ctr = kernel ? c_kernel : c_user;

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		unsigned m;

		qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(insn,
			QEMU_PLUGIN_INLINE_ADD_U64, ctr, 1);
		if (kernel || !(m = marker_of(insn)))
			continue;
		qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker,
			QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)(m - 1));
	}
}

static void on_qemu_exit(qemu_plugin_id_t id, void *p)
{
	char buf[200];

	(void)id, (void)p;
	for (int i = 0; i < qemu_plugin_num_vcpus(); i++) {
		snprintf(buf, sizeof(buf), "fpabi-insns: vcpu %d: user %" PRIu64
			 " kernel %" PRIu64 " instructions\n", i,
			 qemu_plugin_u64_get(c_user, i),
			 qemu_plugin_u64_get(c_kernel, i));
		qemu_plugin_outs(buf);
	}
	snprintf(buf, sizeof(buf), "fpabi-insns: %" PRIu64 " markers\n",
		 markers_seen);
	qemu_plugin_outs(buf);
	if (sock_fd >= 0)
		close(sock_fd);
	if (dump)
		fclose(dump);
	for (int i = 0; i < NSLOT; i++) {
		free(slots[i].user);
		free(slots[i].kernel);
	}
	qemu_plugin_scoreboard_free(board);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	if (!info->system_emulation) {
		say("fpabi-insns: %s: system emulation only\n", info->target_name);
		return -1;
	}
	if (!strcmp(info->target_name, "aarch64")) {
		arch = A_ARM64;
	} else if (!strcmp(info->target_name, "x86_64")) {
		arch = A_X86_64;
	} else {
		say("fpabi-insns: guest %s: aarch64 and x86_64 only\n",
		    info->target_name);
		return -1;
	}
	arch_name = arch == A_ARM64 ? "arm64" : "x86_64";
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "sock=", 5) &&
		    strlen(argv[i] + 5) < sizeof(sock_path)) {
			strcpy(sock_path, argv[i] + 5);
		} else if (!strncmp(argv[i], "dump=", 5) && !dump) {
			dump = fopen(argv[i] + 5, "w");
			if (!dump) {
				say("fpabi-insns: cannot write %s\n", argv[i] + 5);
				return -1;
			}
		} else {
			say("fpabi-insns: bad argument '%s' (sock=PATH, dump=PATH)\n",
			    argv[i]);
			return -1;
		}
	}
	board = qemu_plugin_scoreboard_new(sizeof(struct counts));
	c_user = qemu_plugin_scoreboard_u64_in_struct(board, struct counts, user);
	c_kernel = qemu_plugin_scoreboard_u64_in_struct(board, struct counts, kernel);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_qemu_exit, NULL);
	return 0;
}
