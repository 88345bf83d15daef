"""Claims at a table of three or more: which continents will each player hold?

At a table of four ``mcts`` bots the claims fix the game before the first die is rolled: every
player claims towards the continent where it leads, nobody blocks, and each seat ends the
claiming with the same block in game after game (South America with most of North America;
Australia with seven of Asia; Africa with four of Asia; Europe with three of North America).
The player holding Australia behind its own Siam won 16 of 24 such games, the one holding Europe
none (``benchmarks/claim_blocks.py``, docs/strength.md).

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
  player's whole (measured worse).
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


def fortress(board):
    """The continent with the best bonus per gate (a member bordering another continent):
    Australia on the classic map (2 armies, one gate)."""
    def per_gate(continent):
        members = set(continent.members)
        gates = sum(1 for t in members if any(n not in members for n in board.neighbours[t]))
        return (continent.bonus / max(1, gates), -len(members))
    return max(board.continents, key=per_gate)


def fortress_claim(view) -> Claim:
    """While the fortress continent (:func:`fortress`) has a free territory, claim one (the one
    touching the most of the player's own, then the lowest): to hold it, or to keep anyone else
    from holding it; then the compact claim, growing out of it."""
    from ai.opening import compact_claim

    owner, neighbours, player = view.owner, view.board.neighbours, view.player
    free = [t for t in fortress(view.board).members if owner[t] < 0]
    if not free:
        return compact_claim(view)
    return Claim(max(free, key=lambda t: (sum(1 for n in neighbours[t] if owner[n] == player), -t)))


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
