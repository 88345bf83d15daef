"""Tournaments: many games between bots, with rotated seats, statistics and ratings.

- :mod:`~risk.tournament.schedule`: seat-rotation groups and per-game seeds
- :mod:`~risk.tournament.worker`: one game in a worker (a :class:`~risk.match.Match` on the move
  clock of :mod:`risk.clock`) and the fault policy
- :mod:`~risk.tournament.runner`: in-process, process-pool and Ray backends
- :mod:`~risk.tournament.results`: the JSON Lines results file, durable appends, resume
- :mod:`~risk.tournament.session`: the plumbing a run shares (resume checks, progress, lines)
- :mod:`~risk.tournament.stats`: Wilson intervals and sequential probability ratio tests
- :mod:`~risk.tournament.summary`, :mod:`~risk.tournament.ratings`: per-bot totals, ratings
- :mod:`~risk.tournament.report`: the final table, the ``--json`` summary and the plot

See docs/tournaments.md for the user's view.
"""

from risk.tournament.runner import Runner, TournamentError
from risk.tournament.schedule import GameTask, group_seed, tournament_tasks
from risk.tournament.stats import SPRT, PairedSPRT, wilson_interval
from risk.tournament.worker import GameSetup, play_game

__all__ = ["GameSetup", "GameTask", "PairedSPRT", "Runner", "SPRT", "TournamentError",
           "group_seed", "play_game", "tournament_tasks", "wilson_interval"]
