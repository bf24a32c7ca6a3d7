#!/usr/bin/env bash
# Plays whole games of every variant, with their modes, options and mods, between
# random bots and the definitions' own bots, from many seeds, and reports every game
# that fails: a non-zero exit (an error, a broken invariant caught by the engine, a
# game that did not end within 200,000 actions), or a deduction game (the Cluedo
# editions, demo-sleuth, demo-heist, demo-inquest) between deduction bots that did not end with a
# correct accusation (the bots accuse only when certain, so every such game must be
# won).
#
#   scripts/sweep-games.sh                     # seeds 1-20, build/bin/parlor
#   FIRST=1 LAST=60 scripts/sweep-games.sh     # more seeds (107 games a seed)
#   BIN=/tmp/parlor OUT=/tmp/sweep scripts/sweep-games.sh
#
# The logs (JSON lines, one file a game, ending with "exit N") stay in $OUT. It
# is slower than the tests and not part of them; run it after changing rules, bots
# or the engine. Exit status: 0 when every game passed, 1 otherwise.
set -u
cd "$(dirname "$0")/.."
BIN=$(realpath "${BIN:-build/bin/parlor}")
OUT=${OUT:-$(mktemp -d /tmp/parlor-sweep.XXXXXX)}
mkdir -p "$OUT"
FIRST=${FIRST:-1}
LAST=${LAST:-20}

run() {
  local name=$1; shift
  "$BIN" play "$@" --json --max-actions 200000 > "$OUT/$name.jsonl" 2>&1
  echo "exit $?" >> "$OUT/$name.jsonl"
}

for s in $(seq "$FIRST" "$LAST"); do
  for b in rules random; do
    for n in 3 4 5 6; do
      run "clue-$b-$n-$s" clue-1949 --players $n --seed $s --bots $b
      run "cluem-$b-$n-$s" clue-1949 --players $n --seed $s --bots $b --mod mods/two-dice --mod mods/no-secret-passages
      run "dec-$b-$n-$s" cluedo-german-1997 --players $n --seed $s --bots $b --mode chosen-weapons --mod mods/two-dice
      run "ded-$b-$n-$s" cluedo-german-1997 --players $n --seed $s --bots $b --mode declared --mod mods/no-secret-passages
    done
    for n in 2 3 4 5 6; do
      run "it-$b-$n-$s" cluedo-italian --players $n --seed $s --bots $b --mode booklet-weapons --mod mods/two-dice
      run "itd-$b-$n-$s" cluedo-italian --players $n --seed $s --bots $b --mode declared
      run "se-$b-$n-$s" cluedo-swedish --players $n --seed $s --bots $b --mod mods/two-dice
      run "sed-$b-$n-$s" cluedo-swedish --players $n --seed $s --bots $b --mode declared --mod mods/no-secret-passages
    done
    for n in 2 3 4; do
      run "sorry-$b-$n-$s" sorry --players $n --seed $s --bots $b
      run "sorryo-$b-$n-$s" sorry --players $n --seed $s --bots $b --option direction=right \
        --option two_unusable_draws_again=false --option swap_slides=both
      run "sorrys-$b-$n-$s" sorry --players $n --seed $s --bots $b --mode scoring \
        --option scoring_bonus=cumulative --option scoring_two_refill=draw_after
    done
    run "sorryt-$b-$s" sorry --players 4 --seed $s --bots $b --mode teams
    run "sorryt7-$b-$s" sorry --players 4 --seed $s --bots $b --mode teams --option team_seven=must_split
    run "sleuth-$b-$s" demo-sleuth --players 4 --seed $s --bots $b
    for n in 2 5; do
      run "heist-$b-$n-$s" demo-heist --players $n --seed $s --bots $b
    done
    run "heisto-$b-$s" demo-heist --players 3 --seed $s --bots $b --mode open
    for n in 3 6; do
      run "inquest-$b-$n-$s" demo-inquest --players $n --seed $s --bots $b
    done
  done
  run "race-$s" demo-race --players 3 --seed $s --option pawns=1   # no bot of its own: random bots
done

failed=0
games=0
for f in "$OUT"/*.jsonl; do
  games=$((games + 1))
  if [ "$(tail -n 1 "$f")" != "exit 0" ]; then
    echo "FAILED ($(tail -n 1 "$f")): $f"
    failed=$((failed + 1))
    continue
  fi
  case "$(basename "$f")" in
    clue-rules-*|cluem-rules-*|dec-rules-*|ded-rules-*|it-rules-*|itd-rules-*|se-rules-*|sed-rules-*|sleuth-rules-*|heist-rules-*|heisto-rules-*|inquest-rules-*)
      if ! tail -n 2 "$f" | head -n 1 | grep -q '"winners":\[[0-9]'; then
        echo "NOT SOLVED (deduction bots, no winner): $f"
        failed=$((failed + 1))
      fi
      ;;
  esac
done
echo "$games games, $failed failed (logs in $OUT)"
[ "$failed" -eq 0 ]
