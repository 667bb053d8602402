#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Driver of tests/signals.sh: signals.py SEED SIG DIR -- COMMAND...
# starts COMMAND (stdout DIR/out.tap, stderr DIR/err), waits for its TAP
# header, sleeps a random time (from SEED) and sends SIG.  With a second
# name after a comma, stdout is a pipe nobody reads: once it is full the
# first signal's orderly end is stuck writing, and the second signal
# comes 0.5 s after the first (the process still alive then).  Prints
# the delay, the exit status (negative: killed by that signal) and the
# seconds from the (last) signal to the exit.  With FPABI_SIGNAL_EARLY=S
# in the environment the signal comes S seconds after the start (once
# the command catches it), before the header (while the command probes
# and calibrates the CPU).
import os
import random
import signal
import subprocess
import sys
import time

seed, sigs, d = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3]
cmd = sys.argv[5:]
rnd = random.Random(seed)
out = open(os.path.join(d, "out.tap"), "wb")
err = open(os.path.join(d, "err"), "wb")
stuck = len(sigs) > 1
p = subprocess.Popen(cmd, stdout=subprocess.PIPE if stuck else out,
                     stderr=err, stdin=subprocess.DEVNULL)
if stuck:   # the smallest pipe: a run's first results fill it
    import fcntl
    fcntl.fcntl(p.stdout.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
t0 = time.monotonic()
early = os.environ.get("FPABI_SIGNAL_EARLY")
while not stuck and not early and time.monotonic() - t0 < 60 and p.poll() is None:
    with open(os.path.join(d, "out.tap"), "rb") as f:
        if f.read().count(b"\n") >= 2:
            break
    time.sleep(0.01)
delay = float(early) if early else rnd.uniform(0.0, 1.5)
if early:
    # fpabi sets its handler first thing, but a loaded host or a
    # sanitizer's start can take longer than S to get there: a signal
    # before it would find the default action, a race of the test's own.
    # So the signal comes S seconds after the start, and not before the
    # command catches it (SigCgt in /proc/PID/status)
    bit = 1 << (getattr(signal, sigs[0]) - 1)
    while time.monotonic() - t0 < 10 and p.poll() is None:
        try:
            with open("/proc/%d/status" % p.pid) as f:
                cgt = [l for l in f if l.startswith("SigCgt:")]
            if cgt and int(cgt[0].split()[1], 16) & bit:
                break
        except OSError:
            pass
        time.sleep(0.001)
    waited = time.monotonic() - t0
    delay = max(delay, waited)
    time.sleep(delay - waited)
elif stuck:   # until the pipe is full (FIONREAD on its read end)
    import array
    import termios
    delay = 0.0
    while delay < 60 and p.poll() is None:
        n = array.array("i", [0])
        fcntl.ioctl(p.stdout.fileno(), termios.FIONREAD, n)
        if n[0] >= 4096:
            break
        time.sleep(0.05)
        delay += 0.05
    time.sleep(0.2)
else:
    time.sleep(delay)
alive = True
for i, s in enumerate(sigs):
    if i:
        time.sleep(0.5)
        alive = p.poll() is None
    if p.poll() is None:
        p.send_signal(getattr(signal, s))
ts = time.monotonic()
try:
    rc = p.wait(30)
except subprocess.TimeoutExpired:
    # where it hangs, for the report (DIR/hang): the syscall it blocks
    # in, its kernel wait channel, and its children's
    with open(os.path.join(d, "hang"), "w") as h:
        pids = [str(p.pid)]
        try:
            pids += open("/proc/%d/task/%d/children" % (p.pid, p.pid)).read().split()
        except OSError:
            pass
        for pid in pids:
            for what in ("comm", "syscall", "wchan", "status"):
                try:
                    v = open("/proc/%s/%s" % (pid, what)).read()
                except OSError as e:
                    v = str(e)
                if what == "status":
                    v = " ".join(l for l in v.splitlines()
                                 if l.startswith(("State:", "SigPnd:", "ShdPnd:", "SigBlk:")))
                h.write("pid %s %s: %s\n" % (pid, what, v.strip()))
    p.kill()
    rc = "hung"
print("%.3f %s %.3f %s" % (delay, rc, time.monotonic() - ts,
                          "stuck" if alive else "ended"))
