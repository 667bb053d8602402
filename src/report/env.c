// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The environment block of the machine-readable reports (run --json,
 * --junit's properties, certify): the kernel and a digest of its config,
 * the CPU and its vector state as the arch describes it, the platform and
 * its quirks, the calibration, fpabi's version and the digests of its
 * binaries, so that a filed result says exactly what it was measured on.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <time.h>

#include "config.h"
#include "fpabi/arch.h"
#include "fpabi/calib.h"
#include "fpabi/output.h"
#include "fpabi/platform.h"
#include "fpabi/reports.h"
#include "fpabi/sha256.h"
#include "fpabi/util.h"

static void jkv(FILE *f, const char *key, const char *val, bool comma)
{
	fprintf(f, "%s\"%s\": ", comma ? ", " : "", key);
	if (val)
		json_write_str(f, val);
	else
		fputs("null", f);
}

/* {"path": P, "sha256": D} of a file, or null where it is unreadable */
static void file_digest(FILE *f, const char *key, const char *path)
{
	char hex[65];

	fprintf(f, ", \"%s\": ", key);
	if (!path || sha256_file(path, hex) < 0) {
		fputs("null", f);
		return;
	}
	fputs("{\"path\": ", f);
	json_write_str(f, path);
	fprintf(f, ", \"sha256\": \"%s\"}", hex);
}

/* The kernel's configuration, where the kernel or /boot has it: the
 * digest of the file's bytes (/proc/config.gz is the gzip stream). */
static void config_digest(FILE *f, const char *release)
{
	char boot[300], hex[65];
	const char *path = "/proc/config.gz";

	if (sha256_file(path, hex) < 0) {
		snprintf(boot, sizeof(boot), "/boot/config-%s", release);
		path = boot;
		if (sha256_file(path, hex) < 0)
			path = NULL;
	}
	fputs(", \"config\": ", f);
	if (!path) {
		fputs("null", f);
		return;
	}
	fputs("{\"path\": ", f);
	json_write_str(f, path);
	fprintf(f, ", \"sha256\": \"%s\"}", hex);
}

static void platform_json(const struct fpabi_machine *m, FILE *f)
{
	static const char *const kinds[] = {
		[PLATFORM_UNKNOWN] = "unknown", [PLATFORM_HARDWARE] = "hardware",
		[PLATFORM_VIRT] = "virtualised", [PLATFORM_EMULATOR] = "emulator",
	};
	const struct fpabi_platform *p = m->platform;
	const struct fpabi_quirk *q;
	unsigned i;

	fputs(",\n    \"platform\": ", f);
	if (!p) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"kind\": \"%s\"", kinds[p->kind]);
	jkv(f, "what", p->what, true);
	jkv(f, "evidence", p->evidence, true);
	jkv(f, "qemu", p->qemu[0] ? p->qemu : NULL, true);
	fputs(", \"quirks\": [", f);
	for (q = fpabi_quirks, i = 0; q->name && i < PLATFORM_NQUIRKS; q++, i++) {
		fprintf(f, "%s{\"name\": ", i ? ", " : "");
		json_write_str(f, q->name);
		fprintf(f, ", \"state\": \"%s\", \"stepped_around\": %s",
			p->present & q->bit ? "present" :
			p->untestable & q->bit ? "untestable" : "absent",
			p->stepped & q->bit ? "true" : "false");
		jkv(f, "detail", p->detail[i], true);
		fputc('}', f);
	}
	fputs("]}", f);
}

void env_json(FILE *f, const struct report_run *run)
{
	const struct fpabi_machine *m = run->m;
	const struct fpabi_need_name *nn;
	struct utsname u;
	char self[4096];
	ssize_t n;
	bool first = true;

	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	fputs("\"environment\": {\n    \"kernel\": {\"release\": ", f);
	json_write_str(f, u.release);
	jkv(f, "version", u.version, true);
	jkv(f, "machine", u.machine, true);
	config_digest(f, u.release);
	fprintf(f, "},\n    \"arch\": \"%s\", \"cpus\": %d, \"features\": [",
		fpabi_arch.name, m->ncpus);
	for (nn = fpabi_arch.needs; nn->bit; nn++) {
		if (!(m->have & nn->bit))
			continue;
		fprintf(f, "%s\"%s\"", first ? "" : ", ", nn->name);
		first = false;
	}
	fputs("],\n    \"cpu\": {", f);
	if (fpabi_arch.env_json)
		fpabi_arch.env_json(m, f);
	fputc('}', f);
	jkv(f, "profile", m->profile, true);
	jkv(f, "profile_auto", m->profile_auto, true);
	platform_json(m, f);
	fputs(",\n    ", f);
	calib_json(m, f);
	fputs(",\n    \"fpabi\": {\"version\": \"" PACKAGE_VERSION "\"", f);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = 0;
	file_digest(f, "fpabi", n > 0 ? self : NULL);
	file_digest(f, "tracee", run->tracee);
	file_digest(f, "exec_probe", run->exec_probe);
	fputs("}}", f);
}

void iso_time(char *buf, size_t n, const struct timespec *ts)
{
	struct tm tm;

	gmtime_r(&ts->tv_sec, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

FILE *report_output(const char *path)
{
	FILE *f = strcmp(path, "-") ? output_open(path) : stdout;

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	return f;
}

double run_elapsed(const struct report_run *run)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - run->mono.tv_sec) +
	       (double)(now.tv_nsec - run->mono.tv_nsec) / 1e9;
}
