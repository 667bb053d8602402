// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Counted instructions from fpabi-vm's TCG plugin: the markers, the port the
 * answers arrive on, and their reading (the protocol is described at the top
 * of tools/fpabi-insns.c).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fpabi/insns.h"

#define PORT_NAME	"fpabi-insns"
#define HELLO_MS	10000	/* the answer is written before the marker retires */
#define ANSWER_MS	60000

enum { CMD_HELLO, CMD_BEGIN, CMD_END, CMD_REPORT, CMD_DISCARD, NCMD };

/* 16-byte stubs, stub INSNS_NSLOT * cmd + slot: the marker, then return */
void fpabi_insns_stubs(void);

static void mark(unsigned cmd, unsigned slot)
{
	void (*stub)(void);

	if (cmd >= NCMD || slot >= INSNS_NSLOT)
		return;
	stub = (void (*)(void))((uintptr_t)fpabi_insns_stubs +
				16 * (INSNS_NSLOT * cmd + slot));
	stub();
}

void insns_begin(unsigned slot)
{
	mark(CMD_BEGIN, slot);
}

void insns_end(unsigned slot)
{
	mark(CMD_END, slot);
}

void insns_discard(unsigned slot)
{
	mark(CMD_DISCARD, slot);
}

/* /dev/vportNpM of the port named PORT_NAME, opened; -1 if there is none */
static int open_port(void)
{
	DIR *d = opendir("/sys/class/virtio-ports");
	struct dirent *e;
	int fd = -1;

	if (!d)
		return -1;
	while (fd < 0 && (e = readdir(d))) {
		char path[300], name[64] = "";
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/virtio-ports/%s/name",
			 e->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		if (fgets(name, sizeof(name), f))
			name[strcspn(name, "\n")] = 0;
		fclose(f);
		if (strcmp(name, PORT_NAME))
			continue;
		snprintf(path, sizeof(path), "/dev/%s", e->d_name);
		fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	}
	closedir(d);
	return fd;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * One answer line into buf; false on timeout or error.  Until QEMU has
 * accepted the plugin's connection (it connects at its first answer) the
 * port's host side is closed and read() gives 0: wait and try again.
 */
static bool read_line(int fd, char *buf, size_t n, int ms)
{
	double deadline = now_s() + ms / 1000.0;
	size_t len = 0;

	while (len + 1 < n) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)((deadline - now_s()) * 1000);
		ssize_t r;

		if (left <= 0)
			return false;
		if (poll(&p, 1, left) < 0 && errno != EINTR)
			return false;
		if (!(p.revents & (POLLIN | POLLHUP)))
			continue;
		r = read(fd, buf + len, 1);
		if (r < 0 && errno != EINTR && errno != EAGAIN)
			return false;
		if (r <= 0) {
			struct timespec ts = { 0, 10000000 };

			nanosleep(&ts, NULL);	/* not connected yet */
			continue;
		}
		if (buf[len] == '\n') {
			buf[len] = 0;
			return true;
		}
		len++;
	}
	return false;
}

void insns_open(struct insns *p)
{
	char line[400];
	double t0;

	memset(p, 0, sizeof(*p));
	p->fd = open_port();
	if (p->fd < 0) {
		snprintf(p->why, sizeof(p->why), "no virtio port \"%s\" "
			 "(run in fpabi-vm --count-insns)", PORT_NAME);
		return;
	}
	t0 = now_s();
	mark(CMD_HELLO, 0);
	if (!read_line(p->fd, line, sizeof(line), HELLO_MS)) {
		snprintf(p->why, sizeof(p->why), "the port \"%s\" is there but "
			 "no plugin answered (%.1f s)", PORT_NAME, now_s() - t0);
		return;
	}
	if (sscanf(line, "fpabi-insns 1 vcpus=%u", &p->vcpus) != 1) {
		snprintf(p->why, sizeof(p->why), "the plugin's greeting is not "
			 "version 1: \"%.100s\"", line);
		return;
	}
	p->ok = true;
}

void insns_close(struct insns *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	p->ok = false;
}

static bool parse_stat(const char *s, const char *key, struct insns_stat *st)
{
	const char *at = strstr(s, key);

	return at && sscanf(at + strlen(key), "%" SCNu64 ",%" SCNu64 ",%"
			    SCNu64 ",%" SCNu64 ",%" SCNu64 ",%" SCNu64,
			    &st->sum, &st->min, &st->q1, &st->median, &st->q3,
			    &st->max) == 6;
}

bool insns_collect(struct insns *p, unsigned slot, struct insns_report *r)
{
	char line[400] = "";
	unsigned got;
	double t0 = now_s();

	memset(r, 0, sizeof(*r));
	if (!p->ok)
		return false;
	mark(CMD_REPORT, slot);
	if (!read_line(p->fd, line, sizeof(line), ANSWER_MS) ||
	    sscanf(line, "fpabi-insns slot=%u n=%lu", &got, &r->n) != 2 ||
	    got != slot || !parse_stat(line, " user=", &r->user) ||
	    !parse_stat(line, " kernel=", &r->kernel)) {
		/* out of step with the plugin: count no more */
		snprintf(p->why, sizeof(p->why), "the plugin's report for slot "
			 "%u was missing or unreadable after %.1f s: \"%.60s\"",
			 slot, now_s() - t0, line);
		insns_close(p);
		return false;
	}
	return true;
}

bool insns_per_event(struct insns *p, unsigned long events,
		     struct insns_per_event *out)
{
	struct insns_report c, b;

	if (!events || !insns_collect(p, INSNS_SLOT_CHECKED, &c) ||
	    !insns_collect(p, INSNS_SLOT_BARE, &b))
		return false;
	out->checked_user = (double)c.user.sum / events;
	out->checked_kernel = (double)c.kernel.sum / events;
	out->bare_user = (double)b.user.sum / events;
	out->bare_kernel = (double)b.kernel.sum / events;
	return true;
}
