/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The reports fpabi run writes beside its TAP: JUnit XML and JSON. */
#ifndef FPABI_REPORTS_H
#define FPABI_REPORTS_H

#include <stdint.h>

#include "fpabi/tap.h"

struct fpabi_machine;

/* What a report says about the run as a whole. */
struct report_run {
	const struct fpabi_machine *m;
	uint64_t seed;
	unsigned repeat;
	const char *command;	/* "run", "fuzz" */
};

/*
 * JUnit XML as Jenkins reads it: one <testsuite>, a <testcase> per result
 * (classname ARCH.FAMILY, name the rest of the ID), <failure> with the
 * YAML block and reproducer, <error> for a timeout or a broken setup,
 * <skipped> for a skip and for a known issue ("known issue: ...").  The
 * file is written when the run ends.  Dies (exit 2) if path cannot be
 * created.
 */
struct tap_sink *junit_open(const char *path, const struct report_run *run);

/* JSON: one object per result (docs/fpabi-results.schema.json). */
struct tap_sink *json_open(const char *path, const struct report_run *run);

/* "x86_64.ptrace-read.at-breakpoint/xsave" into "x86_64.ptrace-read" and
 * "at-breakpoint/xsave" (an ID with one dot: "fpabi" and the ID). */
void id_split(const char *id, char *cls, size_t ncls, char *name,
	      size_t nname);

#endif
