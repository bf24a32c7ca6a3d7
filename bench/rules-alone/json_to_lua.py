"""Reads one JSON event line on stdin and writes its "data" as a Lua chunk that
returns it as a table (bench/rules-alone/run.sh)."""
import json
import sys


def lua(v):
    if isinstance(v, dict):
        return "{" + ",".join("[%s]=%s" % (lua(k), lua(x)) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "{" + ",".join(lua(x) for x in v) + "}"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if v is None:
        return "nil"
    return repr(v)


sys.stdout.write("return " + lua(json.loads(sys.stdin.readline())["data"]) + "\n")
