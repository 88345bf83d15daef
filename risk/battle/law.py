"""The law of one attack: the one reader of the variant rules that decide a battle.

Four things decide the odds of an attack besides the armies: the dice rules
(:class:`~risk.battle.dice.DiceRules`), whether the defender chooses his dice after seeing the
attacker's (old UK rules, FAQ Q3.1), how many rounds across a sea route still give him an extra
die (FAQ 4.10: the first :data:`SEA_LANE_ROUNDS` of the turn on that route) and whether the
attacker holds the commander's six (US 1980, FAQ Q2.9). A :class:`BattleLaw` holds the four, read
once from the :class:`~risk.rules.Rules`, the board and the turn so far, and answers every
question about the attack with the solver or sampler that serves it: the win probability, the
exact outcome distribution of one roll and of a blitz, one draw of a blitz, and the full report
that ``risk odds`` prints. The engine, the bots, the window and the command line all ask it, so
the variant logic has one copy.

Board convention throughout (armies on the attacking territory, one stays behind).

>>> law = BattleLaw()                       # standard dice, over land, no six
>>> round(law.win_probability(4, 2), 6)
0.655954
>>> sum(law.roll_distribution(3, 2, exact=True).values())
Fraction(1, 1)
>>> BattleLaw(sea_rounds=4).sample_blitz(10, 5, 0.25)
BlitzOutcome(attackers=1, defenders=3, sea_rounds_fought=4, six_spent=False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import NamedTuple, Sequence, Union

from risk.battle.caches import register
from risk.battle.analysis import blitz_distribution, model_win_rows, win_probability, win_rows
from risk.battle.commander import commander_outcomes, roll_outcome, sample_commander, six_choice
from risk.battle.dice import FACES, STANDARD_DICE, BattleError, DiceRules
from risk.battle.exact import distribution_exact
from risk.battle.phased import phased_outcomes, phased_win_probability, sample_phased
from risk.battle.report import BattleOdds, battle_odds
from risk.battle.sealane import SEA_LANE_ROUNDS, battle_laws
from risk.battle.rolled import is_rolled
from risk.battle.model import RoundModel, standard_model
from risk.battle.sampling import sample_blitz, sample_blitz_first_way
from risk.battle.seeing import seeing_defender_dice, seeing_defender_model

Probability = Union[float, Fraction]

__all__ = ["SEA_LANE_ROUNDS", "SEA_ROUNDS_FOUGHT_VALUES", "BattleLaw", "BlitzOutcome", "RollOutcome", "commander_ready", "commanders_played",
           "land_key", "odds_depend_on_border", "sea_rounds_left"]


# -- the rules, read here and nowhere else ---------------------------------------------------------

def sea_rounds_left(rules, board, source: int, target: int, fought: int = 0) -> int:
    """Rounds in which the defender of ``target`` still rolls the sea-lane die against an attack
    from ``source``, after ``fought`` such rounds this turn (0 over land or without the rule)."""
    if not rules.sea_lane_defence or frozenset((source, target)) not in board.sea_routes:
        return 0
    return max(0, SEA_LANE_ROUNDS - fought)


def odds_depend_on_border(rules) -> bool:
    """Whether the odds of an attack depend on the border it crosses (the sea-lane die), so that
    a table of land odds does not answer for every attack."""
    return rules.sea_lane_defence


def commanders_played(rules) -> bool:
    """Whether the rules give every attacker a commander's six (US 1980)."""
    return rules.commanders


def commander_ready(rules, used: bool) -> bool:
    """Whether the attacker may still spend the commander's six this turn (``used``: spent already)."""
    return rules.commanders and not used


def land_key(rules) -> tuple:
    """What the odds of an attack over land, without the six, depend on besides the armies: a
    cache key for tables of such odds (the bots keep theirs on it)."""
    return rules.dice, rules.defender_sees_dice


# -- outcomes --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RollOutcome:
    """The dice of one roll, each side's sorted high to low (given in any order, kept sorted).

    A roll names its dice, not only its losses: the window shows them, the commander's six turns
    one of them, and the seeing defender chooses on them. ``defend_dice`` is empty for the
    attacker's roll that a seeing defender has yet to answer (the ``DEFEND`` phase).
    """

    attack_dice: tuple[int, ...]
    defend_dice: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "attack_dice", tuple(sorted(self.attack_dice, reverse=True)))
        object.__setattr__(self, "defend_dice", tuple(sorted(self.defend_dice, reverse=True)))

    def losses(self, defenders: int) -> tuple[int, int]:
        """(attacker losses, defender losses) of this roll against ``defenders`` armies."""
        return roll_outcome(self.attack_dice, self.defend_dice, defenders)


class BlitzOutcome(NamedTuple):
    """How a blitz ends: the armies left on the attacking territory (before any move in) and on
    the target (0: conquered), the sea-lane rounds it fought and whether it spent the six.
    A named tuple, as the bots' search draws millions of them."""

    attackers: int
    defenders: int
    sea_rounds_fought: int = 0
    six_spent: bool = False


#: How many values ``BlitzOutcome.sea_rounds_fought`` can take (0 up to the sea lane's rounds),
#: for code that numbers outcomes (the OpenSpiel game's chance ids) without reading the rule.
SEA_ROUNDS_FOUGHT_VALUES = SEA_LANE_ROUNDS + 1


# -- the law ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BattleLaw:
    """Everything but the armies that decides one attack.

    ``seeing``: the defender chooses 1 or 2 dice after seeing the attacker's roll (by the FAQ's
    Q3.1 policy wherever the law decides for him: a blitz, the neutral army, the odds).
    ``sea_rounds``: rounds still to come in which he rolls one die more (0 to
    :data:`SEA_LANE_ROUNDS`). ``six``: the attacker holds the commander's six, spent in a blitz
    on the roll where it raises the chance of conquest most. Raises :class:`BattleError` for
    sea-lane rounds out of range.
    """

    dice: DiceRules = STANDARD_DICE
    seeing: bool = False
    sea_rounds: int = 0
    six: bool = False
    #: No variant but the dice: the battle the cached tables and samplers serve fastest (set
    #: once, as the engine and the search ask at every blitz).
    plain: bool = field(init=False, repr=False, compare=False, default=True)

    def __post_init__(self) -> None:
        if not 0 <= self.sea_rounds <= SEA_LANE_ROUNDS:
            raise BattleError(f"sea-lane rounds left must be from 0 to {SEA_LANE_ROUNDS}, not {self.sea_rounds}")
        object.__setattr__(self, "plain", not (self.seeing or self.sea_rounds or self.six))
        # Hashed once: a law keys the caches the bots look up in their inner loops.
        object.__setattr__(self, "_hash", hash((self.dice, self.seeing, self.sea_rounds, self.six)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    @classmethod
    def of(cls, rules, board=None, source: int | None = None, target: int | None = None,
           sea_rounds_fought: int = 0, six: bool = False) -> "BattleLaw":
        """The law of an attack from ``source`` on ``target`` under ``rules`` (over land when no
        board is given), ``sea_rounds_fought`` sea-lane rounds into the turn, with the
        commander's six at hand if ``six``."""
        sea = 0 if board is None else sea_rounds_left(rules, board, source, target, sea_rounds_fought)
        return _shared_law(rules.dice, rules.defender_sees_dice, sea, bool(six))

    @classmethod
    def with_sea_rounds(cls, rules, sea_rounds: int, six: bool = False) -> "BattleLaw":
        """The law under ``rules`` with ``sea_rounds`` sea-lane rounds still to come (as
        :func:`sea_rounds_left` counts them), with the commander's six at hand if ``six``."""
        return _shared_law(rules.dice, rules.defender_sees_dice, sea_rounds, bool(six))

    @classmethod
    def for_attack(cls, state, source: int, target: int, six: bool | None = None) -> "BattleLaw":
        """The law of an attack from ``source`` on ``target`` now, in a game state (or a bot's
        view): the sea-lane rounds already fought on that route this turn, and the six if the
        player may still spend it (``six=False`` leaves it out, as a blitz that does not ask for it)."""
        # Written out rather than through of(): the engine asks at every roll and blitz.
        rules = state.rules
        sea = 0
        if rules.sea_lane_defence:
            fought = state.sea_rounds.get((source, target), 0) if state.sea_rounds else 0
            sea = sea_rounds_left(rules, state.board, source, target, fought)
        ready = rules.commanders and not state.commander_used
        return _shared_law(rules.dice, rules.defender_sees_dice, sea, bool(ready if six is None else six and ready))

    # -- what kind of battle -----------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The whole-battle round law's name, as :func:`~risk.battle.analysis.battle_odds` takes it."""
        return "seeing-defender" if self.seeing else "standard"

    @property
    def round_model(self) -> RoundModel:
        """The round law once the sea-lane rounds are over (the six aside)."""
        return seeing_defender_model(self.dice) if self.seeing else standard_model(self.dice)

    @property
    def round_laws(self) -> tuple[RoundModel, tuple[RoundModel, ...]]:
        """(the battle's round law, the laws of its opening rounds: the sea-lane die)."""
        return battle_laws(self.dice, seeing=self.seeing, sea_rounds=self.sea_rounds)

    def without_six(self) -> "BattleLaw":
        return replace(self, six=False) if self.six else self

    def after_round(self) -> "BattleLaw":
        """The law of the next roll of the same attack (one sea-lane round fewer)."""
        return replace(self, sea_rounds=self.sea_rounds - 1) if self.sea_rounds else self

    # -- odds --------------------------------------------------------------------------------------

    def win_probability(self, attackers: int, defenders: int, stop_at: int = 1) -> float:
        """P(conquest) of a blitz from ``attackers`` armies on ``defenders`` down to ``stop_at``
        (cached). Raises :class:`BattleError` for a battle that cannot be fought."""
        if self.plain:
            return win_probability(attackers, defenders, stop_at, self.dice)
        if stop_at == 1 and not (self.sea_rounds or self.six):
            return model_win_rows(self.round_model, attackers, defenders)[attackers][defenders]
        return _variant_win(self, attackers, defenders, stop_at)

    def win_rows(self, largest: int) -> list[list[float]]:
        """``rows[a][d]``: the conquest chance of ``a`` armies against ``d`` down to 1 army, for
        every a, d up to at least ``largest``, from the cached tables (the sea-lane die and the
        six aside: a table of land odds)."""
        if self.seeing:
            return model_win_rows(self.round_model, largest, largest)
        return win_rows(largest, largest, 1, self.dice)

    def six_chances(self, kept: tuple[int, int], spent: tuple[int, int]) -> tuple[float, float]:
        """Right after a roll the six would change: (chance of conquest keeping the roll, and the
        six with it; chance turning the die into a six), fighting on all out from the armies
        (attackers, defenders) each leaves; this law's sea-lane rounds are those still to come.
        Exact (the six's policy) where the battle is solved; for a battle the engine rolls, the
        two rolls' odds without the six (kept for later it is worth a hair at that size)."""
        (a, d), (a6, d6) = kept, spent
        if is_rolled(max(a, a6), max(d, d6)):
            rest = self.without_six()
            return rest._chance_after(a, d), rest._chance_after(a6, d6)
        return six_choice(kept, spent, dice=self.dice, seeing=self.seeing, sea_rounds=self.sea_rounds)

    def _chance_after(self, attackers: int, defenders: int) -> float:
        if defenders == 0:
            return 1.0
        return 0.0 if attackers < 2 else self.win_probability(attackers, defenders)

    def odds(self, attackers: int, defenders: int, *, convention: str = "board", stop_at: int | None = None,
             stop_below: float | None = None, exact: bool = False) -> BattleOdds:
        """The full report of a blitz (what ``risk odds`` prints): win probability, expected
        losses, survivors, and with the six the chance that it is spent. Raises
        :class:`BattleError` for an impossible battle, or ``stop_below`` under the sea lane or the six."""
        return battle_odds(attackers, defenders, convention=convention, stop_at=stop_at, dice=self.dice,
                           variant=self.variant, exact=exact, stop_below=stop_below, six=self.six,
                           sea_rounds=self.sea_rounds)

    # -- one roll ----------------------------------------------------------------------------------

    def defender_choice(self, defenders: int, attack_dice: Sequence[int]) -> int:
        """The dice the defender of ``defenders`` armies chooses against ``attack_dice`` when the
        law chooses for him: the FAQ's Q3.1 policy if he sees the roll, else all he may."""
        usual = self.dice.defender_dice(defenders)
        return seeing_defender_dice(defenders, attack_dice, usual) if self.seeing and usual > 1 else usual

    def defender_dice(self, defenders: int, attack_dice: Sequence[int]) -> int:
        """The dice he rolls: :meth:`defender_choice` and the sea-lane die."""
        return self.with_sea_die(self.defender_choice(defenders, attack_dice))

    def with_sea_die(self, chosen: int) -> int:
        """The defender's dice: those chosen, and one more in a sea-lane round (FAQ 4.10: "even
        if this means rolling 3 dice", never more)."""
        return min(3, chosen + 1) if self.sea_rounds else chosen

    def roll_distribution(self, attack_dice: int, defenders: int,
                          exact: bool = False) -> dict[RollOutcome, Probability]:
        """Every roll of ``attack_dice`` dice against ``defenders`` armies with its probability,
        the defender's dice chosen by :meth:`defender_dice`. With the six, the roll as rolled
        (the six is the attacker's decision after it)."""
        out: dict[RollOutcome, Probability] = {}
        for attack, p in attacker_rolls(attack_dice, exact).items():
            for defend, q in attacker_rolls(self.defender_dice(defenders, attack), exact).items():
                out[RollOutcome(attack, defend)] = p * q
        return out

    def roll_losses(self, attack_dice: int, defenders: int, exact: bool = False) -> dict[tuple[int, int], Probability]:
        """The same grouped by (attacker losses, defender losses)."""
        out: dict[tuple[int, int], Probability] = {}
        for roll, p in self.roll_distribution(attack_dice, defenders, exact).items():
            key = roll.losses(defenders)
            out[key] = out.get(key, 0) + p
        return dict(sorted(out.items()))

    # -- a blitz -----------------------------------------------------------------------------------

    def blitz_distribution(self, attackers: int, defenders: int, stop_at: int = 1, stop_below: float | None = None,
                           exact: bool = False) -> dict[BlitzOutcome, Probability]:
        """Every end of a blitz with its probability: the law :meth:`sample_blitz` draws from.

        ``stop_below`` (the plain law only): the attacker also stops where his odds fall below
        it. Raises :class:`BattleError` for an impossible battle, ``stop_below`` under a variant,
        or the six in a battle so large that the engine rolls it with a simpler policy."""
        if self.plain:
            if exact:
                final = distribution_exact(standard_model(self.dice), attackers - 1, defenders, stop_at - 1,
                                           exact=True, stop_below=stop_below)
                return {BlitzOutcome(left + 1, left_d): p for (left, left_d), p in final.items() if p}
            final = blitz_distribution(attackers, defenders, stop_at, self.dice, stop_below)
            return {BlitzOutcome(left, left_d): p for (left, left_d), p in final.items() if p}
        self._no_stop_below(stop_below)
        if self.six:
            if is_rolled(attackers, defenders):
                raise BattleError(f"{attackers} against {defenders} is rolled round by round, the six spent on the "
                                  "first roll it improves: its distribution is not solved")
            outcomes = commander_outcomes(attackers, defenders, stop_at, dice=self.dice, seeing=self.seeing,
                                          sea_rounds=self.sea_rounds, exact=exact)
            return {BlitzOutcome(*key): p for key, p in outcomes.items() if p}
        outcomes = phased_outcomes(attackers, defenders, stop_at, dice=self.dice, seeing=self.seeing,
                                   sea_rounds=self.sea_rounds, exact=exact)
        return {BlitzOutcome(*key): p for key, p in outcomes.items() if p}

    def sample_blitz(self, attackers: int, defenders: int, u: float, stop_at: int = 1,
                     stop_below: float | None = None, first_way: bool = False) -> BlitzOutcome:
        """The end of one blitz drawn by the uniform ``u`` in [0, 1): the engine's draw (the same
        ``u`` gives the same outcome, always). ``stop_below`` as in :meth:`blitz_distribution`;
        ``first_way``: a plain blitz drawn as records of version 1 drew it
        (:func:`~risk.battle.sampling.sample_blitz_first_way`)."""
        if self.plain:
            if first_way and stop_below is None:
                return BlitzOutcome(*sample_blitz_first_way(attackers, defenders, u, stop_at, self.dice))
            return BlitzOutcome(*sample_blitz(attackers, defenders, u, stop_at, self.dice, stop_below))
        self._no_stop_below(stop_below)
        if self.six:
            return BlitzOutcome(*sample_commander(attackers, defenders, u, stop_at, dice=self.dice,
                                                  seeing=self.seeing, sea_rounds=self.sea_rounds))
        return BlitzOutcome(*sample_phased(attackers, defenders, u, stop_at, dice=self.dice, seeing=self.seeing,
                                           sea_rounds=self.sea_rounds))

    @staticmethod
    def _no_stop_below(stop_below: float | None) -> None:
        if stop_below is not None:
            raise BattleError("stop_below needs the plain law: the seeing defender, the sea lane and the six "
                              "fight on to stop_at")


@register
@lru_cache(maxsize=None)
def _shared_law(dice: DiceRules, seeing: bool, sea_rounds: int, six: bool) -> BattleLaw:
    # A few dozen laws exist (dice rules x variants): the bots ask for them in their inner loops.
    return BattleLaw(dice, seeing, sea_rounds, six)


@register
@lru_cache(maxsize=1 << 16)
def _variant_win(law: BattleLaw, attackers: int, defenders: int, stop_at: int) -> float:
    return phased_win_probability(attackers, defenders, stop_at, dice=law.dice, seeing=law.seeing, six=law.six,
                                  sea_rounds=law.sea_rounds)


def attacker_rolls(count: int, exact: bool = False) -> dict[tuple[int, ...], Probability]:
    """Every roll of ``count`` dice, sorted high to low, with its probability."""
    return dict(_rolls(count, exact))


@register
@lru_cache(maxsize=None)
def _rolls(count: int, exact: bool) -> tuple[tuple[tuple[int, ...], Probability], ...]:
    counts: dict[tuple[int, ...], int] = {}
    for roll in product(FACES, repeat=count):
        key = tuple(sorted(roll, reverse=True))
        counts[key] = counts.get(key, 0) + 1
    total = 6 ** count
    return tuple((roll, Fraction(n, total) if exact else n / total) for roll, n in sorted(counts.items(), reverse=True))
