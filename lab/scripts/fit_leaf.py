"""Fit the learned leaf (:mod:`ai.learned`): play games, record turn-end positions, fit, write.

The recipe, reproducible from its seeds:

    # 1. positions: the mover's features at the end of every turn, labelled with whether the
    #    mover went on to win (game g is played from seed SEED + g; shards run side by side)
    python lab/scripts/fit_leaf.py play --bots mcts,mcts,mcts,mcts --games 132 --seed 7000 --out data/leaf-a.jsonl
    python lab/scripts/fit_leaf.py play --bots mcts,mcts,mcts,mcts --games 146 --seed 8000 --out data/leaf-b.jsonl
    # 2. the fit: an L2-regularised logistic regression by Newton's method (numpy), games split
    #    into a training and a held-out half by game seed; writes ai/learned_weights.py
    python lab/scripts/fit_leaf.py fit data/leaf-a.jsonl data/leaf-b.jsonl --write ai/learned_weights.py

``play`` appends to its ``--out`` file and skips the games it already holds, so an interrupted
run resumes. The weights in the repository came from exactly these commands (278 games, 12,014
positions, 1.2 MB of positions not kept: the commands make them again); lab/notebook.md (the
sixth round) has the fit's figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

from ai import make_agent
from ai.learned import FEATURES, features
from ai.turn import TurnState
from risk.events import TurnStarted
from risk.match import Match


def turn_end_features(state, mover: int) -> list[float]:
    """The mover's features in the live state just after its turn ended."""
    turn_state = TurnState.from_view(state)
    turn_state.player = mover
    turn_state.conquered = False  # the turn's card is in the hand already
    return features(turn_state, float(state.rules.set_value(state.sets_traded)))


def play(args) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["game"] for line in out.read_text().splitlines() if line.strip()}
    specs = args.bots.split(",")
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a") as sink:
        for game in range(args.games):
            if game in done:
                continue
            seed = args.seed + game
            match = Match([make_agent(spec) for spec in specs], seed=seed)
            samples = []
            previous = [None]

            def on_events(state, events):
                for event in events:
                    if isinstance(event, TurnStarted):
                        if previous[0] is not None and state.alive[previous[0]]:
                            samples.append((previous[0], turn_end_features(state, previous[0])))
                        previous[0] = event.player

            result = match.play(on_events=on_events)
            record = {"game": game, "seed": seed, "players": len(specs), "winner": result.winner,
                      "turns": result.turns,
                      "samples": [[mover, [round(x, 5) for x in xs]] for mover, xs in samples]}
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(f"game {game}: {len(samples)} positions, winner {result.winner}", file=sys.stderr)


def load(paths) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and each row's game seed, from ``play``'s files."""
    rows, labels, seeds = [], [], []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            for mover, xs in game["samples"]:
                rows.append(xs)
                labels.append(1.0 if mover == game["winner"] else 0.0)
                seeds.append(game["seed"])
    return np.array(rows), np.array(labels), np.array(seeds)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 50) -> np.ndarray:
    """Weights (bias first) of an L2-regularised logistic regression, by Newton's method."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    penalty = np.eye(len(w)) * l2
    penalty[0, 0] = 0.0  # the bias is not shrunk
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        gradient = design.T @ (p - y) + penalty @ w
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(args) -> None:
    x, y, seeds = load(args.files)
    held_out = seeds % 2 == 1
    w_train = fit_logistic(x[~held_out], y[~held_out], args.l2)
    base = float(np.mean(y[~held_out]))
    constant = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    print(f"{len(y)} positions from {len(set(seeds.tolist()))} games; held-out half: "
          f"log loss {log_loss(x[held_out], y[held_out], w_train):.4f} "
          f"(a constant {constant:.4f}; the fit on its own half {log_loss(x[~held_out], y[~held_out], w_train):.4f})")
    # The hand-made leaf's own measures (territory, reinforcements, survival), fitted the same way.
    hand = [FEATURES.index(name) for name in ("territory", "reinforcements", "survival")]
    w_hand = fit_logistic(x[~held_out][:, hand], y[~held_out], args.l2)
    print(f"  the hand-made leaf's measures alone, held out: {log_loss(x[held_out][:, hand], y[held_out], w_hand):.4f}")
    w = fit_logistic(x, y, args.l2)
    for name, weight in zip(("bias",) + FEATURES, w):
        print(f"  {name:14s} {weight:+.3f}")
    if args.write:
        names = ", ".join(str(Path(f).name) for f in args.files)
        Path(args.write).write_text(
            '"""The learned leaf\'s weights (:mod:`ai.learned`), written by lab/scripts/fit_leaf.py fit\n'
            f'from {len(y)} turn-end positions of {len(set(seeds.tolist()))} games ({names}); see its recipe."""\n\n'
            f"BIAS = {float(w[0])!r}\n"
            "WEIGHTS = {\n" + "".join(f"    {name!r}: {float(weight)!r},\n" for name, weight in zip(FEATURES, w[1:])) + "}\n")
        print(f"wrote {args.write}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play", help="play games and record their turn-end positions")
    playing.add_argument("--bots", default="mcts,mcts,mcts,mcts")
    playing.add_argument("--games", type=int, default=400)
    playing.add_argument("--seed", type=int, default=7000)
    playing.add_argument("--out", required=True)
    fitting = commands.add_parser("fit", help="fit the weights to play's files")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--l2", type=float, default=1.0)
    fitting.add_argument("--write", help="write the weights module here")
    args = parser.parse_args()
    play(args) if args.command == "play" else fit(args)


if __name__ == "__main__":
    main()
