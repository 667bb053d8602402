// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi run --junit FILE: the results as JUnit XML, in the form Jenkins'
 * JUnit plugin reads (one <testsuite> in <testsuites>): a failure is a
 * <failure> holding the YAML block and the reproducer, a timeout or a
 * broken setup an <error>, a skip and a known kernel issue a <skipped>
 * whose message says which; each case's time is how long it ran, the
 * properties hold the environment, and a run that ended early (a setup
 * error, ptrace refused, a signal) is one more <testcase> saying why.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/output.h"
#include "fpabi/arch.h"
#include "fpabi/escape.h"
#include "fpabi/reports.h"
#include "fpabi/util.h"

struct junit {
	struct tap_sink sink;
	char *path;
	FILE *f;		/* the file, open from the start */
	FILE *mem;		/* the <testcase> elements, until the end */
	char *buf;
	size_t len;
	struct report_run run;
	char stamp[32];
	char *env;		/* the environment, made at the start */
};

void id_split(const char *id, char *cls, size_t ncls, char *name,
	      size_t nname)
{
	const char *d1 = strchr(id, '.'), *d2 = d1 ? strchr(d1 + 1, '.') : NULL;

	if (!d2) {
		snprintf(cls, ncls, "fpabi");
		snprintf(name, nname, "%s", id);
		return;
	}
	snprintf(cls, ncls, "%.*s", (int)(d2 - id), id);
	snprintf(name, nname, "%s", d2 + 1);
}

/* the bytes of outside text that were not UTF-8, replaced by U+FFFD:
 * the "replaced_bytes" property says how many */
static size_t replaced;

static void xml_text(FILE *f, const char *s)
{
	replaced += esc_xml(f, s);
}

static void elem(FILE *f, const char *tag, const char *type,
		 const char *message, const struct fpabi_result *res)
{
	fprintf(f, "      <%s", tag);
	if (type) {
		fputs(" type=\"", f);
		xml_text(f, type);
		fputc('"', f);
	}
	fputs(" message=\"", f);
	xml_text(f, message);
	fputs("\">", f);
	if (res->yaml && *res->yaml) {
		xml_text(f, res->yaml);
		fputc('\n', f);
	}
	if (res->reproduce && !(res->yaml && strstr(res->yaml, "reproduce: "))) {
		fputs("reproduce: ", f);
		xml_text(f, res->reproduce);
		fputc('\n', f);
	}
	fprintf(f, "</%s>\n", tag);
}

static void junit_result(struct tap_sink *s, const struct tap *t,
			 const struct fpabi_result *res, const char *name)
{
	struct junit *j = s->priv;
	char cls[192], nm[256], msg[600];
	const char *why = res->reason ? res->reason : "";
	FILE *f = j->mem;

	(void)t;
	id_split(name, cls, sizeof(cls), nm, sizeof(nm));
	fputs("    <testcase classname=\"", f);
	xml_text(f, cls);
	fputs("\" name=\"", f);
	xml_text(f, nm);
	fprintf(f, "\" time=\"%.6f\">\n", res->seconds);
	switch (res->st) {
	case TAP_PASS:
		break;
	case TAP_SKIP:
		fputs("      <skipped message=\"", f);
		xml_text(f, why);
		fputs("\"/>\n", f);
		break;
	case TAP_TODO:
		snprintf(msg, sizeof(msg), "known issue: %s", why);
		elem(f, "skipped", NULL, msg, res);
		break;
	case TAP_FAIL:
		elem(f, "failure", res->classification ? res->classification :
		     "fail", res->diagnosis ? res->diagnosis : "failed", res);
		break;
	case TAP_TIMEOUT:
		elem(f, "error", "timeout", res->diagnosis ? res->diagnosis :
		     "timeout", res);
		break;
	case TAP_BROKEN:
	case TAP_NSTATUS:
		elem(f, "error", "broken", why, res);
		break;
	}
	fputs("    </testcase>\n", f);
}

static void prop(FILE *f, const char *name, const char *value)
{
	fprintf(f, "      <property name=\"%s\" value=\"", name);
	xml_text(f, value ? value : "");
	fputs("\"/>\n", f);
}

/* The run's outcome as a testcase of its own, where it did not complete:
 * a refused ptrace skips the run, a setup error or a signal is an error. */
static unsigned outcome_case(FILE *f, const struct tap *t)
{
	if (t->outcome == RUN_COMPLETE)
		return 0;
	fputs("    <testcase classname=\"fpabi\" name=\"run\" time=\"0\">\n", f);
	if (t->outcome == RUN_PTRACE_REFUSED) {
		fputs("      <skipped message=\"", f);
		xml_text(f, t->outcome_reason);
		fputs("\"/>\n", f);
	} else {
		fprintf(f, "      <error type=\"%s\" message=\"",
			tap_outcome_name(t->outcome));
		xml_text(f, t->outcome_reason);
		fprintf(f, "\">%u of %u planned results given</error>\n",
			t->n, t->planned);
	}
	fputs("    </testcase>\n", f);
	return 1;
}

static void junit_end(struct tap_sink *s, const struct tap *t)
{
	struct junit *j = s->priv;
	const struct fpabi_machine *m = j->run.m;
	char host[256] = "localhost";
	unsigned extra, refused = t->outcome == RUN_PTRACE_REFUSED;
	FILE *f = j->f;

	extra = outcome_case(j->mem, t);
	if (fclose(j->mem))
		die("%s: %s", j->path, strerror(errno));
	/* (opened once, at the start: never by its path again) */
	gethostname(host, sizeof(host) - 1);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites>\n");
	fprintf(f, "  <testsuite name=\"fpabi\" tests=\"%u\" failures=\"%u\" "
		"errors=\"%u\" skipped=\"%u\" time=\"%.3f\" timestamp=\"%s\" "
		"hostname=\"", t->n + extra, t->count[TAP_FAIL],
		t->count[TAP_TIMEOUT] + t->count[TAP_BROKEN] + extra - refused,
		t->count[TAP_SKIP] + t->count[TAP_TODO] + refused,
		run_elapsed(&j->run), j->stamp);
	xml_text(f, host);
	fputs("\">\n    <properties>\n", f);
	fprintf(f, "      <property name=\"fpabi\" value=\"%s\"/>\n",
		PACKAGE_VERSION);
	fputs("      <property name=\"kernel\" value=\"", f);
	xml_text(f, m->kernel);
	fprintf(f, "\"/>\n      <property name=\"arch\" value=\"%s\"/>\n",
		fpabi_arch.name);
	fputs("      <property name=\"profile\" value=\"", f);
	xml_text(f, m->profile);
	fprintf(f, "\"/>\n      <property name=\"seed\" value=\"%llu\"/>\n",
		(unsigned long long)j->run.seed);
	prop(f, "tier", j->run.tier);
	prop(f, "outcome", tap_outcome_name(t->outcome));
	if (t->outcome != RUN_COMPLETE)
		prop(f, "outcome_reason", t->outcome_reason);
	prop(f, "environment", j->env);
	free(j->env);
	fprintf(f, "      <property name=\"replaced_bytes\" value=\"%zu\"/>\n",
		replaced);
	/* a run a signal stopped: complete, and says so */
	if (tap_interrupt_name())
		fprintf(f, "      <property name=\"interrupted\" value=\"%s: "
			"the cases after the last one were not run\"/>\n",
			tap_interrupt_name());
	fputs("    </properties>\n", f);
	if (j->len)
		fwrite(j->buf, 1, j->len, f);
	fputs("  </testsuite>\n</testsuites>\n", f);
	if (f == stdout ? fflush(f) | ferror(f) : ferror(f) | fclose(f))
		die("writing %s: %s", j->path, strerror(errno));
	free(j->buf);
	free(j->path);
	free(j);
}

struct tap_sink *junit_open(const char *path, const struct report_run *run)
{
	struct junit *j = xzalloc(sizeof(*j));
	time_t now = run->start.tv_sec;
	size_t envlen = 0;
	FILE *f, *e;

	/* opened now, so that a path that cannot be written fails first */
	f = report_output(path);
	j->f = f;
	j->path = xstrdup(path);
	j->run = *run;
	j->mem = open_memstream(&j->buf, &j->len);
	if (!j->mem)
		die("open_memstream: %s", strerror(errno));
	strftime(j->stamp, sizeof(j->stamp), "%Y-%m-%dT%H:%M:%S",
		 gmtime(&now));
	/*
	 * The environment as the JSON report has it (one JSON object),
	 * made now as the JSON report makes it: its digests of fpabi, the
	 * tracee and the kernel's configuration take a while, which the
	 * end of a run a signal stopped must not wait for.
	 */
	e = open_memstream(&j->env, &envlen);
	if (!e)
		die("open_memstream: %s", strerror(errno));
	fputc('{', e);
	env_json(e, &j->run);
	fputc('}', e);
	if (fclose(e))
		die("open_memstream: %s", strerror(errno));
	j->sink.result = junit_result;
	j->sink.end = junit_end;
	j->sink.priv = j;
	return &j->sink;
}
