#!/usr/bin/env bash
# The paper's open question (seed 004): what is the best attack threshold? The sweeps behind the
# README's answer, for threshold's attack_threshold and for mcts's tau.
#
#     bash lab/scripts/tune_thresholds.sh [OUT_DIR]     # OUT_DIR: lab/results/raw/tuning
#
# Each sweep plays the tuned bot against the same field (threshold at its default, angry and
# markov) in 4-player games with rotated seats, 400 games per value (200 over mcts's high tau
# range) on the same deals, fits a
# logistic quadratic with a bootstrap interval for the optimum, then tests the optimum against
# the default with a paired sequential test (--confirm). Writes OUT_DIR/NAME.jsonl (every game),
# OUT_DIR/NAME.txt (the report) and OUT_DIR/NAME.png (the curve); an interrupted sweep continues
# where it stopped when started again. About 3.5 hours on this project's 2-core machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/lab/results/raw/tuning}  # ignored by git; lab/scripts/results.py packs it
risk=${RISK:-risk}
mkdir -p "$out"

tune() {  # NAME BOT PARAM VALUES [GAMES_PER_VALUE]
  local name=$1 bot=$2 param=$3 values=$4 games=${5:-400} resume=()
  [ -s "$out/$name.jsonl" ] && resume=(--resume)
  echo "== $name: $bot $param over $values" >&2
  "$risk" tune "$bot" --param "$param" --values "$values" --opponents threshold,angry,markov \
    --games-per-value "$games" --seed 1 --jobs 2 --confirm --plot "$out/$name.png" \
    --out "$out/$name.jsonl" "${resume[@]}" > "$out/$name.txt"
  cat "$out/$name.txt"
}

tune threshold-attack_threshold threshold attack_threshold 0.30:0.90:0.05
tune mcts-tau mcts tau 0.20:0.80:0.10
tune mcts-tau-high mcts tau 0.70:0.95:0.05 200
