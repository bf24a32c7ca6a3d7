#!/usr/bin/env bash
# Plays the same 228 games (every variant, mode, bot kind and two mods, 12 seeds
# each) with a given `parlor` binary and writes their JSON logs, one file a game.
# For speed work: a change that should not change any rule must leave every log
# byte for byte the same.
#
#   cp build/bin/parlor /tmp/parlor-before              # before the change
#   scripts/golden-logs.sh /tmp/parlor-before /tmp/logs-before
#   scripts/golden-logs.sh build/bin/parlor /tmp/logs-after
#   diff -r /tmp/logs-before /tmp/logs-after && echo same
set -u
if [ $# -ne 2 ]; then echo "usage: $0 PARLOR_BINARY OUTPUT_FOLDER" >&2; exit 2; fi
BIN=$(realpath "$1"); OUT=$2
mkdir -p "$OUT"; OUT=$(realpath "$OUT")
cd "$(dirname "$0")/.."
run() { local name=$1; shift; "$BIN" play "$@" --json > "$OUT/$name.jsonl" 2>&1; echo "exit $?" >> "$OUT/$name.jsonl"; }
for s in $(seq 1 12); do
  for n in 3 6; do
    run clue-$n-$s clue-1949 --players $n --seed $s
    run cluer-$n-$s clue-1949 --players $n --seed $s --bots random
  done
  run it-$s cluedo-italian --players 4 --seed $s
  run itd-$s cluedo-italian --players 3 --seed $s --mode declared
  run se-$s cluedo-swedish --players 4 --seed $s
  run de-$s cluedo-german-1997 --players 4 --seed $s
  run ded-$s cluedo-german-1997 --players 5 --seed $s --mode declared
  for n in 2 4; do
    run sorry-$n-$s sorry --players $n --seed $s
    run sorryr-$n-$s sorry --players $n --seed $s --bots random
  done
  run sorryt-$s sorry --players 4 --mode teams --seed $s
  run sorrys-$s sorry --players 3 --mode scoring --seed $s
  run race-$s demo-race --players 3 --seed $s
  run sleuth-$s demo-sleuth --players 4 --seed $s
  run heist-$s demo-heist --players 4 --seed $s
  run mod-$s clue-1949 --players 4 --mod mods/two-dice --seed $s
done
