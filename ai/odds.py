"""Battle odds as bots use them: attack chances, threats, and survival of territories.

All in the board convention (armies on the territory) and exact under the rules in force (the
dice counts, and the seeing defender of the old UK rules), from the cached solver in
:mod:`risk.battle`. A territory's *threat* is the chance that its strongest enemy neighbour
conquers it in an all-out attack; its *survival* is one minus that (1 for a territory with no
enemy neighbour able to attack) — the quantity the paper's deployment, transport and reward use.
"""

from __future__ import annotations

from risk.battle import model_win_rows, seeing_defender_model, win_rows

_TABLES: dict[tuple, list[list[float]]] = {}


def odds_rows(rules, largest: int) -> list[list[float]]:
    """``rows[a][d]``: the conquest chance of ``a`` armies against ``d`` under ``rules``, for
    every a, d up to at least ``largest``."""
    dice = rules.dice
    if rules.defender_sees_dice:
        return model_win_rows(seeing_defender_model(dice), largest, largest)
    return win_rows(largest, largest, 1, dice)


def attack_chance(armies_source: int, armies_target: int, rules=None) -> float:
    """P(conquering ``armies_target`` defenders from a territory holding ``armies_source``)."""
    if armies_source < 2:
        return 0.0
    key = (rules.dice, rules.defender_sees_dice) if rules is not None else None
    rows = _TABLES.get(key)
    if rows is None or armies_source >= len(rows) or armies_target >= len(rows[armies_source]):
        from risk.rules import Rules
        rows = _TABLES[key] = odds_rows(rules or Rules(), max(armies_source, armies_target, 16))
    return rows[armies_source][armies_target]


def threat(owner, armies, board, territory: int, rules=None) -> float:
    """The chance that the strongest enemy neighbour takes ``territory`` (0 if none can attack)."""
    me = owner[territory]
    worst = 0.0
    defenders = armies[territory]
    for n in board.neighbours[territory]:
        if owner[n] != me and armies[n] >= 2:
            p = attack_chance(armies[n], defenders, rules)
            if p > worst:
                worst = p
    return worst


def survival(owner, armies, board, territory: int, rules=None) -> float:
    return 1.0 - threat(owner, armies, board, territory, rules)


def attack_options(view, min_chance: float = 0.0):
    """(chance, source, target) for every attack the current player can start, best first."""
    player, owner, armies, board, rules = view.player, view.owner, view.armies, view.board, view.rules
    legal = view.legal_actions()
    options = []
    for s in view.territories_of(player):
        a = armies[s]
        if a < 2:
            continue
        for t in board.neighbours[s]:
            if owner[t] != player:
                p = attack_chance(a, armies[t], rules)
                if p >= min_chance:
                    options.append((p, s, t))
    if view.rules.retreat:  # a target that may retreat needs 3 armies: keep what is legal
        from risk.actions import Blitz
        options = [o for o in options if Blitz(o[1], o[2]) in legal]
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    return options
