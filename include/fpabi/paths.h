/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where fpabi's installed files are, found from where fpabi runs. */
#ifndef FPABI_PATHS_H
#define FPABI_PATHS_H

#include <stddef.h>

/*
 * The relative path that leads from directory from to directory to (both
 * absolute, without "." or ".." parts): "../libexec/fpabi" from /usr/bin
 * to /usr/libexec/fpabi.  Returns 0, or -1 when it does not fit in n.
 */
int fpabi_rel_path(const char *from, const char *to, char *out, size_t n);

/*
 * The file name of pkglibexecdir for an fpabi that runs from exe_dir:
 * exe_dir, then the path from the configured bindir to the configured
 * pkglibexecdir, then name; so an installed tree that was moved (DESTDIR,
 * a container layer, an unpacked package) finds its own files.  Returns
 * malloc'd memory.
 */
char *fpabi_relocated(const char *exe_dir, const char *name);

#endif
