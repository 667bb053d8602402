// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's scheduling steps, in the straight-line form: the migrate
 * step (the stopped tracee moved to another CPU) and a competitor (another
 * FP user pinned to the tracee's CPU with its own canaries, which the
 * evict step lets run while the tracee is stopped), and the spins the
 * tracer ends (preempt, migrate while running), as fpabi's engine makes
 * them (src/engine/scheduling.c).
 */
#include <string.h>

#include "fpabi/case.h"
#include "fpabi/record.h"
#include "fpabi/run.h"
#include "gen.h"

/* the tracee (and a competitor) on one CPU, where fpabi's competitors
 * meet; a migrate step moves it to a second (fpabi proved the move in
 * its run: /proc/PID/stat's CPU).  Without a migrate step, the CPU main()
 * runs on (sched_getcpu()): no search. */
static const char pin_c[] =
"static int cpus[2];\t/* the tracee's CPU, and the one a migrate step moves it to */\n\n"
"static void pin(pid_t p, int cpu)\n{\n\tcpu_set_t set;\n\n"
"\tCPU_ZERO(&set);\n\tCPU_SET(cpu, &set);\n"
"\tif (sched_setaffinity(p, sizeof(set), &set) < 0)\n\t\tbail(\"sched_setaffinity\");\n}\n\n";

static const char find_cpus_c[] =
"/* the first two CPUs this process may run on */\n"
"static void find_cpus(void)\n{\n\tcpu_set_t set;\n\tint i, k = 0;\n\n"
"\tif (sched_getaffinity(0, sizeof(set), &set) < 0)\n\t\tbail(\"sched_getaffinity\");\n"
"\tfor (i = 0; i < CPU_SETSIZE && k < 2; i++)\n\t\tif (CPU_ISSET(i, &set))\n"
"\t\t\tcpus[k++] = i;\n\tif (k < 2)\n"
"\t\tSKIP(\"one CPU: the case moves the tracee to another\");\n}\n\n";

/* the evict step's proof, as ctl_evict(): the competitor's run time
 * (/proc/PID/schedstat) grows while the tracee is stopped */
static const char evict_c[] =
"static long long run_ns(pid_t p)\n{\n\tlong long ns = -1;\n\tchar path[64];\n\tFILE *f;\n\n"
"\tsnprintf(path, sizeof(path), \"/proc/%d/schedstat\", p);\n\tf = fopen(path, \"r\");\n"
"\tif (f && fscanf(f, \"%lld\", &ns) != 1)\n\t\tns = -1;\n\tif (f)\n\t\tfclose(f);\n"
"\treturn ns;\n}\n\n"
"/* the evict step: the competitor runs on the stopped tracee's CPU, its registers\n"
" * replacing the tracee's there, within 10 s (SCHED_IDLE: in an idle moment) */\n"
"static void evict(void)\n{\n\tlong long t0 = run_ns(comp);\n\tint ms;\n\n"
"\tfor (ms = 0; ms < 10000 && t0 >= 0 && run_ns(comp) <= t0; ms++)\n"
"\t\tusleep(1000);\n\tif (t0 < 0 || ms == 10000)\n"
"\t\tbail(\"the competitor did not run on the tracee's CPU within 10 s\");\n}\n\n";

/* the tracee spins with its registers loaded (its mark set), the tracer
 * proves the step (as ctl_prove_preemption(), ctl_migrate_running()) and
 * sets the word that ends the spin; within 10 s, or no verdict */
static const char spin_c[] =
"static void wait_spinning(uint64_t mark)\n{\n\tint ms;\n\n"
"\tfor (ms = 0; ms < 10000 && !__atomic_load_n((uint64_t *)(shm + mark), __ATOMIC_SEQ_CST);\n"
"\t     ms++)\n"
"\t\tusleep(1000);\n\tif (ms == 10000)\n\t\tbail(\"the tracee did not reach its spin\");\n}\n\n";

static const char preempt_c[] =
"/* its involuntary switches (/proc/PID/status) */\n"
"static long switches(pid_t p)\n{\n\tchar path[64], line[128];\n\tlong k = -1;\n\tFILE *f;\n\n"
"\tsnprintf(path, sizeof(path), \"/proc/%d/status\", p);\n\tf = fopen(path, \"r\");\n"
"\twhile (f && fgets(line, sizeof(line), f))\n"
"\t\tif (sscanf(line, \"nonvoluntary_ctxt_switches: %ld\", &k) == 1)\n\t\t\tbreak;\n"
"\tif (f)\n\t\tfclose(f);\n\treturn k;\n}\n\n"
"/* the preempt step: the spinning tracee switched out n times (the\n"
" * competitor spins on its CPU), then it goes on */\n"
"static void preempt(uint64_t mark, uint64_t word, long n)\n{\n\tlong base;\n\tint ms;\n\n"
"\twait_spinning(mark);\n\tbase = switches(pid);\n"
"\tfor (ms = 0; ms < 10000 && base >= 0 && switches(pid) < base + n; ms++)\n"
"\t\tusleep(1000);\n\tif (base < 0 || ms == 10000)\n"
"\t\tbail(\"the spinning tracee was not switched out within 10 s\");\n"
"\t__atomic_store_n((uint64_t *)(shm + word), 1, __ATOMIC_SEQ_CST);\n}\n\n";

static const char migrate_running_c[] =
"/* the CPU it last ran on (/proc/PID/stat field 39) */\n"
"static int task_cpu(pid_t p)\n{\n\tchar path[64], buf[1024], *q;\n\tint i, cpu = -1;\n\tFILE *f;\n\n"
"\tsnprintf(path, sizeof(path), \"/proc/%d/stat\", p);\n\tf = fopen(path, \"r\");\n"
"\tq = f && fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;\n"
"\tfor (i = 2; q && i < 39; i++)\t/* (fields from 3, after the name) */\n"
"\t\tq = strchr(q + 1, ' ');\n\tif (q)\n\t\tcpu = atoi(q + 1);\n"
"\tif (f)\n\t\tfclose(f);\n\treturn cpu;\n}\n\n"
"/* the migrate-running step: the spinning tracee moved to the other CPU\n"
" * and seen running there, then it goes on */\n"
"static void migrate_running(uint64_t mark, uint64_t word)\n{\n\tint ms;\n\n"
"\twait_spinning(mark);\n\tpin(pid, cpus[1]);\n"
"\tfor (ms = 0; ms < 10000 && task_cpu(pid) != cpus[1]; ms++)\n\t\tusleep(1000);\n"
"\tif (ms == 10000)\n\t\tbail(\"the spinning tracee did not run on the other CPU within 10 s\");\n"
"\t__atomic_store_n((uint64_t *)(shm + word), 1, __ATOMIC_SEQ_CST);\n}\n\n";

/* (list: the event list as lines of an asm block, line.c's) */
void repro_emit_sched(struct gen *g, const struct uses *u,
		      void (*list)(struct gen *g, uint64_t off))
{
	if (u->preempt || u->migrate_running || u->seize)
		fputs(spin_c, g->o);
	if (!u->migrate && !u->competitor)
		return;
	fputs(pin_c, g->o);
	if (u->migrate)
		fputs(find_cpus_c, g->o);
	if (u->migrate_running)
		fputs(migrate_running_c, g->o);
	if (u->preempt)
		fputs(preempt_c, g->o);
	if (!u->competitor)
		return;
	fputs("static pid_t comp;\t/* the competitor */\n\n", g->o);
	if (repro_has_step(g, S_EVICT))
		fputs(evict_c, g->o);
	fprintf(g->o, "/* the competitor: on the tracee's CPU%s, its own canaries in every\n"
		" * register, then it spins until the tracer exits */\n"
		"static void competitor(void)\n{\n%s"
		"\tif (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() == 1)\n\t\t_exit(3);\n"
		"\tpin(0, cpus[0]);\n%s\t__asm__ volatile(\n",
		g->r->c->competitor == COMP_IDLE ? " at SCHED_IDLE (it runs when the tracee stops)" : "",
		g->r->c->competitor == COMP_IDLE ? "\tstruct sched_param sp = { 0 };\n\n" : "",
		g->r->c->competitor == COMP_IDLE ?
		"\tif (sched_setscheduler(0, SCHED_IDLE, &sp) < 0)\n\t\t_exit(3);\n" : "");
	list(g, g->h->comp_ev);
	fprintf(g->o, "\t\"%s\\n\\t\"\t/* spin */\n", repro_arch_spin_forever());
	repro_arch_line_close(g->rec, g->o);
	fprintf(g->o, "}\n\n");
}

/* main()'s lines: before the tracee forks, and once it has stopped */
const char *repro_sched_setup(const struct uses *u)
{
	return u->migrate ? "\tfind_cpus();\n" : u->competitor ? "\tcpus[0] = sched_getcpu();\n" : "";
}

const char *repro_sched_start(const struct uses *u)
{
	if (u->competitor)
		return "\tpin(pid, cpus[0]);\t/* with its competitor */\n"
		       "\tcomp = fork();\n\tif (!comp)\n\t\tcompetitor();\n"
		       "\tif (comp < 0)\n\t\tbail(\"fork\");\n";
	return u->migrate ? "\tpin(pid, cpus[0]);\t/* until the migrate step */\n" : "";
}
