"""What scripts/fuzz-definitions.py and scripts/fuzz-saves.py share: running parlor (or
Python) as a child that a timeout kills whole, the environment the children run in,
the texts that show a crash or C++ internals leaking into a message, and the report
of the cases found bad. Standard library only; imported from the scripts' own folder."""
import os
import shutil
import signal
import subprocess
import time

# Texts that must never reach a user: C++ internals, sanitizer reports, crashes, and a
# Python traceback (fuzz-saves runs a Python harness too).
INTERNALS = ["std::", "basic_string", "yaml-cpp", "YAML::", "bad_variant_access",
             "terminate called", "what():", "bad_alloc", "Assertion", "__cxa", "nlohmann",
             "AddressSanitizer", "LeakSanitizer", "runtime error:", "UndefinedBehaviorSanitizer",
             "Segmentation fault", "PANIC: unprotected error", "Traceback (most recent call last)"]


def run(command, args, env, timeout, cwd=None):
    """(rc, stdout, stderr, timed_out, seconds) of `command` (a path, or a list such as
    [python, harness]) with `args`. The child runs in its own process group, killed
    whole at the timeout; each output keeps its last 200,000 characters."""
    started = time.time()
    p = subprocess.Popen(command + args if isinstance(command, list) else [command] + args,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True, cwd=cwd)
    try:
        out, err = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        timed_out = True
    return (p.returncode, out.decode("utf-8", "replace")[-200000:],
            err.decode("utf-8", "replace")[-200000:], timed_out, time.time() - started)


def child_env(home):
    """The environment the children run in: this tree's definitions (PARLOR_HOME), no
    user folder of definitions (PARLOR_PATH), and sanitizer builds' reports as error
    exits the classification sees."""
    env = dict(os.environ, PARLOR_HOME=os.path.abspath(home))
    env.pop("PARLOR_PATH", None)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    return env


def report_bad(program, seed, bin_, bad, out_dir, keep, what):
    """Prints each bad case (number, reason, description, the command that shows it
    again); then where the bad cases' `what` (folders, files) are kept, or removes
    `out_dir` when nothing was bad and `keep` is false. Returns the exit code."""
    for k, desc, reason, cmd in bad:
        print("BAD case %d (%s): %s\n  again: %s --seed %d --case %d --bin %s\n  %s"
              % (k, reason, desc, program, seed, k, bin_, cmd))
    if bad:
        print("BAD cases' %s and outputs (RESULT.txt): %s" % (what, out_dir))
    elif not keep:
        shutil.rmtree(out_dir, ignore_errors=True)
    return 1 if bad else 0
