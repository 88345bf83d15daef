"""What the claiming leaves each seat, and who wins from it: for seeded games between bots, every
seat's territories per continent once the last territory is claimed, the winner, and how often
the player who holds the fortress continent (the one worth most for its shape,
:mod:`ai.strategist.world`; Australia on the classic map) whole goes on to win.

    python lab/scripts/claim_blocks.py --bots mcts,mcts,mcts,mcts --games 24 --seed 900

Game g is played from seed SEED + g with the seats as given (no rotation): the point is what a
seat's claims come to.
"""

from __future__ import annotations

import argparse
from collections import Counter

from ai import make_agent
from ai.strategist.world import world_of
from risk.match import Match
from risk.phase import Phase


def fortress(board):
    """The continent worth the most for its shape (bonus per territory and road in)."""
    best = max(world_of(board).continents, key=lambda shape: (shape.worth, -shape.index))
    return board.continents[best.index]


def blocks(state) -> list[str]:
    """Each seat's holdings after the claiming, e.g. 'Aust4 Asia7'."""
    out = []
    for player in range(state.players):
        held = []
        for continent in state.board.continents:
            count = sum(1 for t in continent.members if state.owner[t] == player)
            if count:
                held.append(f"{continent.name[:4]}{count}")
        out.append(" ".join(held))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="mcts,mcts,mcts,mcts")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=900)
    args = parser.parse_args()
    specs = args.bots.split(",")
    holder_won, held, wins = 0, 0, Counter()
    for game in range(args.games):
        match = Match([make_agent(spec) for spec in specs], seed=args.seed + game)
        while match.state.phase == Phase.CLAIM:
            match.step()
        after_claims = blocks(match.state)
        wall = fortress(match.state.board).members
        owners = {match.state.owner[t] for t in wall}
        holder = owners.pop() if len(owners) == 1 else None
        result = match.play()
        wins[result.winner] += 1
        if holder is not None:
            held += 1
            holder_won += result.winner == holder
        print(f"game {game}: winner seat {result.winner + 1}; " + "; ".join(
            f"seat {p + 1} {b}" for p, b in enumerate(after_claims)), flush=True)
    name = fortress(match.state.board).name
    print(f"wins by seat: {[wins[p] for p in range(len(specs))]} of {args.games}; "
          f"{name} held whole after the claims in {held} games, its holder won {holder_won}")


if __name__ == "__main__":
    main()
