"""The set-up: which free territory to claim, and where each set-up army goes.

A continent held from the first turn pays its bonus every turn after, and a continent two
players have entered pays neither until one of them fights the other out of it. So a claim is
chosen by, in order:

1. **block** (where the table profile blocks, :mod:`ai.strategist.profile`): the last free
   territory of a continent one opponent holds all the rest of, the most worth first;
2. **complete**: the last free territory of a continent the player holds all the rest of;
3. **build**: a free territory of a continent no opponent has entered, the one nearest to
   completion first, then the most worth (:mod:`ai.strategist.world`), then the one touching
   the most of the player's own territories;
4. **compact**: once every continent is entered, the free territory that joins the most of the
   player's own and borders the fewest of the opponents', so the player's armies stand
   together instead of in a line of single armies an opponent's stack can walk through.

Set-up armies (and a duel's neutral armies) go where they take or hold a continent: onto one
stack inside the continent the player can most cheaply complete, facing the enemy armies left in
it; once it is held, onto the gate facing the most enemy armies outside.
"""

from __future__ import annotations

from risk.actions import Claim

from ai.common import setup_place
from ai.strategist.world import World, world_of

def claim(view, block: bool) -> Claim:
    """The claim for ``view`` (free territories remain); ``block``: block an opponent's
    continent first."""
    world = world_of(view.board)
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    blocked = complete = build = None
    for shape in world.continents:
        free, held = census(owner, shape.members)
        if not free:
            continue
        mine = held.get(player, 0)
        others = [o for o in held if o != player]
        if len(free) == 1:
            key = (shape.worth, -free[0])
            if block and len(others) == 1 and not mine and (blocked is None or key > blocked[0]):
                blocked = (key, free[0])
            if not others and mine and (complete is None or key > complete[0]):
                complete = (key, free[0])
        if not others:
            for t in free:
                touching = sum(1 for n in neighbours[t] if owner[n] == player)
                key = ((mine - len(free)) / shape.size, shape.worth, touching, -t)
                if build is None or key > build[0]:
                    build = (key, t)
    for choice in (blocked, complete, build):
        if choice is not None:
            return Claim(choice[1])
    return compact_claim(view)


def compact_claim(view) -> Claim:
    """The free territory that joins the most of the player's own and borders the fewest of the
    opponents' (ties to the lowest id)."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    best = None
    for t in range(len(owner)):
        if owner[t] >= 0:
            continue
        own = sum(1 for n in neighbours[t] if owner[n] == player)
        enemy = sum(1 for n in neighbours[t] if owner[n] >= 0 and owner[n] != player)
        key = (own - enemy, -t)
        if best is None or key > best[0]:
            best = (key, t)
    return Claim(best[1])


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
