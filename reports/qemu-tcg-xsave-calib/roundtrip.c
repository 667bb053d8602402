// SPDX-License-Identifier: GPL-2.0-or-later
/* roundtrip.c - what FXSAVE64 and XSAVE64 write after FXRSTOR64/XRSTOR64, into a buffer of 0xaa (no kernel event). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
static uint8_t in[4096] __attribute__((aligned(64)));
static uint8_t out[4096] __attribute__((aligned(64)));
static void dump(const char *what, const uint8_t *b)
{
	uint64_t bv, fip, fdp; uint16_t fop;
	memcpy(&bv, b + 512, 8); memcpy(&fop, b + 6, 2);
	memcpy(&fip, b + 8, 8); memcpy(&fdp, b + 16, 8);
	printf("%-34s byte5 %02x fop %04x fip %016llx fdp %016llx xstate_bv %#llx ymmh0[0..7] %02x%02x%02x%02x%02x%02x%02x%02x\n",
	       what, b[5], fop, (unsigned long long)fip, (unsigned long long)fdp,
	       (unsigned long long)bv, b[576], b[577], b[578], b[579], b[580], b[581], b[582], b[583]);
}
int main(void)
{
	uint32_t lo = 0xffffffff, hi = 0xffffffff;
	unsigned i;
	/* a valid legacy area: FCW 0x37f, MXCSR 0x1f80, FOP 0x7ff, FIP/FDP canaries */
	memset(in, 0, sizeof(in));
	in[0] = 0x7f; in[1] = 0x03; in[24] = 0x80; in[25] = 0x1f;
	in[6] = 0xff; in[7] = 0x07;
	memcpy(in + 8, &(uint64_t){ 0x0000123456789ab8ull }, 8);
	memcpy(in + 16, &(uint64_t){ 0x00007654321fedc8ull }, 8);
	for (i = 576; i < 576 + 256; i++) in[i] = 0x5a;	/* YMM_Hi128 */
	/* 1: FXRSTOR64 then FXSAVE64 into a buffer of 0xaa */
	memset(out, 0xaa, sizeof(out));
	asm volatile("fxrstor64 %0; fxsave64 %1" :: "m"(in), "m"(out) : "memory");
	dump("FXRSTOR64/FXSAVE64, out 0xaa:", out);
	/* 2: XRSTOR64 with XSTATE_BV 0x7 (ymm loaded), XSAVE64, out 0xaa */
	memcpy(in + 512, &(uint64_t){ 0x7 }, 8);
	memset(out, 0xaa, sizeof(out));
	asm volatile("xrstor64 %0; xsave64 %1" :: "m"(in), "m"(out), "a"(lo), "d"(hi) : "memory");
	dump("XRSTOR64 BV 0x7 / XSAVE64, 0xaa:", out);
	/* 3: XRSTOR64 with XSTATE_BV 0x3 (ymm to init), XSAVE64 */
	memcpy(in + 512, &(uint64_t){ 0x3 }, 8);
	memset(out, 0xaa, sizeof(out));
	asm volatile("xrstor64 %0; xsave64 %1" :: "m"(in), "m"(out), "a"(lo), "d"(hi) : "memory");
	dump("XRSTOR64 BV 0x3 / XSAVE64, 0xaa:", out);
	return 0;
}
