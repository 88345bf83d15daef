"""The fortify move chosen by the leaf evaluation: the move after which the opponents' expected
reply costs least.

Every legal move is tried with all the armies it may carry and with half of them, and scored by
the same evaluation that scores the end of the turn in the search
(:class:`ai.reply_evaluation.ReplyEvaluation`); not moving is scored too, and a move is made
only if it scores better. So armies go where the reply would hurt most (a border facing a big
enemy stack, the entrance of a continent held), not where survival chances merely even out.

A stack deep inside gains nothing the leaf can see by moving one step (adjacent fortify), so when
no move scores better, the largest idle interior stack marches one step towards the nearest
border instead of waiting there for ever.
"""

from __future__ import annotations

from risk.actions import EndPhase, Fortify

from ai.common import hops_from
from ai.turn import TurnState


def leaf_fortify(view, state: TurnState, evaluate):
    """The best fortify move from ``view`` (or EndPhase), scoring moves on ``state``, the
    search's copy of the view, with ``evaluate``."""
    best_value, best = evaluate(state) + 1e-9, EndPhase()
    for s in view.territories_of(view.player):
        if view.movable_armies(s) <= 0:
            continue
        for t in view.fortify_targets(s):
            most = view.fortify_limit(s, t)
            for n in sorted({most, (most + 1) // 2}):
                if n <= 0:
                    continue
                after = state.copy()
                after.armies[s] -= n
                after.armies[t] += n
                value = evaluate(after)
                if value > best_value:
                    best_value, best = value, Fortify(s, t, n)
    if isinstance(best, EndPhase):
        return march_to_border(view)
    return best


def march_to_border(view, least: int = 1):
    """The largest interior stack one step closer to the nearest border (or EndPhase), if at
    least ``least`` of its armies can move."""
    player, owner, board = view.player, view.owner, view.board
    mine = view.territories_of(player)
    border = [t for t in mine if any(owner[n] != player for n in board.neighbours[t])]
    distance = hops_from(board, border, lambda t: owner[t] == player)  # over its own territories
    far = len(distance)
    best = None
    for s in mine:
        if distance[s] in (0, far) or view.movable_armies(s) < max(1, least):
            continue
        for t in view.fortify_targets(s):
            if distance[t] < distance[s]:
                key = (view.fortify_limit(s, t), -distance[t], -s, -t)
                if best is None or key > best[0]:
                    best = (key, Fortify(s, t, view.fortify_limit(s, t)))
    return best[1] if best is not None else EndPhase()
