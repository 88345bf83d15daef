#!/usr/bin/env bash
# How strong is each bot? The 4-player tournaments behind the README's strength table.
#
#     bash lab/scripts/strength.sh [OUT_DIR] [GAMES]     # OUT_DIR: lab/results/raw/strength
#
# Every run is `risk tournament` with rotated seats (groups of 4 games on one seed), so no bot
# profits from its seat, and one master seed, so the results files are reproducible. Each run
# writes OUT_DIR/NAME.jsonl (one line per game) and OUT_DIR/NAME.json (the summary with Wilson
# 95% intervals); an interrupted run continues where it stopped when started again (--resume).
# About 1.5 hours on this project's 2-core machine with the default 800 games per mcts match.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/lab/results/raw/strength}  # ignored by git; lab/scripts/results.py packs it
games=${2:-800}
risk=${RISK:-risk}
mkdir -p "$out"

run() {  # NAME GAMES BOTS [more tournament options]
  local name=$1 count=$2 bots=$3 resume=()
  shift 3
  [ -s "$out/$name.jsonl" ] && resume=(--resume)
  echo "== $name: $bots, $count games $*" >&2
  "$risk" tournament --bots "$bots" --games "$count" --seed 2026 --jobs 2 "$@" \
    --out "$out/$name.jsonl" "${resume[@]}" --json > "$out/$name.json"
}

# Each bot against three random bots, capped at 300 turns: once the bot is eliminated, three
# random bots rarely finish the game and would shuffle thousands of armies for 1000 turns. A game
# still going at the cap is adjudicated (most territories, then armies). (random against three
# random is left out: with rotated seats it wins its fair share, 25%, by symmetry.)
for bot in angry threshold markov mcts; do
  run "$bot-vs-random" 400 "$bot,random,random,random" --max-turns 300
done
# mcts against three copies of each stronger baseline, and the four bots together.
for bot in threshold angry markov; do
  run "mcts-vs-$bot" "$games" "mcts,$bot,$bot,$bot"
done
run "all-four" 400 "mcts,threshold,angry,random"

"${PYTHON:-python3}" - "$out" <<'PY'
import json, sys
from pathlib import Path
# One row per distinct bot of each match (a second copy, "threshold#2", is left out). "won at
# the cap" counts the bot's wins that came from adjudication at the turn cap, not by conquest.
print("| match | bot | games | wins | win rate | 95% interval | average place | won at the cap |")
print("|---|---|---|---|---|---|---|---|")
for path in sorted(Path(sys.argv[1]).glob("*.json")):
    summary = json.loads(path.read_text())
    games = [json.loads(line) for line in path.with_suffix(".jsonl").open()]
    for bot, s in summary["bots"].items():
        if "#" not in bot:
            lo, hi = s["ci95"]
            at_cap = sum(g["reason"] == "turn limit" and g["players"][g["winner"]] == bot
                         for g in games if g["winner"] is not None)
            print(f"| {path.stem} | {bot} | {s['games']} | {s['wins']} | {s['win_rate']:.1%} | "
                  f"[{lo:.1%}, {hi:.1%}] | {s['avg_place']:.2f} | {at_cap} |")
PY
