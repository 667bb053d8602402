// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the files bench --compare is given, as hostile input: only a
 * regular file of bounded size, opened without blocking (a FIFO is
 * refused, never waited on); strict JSON (RFC 8259) read in one linear
 * pass with bounded depth and width; the bench's TAP read line by line.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fpabi/bench-read.h"
#include "fpabi/util.h"

struct jparse {
	const char *p;
	const char *err;
	int depth;
	size_t max_items;	/* per array or object */
};

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_ws(struct jparse *j)
{
	while (is_ws(*j->p))
		j->p++;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * A JSON number at p: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?,
 * finite as a double.  Its end, or NULL (inf, nan, 0x10, +1, 1. are not
 * numbers; 1e999 is out of range).
 */
static const char *json_number(const char *p, double *v)
{
	const char *s = p;
	char buf[64];

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (is_digit(*p))
		while (is_digit(*p))
			p++;
	else
		return NULL;
	if (*p == '.') {
		if (!is_digit(*++p))
			return NULL;
		while (is_digit(*p))
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!is_digit(*p))
			return NULL;
		while (is_digit(*p))
			p++;
	}
	if ((size_t)(p - s) >= sizeof(buf))
		return NULL;	/* no figure needs 63 digits */
	memcpy(buf, s, p - s);
	buf[p - s] = 0;
	errno = 0;
	*v = strtod(buf, NULL);
	if (errno == ERANGE && fabs(*v) > 1)
		return NULL;
	return isfinite(*v) ? p : NULL;
}

static bool parse_value(struct jparse *j, struct jv *v);

static char *parse_string(struct jparse *j)
{
	size_t cap = 16, n = 0;
	char *s;

	if (*j->p != '"') {
		j->err = "a string was expected";
		return NULL;
	}
	s = xmalloc(cap);
	for (j->p++; *j->p != '"'; j->p++) {
		char ch = *j->p;

		if (!ch || (unsigned char)ch < 0x20) {
			j->err = ch ? "a control character in a string" :
				 "unterminated string";
			free(s);
			return NULL;
		}
		if (ch == '\\') {
			ch = *++j->p;
			switch (ch) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'u':	/* kept as '?': names are ASCII */
				if (!is_hex(j->p[1]) || !is_hex(j->p[2]) ||
				    !is_hex(j->p[3]) || !is_hex(j->p[4])) {
					j->err = "bad \\u escape";
					free(s);
					return NULL;
				}
				j->p += 4;
				ch = '?';
				break;
			case '"': case '\\': case '/': break;
			default:
				j->err = "bad escape";
				free(s);
				return NULL;
			}
		}
		if (n + 2 > cap) {
			char *t = realloc(s, cap *= 2);

			if (!t)
				die("out of memory");
			s = t;
		}
		s[n++] = ch;
	}
	j->p++;
	s[n] = 0;
	return s;
}

/* room for one more member of v: the arrays grow by doubling */
static bool grow(struct jparse *j, struct jv *v, size_t *cap)
{
	struct jv *kid;
	char **key;

	if (v->n < *cap)
		return true;
	if (*cap >= j->max_items) {
		static char msg[64];

		snprintf(msg, sizeof(msg), "more than %zu members in an array "
			 "or object", j->max_items);
		j->err = msg;
		return false;
	}
	*cap = *cap ? *cap * 2 : 8;
	kid = realloc(v->kid, *cap * sizeof(*v->kid));
	if (!kid)
		die("out of memory");
	v->kid = kid;
	key = realloc(v->key, *cap * sizeof(*v->key));
	if (!key)
		die("out of memory");
	v->key = key;
	return true;
}

static bool parse_list(struct jparse *j, struct jv *v, bool obj)
{
	char close = obj ? '}' : ']';
	size_t cap = 0;

	v->t = obj ? J_OBJ : J_ARR;
	j->p++;
	skip_ws(j);
	if (*j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		if (!grow(j, v, &cap))
			return false;
		memset(&v->kid[v->n], 0, sizeof(v->kid[0]));
		v->key[v->n] = NULL;
		skip_ws(j);
		if (obj) {
			v->key[v->n] = parse_string(j);
			if (!v->key[v->n])
				return false;
			skip_ws(j);
			if (*j->p != ':') {
				j->err = "':' was expected";
				v->n++;
				return false;
			}
			j->p++;
		}
		v->n++;
		if (!parse_value(j, &v->kid[v->n - 1]))
			return false;
		skip_ws(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		if (*j->p == close) {
			j->p++;
			return true;
		}
		j->err = obj ? "',' or '}' was expected" : "',' or ']' was expected";
		return false;
	}
}

static bool parse_value(struct jparse *j, struct jv *v)
{
	const char *end;

	memset(v, 0, sizeof(*v));
	skip_ws(j);
	switch (*j->p) {
	case '{':
	case '[': {
		bool ok;

		if (++j->depth > BENCH_JSON_DEPTH) {
			j->err = "nested too deeply";
			return false;
		}
		ok = parse_list(j, v, *j->p == '{');
		j->depth--;
		return ok;
	}
	case '"':
		v->t = J_STR;
		v->str = parse_string(j);
		return v->str != NULL;
	}
	if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
		v->t = j->p[0] == 't' ? J_BOOL : J_NULL;
		v->num = j->p[0] == 't';
		j->p += 4;
		return true;
	}
	if (!strncmp(j->p, "false", 5)) {
		v->t = J_BOOL;
		j->p += 5;
		return true;
	}
	end = json_number(j->p, &v->num);
	if (!end) {
		j->err = "a JSON value was expected (a finite number, string, "
			 "object, array, true, false or null)";
		return false;
	}
	v->t = J_NUM;
	j->p = end;
	return true;
}

const char *json_parse(const char *text, struct jv *v, size_t *at)
{
	return json_parse_max(text, v, at, BENCH_JSON_ITEMS);
}

const char *json_parse_max(const char *text, struct jv *v, size_t *at,
			   size_t max_items)
{
	struct jparse j = { .p = text, .max_items = max_items };

	if (parse_value(&j, v)) {
		skip_ws(&j);
		if (*j.p)
			j.err = "text after the value";
	} else if (!j.err) {
		j.err = "not JSON";
	}
	*at = (size_t)(j.p - text);
	return j.err;
}

void jv_free(struct jv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		jv_free(&v->kid[i]);
		if (v->key)
			free(v->key[i]);
	}
	free(v->kid);
	free(v->key);
	free(v->str);
	memset(v, 0, sizeof(*v));
}

const struct jv *jv_get(const struct jv *v, const char *key)
{
	if (!v || v->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (!strcmp(v->key[i], key))
			return &v->kid[i];
	return NULL;
}

const char *jv_str(const struct jv *v, const char *key)
{
	const struct jv *s = jv_get(v, key);

	return s && s->t == J_STR ? s->str : NULL;
}

bool jv_num(const struct jv *v, const char *key, double *out)
{
	const struct jv *n = jv_get(v, key);

	if (!n || n->t != J_NUM)
		return false;
	*out = n->num;
	return true;
}

static void json_string(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n && s[i]; i++) {
		if (s[i] == '"' || s[i] == '\\')
			fputc('\\', f);
		fputc((unsigned char)s[i] < 0x20 ? ' ' : s[i], f);
	}
	fputc('"', f);
}

/* p past the literal s, or false */
static bool lit(const char **p, const char *s)
{
	size_t n = strlen(s);

	if (strncmp(*p, s, n))
		return false;
	*p += n;
	return true;
}

/*
 * "  KEY: {median: M, q1: A, q3: B, min: C, max: D}" (line, NUL-ended):
 * 1 with the key and the five numbers, 0 if the line is no figure, -1
 * if it starts as one ("  KEY: {median: ") and is not one to its end (a
 * number that is not: inf, nan, 0x10; a figure missing or extra).
 */
static int tap_figure(const char *line, char key[64], double v[5])
{
	static const char *const name[5] = { "median: ", ", q1: ", ", q3: ",
					     ", min: ", ", max: " };
	const char *p = line;
	size_t k = 0;

	if (!lit(&p, "  "))
		return 0;
	while (k < 63 && ((*p >= 'a' && *p <= 'z') || *p == '_'))
		key[k++] = *p++;
	key[k] = 0;
	if (!k || !lit(&p, ": {") || strncmp(p, name[0], strlen(name[0])))
		return 0;
	for (int i = 0; i < 5; i++) {
		if (!lit(&p, name[i]))
			return -1;
		p = json_number(p, &v[i]);
		if (!p)
			return -1;
	}
	return lit(&p, "}") && !*p ? 1 : -1;
}

/*
 * The TAP of `fpabi bench` (as fpabi-vm prints it from a guest) rewritten
 * as the JSON --json writes: "ok N - ID" lines open a result, "# SKIP"
 * makes it skipped, "  KEY: {median: M, q1: A, q3: B, min: C, max: D}"
 * lines of its YAML block are its figures.  Results without a '/' in
 * their ID (kernel.log-clean) are not figures.  Each line is looked at
 * in a bounded copy, so the whole is linear in the text; a line too long
 * to be anything of the bench's is passed over.  NULL with *bad set to
 * the line number of a figure with a number that is not one.
 */
static char *tap_json(const char *text, unsigned *bad)
{
	const char *line = text;
	bool open = false, first = true, fig = false;
	char *out = NULL;
	size_t outn = 0;
	unsigned lineno = 0;
	FILE *f = open_memstream(&out, &outn);

	if (!f)
		die("open_memstream: %s", strerror(errno));
	*bad = 0;
	fprintf(f, "{\"fpabi_bench\": 1, \"from\": \"TAP\"");
	for (; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
		size_t len = strcspn(line, "\r\n");
		char buf[512], key[64], *id;
		unsigned long no;
		double v[5];
		int n = 0, fr;

		lineno++;
		if (len >= sizeof(buf))
			continue;
		memcpy(buf, line, len);
		buf[len] = 0;
		if (!strncmp(buf, "# kernel: ", 10)) {
			fprintf(f, ", \"kernel\": ");
			json_string(f, buf + 10, len - 10);
			continue;
		}
		if (!strncmp(buf, "not ok ", 7)) {
			if (open)
				fprintf(f, "}}");
			open = false;
			continue;
		}
		if (sscanf(buf, "ok %lu - %n", &no, &n) >= 1 && n > 0) {
			size_t idn;

			id = buf + n;
			idn = strcspn(id, " ");
			if (open)
				fprintf(f, "}}");
			open = false;
			if (!memchr(id, '/', idn))
				continue;
			fprintf(f, "%s\n {\"id\": ", first ? ", \"results\": [" : ",");
			first = false;
			json_string(f, id, idn);
			if (strstr(id + idn, " # SKIP")) {
				fprintf(f, ", \"status\": \"skip\"}");
				continue;
			}
			fprintf(f, ", \"status\": \"ok\", \"metrics\": {");
			open = true;
			fig = false;
			continue;
		}
		if (!open)
			continue;
		fr = tap_figure(buf, key, v);
		if (fr < 0) {
			*bad = lineno;
			break;
		}
		if (fr > 0) {
			fprintf(f, "%s\"%s\": {\"median\": %.17g, \"q1\": %.17g, "
				"\"q3\": %.17g, \"min\": %.17g, \"max\": %.17g}",
				fig ? ", " : "", key, v[0], v[1], v[2], v[3], v[4]);
			fig = true;
		}
	}
	if (open)
		fprintf(f, "}}");
	fprintf(f, "%s}\n", first ? ", \"results\": []" : "]");
	if (fclose(f))
		die("open_memstream: %s", strerror(errno));
	if (*bad) {
		free(out);
		return NULL;
	}
	return out;
}

char *bench_tap_to_json(const char *text)
{
	unsigned bad;

	return tap_json(text, &bad);
}

/* The whole of a regular file, NUL-ended, or NULL after a message. */
static char *slurp(const char *path, size_t *len)
{
	return file_slurp(path, len, BENCH_FILE_MAX, "a bench file");
}

char *file_slurp(const char *path, size_t *len, size_t max, const char *what)
{
	struct stat st;
	char *text;
	size_t n = 0;
	ssize_t r;
	int fd;

	/* O_NONBLOCK: opening a FIFO with no writer must not wait */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		fprintf(stderr, "fpabi: cannot read %s: %s\n", path,
			strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "fpabi: %s is not a regular file (%s)\n", path,
			S_ISDIR(st.st_mode) ? "a directory" :
			S_ISFIFO(st.st_mode) ? "a FIFO" :
			S_ISCHR(st.st_mode) ? "a character device" :
			S_ISSOCK(st.st_mode) ? "a socket" :
			S_ISBLK(st.st_mode) ? "a block device" : "fstat failed");
		close(fd);
		return NULL;
	}
	if (st.st_size > (off_t)max) {
		fprintf(stderr, "fpabi: %s has %lld bytes: %s has at most %zu\n",
			path, (long long)st.st_size, what, max);
		close(fd);
		return NULL;
	}
	text = xmalloc((size_t)st.st_size + 1);
	while (n < (size_t)st.st_size &&
	       (r = read(fd, text + n, (size_t)st.st_size - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, "fpabi: cannot read %s: %s\n", path,
				strerror(errno));
			close(fd);
			free(text);
			return NULL;
		}
		n += (size_t)r;
	}
	close(fd);
	text[n] = 0;
	*len = n;
	return text;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first of n strings that comes twice (sorted copies: n log n, for
 * the 4096 members an object may have), or NULL. */
static const char *twice(const char **s, size_t n)
{
	qsort(s, n, sizeof(*s), cmp_str);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(s[i - 1], s[i]))
			return s[i];
	return NULL;
}

/*
 * A key twice in one object, in v or below, or NULL.  The comparison
 * finds a figure or a result by its name, the first of that name: a
 * second one would be compared with another figure (a file that
 * "regresses" against itself, as the fuzzer found: two ns_per_op lines
 * in one TAP result), so such a file is refused.
 */
static const char *dup_key(const struct jv *v)
{
	const char *d = NULL, **k;

	if (v->t != J_OBJ && v->t != J_ARR)
		return NULL;
	for (size_t i = 0; i < v->n && !d; i++)
		d = dup_key(&v->kid[i]);
	if (d || v->t != J_OBJ || v->n < 2)
		return d;
	k = xmalloc(v->n * sizeof(*k));
	memcpy(k, v->key, v->n * sizeof(*k));
	d = twice(k, v->n);
	free(k);
	return d;
}

/* A result ID twice in the results, or NULL. */
static const char *dup_id(const struct jv *res)
{
	const char *d, **k = xmalloc((res->n + 1) * sizeof(*k));
	size_t n = 0;

	for (size_t i = 0; i < res->n; i++)
		if (jv_str(&res->kid[i], "id"))
			k[n++] = jv_str(&res->kid[i], "id");
	d = twice(k, n);
	free(k);
	return d;
}

const struct jv *bench_load(const char *path, struct jv *root)
{
	const struct jv *res;
	const char *err, *dup, *what;
	size_t len, at;
	unsigned bad;
	char *text;

	memset(root, 0, sizeof(*root));
	text = slurp(path, &len);
	if (!text)
		return NULL;
	if (strlen(text) != len) {
		fprintf(stderr, "fpabi: %s: a NUL byte at byte %zu\n", path,
			strlen(text));
		free(text);
		return NULL;
	}
	if (!strncmp(text, "TAP version", 11) || strstr(text, "\nTAP version")) {
		char *json = tap_json(text, &bad);

		free(text);
		if (!json) {
			fprintf(stderr, "fpabi: %s: line %u: a figure that is "
				"not a finite decimal number\n", path, bad);
			return NULL;
		}
		text = json;
	}
	err = json_parse(text, root, &at);
	free(text);
	if (err) {
		fprintf(stderr, "fpabi: %s: %s at byte %zu\n", path, err, at);
		jv_free(root);
		return NULL;
	}
	res = jv_get(root, "results");
	if (!jv_get(root, "fpabi_bench") || !res || res->t != J_ARR) {
		fprintf(stderr, "fpabi: %s is not an fpabi bench file\n", path);
		jv_free(root);
		return NULL;
	}
	what = "the key";
	dup = dup_key(root);
	if (!dup) {
		what = "the result ID";
		dup = dup_id(res);
	}
	if (dup) {
		/* (stderr escapes what it is given: esc_stderr()) */
		fprintf(stderr, "fpabi: %s: %s '%.80s' twice: which one to "
			"compare is not known\n", path, what, dup);
		jv_free(root);
		return NULL;
	}
	return res;
}
