"""The set-up: which free territory to claim, and where each set-up army goes.

Claims aim at the continents the map makes worth holding (:mod:`ai.strategist.world`: bonus per
territory, discounted by the roads in) and that the claiming leaves open. A free territory is
scored by what claiming it does for its continent:

- **complete**: the last free territory of a continent the player holds all the rest of;
- **block** (where the table profile blocks, :mod:`ai.strategist.profile`): the last free
  territory an opponent needs for a continent it holds all the rest of, the larger worth first;
- otherwise **build**: the continent's worth times how far the claim takes the player towards
  holding it alone: the gain in the square of the player's share, less the square of the
  largest share another player holds there (a continent two players have entered is worth less
  to either), plus a little for each of the player's own territories the claim touches, so its
  territories hang together.

Set-up armies (and a duel's neutral armies) go where they take or hold a continent: onto one
stack inside the continent the player can most cheaply complete, facing the enemy armies left in
it; once it is held, onto the gate facing the most enemy armies outside.
"""

from __future__ import annotations

from risk.actions import Claim

from ai.common import setup_place
from ai.strategist.world import World, world_of

#: What a claim gains per own territory it touches, in units of a continent's worth share.
TOUCH = 0.02


def claim(view, block: bool) -> Claim:
    """The claim for ``view`` (free territories remain); ``block``: block an opponent's
    continent before building one's own."""
    world = world_of(view.board)
    player, owner = view.player, view.owner
    complete = blocked = best = None
    for shape in world.continents:
        free, held = census(owner, shape.members)
        if not free:
            continue
        mine = held.get(player, 0)
        others = {o: n for o, n in held.items() if o != player}
        if len(free) == 1:
            key = (shape.worth, -free[0])
            if not others and mine:
                complete = max(complete or (key, free[0]), (key, free[0]))
            elif block and len(others) == 1 and not mine:
                blocked = max(blocked or (key, free[0]), (key, free[0]))
        size = shape.size
        rival = max(others.values(), default=0) / size
        gain = shape.worth * (((mine + 1) / size) ** 2 - (mine / size) ** 2 - rival * rival)
        for t in free:
            touching = sum(1 for n in view.board.neighbours[t] if owner[n] == player)
            key = (gain + TOUCH * shape.worth * touching, -t)
            if best is None or key > best[0]:
                best = (key, t)
    for choice in (complete, blocked, best):
        if choice is not None:
            return Claim(choice[1])
    return Claim(next(t for t in range(len(owner)) if owner[t] < 0))


def census(owner, members) -> tuple[list[int], dict[int, int]]:
    """The free members and how many members each owner holds."""
    free, held = [], {}
    for t in members:
        o = owner[t]
        if o < 0:
            free.append(t)
        else:
            held[o] = held.get(o, 0) + 1
    return free, held


def place(view):
    """A set-up army (or the neutral's, in a duel with the neutral army)."""
    return setup_place(view, staging)


def staging(view) -> int:
    """Where a set-up army does most: see the module's docstring."""
    world = world_of(view.board)
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    mine = view.territories_of(player)
    target = target_continent(view, world)
    if target is None:
        return max(mine, key=lambda t: (sum(armies[n] for n in board.neighbours[t] if owner[n] != player), -t))
    members = set(target.members)
    enemy_inside = sum(armies[t] for t in members if owner[t] != player)
    if enemy_inside:
        candidates = [t for t in mine if any(n in members and owner[n] != player for n in board.neighbours[t])]
        # One stack sweeps a continent: the strongest one that is not yet enough for it.
        return max(candidates or mine, key=lambda t: (armies[t] < 2 * enemy_inside + 4, armies[t], -t))

    def exposure(t: int) -> tuple:
        outside = sum(armies[n] for n in board.neighbours[t] if owner[n] != player)
        return (outside - armies[t], -t)
    return max(target.gates or target.members, key=exposure)


def target_continent(view, world: World):
    """The continent the player stands in that is worth the most per army it still costs to
    take and guard: its worth over the enemy armies inside (each territory one more to take) and
    on its entries."""
    player, owner, armies = view.player, view.owner, view.armies
    best = None
    for shape in world.continents:
        if not any(owner[t] == player for t in shape.members):
            continue
        cost = sum(armies[t] + 1 for t in shape.members if owner[t] != player)
        guard = sum(armies[n] for n in shape.entries if owner[n] != player) / max(1, len(shape.entries))
        key = (shape.bonus / (1.0 + cost + guard), shape.worth, -shape.index)
        if best is None or key > best[0]:
            best = (key, shape)
    return None if best is None else best[1]
