"""A game in the window: the match, who is human, the log, the statistics, undo and saving.

Everything that changes the game goes through :meth:`GameSession.apply`, which applies an action
with ``Match.step`` (so it is checked and recorded). Undo is offered only where nothing random
has been revealed: the human's deploys (a snapshot of the state is kept and the undone actions
are dropped from the record) and the human's fortify move, which is held as *pending* (shown,
not applied) until the human ends the turn, because in the engine a fortify move ends the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from risk.actions import Deploy, EndPhase, Fortify
from risk.errors import IllegalActionError
from risk.events import (ArmyPlaced, BlitzResolved, CardDrawn, CardsTraded, Deployed, DiceRolled,
                         Fortified, GameOver, Occupied, PlayerEliminated, ReinforcementsReceived,
                         TerritoryClaimed, TerritoryConquered, TurnStarted, visible_events)
from risk.gui.endstats import BattleTally
from risk.gui.stats import Rounds, TurnStats
from risk.match import Match
from risk.phase import Phase
from risk.state import GameState, RandomSource

HUMAN_SPEC = "human"
PUBLIC = "public"  # the key of the log of what every player may see

NICE_NAMES = {"mcts": "MCTS", "markov": "Markov", "threshold": "Threshold", "angry": "Angry",
              "random": "Random"}


class HumanAgent:
    """Stands in the match for the person at the window (who answers through the mouse)."""

    name = HUMAN_SPEC
    spec = HUMAN_SPEC
    seed = None

    def act(self, view):  # pragma: no cover - never asked: the window plays this seat
        raise RuntimeError("the human player moves through the window")


@dataclass
class LogLine:
    text: str
    player: int
    turn: int
    kind: str


def player_names(specs: list[str], players: int, neutral: int) -> list[str]:
    """'You' for the human (by seat, 'Player 2', when several people share the window); bots
    by name, numbered by seat when a name repeats."""
    heads = [spec.split(":", 1)[0] for spec in specs]
    hot_seat = heads.count(HUMAN_SPEC) > 1
    names = []
    for seat, head in enumerate(heads):
        if head == HUMAN_SPEC:
            names.append(f"Player {seat + 1}" if hot_seat else "You")
            continue
        nice = NICE_NAMES.get(head, head.rsplit(".", 1)[-1].title())
        names.append(f"{nice} {seat + 1}" if heads.count(head) > 1 else nice)
    if neutral >= 0:
        names.append("Neutral")
    return names


_YOU_VERBS = {"claims": "claim", "places": "place", "receives": "receive", "trades": "trade",
              "deploys": "deploy", "attacks": "attack", "blitzes": "blitz", "conquers": "conquer",
              "moves": "move", "fortifies": "fortify", "draws": "draw", "is": "are", "wins": "win",
              "takes": "take"}


def _second_person(text: str) -> str:
    """'You attacks' -> 'You attack' (event descriptions are written for third persons)."""
    words = text.split(" ")
    for i in range(len(words) - 1):
        if words[i] == "You" and words[i + 1] in _YOU_VERBS:
            words[i + 1] = _YOU_VERBS[words[i + 1]]
        elif words[i] == "You," and words[i + 1] == "who" and i + 2 < len(words):
            words[i + 2] = _YOU_VERBS.get(words[i + 2], words[i + 2])
    return " ".join(words)


_KINDS = {TerritoryClaimed: "setup", ArmyPlaced: "setup", TurnStarted: "turn",
          ReinforcementsReceived: "income", CardsTraded: "trade", Deployed: "deploy",
          DiceRolled: "battle", BlitzResolved: "battle", TerritoryConquered: "conquest",
          Occupied: "move", Fortified: "move", CardDrawn: "card", PlayerEliminated: "elimination",
          GameOver: "end"}


def telling_order(events: list) -> list:
    """``events`` in the order a log tells them. The engine ends the game on the last conquest,
    before the winner moves in: the winner's last move is told first, then the end."""
    return [e for e in events if not isinstance(e, GameOver)] + [e for e in events if isinstance(e, GameOver)]


class GameSession:
    """The match shown in the window, and what the window adds to it."""

    def __init__(self, match: Match, human: int | None, rebuild: bool = False, humans: list[int] | None = None):
        self.match = match
        #: The seat whose eyes the window shows (its cards, its mission, its log); with several
        #: people at one screen (hot-seat) it changes at each hand-over (:meth:`take_seat`).
        self.human = human
        self.humans: list[int] = list(humans) if humans is not None else ([] if human is None else [human])
        state = match.state
        self.names = player_names(match.specs, state.players, state.neutral)
        #: One log per person, each with only what that seat may see (one log when bots play alone).
        self.logs: dict = {seat: [] for seat in self.humans} if self.humans else {None: []}
        if len(self.humans) > 1:
            self.logs[PUBLIC] = []  # shown between turns, when whoever is looking may be anyone
        self.load_note: str | None = None
        from risk.gui.waited import Waiting
        self.waiting = Waiting(self.humans)
        self.waiting.start(state)
        self.stats = TurnStats(state.players)
        self.rounds = Rounds(state)
        self.tally = BattleTally(state.players)  # each player's battles and dice luck, for the end
        #: Continents that changed hands, (words, new holder), logged already, for the window's banner.
        self.announcements: list[tuple[str, int]] = []
        self.version = 0
        self.undo_stack: list[tuple[GameState, int, int]] = []
        self.pending: list[Fortify] = []
        if rebuild:
            self._rebuild()
        elif state.turn >= 1:
            self.stats.sample(state, state.turn - 1)

    # -- reading -----------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def board(self):
        return self.match.state.board

    @property
    def log(self) -> list[LogLine]:
        """The log of the person now at the window (in a hot-seat game, outside their own turn,
        the log everyone may see)."""
        if not self.shows_secrets():
            return self.logs[PUBLIC]
        return self.logs[self.human if self.human in self.logs else next(iter(self.logs))]

    def shows_secrets(self) -> bool:
        """Whether the window may show the viewer's cards, mission and private log lines: with
        one person always; with several only during the viewer's own turn (between turns the
        next person may already be looking)."""
        return not self.hot_seat() or self.is_human_turn()

    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def handover_due(self) -> bool:
        """Whether another person must take the window before the game goes on (hot-seat)."""
        state = self.state
        return (not state.is_terminal() and state.current_player in self.humans
                and state.current_player != self.human)

    def take_seat(self, seat: int) -> None:
        """The person of ``seat`` now sits at the window: from here on it shows their view."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat + 1} is not played by a person")
        self.human = seat
        self.undo_stack.clear()
        self.pending.clear()
        self.version += 1

    def is_human_turn(self) -> bool:
        state = self.state
        return self.human is not None and not state.is_terminal() and state.current_player == self.human

    def display_state(self) -> GameState:
        """The state to draw: the live one, with the pending fortify moves shown as made."""
        if not self.pending:
            return self.state
        preview = self.state.copy(RandomSource(0))
        for move in self.pending:
            if preview.is_legal(move):
                preview.apply(move)
        return preview

    # -- changing ----------------------------------------------------------------------------------

    def apply(self, action, human: bool = False, rng: RandomSource | None = None) -> list:
        """Apply ``action`` for the player to move (``rng``: the random source a bot thought
        with, see :meth:`bot_request`); raises IllegalActionError and changes nothing if it is
        illegal."""
        state = self.state
        reason = state.why_illegal(action)
        if reason is not None:
            raise IllegalActionError.refusing(action, action.text(state.board), reason)
        snapshot = None
        if human and isinstance(action, Deploy):
            snapshot = (state.copy(), len(self.match.record.actions), {k: len(v) for k, v in self.logs.items()})
        self.tally.before(state, action)
        events = self.match.step(action, rng=rng)
        self.version += 1
        if snapshot is not None and self.is_human_turn():
            self.undo_stack.append(snapshot)
        else:
            self.undo_stack.clear()
        if not self.is_human_turn():
            self.pending.clear()
        self.observe(self.state, events)
        return events

    def can_undo(self) -> bool:
        return self.is_human_turn() and bool(self.pending or self.undo_stack)

    def undo(self) -> bool:
        """Take back the pending fortify move, else the last deploy. False if there is nothing."""
        if not self.is_human_turn():
            return False
        if self.pending:
            self.pending.pop()
            self.version += 1
            return True
        if not self.undo_stack:
            return False
        snapshot, actions, lines = self.undo_stack.pop()
        self.match.state = snapshot
        del self.match.record.actions[actions:]
        for key, count in lines.items():
            del self.logs[key][count:]
        self.version += 1
        return True

    def fortify_allows_more(self) -> bool:
        return self.state.rules.fortify == "unlimited"

    def add_pending(self, move: Fortify) -> None:
        """Hold the human's fortify move until the turn is ended (so it can be undone)."""
        if not self.fortify_allows_more():
            self.pending.clear()
        check = self.state.copy(RandomSource(0))
        for earlier in self.pending:
            check.apply(earlier)
        if check.phase != Phase.FORTIFY or check.player != self.state.player:
            raise IllegalActionError("no more fortify moves this turn", action=move)
        reason = check.why_illegal(move)
        if reason is not None:
            raise IllegalActionError.refusing(move, move.text(self.board), reason)
        self.pending.append(move)
        self.version += 1

    def pending_state(self) -> GameState:
        """A copy with the pending moves made, still in the fortify phase where the rules allow."""
        check = self.state.copy(RandomSource(0))
        for move in self.pending:
            if check.phase == Phase.FORTIFY and check.is_legal(move):
                check.apply(move)
        return check

    def end_turn(self) -> list:
        """Commit the pending fortify moves and end the turn (from the fortify phase)."""
        events: list = []
        moves, self.pending = list(self.pending), []
        seat = self.state.player
        for move in moves:
            events += self.apply(move, human=True)
        state = self.state
        if state.phase == Phase.FORTIFY and state.player == seat and not state.is_terminal():
            events += self.apply(EndPhase(), human=True)
        return events

    # -- bots --------------------------------------------------------------------------------------

    def bot_request(self):
        """(seat, agent, view, rng) for the bot to move (see :meth:`Match.bot_turn`): the view
        has its own copy of the seat's random source, so the live one is untouched (and saved
        as it was) while the bot thinks."""
        turn = self.match.bot_turn()
        return turn.seat, turn.agent, turn.view, turn.rng

    def bot_answer(self, seat: int, rng: RandomSource, action) -> list:
        """Apply a bot's action; its random source moves on as it did while the bot thought."""
        return self.apply(action, rng=rng)

    # -- log and statistics ------------------------------------------------------------------------

    def observe(self, state, events) -> None:
        """Log what happened, as each person at the window may see it: their own secrets only
        (every event in a game of bots alone)."""
        events = telling_order(events)
        first = self.humans[0] if self.humans else None
        self.stats.observe(state, visible_events(events, first))
        self.rounds.observe(events)
        self.waiting.observe(state, events)
        self.tally.observe(events)
        names = self.names
        for seat, log in self.logs.items():
            for event in visible_events(events, -1 if seat == PUBLIC else seat):
                text = event.describe(state.board, names)
                if isinstance(seat, int) and not self.hot_seat():
                    text = _second_person(text)
                player = getattr(event, "player", None)
                if isinstance(event, GameOver):
                    player = event.winner if event.winner is not None else -1
                log.append(LogLine(text, -1 if player is None else player, state.turn,
                                   _KINDS.get(type(event), "other")))
            if len(log) > 3000:
                del log[:1000]
                self.undo_stack.clear()
        from risk.gui.waited import continent_notice

        for continent, old, new in self.waiting.take_notices():
            if not state.is_terminal():  # after "Game over" nobody cares who holds Asia
                text = continent_notice(state.board, names, continent, old, new)
                self.note(text, "continent", turn=state.turn)
                self.announcements.append((text, new))

    def take_announcements(self) -> list[tuple[str, int]]:
        """The continents that changed hands since the last call, (words, new holder), once."""
        out, self.announcements = self.announcements, []
        return out

    def note(self, text: str, kind: str = "info", turn: int | None = None) -> None:
        """A line of the window's own in every person's log (``kind`` "note": a bot's failure)."""
        for log in self.logs.values():
            log.append(LogLine(text, -1, self.state.turn if turn is None else turn, kind))

    def _rebuild(self) -> None:
        """The log and statistics of a loaded game, by replaying its record from the start."""
        record = self.match.record
        state = record.first_position()
        self.waiting = type(self.waiting)(self.humans)
        self.waiting.start(state)
        self.rounds = Rounds(state)
        if state.turn >= 1:
            self.stats.sample(state, state.turn - 1)
        for _, text in record.actions:
            action = state.parse_action(text)
            self.tally.before(state, action)
            self.observe(state, state.apply(action))
        self.announcements.clear()  # the past is in the log, in its place; the banner is for news

    # -- saving ------------------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.match.save(path)


def check_save(path: str | Path) -> None:
    """Everything that can be wrong with a save, found before a window opens: the file is read
    against its schema, a bot named by import path is refused (nothing is imported), and the
    game is replayed. Raises RecordError naming the file."""
    from risk.errors import RecordError
    from risk.gui.saves import read_save

    record, _ = read_save(path)
    for spec in record.players:
        _refuse_import_path(spec, path)
    record.replay(str(path))
    if record.save is not None and len(record.save["seat_rngs"]) != len(record.players):
        raise RecordError("the save's random sources do not match its players", str(path))


def _refuse_import_path(spec: str, path: str | Path) -> None:
    from ai.registry import POLICY_PREFIX, is_import_path
    from risk.errors import RecordError
    from risk.protocol.spec import is_external_spec

    if is_external_spec(spec):
        raise RecordError(f"the save names the bot program '{spec}'; only registered bots are "
                          "loaded from a file, no program is started", str(path))
    if spec.strip().startswith(POLICY_PREFIX):
        raise RecordError(f"the save names the trained model '{spec}'; only registered bots are "
                          "loaded from a file, no model is unpickled", str(path))
    if is_import_path(spec):
        raise RecordError(f"the save names the bot '{spec}' by import path; only registered "
                          "bots are loaded from a file", str(path))


def load_session(path: str | Path) -> GameSession:
    """Resume a saved game: the seat saved as 'human' is the person's, the others are bots.

    The bots are built from the specs in the file, so only registered bots are: a save that
    names a bot by import path is refused with RecordError (nothing is imported). A registered
    bot that is no longer installed is played by angry."""
    from ai.registry import make_trusted_agent
    from risk.errors import RiskError

    def build(spec: str):
        if spec == HUMAN_SPEC:
            return HumanAgent()
        _refuse_import_path(spec, path)
        try:
            return make_trusted_agent(spec)
        except RiskError:
            return make_trusted_agent("angry")  # a bot that is no longer installed

    from risk.errors import RecordError
    from risk.gui.saves import read_save

    record, note = read_save(path)
    state = record.replay(str(path))
    saved, record.save = record.save, None
    match = Match([build(spec) for spec in record.players], state=state, record=record)
    if saved is not None:
        if len(saved["seat_rngs"]) != len(record.players):
            raise RecordError("the save's random sources do not match its players", str(path))
        for rng, rng_state in zip(match.seat_rngs, saved["seat_rngs"]):
            try:
                rng.set_state(rng_state)
            except (KeyError, TypeError, ValueError):
                raise RecordError("the save's random sources are corrupt", str(path)) from None
    players = list(record.players)
    humans = [seat for seat, spec in enumerate(players) if spec == HUMAN_SPEC]
    match.specs = players
    session = GameSession(match, humans[0] if humans else None, rebuild=True, humans=humans)
    session.load_note = note
    return session
