"""Hints: the best installed bot's move for the person, thought on a thread of its own and said in
words, to read or to make ("Do it").

A hint is a dict: ``job`` (the worker's job), ``version`` (of the session it was asked in),
``bot`` (its name), and once answered ``action`` and ``text`` (or only ``text`` saying the bot
had nothing). It holds for the position it was asked in: once the game moves on it is dropped.
"""

from __future__ import annotations

from risk.gui import hud
from risk.gui.bots import best_bot
from risk.gui.worker import BotWorker
from risk.state import RandomSource


class Hinter:
    """Asks the best bot for the person's move and collects its answer."""

    def __init__(self):
        self.worker = BotWorker("hint-worker")

    def ask(self, session) -> dict:
        """A hint asked for the person's move in ``session``, under way; RiskError if the best bot
        cannot be made."""
        from ai import make_agent

        name = best_bot()
        agent = make_agent(name)
        state = session.state
        seed = (state.rng.seed or 0) * 1000003 + len(session.match.record.actions)
        view = state.view(session.human, RandomSource(seed % (2 ** 32)))
        job = self.worker.submit(agent, view)
        return {"job": job, "version": session.version, "bot": name, "action": None, "text": None}

    def collect(self, session, hint: dict | None) -> dict | None:
        """``hint`` with the bot's answer if it has come, None if the game has moved on since."""
        result = self.worker.poll()
        if result is None or hint is None or result.job != hint.get("job"):
            return hint
        if hint["version"] != session.version:
            return None
        state = session.state
        if result.error is not None or state.why_illegal(result.action) is not None:
            hint["text"] = "The hint bot could not suggest a move."
            return hint
        hint["action"] = result.action
        hint["text"] = hud.describe_action(state, result.action)
        return hint

    def stop(self) -> None:
        self.worker.stop()
