"""The fixed numbering of the OpenSpiel game's chance outcomes (``python_markov_risk``).

An outcome id means the same thing in every state of every game with the same
``max_battle_armies``:

- **Rolls**, ids ``0 .. 6971`` (``ROLL_OUTCOMES``): ``id = 84 * a + d``, where ``a`` indexes
  :data:`ATTACK_ROLLS` (the 83 rolls of 1, 2 or 3 attacking dice, each sorted high to low: the 6
  rolls of one die, then the 21 of two, then the 56 of three, each group from ``(6, 6, 6)``
  down) and ``d`` indexes :data:`DEFEND_ROLLS` (no dice at all, for the attacker's roll that a
  seeing defender has yet to answer, then the 6 + 21 + 56 rolls of 1, 2 or 3 dice in the same
  order). The sea-lane defender's extra die is one of the defending dice.
- **Deals**, ids ``6972 .. 11067`` (from ``DEAL_BASE``): the game's first move, ``id = DEAL_BASE + k``
  for the deal ``k`` of :data:`DEALS` (4096), equally likely; deal ``k`` seeds the game's
  internal random source (set-up, deck, missions) from the ``seed`` parameter and ``k``.
- **Blitz ends**, from ``BLITZ_BASE = 11068``: ``id = BLITZ_BASE + ((six * 5 + sea) * 4 + end) * M + k``
  with ``M = max_battle_armies + 1``, ``sea`` the sea-lane rounds fought (0 to 4), ``six`` 1 if
  the commander's six was spent, and ``end`` how the blitz ended: 0, the target fell, and ``k``
  is the armies the attacker lost; 1, 2 or 3, the source came down to its ``stop_at``, one below
  it or two below it (a round takes up to two armies, three against a sea lane's extra die), and
  ``k`` is the armies the defender lost. Losses, not armies left, so that an id reads the same
  whatever the armies were; one count per id, not both sides' (every end of a blitz fixes one
  side), so that the ids grow with ``max_battle_armies``, not with its square.

The probabilities are the engine's own (:meth:`risk.state.GameState.chance_outcomes`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from risk.actions import Blitz
from risk.battle.law import SEA_ROUNDS_FOUGHT_VALUES, BlitzOutcome, RollOutcome
from risk.errors import RiskError


def _rolls(count: int) -> list[tuple[int, ...]]:
    """Every roll of ``count`` dice sorted high to low, from (6, 6, ...) down."""
    return sorted((tuple(sorted(roll, reverse=True)) for roll in combinations_with_replacement(range(1, 7), count)),
                  reverse=True)


ATTACK_ROLLS: tuple[tuple[int, ...], ...] = tuple(roll for count in (1, 2, 3) for roll in _rolls(count))
DEFEND_ROLLS: tuple[tuple[int, ...], ...] = ((),) + tuple(roll for count in (1, 2, 3) for roll in _rolls(count))
ROLL_OUTCOMES = len(ATTACK_ROLLS) * len(DEFEND_ROLLS)
DEALS = 4096
DEAL_BASE = ROLL_OUTCOMES
BLITZ_BASE = DEAL_BASE + DEALS
#: How a blitz can end: the target fell, or the source stopped at, one or two below its stop_at.
BLITZ_ENDS = 4
_ATTACK_INDEX = {roll: i for i, roll in enumerate(ATTACK_ROLLS)}
_DEFEND_INDEX = {roll: i for i, roll in enumerate(DEFEND_ROLLS)}
_SEA_VALUES = SEA_ROUNDS_FOUGHT_VALUES


class ChanceNumberingError(RiskError):
    """A battle too large for the game's ``max_battle_armies``, or an id that names no outcome."""


class ChanceNumbering:
    """Outcome ids for one value of ``max_battle_armies`` (see the module's notes)."""

    def __init__(self, max_battle_armies: int):
        if max_battle_armies < 1:
            raise ChanceNumberingError(f"max_battle_armies={max_battle_armies} must be at least 1")
        self.max_battle_armies = max_battle_armies
        self._span = max_battle_armies + 1
        self.size = BLITZ_BASE + 2 * _SEA_VALUES * BLITZ_ENDS * self._span

    def encode(self, outcome, action, position) -> int:
        """The id of ``outcome`` of the chance ``action`` in ``position`` (before it is played).
        Raises :class:`ChanceNumberingError` for losses beyond ``max_battle_armies``."""
        if isinstance(outcome, RollOutcome):
            return len(DEFEND_ROLLS) * _ATTACK_INDEX[outcome.attack_dice] + _DEFEND_INDEX[outcome.defend_dice]
        if outcome.defenders == 0:
            end, lost = 0, position.armies[action.source] - outcome.attackers
        else:
            end, lost = 1 + action.stop_at - outcome.attackers, position.armies[action.target] - outcome.defenders
            if not 1 <= end < BLITZ_ENDS:
                raise ChanceNumberingError(f"a blitz stopping at {action.stop_at} ended with {outcome.attackers} "
                                           "attacking armies, which no outcome id names")
        if lost > self.max_battle_armies:
            raise ChanceNumberingError(
                f"a blitz losing {lost} armies exceeds the game parameter "
                f"max_battle_armies={self.max_battle_armies}; load the game with a larger one")
        return BLITZ_BASE + (self._blitz_kind(outcome.six_spent, outcome.sea_rounds_fought, end)) * self._span + lost

    @staticmethod
    def _blitz_kind(six: bool, sea: int, end: int) -> int:
        return (int(six) * _SEA_VALUES + sea) * BLITZ_ENDS + end

    def _blitz_parts(self, outcome_id: int) -> tuple[bool, int, int, int]:
        """(six spent, sea-lane rounds, how it ended, the armies lost) of a blitz id."""
        kind, lost = divmod(outcome_id - BLITZ_BASE, self._span)
        rest, end = divmod(kind, BLITZ_ENDS)
        six, sea = divmod(rest, _SEA_VALUES)
        return bool(six), sea, end, lost

    @staticmethod
    def deal(outcome_id: int) -> int:
        """The deal named by ``outcome_id``. Raises :class:`ChanceNumberingError` if it names none."""
        if not DEAL_BASE <= outcome_id < DEAL_BASE + DEALS:
            raise ChanceNumberingError(f"chance outcome {outcome_id} is not a deal "
                                       f"({DEAL_BASE}..{DEAL_BASE + DEALS - 1})")
        return outcome_id - DEAL_BASE

    def decode(self, outcome_id: int, action, position):
        """The outcome named by ``outcome_id`` for the chance ``action`` in ``position``.
        Raises :class:`ChanceNumberingError` if the id is out of range or of the wrong kind."""
        if not 0 <= outcome_id < self.size:
            raise ChanceNumberingError(f"chance outcome {outcome_id} is out of range 0..{self.size - 1}")
        is_blitz = isinstance(action, Blitz)
        kind = "blitz" if is_blitz else "roll"
        if not (BLITZ_BASE <= outcome_id if is_blitz else outcome_id < ROLL_OUTCOMES):
            raise ChanceNumberingError(f"chance outcome {outcome_id} is not a {kind} outcome")
        if not is_blitz:
            attack, defend = divmod(outcome_id, len(DEFEND_ROLLS))
            return RollOutcome(ATTACK_ROLLS[attack], DEFEND_ROLLS[defend])
        six, sea, end, lost = self._blitz_parts(outcome_id)
        if end == 0:
            return BlitzOutcome(position.armies[action.source] - lost, 0, sea, six)
        return BlitzOutcome(action.stop_at - (end - 1), position.armies[action.target] - lost, sea, six)

    def describe(self, outcome_id: int, action=None, position=None) -> str:
        """A short text for the outcome (``roll 6-5-1 v 4-3``, ``blitz conquers, attacker loses 2``)."""
        if DEAL_BASE <= outcome_id < BLITZ_BASE:
            return f"deal {outcome_id - DEAL_BASE}"
        if 0 <= outcome_id < ROLL_OUTCOMES:
            attack, defend = divmod(outcome_id, len(DEFEND_ROLLS))
            dice = "-".join(map(str, ATTACK_ROLLS[attack]))
            answer = "-".join(map(str, DEFEND_ROLLS[defend])) or "(defender to answer)"
            return f"roll {dice} v {answer}"
        if not BLITZ_BASE <= outcome_id < self.size:
            return f"chance outcome {outcome_id} (out of range)"
        six, sea, end, lost = self._blitz_parts(outcome_id)
        what = (f"blitz conquers, attacker loses {lost}" if end == 0 else
                f"blitz stops {('at its limit', 'one below its limit', 'two below its limit')[end - 1]}, "
                f"defender loses {lost}")
        extra = (f", {sea} sea-lane rounds" if sea else "") + (", six spent" if six else "")
        return what + extra
