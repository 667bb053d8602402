// SPDX-License-Identifier: GPL-2.0-or-later
/* fpabi bench race: the race loop's checked iterations per second. */
#include <stdio.h>

#include "fpabi/commands.h"
#include "fpabi/race-run.h"

int bench_race(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "fpabi bench race: not yet\n");
	return 2;
}
