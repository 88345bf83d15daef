"""Where the project's seat's armies go in Domination's games: what each of its turns brings in
(the deployment), what its own attacks cost, and what it loses defending between its turns,
by stretch of the game, from the phase log a batch writes (``DOM_PHASE_LOG``, set by
``lab/scripts/dom_vs_hard.sh``; one line each time the seat enters a phase of its turn).

    python lab/scripts/dom_losses.py lab/results/raw/NAME.jsonl   (reads lab/results/raw/NAME.phases.jsonl,
                                                               or its gzip, .phases.jsonl.gz)

Each turn's deployment is its armies at its first attack decision less those at its first
decision; its attack cost is the armies it lost between that first attack decision and its last
decision of the turn (conquests move armies, they do not change the total); its defence loss is
what it lost between its last decision and the next turn's first. A turn on which it was not
asked to attack (nothing to attack from) counts no deployment and no attack cost.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys

from dom_trajectories import project_won  # a sibling script: lab/scripts/ is on the path

ATTACKING = 3
STRETCH = 12  # player turns: two rounds at six players


def games_of(path: str) -> list[list[dict]]:
    """The phase records of each game, in order."""
    games: list[list[dict]] = []
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as lines:
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                raise SystemExit(f"{path}: line {number} is not JSON")
            if record.get("game"):
                games.append([])
            elif games:
                games[-1].append(record)
    return games


def turns_of(records: list[dict]) -> list[dict]:
    """Per turn of the seat: its turn number, armies at its start, after deploying and at its end,
    territories at its start and end."""
    turns: list[dict] = []
    for record in records:
        if not turns or turns[-1]["turn"] != record["turn"]:
            turns.append({"turn": record["turn"], "start": record["armies"], "deployed": None,
                          "end": record["armies"], "t_start": record["territories"],
                          "t_end": record["territories"]})
        turn = turns[-1]
        if record["state"] == ATTACKING and turn["deployed"] is None:
            turn["deployed"] = record["armies"]
        turn["end"], turn["t_end"] = record["armies"], record["territories"]
    return turns


def flows(turns: list[dict]) -> list[dict]:
    """Per turn: its stretch, the armies deployed, the attack's cost, the defence's loss until
    the next turn (None after the last), territories taken and lost."""
    rows = []
    for index, turn in enumerate(turns):
        following = turns[index + 1] if index + 1 < len(turns) else None
        deployed = turn["deployed"]
        rows.append({
            "stretch": turn["turn"] // STRETCH,
            "deploy": deployed - turn["start"] if deployed is not None else 0,
            "attack_cost": deployed - turn["end"] if deployed is not None else 0,
            "defence_loss": turn["end"] - following["start"] if following else None,
            "taken": turn["t_end"] - turn["t_start"],
            "lost": turn["t_end"] - following["t_start"] if following else None,
        })
    return rows


def mean(key: str, rows: list[dict]) -> float:
    return statistics.fmean(row[key] for row in rows) if rows else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a batch's results file, lab/results/raw/NAME.jsonl")
    args = parser.parse_args(argv)
    base = args.results[:-len(".jsonl")] if args.results.endswith(".jsonl") else args.results
    try:
        with open(base + ".jsonl") as lines:
            outcomes = [json.loads(line) for line in lines]
        phases = base + ".phases.jsonl"
        if not os.path.exists(phases) and os.path.exists(phases + ".gz"):
            phases += ".gz"
        games = games_of(phases)
        won = [project_won(game) for game in outcomes]
        by: dict[tuple[bool, int], list[dict]] = {}
        for index, records in enumerate(games[:len(outcomes)]):
            for row in flows(turns_of(records)):
                by.setdefault((won[index], row["stretch"]), []).append(row)
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
        print(f"dom_losses: cannot read {base}: {error!r}", file=sys.stderr)
        return 1
    print(f"{len(outcomes)} games, {sum(won)} won; per turn of the seat, mean armies")
    print("| games | turns | turns counted | deployed | spent attacking | lost defending | territories taken | lost |")
    print("|---|---|---|---|---|---|---|---|")
    for outcome in (True, False):
        for stretch in sorted(s for o, s in by if o == outcome):
            rows = by[(outcome, stretch)]
            closed = [row for row in rows if row["defence_loss"] is not None]
            print(f"| {'won' if outcome else 'lost'} | {stretch * STRETCH}-{stretch * STRETCH + STRETCH - 1} "
                  f"| {len(rows)} | {mean('deploy', rows):.1f} | {mean('attack_cost', rows):.1f} "
                  f"| {mean('defence_loss', closed):.1f} | {mean('taken', rows):.2f} | {mean('lost', closed):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
