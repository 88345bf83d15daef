"""Claims and set-up at a table of three or more: which continents will each player hold?

At a table of four ``mcts`` bots the claims fix the game before the first die is rolled: every
player claims towards the continent where it leads, nobody blocks, and each seat ends the
claiming with the same block in game after game (South America with most of North America;
Australia with seven of Asia; Africa with four of Asia; Europe with three of North America).
The player holding Australia behind its own Siam wins most such games, the one holding Europe,
open on seven borders, hardly any (``lab/scripts/claim_blocks.py``; the counts are in
lab/notebook.md, the sixth round).

Two claims of ``strategist`` (its ``table_claims``) act on that:

- :func:`lookahead_claim` tries every free territory: it claims it in a model of the claiming,
  lets every player (itself included) claim on by the common continent-progress rule
  (:func:`ai.common.continent_progress_score`, without its random jitter) until no territory is
  free, and scores the partition that results by :func:`secure_bonus`: the player's continents,
  each bonus divided by one plus the borders it has with other owners, less the best such score
  among the others;
- :func:`fortress_claim` claims into the continent with the best bonus per gate
  (:func:`fortress`: Australia) while it has a free territory, to hold it or to keep anyone else
  from holding it whole, then grows compactly out of what it holds; :func:`fortress_block_claim`
  also blocks an opponent's last free territory of a continent when the fortress is not the
  player's whole (measured worse); :func:`open_fortress_claim` leaves a fortress an opponent
  entered first for the best continent nobody has entered (measured worse from the last seats;
  both in lab/notebook.md, the sixth and seventh rounds).

:func:`fortress_staging` is where ``strategist`` puts its set-up armies first once the claiming
is done (``fortress_setup``): on one stack to sweep the part of the fortress an opponent holds,
or on the gate of a fortress it holds whole.
"""

from __future__ import annotations

from types import SimpleNamespace

from risk.actions import Claim

from ai.common import continent_progress_score


def secure_bonus(board, owner: list[int], player: int) -> float:
    """The player's continents held whole, each bonus over one plus its borders with others."""
    neighbours = board.neighbours
    total = 0.0
    for continent in board.continents:
        if all(owner[t] == player for t in continent.members):
            exposed = sum(1 for t in continent.members for n in neighbours[t] if owner[n] != player)
            total += continent.bonus / (1 + exposed)
    return total


def partition_score(board, owner: list[int], player: int, players: int) -> float:
    """The player's secure bonus less the largest of the other players'."""
    rivals = max((secure_bonus(board, owner, p) for p in range(players) if p != player), default=0.0)
    return secure_bonus(board, owner, player) - rivals


def play_out_claims(board, owner: list[int], next_player: int, players: int) -> list[int]:
    """The claiming finished from ``owner`` (``next_player`` to claim), everyone claiming by the
    continent-progress rule, ties to the lowest territory."""
    owner = owner[:]
    free = [t for t in range(len(owner)) if owner[t] < 0]
    model = SimpleNamespace(board=board, owner=owner, player=next_player)
    claimer = next_player
    while free:
        model.player = claimer
        best = max(free, key=lambda t: (continent_progress_score(model, t), -t))
        owner[best] = claimer
        free.remove(best)
        claimer = (claimer + 1) % players
    return owner


def lookahead_claim(view) -> Claim:
    """The free territory whose claiming, played out, leaves the player the best partition."""
    board, player, players = view.board, view.player, view.players
    free = [t for t in range(len(view.owner)) if view.owner[t] < 0]
    best_key, best = None, free[0]
    for t in free:
        owner = list(view.owner)
        owner[t] = player
        final = play_out_claims(board, owner, (player + 1) % players, players)
        key = (partition_score(board, final, player, players), continent_progress_score(view, t), -t)
        if best_key is None or key > best_key:
            best_key, best = key, t
    return Claim(best)


def gate_count(board, continent) -> int:
    """The continent's members that border another continent."""
    members = set(continent.members)
    return sum(1 for t in members if any(n not in members for n in board.neighbours[t]))


def per_gate(board, continent) -> float:
    """The continent's bonus over its gates."""
    return continent.bonus / max(1, gate_count(board, continent))


def fortress(board):
    """The continent with the best bonus per gate (a member bordering another continent):
    Australia on the classic map (2 armies, one gate)."""
    return max(board.continents, key=lambda c: (per_gate(board, c), -len(c.members)))


def claim_beside_own(view, territories) -> Claim:
    """Of ``territories``, the one touching the most of the player's own (then the lowest)."""
    owner, neighbours, player = view.owner, view.board.neighbours, view.player
    return Claim(max(territories, key=lambda t: (sum(1 for n in neighbours[t] if owner[n] == player), -t)))


def fortress_claim(view) -> Claim:
    """While the fortress continent (:func:`fortress`) has a free territory, claim one (the one
    touching the most of the player's own, then the lowest): to hold it, or to keep anyone else
    from holding it; then the compact claim, growing out of it."""
    from ai.opening import compact_claim

    free = [t for t in fortress(view.board).members if view.owner[t] < 0]
    return claim_beside_own(view, free) if free else compact_claim(view)


def open_fortress_claim(view, smallest_first: bool = False) -> Claim:
    """:func:`fortress_claim` while no opponent is in the fortress or the player is in it too;
    otherwise the fortress is left to whoever entered it first, and the player claims into the
    continent nobody else has entered with the best bonus per gate (``smallest_first``: the
    fewest territories, then that), then grows compactly."""
    from ai.opening import compact_claim

    board, owner, player = view.board, view.owner, view.player
    members = fortress(board).members
    entered = {owner[t] for t in members if owner[t] >= 0}
    if not entered or player in entered:
        return fortress_claim(view)

    def key(continent):
        ratio = per_gate(board, continent)
        return (-len(continent.members), ratio) if smallest_first else (ratio, -len(continent.members))

    open_continents = [c for c in board.continents
                       if any(owner[t] < 0 for t in c.members)
                       and all(owner[t] < 0 or owner[t] == player for t in c.members)]
    if not open_continents:
        return compact_claim(view)
    target = max(open_continents, key=key)
    return claim_beside_own(view, [t for t in target.members if owner[t] < 0])


def fortress_staging(view) -> int | None:
    """Where a set-up army does most for the fortress, or None once it has done enough there.

    With part of the fortress an opponent's, one stack on the player's member next to it (the
    biggest), until it has at least twice the enemy armies inside plus four, to sweep it on the
    first turn; with the fortress all the player's, the gate facing the biggest enemy stack,
    until it has that stack plus three; with none of it the player's, None."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    members = set(fortress(board).members)
    mine = [t for t in members if owner[t] == player]
    if not mine:
        return None
    neighbours = board.neighbours
    if len(mine) < len(members):
        enemy_inside = sum(armies[t] for t in members if owner[t] != player)
        fronts = [t for t in mine if any(n in members and owner[n] != player for n in neighbours[t])]
        stack = max(fronts or mine, key=lambda t: (armies[t], -t))
        return stack if armies[stack] < 2 * enemy_inside + 4 else None

    def threat(t: int) -> int:
        return max((armies[n] for n in neighbours[t] if owner[n] != player), default=0)
    gates = [t for t in sorted(members) if any(owner[n] != player for n in neighbours[t])]
    if not gates:
        return None
    gate = max(gates, key=lambda t: (threat(t) - armies[t], -t))
    return gate if armies[gate] < threat(gate) + 3 else None


def fortress_block_claim(view) -> Claim:
    """:func:`fortress_claim`, except that once the fortress is full and not the player's whole,
    the last free territory of a continent an opponent holds all the rest of is claimed first
    (the largest bonus): with no fortress of its own, no opponent is let complete one."""
    from ai.opening import continent_census

    owner, player = view.owner, view.player
    members = fortress(view.board).members
    if any(owner[t] < 0 for t in members) or all(owner[t] == player for t in members):
        return fortress_claim(view)
    block = None
    for continent in view.board.continents:
        free, held = continent_census(view, continent)
        if len(free) == 1 and len(held) == 1 and player not in held:
            key = (continent.bonus, -free[0])
            if block is None or key > block[0]:
                block = (key, free[0])
    return Claim(block[1]) if block else fortress_claim(view)
