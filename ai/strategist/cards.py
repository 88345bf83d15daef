"""Cards: when to trade a set, and the elimination runs that take a weak player's hand.

A set is traded as soon as one is held, except where the table profile holds sets
(:mod:`ai.strategist.profile`): there a set is kept unless the hand must be traded, or the set's
armies pay for a run that eliminates a card holder this turn. The runs themselves are planned
by :mod:`ai.strategist.runs`.
"""

from __future__ import annotations

from risk.actions import EndPhase

from ai.common import best_trade, trade_value


def trade(view, profile, run_with):
    """The trade for ``view``'s trade phase, or EndPhase to keep the cards; ``run_with(pool)``
    says whether a run is on with ``pool`` armies to deploy."""
    chosen = best_trade(view)
    if chosen is None:
        return EndPhase()
    if not view.is_legal(EndPhase()):  # the hand is full: the rules make one trade
        return chosen
    if profile.hold_sets and not run_with(view.pool + trade_value(view, chosen)):
        return EndPhase()
    return chosen
