// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi-vminit.c - static /init of the fpabi-vm guest: runs /fpabi, reports on a virtio port, powers off.
 *
 * The initramfs built by fpabi-vm holds this program as /init, /fpabi,
 * /fpabi-tracee, /fpabi.args (one argument per line) and, for kernels whose
 * virtio drivers are modules, /lib/modules/{load.list,*.ko*}.  As PID 1 it:
 *   1. mounts proc, sysfs and devtmpfs, and opens /dev/console for its own
 *      stdio if the kernel could not (an initramfs packed without root has
 *      no /dev/console node);
 *   2. loads the modules named in /lib/modules/load.list, in that order;
 *   3. finds the virtio-serial port named "fpabi" (no udev here: it looks
 *      the name up in /sys/class/virtio-ports/ and waits for it);
 *   4. sets /proc/sys/abi/{sve,sme}_default_vector_length from fpabi.sve_vl=
 *      and fpabi.sme_vl= on the kernel command line (skipped without a
 *      word when the file does not exist: no SVE/SME in this kernel);
 *   5. runs /fpabi with those arguments, stdout and stderr on the port,
 *      FPABI_IN_VM=1 in its environment, and waits for it;
 *   6. with fpabi.out=1 on the kernel command line (fpabi-vm --out-dir),
 *      writes every file and directory fpabi left in /out (made empty
 *      before step 5) to the virtio port "fpabi-out" as one cpio archive
 *      (newc with checksums, "070702": each file's byte sum, which
 *      cpio -i checks), then "# fpabi-vm: out=F files, B bytes" on the
 *      fpabi port, which the host compares with what it unpacked;
 *   7. writes "# fpabi-vm: exit=N" and "# fpabi-vm: done" to the port,
 *      syncs and powers off.
 * Its own messages on the port start with "# fpabi-vm: ", which the host
 * strips from the TAP stream.  N is fpabi's exit status, 128+SIG if a signal
 * killed it, and 125 if /fpabi is missing, cannot be run, or the guest could
 * not be set up as asked.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE 4	/* include/uapi/linux/module.h, 5.17+ */
#endif

#define PORT_NAME	"fpabi"
#define OUT_PORT_NAME	"fpabi-out"
#define OUT_DIR		"/out"
#define PORT_WAIT_MS	5000
#define FPABI_PATH	"/fpabi"
#define ARGS_PATH	"/fpabi.args"
#define MODULE_DIR	"/lib/modules"
#define EXIT_SETUP	125
#define MAX_ARGS	1024

static int port_fd = -1;
static int console_fd = 2;	/* -1 in fpabi's child, where fd 2 is the port */

/*
 * Messages go to the port once it is open (the host passes them on to its
 * stderr), and always to the console, where they end up in console.log.
 */
static void say(const char *fmt, ...)
{
	static const char prefix[] = "# fpabi-vm: ";
	char buf[1024];
	size_t len = sizeof(prefix) - 1, room = sizeof(buf) - len - 1;
	va_list ap;
	int n;

	memcpy(buf, prefix, len);
	va_start(ap, fmt);
	n = vsnprintf(buf + len, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		len += (size_t)n < room ? (size_t)n : room - 1;
	buf[len++] = '\n';
	if (port_fd >= 0 && write(port_fd, buf, len) != (ssize_t)len)
		dprintf(2, "fpabi-vminit: write to port: %s\n", strerror(errno));
	if (console_fd >= 0 && write(console_fd, buf + 2, len - 2) < 0) {
		/* no console: nowhere left to report it */
	}
}

static ssize_t read_file(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while ((size_t)len < size - 1) {
		n = read(fd, buf + len, size - 1 - (size_t)len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

static int write_file(const char *path, const char *val)
{
	size_t len = strlen(val);
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = write(fd, val, len);
	if (n != (ssize_t)len) {
		int e = n < 0 ? errno : EIO;

		close(fd);
		errno = e;
		return -1;
	}
	if (close(fd) < 0)
		return -1;
	return 0;
}

__attribute__((noreturn)) static void power_off(void)
{
	if (port_fd >= 0 && fsync(port_fd) < 0 && errno != EINVAL)
		dprintf(2, "fpabi-vminit: fsync port: %s\n", strerror(errno));
	sync();
	reboot(RB_POWER_OFF);
	/* still here: exiting PID 1 panics, and panic=-1 plus -no-reboot ends QEMU */
	dprintf(2, "fpabi-vminit: reboot: %s\n", strerror(errno));
	_exit(1);
}

static void mount_fs(const char *src, const char *dir, const char *type)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		dprintf(2, "fpabi-vminit: mkdir %s: %s\n", dir, strerror(errno));
	if (mount(src, dir, type, 0, NULL) < 0 && errno != EBUSY)
		dprintf(2, "fpabi-vminit: mount %s on %s: %s\n", type, dir, strerror(errno));
}

static void open_console(void)
{
	int fd;

	if (fcntl(1, F_GETFD) >= 0 && fcntl(2, F_GETFD) >= 0)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;		/* nothing to report it on */
	if (dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
		return;
	if (fd > 2)
		close(fd);
}

/* load.list names the modules in dependency order, one per line */
static void load_modules(void)
{
	char list[4096], path[512];
	char *line, *save;

	if (read_file(MODULE_DIR "/load.list", list, sizeof(list)) < 0) {
		if (errno != ENOENT)
			say("cannot read " MODULE_DIR "/load.list: %s", strerror(errno));
		return;
	}
	for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int flags = strstr(line, ".ko.") ? MODULE_INIT_COMPRESSED_FILE : 0;
		int fd;

		snprintf(path, sizeof(path), MODULE_DIR "/%s", line);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			say("cannot open module %s: %s", path, strerror(errno));
			continue;
		}
		if (syscall(SYS_finit_module, fd, "", flags) < 0 && errno != EEXIST)
			say("cannot load module %s: %s", line, strerror(errno));
		close(fd);
	}
}

/* "/dev/vportNpM" of the virtio port called @name, or -1 if there is none yet */
static int find_port(const char *name, char *dev, size_t size)
{
	char path[300], buf[64];
	struct dirent *de;
	DIR *d;
	int found = -1;

	d = opendir("/sys/class/virtio-ports");
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/virtio-ports/%s/name", de->d_name);
		if (read_file(path, buf, sizeof(buf)) <= 0)
			continue;
		buf[strcspn(buf, "\n")] = '\0';
		if (!strcmp(buf, name)) {
			snprintf(dev, size, "/dev/%s", de->d_name);
			found = 0;
			break;
		}
	}
	closedir(d);
	return found;
}

/* the port can appear (and its /dev node) a little after init starts */
static int open_port(const char *name)
{
	char dev[300] = "";
	int fd, ms;

	for (ms = 0; ms < PORT_WAIT_MS; ms += 10) {
		if (find_port(name, dev, sizeof(dev)) == 0) {
			fd = open(dev, O_WRONLY | O_NOCTTY | O_CLOEXEC);
			if (fd >= 0)
				return fd;
		}
		usleep(10000);
	}
	if (dev[0])
		dprintf(2, "fpabi-vminit: cannot open %s: %s\n", dev, strerror(errno));
	else
		dprintf(2, "fpabi-vminit: no virtio port named \"%s\" after %d ms"
			" (virtio_console missing?)\n", name, PORT_WAIT_MS);
	return -1;
}

/* value of @key=... on the kernel command line, or NULL */
static const char *cmdline_opt(const char *cmdline, const char *key, char *val, size_t size)
{
	size_t kl = strlen(key), n;
	const char *p;

	for (p = cmdline; (p = strstr(p, key)); p += kl) {
		if ((p == cmdline || p[-1] == ' ') && p[kl] == '=') {
			n = strcspn(p + kl + 1, " \n");
			if (n >= size)
				n = size - 1;
			memcpy(val, p + kl + 1, n);
			val[n] = '\0';
			return val;
		}
	}
	return NULL;
}

/*
 * The host sets the maximum VL with QEMU's sve<bits>=on / sme<bits>=on; the
 * default VL that every new process starts with is the kernel's sysctl.
 */
static int set_default_vl(const char *cmdline, const char *key, const char *sysctl)
{
	char want[32], got[32];

	if (!cmdline_opt(cmdline, key, want, sizeof(want)))
		return 0;
	if (access(sysctl, F_OK) < 0)
		return 0;	/* kernel without SVE/SME: nothing to set */
	if (write_file(sysctl, want) < 0) {
		say("cannot set %s to %s: %s", sysctl, want, strerror(errno));
		return -1;
	}
	if (read_file(sysctl, got, sizeof(got)) < 0) {
		say("cannot read back %s: %s", sysctl, strerror(errno));
		return -1;
	}
	got[strcspn(got, "\n")] = '\0';
	if (strcmp(got, want)) {
		say("%s is %s after writing %s", sysctl, got, want);
		return -1;
	}
	say("%s=%s", strrchr(sysctl, '/') + 1, got);
	return 0;
}

/* argv for /fpabi: every line of /fpabi.args is one argument */
static char **read_args(char *buf, size_t size)
{
	static char *argv[MAX_ARGS + 2];
	static char argv0[] = FPABI_PATH;
	ssize_t len;
	char *p, *nl;
	int argc = 0;

	argv[argc++] = argv0;
	len = read_file(ARGS_PATH, buf, size);
	if (len < 0) {
		if (errno != ENOENT) {
			say("cannot read " ARGS_PATH ": %s", strerror(errno));
			return NULL;
		}
		len = 0;
	}
	if ((size_t)len == size - 1) {
		say(ARGS_PATH " is too long");
		return NULL;
	}
	for (p = buf; p < buf + len; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(buf + len - p));
		if (!nl)
			nl = buf + len;
		*nl = '\0';
		if (argc > MAX_ARGS) {
			say("more than %d arguments in " ARGS_PATH, MAX_ARGS);
			return NULL;
		}
		argv[argc++] = p;
	}
	argv[argc] = NULL;
	return argv;
}

/* ------------------------------------------- --out-dir: /out as cpio */

struct out {
	int fd;			/* the "fpabi-out" port */
	unsigned files;
	unsigned long long bytes;
	unsigned ino;
	int err;		/* the first errno, 0 if none */
};

static void out_write(struct out *o, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	while (len && !o->err) {
		n = write(o->fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			o->err = n < 0 ? errno : EIO;
			say("write to port " OUT_PORT_NAME ": %s", strerror(o->err));
			return;
		}
		p += n;
		len -= (size_t)n;
	}
}

/* zeros up to the next multiple of 4 of the archive's offset */
static void out_pad(struct out *o, unsigned long long at)
{
	static const char zero[4];

	out_write(o, zero, (4 - at % 4) % 4);
}

/*
 * One member: a newc header with checksum ("070702", as cpio -H crc
 * writes it: the check field is the sum of the data's bytes), the name
 * and its NUL padded to 4 bytes, the data padded to 4.
 */
static void out_header(struct out *o, const char *name, unsigned mode,
		       unsigned long long size, unsigned check)
{
	char hdr[128];
	size_t nlen = strlen(name) + 1;
	int n;

	n = snprintf(hdr, sizeof(hdr), "070702%08X%08X%08X%08X%08X%08X%08llX"
		     "%08X%08X%08X%08X%08zX%08X", ++o->ino, mode, 0u, 0u,
		     S_ISDIR(mode) ? 2u : 1u, 0u, size, 0u, 0u, 0u, 0u, nlen,
		     check);
	out_write(o, hdr, (size_t)n);
	out_write(o, name, nlen);
	out_pad(o, (unsigned long long)n + nlen);
}

/* the bytes of path, summed (the member's check), or -1 */
static int file_sum(const char *path, unsigned *sum, unsigned long long *size)
{
	unsigned char buf[65536];
	ssize_t n, i;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*sum = 0;
	*size = 0;
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			return -1;
		}
		for (i = 0; i < n; i++)
			*sum += buf[i];
		*size += (unsigned long long)n;
	}
	close(fd);
	return 0;
}

static void out_file(struct out *o, const char *path, const char *name,
		     const struct stat *st)
{
	char buf[65536];
	unsigned long long size, sent = 0;
	unsigned sum;
	ssize_t n;
	int fd;

	if (file_sum(path, &sum, &size) < 0 ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		o->err = errno;
		say("cannot read %s: %s", path, strerror(errno));
		return;
	}
	out_header(o, name, S_IFREG | (st->st_mode & 0777), size, sum);
	while (sent < size && !o->err) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || sent + (unsigned long long)n > size) {
			o->err = n < 0 ? errno : EIO;
			say("%s changed while it was sent", path);
			break;
		}
		out_write(o, buf, (size_t)n);
		sent += (unsigned long long)n;
	}
	close(fd);
	out_pad(o, size);
	o->files++;
	o->bytes += size;
}

/* every file and directory under dir (path) as name/..., depth first */
static void out_tree(struct out *o, const char *path, const char *name)
{
	char p[4096], nm[4096];
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(path);

	if (!d) {
		o->err = errno;
		say("cannot read %s: %s", path, strerror(errno));
		return;
	}
	while (!o->err && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", path, de->d_name);
		snprintf(nm, sizeof(nm), "%s%s%s", name, *name ? "/" : "",
			 de->d_name);
		if (lstat(p, &st) < 0) {
			o->err = errno;
			say("cannot stat %s: %s", p, strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			out_header(o, nm, S_IFDIR | (st.st_mode & 0777), 0, 0);
			out_tree(o, p, nm);
		} else if (S_ISREG(st.st_mode)) {
			out_file(o, p, nm, &st);
		} else {
			say("%s is not a file or a directory: not sent", p);
		}
	}
	closedir(d);
}

/* /out to the port "fpabi-out", then its count on the fpabi port */
static int send_out(void)
{
	struct out o = { .fd = open_port(OUT_PORT_NAME) };

	if (o.fd < 0) {
		say("no port " OUT_PORT_NAME ": the files in " OUT_DIR " stay in the guest");
		return -1;
	}
	out_tree(&o, OUT_DIR, "");
	out_header(&o, "TRAILER!!!", 0, 0, 0);
	if (fsync(o.fd) < 0 && errno != EINVAL && !o.err)
		o.err = errno;
	close(o.fd);
	if (o.err)
		return -1;
	say("out=%u files, %llu bytes", o.files, o.bytes);
	return 0;
}

static int run_fpabi(char **argv)
{
	pid_t pid, w;
	int status;

	if (access(FPABI_PATH, X_OK) < 0) {
		say("cannot run " FPABI_PATH ": %s", strerror(errno));
		return EXIT_SETUP;
	}
	if (setenv("FPABI_IN_VM", "1", 1) < 0 || setenv("PATH", "/", 1) < 0) {
		say("setenv: %s", strerror(errno));
		return EXIT_SETUP;
	}
	pid = fork();
	if (pid < 0) {
		say("fork: %s", strerror(errno));
		return EXIT_SETUP;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		console_fd = -1;

		if (null < 0 || dup2(null, 0) < 0 || dup2(port_fd, 1) < 0 || dup2(port_fd, 2) < 0) {
			say("cannot set up stdio for " FPABI_PATH ": %s", strerror(errno));
			_exit(EXIT_SETUP);
		}
		execv(FPABI_PATH, argv);
		say("cannot exec " FPABI_PATH ": %s", strerror(errno));
		_exit(EXIT_SETUP);
	}
	/* as PID 1 we also reap whatever fpabi leaves orphaned */
	for (;;) {
		w = wait(&status);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			say("wait: %s", strerror(errno));
			return EXIT_SETUP;
		}
		if (w == pid)
			break;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	say(FPABI_PATH " killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	return 128 + WTERMSIG(status);
}

int main(void)
{
	static char cmdline[4096], args[65536];
	struct utsname u;
	char **argv, val[8];
	int ret = EXIT_SETUP;
	bool out = false;
	char end[64];
	int n;

	if (getpid() != 1) {
		/* it powers the machine off: never on a host by mistake */
		fprintf(stderr, "fpabi-vminit: this is the /init of the fpabi-vm guest;"
			" it only runs as PID 1\n");
		return 2;
	}
	mount_fs("proc", "/proc", "proc");
	mount_fs("sysfs", "/sys", "sysfs");
	mount_fs("devtmpfs", "/dev", "devtmpfs");
	open_console();
	load_modules();

	port_fd = open_port(PORT_NAME);
	if (port_fd < 0)
		power_off();	/* the host reports the missing end marker */

	if (uname(&u) == 0)
		say("kernel %s %s %s", u.release, u.version, u.machine);
	if (read_file("/proc/cmdline", cmdline, sizeof(cmdline)) < 0) {
		say("cannot read /proc/cmdline: %s", strerror(errno));
	} else if ((out = cmdline_opt(cmdline, "fpabi.out", val, sizeof(val)) &&
			  !strcmp(val, "1")) && mkdir(OUT_DIR, 0755) < 0) {
		say("cannot make " OUT_DIR ": %s", strerror(errno));
	} else if (set_default_vl(cmdline, "fpabi.sve_vl", "/proc/sys/abi/sve_default_vector_length") == 0 &&
		 set_default_vl(cmdline, "fpabi.sme_vl", "/proc/sys/abi/sme_default_vector_length") == 0 &&
		 (argv = read_args(args, sizeof(args))))
		ret = run_fpabi(argv);
	/* what fpabi wrote, whatever its status (a failed run's report is
	 * what a lab wants); a failure to send it is a setup failure */
	if (out && send_out() < 0 && ret != EXIT_SETUP)
		ret = EXIT_SETUP;

	n = snprintf(end, sizeof(end), "# fpabi-vm: exit=%d\n# fpabi-vm: done\n", ret);
	if (n < 0 || write(port_fd, end, (size_t)n) != n)
		dprintf(2, "fpabi-vminit: write end marker: %s\n", strerror(errno));
	power_off();
}
