"""Battle odds as bots use them: attack chances, threats, and survival of territories.

All in the board convention (armies on the territory) and exact under the rules in force (the
dice counts, the seeing defender of the old UK rules, the sea-lane die), from the cached solvers
in :mod:`risk.battle`. A territory's *threat* is the chance that its strongest enemy neighbour
conquers it in an all-out attack; its *survival* is one minus that (1 for a territory with no
enemy neighbour able to attack) — the quantity the paper's deployment, transport and reward use.

The odds of an attack depend on the border it crosses once sea-lane defence is played (FAQ
4.10: the defender rolls an extra die in the first 4 rounds across a sea route), so bots ask
:func:`border_chance` or :func:`attack_odds` for a given source and target; :func:`attack_chance`
is the battle over a land border.
"""

from __future__ import annotations

from functools import lru_cache

from risk.battle import (SEA_LANE_ROUNDS, model_win_rows, phased_win_probability, seeing_defender_model, six_choice,
                         win_rows)

_TABLES: dict[tuple, list[list[float]]] = {}


def odds_rows(rules, largest: int) -> list[list[float]]:
    """``rows[a][d]``: the conquest chance of ``a`` armies against ``d`` under ``rules`` over a
    land border, for every a, d up to at least ``largest``."""
    dice = rules.dice
    if rules.defender_sees_dice:
        return model_win_rows(seeing_defender_model(dice), largest, largest)
    return win_rows(largest, largest, 1, dice)


def attack_chance(armies_source: int, armies_target: int, rules=None) -> float:
    """P(conquering ``armies_target`` defenders from a territory holding ``armies_source``),
    over a land border (no sea-lane die) and without the commander's six."""
    if armies_source < 2:
        return 0.0
    key = (rules.dice, rules.defender_sees_dice) if rules is not None else None
    rows = _TABLES.get(key)
    if rows is None or armies_source >= len(rows) or armies_target >= len(rows[armies_source]):
        from risk.rules import Rules
        rows = _TABLES[key] = odds_rows(rules or Rules(), max(armies_source, armies_target, 16))
    return rows[armies_source][armies_target]


def sea_rounds_left(rules, board, source: int, target: int, fought: int = 0) -> int:
    """Rounds in which the defender of ``target`` still rolls the sea-lane die against an attack
    from ``source``, after ``fought`` such rounds this turn (0 over land or without the rule)."""
    if not rules.sea_lane_defence or frozenset((source, target)) not in board.sea_routes:
        return 0
    return max(0, SEA_LANE_ROUNDS - fought)


def border_chance(armies_source: int, armies_target: int, rules, board, source: int, target: int,
                  sea_fought: int = 0, six: bool = False) -> float:
    """P(conquest) of an all-out attack from ``source`` on ``target`` with these armies: the
    sea-lane die if the border is a sea route (``sea_fought`` of its rounds already fought this
    turn), and with ``six`` the commander's six at hand, spent on the roll where it helps most."""
    if armies_source < 2:
        return 0.0
    sea = sea_rounds_left(rules, board, source, target, sea_fought)
    if not (sea or six):
        return attack_chance(armies_source, armies_target, rules)
    return _phased_chance(armies_source, armies_target, rules.dice, rules.defender_sees_dice, sea, six)


@lru_cache(maxsize=1 << 16)
def _phased_chance(attackers: int, defenders: int, dice, seeing: bool, sea_rounds: int, six: bool) -> float:
    return phased_win_probability(attackers, defenders, dice=dice, seeing=seeing, six=six, sea_rounds=sea_rounds)


def attack_odds(view, source: int, target: int, armies_source: int | None = None, six: bool = False) -> float:
    """The current player's chance to take ``target`` from ``source`` now, all out (with
    ``armies_source`` armies instead of those there, if given)."""
    a = view.armies[source] if armies_source is None else armies_source
    fought = view.sea_rounds.get((source, target), 0) if view.sea_rounds else 0
    return border_chance(a, view.armies[target], view.rules, view.board, source, target, fought, six)


def six_chances(view) -> tuple[float, float]:
    """In the ``COMMANDER`` phase: (chance of conquering the territory under attack if the roll
    is kept, and the six with it; chance if the six is spent now), fighting on all out from the
    armies the roll leaves (exact, :func:`risk.battle.six_choice`)."""
    offer = view.six_offer()
    a, d = view.armies[offer.source], view.armies[offer.target]
    (lost_a, lost_d), (lost_a6, lost_d6) = offer.kept, offer.six
    return six_choice((a - lost_a, d - lost_d), (a - lost_a6, d - lost_d6), dice=view.rules.dice,
                      seeing=view.rules.defender_sees_dice, sea_rounds=offer.sea_rounds_left)


def threat(owner, armies, board, territory: int, rules=None) -> float:
    """The chance that the strongest enemy neighbour takes ``territory`` (0 if none can attack),
    in a turn of its own (a fresh sea lane)."""
    me = owner[territory]
    worst = 0.0
    defenders = armies[territory]
    sea = rules is not None and rules.sea_lane_defence
    for n in board.neighbours[territory]:
        if owner[n] != me and armies[n] >= 2:
            if sea:
                p = border_chance(armies[n], defenders, rules, board, n, territory)
            else:
                p = attack_chance(armies[n], defenders, rules)
            if p > worst:
                worst = p
    return worst


def survival(owner, armies, board, territory: int, rules=None) -> float:
    return 1.0 - threat(owner, armies, board, territory, rules)


def attack_options(view, min_chance: float = 0.0):
    """(chance, source, target) for every attack the current player can start, best first."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    legal = view.legal_actions()
    options = []
    for s in view.territories_of(player):
        a = armies[s]
        if a < 2:
            continue
        for t in board.neighbours[s]:
            if owner[t] != player:
                p = attack_odds(view, s, t)
                if p >= min_chance:
                    options.append((p, s, t))
    if view.rules.retreat:  # a target that may retreat needs 3 armies: keep what is legal
        from risk.actions import Blitz
        options = [o for o in options if Blitz(o[1], o[2]) in legal]
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    return options
