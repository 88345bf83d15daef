"""The fortify move: even out the survival chances of a connected group (the paper's
transport), else march the largest idle interior stack one step towards the border."""

from __future__ import annotations

from risk.actions import EndPhase, Fortify

from ai.common import hops_from
from ai.markov import markov_transport


def fortify(view, peaceful: int):
    """The move for ``view``'s fortify phase (``peaceful``: an owner whose stacks never attack)."""
    move = markov_transport(view, peaceful)
    return march_to_border(view) if isinstance(move, EndPhase) else move


def march_to_border(view):
    """The largest interior stack one step closer to the nearest border, or EndPhase."""
    player, owner, board = view.player, view.owner, view.board
    mine = view.territories_of(player)
    border = [t for t in mine if any(owner[n] != player for n in board.neighbours[t])]
    distance = hops_from(board, border, lambda t: owner[t] == player)  # over its own territories
    far = len(distance)
    best = None
    for s in mine:
        if distance[s] in (0, far) or view.movable_armies(s) < 1:
            continue
        for t in view.fortify_targets(s):
            if distance[t] < distance[s]:
                key = (view.fortify_limit(s, t), -distance[t], -s, -t)
                if best is None or key > best[0]:
                    best = (key, Fortify(s, t, view.fortify_limit(s, t)))
    return best[1] if best is not None else EndPhase()
