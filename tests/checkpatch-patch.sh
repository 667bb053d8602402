#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# checkpatch.pl --strict on FILE as a maintainer gets it: a new file at
# PATH in a patch (patch mode warns of lines over 100 columns, which -f
# mode only notes as CHECKs).  The wrapper's own commit message and
# sign-off are given; adding a file to a directory MAINTAINERS already
# covers is not the file's to answer for (FILE_PATH_CHANGES ignored).
#   usage: checkpatch-patch.sh CHECKPATCH.PL FILE PATH
cp=$1 f=$2 path=$3
n=$(wc -l <"$f")
{
	printf 'From: fpabi <fpabi@example.org>\nSubject: [PATCH] %s\n\n' "$path"
	printf 'Add %s.\n\nSigned-off-by: fpabi <fpabi@example.org>\n---\n' "$path"
	printf 'diff --git a/%s b/%s\nnew file mode 100644\n' "$path" "$path"
	printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%s @@\n' "$path" "$n"
	sed 's/^/+/' "$f"
} | perl "$cp" --no-tree --strict -q --ignore FILE_PATH_CHANGES -
