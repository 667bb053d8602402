// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on arm64: not written yet; every case says so (the
 * x86_64 writer is src/arch/x86_64/repro.c).
 */
#include "fpabi/record.h"

int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n)
{
	(void)rec;
	snprintf(why, n, "the arm64 reproducer writer (SVE, SME and ZA loads "
		 "and stores in assembly) is not written yet");
	return -1;
}

void repro_arch_header(const struct fpabi_rec *rec, FILE *out)
{
	(void)rec;
	(void)out;
}

void repro_arch_code(const struct fpabi_rec *rec, FILE *out)
{
	(void)rec;
	(void)out;
}

int repro_arch_map(const struct fpabi_rec *rec, const struct rec_word *w,
		   uint32_t *off, unsigned *flags)
{
	(void)rec;
	(void)w;
	*off = 0;
	*flags = 0;
	return -1;
}

uint32_t repro_arch_frame_fp(const struct fpabi_rec *rec)
{
	(void)rec;
	return 0;
}
