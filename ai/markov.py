"""``markov``: the paper's bot (seed 004) — Markov-chain odds drive deployment and transport.

- **Deployment**: every possible war of the bot's territories is scored by its exact success
  chance; each army goes to the territory whose wars have the lowest average success chance,
  and the odds are updated after each placement (a territory's score depends only on its own
  armies, so the greedy placement can be computed in one go and played out territory by
  territory).
- **Attack**: every war whose success chance reaches ``attack_threshold``, best first.
- **Transport**: within a group of connected territories, move armies from the territory most
  likely to survive an attack to the one least likely, enough to make their survival chances
  roughly equal; of all groups, take the move that raises the lower survival chance the most.
"""

from __future__ import annotations

import heapq

from risk.actions import EndPhase, Fortify, Occupy
from risk.phase import Phase
from risk.state import NO_OWNER

from ai.agent import BaseAgent, between_0_and_1
from ai.common import (best_trade, blitz, continent_progress_claim, deploy, frontier, occupy_range, setup_place,
                       variant_decision)
from ai.odds import attack_odds, attack_options, survival
from ai.registry import register


def war_score(view, territory: int, armies: int) -> float:
    """The average success chance of the wars ``territory`` could start holding ``armies``."""
    owner, board = view.owner, view.board
    chances = [attack_odds(view, territory, n, armies)
               for n in board.neighbours[territory] if owner[n] != owner[territory]]
    return sum(chances) / len(chances) if chances else 1.0


def markov_allocation(view, pool: int) -> dict[int, int]:
    """Where the paper's deployment puts ``pool`` armies: greedily on the weakest wars."""
    front = frontier(view, view.player) or view.territories_of(view.player)
    added = {t: 0 for t in front}
    heap = [(war_score(view, t, view.armies[t]), t) for t in front]
    heapq.heapify(heap)
    for _ in range(pool):
        _, t = heapq.heappop(heap)
        added[t] += 1
        heapq.heappush(heap, (war_score(view, t, view.armies[t] + added[t]), t))
    return {t: n for t, n in added.items() if n}


def markov_deploy(view):
    allocation = markov_allocation(view, view.pool)
    territory = max(allocation, key=lambda t: (allocation[t], -t))
    return deploy(view, territory, allocation[territory])


def markov_place(view) -> int:
    return next(iter(sorted(markov_allocation(view, 1))))


def _survival_with(view, territory: int, armies: int, peaceful: int) -> float:
    saved = view.armies[territory]
    view.armies[territory] = armies
    try:
        return survival(view.owner, view.armies, view.board, territory, view.rules, peaceful)
    finally:
        view.armies[territory] = saved


def equalise(view, source: int, target: int, total: int, least: int, most: int,
             peaceful: int = NO_OWNER) -> tuple[int, float]:
    """Split ``total`` armies: n to ``target`` (least <= n <= most), the rest on ``source``
    (``peaceful``: an owner whose stacks threaten nothing, as in :func:`ai.odds.threat`).

    Returns the n that maximises the lower of the two survival chances, and that chance. The
    source's survival falls and the target's rises as n grows, so the best split is where they
    cross: a binary search, not a scan.
    """
    def low(n: int) -> float:
        return min(_survival_with(view, source, total - n, peaceful), _survival_with(view, target, n, peaceful))

    lo, hi = least, most
    while lo < hi:  # find the first n where the source has become the weaker side
        mid = (lo + hi) // 2
        if _survival_with(view, source, total - mid, peaceful) < _survival_with(view, target, mid, peaceful):
            hi = mid
        else:
            lo = mid + 1
    candidates = {n for n in (lo - 1, lo) if least <= n <= most}
    best = max(candidates, key=lambda n: (low(n), -n))
    return best, low(best)


def markov_transport(view, peaceful: int = NO_OWNER):
    """The paper's transport: from the safest to the least safe territory of a connected group
    (``peaceful``: an owner whose stacks threaten nothing, as in :func:`ai.odds.threat`)."""
    owner, armies, board, rules = view.owner, view.armies, view.board, view.rules
    mine = view.territories_of(view.player)
    safety = {t: survival(owner, armies, board, t, rules, peaceful) for t in mine}
    best = None
    for s in mine:
        if view.movable_armies(s) <= 0:
            continue
        for t in view.fortify_targets(s):
            most = view.fortify_limit(s, t)
            if safety[s] <= safety[t]:
                continue
            before = min(safety[s], safety[t])
            base = armies[t]
            n, after = equalise(view, s, t, armies[s] + base, base, base + most, peaceful)
            moved = n - base
            gain = after - before
            if moved > 0 and (best is None or gain > best[0] + 1e-12):
                best = (gain, s, t, moved)
    if best is None or best[0] <= 1e-9:
        return EndPhase()
    _, s, t, moved = best
    return Fortify(s, t, moved)


def markov_occupy(view) -> Occupy:
    """Split the armies so that source and conquest are as likely to survive as each other."""
    s, t = view.attack_source, view.attack_target
    low, high = occupy_range(view)
    n, _ = equalise(view, s, t, view.armies[s], low, high)
    return Occupy(n)


@register
class MarkovAgent(BaseAgent):
    name = "markov"

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
            return blitz(view, options[0][1], options[0][2]) if options else EndPhase()
        if phase == Phase.OCCUPY:
            return markov_occupy(view)
        if phase == Phase.DEPLOY:
            return markov_deploy(view)
        if phase == Phase.FORTIFY:
            return markov_transport(view)
        if phase == Phase.TRADE:
            return best_trade(view) or EndPhase()
        if phase == Phase.CLAIM:
            return continent_progress_claim(view)
        if phase == Phase.PLACE:
            return setup_place(view, markov_place)
        return EndPhase()
