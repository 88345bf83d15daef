"""The fortify move: the largest stack towards the front when it borders no enemy territory, else
even out the survival chances of a connected group (the paper's transport), else march the
largest idle interior stack one step towards the border.

The stack comes first because the transport moves armies only from a safer to a less safe
territory, and an interior stack is as safe as another interior territory: a stack left inside
by its turn's attacks would stay there while the single fortify evened out a border elsewhere
(the lab notebook's round 15: in 359 replayed fortifies of traced duels the largest stack ended
its turn with no enemy neighbour 168 times, 66 of them idle while the transport moved a few
armies elsewhere; rounds 15 and 16 measured the gain).
"""

from __future__ import annotations

from risk.actions import EndPhase, Fortify

from ai.common import hops_from, strongest
from ai.markov import markov_transport
from ai.strategist.claims import sweep_reach


def fortify(view, peaceful: int):
    """The move for ``view``'s fortify phase (``peaceful``: an owner whose stacks never attack)."""
    move = stack_to_front(view)
    if move is not None:
        return move
    move = markov_transport(view, peaceful)
    return march_to_border(view) if isinstance(move, EndPhase) else move


def march_to_border(view):
    """The largest interior stack one step closer to the nearest border, or EndPhase."""
    distance = hops_to_front(view)
    far = len(distance)
    best = None
    for s in view.territories_of(view.player):
        if distance[s] in (0, far) or view.movable_armies(s) < 1:
            continue
        for t in view.fortify_targets(s):
            if distance[t] < distance[s]:
                key = (view.fortify_limit(s, t), -distance[t], -s, -t)
                if best is None or key > best[0]:
                    best = (key, Fortify(s, t, view.fortify_limit(s, t)))
    return best[1] if best is not None else EndPhase()


def stack_to_front(view) -> Fortify | None:
    """The player's largest stack, all it may carry, one move closer to the enemy when it borders
    none (towards the largest region of enemy territories among the nearest fronts), or None when
    it already borders one or cannot come closer."""
    mine = view.territories_of(view.player)
    stack = strongest(view, mine)
    reach = sweep_reach(view)
    if reach[stack] > 0 or view.movable_armies(stack) < 1:
        return None
    distance, region = front_distance(view, reach)
    targets = view.fortify_targets(stack)
    if not targets:
        return None
    target = min(targets, key=lambda t: (distance[t], -region[t], t))
    if distance[target] >= distance[stack]:
        return None
    return Fortify(stack, target, view.fortify_limit(stack, target))


def front_distance(view, reach: list[int]) -> tuple[list[int], list[int]]:
    """For each territory: the moves, over the player's own territories, to the nearest one that
    borders enemy territory (0 there, ``len(reach)`` where none is reachable), and the largest
    region of enemy territories (``reach``, :func:`ai.strategist.claims.sweep_reach`) bordered by
    one of those nearest fronts."""
    mine, neighbours = view.territories_of(view.player), view.board.neighbours
    distance = hops_to_front(view)
    far = len(distance)
    region = [reach[t] if distance[t] == 0 else 0 for t in range(far)]
    # Nearer territories first, so that each reads the finished regions of the step before it
    # (only the player's own territories have a distance: the others are not passable).
    for t in sorted(mine, key=distance.__getitem__):
        if 0 < distance[t] < far:
            region[t] = max(region[n] for n in neighbours[t] if distance[n] == distance[t] - 1)
    return distance, region


def hops_to_front(view) -> list[int]:
    """For each territory, the moves over the player's own territories to the nearest one that
    borders another owner's (0 there; the list's length where none is reachable, and for the
    territories that are not the player's)."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    front = [t for t in view.territories_of(player) if any(owner[n] != player for n in neighbours[t])]
    return hops_from(view.board, front, lambda t: owner[t] == player)
