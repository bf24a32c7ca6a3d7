#!/usr/bin/env bash
# Coverage-guided fuzzing of parlor's parsers of untrusted text with libFuzzer: the
# harnesses of tests/fuzz/ (json: the JSON reader of saves; save: a saved game or
# state read as `parlor replay` and Python's load_game read it; action: action texts;
# utf8: the UTF-8 checks; yaml: a definition's YAML built into a Definition).
# Builds them with clang into build-fuzz (-DPARLOR_FUZZ=ON: ASan, UBSan and
# float-cast-overflow, every target instrumented), seeds each corpus from real files
# (saves written by `parlor play --save`, the variants' and the tests' YAML, and the
# crashes of tests/fuzz/regressions/), then runs each target for SECONDS in turn.
#
#   scripts/fuzz-libfuzzer.sh                  # every target, 60 s each
#   scripts/fuzz-libfuzzer.sh json 900         # fuzz_json for 15 minutes
#   scripts/fuzz-libfuzzer.sh all 600          # every target, 10 minutes each
#   FUZZ_ARGS="-jobs=2 -workers=2" scripts/fuzz-libfuzzer.sh save 600
#
# A crash, a sanitizer report, a failed property (each harness says its own), an
# input slower than 10 s (-timeout=10) or one taking more than 4 GB
# (-rss_limit_mb=4096) stops the target: the input is saved as
# build-fuzz/artifacts/<target>-crash-... (or timeout-, oom-), the script says how to
# run it again and how to minimise it, and goes on with the next target; it exits 1
# when any target found something. The corpora grow in build-fuzz/corpus/<target>/
# (kept between runs: a run goes on from the coverage the last one reached); they
# are not committed. A fixed crash's minimised input goes in
# tests/fuzz/regressions/<target>/, and a test of the suites (tests/core,
# tests/scripting) says what it checks.
#
# Environment: BUILD_DIR (build-fuzz), JOBS (1: build jobs), PARLOR (the parlor
# command that writes the seed saves; default build/bin/parlor, skipped with a
# warning when missing), FUZZ_ARGS (more libFuzzer options).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS_ALL="json save action utf8 yaml"
TARGET="${1:-all}"
SECONDS_EACH="${2:-60}"
BUILD_DIR="${BUILD_DIR:-build-fuzz}"
JOBS="${JOBS:-1}"
PARLOR="${PARLOR:-build/bin/parlor}"
if [ "$TARGET" = all ]; then TARGETS="$TARGETS_ALL"; else TARGETS="$TARGET"; fi
for t in $TARGETS; do
  case " $TARGETS_ALL " in *" $t "*) ;; *) echo "fuzz-libfuzzer: unknown target '$t' (expected all or one of: $TARGETS_ALL)" >&2; exit 2 ;; esac
done

# The tests and the Python module are not built here (the fuzzing flags would
# instrument them too, for nothing).
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DPARLOR_FUZZ=ON -DPARLOR_BUILD_TESTS=OFF -DPARLOR_BUILD_PYTHON=OFF >/dev/null
# shellcheck disable=SC2046  # one word a target
cmake --build "$BUILD_DIR" -j "$JOBS" --target $(for t in $TARGETS; do echo "fuzz_$t"; done)

SEEDS="$BUILD_DIR/seeds"
# Saves of the definitions fuzz_save loads, each short (a few actions: libFuzzer
# mutates small inputs faster), and their final states as bare states.
make_save_seeds() {
  mkdir -p "$SEEDS/save"
  if [ ! -x "$PARLOR" ]; then
    echo "fuzz-libfuzzer: no $PARLOR to write seed saves with (build it, or set PARLOR): the save and json corpora start from tests/fuzz/regressions only" >&2
    return
  fi
  local spec name
  for spec in "demo-race -n 2 --seed 1 --max-actions 12" "demo-sleuth -n 3 --seed 1 --max-actions 10" \
              "demo-sleuth -n 2 --seed 3" "sorry -n 2 --seed 1 --max-actions 8" \
              "sorry -n 4 --mode teams --seed 2 --max-actions 20"; do
    name="$SEEDS/save/$(echo "$spec" | tr ' ' '_' | tr -d -).json"
    [ -f "$name" ] || "$PARLOR" play $spec -q --save "$name" >/dev/null 2>&1 || [ -f "$name" ]
    # The final state alone (a bare state, format parlor-state-1), as Python writes it.
    [ -f "${name%.json}.state.json" ] || python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1]))["final_state"], open(sys.argv[2], "w"))' \
      "$name" "${name%.json}.state.json" 2>/dev/null || true
  done
}

seed_corpus() {  # target corpus-dir
  local t="$1" dir="$2" f
  mkdir -p "$dir"
  if [ -d "tests/fuzz/regressions/$t" ]; then cp -n tests/fuzz/regressions/"$t"/* "$dir"/ 2>/dev/null || true; fi
  local marker="$BUILD_DIR/corpus/.$t-seeded"  # seeded once: the corpus then grows by itself
  [ -f "$marker" ] && return 0
  case "$t" in
    json|save)
      make_save_seeds
      cp -n "$SEEDS"/save/*.json "$dir"/ 2>/dev/null || true
      printf '{"a":[1,-2.5e3,"x\\u00e9\\ud83d\\ude00",true,null,{}],"b":{"c":0.1}}' >"$dir/small"
      printf '{"format":"parlor-state-1","log":[{"seq":0,"data":null}],"final_state":{"log":[[]]}}' >"$dir/logs"
      ;;
    action)
      # The action texts of the seed saves, two a file (fuzz_action reads two texts
      # split at a byte 0xFF).
      make_save_seeds
      grep -oh '"text": *"[^"]*"' "$SEEDS"/save/*.json 2>/dev/null | sed 's/"text": *"\(.*\)"/\1/' | sort -u |
        awk -v dir="$dir" '{ if (prev != "") { printf "%s\377%s", prev, $0 > (dir "/texts-" NR); close(dir "/texts-" NR) } prev = $0 }' ||
        true  # no save to take texts from: the line below seeds it
      printf 'move red_1 t3\377move red_1 t12' >"$dir/plain"
      ;;
    utf8)
      # A cut length, then text in several scripts (the variants' names).
      for f in variants/*/variant.yaml; do { printf '\050'; head -c 2000 "$f"; } >"$dir/$(basename "$(dirname "$f")")"; done
      ;;
    yaml)
      for f in variants/*/variant.yaml tests/scripting/defs/*/variant.yaml tests/scripting/defs/*/mod.yaml \
               tests/cli_check/*/variant.yaml tests/race-s30/*/variant.yaml tests/cardgame-s33/*/variant.yaml; do
        [ -f "$f" ] && cp "$f" "$dir/$(echo "$f" | tr / _)"
      done
      # A variant and, after a line "#mod", a mod layered on it.
      local pair
      for pair in "clue-1949 two-dice" "clue-1949 no-secret-passages" "demo-sleuth demo-two-dice" \
                  "demo-sleuth demo-counter-clockwise-refuters" "sorry sorry-sixes-and-nines"; do
        set -- $pair
        { cat "variants/$1/variant.yaml"; printf '\n#mod\n'; cat "mods/$2/mod.yaml"; } >"$dir/pair_$1_$2.yaml"
      done
      ;;
  esac
  touch "$marker"
}

mkdir -p "$BUILD_DIR/artifacts"
found=""
for t in $TARGETS; do
  corpus="$BUILD_DIR/corpus/$t"
  seed_corpus "$t" "$corpus"
  echo "=== fuzz_$t for $SECONDS_EACH s (corpus $corpus: $(ls "$corpus" | wc -l) inputs)"
  dict=""
  case "$t" in json|save) dict="-dict=tests/fuzz/json.dict" ;; esac  # JSON's tokens and a save's keys
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of options
  if ! "$BUILD_DIR/fuzz/fuzz_$t" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=4096 $dict \
      -print_final_stats=1 -artifact_prefix="$BUILD_DIR/artifacts/$t-" ${FUZZ_ARGS:-} "$corpus"; then
    found="$found $t"
    echo "fuzz-libfuzzer: fuzz_$t found a problem (its input: $BUILD_DIR/artifacts/$t-*). Again:" >&2
    echo "  $BUILD_DIR/fuzz/fuzz_$t <input>" >&2
    echo "  minimised: $BUILD_DIR/fuzz/fuzz_$t -minimize_crash=1 -runs=100000 <input>" >&2
  fi
done
if [ -n "$found" ]; then
  echo "fuzz-libfuzzer: problems found by:$found" >&2
  exit 1
fi
echo "fuzz-libfuzzer: nothing found ($TARGETS, $SECONDS_EACH s each)"
