#!/usr/bin/env bash
# The held-out worlds: generated maps written as Domination maps, for checking a bot against
# Domination's Hard on boards no rule of it was chosen on (lab notebook, round 19).
#
#     bash lab/scripts/heldout_worlds.sh DIR      # then MAPS_DIR=DIR MAP=h40c.map bash lab/scripts/dom_vs_hard.sh ...
#
# Eight worlds of 40 to 90 territories in the generator's three styles (Domination deals 35
# armies a player at three, so a three-player game covers at most 105 territories), seeds fixed.
set -euo pipefail
out=${1:?usage: heldout_worlds.sh DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
mkdir -p "$out"
while read -r name territories style seed; do
  "$python" -m risk map generate --territories "$territories" --style "$style" --seed "$seed" -o "$out/$name.json" > /dev/null
  "$python" "$root/lab/scripts/dom_export.py" "$out/$name.json" "$out"
done <<'WORLDS'
h40c 40 continents 501
h45p 45 pangaea 507
h50i 50 islands 502
h60p 60 pangaea 503
h65i 65 islands 508
h70c 70 continents 504
h80i 80 islands 505
h90p 90 pangaea 506
WORLDS
