"""Win rates of the project's seat against Domination's AIs split by who played first, from a
batch's results and its trajectory file (``lab/scripts/dom_vs_hard.sh`` writes both; the n-th
game start in the trajectory is the n-th game of the results, so pair only uninterrupted runs),
and how often each position opened the seat's first turn (territories and armies, its own and
the others'): Domination's set-up repeats itself, so one opening per role decides most duels.
At a bigger table, also how the seat's game went: its armies and territories against the mean
live rival's, by stretch of the game, and how many players were left at its last turn, by
whether it won (a loss with many players left is a seat swept off early), and how often it went
out first by whether it was the largest at its first turn (Hard presses the leader).

    python lab/scripts/dom_trajectories.py lab/results/raw/RUN.jsonl [lab/results/raw/RUN.trajectory.jsonl]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from statistics import mean, median

from risk.tournament.stats import wilson_interval


def project_won(game: dict) -> bool:
    """Whether the project's seat won: the winner is none of Domination's own AIs."""
    return not game["winner_spec"].startswith(("hard", "average", "easy"))


def starts(trajectory: Path) -> list[bool]:
    return [record["first"] for record in map(json.loads, trajectory.read_text().splitlines())
            if "first" in record]


def openings(trajectory: Path) -> dict[bool, Counter]:
    """For each role (moved first or not), how often each position opened the seat's first turn."""
    found: dict[bool, Counter] = {True: Counter(), False: Counter()}
    first = None
    for record in map(json.loads, trajectory.read_text().splitlines()):
        if "first" in record:
            first = record["first"]
        elif first is not None:
            me = record["me"]
            others = [(n, a) for p, (n, a) in enumerate(zip(record["territories"], record["armies"])) if p != me]
            found[first][(record["territories"][me], record["armies"][me], tuple(others))] += 1
            first = None
    return found


def turns_by_game(trajectory: Path) -> list[list[dict]]:
    """The seat's turn records, game by game (in the order of the game starts)."""
    games: list[list[dict]] = []
    for record in map(json.loads, trajectory.read_text().splitlines()):
        if "first" in record:
            games.append([])
        elif games:
            games[-1].append(record)
    return games


#: The stretches of a game the course table reports, in player turns.
STRETCH = 12


def course(games: list[dict], turns: list[list[dict]]) -> None:
    """Print the seat's median army and territory ratios to the mean live rival by stretch of the
    game, and the players left at its last turn, for wins and losses."""
    ratios: dict[int, list[tuple[float, float]]] = {}
    left: dict[str, Counter] = {"won": Counter(), "lost": Counter()}
    ahead: dict[bool, Counter] = {True: Counter(), False: Counter()}  # largest at its first turn
    for game, records in zip(games, turns):
        for record in records:
            me, held, armies = record["me"], record["territories"], record["armies"]
            rivals = [p for p, n in enumerate(held) if n and p != me]
            if rivals:
                ratios.setdefault(record["turn"] // STRETCH, []).append(
                    (armies[me] / mean(armies[p] for p in rivals), held[me] / mean(held[p] for p in rivals)))
        if records:
            outcome = "won" if project_won(game) else "lost"
            players_left = sum(1 for n in records[-1]["territories"] if n)
            left[outcome][players_left] += 1
            opening = records[0]
            size = [a + n for a, n in zip(opening["armies"], opening["territories"])]
            seated = ahead[size[opening["me"]] >= max(size)]
            seated["games"] += 1
            seated["out first"] += outcome == "lost" and players_left == len(size)
    print("| turns | the seat's turns | its armies / the mean rival's (median) | its territories / the mean rival's (median) |")
    print("|---|---|---|---|")
    for stretch, pairs in sorted(ratios.items()):
        armies, held = median(a for a, _ in pairs), median(t for _, t in pairs)
        print(f"| {stretch * STRETCH}-{stretch * STRETCH + STRETCH - 1} | {len(pairs)} | {armies:.2f} | {held:.2f} |")
    print()
    print("| players left at the seat's last turn | " + " | ".join(str(n) for n in range(2, 7)) + " |")
    print("|---|" + "---|" * 5)
    for outcome, found in left.items():
        print(f"| games {outcome} | " + " | ".join(str(found[n]) for n in range(2, 7)) + " |")
    print()
    # Domination's Hard presses the player it values highest (armies, territories, income): a
    # rough stand-in for its value, read at the seat's first turn (after its deployment).
    print("| at its first turn, armies + territories | games | out first (lost with every player in) |")
    print("|---|---|---|")
    for largest, found in sorted(ahead.items(), reverse=True):
        label = "the largest" if largest else "not the largest"
        print(f"| {label} | {found['games']} | {found['out first']} |")


def main(argv: list[str]) -> None:
    results = Path(argv[0])
    trajectory = Path(argv[1]) if len(argv) > 1 else results.with_suffix(".trajectory.jsonl")
    try:
        games = [json.loads(line) for line in results.read_text().splitlines()]
        first = starts(trajectory)
        opened = openings(trajectory)
        turns = turns_by_game(trajectory)
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"dom_trajectories: cannot read {results} and {trajectory}: {error}")
    if len(first) < len(games):
        raise SystemExit(f"{trajectory} has {len(first)} game starts for {len(games)} games")
    print("| the project's seat | games | wins | rate | Wilson 95% |")
    print("|---|---|---|---|---|")
    for label, wanted in (("played first", True), ("played second or later", False)):
        picked = [g for g, f in zip(games, first) if f is wanted]
        wins = sum(1 for g in picked if project_won(g))
        low, high = wilson_interval(wins, len(picked)) if picked else (0.0, 0.0)
        rate = wins / len(picked) if picked else 0.0
        print(f"| {label} | {len(picked)} | {wins} | {rate:.1%} | [{low:.1%}, {high:.1%}] |")
    print()
    print("| the project's seat | games | distinct openings | the commonest: own territories/armies, the others' | its share |")
    print("|---|---|---|---|---|")
    for wanted, found in sorted(opened.items(), reverse=True):
        if found:
            (own_t, own_a, others), count = found.most_common(1)[0]
            rest = ", ".join(f"{n}/{a}" for n, a in others)
            label = "played first" if wanted else "played second or later"
            print(f"| {label} | {sum(found.values())} | {len(found)} | {own_t}/{own_a}; {rest} "
                  f"| {count / sum(found.values()):.1%} |")
    if games and len(games[0].get("seats", [])) > 2:
        print()
        try:
            course(games, turns)
        except (KeyError, IndexError, TypeError, ZeroDivisionError) as error:
            raise SystemExit(f"dom_trajectories: a turn record of {trajectory} is malformed: {error!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
