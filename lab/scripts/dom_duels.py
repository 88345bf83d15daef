"""How a batch against Domination's AIs reaches its last duel: how many duels the project's seat
reached and won, grouped by the armies it brought into the duel against its rival's (at its first
turn start with two players left), and, at a table of three, who took the third player out (the
one of the two whose territories grew more between the seat's last two turn starts) and, when the
rival did, how small the third player was at the seat's turn before (one to three territories:
a prize the seat might have taken first).

    python lab/scripts/dom_duels.py lab/results/raw/RUN.jsonl [RUN2.jsonl ...]

Reads each batch's results and its trajectory file (``RUN.trajectory.jsonl``, which
``lab/scripts/dom_vs_hard.sh`` writes beside it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from statistics import median

from dom_trajectories import project_won, turns_by_game

USAGE = "python lab/scripts/dom_duels.py lab/results/raw/RUN.jsonl [RUN2.jsonl ...]"

#: The bins of the armies ratio at the duel's start, its own over the rival's.
BINS = ((0.0, 2 / 3), (2 / 3, 1.0), (1.0, 1.5), (1.5, float("inf")))
#: A third player this small at the seat's turn before the rival took it out: a prize the seat might have taken.
SMALL_VICTIM = 3


def duel_starts(results: Path) -> list[dict]:
    """One entry per game that reached a duel with the seat in it: whether the seat won, the
    armies ratio, and (when a third player fell between two of its turn starts) who took it."""
    games = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    turns = turns_by_game(results.with_suffix(".trajectory.jsonl"))
    found = []
    for game, records in zip(games, turns):
        previous = None
        for record in records:
            held = record["territories"]
            alive = [p for p, count in enumerate(held) if count > 0]
            me = record["me"]
            if len(alive) == 2 and me in alive:
                rival = alive[0] if alive[1] == me else alive[1]
                taker = victim = None
                if previous is not None and len(held) == 3:
                    mine = held[me] - previous["territories"][me]
                    theirs = held[rival] - previous["territories"][rival]
                    taker = "seat" if mine > theirs else "rival"
                    third = 3 - me - rival
                    victim = previous["territories"][third]
                found.append({"won": project_won(game), "ratio": record["armies"][me] / max(1, record["armies"][rival]),
                              "taker": taker, "victim": victim})
                break
            previous = record
    return found


def report(results: Path) -> list[str]:
    duels = duel_starts(results)
    games = sum(1 for line in results.read_text().splitlines() if line.strip())
    lines = [f"{results.stem}: {games} games, {len(duels)} duels reached, {sum(d['won'] for d in duels)} won"
             + (f"; median armies ratio at the duel's start {median(d['ratio'] for d in duels):.2f}" if duels else "")]
    for low, high in BINS:
        chosen = [d for d in duels if low <= d["ratio"] < high]
        lines.append(f"  armies ratio {low:.2f} to {high:.2f}: {len(chosen)} duels, {sum(d['won'] for d in chosen)} won")
    for taker in ("seat", "rival"):
        chosen = [d for d in duels if d["taker"] == taker]
        if chosen:
            lines.append(f"  the third player taken by the {taker}: {len(chosen)} duels, {sum(d['won'] for d in chosen)} won")
    small = [d for d in duels if d["taker"] == "rival" and d["victim"] <= SMALL_VICTIM]
    if small:
        lines.append(f"    of those taken by the rival, {len(small)} held at most {SMALL_VICTIM} territories at the"
                     f" seat's turn before ({sum(d['won'] for d in small)} of those duels won)")
    return lines


def main(argv: list[str]) -> int:
    if not argv:
        print(f"usage: {USAGE}", file=sys.stderr)
        return 2
    for name in argv:
        path = Path(name)
        if not path.exists() or not path.with_suffix(".trajectory.jsonl").exists():
            print(f"dom_duels: {path} or its trajectory file does not exist", file=sys.stderr)
            return 2
        print("\n".join(report(path)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
