"""The round models by name: ``"standard"``, ``"seeing-defender"`` and ``"tan1997"``.

What a round model is, and the standard game's, is in :mod:`risk.battle.model` (whose names are
re-exported here); the seeing defender's in :mod:`risk.battle.seeing`, Tan's 1997 table in
:mod:`risk.battle.tan1997`. :func:`round_model` is the one place that maps a name to a model.
"""

from __future__ import annotations

from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules
from risk.battle.model import FloatOutcome, Outcome, RoundModel, build_model, standard_model
from risk.battle.seeing import seeing_defender_model
from risk.battle.tan1997 import tan1997_model

__all__ = ["FloatOutcome", "Outcome", "RoundModel", "VARIANTS", "build_model", "round_model", "standard_model"]

#: The round models, by the name the command line and :func:`round_model` use.
VARIANTS = ("standard", "seeing-defender", "tan1997")


def round_model(variant: str = "standard", dice: DiceRules = STANDARD_DICE) -> RoundModel:
    """The round model called ``variant`` (one of :data:`VARIANTS`) under ``dice``.

    Raises :class:`~risk.battle.dice.BattleError` for a name not in :data:`VARIANTS`.
    """
    if variant == "standard":
        return standard_model(dice)
    if variant == "seeing-defender":
        return seeing_defender_model(dice)
    if variant == "tan1997":
        return tan1997_model(dice)
    raise BattleError(f"unknown battle variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
