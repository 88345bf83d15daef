"""``angry``: always attacks when it can, from its strongest territory.

A simple bot that studies of Risk bots keep finding surprisingly strong. It piles its
reinforcements on its strongest front-line territory, blitzes the weakest neighbour of its
strongest territory that can attack, moves everything into each conquest, trades as soon as it
can, and never fortifies. With sea-lane defence the weakest neighbour is the one most likely to
fall (a sea route makes a small stack harder to take); otherwise it is the one with the fewest
armies, which is the same thing.
"""

from __future__ import annotations

from risk.actions import Blitz, EndPhase
from risk.battle.law import odds_depend_on_border
from risk.phase import Phase

from ai.agent import BaseAgent
from ai.common import (best_trade, blitz, continent_progress_claim, deploy, enemy_neighbours, frontier,
                       occupy_all, setup_place, strongest, variant_decision)
from ai.odds import attack_odds
from ai.registry import register


@register
class AngryAgent(BaseAgent):
    name = "angry"

    def act(self, view):
        phase = view.phase
        special = variant_decision(view)
        if special is not None:
            return special
        if phase == Phase.ATTACK:
            return self._attack(view)
        if phase == Phase.OCCUPY:
            return occupy_all(view)
        if phase == Phase.DEPLOY:
            return deploy(view, self._front(view), view.pool)
        if phase == Phase.TRADE:
            return best_trade(view) or EndPhase()
        if phase == Phase.CLAIM:
            return continent_progress_claim(view)
        if phase == Phase.PLACE:
            return setup_place(view, self._front)
        return EndPhase()  # fortify: the angry bot never looks back

    @staticmethod
    def _front(view) -> int:
        front = frontier(view, view.player)
        return strongest(view, front or view.territories_of(view.player))

    @staticmethod
    def _attack(view):
        armies = view.armies
        for source in sorted((t for t in frontier(view, view.player) if armies[t] >= 2),
                             key=lambda t: (-armies[t], t)):
            targets = [t for t in enemy_neighbours(view, source) if view.is_legal(Blitz(source, t))]
            if targets:
                return blitz(view, source, AngryAgent._weakest(view, source, targets))
        return EndPhase()

    @staticmethod
    def _weakest(view, source: int, targets: list[int]) -> int:
        armies = view.armies
        if odds_depend_on_border(view.rules):
            return max(targets, key=lambda t: (attack_odds(view, source, t), -armies[t], -t))
        return min(targets, key=lambda t: (armies[t], t))
