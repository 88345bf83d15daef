"""Battle mathematics: exact odds of a Risk battle, samples of it, and simulations to check them.

The engine-facing API (board convention: ``attackers`` = armies on the attacking territory)::

    from risk.battle import (DiceRules, STANDARD_DICE, resolve_roll, sample_blitz,
                             blitz_distribution, win_probability)

Modules, from the bottom up (each imports only modules above it in this list, at module level;
``tests/test_battle_imports.py`` checks that the graph has no cycle):

- :mod:`~risk.battle.caches` the registry of every cache, :func:`clear_caches`, the sampler cache;
- :mod:`~risk.battle.dice` the dice rules; one round's odds by enumerating every roll (Fractions);
- :mod:`~risk.battle.model` the round model: one round's odds for every state of a battle;
- :mod:`~risk.battle.seeing`, :mod:`~risk.battle.tan1997` the seeing defender (FAQ Q3.1) and
  Tan's 1997 table as round models; :mod:`~risk.battle.sealane` the sea-lane die's round laws;
- :mod:`~risk.battle.rounds` the round models by name; :mod:`~risk.battle.variants` the variants
  and the FAQ's Q3.3 losses;
- :mod:`~risk.battle.exact` the O(A*D) solution state by state, exact with Fractions;
- :mod:`~risk.battle.listsolver` where a small battle ends, in plain Python lists: the numpy
  solver's floats bit for bit, without loading numpy (so that ``risk odds`` starts at once);
- :mod:`~risk.battle.solver` the same, vectorised with numpy: the one the program uses (numpy is
  loaded when it is first called; :mod:`~risk.battle.markov` and :mod:`~risk.battle.montecarlo`,
  which need it at import, are loaded when one of their names is first asked for);
- :mod:`~risk.battle.markov` Tan's absorbing chain, dense and sparse, the reference (scipy, loaded
  only when it is called); :mod:`~risk.battle.rolled` huge battles rolled round by round;
- :mod:`~risk.battle.analysis` conventions, cached tables and distributions;
- :mod:`~risk.battle.large` a calibrated approximation for battles beyond the tables;
- :mod:`~risk.battle.strides` big battles drawn in strides of many full rounds (exact law);
- :mod:`~risk.battle.sampling` one uniform draw -> the outcome of a whole blitz;
- :mod:`~risk.battle.commander` the commander's six, chosen after the roll: the optimal policy;
- :mod:`~risk.battle.phased` battles whose first rounds differ (the sea-lane die);
- :mod:`~risk.battle.report` full battle reports (:func:`battle_odds`);
- :mod:`~risk.battle.montecarlo` vectorised dice-rolling simulation with standard errors;
- :mod:`~risk.battle.plots` Tan's figures redrawn correctly, and a heat map (matplotlib: not
  imported here; ``import risk.battle.plots`` when a figure is wanted).

See ``docs/battle.md``.
"""

from risk.battle.analysis import (CONVENTIONS, battle_table, blitz_distribution, expected_losses, final_states,
                                  model_win_rows, win_probability, win_rows)
from risk.battle.caches import clear_caches
from risk.battle.commander import (commander_outcomes, sample_commander, six_changes, six_choice, six_pays,
                                   six_round, with_six)
from risk.battle.dice import (STANDARD_DICE, BattleError, DiceRules, expected_round_losses, order_statistic,
                              resolve_roll, round_outcomes)
from risk.battle.exact import ExactTable, distribution_exact, solve_exact
from risk.battle.phased import (phased_distribution, phased_outcomes, phased_win_probability,
                                sample_phased)
from risk.battle.report import BattleOdds, battle_odds
from risk.battle.rounds import VARIANTS, RoundModel, round_model, standard_model
from risk.battle.sampling import sample_blitz
from risk.battle.sealane import SEA_LANE_ROUNDS, battle_laws, special_round, variant_model
from risk.battle.solver import BattleTable, final_distribution, solve_table
from risk.battle.variants import (expected_losses_unlimited, faq_seeing_defender_losses, faq_standard_losses,
                                  long_run_loss_ratio, seeing_defender_dice, seeing_defender_model,
                                  tan1997_model, tan1997_round)

# The reference chain and the simulator need numpy at import; they are loaded when first asked
# for (PEP 562), so that ``import risk.battle`` and small battles do without numpy.
_LAZY = {
    "ChainSolution": "risk.battle.markov", "TanChain": "risk.battle.markov", "solve_dense": "risk.battle.markov",
    "solve_sparse": "risk.battle.markov", "tan_chain": "risk.battle.markov",
    "MonteCarloResult": "risk.battle.montecarlo", "simulate_battles": "risk.battle.montecarlo",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'risk.battle' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "BattleError", "BattleOdds", "BattleTable", "CONVENTIONS", "ChainSolution", "DiceRules", "ExactTable",
    "MonteCarloResult", "RoundModel", "STANDARD_DICE", "TanChain", "VARIANTS", "battle_odds", "battle_table",
    "blitz_distribution", "clear_caches", "distribution_exact", "expected_losses", "expected_losses_unlimited",
    "expected_round_losses", "faq_seeing_defender_losses", "faq_standard_losses", "final_distribution",
    "long_run_loss_ratio", "order_statistic", "resolve_roll", "round_model", "round_outcomes", "sample_blitz",
    "seeing_defender_dice", "seeing_defender_model", "simulate_battles", "solve_dense", "solve_exact",
    "solve_sparse", "solve_table", "standard_model", "tan1997_model", "tan1997_round", "tan_chain",
    "win_probability", "win_rows", "final_states", "model_win_rows", "SEA_LANE_ROUNDS", "battle_laws", "phased_distribution", "phased_outcomes",
    "phased_win_probability", "sample_phased", "special_round", "variant_model",
    "commander_outcomes", "sample_commander", "six_changes", "six_choice", "six_pays", "six_round",
    "with_six",
]
