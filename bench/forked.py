"""A function run in a forked child, for the bench scripts that measure memory: the
child's peak RSS (its rusage) is then the function's alone, not the parent's."""
import os


def run_forked(fn):
    """Runs fn() (which returns a text) in a forked child. Returns (its text, or
    "FAILED <type>: <first line>" when it raised, the child's exit status, its
    rusage)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            msg = fn()
        except BaseException as e:  # noqa: BLE001 - reported, not hidden
            msg = "FAILED %s: %s" % (type(e).__name__, str(e).splitlines()[0][:300] if str(e) else "")
        os.write(w, msg.encode())
        os.close(w)
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    return b"".join(chunks).decode(), status, usage
