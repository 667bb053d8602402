/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reading bench files (--json output or the bench's TAP) as hostile input. */
#ifndef FPABI_BENCH_READ_H
#define FPABI_BENCH_READ_H

#include <stdbool.h>
#include <stddef.h>

/* The reader's limits: a bench file is small, and anything past them is
 * refused rather than read slowly. */
#define BENCH_FILE_MAX		(16u << 20)	/* bytes */
#define BENCH_JSON_DEPTH	32
#define BENCH_JSON_ITEMS	4096		/* per array or object */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype t;
	double num;
	char *str;
	struct jv *kid;		/* J_ARR, J_OBJ: n values */
	char **key;		/* J_OBJ: n keys */
	size_t n;
};

/*
 * Parse the JSON text (RFC 8259: no NaN, Infinity, hex or leading '+'),
 * into *v; NULL on success, else what was wrong, with *at its offset.
 */
const char *json_parse(const char *text, struct jv *v, size_t *at);
/* the same with at most max_items members per array or object */
const char *json_parse_max(const char *text, struct jv *v, size_t *at,
			   size_t max_items);
/*
 * The whole of a regular file of at most max bytes, NUL-ended (*len its
 * bytes), opened without blocking; NULL after a message on stderr that
 * names it (what: "a bench file").
 */
char *file_slurp(const char *path, size_t *len, size_t max, const char *what);

/* The bench's TAP rewritten as the JSON --json writes (malloc'd). */
char *bench_tap_to_json(const char *text);

/*
 * A bench file's results array, from root (which the caller frees with
 * jv_free()), or NULL after a message on stderr naming the file and what
 * was wrong: not a regular file, too large, unreadable, not JSON or TAP
 * of the bench.
 */
const struct jv *bench_load(const char *path, struct jv *root);

void jv_free(struct jv *v);
const struct jv *jv_get(const struct jv *v, const char *key);
const char *jv_str(const struct jv *v, const char *key);
bool jv_num(const struct jv *v, const char *key, double *out);

#endif
