"""``random``: every legal action equally likely (the baseline of every study)."""

from __future__ import annotations

from ai.agent import BaseAgent
from ai.registry import register


@register
class RandomAgent(BaseAgent):
    """Picks uniformly among all legal actions, with the view's seeded random source."""

    name = "random"

    def act(self, view):
        actions = view.legal_actions()
        return actions[view.rng.below(len(actions))]
