"""Battle odds as bots use them: attack chances, threats, and survival of territories.

All in the board convention (armies on the territory) and exact under the rules in force (the
dice counts, the seeing defender of the old UK rules, the sea-lane die), from the cached solvers
in :mod:`risk.battle`, for stacks of up to :data:`EXACT_ARMIES` armies; beyond, where a stalemate
piles up thousands, from the approximation of :mod:`risk.battle.large` calibrated on the exact
table (worst error below 5e-4), so that memory stays bounded however large the stacks grow. A territory's *threat* is the chance that its strongest enemy neighbour
conquers it in an all-out attack; its *survival* is one minus that (1 for a territory with no
enemy neighbour able to attack) — the quantity the paper's deployment, transport and reward use.

The odds of an attack depend on the border it crosses once sea-lane defence is played (FAQ
4.10: the defender rolls an extra die in the first 4 rounds across a sea route), so bots ask
:func:`border_chance` or :func:`attack_odds` for a given source and target; :func:`attack_chance`
is the battle over a land border.
"""

from __future__ import annotations

from functools import lru_cache

from risk.battle.caches import register
from risk.battle.large import TABLE_ARMIES, LargeBattleOdds, large_battle_odds
from risk.battle.law import BattleLaw, land_key, odds_depend_on_border, sea_rounds_left
from risk.battle.rolled import is_rolled
from risk.state import NO_OWNER

__all__ = ["EXACT_ARMIES", "LargeOddsRows", "attack_chance", "attack_odds", "attack_options", "border_chance",
           "covers", "odds_rows", "sea_rounds_left", "six_chances", "survival", "threat"]

#: Stacks up to this size get exact odds from a table; larger ones the calibrated approximation
#: (:data:`risk.battle.large.TABLE_ARMIES`).
EXACT_ARMIES = TABLE_ARMIES

_TABLES: dict[tuple, "list[list[float]] | LargeOddsRows"] = register({})


def odds_rows(rules, largest: int):
    """``rows[a][d]``: the conquest chance of ``a`` armies against ``d`` under ``rules`` over a
    land border, for every a, d up to at least ``largest`` (nested lists, or for stacks beyond
    :data:`EXACT_ARMIES` a :class:`LargeOddsRows` indexed the same way)."""
    law = BattleLaw.of(rules)  # over land, without the six
    rows = law.win_rows(min(largest, EXACT_ARMIES))
    if largest <= EXACT_ARMIES:
        return rows
    return LargeOddsRows(rows, large_battle_odds(law.round_model, EXACT_ARMIES))


def covers(rows, largest: int) -> bool:
    """Whether ``rows`` (from :func:`odds_rows`) answers for stacks of up to ``largest``."""
    return isinstance(rows, LargeOddsRows) or (len(rows) > largest and len(rows[-1]) > largest)


class LargeOddsRows:
    """``rows[a][d]`` for any stacks: the exact table where both fit in :data:`EXACT_ARMIES`,
    the approximation elsewhere. Only games with huge stacks pay for the extra indirection."""

    __slots__ = ("exact", "approximation")

    def __init__(self, exact: list[list[float]], approximation: LargeBattleOdds):
        self.exact = exact
        self.approximation = approximation

    def __getitem__(self, attackers: int) -> "_OddsRow":
        return _OddsRow(self.exact[attackers] if attackers <= EXACT_ARMIES else None, attackers,
                        self.approximation)


class _OddsRow:
    __slots__ = ("exact", "attackers", "approximation")

    def __init__(self, exact, attackers: int, approximation: LargeBattleOdds):
        self.exact = exact
        self.attackers = attackers
        self.approximation = approximation

    def __getitem__(self, defenders: int) -> float:
        if self.exact is not None and defenders <= EXACT_ARMIES:
            return self.exact[defenders]
        return _approximate(self.approximation, self.attackers, defenders)


@register
@lru_cache(maxsize=1 << 16)
def _approximate(approximation: LargeBattleOdds, attackers: int, defenders: int) -> float:
    # Board convention: one army stays behind, so Tan's battle has one army fewer.
    return approximation.win(attackers - 1, defenders) if attackers >= 2 else 0.0


def attack_chance(armies_source: int, armies_target: int, rules=None) -> float:
    """P(conquering ``armies_target`` defenders from a territory holding ``armies_source``),
    over a land border (no sea-lane die) and without the commander's six."""
    if armies_source < 2:
        return 0.0
    key = land_key(rules) if rules is not None else None
    rows = _TABLES.get(key)
    largest = max(armies_source, armies_target)
    if rows is None or not covers(rows, largest):
        from risk.rules import Rules
        rows = _TABLES[key] = odds_rows(rules or Rules(), max(largest, 16))
    return rows[armies_source][armies_target]


def border_chance(armies_source: int, armies_target: int, rules, board, source: int, target: int,
                  sea_fought: int = 0, six: bool = False) -> float:
    """P(conquest) of an all-out attack from ``source`` on ``target`` with these armies: the
    sea-lane die if the border is a sea route (``sea_fought`` of its rounds already fought this
    turn), and with ``six`` the commander's six at hand, spent on the roll where it helps most."""
    if armies_source < 2:
        return 0.0
    sea = sea_rounds_left(rules, board, source, target, sea_fought)
    if not (six or sea):
        return attack_chance(armies_source, armies_target, rules)
    law = BattleLaw.with_sea_rounds(rules, sea, six)
    if is_rolled(armies_source, armies_target):
        return _large_border_chance(armies_source, armies_target, rules, law)
    return law.win_probability(armies_source, armies_target)


def _large_border_chance(attackers: int, defenders: int, rules, law: BattleLaw) -> float:
    """:func:`border_chance` for stacks too large to solve: the sea-lane rounds pushed forward
    exactly, each state they reach finished with the land odds. The commander's six, worth a
    hair at this size, is left out."""
    _, opening = law.round_laws
    states = {(attackers - 1, defenders): 1.0}  # Tan's convention: armies that may fight
    chance = 0.0
    for law in opening:
        after: dict[tuple[int, int], float] = {}
        for (a, d), p in states.items():
            for la, ld, q in law.float_outcomes(a, d):
                a2, d2 = max(0, a - la), max(0, d - ld)
                if d2 == 0:
                    chance += p * q
                elif a2 > 0:
                    after[(a2, d2)] = after.get((a2, d2), 0.0) + p * q
        states = after
    return chance + sum(p * attack_chance(a + 1, d, rules) for (a, d), p in states.items())


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
    kept, spent = ((a - la, d - ld) for la, ld in (offer.kept, offer.six))
    law = BattleLaw.for_attack(view, offer.source, offer.target)  # the sea-lane rounds after this roll
    if is_rolled(a, d):
        # Too large to solve the policy: compare the two rolls' odds, as the engine's rolled
        # blitz does (the six kept for later is worth a hair at this size).
        return (_large_chance_after_roll(*kept, view.rules, law), _large_chance_after_roll(*spent, view.rules, law))
    return law.six_chances(kept, spent)


def _large_chance_after_roll(attackers: int, defenders: int, rules, law: BattleLaw) -> float:
    if defenders == 0:
        return 1.0
    if attackers < 2:
        return 0.0
    if law.sea_rounds:
        return _large_border_chance(attackers, defenders, rules, law)
    return attack_chance(attackers, defenders, rules)


def threat(owner, armies, board, territory: int, rules=None, peaceful: int = NO_OWNER) -> float:
    """The chance that the strongest enemy neighbour takes ``territory`` (0 if none can attack),
    in a turn of its own (a fresh sea lane); the stacks of ``peaceful`` (the neutral army, which
    never attacks, or NO_OWNER) are no threat."""
    me = owner[territory]
    worst = 0.0
    defenders = armies[territory]
    sea = rules is not None and odds_depend_on_border(rules)
    for n in board.neighbours[territory]:
        if owner[n] != me and armies[n] >= 2 and owner[n] != peaceful:
            if sea:
                p = border_chance(armies[n], defenders, rules, board, n, territory)
            else:
                p = attack_chance(armies[n], defenders, rules)
            if p > worst:
                worst = p
    return worst


def survival(owner, armies, board, territory: int, rules=None, peaceful: int = NO_OWNER) -> float:
    return 1.0 - threat(owner, armies, board, territory, rules, peaceful)


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
