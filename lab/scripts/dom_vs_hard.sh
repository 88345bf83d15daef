#!/usr/bin/env bash
# One batch of a bot against Domination's Hard in Domination's own engine (the sparring harness).
#
#     bash lab/scripts/dom_vs_hard.sh NAME BOT_SPEC GAMES [SEATS_AFTER]   # e.g. s1 strategist 40 hard
#
# Parameters of BOT_SPEC may be separated by ";" (DomBridge splits seats at commas; see
# lab/scripts/dom_bridge_specs.py). Appends one JSON line per game to lab/results/raw/NAME.jsonl
# (a rerun resumes; RESULTS_DIR moves the folder, which git ignores: `python
# lab/scripts/results.py pack` archives a finished run); SEATS_AFTER is the rest of the table
# (default "hard": 1 against 1; "hard,hard" for three players). Needs the harness (SPARRING,
# default /work/shared/sparring/domination) and its build (DOM_BUILD, default /work/dombuild);
# the bot is this checkout's code, run by its .venv's Python (PYTHON overrides it). MAP names a
# Domination map of the harness (teg.map, uk.map, ...; risk.map by default), given to both ends;
# MAPS_DIR is the folder of maps (default the harness's own; lab/scripts/dom_export.py writes one
# from a map of this program, a generated world, say).
# FIRST_GAME numbers the batch's first game (default 0): a batch from another number plays other
# deals and dice than one from 0, for a figure measured again on fresh games.
# HARD_CPU=1 times Domination's Hard in the same games (lab/scripts/build_timed_hard.sh must have
# been run once): one line per game in NAME.hardcpu.jsonl, read by lab/scripts/dom_turn_cost.py.
set -euo pipefail
name=$1 spec=$2 games=$3 rest=${4:-hard}
root=$(cd "$(dirname "$0")/../.." && pwd)
sparring=${SPARRING:-/work/shared/sparring/domination}
build=${DOM_BUILD:-/work/dombuild}
python=${PYTHON:-$root/.venv/bin/python}
results=${RESULTS_DIR:-$root/lab/results/raw}
out="$results/$name.jsonl"
# Who played first in each game, and each turn's armies (lab/scripts/dom_bridge_specs.py)
export DOM_TRAJECTORY="${DOM_TRAJECTORY:-$results/$name.trajectory.jsonl}"
# Its own armies at each phase of its turns (lab/scripts/dom_losses.py)
export DOM_PHASE_LOG="${DOM_PHASE_LOG:-$results/$name.phases.jsonl}"
# The bridge imports risk and ai: this checkout's, whatever the environment has installed.
export PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}"
map=${MAP:-risk.map}
maps=domination-src/game/Domination/maps  # the harness's own, relative to it
if [ -n "${MAPS_DIR:-}" ]; then  # made absolute: the batch runs from the harness's folder
  maps=$(cd "$MAPS_DIR" 2>/dev/null && pwd) || { echo "dom_vs_hard: MAPS_DIR $MAPS_DIR is not a folder" >&2; exit 2; }
fi
[[ ${FIRST_GAME:-0} =~ ^[0-9]+$ ]] || { echo "dom_vs_hard: FIRST_GAME must be a whole number, not '$FIRST_GAME'" >&2; exit 2; }
mkdir -p "$results"
done=0
[ -s "$out" ] && done=$(wc -l < "$out")
[ "$done" -ge "$games" ] && exit 0
classpath="$build/classes:$build/res:$build/SwingME.jar"
timing=()
if [ -n "${HARD_CPU:-}" ]; then
  [ -d "$build/lab-classes" ] || { echo "dom_vs_hard: HARD_CPU needs lab/scripts/build_timed_hard.sh first" >&2; exit 2; }
  classpath="$build/lab-classes:$build/classes:$build/lab-res:$build/SwingME.jar"
  timing=(-Ddom.hardcpu="$results/$name.hardcpu.jsonl")
fi
cd "$sparring"
nice -n 10 java -Ddom.maps="$maps" ${timing[@]+"${timing[@]}"} \
  -cp "$classpath" domi.DomBridge --map "$map" \
  --games $((games - done)) --first-game "$((${FIRST_GAME:-0} + done))" --seats "ext:$spec,$rest" --out "$out" \
  -- "$python" "$root/lab/scripts/dom_bridge_specs.py" --maps "$maps" \
  --map "$map" > /dev/null 2>> "$results/$name.err"
