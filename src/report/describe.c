// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The describing commands as JSON, for tools that file or plan runs:
 * `fpabi list --json` (every case instance with its needs, rule,
 * injection class, whether it runs here and its preconditions),
 * `list --matrix --json` (the matrices' axes and cells) and `info --json`
 * (the environment block of the reports, and the ABI profiles).
 */
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "fpabi/arch.h"
#include "fpabi/describe.h"
#include "fpabi/matrix.h"
#include "fpabi/plan.h"
#include "fpabi/reports.h"
#include "fpabi/steps.h"
#include "fpabi/util.h"

/* the format of list --json, list --matrix --json and info --json */
#define FPABI_DESCRIBE_FORMAT 1

static void head(FILE *f, const char *cmd)
{
	fprintf(f, "{\n  \"format\": %d, \"fpabi\": \"%s\", \"command\": \"%s\", "
		"\"arch\": \"%s\"", FPABI_DESCRIBE_FORMAT, PACKAGE_VERSION, cmd,
		fpabi_arch.name);
}

static void jtext(FILE *f, const char *key, const char *val)
{
	fprintf(f, ", \"%s\": ", key);
	if (val)
		json_write_str(f, val);
	else
		fputs("null", f);
}

static void needs_json(FILE *f, uint64_t needs)
{
	const struct fpabi_need_name *nn;
	bool first = true;

	fputs(", \"needs\": [", f);
	for (nn = fpabi_arch.needs; nn->bit; nn++) {
		if (!(needs & nn->bit))
			continue;
		fprintf(f, "%s\"%s\"", first ? "" : ", ", nn->name);
		first = false;
	}
	fputc(']', f);
}

static void item_json(FILE *f, const struct fpabi_machine *m,
		      const struct plan_item *it)
{
	const struct fpabi_case *c = it->c;
	char pre[1024];

	fputs("{\"id\": ", f);
	json_write_str(f, it->id);
	needs_json(f, c->needs);
	if (c->min_kver)
		fprintf(f, ", \"min_kernel\": \"%u.%u\"", c->min_kver >> 16,
			c->min_kver >> 8 & 0xff);
	else
		fputs(", \"min_kernel\": null", f);
	jtext(f, "rule", c->rule);
	jtext(f, "drop", c->drop >= 0 && c->drop_class ? c->drop_class : NULL);
	fprintf(f, ", \"runnable\": %s", it->skip ? "false" : "true");
	jtext(f, "skip", it->skip);
	steps_preconditions(m, c, &it->v, it->param, it->place, pre, sizeof(pre));
	jtext(f, "pre", pre);
	fputc('}', f);
}

int list_json(FILE *f, const struct fpabi_machine *m,
	      const struct fpabi_opts *o, const char *tier)
{
	struct plan p;
	unsigned i;

	plan_select(&p, m, o);
	head(f, "list");
	jtext(f, "tier", tier);
	jtext(f, "profile", m->profile);
	fputs(",\n  \"cases\": [", f);
	for (i = 0; i < p.n; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		item_json(f, m, &p.items[i]);
	}
	fprintf(f, "%s],\n  \"count\": %u\n}\n", p.n ? "\n  " : "", p.n);
	plan_free(&p);
	return 0;
}

int list_matrix_json(FILE *f, const struct fpabi_machine *m, const char *name)
{
	head(f, "list --matrix");
	fputs(",\n  \"matrices\": ", f);
	matrix_json(f, m, name);
	fputs("\n}\n", f);
	return 0;
}

int info_json(FILE *f, const struct fpabi_machine *m,
	      const struct report_run *run)
{
	const struct fpabi_profile *p;

	head(f, "info");
	fputs(",\n  ", f);
	env_json(f, run);
	fputs(",\n  \"profiles\": [", f);
	for (p = fpabi_profiles; p->name; p++) {
		fputs(p == fpabi_profiles ? "\n    {\"name\": " : ",\n    {\"name\": ", f);
		json_write_str(f, p->name);
		jtext(f, "kernels", p->kernels);
		jtext(f, "summary", p->summary);
		jtext(f, "flags", p->flag_names);
		fprintf(f, ", \"this_kernel\": %s, \"in_force\": %s}",
			strcmp(p->name, m->profile_auto) ? "false" : "true",
			strcmp(p->name, m->profile) ? "false" : "true");
	}
	fputs("\n  ]\n}\n", f);
	return 0;
}
