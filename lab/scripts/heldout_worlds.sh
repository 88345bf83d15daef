#!/usr/bin/env bash
# Generated worlds written as Domination maps, for matches against Domination's Hard on boards
# the bot was not built on (lab notebook, round 19): the "held" set, on which no rule is chosen,
# only checked, and the "dev" set, on which candidates may be screened.
#
#     bash lab/scripts/heldout_worlds.sh DIR [held|dev]   # then MAPS_DIR=DIR MAP=h40c.map bash lab/scripts/dom_vs_hard.sh ...
#
# Each set is eight worlds of 40 to 90 territories in the generator's three styles (Domination
# deals 35 armies a player at three, so a three-player game covers at most 105 territories), seeds
# fixed; the sets differ in their seeds.
set -euo pipefail
out=${1:?usage: heldout_worlds.sh DIR [held|dev]}
set_name=${2:-held}
case $set_name in
  held|dev) ;;
  *) echo "heldout_worlds: the set is held or dev, not $set_name" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
mkdir -p "$out"
while read -r name territories style seed; do
  "$python" -m risk map generate --territories "$territories" --style "$style" --seed "$seed" -o "$out/$name.json" > /dev/null
  "$python" "$root/lab/scripts/dom_export.py" "$out/$name.json" "$out"
done < <(grep "^${set_name:0:1}" <<'WORLDS'
h40c 40 continents 501
h45p 45 pangaea 507
h50i 50 islands 502
h60p 60 pangaea 503
h65i 65 islands 508
h70c 70 continents 504
h80i 80 islands 505
h90p 90 pangaea 506
d40c 40 continents 601
d45p 45 pangaea 607
d50i 50 islands 602
d60p 60 pangaea 603
d65i 65 islands 608
d70c 70 continents 604
d80i 80 islands 605
d90p 90 pangaea 606
WORLDS
)
