/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The reports fpabi run writes beside its TAP: JUnit XML and JSON. */
#ifndef FPABI_REPORTS_H
#define FPABI_REPORTS_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "fpabi/tap.h"

struct fpabi_machine;

/* What a report says about the run as a whole. */
struct report_run {
	const struct fpabi_machine *m;
	uint64_t seed;
	unsigned repeat;
	const char *command;	/* "run", "fuzz" */
	const char *tracee, *exec_probe;	/* the binaries run (or NULL) */
	const char *tier;	/* "default", "full", "matrix" */
	/* what narrowed the plan: --filter, --exclude, --skip-file */
	const char *filter, *skip_file;
	const char *const *exclude;
	unsigned nexclude;
	/* --shard I/N (0/0: none), and the whole plan's IDs before it:
	 * their count and SHA-256 (struct plan's whole, whole_sha) */
	unsigned shard, nshards, plan_ids;
	const char *plan_sha;
	struct timespec start;	/* CLOCK_REALTIME when the run began */
	struct timespec mono;	/* CLOCK_MONOTONIC then */
};

/* "-" is standard output: a report on stdout, the TAP then goes to
 * stderr (fpabi run --json -); a path otherwise */
FILE *report_output(const char *path);

/* "environment": {...}: kernel and config digest, arch, CPU, platform,
 * quirks, calibration, fpabi and its binaries' digests
 * (docs/fpabi-results.schema.json's $defs/environment) */
void env_json(FILE *f, const struct report_run *run);
/* ts as ISO 8601 UTC, "2026-12-01T20:15:10Z" */
void iso_time(char *buf, size_t n, const struct timespec *ts);
/* seconds from run->mono to now */
double run_elapsed(const struct report_run *run);

/*
 * JUnit XML as Jenkins reads it: one <testsuite>, a <testcase> per result
 * (classname ARCH.FAMILY, name the rest of the ID), <failure> with the
 * YAML block and reproducer, <error> for a timeout or a broken setup,
 * <skipped> for a skip and for a known issue ("known issue: ...").  The
 * file is written when the run ends.  Dies (exit 2) if path cannot be
 * created.
 */
struct tap_sink *junit_open(const char *path, const struct report_run *run);

/* KCIDB I/O JSON (kcidb-io schema v5.3): a test per result */
struct tap_sink *kcidb_open(const char *path, const struct report_run *run);

/* JSON: one object per result (docs/fpabi-results.schema.json). */
struct tap_sink *json_open(const char *path, const struct report_run *run);

/* "x86_64.ptrace-read.at-breakpoint/xsave" into "x86_64.ptrace-read" and
 * "at-breakpoint/xsave" (an ID with one dot: "fpabi" and the ID). */
void id_split(const char *id, char *cls, size_t ncls, char *name,
	      size_t nname);

#endif
