"""Monte Carlo battles by actually rolling dice, many battles at once (seed 001's method).

Every round, every battle still running rolls its dice as rows of a numpy array; the rows are
sorted, compared pairwise (ties to the defender), and the losses applied, until every battle has
ended. It is slow next to the exact solver and only ever approximate; it exists to cross-check
the solver (and the enumerated round odds) with honest standard errors.

Randomness comes only from the generator or seed passed in, never from global state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from risk.battle.analysis import tan_battle, whole_number
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules


def as_generator(rng: np.random.Generator | int) -> np.random.Generator:
    """A numpy Generator from a Generator or a seed; refuses None (no hidden global randomness)."""
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, bool):
        raise BattleError("Monte Carlo needs a seed or a numpy Generator")
    return np.random.default_rng(whole_number("seed", rng))


@dataclass(frozen=True)
class MonteCarloResult:
    """Simulated battles, in the convention they were asked in."""

    attackers: int
    defenders: int
    convention: str
    stop_at: int
    attacker_left: np.ndarray    # per battle: armies left (board: on the attacking territory)
    defender_left: np.ndarray

    @property
    def battles(self) -> int:
        return int(self.attacker_left.size)

    @property
    def attacker_win(self) -> float:
        return float(np.mean(self.defender_left == 0))

    @property
    def attacker_win_error(self) -> float:
        """Standard error of :attr:`attacker_win`: sqrt(p (1 - p) / n)."""
        p = self.attacker_win
        return math.sqrt(p * (1 - p) / self.battles)

    @property
    def expected_attacker_losses(self) -> float:
        return float(self.attackers - np.mean(self.attacker_left))

    @property
    def expected_attacker_losses_error(self) -> float:
        return float(np.std(self.attacker_left, ddof=1) / math.sqrt(self.battles))

    @property
    def expected_defender_losses(self) -> float:
        return float(self.defenders - np.mean(self.defender_left))

    @property
    def expected_defender_losses_error(self) -> float:
        return float(np.std(self.defender_left, ddof=1) / math.sqrt(self.battles))

    def frequencies(self) -> dict[tuple[int, int], float]:
        """Observed share of each final (attacker left, defender left)."""
        pairs, counts = np.unique(np.stack([self.attacker_left, self.defender_left]), axis=1,
                                  return_counts=True)
        return {(int(a), int(d)): c / self.battles for (a, d), c in zip(pairs.T, counts)}


def _sorted_roll(rng: np.random.Generator, dice: np.ndarray, most: int) -> np.ndarray:
    """Rows of ``most`` dice, the first ``dice[i]`` of row i rolled, the rest 0, sorted descending."""
    roll = rng.integers(1, 7, size=(dice.size, most), dtype=np.int8)
    roll[np.arange(most) >= dice[:, None]] = 0
    return -np.sort(-roll, axis=1)


def _seeing_defender_choice(attack: np.ndarray, attack_dice: np.ndarray, defenders: np.ndarray,
                            allowed: np.ndarray, four_army_exception: bool) -> np.ndarray:
    """The FAQ's Q3.1 choice, row by row (see :func:`risk.battle.variants.seeing_defender_dice`)."""
    top, second = attack[:, 0], attack[:, 1]
    general = second <= 3
    two = np.where(defenders == 2, second <= 4, general)
    if four_army_exception:
        two = np.where(defenders == 4, general | ((top == 4) & (second == 4)), two)
    chosen = np.where(two, 2, 1)
    return np.where((allowed <= 1) | (attack_dice == 1), allowed, np.minimum(chosen, allowed))


def simulate_battles(attackers: int, defenders: int, battles: int, rng: np.random.Generator | int, *,
                     convention: str = "board", stop_at: int | None = None, dice: DiceRules = STANDARD_DICE,
                     seeing_defender: bool = False, four_army_exception: bool = True) -> MonteCarloResult:
    """Fight ``battles`` independent battles by rolling dice; see :class:`MonteCarloResult`.

    ``seeing_defender`` lets the defender choose his dice after the attacker's roll, by the
    FAQ's Q3.1 policy (only where the defender may roll at most 2 dice).
    """
    a0, d0, stop = tan_battle(attackers, defenders, stop_at, convention)
    battles = whole_number("battles", battles)
    if battles < 2:
        raise BattleError(f"Monte Carlo needs at least 2 battles, not {battles}")
    if seeing_defender and dice.defender_max != 2:
        raise BattleError("the seeing defender's policy is defined for a defender rolling 1 or 2 dice")
    generator = as_generator(rng)
    a = np.full(battles, a0, dtype=np.int64)
    d = np.full(battles, d0, dtype=np.int64)
    running = np.arange(battles)
    most = min(dice.attacker_max, dice.defender_max)
    while running.size:
        aa, dd = a[running], d[running]
        attack_dice = np.minimum(dice.attacker_max, aa)
        allowed = np.where(dd < dice.defender_two_dice_needs, 1, np.minimum(dice.defender_max, dd))
        attack = _sorted_roll(generator, attack_dice, dice.attacker_max)
        if seeing_defender and dice.attacker_max >= 2:
            defend_dice = _seeing_defender_choice(attack, attack_dice, dd, allowed, four_army_exception)
        else:
            defend_dice = allowed
        defend = _sorted_roll(generator, defend_dice, dice.defender_max)
        comparisons = np.minimum(attack_dice, defend_dice)
        counted = np.arange(most) < comparisons[:, None]
        defender_losses = ((attack[:, :most] > defend[:, :most]) & counted).sum(axis=1)
        a[running] = aa - (comparisons - defender_losses)
        d[running] = dd - defender_losses
        running = running[(a[running] > stop) & (d[running] > 0)]
    shift = attackers - a0
    return MonteCarloResult(attackers, defenders, convention, stop + shift, a + shift, d)
