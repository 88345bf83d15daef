"""Tournaments: many games between bots, with rotated seats, statistics and ratings.

- :mod:`~risk.tournament.schedule`: seat-rotation groups and per-game seeds
- :mod:`~risk.tournament.entrants`: the entrants' names, and the referee's check of every seat
- :mod:`~risk.tournament.worker`: one game in a worker (a :class:`~risk.match.Match` on the move
  clock of :mod:`risk.clock`) and the fault policy
- :mod:`~risk.tournament.runner`: in-process, process-pool and Ray backends
- :mod:`~risk.tournament.results`: the JSON Lines results file, durable appends, resume
- :mod:`~risk.tournament.session`: the plumbing a run shares (resume checks, progress, lines)
- :mod:`~risk.tournament.stats`: Wilson intervals and sequential probability ratio tests
- :mod:`~risk.tournament.summary`, :mod:`~risk.tournament.ratings`: per-bot totals, ratings
- :mod:`~risk.tournament.report`: the final table, the ``--json`` summary and the plot
- :mod:`~risk.tournament.ladder`: ratings of every bot played, kept in a SQLite database

See docs/tournaments.md for the user's view.
"""

import importlib

#: Where :class:`~risk.tournament.runner.Runner` plays its games (it refuses any other name). Named
#: here, where the command line can read them without loading the runner.
BACKENDS = ("process", "ray")

#: The turn cap of ``risk tournament`` and ``risk ladder play`` unless --max-turns says otherwise.
#: Measured over 400 games between angry, threshold, markov and strategist at 2 to 6 players
#: (docs/tournaments.md): half end by turn 35 and 99% by turn 172; past 500 went one game that
#: ended at turn 932 (the only result of the 400 the cap changes) and two stalemates still going
#: at the rules' 1,000 turns, about 32,000 actions each, which took longer than the other 398
#: games together. A cap far above the games that end changes almost no result and bounds what a
#: stalemate costs; the capped game is adjudicated as every turn-capped game is.
DEFAULT_MAX_TURNS = 500
#: Why, as ``--help`` says it.
DEFAULT_MAX_TURNS_WHY = (": 99% of games between the built-in bots end by turn 172 at 2 to 6 "
                         "players; 3 of the 400 measured ran past 500, two of them stalemates "
                         "(docs/tournaments.md)")

#: Each public name and the module that defines it, imported on first use (PEP 562), so that
#: ``risk tournament --help`` does not pay for the engine and the runner.
_HOMES = {
    "Runner": "runner", "TournamentError": "runner",
    "GameTask": "schedule", "group_seed": "schedule", "tournament_tasks": "schedule",
    "SPRT": "stats", "PairedSPRT": "stats", "wilson_interval": "stats",
    "GameSetup": "worker", "play_game": "worker",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'risk.tournament' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"risk.tournament.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
