#!/usr/bin/env bash
# One screen of a bot against Domination's AIs on several maps: a batch per map, JOBS at a time.
#
#     bash lab/scripts/screen_maps.sh NAME BOT_SPEC GAMES SEATS_AFTER [MAP ...]
#     # e.g. x1 strategist 40 hard,hard uk teg tube roman_empire eurasien
#
# Each map's batch is lab/scripts/dom_vs_hard.sh's, named NAME-MAP (a rerun resumes). The maps
# default to the five community maps of the strength issue; JOBS (default 2) batches run at once.
set -euo pipefail
name=$1 spec=$2 games=$3 rest=$4
shift 4
maps=("$@")
[ ${#maps[@]} -gt 0 ] || maps=(uk teg tube roman_empire eurasien)
here=$(cd "$(dirname "$0")" && pwd)
printf '%s\n' "${maps[@]}" | xargs -P "${JOBS:-2}" -I{} env MAP={}.map bash "$here/dom_vs_hard.sh" "$name-{}" "$spec" "$games" "$rest"
