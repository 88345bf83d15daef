"""The pace of the bots' turns in the window, and how long what a move shows stays up.

At the speeds a person can follow, :class:`BotPacer` asks one bot move at a time and waits the
speed's pause after each (and for any animation that holds the game); at full speed, and while
skipping to the person's turn, it plays as many moves as fit in a slice of the frame, with no
animations. Bots think on a worker thread (:mod:`risk.gui.worker`) on a view with their own copy
of the seat's random source; answers are applied on the main thread through the session, an
answer that failed or is illegal replaced by a random legal move (and said in the log).

:func:`show` turns a move's events into animations timed for the speed.
"""

from __future__ import annotations

import time

from risk.events import (ArmyPlaced, BlitzResolved, CardsTraded, Deployed, DiceRolled, Fortified, Occupied,
                         PlayerEliminated, TerritoryClaimed, TerritoryConquered)
from risk.gui import animation as anim
from risk.gui import theme
from risk.gui.worker import BotWorker

#: speed: (seconds between bot actions, seconds the dice stay up; 0 = not shown)
SPEEDS = {"slow": (0.9, 1.6), "normal": (0.35, 0.9), "fast": (0.05, 0.0), "max": (0.0, 0.0)}
#: Seconds of a frame that bot moves may take at full speed: the window still answers at once.
FRAME_SLICE = 0.03
#: Seconds the dice of the person's own roll stay up, whatever the bots' speed.
OWN_DICE = 1.3


class BotPacer:
    """When the bots of ``session`` move. ``skip_to_mine``: full speed until a person's turn."""

    def __init__(self, session):
        self.session = session
        self.worker = BotWorker()
        self.job = None
        self.next_move_at = 0.0
        self.skip_to_mine = False

    def speed(self, chosen: str) -> str:
        """The speed the bots play at: the one ``chosen``, or full speed while skipping."""
        return "max" if self.skip_to_mine else chosen

    def advance(self, now: float, chosen: str, animations, moved, stop) -> None:
        """Move the bots on at the speed ``chosen``: ``moved(events, seat)`` after each move; at
        full speed no more once ``stop()`` says so. Nothing moves during a person's turn (which
        ends any skipping), before a hand-over, or while ``animations`` hold the game."""
        session = self.session
        if session.state.is_terminal():
            return
        if self._waits_for_a_person():
            self.skip_to_mine = False
            return
        speed = self.speed(chosen)
        if speed == "max":
            animations.skip()
            deadline = time.monotonic() + FRAME_SLICE
            while not session.state.is_terminal() and not self._waits_for_a_person():
                left = deadline - time.monotonic()
                if left <= 0 or not self._step(left, moved) or stop():
                    break
            return
        if animations.blocking():
            return
        if self.job is None:
            if now >= self.next_move_at:
                self._submit()
        else:
            result = self.worker.poll()
            if result is not None:
                self._answer(result, moved)
                self.next_move_at = time.monotonic() + SPEEDS[speed][0]

    def stop(self) -> None:
        self.worker.stop()

    def _waits_for_a_person(self) -> bool:
        return self.session.is_human_turn() or self.session.handover_due()

    def _submit(self) -> None:
        seat, agent, view, rng = self.session.bot_request()
        self.job = self.worker.submit(agent, view, payload=(seat, rng, self.session.version))

    def _step(self, wait: float, moved) -> bool:
        """One move, waiting up to ``wait`` seconds for the answer; whether one was made."""
        if self.job is None:
            self._submit()
        result = self.worker.poll(timeout=max(wait, 0.0005))
        if result is None:
            return False
        return self._answer(result, moved)

    def _answer(self, result, moved) -> bool:
        """Apply the bot's answer if it is still the one awaited; whether it was applied."""
        if result.job != self.job:
            return False
        self.job = None
        seat, rng, version = result.payload
        session = self.session
        state = session.state
        if version != session.version or state.current_player != seat:
            return False
        action = result.action
        problem = result.error if result.error is not None else state.why_illegal(action)
        if problem is not None:
            session.note(f"{session.names[seat]} failed ({problem}); a random move is played instead", "note")
            actions = state.legal_actions()
            action = actions[rng.below(len(actions))]
        moved(session.bot_answer(seat, rng, action), seat)
        return True


def show(animations, events, now: float, speed: str, human: bool, names, neutral: int) -> None:
    """Animations for a move's ``events`` at ``speed``: the dice stay up as long as the speed
    says (the person's own roll always a while), and at fast speed the rest is quicker, so that
    labels never pile up before the next move."""
    def colour(p):
        return theme.owner_colour(p, neutral)

    dice_time = OWN_DICE if human else SPEEDS[speed][1]
    quick = 0.45 if speed == "fast" else 1.0
    for e in events:
        if isinstance(e, Deployed):
            animations.add(anim.FloatText(now, e.territory, f"+{e.armies}", colour(e.player), quick))
            animations.add(anim.Flash(now, e.territory))
        elif isinstance(e, (ArmyPlaced, TerritoryClaimed)) and speed in ("slow", "normal"):
            animations.add(anim.Flash(now, e.territory, duration=0.4))
        elif isinstance(e, DiceRolled) and dice_time > 0:
            animations.add(anim.Dice(now, e, (colour(e.player), colour(e.defender)), _losses(e, names),
                                     duration=dice_time))
        elif isinstance(e, BlitzResolved):
            animations.add(anim.Arrow(now, e.source, e.target, colour(e.player), duration=0.9 * quick))
            if e.attacker_losses:
                animations.add(anim.FloatText(now, e.source, f"-{e.attacker_losses}", theme.BAD, 1.3 * quick))
            if e.defender_losses:
                animations.add(anim.FloatText(now, e.target, f"-{e.defender_losses}", theme.BAD, 1.3 * quick))
        elif isinstance(e, TerritoryConquered):
            animations.add(anim.Flash(now, e.target, (255, 255, 255), 0.8))
        elif isinstance(e, (Occupied, Fortified)):
            animations.add(anim.Arrow(now, e.source, e.target, colour(e.player), 0.7 * quick))
            animations.add(anim.FloatText(now, e.target, f"+{e.armies}", colour(e.player), quick))
        elif isinstance(e, CardsTraded):
            animations.add(anim.Banner(now, f"{names[e.player]} traded cards for {e.armies} armies", duration=1.4))
        elif isinstance(e, PlayerEliminated):
            victim = names[e.player] if e.player < len(names) else "Neutral"
            animations.add(anim.Banner(now, f"{victim} eliminated by {names[e.by]}", theme.TARGET,
                                       duration=2.0, blocking=True))


def announce(animations, text: str, holder: int, neutral: int, speed: str) -> None:
    """A banner across the map (in the new holder's colour) unless at full speed."""
    if speed != "max":
        colour = theme.owner_colour(holder, neutral) if holder >= 0 else theme.TEXT
        animations.add(anim.Banner(time.monotonic(), text, colour, duration=1.6))


def _losses(e: DiceRolled, names) -> str:
    """Who lost what in a roll, said under the dice; with the commander's six, which die it was."""
    lost = []
    if e.attacker_losses:
        lost.append(f"{names[e.player]} lose{'s' if names[e.player] != 'You' else ''} {e.attacker_losses}")
    if e.defender_losses:
        who = names[e.defender] if e.defender < len(names) else "defender"
        lost.append(f"{who} lose{'s' if who != 'You' else ''} {e.defender_losses}")
    text = ", ".join(lost)
    if e.six_from:
        text = f"{names[e.player]} turned a {e.six_from} into a six: " + text.replace("You lose", "you lose")
    return text
