"""The enemy's best strike next turn: the armies one enemy stack, with the enemy's whole
reinforcement on it, can expect to take by attacking on through the player's territories.

Traced duels against Domination's Hard were lost this way: its stack walked four territories
deep through one-army territories and destroyed ours, or swept nine territories behind a stack
of ours that stood where it could attack nothing. The end-of-turn leaf
(:class:`ai.evaluation.Evaluation`) asks only whether each territory survives its strongest
*neighbour*, each territory counting the same, so it sees neither the walk nor what a stack is
worth. :func:`strike_loss` does, without dice: a stack moving on after a conquest carries its
armies less the one left behind and the expected losses of the battle (about 0.85 armies per
defender in the three-dice-against-two rounds and 0.52 for the last defender), and a territory
is taken on with the exact chance of that stack against it. The paths are searched at once from
every enemy territory (multi-source, strongest stack first), so a leaf stays cheap.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ai.reply_evaluation import chance, reinforcement

#: The attacker's expected losses per defender in 3-against-2 rounds (0.921 / 1.079 per round),
#: and for the last defender, fought 3 dice against 1 (0.34 / 0.66).
LOSS_PER_DEFENDER = 0.854
LOSS_LAST_DEFENDER = 0.52


def strike_loss(state, enemy: int, card_value: float) -> float:
    """The most of the player's armies that ``enemy``'s best single strike next turn takes in
    expectation: the armies of the territories its stack walks through plus, for the last one,
    its armies times the chance of taking it."""
    player, owner, armies, win = state.player, state.owner, state.armies, state.win
    neighbours = state.board.neighbours
    extra = reinforcement(state, enemy, card_value)
    # stack[t]: the strongest stack that can stand on t (an enemy territory, or one of the
    # player's taken on the way), with the player's armies it has taken to get there.
    stack: dict[int, float] = {}
    taken: dict[int, float] = {}
    heap = []
    rest = state.own_mask[enemy]
    while rest:
        low = rest & -rest
        t = low.bit_length() - 1
        rest ^= low
        if any(owner[n] == player for n in neighbours[t]):
            stack[t] = armies[t] + extra
            taken[t] = 0.0
            heap.append((-stack[t], t))
    heapq.heapify(heap)
    worst = 0.0
    done = set()
    while heap:
        negative, s = heapq.heappop(heap)
        if s in done:
            continue
        done.add(s)
        attackers = -negative
        if attackers < 2:
            continue
        for t in neighbours[s]:
            if owner[t] != player or t in done:
                continue
            defenders = armies[t]
            p = chance(win, int(attackers), defenders)
            loss = taken[s] + p * defenders
            if loss > worst:
                worst = loss
            if p < 0.5:
                continue  # the walk stops where taking the next territory is not likely
            left = attackers - 1 - LOSS_PER_DEFENDER * (defenders - 1) - LOSS_LAST_DEFENDER
            if left > stack.get(t, 1.0):
                stack[t] = left
                taken[t] = taken[s] + defenders
                heapq.heappush(heap, (-left, t))
    return worst


def strike_share(state, card_value: float) -> float:
    """The player's share of all armies after every enemy's best strike (each enemy's strike
    counted once; the enemies' reinforcements counted on their side)."""
    player, armies, owner = state.player, state.armies, state.owner
    ours = 0.0
    theirs = 0.0
    for t, a in enumerate(armies):
        if owner[t] == player:
            ours += a
        else:
            theirs += a
    lost = 0.0
    for enemy in range(state.players):
        if enemy != player and enemy != state.neutral and state.alive[enemy]:
            lost += strike_loss(state, enemy, card_value)
            theirs += reinforcement(state, enemy, card_value)
    ours = max(0.0, ours - lost)
    return ours / (ours + theirs) if ours + theirs else 0.0


@dataclass(frozen=True)
class StrikeLeaf:
    """A leaf that blends ``weight`` of :func:`strike_share` into another leaf's value."""

    inner: object
    weight: float
    card_value: float

    def __call__(self, state) -> float:
        value = self.inner(state)
        if value >= 1.0 or state.winner():
            return value
        return (1.0 - self.weight) * value + self.weight * strike_share(state, self.card_value)
