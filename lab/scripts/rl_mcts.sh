#!/usr/bin/env bash
# OpenSpiel's MCTSBot rows of docs/rl.md's baselines table: examples/openspiel_mcts.py (100
# simulations a decision, threshold guiding the search), one MCTSBot against three copies of each
# opponent, 4 players, a 200-turn cap, seats turning from game to game, master seed 35. Its rules
# are the example's: territories dealt and armies placed at random (setup:deal;placement:auto),
# as a search of a hundred simulations over every claim and every placed army would take hours.
#
#     bash lab/scripts/rl_mcts.sh [OUT_DIR]    # OUT_DIR: lab/results/raw
#
# The batch sizes are fixed here, before the runs: 8 games against each opponent (a game costs
# one to three CPU minutes). Each run writes OUT_DIR/rl-mcts-vs-OPPONENT.jsonl and resumes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/lab/results/raw}
python=${PYTHON:-python3}
mkdir -p "$out"
for opponent in random threshold strategist; do
  echo "== rl-mcts-vs-$opponent: 8 games" >&2
  "$python" "$root/examples/openspiel_mcts.py" --games 8 --opponents "$opponent" --max-turns 200 --seed 35 \
    --out "$out/rl-mcts-vs-$opponent.jsonl"
done
