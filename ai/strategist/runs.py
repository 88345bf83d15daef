"""Eliminating a player for their cards: whether a run can take every territory they hold this
turn, from which stack, and the attack that carries it on.

When sets escalate, a player's cards are worth more than their territories: whoever eliminates a
player takes their hand, and with six cards or more trades at once and fights on (Domination's
Hard lives on this). A search over single attacks rarely finds a run of five or eight conquests
in a few hundred iterations, so the run is planned on its own: for each opponent and each of our
stacks that borders them, the whole pool deployed there, a simple policy (always the attack on
one of the victim's territories with the best odds, fought to the end) is played out many times
on the search's copy of the turn, with every battle drawn from its exact law and the forced
trades after a capture counted (:meth:`ai.turn.TurnState.model_capture_trades`). The run is
taken when it succeeds often enough and the victim's cards are worth having.

With a ``reach`` of k hops, a run may also start from a stack up to k territories short of the
victim and fight its way there: when no attack on the victim is left at fair odds, the policy
takes an attack that brings one of our stacks a step closer to one of the victim's territories,
the likeliest weighed by the stack's size (Hard plans its eliminations along such routes; at a
table of six the card holder worth eliminating seldom borders the stack that could do it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ai.common import hops_from
from ai.turn import EVERYONE, TurnState

#: A run gives up when its best attack on the victim has a smaller conquest chance than this.
GIVE_UP_BELOW = 0.15


@dataclass(frozen=True)
class EliminationPlan:
    victim: int
    staging: int  #: where the pool goes (-1 when planned with nothing left to deploy)
    chance: float  #: how often the played-out run took every territory of the victim


def hops_to(state: TurnState, victim: int) -> tuple[int, ...]:
    """Each territory's distance in borders crossed to the nearest territory of ``victim``."""
    return _hops_to_mask(state.board, state.own_mask[victim])


@lru_cache(maxsize=1 << 14)
def _hops_to_mask(board, mask: int) -> tuple[int, ...]:
    # Cached by the victim's territories: a run's play-outs ask for the same ones again and again.
    return tuple(hops_from(board, (t for t in range(len(board.neighbours)) if mask >> t & 1)))


def next_attack(state: TurnState, victim: int, reach: int = 0,
                route: bool = False) -> tuple[tuple[int, int] | None, float]:
    """The (source, target) of ours on the victim's with the best conquest chance, and the chance;
    with ``reach``, when there is none at fair odds, an attack that takes a stack of ours a step
    closer to the victim from at most ``reach`` steps out (the likeliest weighed by the stack's
    size, so that the run is carried by the stack that can finish it); ``route``: as
    :func:`_direct_attack` weighs it."""
    best, best_p = _direct_attack(state, victim, route)
    if reach and best_p < GIVE_UP_BELOW:
        step, step_p = _approach(state, victim, reach)
        if step_p > best_p:
            return step, step_p
    return best, best_p


def _approach(state: TurnState, victim: int, reach: int) -> tuple[tuple[int, int] | None, float]:
    player, owner, armies = state.player, state.owner, state.armies
    hops = hops_to(state, victim)
    # The step by the stack that can carry the run: the best odds weighed by the stack's size.
    best, best_p, best_key = None, -1.0, -1.0
    for s in range(len(owner)):
        if owner[s] != player or armies[s] < 2 or not 1 < hops[s] <= reach + 1:
            continue
        for t in state.board.neighbours[s]:
            if owner[t] == player or hops[t] >= hops[s]:
                continue
            p = state.chance(s, t)
            if p >= GIVE_UP_BELOW and p * armies[s] > best_key:
                best, best_p, best_key = (s, t), p, p * armies[s]
    return best, best_p


#: With ``route``, how much each of the victim's territories next to a target lowers its pick, and
#: how much a dead end (none next to it while others are left) counts against it.
ONWARD_COST = 0.02
DEAD_END = 0.5


def _direct_attack(state: TurnState, victim: int, route: bool = False) -> tuple[tuple[int, int] | None, float]:
    """The attack on the victim with the best conquest chance; with ``route`` the chance weighed
    so that the stack carrying the run walks a path through the victim's territories: fewest
    onward neighbours first (Warnsdorff's rule, which leaves no territory stranded behind), a dead
    end last."""
    player, owner, armies, win = state.player, state.owner, state.armies, state.win
    neighbours = state.board.neighbours
    best, best_p, best_key = None, -1.0, -1.0
    mask = state.own_mask[victim]
    last = mask & (mask - 1) == 0
    theirs = mask
    while theirs:
        low = theirs & -theirs
        t = low.bit_length() - 1
        theirs ^= low
        weight = 1.0
        if route and not last:
            onward = sum(1 for n in neighbours[t] if mask >> n & 1)
            weight = DEAD_END if onward == 0 else 1.0 - ONWARD_COST * onward
        for s in neighbours[t]:
            if owner[s] != player or armies[s] < 2:
                continue
            p = win[armies[s]][armies[t]] if state.sea_rounds is None else state.chance(s, t)
            if p * weight > best_key:
                best, best_p, best_key = (s, t), p, p * weight
    return best, best_p


def play_out(state: TurnState, victim: int, rng, reach: int = 0, all_in: bool = False,
             guards: bool = True) -> bool:
    """Play the run on ``state`` (changed in place); True if the victim is eliminated. With
    ``all_in`` a conquest leaves no guard against the victim's stacks (they are to fall this
    turn), so the stack carries on whole instead of shedding a guard at every step, and walks a
    route through the victim's territories (``next_attack``'s ``route``); without ``guards`` it
    leaves none against anyone's."""
    if all_in:
        state.peaceful = victim if guards else EVERYONE
    for _ in range(4 * (state.count[victim] + reach) + 8):
        if not state.alive[victim]:
            return True
        move, chance = next_attack(state, victim, reach, all_in)
        if move is None or chance < GIVE_UP_BELOW:
            return False
        state.attack(move[0], move[1], 0.0, rng.random())
    return not state.alive[victim]


#: The fewest attacking armies lost per defending army killed, over the whole of a long battle
#: (three dice against two lose about 0.85 to 1; the bound is kept below any rule's ratio).
LOSS_PER_DEFENDER = 0.5


def least_force(state: TurnState, victim: int) -> float:
    """Armies a run needs at the very least to eliminate ``victim``: one left behind on every
    territory it takes, and :data:`LOSS_PER_DEFENDER` for each defender, so that runs no stack
    could carry are not played out (on a big map they are most of them)."""
    mask = state.own_mask[victim]
    armies = state.armies
    total = 0
    while mask:
        low = mask & -mask
        total += armies[low.bit_length() - 1]
        mask ^= low
    return state.count[victim] + LOSS_PER_DEFENDER * total


def plan_elimination(state: TurnState, pool: int, rng, samples: int, least_chance: float,
                     least_cards: int, stagings: int = 2, reach: int = 0,
                     victims: Iterable[int] | None = None) -> EliminationPlan | None:
    """The most likely run on an opponent holding at least ``least_cards`` cards, if its chance
    is at least ``least_chance``; ``state`` is the turn before the ``pool`` is deployed; runs
    start next to the victim, or with ``reach`` up to that many territories short of it, and are
    played all in (:func:`play_out`); ``victims``: only these opponents (every one by default).

    A staging's play-outs stop as soon as the run can no longer reach ``least_chance`` or beat
    the best run found so far: most candidate runs are hopeless, and are seen to be in a few."""
    player, owner, armies = state.player, state.owner, state.armies
    best: EliminationPlan | None = None
    for victim in range(state.players) if victims is None else victims:
        if victim == player or not state.alive[victim] or victim == state.neutral:
            continue
        if state.hand_sizes[victim] < least_cards:
            continue
        # Our stacks next to the victim (or within reach of it), the largest first: where a run can start.
        hops = hops_to(state, victim)
        starts = sorted((s for s in range(len(owner)) if owner[s] == player and hops[s] <= reach + 1),
                        key=lambda s: (-armies[s], s))[:stagings]
        if not starts or armies[starts[0]] + pool < least_force(state, victim):
            continue
        if pool == 0:
            starts = [-1]
        for staging in starts:
            needed = max(least_chance, best.chance if best is not None else 0.0) * samples
            wins = 0
            for played in range(samples):
                if wins + samples - played < needed or (best is not None and wins + samples - played <= needed):
                    break
                trial = state.copy()
                if staging >= 0:
                    trial.armies[staging] += pool
                wins += play_out(trial, victim, rng, reach, all_in=True, guards=False)
            else:
                chance = wins / samples
                if chance >= least_chance and (best is None or chance > best.chance):
                    best = EliminationPlan(victim, staging, chance)
    return best
