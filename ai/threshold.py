"""``threshold``: attack whenever the exact conquest probability reaches a threshold.

The paper's simple alternative to search ("select all wars with a success rate above some
threshold"), with the defensive habits a sensible player has: reinforcements go to the most
threatened borders, conquests are occupied so that the territory left behind stays covered,
and the fortify move brings idle armies from the interior to the most threatened border.
``attack_threshold`` is the parameter ``risk tune`` tunes.
"""

from __future__ import annotations

from risk.actions import EndPhase, Fortify, Occupy
from risk.phase import Phase

from ai.agent import BaseAgent, between_0_and_1
from ai.common import (best_trade, blitz, clamp_occupy, continent_progress_claim, deploy, frontier, setup_place,
                       strongest, variant_decision)
from ai.odds import attack_options, threat
from ai.registry import register


def most_threatened(view, candidates) -> int:
    owner, armies, board, rules = view.owner, view.armies, view.board, view.rules
    return max(candidates, key=lambda t: (threat(owner, armies, board, t, rules), -armies[t], -t))


def occupy_keeping_cover(view) -> Occupy:
    """Move in everything except what the source needs against its other enemy neighbours."""
    s, t = view.attack_source, view.attack_target
    movable = view.armies[s] - 1
    other_enemies = [view.armies[n] for n in view.board.neighbours[s]
                     if view.owner[n] != view.player and n != t]
    keep = max(other_enemies, default=0)  # leave as many as the strongest enemy stack next door
    move = movable if keep == 0 else view.armies[s] - keep
    return clamp_occupy(view, move)


def fortify_to_border(view):
    """Bring the largest idle interior stack to the most threatened border it can reach."""
    player = view.player
    border = set(frontier(view, player))
    interior = [t for t in view.territories_of(player) if t not in border and view.armies[t] > 1]
    if not interior or not border:
        return EndPhase()
    moves = [a for a in view.legal_actions() if isinstance(a, Fortify) and a.source in interior
             and a.target in border]
    if not moves:
        return EndPhase()
    target = most_threatened(view, {m.target for m in moves})
    source = strongest(view, [m.source for m in moves if m.target == target])
    return max((m for m in moves if m.source == source and m.target == target), key=lambda m: m.armies)


@register
class ThresholdAgent(BaseAgent):
    name = "threshold"

    def __init__(self, seed: int | None = None, attack_threshold: float = 0.6):
        super().__init__(seed)
        between_0_and_1(attack_threshold=attack_threshold)
        self.attack_threshold = attack_threshold

    def act(self, view):
        phase = view.phase
        special = variant_decision(view)
        if special is not None:
            return special
        if phase == Phase.ATTACK:
            options = attack_options(view, self.attack_threshold)
            if not options:
                return EndPhase()
            _, source, target = options[0]
            return blitz(view, source, target)
        if phase == Phase.OCCUPY:
            return occupy_keeping_cover(view)
        if phase == Phase.DEPLOY:
            return deploy(view, self._threatened_front(view), view.pool)
        if phase == Phase.FORTIFY:
            return fortify_to_border(view)
        if phase == Phase.TRADE:
            return best_trade(view) or EndPhase()
        if phase == Phase.CLAIM:
            return continent_progress_claim(view)
        if phase == Phase.PLACE:
            return setup_place(view, self._threatened_front)
        return EndPhase()

    @staticmethod
    def _threatened_front(view) -> int:
        front = frontier(view, view.player)
        return most_threatened(view, front or view.territories_of(view.player))
