"""The fortify move: even out the survival chances of a connected group (the paper's
transport), else march the largest idle interior stack one step towards the border.

With ``keep_gates`` the transport never takes armies off a gate of a continent the player holds
to put them anywhere but on another gate of it: the survival chances it evens out are those of
single territories against their neighbours, blind to the bonus a continent pays every turn it
is held, so it would move the stack guarding a held continent out to shore up a territory
outside it, and leave the continent open to the next strike."""

from __future__ import annotations

from risk.actions import EndPhase, Fortify

from ai.common import hops_from
from ai.markov import markov_transport
from ai.strategist.world import world_of


def fortify(view, peaceful: int, keep_gates: bool = False):
    """The move for ``view``'s fortify phase (``peaceful``: an owner whose stacks never attack;
    ``keep_gates``: see the module's docstring)."""
    move = markov_transport(view, peaceful, held_gates_kept(view) if keep_gates else None)
    return march_to_border(view) if isinstance(move, EndPhase) else move


def held_gates_kept(view):
    """A test of fortify moves (source, target) that refuses to take armies off a gate of a
    continent the player holds whole, unless they go to another gate of the same continent."""
    world = world_of(view.board)
    owner, player = view.owner, view.player
    guarded: dict[int, int] = {}  # gate -> index of its held continent
    for shape in world.continents:
        if all(owner[t] == player for t in shape.members):
            for gate in shape.gates:
                guarded[gate] = shape.index

    def allowed(source: int, target: int) -> bool:
        held = guarded.get(source)
        return held is None or guarded.get(target) == held
    return allowed


def march_to_border(view):
    """The largest interior stack one step closer to the nearest border, or EndPhase."""
    player, owner, board = view.player, view.owner, view.board
    mine = view.territories_of(player)
    border = [t for t in mine if any(owner[n] != player for n in board.neighbours[t])]
    distance = hops_from(board, border, lambda t: owner[t] == player)  # over its own territories
    far = len(distance)
    best = None
    for s in mine:
        if distance[s] in (0, far) or view.movable_armies(s) < 1:
            continue
        for t in view.fortify_targets(s):
            if distance[t] < distance[s]:
                key = (view.fortify_limit(s, t), -distance[t], -s, -t)
                if best is None or key > best[0]:
                    best = (key, Fortify(s, t, view.fortify_limit(s, t)))
    return best[1] if best is not None else EndPhase()
