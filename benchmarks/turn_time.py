"""Seconds a bot spends per turn of its own (every decision from its deployment to its fortify
summed), over seeded games against other bots: the median and the 90th percentile.

    python benchmarks/turn_time.py --bot strategist --opponents mcts --games 4 --seed 1 [--map FILE]

``--map`` takes a map file (the project's JSON, or a Domination ``.map``, imported on the fly).

Times are the process's CPU seconds (time.process_time), so a busy machine slows them less than
wall-clock times; they still depend on the machine: say which, and how busy it was.
"""

from __future__ import annotations

import argparse
import statistics
import time

from risk.players import make_player as make_agent
from risk.match import Match
from risk.rules import Rules


def load_board(path: str):
    """The board in a map file: the project's JSON, or a Domination ``.map`` imported."""
    from risk.board import board_from_dict, load_map
    if path.endswith(".map"):
        from risk.domination import read_domination
        return board_from_dict(read_domination(path)[0])
    return load_map(path)


class Timed:
    """Wraps a bot, adding up its thinking time per turn."""

    def __init__(self, agent):
        self.agent = agent
        self.name = agent.name
        self.turns: dict[int, float] = {}

    def reset(self, seed=None):
        if hasattr(self.agent, "reset"):
            self.agent.reset(seed)

    def act(self, view):
        start = time.process_time()
        action = self.agent.act(view)
        self.turns[view.turn] = self.turns.get(view.turn, 0.0) + time.process_time() - start
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strategist")
    parser.add_argument("--opponents", default="mcts", help="comma-separated opponent bots")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default=None, help="a map file (JSON, or a Domination .map); the classic map by default")
    parser.add_argument("--rules", default="territory_bonus=trade,two_player_neutral=false",
                        help="rule options (default: Domination's, as in the sparring matches)")
    args = parser.parse_args()
    rules = Rules.parse(args.rules) if args.rules else Rules()
    board = load_board(args.map) if args.map else None
    per_turn: list[float] = []
    for game in range(args.games):
        timed = Timed(make_agent(args.bot))
        bots = [timed] + [make_agent(s) for s in args.opponents.split(",")]
        shift = game % len(bots)
        seats = bots[shift:] + bots[:shift]
        Match(seats, seed=args.seed + game, rules=rules, board=board).play()
        per_turn.extend(timed.turns.values())
    per_turn.sort()
    p90 = per_turn[min(len(per_turn) - 1, int(0.9 * len(per_turn)))]
    print(f"{args.bot}: {len(per_turn)} turns over {args.games} games; seconds per turn: median "
          f"{statistics.median(per_turn):.3f}, 90th percentile {p90:.3f}, most {per_turn[-1]:.3f}")


if __name__ == "__main__":
    main()
