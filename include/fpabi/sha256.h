/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SHA-256 (FIPS 180-4): the digests the reports give of files and of themselves. */
#ifndef FPABI_SHA256_H
#define FPABI_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len;		/* bytes hashed */
	uint8_t buf[64];
	unsigned nbuf;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *p, size_t n);
/* the digest as 64 lowercase hex digits and a NUL */
void sha256_hex(struct sha256 *s, char out[65]);
/* the digest of a file's bytes into out; -1 (errno set) if unreadable */
int sha256_file(const char *path, char out[65]);

#endif
