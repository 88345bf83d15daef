"""Battle odds as bots use them: attack chances, threats, and survival of territories.

All in the board convention (armies on the territory) and exact, from the cached solver in
:mod:`risk.battle`. A territory's *threat* is the chance that its strongest enemy neighbour
conquers it in an all-out attack; its *survival* is one minus that (1 for a territory with no
enemy neighbour able to attack) — the quantity the paper's deployment, transport and reward use.
"""

from __future__ import annotations

from risk.battle import win_probability


def attack_chance(armies_source: int, armies_target: int, dice=None) -> float:
    """P(conquering ``armies_target`` defenders from a territory holding ``armies_source``)."""
    if armies_source < 2:
        return 0.0
    if dice is None:
        return win_probability(armies_source, armies_target)
    return win_probability(armies_source, armies_target, 1, dice)


def threat(owner, armies, board, territory: int, dice=None) -> float:
    """The chance that the strongest enemy neighbour takes ``territory`` (0 if none can attack)."""
    me = owner[territory]
    worst = 0.0
    defenders = armies[territory]
    for n in board.neighbours[territory]:
        if owner[n] != me and armies[n] >= 2:
            p = attack_chance(armies[n], defenders, dice)
            if p > worst:
                worst = p
    return worst


def survival(owner, armies, board, territory: int, dice=None) -> float:
    return 1.0 - threat(owner, armies, board, territory, dice)


def attack_options(view, min_chance: float = 0.0):
    """(chance, source, target) for every attack the current player can start, best first."""
    player, owner, armies, board = view.player, view.owner, view.armies, view.board
    dice = view.dice_rules
    options = []
    for s in view.territories_of(player):
        a = armies[s]
        if a < 2:
            continue
        for t in board.neighbours[s]:
            if owner[t] != player:
                p = attack_chance(a, armies[t], dice)
                if p >= min_chance:
                    options.append((p, s, t))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    return options
