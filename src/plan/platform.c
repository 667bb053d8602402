// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The platform probe: which machine runs the kernel (hardware, a
 * hardware-virtualised guest, QEMU TCG, and which QEMU where it can tell),
 * the arch's emulator quirks tested directly, and the SKIP reason of each
 * case instance a present quirk can change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/case.h"
#include "fpabi/platform.h"

int fpabi_no_workarounds;

static struct fpabi_platform plat;
static char skip_reason[PLATFORM_NQUIRKS][128];

void platform_read_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "re");
	size_t len;

	buf[0] = 0;
	if (!f)
		return;
	if (!fgets(buf, (int)n, f))
		buf[0] = 0;
	fclose(f);
	len = strcspn(buf, "\n");
	buf[len] = 0;
}

/* The value of word KEY=VALUE on the kernel command line, "" if absent. */
static void cmdline_value(const char *key, char *buf, size_t n)
{
	char line[4096], *w, *save = NULL;
	size_t klen = strlen(key);

	buf[0] = 0;
	platform_read_line("/proc/cmdline", line, sizeof(line));
	for (w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strncmp(w, key, klen) && w[klen] == '=')
			snprintf(buf, n, "%s", w + klen + 1);
}

/*
 * Which QEMU, where the guest can tell: the SMBIOS tables of an x86 guest
 * (sys_vendor "QEMU", product_version the machine type, e.g.
 * "pc-q35-10.0"); fpabi-vm's word on the kernel command line
 * (fpabi.qemu=VERSION, fpabi.accel=tcg[,nochain|,one-insn-per-tb]); the
 * device tree of QEMU's arm virt board ("linux,dummy-virt").
 */
static void which_qemu(struct fpabi_platform *p)
{
	char vendor[64], machine[64], ver[64], accel[64], compat[64];
	size_t o = 0;

	platform_read_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	platform_read_line("/sys/class/dmi/id/product_version", machine,
			   sizeof(machine));
	cmdline_value("fpabi.qemu", ver, sizeof(ver));
	cmdline_value("fpabi.accel", accel, sizeof(accel));
	platform_read_line("/proc/device-tree/compatible", compat, sizeof(compat));
	if (ver[0])
		o += snprintf(p->qemu + o, sizeof(p->qemu) - o, "QEMU %s%s%s "
			      "(fpabi-vm, on the kernel command line)", ver,
			      accel[0] ? ", -accel " : "", accel);
	if (!strcmp(vendor, "QEMU") && machine[0] && o < sizeof(p->qemu))
		o += snprintf(p->qemu + o, sizeof(p->qemu) - o,
			      "%smachine %s (DMI)", o ? "; " : "", machine);
	else if (!strcmp(compat, "linux,dummy-virt") && o < sizeof(p->qemu))
		snprintf(p->qemu + o, sizeof(p->qemu) - o, "%sQEMU virt "
			 "board (device tree)", o ? "; " : "");
}

void fpabi_platform_probe(struct fpabi_machine *m)
{
	const struct fpabi_quirk *q;
	unsigned i;

	memset(&plat, 0, sizeof(plat));
	fpabi_platform_identify(&plat);
	which_qemu(&plat);
	for (q = fpabi_quirks, i = 0; q->name && i < PLATFORM_NQUIRKS; q++, i++) {
		int got = q->probe(m, plat.detail[i], sizeof(plat.detail[i]));

		snprintf(skip_reason[i], sizeof(skip_reason[i]),
			 "platform quirk %s: %s", q->name, q->what);
		if (got == QUIRK_UNTESTABLE)
			plat.untestable |= q->bit;
		if (got != QUIRK_PRESENT)
			continue;
		plat.present |= q->bit;
		if (q->step_around && !fpabi_no_workarounds)
			plat.stepped |= q->bit;
	}
	m->platform = &plat;
}

unsigned fpabi_platform_present(void)
{
	return plat.present;
}

bool fpabi_platform_steps(const struct fpabi_machine *m, unsigned bit)
{
	return m->platform && (m->platform->stepped & bit);
}

void fpabi_platform_print(const struct fpabi_machine *m, FILE *f,
			  const char *pfx)
{
	const struct fpabi_platform *p = m->platform;
	const struct fpabi_quirk *q;
	unsigned i;

	if (!p)
		return;
	fprintf(f, "%splatform: %s (%s)%s%s\n", pfx, p->what, p->evidence,
		p->qemu[0] ? "; " : "", p->qemu);
	for (q = fpabi_quirks, i = 0; q->name && i < PLATFORM_NQUIRKS; q++, i++) {
		const char *state = p->present & q->bit ? "present" :
				    p->untestable & q->bit ? "untestable" :
				    "absent";

		fprintf(f, "%squirk %s: %s: %s", pfx, q->name, state,
			p->detail[i]);
		if (p->stepped & q->bit)
			fprintf(f, "; the tracee steps around it (%s)",
				q->step_around);
		else if (p->present & q->bit)
			fprintf(f, "; cases it can change SKIP%s",
				q->step_around ? " (--no-workarounds)" : "");
		fprintf(f, "\n");
	}
}

const char *fpabi_platform_skip(const struct fpabi_machine *m,
				unsigned quirks,
				const struct fpabi_variant *v)
{
	const struct fpabi_platform *p = m->platform;
	const struct fpabi_quirk *q;
	unsigned i;

	if (!p || !(quirks & p->present & ~p->stepped))
		return NULL;
	for (q = fpabi_quirks, i = 0; q->name && i < PLATFORM_NQUIRKS; q++, i++) {
		if (!(quirks & q->bit & p->present & ~p->stepped))
			continue;
		if (!q->touches || q->touches(m, v))
			return skip_reason[i];
	}
	return NULL;
}
