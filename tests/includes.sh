#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The arrows between files (docs/developers/layout.md): no circle, and no
# upward arrow without its reason.  A file points at every file it
# includes and at every .c file whose global definition (a function or a
# variable, not static) it names; the tracee and each arch backend only at
# definitions of their own program.  Circles are the strongly connected
# sets of that graph.  Upward is against the order of the rooms below (a
# room may point only at rooms of a lower rank, or within itself); an
# upward arrow is an #include of the header that declares what is used,
# with a comment on that line or the line above it that says why.
# A circle tests/includes.allow lists, with its reason, is known (the
# list must match exactly).  TAP: test point 1 is the circles, 2 the
# upward arrows.
top=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
echo "TAP version 13"
echo "1..2"
files=$(cd "$top" && find src include cases -name '*.c' -o -name '*.h' -o -name '*.S' |
	grep -v 'repro-walker\.inc' | LC_ALL=C sort)
export FPABI_LAYOUT_FILES="$files"
out=$(cd "$top" && awk '
# the rank of a file: the lowest ranks are the helpers everything uses
function room(f) {
	if (f ~ /^include\//) return "include"
	if (f ~ /^cases\//) return "cases"
	if (f ~ /^src\/arch\//) return "arch"
	if (f ~ /^src\/tracee\//) return "tracee"
	if (f == "src/cmd/common-run.c") return "cmd-shared"
	split(f, p, "/")
	return p[2]
}
# the program a file is linked into, and its arch ("" in both)
function prog(f) { return f ~ /^src\/tracee\// ? "tracee" : "fpabi" }
function arch(f) {
	if (match(f, /(x86_64|arm64)/)) return substr(f, RSTART, RLENGTH)
	return ""
}
function visible(def, use) {
	if (prog(def) != prog(use)) return 0
	if (arch(def) != "" && arch(use) != "" && arch(def) != arch(use)) return 0
	return 1
}
BEGIN {
	# rooms, lowest first: a room points down or within itself
	n = split("include lib tracee judge plan report engine cases arch cmd-shared stress race bench repro cmd", r, " ")
	for (i = 1; i <= n; i++) rank[r[i]] = i
	n = split(ENVIRON["FPABI_LAYOUT_FILES"], r, "\n")
	for (i = 1; i <= n; i++) known[r[i]] = 1
}
FNR == 1 { file = FILENAME; nfiles++; flist[nfiles] = file; incomment = 0; prevcomment = 0; pending = "" }
# includes, with whether a comment is on the line or the line above
/^#[ \t]*include[ \t]*["<]/ {
	line = $0
	c = (line ~ /\/\*|\/\//) || prevcomment
	sub(/^#[ \t]*include[ \t]*/, "", line)
	q = substr(line, 1, 1); line = substr(line, 2)
	name = line; sub(/[">].*/, "", name)
	d = file; sub(/\/[^\/]*$/, "", d)
	inc = ""
	if (q == "\"") inc = norm(d "/" name)
	if (inc == "" || !exists(inc)) inc = exists("include/" name) ? "include/" name : ""
	if (inc == "" && exists("src/tracee/" name)) inc = "src/tracee/" name
	if (inc == "" && arch(file) != "" && exists("src/tracee/" arch(file) "/" name))
		inc = "src/tracee/" arch(file) "/" name
	if (inc != "") { ninc++; incfrom[ninc] = file; incto[ninc] = inc; inccom[ninc] = c; incline[ninc] = FNR }
}
{
	raw = $0
	prevcomment = (raw ~ /^[ \t]*(\/\*|\*|\/\/)/) || (raw ~ /\*\/[ \t]*$/)
	# strip comments, strings and character constants (one scan: a
	# "/*" in a string starts no comment, a quote in a comment no string)
	s = strip(raw)
	if (s ~ /^#[ \t]*include/) s = ""
	text[file] = text[file] " " s
	# global definitions of .c and .S files (kernel style: column 0)
	if (file ~ /\.S$/ && s ~ /^[ \t]*\.glob[a-z]*[ \t]/) {
		nm = s; sub(/^[ \t]*\.glob[a-z]*[ \t]+/, "", nm); sub(/[ \t,;].*/, "", nm)
		adddef(nm, file)
	}
	if (file !~ /\.c$/) next
	# a function: the name before the first "(" of a signature in
	# column 0 that a "{" in column 0 follows
	if (s ~ /^\{/ && pending != "") { if (pstatic) localdef[file, pending] = 1; else adddef(pending, file) }
	if (s ~ /^\{/ || s ~ /;[ \t]*$/) pending = ""
	if (s !~ /^[A-Za-z_]/ || s ~ /^(typedef|extern|enum|union|struct[ \t]+[A-Za-z_0-9]+[ \t]*\{|#)/) next
	st = (s ~ /^static[ \t]/)
	if (s ~ /^[^=]*\(/ && s !~ /;[ \t]*$/) {
		t = s; sub(/\(.*/, "", t); m = split(t, w, /[^A-Za-z_0-9]+/)
		while (m > 0 && w[m] == "") m--
		if (m > 0) { pending = w[m]; pstatic = st }
	} else if (s ~ /^[^(]*(=|\[|;)/ && s !~ /^struct[ \t]+[A-Za-z_0-9]+[ \t]*;/) {
		# a variable: the last name before "=", "[" or ";"
		t = s; sub(/[ \t]*(=|\[|;).*/, "", t); m = split(t, w, /[^A-Za-z_0-9]+/)
		while (m > 0 && w[m] == "") m--
		if (m > 1) { if (st) localdef[file, w[m]] = 1; else adddef(w[m], file) }
	}
}
function strip(raw,   out, i, n, c, d, q) {
	out = ""; n = length(raw); i = 1
	while (i <= n) {
		c = substr(raw, i, 1); d = substr(raw, i + 1, 1)
		if (incomment) {
			if (c == "*" && d == "/") { incomment = 0; out = out " "; i += 2 }
			else i++
			continue
		}
		if (c == "/" && d == "*") { incomment = 1; i += 2; continue }
		if (c == "/" && d == "/") break
		if (c == "\"" || c == "\047") {
			q = c
			for (i++; i <= n && substr(raw, i, 1) != q; i++)
				if (substr(raw, i, 1) == "\\") i++
			out = out " "; i++
			continue
		}
		out = out c; i++
	}
	return out
}
function adddef(nm, f) { ndefs[nm]++; defs[nm, ndefs[nm]] = f }
function exists(p) { return (p in known) }
function norm(p,   a, n, i, o, k) {
	n = split(p, a, "/"); k = 0
	for (i = 1; i <= n; i++) {
		if (a[i] == "..") k--
		else if (a[i] != ".") o[++k] = a[i]
	}
	p = o[1]; for (i = 2; i <= k; i++) p = p "/" o[i]
	return p
}
function edge(a, b, why) {
	if (a == b || ((a, b) in e)) return
	e[a, b] = why; nout[a]++; out[a, nout[a]] = b
}
function strong(v,   i, w) {
	idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
	for (i = 1; i <= nout[v]; i++) {
		w = out[v, i]
		if (!(w in idx)) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
		else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
	}
	if (low[v] == idx[v]) {
		nscc++; size = 0; members = ""
		do { w = stack[sp--]; on[w] = 0; comp[w] = nscc; size++; members = members " " w } while (w != v)
		if (size > 1) { circles++; circle[circles] = members }
	}
}
END {
	for (i = 1; i <= ninc; i++) edge(incfrom[i], incto[i], "includes")
	for (f = 1; f <= nfiles; f++) {
		# a header declares: only its includes are its arrows
		u = flist[f]; if (u ~ /\.h$/) continue
		m = split(text[u], tok, /[^A-Za-z_0-9]+/)
		delete seen
		for (k = 1; k <= m; k++) {
			nm = tok[k]
			if (nm == "" || (nm in seen) || !(nm in ndefs) || ((u, nm) in localdef)) continue
			seen[nm] = 1
			for (j = 1; j <= ndefs[nm]; j++) {
				d = defs[nm, j]
				if (d == u || !visible(d, u)) continue
				# what an arch backend defines for the core is the
				# interface of fpabi/arch.h (the arch is chosen at
				# configure time): an arrow to the header, not the file
				if (arch(d) != "" && arch(u) == "") continue
				edge(u, d, "uses " nm)
				if (rank[room(d)] > rank[room(u)]) { nup++; upfrom[nup] = u; upto[nup] = d; upname[nup] = nm }
			}
		}
	}
	if (ENVIRON["FPABI_LAYOUT_EDGES"] != "")
		for (k in e) { split(k, ab, SUBSEP); printf "edge: %s -> %s (%s)\n", ab[1], ab[2], e[k] }
	for (f = 1; f <= nfiles; f++) if (!(flist[f] in idx)) strong(flist[f])
	for (i = 1; i <= circles; i++) {
		printf "circle:%s\n", circle[i]
		n = split(circle[i], mem, " ")
		for (a = 1; a <= n; a++) for (b = 1; b <= n; b++)
			if ((mem[a], mem[b]) in e) printf "circle:   %s -> %s (%s)\n", mem[a], mem[b], e[mem[a], mem[b]]
	}
	# an upward use needs a commented #include of a header declaring it
	for (i = 1; i <= nup; i++) {
		u = upfrom[i]; nm = upname[i]; found = 0
		for (k = 1; k <= ninc; k++) {
			if (incfrom[k] != u) continue
			h = incto[k]
			if (h !~ /\.h$/) continue
			if (match(text[h], "[^A-Za-z_0-9]" nm "[^A-Za-z_0-9]")) {
				found = 1
				if (!inccom[k]) printf "upward: %s:%d: #include of %s (for %s, defined in %s, room %s above %s) has no reason\n", u, incline[k], h, nm, upto[i], room(upto[i]), room(u)
			}
		}
		if (!found) printf "upward: %s uses %s of %s (room %s above %s) without including its declaration\n", u, nm, upto[i], room(upto[i]), room(u)
	}
}
' $files 2>&1)
# a circle is known when tests/includes.allow lists exactly its files
allow=$top/tests/includes.allow
known=$(grep -v '^#' "$allow" | grep -v '^[[:space:]]*$' |
	while read -r c; do echo "$c" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'; echo; done)
circles=$(echo "$out" | grep '^circle: ' | grep -v ' -> ' | sed 's/^circle: *//' |
	while read -r c; do echo "$c" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'; echo; done)
new=$(echo "$circles" | grep -v '^$' | grep -vxF -e "${known:-/none/}")
gone=$(echo "$known" | grep -v '^$' | grep -vxF -e "${circles:-/none/}")
r=0
[ -z "$new" ] && [ -z "$gone" ] || r=1
if [ $r -eq 0 ]; then echo "ok 1 - no circle between files but those of tests/includes.allow"
else echo "not ok 1 - no circle between files but those of tests/includes.allow"; fi
echo "$out" | grep '^circle:' | sed 's/^circle:/# /'
[ -z "$gone" ] || echo "$gone" | sed 's/^/# listed in tests\/includes.allow, no longer a circle: /'
[ -z "$(echo "$out" | grep '^upward:')" ]; u=$?
if [ $u -eq 0 ]; then echo "ok 2 - every upward arrow has its reason"; else echo "not ok 2 - every upward arrow has its reason"; fi
echo "$out" | grep '^upward:' | sort -u | sed 's/^upward:/# /'
echo "$out" | grep -v '^circle:\|^upward:\|^edge:' | sed 's/^/# /'
[ -n "$FPABI_LAYOUT_EDGES" ] && echo "$out" | grep '^edge:' | LC_ALL=C sort | sed 's/^/# /'
[ $r -eq 0 ] && [ $u -eq 0 ]
