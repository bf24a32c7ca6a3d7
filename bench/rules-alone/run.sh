#!/usr/bin/env bash
# Plays random 4-player Sorry! games with the rules' own Lua (variants/sorry/moves.lua:
# listing a card's moves and working out their effects) and a minimal driver in
# plain LuaJIT, with no engine at all: the most the rules allow, for comparing with
# parlor_bench (bench/README.md, "Session 21").
#
#   bench/rules-alone/run.sh [GAMES] [LUAJIT OPTIONS...]   # e.g. 3000 -Ohotexit=200
#
# Needs the `luajit` command (Debian package luajit2; not installed by setup.sh) and
# a built parlor (build/bin/parlor, or $PARLOR), which writes the geometry the rules read.
set -eu
cd "$(dirname "$0")/../.."
GAMES=${1:-3000}; shift || true
command -v luajit >/dev/null || { echo "run.sh needs the luajit command: apt-get install luajit2" >&2; exit 2; }
WORK=$(mktemp -d /tmp/parlor-rules-alone.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
"${PARLOR:-build/bin/parlor}" play sorry --mod bench/rules-alone/geo-dump --players 4 --seed 1 --json |
  grep -m1 '"type":"geo"' | python3 bench/rules-alone/json_to_lua.py > "$WORK/geo.lua"
cp variants/sorry/moves.lua "$WORK/"
echo 'return {MAX_STEPS = 12}' > "$WORK/board.lua"   # all moves.lua reads of board.lua
cp bench/rules-alone/sorry_alone.lua "$WORK/"
cd "$WORK" && luajit "$@" sorry_alone.lua "$GAMES"
