"""The game scene: the map, the panels, the bots moving, and the person's turn.

The person's clicks and keys arrive as intents; :mod:`risk.gui.selection` says what each comes
to (an action, the next selection, words, a dialog to open), and the action goes through
:meth:`GameSession.apply` (checked and recorded). The bots' moves are paced by
:mod:`risk.gui.pacing` and shown by animations; :mod:`risk.gui.hud` draws it all.
"""

from __future__ import annotations

import time

from risk.actions import EndPhase, Fortify
from risk.errors import IllegalActionError, RiskError
from risk.events import GameOver, TurnStarted, visible_events
from risk.gui import animation as anim
from risk.gui import hud, pacing, panels, saves, selection, sound
from risk.gui import intents as I
from risk.gui.hints import Hinter
from risk.gui.maprender import MapView
from risk.gui.scenes.base import Scene
from risk.gui.session import GameSession, HumanAgent, load_session
from risk.phase import Phase
from risk.state import RandomSource

#: The bot whose set-up "Place the rest automatically" plays.
AUTO_SETUP_BOT = "threshold"


class GameScene(Scene):
    pauses_game = False

    def __init__(self, app, session: GameSession):
        super().__init__(app)
        self.session = session
        self.view = prepared_view(app, session.board)
        self.view.neutral = session.state.neutral
        self.anims = anim.Animations()
        self.pacer = pacing.BotPacer(session)
        self.hinter = Hinter()
        self.selection = selection.Selection()
        self.hint = None
        #: (words, until when, the phase they were said in): a message answers a moment of the
        #: turn, so it goes when the phase changes.
        self.message: tuple[str, float, object] | None = None
        self.log_scroll = 0
        self.over_shown = False
        self.dialog_for = None
        self.autosave_enabled = True
        #: Whether the autosave file holds this game (or nothing worth keeping) and may be written
        #: over; until then an unfinished game found there is kept among the saves first.
        self.autosave_is_mine = False
        self.auto_setup: set[int] = set()  # people whose set-up is being placed for them
        self.waited = None  # the "while you waited" summary on show (its territories are ringed)
        self.rects = {}
        self.panels = None  # this frame's panels (risk.gui.panels), laid out in update()
        self._size = None
        self._pending_at = 0.0
        self.map_stale = False  # resized or zoomed: the map picture is stretched until it is drawn anew
        self.map_picture = None  # the map as last drawn, to stretch while resizing
        #: While a zoom waits to be drawn: (how much bigger, the screen point it grows from).
        self.stretch: tuple[float, tuple[int, int]] | None = None
        self.layout()

    # -- making -----------------------------------------------------------------------------------

    @classmethod
    def new(cls, app, config) -> "GameScene":
        from risk.match import Match
        from risk.players import make_player

        humans = config.human_seats()
        bots = iter(config.bots)
        agents = [HumanAgent() if seat in humans else make_player(next(bots)) for seat in range(config.players)]
        match = Match(agents, seed=config.seed, rules=config.rules, board=config.board)
        session = GameSession(match, humans[0] if humans else None, humans=humans)
        # The seed, for the person who wants these dice again (risk play --seed N).
        session.note(f"Game seed {match.seed} (risk play --seed {match.seed} deals the same game)")
        return cls(app, session)

    @classmethod
    def loaded(cls, app, path) -> "GameScene":
        session = load_session(path)
        scene = cls(app, session)
        scene.autosave_is_mine = _same_file(path, saves.autosave_path())
        if session.load_note:
            session.note(session.load_note[:1].upper() + session.load_note[1:] + ".")
            app.notify(f"Loaded {getattr(path, 'name', path)}: {session.load_note}", 6)
        else:
            app.notify(f"Loaded {getattr(path, 'name', path)}")
        return scene

    # -- layout -----------------------------------------------------------------------------------

    def layout(self) -> None:
        """The panels where :func:`risk.gui.panels.regions` puts them for the window's size.

        A new size takes effect at once for the panels, with the old map picture stretched into
        its place (drawing the map anew is slow); the map is drawn anew once the size has held
        still for a moment, so dragging the window's edge does not stall."""
        size = self.app.screen.get_size()
        now = time.monotonic()
        if self.rects and size == self._size:
            if self.map_stale and now - self._pending_at >= 0.15:
                self.view.layout(self.rects["map"])
                self.map_stale = False
                self.stretch = None
            return
        first = not self.rects
        self._size, self._pending_at = size, now
        self.rects = panels.regions(size, self.session.board.size)
        if first:
            self.view.layout(self.rects["map"])
        else:
            self.map_stale = True

    def territory_at(self, pos):
        if self.map_stale:
            return None  # the stretched picture is not where the territories will be
        return self.view.territory_at(pos)

    # -- what the person has picked -------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def turn(self) -> selection.Turn:
        """The game as the person's intents are read in (:mod:`risk.gui.selection`)."""
        state = self.state
        planned = self.session.pending_state() if state.phase == Phase.FORTIFY else state
        return selection.Turn(state, planned, self.session.is_human_turn())

    def candidates(self) -> list[int]:
        """The territories the person may pick next (highlighted, and what Tab cycles through)."""
        return selection.candidates(self.turn(), self.selection)

    def blitz_stop(self) -> int:
        return selection.blitz_stop(self.state, self.selection)

    def blitz_six_ready(self) -> bool:
        return selection.blitz_six_ready(self.state, self.selection)

    def speed(self) -> str:
        """The speed the bots play at now."""
        return self.pacer.speed(self.app.speed)

    # -- the game moving on -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        now = time.monotonic()
        self.layout()
        self.anims.update(now)
        self.hint = self.hinter.collect(self.session, self.hint)
        top = self.app.top
        if top is self or not top.pauses_game:
            self.pacer.advance(now, self.app.speed, self.anims, self._bot_moved, lambda: self.app.quit_after_frame)
            if top is self:
                self._auto_setup_step()
                self._auto_dialogs()
        self._check_end()
        self._widgets = hud.build_widgets(self)

    def _bot_moved(self, events, seat: int) -> None:
        self._after(events, human=False)

    def _after(self, events, human: bool) -> None:
        """After every action: show it, autosave at a turn's start, tell of continents changing
        hands, and keep the person's selection meaningful."""
        session = self.session
        events = visible_events(events, session.human)
        speed = "normal" if human else self.speed()
        if speed != "max":
            pacing.show(self.anims, events, time.monotonic(), speed, human, session.names, self.state.neutral)
            sound.play_events(events)
        if any(isinstance(e, (TurnStarted, GameOver)) for e in events):
            self.autosave()
        for text, holder in session.take_announcements():
            pacing.announce(self.anims, text, holder, self.state.neutral, speed)
        if any(isinstance(e, TurnStarted) for e in events):
            self.selection = self.selection.new_turn()
        if session.is_human_turn():
            self.pacer.skip_to_mine = False  # skipped far enough: the person's own turn plays at the chosen speed
        if self.hint is not None and self.hint.get("version") != session.version:
            self.hint = None
        self.selection = selection.tidied(self.turn(), self.selection)
        limit = self.app.config.quit_after_turns
        if limit is not None and (self.state.turn > limit) and not self.state.is_terminal():
            self.app.quit_after_frame = True

    def _auto_dialogs(self) -> None:
        """The scenes a moment of the game opens by itself: the hand-over to the next person,
        "while you waited", the card trade and the occupation after a conquest."""
        session = self.session
        if session.handover_due():
            self.anims.skip()  # nothing of the last player's may stay on show for the next
            self.selection = self.selection.cleared()
            self.hint = None
            self.app.open("hand-over", self, self.state.current_player)
            return
        if session.is_human_turn() and not self.anims.blocking():
            summary = session.waiting.take_summary(session.human)
            if summary is not None and not summary.is_empty():  # a quiet round needs no panel
                self.waited = summary
                self.app.open("waited", self, summary)
                return
        if not session.is_human_turn() or self.anims.blocking():
            return
        key = (session.version, self.state.phase)
        if key == self.dialog_for:
            return
        if self.state.phase == Phase.TRADE:
            self.dialog_for = key
            self.app.open("cards", self)
        elif self.state.phase == Phase.OCCUPY:
            self.dialog_for = key
            self.app.open("occupy", self)

    def _check_end(self) -> None:
        if self.state.is_terminal() and not self.over_shown and not self.anims.blocking():
            self.over_shown = True
            self.app.open("game-over", self)
            if self.app.config.quit_after_turns is not None:
                self.app.quit_after_frame = True

    def _auto_setup_step(self) -> None:
        """One set-up move for a person who asked for the rest to be placed automatically."""
        session, state = self.session, self.state
        if not self.auto_setup or not session.is_human_turn() or session.human not in self.auto_setup:
            return
        if state.phase not in (Phase.CLAIM, Phase.PLACE):
            if not state.phase.is_setup:
                self.auto_setup.clear()
            return
        from ai import make_bot

        # The Medium bot's set-up: claims that build towards a continent, each army on the border
        # most in danger, which an army placed there makes safer, so they spread along the front.
        seed = (state.rng.seed or 0) + len(session.match.record.actions)
        action = make_bot(AUTO_SETUP_BOT).act(state.view(session.human, RandomSource(seed % (2 ** 32))))
        self.human_action(action)

    # -- saving ---------------------------------------------------------------------------------------

    def autosave(self) -> None:
        # A game of bots alone is watched, not played: it never takes the place of a person's
        # game in the autosave.
        if not self.autosave_enabled or not self.session.humans:
            return
        path = saves.autosave_path()
        try:
            if not self.autosave_is_mine:
                kept = saves.keep_unfinished(path)
                if kept is not None:
                    self.app.notify(f"Your unfinished game was kept as {kept.name} (Ctrl+L loads it)", 6)
                self.autosave_is_mine = True
            saves.ensure_parent(path)
            self.session.save(path)
        except (OSError, RiskError) as exc:
            self.say(f"Autosave failed: {exc}")

    def save_as(self):
        path = saves.new_save_path()
        try:
            saves.ensure_parent(path)
            self.session.save(path)
        except (OSError, RiskError) as exc:
            self.app.notify(f"Could not save: {exc}")
            return None
        self.app.notify(f"Saved as {path.name}")
        return path

    def on_quit(self) -> None:
        if not self.state.is_terminal():
            self.autosave()
        self.pacer.stop()
        self.hinter.stop()

    # -- the person's input ------------------------------------------------------------------------

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.message = (text, time.monotonic() + seconds, self.state.phase)

    def handle(self, intent) -> None:
        if self.anims.blocking() and not isinstance(intent, (I.Hover, I.Scroll, I.Speed)):
            self.anims.skip()
            if not isinstance(intent, I.SkipToMyTurn):  # S ends the dice pop-up and still skips
                return
        handler = getattr(self, "on_" + type(intent).__name__, None)
        if handler is not None:
            handler(intent)
        else:
            self.respond(intent)

    def respond(self, intent) -> None:
        """Carry out what ``intent`` comes to on the map (:func:`risk.gui.selection.respond`)."""
        response = selection.respond(self.turn(), self.selection, intent)
        moved = response.selection.focus != self.selection.focus
        self.selection = response.selection
        if moved and isinstance(intent, (I.Cycle, I.Activate)):
            self._keep_in_view()
        if response.say is not None:
            self.say(response.say)
        if response.opens == ("cards",):
            self.on_ShowCards(None)
        elif response.opens:
            self.app.open(response.opens[0], self, *response.opens[1:])
        if response.action is not None and self.human_action(response.action) and response.deploys_on is not None:
            self.selection = self.selection.deployed(response.deploys_on)

    def human_action(self, action) -> bool:
        """Apply the person's action; say why if it is illegal. The fortify move is planned (it is
        made, or taken back, until the turn ends)."""
        session = self.session
        if not session.is_human_turn():
            self.say("Wait for your turn.")
            return False
        if isinstance(action, Fortify):
            try:
                session.add_pending(action)
            except IllegalActionError as exc:
                self.say(_reason(exc))
                return False
            self.selection = self.selection.cleared()
            return True
        if isinstance(action, EndPhase) and self.state.phase == Phase.FORTIFY:
            events = session.end_turn()
            self._after(events, human=True)
            return True
        try:
            events = session.apply(action, human=True)
        except IllegalActionError as exc:
            self.say(_reason(exc))
            return False
        self._after(events, human=True)
        return True

    def on_Choose(self, intent):
        if intent.key == "auto-setup" and self.session.is_human_turn() and self.state.phase.is_setup:
            self.auto_setup.add(self.session.human)
            self.say("The rest of your set-up is placed for you, along your borders.")

    def on_Undo(self, intent):
        if self.session.undo():
            self.say("Undone.")
            self.selection = selection.tidied(self.turn(), self.selection)
        else:
            self.say("Nothing to undo (only deploys and the fortify move can be taken back).")

    def on_Navigate(self, intent):
        self.selection = self.selection.focused(hud.step_focus(self, intent.dx, intent.dy), self.state)
        self._keep_in_view()

    def _keep_in_view(self) -> None:
        """On a zoomed map, the territory the keyboard has reached is brought into view."""
        focus = self.selection.focus
        if focus is not None and self.view.zoomable and not self.map_stale:
            self.view.show(focus)

    def on_Scroll(self, intent):
        if self.rects["side"].collidepoint(intent.pos):
            self.log_scroll = max(0, self.log_scroll + intent.amount * 3)
        else:
            self.respond(I.Adjust(intent.amount))

    def on_Zoom(self, intent):
        """Zoom the map (a map bigger than the window); it is drawn anew once the zooming pauses,
        the picture as it was stretched meanwhile."""
        before = self.view.zoom
        if self.view.zoom_by(intent.steps, intent.pos):
            ratio, about = self.view.zoom / before, intent.pos or self.rects["map"].center
            if self.stretch is not None:  # zooming on before the map was drawn: from the first picture
                ratio *= self.stretch[0]
                about = self.stretch[1]
            self.stretch = (ratio, about)
            self.map_stale, self._pending_at = True, time.monotonic()

    def on_Pan(self, intent):
        if not self.map_stale:
            self.view.pan_by(intent.dx, intent.dy)

    def on_Press(self, intent):
        if self.rects["map"].collidepoint(intent.pos) and not self.turn().attack_declared:
            self.selection = self.selection.cleared()

    def on_Cancel(self, intent):
        if self.turn().attack_declared:
            self.on_Menu(intent)  # the declared attack cannot be called off: nothing to cancel
        elif self.selection.target is not None or self.selection.source is not None:
            self.selection = self.selection.taken_back()
        elif self.hint is not None:
            self.hint = None
        else:
            self.on_Menu(intent)

    def on_Speed(self, intent):
        if self.state.is_terminal():
            return  # the game is over: the speed keys do nothing, as their buttons show
        self.app.speed = intent.level
        self.pacer.skip_to_mine = False
        self.app.notify(f"Bot speed: {intent.level}", 1.2)

    def on_SkipToMyTurn(self, intent):
        if self.state.is_terminal():
            return
        if self.session.human is None or not self.state.alive[self.session.human]:
            self.app.speed = "max"
        elif not self.session.is_human_turn():
            self.pacer.skip_to_mine = True

    def on_Help(self, intent):
        self.app.open("help")

    def on_Save(self, intent):
        self.save_as()

    def on_Load(self, intent):
        self.app.open("load")

    def on_Menu(self, intent):
        self.app.open("pause", self)

    def on_ShowCards(self, intent):
        if self.session.human is not None and self.session.shows_secrets():
            self.app.open("cards", self)

    def on_Hint(self, intent):
        if self.state.is_terminal():
            return
        if not self.session.is_human_turn():
            self.say("Hints are for your own turn.")
            return
        try:
            self.hint = self.hinter.ask(self.session)
        except RiskError as exc:
            self.say(f"No hint: {exc}")

    def on_ApplyHint(self, intent):
        if self.hint and self.hint.get("action") is not None:
            self.human_action(self.hint["action"])

    # -- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        hud.draw(self, surface)


def prepared_view(app, board) -> MapView:
    """The map view of ``board``, saying "Preparing the map..." on the screen first when its
    geometry must be worked out (a map given by positions, opened the first time)."""
    from risk.gui.geocache import cache_files, is_quick

    if not is_quick(board) and not any(path.is_file() for path in cache_files(board)):
        app.show_progress(f"Preparing the map {board.name}...")
    view = MapView(board)
    view.open_legibly()  # a big world opens zoomed in as far as its badges need
    return view


def _same_file(a, b) -> bool:
    from pathlib import Path

    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _reason(exc: IllegalActionError) -> str:
    text = exc.reason
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
