"""Ctrl-C sent to a child interpreter, for the tests that check it stops what parlor
runs (test_python_robustness_s33.py, test_python_robustness_s34.py)."""
import os
import signal
import subprocess
import sys
import textwrap
import time


def ctrl_c_as_at_a_terminal():
    """In the child before it starts: Ctrl-C's default action, as a terminal gives it.
    A test run started in the background (`.ci/run &`, nohup) ignores SIGINT and its
    children inherit that; Python then installs no KeyboardInterrupt handler and parlor,
    rightly, leaves an ignored Ctrl-C ignored, so the child would run on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(body, *args, after=1.5, budget="120", preexec_fn=ctrl_c_as_at_a_terminal):
    """Runs ``body`` in a child interpreter (``args`` as its argv[1:]), sends it SIGINT
    ``after`` seconds past its line "ready", and returns its output. The Lua time
    budget (``budget`` seconds) is far longer than the test's timeout: only the
    interrupt can end an endless hook or script in time."""
    env = dict(os.environ, PARLOR_LUA_TIME_LIMIT=budget, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    child = subprocess.Popen([sys.executable, "-u", "-c", textwrap.dedent(body), *args], env=env,
                             preexec_fn=preexec_fn,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "ready", line + child.stderr.read()
        time.sleep(after)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, out + err
    return out
