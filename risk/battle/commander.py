"""The commander's six (US 1980 rules, Risk FAQ Q2.9), chosen after the roll, solved exactly.

"Once per turn, each player may change one of the dice he rolled to a six [...] this may only be
performed by an attacking army." The attacker changes a die he has *rolled*: he sees his roll and
the defender's (rolled at the same time, or after his when the defender chooses on seeing it)
before deciding. The six is therefore a decision inside the battle: spend it on this roll, or keep
it for a later one.

**Which die.** Always the lowest (:func:`with_six`): turning a die x into a six keeps the other
dice and adds a six. Removing the lowest die leaves, rank by rank, dice at least as high as
removing any other; adding the same six to both keeps that order, so every sorted die of the
attack is at least as high and each comparison with the defender's sorted dice goes to the
attacker at least as often.

**The policy.** Dynamic programming over the states (a, d, sea-lane rounds fought), with the six
kept or spent, maximising the chance of conquest:

    V_spent(s) = sum over o        of P(o)     * V_spent(next(o))     (the battle without the six)
    V_keep(s)  = sum over (o, o')  of P(o, o') * max(V_keep(next(o)), V_spent(next(o')))

o is a roll's outcome (attacker losses, defender losses) as rolled, o' the same roll with its
lowest die a six; their joint law comes from enumerating both sides' dice (:func:`six_round`).
On a tie the six is kept (for floats: unless spending it gains more than 1e-12). The final
states, and whether the six was spent, come from pushing the probability forward under that
policy. Exact with Fractions, or floats; board convention outside, Tan's inside, as in
:mod:`risk.battle.phased`. It composes with the sea-lane die, the seeing defender and any
:class:`~risk.battle.dice.DiceRules`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Sequence, Union

from risk.battle.caches import register
from risk.battle.dice import FACES, STANDARD_DICE, BattleError, DiceRules, resolve_roll
from risk.battle.rolled import ROLLED_STATES, is_rolled, roll_battle
from risk.battle.sampling import SamplerCache
from risk.battle.sealane import battle_laws
from risk.battle.seeing import seeing_defender_dice

Number = Union[float, Fraction]

#: Spending the six must gain more than this (floats) to beat keeping it: a float tie stays a tie.
FLOAT_TIE = 1e-12


def with_six(attack_dice: Sequence[int]) -> tuple[int, ...]:
    """The roll with its lowest die turned into a six, sorted high to low (see the module's note
    on why the lowest die is always the one to turn)."""
    roll = sorted(attack_dice, reverse=True)
    roll[-1] = 6
    return tuple(sorted(roll, reverse=True))


def roll_outcome(attack_dice: Sequence[int], defend_dice: Sequence[int], defenders: int) -> tuple[int, int]:
    """(attacker losses, defender losses) of a roll against ``defenders`` armies: the sea-lane
    die can win more comparisons than the defender has armies, and he loses only those he has."""
    attacker_losses, defender_losses = resolve_roll(attack_dice, defend_dice)
    return attacker_losses, min(defender_losses, defenders)


def six_changes(attack_dice: Sequence[int], defend_dice: Sequence[int], defenders: int) -> bool:
    """Whether the six would change this roll's outcome (then always for the better)."""
    return roll_outcome(with_six(attack_dice), defend_dice, defenders) != roll_outcome(attack_dice, defend_dice,
                                                                                     defenders)


def _distinct_defenders(dice: DiceRules) -> int:
    # A round depends on the defending armies through his dice (steady from this count), the
    # seeing defender's policy (tells 1 to 5 apart) and his losses (at most 3).
    return max(5, dice.steady_defender_armies)


@register
@lru_cache(maxsize=None)
def _six_round_exact(attack_dice: int, defenders: int, dice: DiceRules, extra_die: bool,
                     seeing: bool) -> tuple[tuple[int, int, int, int, Fraction], ...]:
    usual = dice.defender_dice(defenders)
    counts: Counter = Counter()
    for attack in product(FACES, repeat=attack_dice):
        rolled = tuple(sorted(attack, reverse=True))
        six = with_six(rolled)
        chosen = seeing_defender_dice(defenders, rolled, usual) if seeing else usual
        if extra_die:
            chosen = min(3, chosen + 1)
        weight = 6 ** (3 - chosen)  # every roll counted over 6 ** (attack_dice + 3)
        for defend in product(FACES, repeat=chosen):
            counts[roll_outcome(rolled, defend, defenders) + roll_outcome(six, defend, defenders)] += weight
    total = 6 ** (attack_dice + 3)
    return tuple((*key, Fraction(count, total)) for key, count in sorted(counts.items()))


def six_round(attack_dice: int, defenders: int, dice: DiceRules = STANDARD_DICE, *, extra_die: bool = False,
              seeing: bool = False) -> dict[tuple[int, int, int, int], Fraction]:
    """The joint law of one roll as rolled and with the six: {(attacker losses, defender losses,
    the same with the lowest attacking die a six): probability}, by enumerating every roll.

    ``extra_die``: the sea-lane die; ``seeing``: the defender chooses his dice by the FAQ's Q3.1
    policy on the roll as rolled (the six comes after his choice)."""
    if not 1 <= attack_dice <= dice.attacker_max or defenders < 1:
        raise BattleError(f"no round of {attack_dice} dice against {defenders} armies")
    cell = _six_round_exact(attack_dice, min(defenders, _distinct_defenders(dice)), dice, extra_die, seeing)
    return {(la, ld, la6, ld6): p for la, ld, la6, ld6, p in cell}


class _Laws:
    """The rounds of one kind of battle, as the solver reads them: per (dice, defenders, sea
    die) the joint outcomes (la, ld, la6, ld6, p) and the outcomes without the six (la, ld, p)."""

    def __init__(self, dice: DiceRules, seeing: bool, exact: bool):
        self.dice, self.seeing, self.exact = dice, seeing, exact
        self.cap = _distinct_defenders(dice)
        self._cells: dict[tuple[int, int, bool], tuple[tuple, tuple]] = {}

    def round(self, attackers: int, defenders: int, extra_die: bool) -> tuple[tuple, tuple]:
        key = (min(self.dice.attacker_max, attackers), min(defenders, self.cap), extra_die)
        cell = self._cells.get(key)
        if cell is None:
            joint = _six_round_exact(key[0], key[1], self.dice, extra_die, self.seeing)
            marginal: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
            for la, ld, _, _, p in joint:
                marginal[(la, ld)] += p
            if self.exact:
                cell = (joint, tuple((la, ld, p) for (la, ld), p in sorted(marginal.items())))
            else:
                cell = (tuple((la, ld, la6, ld6, float(p)) for la, ld, la6, ld6, p in joint),
                        tuple((la, ld, float(p)) for (la, ld), p in sorted(marginal.items())))
            self._cells[key] = cell
        return cell


@register
@lru_cache(maxsize=None)
def _laws(dice: DiceRules, seeing: bool, exact: bool) -> _Laws:
    return _Laws(dice, seeing, exact)


def _spend(spent: Number, kept: Number, exact: bool) -> bool:
    """The policy's choice after a roll: the six is spent only if that is strictly better."""
    return spent > kept if exact else spent > kept + FLOAT_TIE


def six_pays(kept: float, spent: float) -> bool:
    """The policy's choice between the chances :func:`six_choice` gives (a tie keeps the six)."""
    return _spend(spent, kept, False)


class Values:
    """V_keep and V_spent (chances of conquest) for every state up to (max_a, max_d), Tan's
    convention: ``keep[r][a][d]`` with ``r`` sea-lane rounds fought of ``sea_rounds``."""

    def __init__(self, max_a: int, max_d: int, stop: int, dice: DiceRules, seeing: bool, sea_rounds: int,
                 exact: bool):
        self.max_a, self.max_d, self.stop, self.sea_rounds, self.exact = max_a, max_d, stop, sea_rounds, exact
        laws = _laws(dice, seeing, exact)
        one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
        layers = range(sea_rounds + 1)
        # A conquest (d = 0) is worth 1 whatever is left; a stopped attack (a <= stop) 0.
        keep = [[[one] + [zero] * max_d for _ in range(max_a + 1)] for _ in layers]
        spent = [[[one] + [zero] * max_d for _ in range(max_a + 1)] for _ in layers]
        # Every round removes at least one army, so (a, d) needs only states before it in this order.
        for a in range(stop + 1, max_a + 1):
            for d in range(1, max_d + 1):
                for r in layers:
                    after = min(r + 1, sea_rounds)
                    joint, marginal = laws.round(a, d, r < sea_rounds)
                    keep_next, spent_next = keep[after], spent[after]
                    spent[r][a][d] = sum(p * spent_next[a - la][d - ld] for la, ld, p in marginal)
                    total = zero
                    for la, ld, la6, ld6, p in joint:
                        stay, use = keep_next[a - la][d - ld], spent_next[a - la6][d - ld6]
                        total += p * (use if _spend(use, stay, exact) else stay)
                    keep[r][a][d] = total
        self.keep, self.spent, self.laws = keep, spent, laws

    def covers(self, a: int, d: int) -> bool:
        return a <= self.max_a and d <= self.max_d


_VALUES: dict[tuple, Values] = register({})


def values(a: int, d: int, stop: int, dice: DiceRules = STANDARD_DICE, seeing: bool = False,
           sea_rounds: int = 0, exact: bool = False) -> Values:
    """Solved values covering (a, d), Tan's convention; cached per kind of battle and grown by
    doubling, so a game asking for ever larger battles pays little more than for the largest."""
    key = (stop, dice, seeing, sea_rounds, exact)
    table = _VALUES.get(key)
    if table is None or not table.covers(a, d):
        old_a, old_d = (table.max_a, table.max_d) if table is not None else (0, 0)
        smallest = 4 if exact else 16  # Fractions cost: solve no more than asked for
        new_a = old_a if a <= old_a else max(a, 2 * old_a, smallest)
        new_d = old_d if d <= old_d else max(d, 2 * old_d, smallest)
        if new_a * new_d > ROLLED_STATES:
            # Lists of Python numbers for every state: grow no further than a sampled battle
            # needs, and solve a larger one (risk odds) for this call only.
            if a * d > ROLLED_STATES:
                return Values(a, d, stop, dice, seeing, sea_rounds, exact)
            new_a, new_d = a, d
        table = _VALUES[key] = Values(new_a, new_d, stop, dice, seeing, sea_rounds, exact)
    return table


def commander_final_states(a: int, d: int, stop: int, dice: DiceRules = STANDARD_DICE, seeing: bool = False,
                           sea_rounds: int = 0, exact: bool = False) -> dict[tuple[int, int, int, bool], Number]:
    """Every final (attackers left, defenders left, sea-lane rounds fought, six spent), Tan's
    convention, of the battle (a, d) fought with the six available and used by the policy."""
    table = values(a, d, stop, dice, seeing, sea_rounds, exact)
    keep, spent, laws = table.keep, table.spent, table.laws
    one = Fraction(1) if exact else 1.0
    # Probability still in play per (a, d): {(rounds fought, six spent): p}.
    live: dict[tuple[int, int], dict[tuple[int, bool], Number]] = {(a, d): {(0, False): one}}
    final: dict[tuple[int, int, int, bool], Number] = defaultdict(Fraction if exact else float)
    for aa in range(a, -1, -1):
        for dd in range(d, -1, -1):
            cell = live.pop((aa, dd), None)
            if cell is None:
                continue
            for (r, used), p in cell.items():
                if dd == 0 or aa <= stop:
                    final[(aa, dd, r, used)] += p
                    continue
                after = min(r + 1, sea_rounds)
                joint, marginal = laws.round(aa, dd, r < sea_rounds)
                if used:
                    for la, ld, q in marginal:
                        _add(live, aa - la, dd - ld, after, True, p * q)
                    continue
                for la, ld, la6, ld6, q in joint:
                    if _spend(spent[after][aa - la6][dd - ld6], keep[after][aa - la][dd - ld], exact):
                        _add(live, aa - la6, dd - ld6, after, True, p * q)
                    else:
                        _add(live, aa - la, dd - ld, after, False, p * q)
    return {state: p for state, p in sorted(final.items()) if p}


def _add(live: dict, a: int, d: int, r: int, used: bool, p: Number) -> None:
    cell = live.setdefault((a, d), {})
    cell[(r, used)] = cell.get((r, used), 0) + p


def _checked(attackers: int, defenders: int, stop_at: int) -> None:
    if attackers < 2 or defenders < 1 or not 1 <= stop_at < attackers:
        raise BattleError(f"no battle from {attackers} armies (stopping at {stop_at}) against {defenders}")


@register
@lru_cache(maxsize=512)
def _float_items(attackers: int, defenders: int, stop_at: int, dice: DiceRules, seeing: bool, sea_rounds: int):
    return tuple(commander_final_states(attackers - 1, defenders, stop_at - 1, dice, seeing, sea_rounds).items())


def commander_outcomes(attackers: int, defenders: int, stop_at: int = 1, *, dice: DiceRules = STANDARD_DICE,
                       seeing: bool = False, sea_rounds: int = 0, exact: bool = False
                       ) -> dict[tuple[int, int, int, bool], Number]:
    """Every final (armies left on the attacking territory, defenders left, sea-lane rounds
    fought, six spent) of a blitz that may spend the six where it raises the chance of conquest
    most, board convention. ``sea_rounds``: rounds still to be fought with the sea-lane die."""
    _checked(attackers, defenders, stop_at)
    if exact:
        items = commander_final_states(attackers - 1, defenders, stop_at - 1, dice, seeing, sea_rounds,
                                       True).items()
    else:
        items = _float_items(attackers, defenders, stop_at, dice, seeing, sea_rounds)
    return {(left + 1, defenders_left, fought, used): p for (left, defenders_left, fought, used), p in items}


def six_choice(kept: tuple[int, int], six: tuple[int, int], *, stop_at: int = 1, dice: DiceRules = STANDARD_DICE,
               seeing: bool = False, sea_rounds: int = 0) -> tuple[float, float]:
    """(chance of conquest keeping the six, chance having spent it) right after a roll, board
    convention: ``kept`` is (armies on the attacking territory, defenders) after the roll as
    rolled, ``six`` after it with the six; the battle goes on to ``stop_at`` with the six used
    by the policy if kept, and ``sea_rounds`` sea-lane rounds still to come."""
    (a, d), (a6, d6) = kept, six
    table = values(max(a, a6) - 1, max(d, d6), stop_at - 1, dice, seeing, sea_rounds)
    return float(table.keep[0][a - 1][d]), float(table.spent[0][a6 - 1][d6])


_SAMPLERS = register(SamplerCache())


def sample_commander(attackers: int, defenders: int, u: float, stop_at: int = 1, *,
                     dice: DiceRules = STANDARD_DICE, seeing: bool = False, sea_rounds: int = 0
                     ) -> tuple[int, int, int, bool]:
    """One draw from :func:`commander_outcomes` by the uniform ``u``: (armies left, defenders
    left, sea-lane rounds fought, whether the six was spent). A very large battle is rolled
    round by round, the six spent on the first roll it improves (:mod:`risk.battle.rolled`)."""
    if is_rolled(attackers, defenders):
        _checked(attackers, defenders, stop_at)
        base, opening = battle_laws(dice, seeing=seeing, sea_rounds=sea_rounds)
        laws = _laws(dice, seeing, False)
        left, defenders_left, fought, spent = roll_battle(
            u, base, opening, attackers - 1, defenders, stop_at - 1,
            six_rounds=lambda a, d, sea_die: laws.round(a, d, sea_die)[0])
        return left + 1, defenders_left, fought, spent
    key = (attackers, defenders, stop_at, dice, seeing, sea_rounds)
    return _SAMPLERS.draw(key, lambda: commander_outcomes(attackers, defenders, stop_at, dice=dice, seeing=seeing,
                                                          sea_rounds=sea_rounds), u)


def clear_commander_caches() -> None:
    _VALUES.clear()
    _SAMPLERS.clear()
    _float_items.cache_clear()
