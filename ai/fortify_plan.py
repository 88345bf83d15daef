"""The fortify move chosen by the leaf evaluation: the move after which the opponents' expected
reply costs least.

Every legal move is tried with all the armies it may carry and with half of them, and scored by
the same evaluation that scores the end of the turn in the search
(:class:`ai.reply_evaluation.ReplyEvaluation`); not moving is scored too, and a move is made
only if it scores better. So armies go where the reply would hurt most (a border facing a big
enemy stack, the entrance of a continent held), not where survival chances merely even out.
"""

from __future__ import annotations

from risk.actions import EndPhase, Fortify

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
    return best
