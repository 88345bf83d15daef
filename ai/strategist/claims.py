"""The set-up: which free territory to claim, and where each set-up army goes.

A continent held from the first turn pays its bonus every turn after, and a continent two
players have entered pays neither until one of them fights the other out of it. Every claim
first takes what is sure:

1. **block** (where the table profile blocks, :mod:`ai.strategist.profile`): the last free
   territory of a continent one opponent holds all the rest of, the most worth first;
2. **complete**: the last free territory of a continent the player holds all the rest of.

Then the table decides, because a claim's value depends on who else is claiming:

- in a **duel** every territory the player does not claim goes to the one opponent, so a
  continent is a race between two: the player **builds** where no opponent has entered (the
  continent nearest to completion first, then the most bonus per territory, then the
  territory touching most of its own). Once every continent is entered, the player ahead in
  the claims (it claimed first, so it is never behind) keeps racing for the largest share of a
  continent; the player behind cannot win a race and claims **compactly** instead: the free
  territory joining most of its own and bordering fewest of the opponent's, so its armies
  stand together instead of in a line of single armies an opponent's stack walks through;
- at a **table or crowd** a continent entered by others is not lost (they fight each other
  too), so every free territory is scored by its continent's worth (:mod:`ai.strategist.world`)
  times what the claim does for the player there: the gain in the square of its share, less
  the square of the largest share another player holds, plus a little for each own territory
  it touches.

Set-up armies (and a duel's neutral armies) go where they take or hold a continent: onto one
stack inside the continent the player can most cheaply complete, facing the enemy armies left in
it; once it is held, onto the gate facing the most enemy armies outside. At a table of three
(:mod:`ai.strategist.profile`) each goes where the paper's Markov placement puts it instead.

Among equally strong candidates a new stack starts next to the largest region of enemy
territories (:func:`sweep_reach`): a stack conquers only into enemy territory, so one started
next to a pocket its own territories close off takes that pocket and stands idle (on a
one-continent map such as the community map tube, the first player's stack did so in 9 of 13
traced games when the board's order broke the tie: lab notebook, round 14).
"""

from __future__ import annotations

from risk.actions import Claim

from ai.common import setup_place
from ai.markov import markov_place
from ai.strategist.world import World, world_of

#: What a table claim gains per own territory it touches, in units of the continent's worth.
TOUCH = 0.02
#: What a race claim gains per own territory it touches, in shares of a continent.
RACE_TOUCH = 0.05
#: What a race claim loses per member of its continent: small continents are held sooner.
RACE_SIZE = 0.01


def claim(view, profile) -> Claim:
    """The claim for ``view`` (free territories remain) at the table of ``profile``."""
    world = world_of(view.board)
    player, owner = view.player, view.owner
    blocked = complete = None
    for shape in world.continents:
        free, held = census(owner, shape.members)
        if len(free) != 1:
            continue
        mine = held.get(player, 0)
        others = [o for o in held if o != player]
        key = (shape.worth, -free[0])
        if profile.block and len(others) == 1 and not mine and (blocked is None or key > blocked[0]):
            blocked = (key, free[0])
        if not others and mine and (complete is None or key > complete[0]):
            complete = (key, free[0])
    for choice in (blocked, complete):
        if choice is not None:
            return Claim(choice[1])
    if profile.kind == "duel":
        return duel_claim(view, world)
    return table_claim(view, world)


def duel_claim(view, world: World) -> Claim:
    """A duel's claim after blocking and completing: see the module's docstring."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    build = None
    for shape in world.continents:
        free, held = census(owner, shape.members)
        if not free or any(o != player for o in held):
            continue
        size = shape.size
        for t in free:
            touching = sum(1 for n in neighbours[t] if owner[n] == player)
            key = ((held.get(player, 0) - len(free)) / size, shape.bonus / size, touching, -t)
            if build is None or key > build[0]:
                build = (key, t)
    if build is not None:
        return Claim(build[1])
    if claimed_first(view):
        return race_claim(view, world)
    return compact_claim(view)


def claimed_first(view) -> bool:
    """Whether the player is not behind any other player in the count of claims (the first
    claimer, whose turn comes when the counts are equal)."""
    counts = [0] * view.players
    for o in view.owner:
        if 0 <= o < view.players:
            counts[o] += 1
    return counts[view.player] >= max(counts)


def race_claim(view, world: World) -> Claim:
    """The free territory of the continent where the player's share most exceeds the others'."""
    def score(shape, mine: int, held: dict) -> tuple[float, float]:
        return (2 * mine - sum(held.values())) / shape.size - RACE_SIZE * shape.size, RACE_TOUCH
    return best_free(view, world, score)


def table_claim(view, world: World) -> Claim:
    """A table's claim after blocking and completing: see the module's docstring."""
    player = view.player

    def score(shape, mine: int, held: dict) -> tuple[float, float]:
        size = shape.size
        rival = max((n for o, n in held.items() if o != player), default=0) / size
        return shape.worth * (((mine + 1) / size) ** 2 - (mine / size) ** 2 - rival * rival), TOUCH * shape.worth
    return best_free(view, world, score)


def best_free(view, world: World, score) -> Claim:
    """The free territory scoring best: ``score(shape, mine, held)`` gives its continent's value
    and the value of each own territory it touches (ties to the lowest id)."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    best = None
    for shape in world.continents:
        free, held = census(owner, shape.members)
        if not free:
            continue
        value, per_touch = score(shape, held.get(player, 0), held)
        for t in free:
            touching = sum(1 for n in neighbours[t] if owner[n] == player)
            key = (value + per_touch * touching, -t)
            if best is None or key > best[0]:
                best = (key, t)
    return Claim(best[1])


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


def place(view, profile):
    """A set-up army (or the neutral's, in a duel with the neutral army) at the table of
    ``profile``: on the stack that takes a continent, or by the paper's Markov placement."""
    return setup_place(view, staging if profile.stack_setup else markov_place)


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
        reach = sweep_reach(view)
        # One stack sweeps a continent: the strongest one that is not yet enough for it, started
        # where it can sweep furthest.
        return max(candidates or mine, key=lambda t: (armies[t] < 2 * enemy_inside + 4, armies[t], reach[t], -t))

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


def sweep_reach(view) -> list[int]:
    """For each territory, the size of the largest region of territories not the player's (joined
    by their borders) that it borders: how far a stack starting there can conquer before its own
    territories stop it."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    region = [-1] * len(owner)
    sizes = []
    for start in range(len(owner)):
        if owner[start] == player or region[start] >= 0:
            continue
        label = len(sizes)
        region[start] = label
        members = [start]
        for t in members:  # grows while it is walked: a breadth-first search
            for n in neighbours[t]:
                if owner[n] != player and region[n] < 0:
                    region[n] = label
                    members.append(n)
        sizes.append(len(members))
    return [max((sizes[region[n]] for n in neighbours[t] if region[n] >= 0), default=0)
            for t in range(len(owner))]
