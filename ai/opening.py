"""The opening when territories are claimed one at a time: block every continent an opponent
is about to complete, and claim towards a continent nobody else has entered.

A continent held from the first turn pays its bonus every turn after; a strong opponent (such as
Domination's Hard AI, which always blocks) ends the claiming with one or two continents if it is
let. So a claim is chosen by, in order:

1. **block**: a free territory that is the last one an opponent needs for a continent it holds
   all the rest of (the largest bonus first);
2. **complete**: the last free territory of a continent the player holds all the rest of;
3. **build**: a free territory of a continent no opponent has entered, preferring the ones
   nearest completion and the best bonus per territory;
4. otherwise a fallback: the common continent-progress claim of
   :func:`ai.common.continent_progress_claim`, or (``strategist``'s second player in a duel)
   :func:`compact_claim`, the free territory that joins the most of the player's own and borders
   the fewest of the opponents'.

Against Domination's Hard the claims decide much of a duel: its set-up repeats itself, so the
claims fix the map the duel is fought on, and a second player whose territories stay together
(the compact fallback) holds a block where the common claim leaves a line of single armies for
Hard's stack to run through (the figures: lab/notebook.md, the fourth round). The other claims
here (:func:`front_claim`, :func:`small_continent_claim`) are options of ``strategist``.
"""

from __future__ import annotations

from risk.actions import Claim

from ai.common import continent_progress_claim, continent_progress_score


def continent_census(view, continent) -> tuple[list[int], dict[int, int]]:
    """The free territories of ``continent`` and how many of it each owner holds."""
    free, held = [], {}
    for t in continent.members:
        o = view.owner[t]
        if o < 0:
            free.append(t)
        else:
            held[o] = held.get(o, 0) + 1
    return free, held


def neighbourhood_claim(view, own_weight: float, enemy_weight: float) -> Claim:
    """The free territory scoring best by its neighbours: ``own_weight`` per one of the
    player's, ``enemy_weight`` per an opponent's (ties to the lowest index)."""
    player, owner, neighbours = view.player, view.owner, view.board.neighbours
    best = None
    for t in range(len(owner)):
        if owner[t] >= 0:
            continue
        own = sum(1 for n in neighbours[t] if owner[n] == player)
        enemy = sum(1 for n in neighbours[t] if owner[n] >= 0 and owner[n] != player)
        key = (own_weight * own + enemy_weight * enemy, -t)
        if best is None or key > best[0]:
            best = (key, t)
    return Claim(best[1])


def compact_claim(view) -> Claim:
    """A free territory that joins the player's own and borders the fewest opponents'."""
    return neighbourhood_claim(view, 1.0, -1.0)


def front_claim(view) -> Claim:
    """A free territory among the opponents' (the most of them around it)."""
    return neighbourhood_claim(view, 0.25, 1.0)


def small_continent_claim(view) -> Claim:
    """The common continent-progress claim, leaning five times harder to the small continents (a
    bonus held sooner, fewer borders to hold); ties to the lowest index, no random jitter."""
    free = [t for t in range(len(view.owner)) if view.owner[t] < 0]
    return Claim(max(free, key=lambda t: (continent_progress_score(view, t, size_lean=0.05), -t)))


def blocking_claim(view, fallback=continent_progress_claim) -> Claim:
    player, board = view.player, view.board
    block, complete, build = None, None, None
    for continent in board.continents:
        free, held = continent_census(view, continent)
        if not free:
            continue
        owners = set(held)
        size = len(continent.members)
        if len(free) == 1 and len(owners) == 1 and player not in owners:
            key = (continent.bonus, -free[0])
            if block is None or key > block[0]:
                block = (key, free[0])
        if owners <= {player}:
            if len(free) == 1:
                key = (continent.bonus, -free[0])
                if complete is None or key > complete[0]:
                    complete = (key, free[0])
            # Nearest completion first, then the bonus a territory earns; a free territory that
            # touches more of our own ones keeps the group together.
            for t in free:
                touching = sum(1 for n in board.neighbours[t] if view.owner[n] == player)
                key = (held.get(player, 0) / size - len(free) / size, continent.bonus / size, touching, -t)
                if build is None or key > build[0]:
                    build = (key, t)
    for choice in (block, complete, build):
        if choice is not None:
            return Claim(choice[1])
    return fallback(view)


def target_continent(view):
    """The continent worth the most per army it still costs: its bonus over the enemy armies
    inside it (each territory needing one more to take) plus what guards its entrances; only
    continents where the player already stands. None if the player stands nowhere."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    best = None
    for index, continent in enumerate(board.continents):
        members = set(continent.members)
        mine = [t for t in members if owner[t] == player]
        if not mine:
            continue
        cost = sum(armies[t] + 1 for t in members if owner[t] != player)
        entrances = {n for t in members for n in board.neighbours[t] if n not in members}
        guard = sum(armies[n] for n in entrances if owner[n] != player) / max(1, len(entrances))
        key = (continent.bonus / (1.0 + cost + guard), len(mine), -index)
        if best is None or key > best[0]:
            best = (key, continent)
    return None if best is None else best[1]


def staging_territory(view) -> int:
    """Where a set-up army does most for the target continent: the player's territory in it (or
    next to it) facing the most enemy armies inside it; once it is all held, the entrance facing
    the most enemy armies outside."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    mine = view.territories_of(player)
    continent = target_continent(view)
    if continent is None:
        return mine[0]
    members = set(continent.members)
    if any(owner[t] != player for t in members):
        enemy_inside = sum(armies[t] for t in members if owner[t] != player)
        candidates = [t for t in mine if any(n in members and owner[n] != player for n in board.neighbours[t])]

        def concentration(t: int) -> tuple:
            # One stack sweeps a continent: the strongest one that is not yet enough for it.
            return (armies[t] < 2 * enemy_inside + 4, armies[t], -t)
        return max(candidates or mine, key=concentration)

    def exposure(t: int) -> tuple:
        outside = sum(armies[n] for n in board.neighbours[t] if owner[n] != player)
        return (outside - armies[t], -t)
    entrances = [t for t in members if any(owner[n] != player for n in board.neighbours[t])]
    return max(entrances or list(members), key=exposure)


def guard_territory(view) -> int:
    """Where a set-up army faces the biggest enemy stack: the player's territory next to the
    largest enemy stack (the least defended of them on a tie), so a second player's one stack
    stands where the first player's will strike, or strikes it first."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    mine = view.territories_of(player)

    def facing(t: int) -> tuple:
        threat = max((armies[n] for n in board.neighbours[t] if owner[n] != player), default=0)
        return (threat, -armies[t] if threat else 0, -t)
    return max(mine, key=facing)
