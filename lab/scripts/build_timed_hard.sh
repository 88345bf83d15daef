#!/usr/bin/env bash
# Build lab/java's timed Hard (domi.lab.TimedHard) beside the sparring harness's build.
#
#     bash lab/scripts/build_timed_hard.sh [DOM_BUILD]     # default /work/dombuild
#
# Writes DOM_BUILD/lab-classes (the class) and DOM_BUILD/lab-res (Domination's resources with the
# AI services file naming TimedHard instead of AIHard). With HARD_CPU set, dom_vs_hard.sh runs on
# these in place of the harness's resources (both services files on one class path would register
# two AIs of Hard's type, which Domination refuses), so the seats named "hard" are timed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-${DOM_BUILD:-/work/dombuild}}" && pwd)
rm -rf "$build/lab-classes" "$build/lab-res"
mkdir -p "$build/lab-classes"
cp -r "$build/res" "$build/lab-res"
services="$build/lab-res/META-INF/services/net.yura.domination.engine.ai.AIManager"
sed -i 's/^net\.yura\.domination\.engine\.ai\.AIHard\(\r\?\)$/domi.lab.TimedHard\1/' "$services"
grep -q '^domi\.lab\.TimedHard' "$services" || { echo "build_timed_hard: AIHard not found in $services" >&2; exit 1; }
javac -nowarn -cp "$build/classes:$build/SwingME.jar" -d "$build/lab-classes" "$root"/lab/java/domi/lab/*.java
echo "built $build/lab-classes and $build/lab-res"
