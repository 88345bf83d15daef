"""Fit ``strategist``'s leaf evaluation on games over many maps, and check it on maps left out.

    python lab/scripts/fit_strategist.py collect OUT.jsonl --maps MAP... [--generated N]
        [--games G] [--players 3] [--seed S] [--bots strategist,mcts,mcts]
    python lab/scripts/fit_strategist.py fit OUT.jsonl [--l2 1e-3]

``collect`` plays seeded games on every map of the pool (map files: the project's JSON or a
Domination ``.map``; ``--generated N`` adds N worlds of :mod:`risk.worlds` of 30 to 150
territories, seeded from ``--seed``), seats rotated, and writes one JSON line per turn of every
player: the map, the game, the player, the features of its position once its attacks are done
(:meth:`ai.strategist.evaluate.LeafValue.features`, the same numbers the search's leaf reads) and,
at the end, whether it won. A file resumes: games already in it are skipped.

``fit`` fits the logistic model (L2-regularised Newton steps) on every map, and for each map on
all the others, and prints per map the held-out log loss of the fitted model and of the weights
in ``ai/strategist/evaluate.py``, and the weights fitted on everything (to paste there).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

from ai.strategist.evaluate import FEATURES, INTERCEPT, WEIGHTS, LeafValue
from ai.strategist.model import TurnModel
from risk.board import board_from_dict, load_map
from risk.match import Match
from risk.phase import Phase
from risk.players import make_player
from risk.randomness import RandomSource
from risk.rules import Rules

#: Domination's rules, as in the sparring matches (the +2 on traded cards, no neutral in a duel).
RULES = "territory_bonus=trade,two_player_neutral=false,max_turns=300"


def load_board(path: str):
    if path.endswith(".map"):
        from risk.domination import read_domination
        return board_from_dict(read_domination(path)[0])
    return load_map(path)


def pool(maps: list[str], generated: int, seed: int) -> list[tuple[str, object]]:
    boards = [(Path(m).stem, load_board(m)) for m in maps]
    if generated:
        from risk import worlds
        rng = np.random.default_rng(seed)
        styles = ("continents", "islands", "pangaea")
        for k in range(generated):
            size = int(rng.integers(30, 151))
            style = styles[k % len(styles)]
            world_seed = int(rng.integers(1 << 30))
            data = worlds.generate(territories=size, seed=world_seed, style=style)
            boards.append((f"gen-{style}-{size}-{world_seed}", board_from_dict(data)))
    return boards


def armies_for(rules: Rules, board, players: int) -> Rules:
    """``rules``, with the classic map's starting armies per territory (35 for 14, 2.5) where the
    standard table cannot cover a big world's territories."""
    needed = -(-len(board.names) // players)
    if rules.starting_armies(players) >= needed:
        return rules
    return Rules(**{**rules.changes(), "starting_armies_override": -(-5 * needed // 2)})


def features_of(state, player: int) -> list[float]:
    view = state.view(player, RandomSource(0))
    model = TurnModel.from_view(view)
    model.peaceful = view.neutral
    leaf = LeafValue(model, float(view.rules.set_value(view.sets_traded)))
    return [round(x, 6) for x in leaf.features(model)]


def collect(args) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["map"], row["game"]))
    bots = args.bots.split(",")
    rules = Rules.parse(RULES)
    with out.open("a") as sink:
        for name, board in pool(args.maps, args.generated, args.seed):
            for game in range(args.games):
                if (name, game) in done:
                    continue
                shift = game % len(bots)
                seats = bots[shift:] + bots[:shift]
                match = Match([make_player(s) for s in seats], seed=args.seed * 1000 + game,
                              rules=armies_for(rules, board, len(seats)), board=board)
                rows, seen = [], set()
                while not match.state.is_terminal():
                    state = match.state
                    if state.phase == Phase.FORTIFY and (state.turn, state.player) not in seen:
                        seen.add((state.turn, state.player))
                        rows.append({"map": name, "game": game, "turn": state.turn, "player": state.player,
                                     "seat": seats[state.player], "x": features_of(state, state.player)})
                    match.step()
                winner = match.state.outcome().winner
                for row in rows:
                    row["won"] = int(row["player"] == winner)
                    sink.write(json.dumps(row) + "\n")
                sink.flush()
                print(f"{name} game {game}: {len(rows)} positions, winner {winner}", file=sys.stderr)


def logistic_fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 50) -> np.ndarray:
    """Weights (intercept first) maximising the L2-penalised log likelihood, by Newton steps."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    penalty = l2 * len(x) * np.eye(len(w))
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-design @ w))
        gradient = design.T @ (y - p) - penalty @ w
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    z = w[0] + x @ w[1:]
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(args) -> None:
    rows = [json.loads(line) for line in Path(args.data).read_text().splitlines()]
    maps = sorted({r["map"] for r in rows})
    x = np.array([r["x"] for r in rows], dtype=float)
    y = np.array([r["won"] for r in rows], dtype=float)
    which = np.array([r["map"] for r in rows])
    current = np.array([INTERCEPT, *WEIGHTS])
    print(f"{len(rows)} positions, {len(maps)} maps; features: {', '.join(FEATURES)}")
    print(f"{'held-out map':<40} {'positions':>9} {'fitted':>8} {'current':>8} {'constant':>8}")
    for m in maps:
        train, test = which != m, which == m
        w = logistic_fit(x[train], y[train], args.l2)
        rate = y[train].mean()  # the constant model: every position wins at the training rate
        constant = float(-np.mean(y[test] * math.log(rate) + (1 - y[test]) * math.log(1 - rate)))
        print(f"{m:<40} {int(test.sum()):>9} {log_loss(x[test], y[test], w):>8.4f} "
              f"{log_loss(x[test], y[test], current):>8.4f} {constant:>8.4f}")
    w = logistic_fit(x, y, args.l2)
    print("fitted on every map: INTERCEPT =", round(float(w[0]), 3))
    print("WEIGHTS =", tuple(round(float(v), 3) for v in w[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--maps", nargs="*", default=[])
    c.add_argument("--generated", type=int, default=0)
    c.add_argument("--games", type=int, default=10)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--bots", default="strategist,mcts,mcts")
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--l2", type=float, default=1e-3)
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()
