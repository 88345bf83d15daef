"""The public face of the solver: conventions, cached look-ups, and full battle reports.

Two conventions, named everywhere and never mixed:

* ``"tan"`` (Tan 1997): ``A`` attacking armies, all of which can be lost; the battle ends at
  A = 0 (or at ``stop_at`` armies, default 0).
* ``"board"`` (the game): ``A`` armies on the attacking territory, one of which must stay
  behind; the battle ends with 1 army left (or ``stop_at``, default 1).

board(A, D) = tan(A - 1, D): the same battle, counted differently. The engine-facing functions
(:func:`win_probability`, :func:`expected_losses`, :func:`blitz_distribution`, and
:func:`risk.battle.sampling.sample_blitz`) use the board convention;
:func:`risk.battle.report.battle_odds`, the full report built on this module, takes either.

>>> round(win_probability(4, 2), 6), round(expected_losses(3, 2)[0], 6)
(0.655954, 1.409722)
"""

from __future__ import annotations

import operator
from functools import lru_cache

from risk.battle.caches import clear_caches, register
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules
from risk.battle.exact import distribution_exact
from risk.battle.listsolver import final_distribution_lists, in_lists, solve_table_lists, stop_levels_lists
from risk.battle.model import RoundModel, standard_model
from risk.battle.solver import BattleTable, final_distribution, solve_table, stop_levels_below

__all__ = ["CONVENTIONS", "MAX_CACHED_ARMIES", "battle_table", "blitz_distribution", "check_stop_below",
           "clear_caches", "expected_losses", "final_states", "model_win_rows", "tan_battle", "whole_number",
           "win_probability", "win_rows"]

CONVENTIONS = ("board", "tan")


# -- checking what callers pass -------------------------------------------------------------------

def whole_number(name: str, value: object) -> int:
    """``value`` as an int, or a :class:`BattleError` naming ``name`` (floats and bools refused)."""
    if isinstance(value, bool):
        raise BattleError(f"{name} must be a whole number, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise BattleError(f"{name} must be a whole number, not {value!r}") from None


def tan_battle(attackers: object, defenders: object, stop_at: object | None,
               convention: str) -> tuple[int, int, int]:
    """Check a battle given in ``convention``; return it as Tan's (attackers, defenders, stop)."""
    if convention not in CONVENTIONS:
        raise BattleError(f"unknown convention {convention!r}; choose one of: {', '.join(CONVENTIONS)}")
    attackers = whole_number("attacking armies", attackers)
    defenders = whole_number("defending armies", defenders)
    behind = 1 if convention == "board" else 0   # armies that never fight
    stop_at = behind if stop_at is None else whole_number("stop_at", stop_at)
    if attackers < behind + 1:
        where = "on the attacking territory (one stays behind)" if behind else "attacking"
        raise BattleError(f"an attack needs at least {behind + 1} armies {where}, not {attackers}")
    if defenders < 1:
        raise BattleError(f"the defending territory holds at least 1 army, not {defenders}")
    if not behind <= stop_at < attackers:
        raise BattleError(f"stop_at must be from {behind} to {attackers - 1} ({convention} convention, "
                          f"{attackers} attacking armies), not {stop_at}")
    return attackers - behind, defenders, stop_at - behind


def check_stop_below(stop_below: object) -> float | None:
    """``stop_below`` as a float probability (or None), or a :class:`BattleError`."""
    if stop_below is None:
        return None
    try:
        value = float(stop_below)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise BattleError(f"stop_below must be a probability, not {stop_below!r}") from None
    if not 0.0 <= value <= 1.0:
        raise BattleError(f"stop_below must be between 0 and 1, not {stop_below!r}")
    return value


# -- cached tables -------------------------------------------------------------------------------

#: The largest table solved so far for each (round model, stop), in Tan's convention.
_TABLES: dict[tuple[RoundModel, int], BattleTable] = register({})
#: Win probabilities as nested lists, board convention: ``rows[attackers][defenders]``.
_WIN_ROWS: dict[tuple[DiceRules, int], list[list[float]]] = register({})
#: The same for the standard dice, keyed by ``stop_at`` alone so a look-up hashes one int.
_STANDARD_WIN_ROWS: dict[int, list[list[float]]] = register({})

_SMALLEST_TABLE = 32
#: Tables are kept up to this many armies a side (about 30 MB). A larger battle is solved for the
#: call and forgotten: a program that meets huge stacks (a stalemate of thousands of armies) must
#: not keep a table that grows with the square of the largest one.
MAX_CACHED_ARMIES = 1100


def _cacheable(attackers: int, defenders: int) -> bool:
    return attackers <= MAX_CACHED_ARMIES and defenders <= MAX_CACHED_ARMIES


def _grown_table_size(armies: int, cached: int = 0) -> int:
    """The side of the table solved for ``armies`` when the cached one (``cached`` a side) is too
    small: at least twice as large, at least :data:`_SMALLEST_TABLE`, at most the cap."""
    return min(max(armies, 2 * cached, _SMALLEST_TABLE), MAX_CACHED_ARMIES)


def _first_table(attackers: int, defenders: int) -> tuple[int, int]:
    """The size of the table :func:`battle_table` solves for (attackers, defenders) when it has
    none yet for the model and stop."""
    if not _cacheable(attackers, defenders):
        return attackers, defenders
    return _grown_table_size(attackers), _grown_table_size(defenders)


def battle_table(model: RoundModel, attackers: int, defenders: int, stop: int = 0) -> BattleTable:
    """A solved table (Tan's convention) covering (attackers, defenders), cached and grown.

    A table that is too small is replaced by one at least twice as large in the dimension that
    overflowed (up to :data:`MAX_CACHED_ARMIES`), so a caller asking for ever larger battles pays
    O(A*D) in total, not per call. Beyond that size the table is solved for this call only.
    """
    if not _cacheable(attackers, defenders):
        return solve_table(model, attackers, defenders, stop)
    key = (model, stop)
    table = _TABLES.get(key)
    if table is not None and attackers <= table.max_attackers and defenders <= table.max_defenders:
        return table
    old_a, old_d = (table.max_attackers, table.max_defenders) if table is not None else (0, 0)
    new_a = old_a if attackers <= old_a else _grown_table_size(attackers, old_a)
    new_d = old_d if defenders <= old_d else _grown_table_size(defenders, old_d)
    table = solve_table(model, new_a, new_d, stop)
    _TABLES[key] = table
    return table


def _win_rows(dice: DiceRules, stop_at: int, attackers: int, defenders: int) -> list[list[float]]:
    table = battle_table(standard_model(dice), attackers - 1, defenders, stop_at - 1)
    # rows[attackers] is Tan's row attackers - 1; row 0 (no armies at all) is never asked for.
    rows: list[list[float]] = [[]] + table.win.tolist()
    if _cacheable(attackers - 1, defenders):
        _WIN_ROWS[(dice, stop_at)] = rows
        if dice is STANDARD_DICE:
            _STANDARD_WIN_ROWS[stop_at] = rows
    return rows


def win_probability(attackers: int, defenders: int, stop_at: int = 1,
                    dice: DiceRules = STANDARD_DICE) -> float:
    """P(the attacker conquers), board convention: ``attackers`` armies on the territory.

    The attacker rolls the most dice allowed every round until the defender is destroyed or his
    territory is down to ``stop_at`` armies. Cached: after the first call for a size, a look-up is
    a couple of list indexings.
    """
    # Fast path: two list look-ups. Anything unusual (a new size, bad values) takes the slow
    # path below, which checks the values and grows the table.
    try:
        if dice is STANDARD_DICE:
            rows = _STANDARD_WIN_ROWS.get(stop_at)
        else:
            rows = _WIN_ROWS.get((dice, stop_at))
        if rows is not None and stop_at < attackers < len(rows) and defenders > 0:
            row = rows[attackers]
            if defenders < len(row):
                return row[defenders]
    except TypeError:
        pass
    a, d, stop = tan_battle(attackers, defenders, stop_at, "board")
    if not isinstance(dice, DiceRules):
        raise BattleError(f"dice must be DiceRules, not {dice!r}")
    if not _cacheable(a, d):
        return float(battle_table(standard_model(dice), a, d, stop).win[a, d])
    rows = _win_rows(dice, stop + 1, a + 1, d)
    return rows[a + 1][d]


def win_rows(attackers: int, defenders: int, stop_at: int = 1,
             dice: DiceRules = STANDARD_DICE) -> list[list[float]]:
    """The cached table behind :func:`win_probability`, covering at least (attackers, defenders).

    ``rows[a][d]`` is ``win_probability(a, d, stop_at, dice)`` for ``stop_at < a < len(rows)``
    and ``0 < d < len(rows[a])`` (board convention). For code that looks up thousands of battles
    in a loop (the bots' search), where even a function call per look-up is too slow.
    """
    if not _cacheable(attackers, defenders):
        return _win_rows(dice, stop_at, max(attackers, stop_at + 1) + 1, max(defenders, 1))
    win_probability(max(attackers, stop_at + 1), max(defenders, 1), stop_at, dice)
    rows = (_STANDARD_WIN_ROWS.get(stop_at) if dice is STANDARD_DICE
            else _WIN_ROWS.get((dice, stop_at)))
    assert rows is not None
    if len(rows) <= attackers or len(rows[-1]) <= defenders:
        rows = _win_rows(dice, stop_at, max(attackers, stop_at + 1) + 1, max(defenders, 1))
    return rows


_MODEL_WIN_ROWS: dict[RoundModel, list[list[float]]] = register({})


def model_win_rows(model: RoundModel, attackers: int, defenders: int) -> list[list[float]]:
    """Like :func:`win_rows` (stop at 1 army, board convention) for any round model, e.g. the
    seeing defender's; cached per model and grown as needed."""
    rows = _MODEL_WIN_ROWS.get(model)
    if rows is None or len(rows) <= attackers or len(rows[-1]) <= defenders:
        table = battle_table(model, max(attackers, 2), max(defenders, 1), 0)
        rows = [[]] + table.win.tolist()
        if _cacheable(table.max_attackers, table.max_defenders):
            _MODEL_WIN_ROWS[model] = rows
    return rows


def expected_losses(attackers: int, defenders: int, stop_at: int = 1,
                    dice: DiceRules = STANDARD_DICE) -> tuple[float, float]:
    """(expected attacker losses, expected defender losses), board convention, cached."""
    a, d, stop = tan_battle(attackers, defenders, stop_at, "board")
    return battle_table(standard_model(dice), a, d, stop).expected_losses(a, d)


# -- distributions ---------------------------------------------------------------------------------

def _float_final_states(model: RoundModel, a: int, d: int, stop: int,
                        stop_below: float | None) -> dict[tuple[int, int], float]:
    """Final states (Tan's convention) of the battle (a, d) with their probabilities, as floats."""
    if stop_below is None:
        if in_lists((a + 1) * (d + 1)):
            return _listed_final_states(model, a, d, stop, None)
    elif (model, stop) not in _TABLES:
        size_a, size_d = _first_table(a, d)
        if in_lists((size_a + 1) * (size_d + 1)):
            return _listed_final_states(model, a, d, stop, stop_below)
    import numpy as np

    levels = None
    if stop_below is not None:
        levels = stop_levels_below(battle_table(model, a, d, stop), stop_below)
        if levels is None:
            # The stop states are not a run at the bottom of each column: solve state by state.
            return distribution_exact(model, a, d, stop, exact=False, stop_below=stop_below)
        levels = levels[:d + 1]
    conquests, stopped = final_distribution(model, a, d, stop, levels)
    final = {(int(left), 0): float(conquests[left]) for left in np.flatnonzero(conquests)}
    cells = np.nonzero(stopped)
    for dd, aa in zip(*cells):
        final[(int(aa), int(dd))] = float(stopped[dd, aa])
    return dict(sorted(final.items()))


def _listed_final_states(model: RoundModel, a: int, d: int, stop: int,
                         stop_below: float | None) -> dict[tuple[int, int], float]:
    """:func:`_float_final_states` in plain Python lists (:mod:`risk.battle.listsolver`): the
    same floats, without loading numpy. With ``stop_below``, the stop levels come from the table
    :func:`battle_table` would solve first, so that the fall-back is taken exactly when it is."""
    levels = None
    if stop_below is not None:
        levels = stop_levels_lists(solve_table_lists(model, *_first_table(a, d), stop), stop, stop_below)
        if levels is None:
            return distribution_exact(model, a, d, stop, exact=False, stop_below=stop_below)
        levels = levels[:d + 1]
    conquests, stopped = final_distribution_lists(model, a, d, stop, levels)
    final = {(left, 0): p for left, p in enumerate(conquests) if p}
    for dd, row in enumerate(stopped):
        for aa, p in enumerate(row):
            if p:
                final[(aa, dd)] = p
    return dict(sorted(final.items()))


# Bounded by count and, since distributions of larger battles are not sampled from a table
# (risk.battle.rolled), by size: at most a few hundred outcomes each.
@register
@lru_cache(maxsize=512)
def _distribution_items(model: RoundModel, a: int, d: int, stop: int,
                        stop_below: float | None) -> tuple[tuple[tuple[int, int], float], ...]:
    return tuple(_float_final_states(model, a, d, stop, stop_below).items())


def final_states(model: RoundModel, attackers: int, defenders: int, stop: int = 0,
                 stop_below: float | None = None) -> dict[tuple[int, int], float]:
    """Every final state (Tan's convention) of a battle under any round model, cached (floats).

    ``stop_below`` as in :func:`blitz_distribution` (checked by :func:`check_stop_below`)."""
    return dict(_distribution_items(model, attackers, defenders, stop, stop_below))


def blitz_distribution(attackers: int, defenders: int, stop_at: int = 1, dice: DiceRules = STANDARD_DICE,
                       stop_below: float | None = None) -> dict[tuple[int, int], float]:
    """Every final (armies left on the attacking territory, defenders left) with its probability.

    Board convention: the attacker rolls the most dice allowed each round until the defender is
    destroyed or the territory is down to ``stop_at`` armies (possibly fewer: a round can cost
    him two). With ``stop_below``, he also stops in any state other than the start whose
    conquest probability, continuing under ``stop_at``, is below ``stop_below``
    (``win_probability(a, d, stop_at) < stop_below``); the first round is always fought (the
    caller decided to attack). A conquest is a final state with 0 defenders; its first number
    is the armies on the attacking territory before any move in.
    """
    a, d, stop = tan_battle(attackers, defenders, stop_at, "board")
    model = standard_model(dice)
    items = _distribution_items(model, a, d, stop, check_stop_below(stop_below))
    return {(left + 1, defenders_left): p for (left, defenders_left), p in items}
