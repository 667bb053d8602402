/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subcommands main.c dispatches to.  Each takes the command line
 * from its own name on (argv[0] is "stress", "bench", ...) and returns
 * the exit status; fuzz shares run's options.
 */
#ifndef FPABI_COMMANDS_H
#define FPABI_COMMANDS_H

#include "fpabi/run.h"

int cmd_fuzz(const struct fpabi_machine *m, struct fpabi_opts *o);
int cmd_stress(int argc, char **argv);
int cmd_bench(int argc, char **argv);
/* fpabi bench stress (src/bench/stress.c) */
int bench_stress(int argc, char **argv);
/* fpabi repro: a case instance as a standalone C file (src/judge/record.c) */
int cmd_repro(int argc, char **argv);
/* fpabi race (src/race/cmd.c) and fpabi bench race (src/bench/race.c) */
int cmd_race(int argc, char **argv);
int bench_race(int argc, char **argv);
/* fpabi merge: the shards' --json reports as one (src/merge.c) */
int cmd_merge(int argc, char **argv);

#endif
