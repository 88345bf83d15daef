"""``random``: every legal action equally likely (the baseline of every study)."""

from __future__ import annotations

from ai.agent import BaseAgent
from ai.registry import register
from risk.phase import Phase


@register
class RandomAgent(BaseAgent):
    """Picks uniformly among all legal actions, with the view's seeded random source; only the
    commander's six after a roll (US 1980 variant) is decided as every bot decides it, by the
    solver's policy, so that the variant's value is measured the same for every bot."""

    name = "random"

    def act(self, view):
        if view.phase == Phase.COMMANDER:
            from ai.common import variant_decision
            return variant_decision(view)
        actions = view.legal_actions()
        return actions[view.rng.below(len(actions))]
