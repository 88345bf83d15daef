#!/usr/bin/env bash
# The baselines table of docs/rl.md: each agent in one seat against three copies of an opponent
# (random, threshold, strategist), 4 players, classic map, us-1993 rules, a 200-turn cap (the
# cap the shipped policy is judged at; a game still going is adjudicated: most territories, then
# armies), seats rotated (groups of 4 games on one seed), master seed 35.
#
#     bash lab/scripts/rl_baselines.sh [OUT_DIR] [AGENTS...]    # OUT_DIR: lab/results/raw
#
# Every batch's size is fixed here, before it runs: 200 games against random for the shipped
# policy (its bar: 40%), 100 against random or threshold, 24 against strategist (its games cost
# about a CPU minute each). Each run writes OUT_DIR/rl-AGENT-vs-OPPONENT.jsonl, one line per game,
# and .json, the summary with Wilson 95% intervals; a run started again resumes (--resume).
# An agent against three copies of itself is left out: with rotated seats it wins 25% by symmetry.
# OpenSpiel's MCTSBot plays through examples/openspiel_mcts.py (lab/scripts/rl_mcts.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/lab/results/raw}
shift || true
agents=("$@")
[ ${#agents[@]} -gt 0 ] || agents=(shipped random angry threshold strategist ppo dqn)
risk=${RISK:-risk}
mkdir -p "$out"

declare -A spec=(
  [shipped]="rl:angry-clone"                                 # risk/rl/policies/angry-clone.npz
  [random]="random" [angry]="angry" [threshold]="threshold" [strategist]="strategist"
  [ppo]="rl:lab/models/ppo-scratch.npz"                 # MaskablePPO from scratch
  [dqn]="rl:lab/models/dqn.npz,deterministic=true"      # OpenSpiel's DQN, its greedy action
)

run() {  # NAME GAMES BOTS
  local name=$1 count=$2 bots=$3 resume=()
  [ -s "$out/$name.jsonl" ] && resume=(--resume)
  echo "== $name: $bots, $count games" >&2
  "$risk" tournament --bots "$bots" --games "$count" --seed 35 --max-turns 200 --jobs "${JOBS:-2}" \
    --out "$out/$name.jsonl" "${resume[@]}" --json > "$out/$name.json"
}

for agent in "${agents[@]}"; do
  for opponent in random threshold strategist; do
    [ "$agent" = "$opponent" ] && continue
    case $opponent in
      random) games=100; [ "$agent" = shipped ] && games=200 ;;
      threshold) games=100 ;;
      strategist) games=24 ;;
    esac
    run "rl-$agent-vs-$opponent" "$games" "${spec[$agent]},$opponent,$opponent,$opponent"
  done
done
