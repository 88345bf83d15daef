"""The game scene: the map, the panels, the bots moving, and the human's turn.

The human's clicks and keys arrive as intents; for each phase they become one action, which
goes through :meth:`GameSession.apply` (checked and recorded), or open a dialog (cards, occupy,
fortify amount). Bots think on the worker thread on a view; their answers are applied here on
the main thread, paced by the speed setting and shown by animations.
"""

from __future__ import annotations

import time

from risk.actions import (Attack, Blitz, ChooseCapital, Claim, Defend, Deploy, EndPhase, Fortify, KeepRoll, Place,
                          PlaceNeutral, Retreat, Stand, UseSix)
from risk.errors import IllegalActionError, RiskError
from risk.events import (BlitzResolved, CardsTraded, Deployed, DiceRolled, Fortified, GameOver,
                         Occupied, PlayerEliminated, TerritoryConquered, TurnStarted, ArmyPlaced,
                         TerritoryClaimed, visible_events)
from risk.gui import animation as anim
from risk.gui import intents as I
from risk.gui import hud, saves, sound, theme
from risk.gui.maprender import MapView
from risk.gui.scenes.base import Scene
from risk.gui.session import GameSession, HumanAgent, load_session
from risk.gui.bots import best_bot
from risk.gui.worker import BotWorker
from risk.phase import Phase
from risk.state import RandomSource

#: speed: (seconds between bot actions, seconds the dice stay up; 0 = not shown)
SPEEDS = {"slow": (0.9, 1.6), "normal": (0.35, 0.9), "fast": (0.05, 0.0), "max": (0.0, 0.0)}
SPEED_ORDER = ["slow", "normal", "fast", "max"]
ROLL_DELIBERATELY = "Attack chosen: read the odds below, then R rolls once, B blitzes, N blitzes until N left."
COMMANDER_FIRST = "First decide on the commander's six: 6 turns the die into a six, K keeps the roll."

class GameScene(Scene):
    pauses_game = False

    def __init__(self, app, session: GameSession):
        super().__init__(app)
        self.session = session
        self.view = MapView(session.board)
        self.view.neutral = session.state.neutral
        self.anims = anim.Animations()
        self.worker = BotWorker()
        self.hint_worker = BotWorker("hint-worker")
        self.bot_job = None
        self.next_bot_at = 0.0
        self.skip_to_mine = False
        self.source: int | None = None
        self.target: int | None = None
        self.stop_at = 3
        self.blitz_six = False  # whether the human's blitzes may spend the commander's six
        self._focus: int | None = None
        self.pointed: int | None = None
        self.last_deploy: int | None = None
        self.hint = None
        self.message: tuple[str, float] | None = None
        self.log_scroll = 0
        self.over_shown = False
        self.dialog_for = None
        self.autosave_enabled = True
        self.auto_setup: set[int] = set()  # people whose set-up is being placed for them
        self.waited = None  # the "while you waited" summary on show (its territories are ringed)
        self.rects = {}
        self.panels = None  # this frame's panels (risk.gui.panels), laid out in update()
        self._size = None
        self._pending_at = 0.0
        self.map_stale = False  # resized: the map picture is stretched until it is drawn anew
        self.map_picture = None  # the map as last drawn, to stretch while resizing
        self.layout()

    @property
    def focus(self) -> int | None:
        """The territory under the pointer or the keyboard highlight (None off the map)."""
        return self._focus

    @focus.setter
    def focus(self, t: int | None) -> None:
        self._focus = t
        state = self.session.state
        if t is not None and state.owner[t] == state.player:
            self.pointed = t  # still meant when the pointer moves on to "Place all here"

    # -- making -----------------------------------------------------------------------------------

    @classmethod
    def new(cls, app, config) -> "GameScene":
        from ai import make_agent
        from risk.match import Match

        humans = config.human_seats()
        bots = iter(config.bots)
        agents = [HumanAgent() if seat in humans else make_agent(next(bots)) for seat in range(config.players)]
        match = Match(agents, seed=config.seed, rules=config.rules, board=config.board)
        session = GameSession(match, humans[0] if humans else None, humans=humans)
        # The seed, for the person who wants these dice again (risk play --seed N).
        session.note(f"Game seed {match.seed} (risk play --seed {match.seed} deals the same game)")
        return cls(app, session)

    @classmethod
    def loaded(cls, app, path) -> "GameScene":
        session = load_session(path)
        scene = cls(app, session)
        if session.load_note:
            session.note(session.load_note[:1].upper() + session.load_note[1:] + ".")
            app.notify(f"Loaded {getattr(path, 'name', path)}: {session.load_note}", 6)
        else:
            app.notify(f"Loaded {getattr(path, 'name', path)}")
        return scene

    # -- layout -----------------------------------------------------------------------------------

    def layout(self) -> None:
        """The top bar across the window; under it the map on the left, fitted to its width; the
        action bar takes the height the map leaves (at least enough for the guidance, the odds and
        the rows of buttons); the side panel on the right.

        A new size takes effect at once for the panels, with the old map picture stretched into
        its place (drawing the map anew takes most of a second); the map is drawn anew once the
        size has held still for a moment, so dragging the window's edge does not stall."""
        size = self.app.screen.get_size()
        now = time.monotonic()
        if self.rects and size == self._size:
            if self.map_stale and now - self._pending_at >= 0.15:
                self.view.layout(self.rects["map"])
                self.map_stale = False
            return
        first = not self.rects
        self._size, self._pending_at = size, now
        self.rects = self._rects_for(size)
        if first:
            self.view.layout(self.rects["map"])
        else:
            self.map_stale = True

    def _rects_for(self, size) -> dict:
        import pygame

        w, h = size
        side = 310 if w >= 1100 else 260
        width = w - side
        # Under 900 pixels the attack's buttons take two rows: keep room for them and the odds.
        top, least_bottom = 38, (196 if width < 900 else 150)
        map_w, map_h = self.session.board.size
        height = min(h - top - least_bottom, int(width * map_h / map_w) + 1)
        return {
            "top": pygame.Rect(0, 0, w, top),  # across the whole window: the title needs the room
            "map": pygame.Rect(0, top, width, height),
            "bottom": pygame.Rect(0, top + height, width, h - top - height),
            "side": pygame.Rect(width, top, side, h - top),
        }

    def territory_at(self, pos):
        if self.map_stale:
            return None  # the stretched picture is not where the territories will be
        return self.view.territory_at(pos)

    # -- the game moving on -----------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def speed(self) -> str:
        return "max" if self.skip_to_mine else self.app.speed

    def update(self, dt: float) -> None:
        now = time.monotonic()
        self.layout()
        self.anims.update(now)
        self._poll_hint()
        top = self.app.top
        if top is self or not top.pauses_game:
            self._advance(now)
            if top is self:
                self._auto_setup_step()
                self._auto_dialogs()
        self._check_end()
        self._widgets = hud.build_widgets(self)

    def _advance(self, now: float) -> None:
        session = self.session
        if self.state.is_terminal():
            return
        if session.is_human_turn() or session.handover_due():
            self.skip_to_mine = False
            return
        speed = self.speed()
        if speed == "max":
            self.anims.skip()
            deadline = time.monotonic() + 0.03
            while not self.state.is_terminal() and not session.is_human_turn() and not session.handover_due():
                left = deadline - time.monotonic()
                if left <= 0 or not self._bot_step(left):
                    break
                if self.app.quit_after_frame:
                    break
            return
        if self.anims.blocking():
            return
        if self.bot_job is None:
            if now >= self.next_bot_at:
                self._submit()
        else:
            result = self.worker.poll()
            if result is not None:
                self._bot_result(result)
                self.next_bot_at = time.monotonic() + SPEEDS[speed][0]

    def _submit(self) -> None:
        seat, agent, view, rng = self.session.bot_request()
        job = self.worker.submit(agent, view, payload=(seat, rng, self.session.version))
        self.bot_job = job

    def _bot_step(self, wait: float) -> bool:
        if self.bot_job is None:
            self._submit()
        result = self.worker.poll(timeout=max(wait, 0.0005))
        if result is None:
            return False
        return self._bot_result(result)

    def _bot_result(self, result) -> bool:
        if result.job != self.bot_job:
            return False
        self.bot_job = None
        seat, rng, version = result.payload
        session = self.session
        if version != session.version or self.state.current_player != seat:
            return False
        action = result.action
        reason = None
        if result.error is None:
            reason = self.state.why_illegal(action)
        if result.error is not None or reason is not None:
            problem = result.error or reason
            self._log_note(f"{session.names[seat]} failed ({problem}); a random move is played instead")
            actions = self.state.legal_actions()
            action = actions[rng.below(len(actions))]
        events = session.bot_answer(seat, rng, action)
        self._after(events, seat, human=False)
        return True

    def _log_note(self, text: str) -> None:
        self.session.note(text, "note")

    # -- after every action -------------------------------------------------------------------------

    def _after(self, events, seat: int, human: bool) -> None:
        events = visible_events(events, self.session.human)
        now = time.monotonic()
        speed = "normal" if human else self.speed()
        if speed != "max":
            self._animate(events, now, speed, human)
            sound.play_events(events)
        if any(isinstance(e, (TurnStarted, GameOver)) for e in events):
            self.autosave()
        for continent, old, new in self.session.waiting.take_notices():
            if not self.state.is_terminal():  # after "Game over" nobody cares who holds Asia
                self._continent_notice(continent, old, new, speed)
        if any(isinstance(e, TurnStarted) for e in events):
            self.pointed = self.last_deploy = None  # "Place all" means this turn's territory
        if self.session.is_human_turn():
            self.skip_to_mine = False  # skipped far enough: the human's own turn plays at the chosen speed
        if self.hint is not None and self.hint.get("version") != self.session.version:
            self.hint = None
        self._tidy_selection()
        limit = self.app.config.quit_after_turns
        if limit is not None and (self.state.turn > limit) and not self.state.is_terminal():
            self.app.quit_after_frame = True

    def _animate(self, events, now: float, speed: str, human: bool) -> None:
        view_colour = lambda p: theme.owner_colour(p, self.state.neutral)  # noqa: E731
        dice_time = SPEEDS[speed][1] if not human else 1.3
        names = self.session.names
        quick = 0.45 if speed == "fast" else 1.0  # at fast speed the next move comes soon
        for e in events:
            if isinstance(e, Deployed):
                self.anims.add(anim.FloatText(now, e.territory, f"+{e.armies}", view_colour(e.player), quick))
                self.anims.add(anim.Flash(now, e.territory))
            elif isinstance(e, (ArmyPlaced, TerritoryClaimed)) and speed in ("slow", "normal"):
                self.anims.add(anim.Flash(now, e.territory, duration=0.4))
            elif isinstance(e, DiceRolled) and dice_time > 0:
                lost = []
                if e.attacker_losses:
                    lost.append(f"{names[e.player]} lose{'s' if names[e.player] != 'You' else ''} {e.attacker_losses}")
                if e.defender_losses:
                    who = names[e.defender] if e.defender < len(names) else "defender"
                    lost.append(f"{who} lose{'s' if who != 'You' else ''} {e.defender_losses}")
                text = ", ".join(lost)
                if e.six_from:  # the commander's six: say which die it replaced
                    text = f"{names[e.player]} turned a {e.six_from} into a six: " + text.replace("You lose", "you lose")
                self.anims.add(anim.Dice(now, e, (view_colour(e.player), view_colour(e.defender)),
                                         text, duration=dice_time))
            elif isinstance(e, BlitzResolved):
                self.anims.add(anim.Arrow(now, e.source, e.target, view_colour(e.player), duration=0.9 * quick))
                if e.attacker_losses:
                    self.anims.add(anim.FloatText(now, e.source, f"-{e.attacker_losses}", theme.BAD, 1.3 * quick))
                if e.defender_losses:
                    self.anims.add(anim.FloatText(now, e.target, f"-{e.defender_losses}", theme.BAD, 1.3 * quick))
            elif isinstance(e, TerritoryConquered):
                self.anims.add(anim.Flash(now, e.target, (255, 255, 255), 0.8))
            elif isinstance(e, (Occupied, Fortified)):
                self.anims.add(anim.Arrow(now, e.source, e.target, view_colour(e.player), 0.7 * quick))
                self.anims.add(anim.FloatText(now, e.target, f"+{e.armies}", view_colour(e.player), quick))
            elif isinstance(e, CardsTraded):
                self.anims.add(anim.Banner(now, f"{names[e.player]} traded cards for {e.armies} armies",
                                           duration=1.4))
            elif isinstance(e, PlayerEliminated):
                victim = names[e.player] if e.player < len(names) else "Neutral"
                self.anims.add(anim.Banner(now, f"{victim} eliminated by {names[e.by]}", theme.TARGET,
                                           duration=2.0, blocking=True))

    def _continent_notice(self, continent: int, old: int, new: int, speed: str) -> None:
        """Say that a continent changed hands: in every log, and on the map unless at full speed."""
        names, board = self.session.names, self.state.board
        area = board.continents[continent]

        def who(p):
            return names[p] if 0 <= p < len(names) else "Neutral"

        if new >= 0:
            text = f"{who(new)} now hold{'' if who(new) == 'You' else 's'} {area.name} (+{area.bonus} a turn)"
            if old >= 0:
                text += f", taken from {who(old)}"
        else:
            text = f"{who(old)} no longer hold{'' if who(old) == 'You' else 's'} {area.name}"
        self.session.note(text, "continent")
        if speed != "max":
            colour = theme.owner_colour(new, self.state.neutral) if new >= 0 else theme.TEXT
            self.anims.add(anim.Banner(time.monotonic(), text, colour, duration=1.6))

    def _tidy_selection(self) -> None:
        if not self.session.is_human_turn():
            self.source = self.target = None
            return
        state = self.fortify_basis() if self.state.phase == Phase.FORTIFY else self.state
        if state.phase == Phase.COMMANDER:
            return  # the roll waits for the six: the attack stays chosen for the next one
        if state.phase == Phase.ATTACK and state.declared is not None:
            self.source, self.target = state.declared  # the defender stood: the dice are asked for
            self.stop_at = max(1, min(self.stop_at, state.armies[self.source] - 1))
            return
        if state.phase == Phase.ATTACK:
            if self.source is not None and (state.owner[self.source] != state.player or state.armies[self.source] < 2):
                self.source = self.target = None
            if self.target is not None and state.owner[self.target] == state.player:
                if self.source is not None:
                    self.source = self.target if state.armies[self.target] >= 2 and self._enemy_near(self.target) else self.source
                self.target = None
            if self.source is not None and not self._enemy_near(self.source):
                self.source = None
        elif state.phase != Phase.FORTIFY:
            self.source = self.target = None

    def _enemy_near(self, t: int) -> bool:
        state = self.state
        return any(state.owner[n] != state.player for n in state.board.neighbours[t])

    def _auto_dialogs(self) -> None:
        from risk.gui.scenes.cards import CardDialog
        from risk.gui.scenes.dialogs import OccupyDialog
        from risk.gui.scenes.handover import HandOverScene, WaitedDialog

        session = self.session
        if session.handover_due():
            self.anims.skip()  # nothing of the last player's may stay on show for the next
            self.source = self.target = None
            self.hint = None
            self.app.push(HandOverScene(self.app, self, self.state.current_player))
            return
        if session.is_human_turn() and not self.anims.blocking():
            summary = session.waiting.take_summary(session.human)
            if summary is not None and not summary.is_empty():  # a quiet round needs no panel
                self.waited = summary
                self.app.push(WaitedDialog(self.app, self, summary))
                return
        if not session.is_human_turn() or self.anims.blocking():
            return
        key = (session.version, self.state.phase)
        if key == self.dialog_for:
            return
        if self.state.phase == Phase.TRADE:
            self.dialog_for = key
            self.app.push(CardDialog(self.app, self))
        elif self.state.phase == Phase.OCCUPY:
            self.dialog_for = key
            self.app.push(OccupyDialog(self.app, self))

    def _check_end(self) -> None:
        from risk.gui.scenes.gameover import GameOverScene

        if self.state.is_terminal() and not self.over_shown and not self.anims.blocking():
            self.over_shown = True
            self.app.push(GameOverScene(self.app, self))
            if self.app.config.quit_after_turns is not None:
                self.app.quit_after_frame = True

    # -- saving ---------------------------------------------------------------------------------------

    def autosave(self) -> None:
        # A game of bots alone is watched, not played: it never takes the place of a person's
        # game in the autosave.
        if not self.autosave_enabled or not self.session.humans:
            return
        path = saves.autosave_path()
        try:
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
        self.worker.stop()
        self.hint_worker.stop()

    # -- the human's input ---------------------------------------------------------------------------

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.message = (text, time.monotonic() + seconds)

    def handle(self, intent) -> None:
        if self.anims.blocking() and not isinstance(intent, (I.Hover, I.Scroll, I.Speed)):
            self.anims.skip()
            if not isinstance(intent, I.SkipToMyTurn):  # S ends the dice pop-up and still skips
                return
        kind = type(intent)
        handler = getattr(self, "on_" + kind.__name__, None)
        if handler is not None:
            handler(intent)

    def on_Choose(self, intent):
        if intent.key == "auto-setup" and self.session.is_human_turn() and self.state.phase.is_setup:
            self.auto_setup.add(self.session.human)
            self.say("The rest of your set-up is placed for you, as the Angry bot would.")

    def _auto_setup_step(self) -> None:
        """One set-up move for a person who asked for the rest to be placed automatically."""
        session, state = self.session, self.state
        if not self.auto_setup or not session.is_human_turn() or session.human not in self.auto_setup:
            return
        if state.phase not in (Phase.CLAIM, Phase.PLACE):
            if not state.phase.is_setup:
                self.auto_setup.clear()
            return
        from ai import make_agent

        seed = (state.rng.seed or 0) + len(session.match.record.actions)
        action = make_agent("angry").act(state.view(session.human, RandomSource(seed % (2 ** 32))))
        self.human_action(action)

    def on_Hover(self, intent):
        self.focus = intent.territory

    def on_Scroll(self, intent):
        if self.rects["side"].collidepoint(intent.pos):
            self.log_scroll = max(0, self.log_scroll + intent.amount * 3)
        elif self.source is not None and self.target is not None:
            self.on_Adjust(I.Adjust(intent.amount))

    def on_Speed(self, intent):
        if self.state.is_terminal():
            return  # the game is over: the speed keys do nothing, as their buttons show
        self.app.speed = intent.level
        self.skip_to_mine = False
        self.app.notify(f"Bot speed: {intent.level}", 1.2)

    def on_SkipToMyTurn(self, intent):
        if self.state.is_terminal():
            return
        if self.session.human is None or not self.state.alive[self.session.human]:
            self.app.speed = "max"
        elif not self.session.is_human_turn():
            self.skip_to_mine = True

    def on_Help(self, intent):
        from risk.gui.scenes.dialogs import HelpDialog
        self.app.push(HelpDialog(self.app))

    def on_Save(self, intent):
        self.save_as()

    def on_Load(self, intent):
        from risk.gui.scenes.dialogs import LoadDialog
        self.app.push(LoadDialog(self.app))

    def on_Menu(self, intent):
        from risk.gui.scenes.dialogs import PauseMenu
        self.app.push(PauseMenu(self.app, self))

    def on_ShowCards(self, intent):
        from risk.gui.scenes.cards import CardDialog
        if self.session.human is not None and self.session.shows_secrets():
            self.app.push(CardDialog(self.app, self))

    def on_Hint(self, intent):
        if not self.state.is_terminal():
            self.request_hint()

    def on_ApplyHint(self, intent):
        if self.hint and self.hint.get("action") is not None:
            self.human_action(self.hint["action"])

    def on_Cancel(self, intent):
        if self._attack_declared():
            self.on_Menu(intent)  # the declared attack cannot be called off: nothing to cancel
        elif self.target is not None:
            self.target = None
        elif self.source is not None:
            self.source = None
        elif self.hint is not None:
            self.hint = None
        else:
            self.on_Menu(intent)

    def on_Deselect(self, intent):
        if self._attack_declared():
            return
        if self.target is not None:
            self.target = None
        else:
            self.source = None

    def on_Press(self, intent):
        if self.rects["map"].collidepoint(intent.pos) and not self._attack_declared():
            self.source = self.target = None

    def _attack_declared(self) -> bool:
        """Whether the human must fight the attack whose defender stood (FAQ 4.2), which stays
        selected whatever else is clicked."""
        return self.session.is_human_turn() and self.state.phase == Phase.ATTACK and self.state.declared is not None

    def on_Navigate(self, intent):
        self.focus = hud.step_focus(self, intent.dx, intent.dy)

    def on_Cycle(self, intent):
        options = self.candidates()
        if not options:
            return
        if self.focus in options:
            index = (options.index(self.focus) + intent.step) % len(options)
        else:
            index = 0 if intent.step > 0 else len(options) - 1
        self.focus = options[index]

    def on_Activate(self, intent):
        if self.focus is not None:
            self.on_SelectTerritory(I.SelectTerritory(self.focus, intent.shift))

    def on_Adjust(self, intent):
        if self.source is not None and self.target is not None:
            most = max(1, self.state.armies[self.source] - 1)
            self.stop_at = max(1, min(most, self.stop_at + intent.delta))

    def on_Undo(self, intent):
        if self.session.undo():
            self.say("Undone.")
            self._tidy_selection()
        else:
            self.say("Nothing to undo (only deploys and the fortify move can be taken back).")

    # phase actions ----------------------------------------------------------------------------------

    def human_action(self, action) -> bool:
        """Apply the human's action; say why if it is illegal."""
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
            self.source = self.target = None
            return True
        if isinstance(action, EndPhase) and self.state.phase == Phase.FORTIFY:
            events = session.end_turn()
            self._after(events, self.session.human, human=True)
            return True
        try:
            events = session.apply(action, human=True)
        except IllegalActionError as exc:
            self.say(_reason(exc))
            return False
        self._after(events, self.session.human, human=True)
        return True

    def on_SelectTerritory(self, intent):
        t = intent.territory
        self.focus = t
        session = self.session
        if not session.is_human_turn():
            return
        state = self.state
        phase = state.phase
        if phase == Phase.CLAIM:
            self.human_action(Claim(t))
        elif phase == Phase.CAPITAL:
            self.human_action(ChooseCapital(t))
        elif phase == Phase.RETREAT:
            if t in state.legal_retreats():
                self.human_action(Retreat(t))
            else:
                self.say("Retreat to one of your own territories next to the attacked one, or stand (Enter).")
        elif phase == Phase.PLACE:
            if state.owner[t] == state.neutral and state.neutral >= 0:
                self.human_action(PlaceNeutral(t))
            else:
                self.human_action(Place(t))
        elif phase == Phase.DEPLOY:
            self._place(t, intent.shift)
        elif phase == Phase.ATTACK:
            if state.pool and state.owner[t] == state.player and state.declared is None:
                self._place(t, intent.shift)  # armies traded during the attack (house rule)
            else:
                self._attack_click(t)
        elif phase == Phase.COMMANDER:
            self.say(COMMANDER_FIRST)
        elif phase == Phase.FORTIFY:
            self._fortify_click(t)
        elif phase == Phase.TRADE:
            self.on_ShowCards(None)

    def _place(self, t: int, shift: bool) -> None:
        state = self.state
        if state.owner[t] != state.player:
            self.say(f"{state.board.names[t]} is not yours: deploy on your own territories.")
            return
        n = min(5 if shift else 1, state.pool)
        if self.human_action(Deploy(t, n)):
            self.last_deploy = t

    def _attack_click(self, t: int) -> None:
        state = self.state
        names = state.board.names
        if state.declared is not None:  # its defender stood (FAQ 4.2): that attack is the only one
            source, target = state.declared
            self.source, self.target = source, target
            if t == target:
                self.say(ROLL_DELIBERATELY)
            elif t != source:
                self.say(f"{names[target]} stood against your attack from {names[source]}: choose the dice "
                         "for that attack first (R, B or N).")
            return
        if state.owner[t] == state.player:
            if state.armies[t] < 2:
                self.say(f"{names[t]} has 1 army: an attack needs at least 2 (one stays behind).")
            elif not self._enemy_near(t):
                self.say(f"{names[t]} has no enemy neighbour to attack.")
            else:
                self.source, self.target = t, None
            return
        if self.source is not None and t == self.target:
            # A second click (or a double click) never rolls: the odds must be seen first.
            self.say(ROLL_DELIBERATELY)
            return
        if self.source is not None and state.board.adjacent(self.source, t):
            self.target = t
            self.stop_at = max(1, min(self.stop_at, state.armies[self.source] - 1))
            return
        able = [s for s in state.board.neighbours[t] if state.owner[s] == state.player and state.armies[s] >= 2]
        if able:
            self.source = max(able, key=lambda s: (state.armies[s], -s))
            self.target = t
            self.stop_at = max(1, min(self.stop_at, state.armies[self.source] - 1))
        else:
            self.say(f"None of your territories next to {names[t]} has 2 or more armies.")

    def _fortify_click(self, t: int) -> None:
        from risk.gui.scenes.dialogs import MoveDialog

        preview = self.fortify_basis()
        names = preview.board.names
        if self.source is not None and t in preview.fortify_targets(self.source):
            self.target = t
            self.app.push(MoveDialog(self.app, self, self.source, t, preview.movable_armies(self.source)))
            return
        if preview.owner[t] != preview.player:
            self.say(f"{names[t]} is not yours: fortify between your own territories.")
            return
        if preview.movable_armies(t) <= 0 or not preview.fortify_targets(t):
            self.say(f"No armies can move from {names[t]} (one must stay behind).")
            return
        self.source, self.target = t, None

    def fortify_basis(self):
        """The position the human's next fortify choice starts from: after the planned moves
        while the rules allow more, else before them (one move a turn: choosing again replaces
        the plan). Never the position after the turn has passed to the next player."""
        preview = self.session.pending_state()
        if preview.phase == Phase.FORTIFY and preview.player == self.state.player:
            return preview
        return self.state

    def blitz_six_ready(self) -> bool:
        """Whether the human's next blitz may spend the commander's six (US 1980 variant)."""
        return self.blitz_six and self.state.commander_ready()

    def on_Roll(self, intent):
        if self.state.phase == Phase.ATTACK and self.source is not None and self.target is not None:
            dice = min(3, self.state.armies[self.source] - 1)
            self.human_action(Attack(self.source, self.target, dice))

    def on_Blitz(self, intent):
        if self.state.phase == Phase.ATTACK and self.source is not None and self.target is not None:
            self.human_action(Blitz(self.source, self.target, 1, self.blitz_six_ready()))

    def blitz_stop(self) -> int:
        """The N of "blitz until N left" that the button, the odds and the action all use: the
        chosen N, held below the armies the source has (it must keep one to attack with)."""
        if self.source is None:
            return self.stop_at
        return max(1, min(self.stop_at, self.state.armies[self.source] - 1))

    def on_BlitzUntil(self, intent):
        if self.state.phase == Phase.ATTACK and self.source is not None and self.target is not None:
            self.human_action(Blitz(self.source, self.target, self.blitz_stop(), self.blitz_six_ready()))

    def on_ToggleSix(self, intent):
        if self.state.commander_ready():
            self.blitz_six = not self.blitz_six
            self.say("Your blitzes may spend the commander's six, on the roll where it helps most."
                     if self.blitz_six else "Your blitzes keep the commander's six.")

    def on_SpendSix(self, intent):
        if self.state.phase == Phase.COMMANDER:
            self.human_action(UseSix())

    def on_KeepRoll(self, intent):
        if self.state.phase == Phase.COMMANDER:
            self.human_action(KeepRoll())

    def on_DefendWith(self, intent):
        if self.state.phase == Phase.DEFEND:
            self.human_action(Defend(intent.dice))

    def on_StandFast(self, intent):
        if self.state.phase == Phase.RETREAT:
            self.human_action(Stand())

    def on_PlaceAll(self, intent):
        state = self.state
        if not (state.phase == Phase.DEPLOY or state.phase == Phase.ATTACK and state.pool):
            return
        if not self.session.is_human_turn():
            return
        t = self.place_all_target()
        if t is None:
            self.say("Point at one of your territories first (or click it once), then place all.")
            return
        self.human_action(Deploy(t, state.pool))

    def place_all_target(self) -> int | None:
        """Where "Place all" deploys: the own territory under the pointer, else the one last
        pointed at or picked, else the last deployed on."""
        state = self.state
        for t in (self.focus, self.pointed, self.last_deploy):
            if t is not None and state.owner[t] == state.player:
                return t
        return None

    def on_EndPhase(self, intent):
        state = self.state
        if not self.session.is_human_turn():
            return
        if state.phase in (Phase.ATTACK, Phase.FORTIFY, Phase.TRADE):
            self.source = self.target = None
            self.human_action(EndPhase())
        elif state.phase == Phase.COMMANDER:
            self.say(COMMANDER_FIRST)
        elif state.phase == Phase.DEPLOY:
            self.say(f"Deploy your {state.pool} remaining armies first.")

    def on_Confirm(self, intent):
        state = self.state
        if not self.session.is_human_turn():
            return
        phase = state.phase
        if phase in (Phase.CLAIM, Phase.PLACE, Phase.CAPITAL):
            if self.focus is not None:
                self.on_SelectTerritory(I.SelectTerritory(self.focus))
        elif phase == Phase.DEFEND:
            self.on_DefendWith(I.DefendWith(hud.advised_defence(state)))
        elif phase == Phase.RETREAT:
            self.on_StandFast(intent)
        elif phase == Phase.COMMANDER:
            self.human_action(UseSix() if hud.six_advised(state) else KeepRoll())
        elif phase == Phase.DEPLOY:
            self.on_PlaceAll(intent)
        elif phase == Phase.ATTACK:
            if self.target is not None:
                self.on_Blitz(intent)
            elif self.focus is not None:
                self.on_SelectTerritory(I.SelectTerritory(self.focus))
        elif phase == Phase.FORTIFY:
            self.on_EndPhase(intent)
        elif phase == Phase.TRADE:
            self.on_ShowCards(intent)

    # -- what can be picked now -------------------------------------------------------------------------

    def candidates(self) -> list[int]:
        """The territories the human may pick next (highlighted, and what Tab cycles through)."""
        session = self.session
        if not session.is_human_turn():
            return []
        state = self.fortify_basis() if self.state.phase == Phase.FORTIFY else self.state
        me = state.player
        n = len(state.owner)
        phase = state.phase
        if phase == Phase.CLAIM:
            return [t for t in range(n) if state.owner[t] < 0]
        if phase == Phase.CAPITAL:
            return state.territories_of(me)
        if phase == Phase.RETREAT:
            return state.legal_retreats()
        if phase == Phase.PLACE:
            return [a.territory for a in state.legal_actions() if isinstance(a, (Place, PlaceNeutral))]
        if phase == Phase.DEPLOY:
            return [t for t in range(n) if state.owner[t] == me]
        if phase == Phase.ATTACK:
            if state.declared is not None:
                return [state.declared[1]]
            if self.source is None and state.pool:  # traded armies to place, or an attack to start
                return [t for t in range(n) if state.owner[t] == me]
            if self.source is None:
                return [t for t in range(n) if state.owner[t] == me and state.armies[t] >= 2 and self._enemy_near(t)]
            return [t for t in state.board.neighbours[self.source] if state.owner[t] != me]
        if phase == Phase.FORTIFY:
            if self.source is None:
                return [t for t in range(n) if state.owner[t] == me and state.fortify_targets(t)]
            return state.fortify_targets(self.source)
        return []

    # -- hints -------------------------------------------------------------------------------------------

    def request_hint(self) -> None:
        from ai import make_agent

        session = self.session
        if not session.is_human_turn():
            self.say("Hints are for your own turn.")
            return
        name = best_bot()
        try:
            agent = make_agent(name)
        except RiskError as exc:
            self.say(f"No hint: {exc}")
            return
        seed = (self.state.rng.seed or 0) * 1000003 + len(session.match.record.actions)
        view = self.state.view(session.human, RandomSource(seed % (2 ** 32)))
        job = self.hint_worker.submit(agent, view)
        self.hint = {"job": job, "version": session.version, "bot": name, "action": None, "text": None}

    def _poll_hint(self) -> None:
        result = self.hint_worker.poll()
        if result is None or self.hint is None or result.job != self.hint.get("job"):
            return
        if self.hint["version"] != self.session.version:
            self.hint = None
            return
        if result.error is not None or self.state.why_illegal(result.action) is not None:
            self.hint["text"] = "The hint bot could not suggest a move."
            return
        self.hint["action"] = result.action
        self.hint["text"] = hud.describe_action(self.state, result.action)

    # -- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        hud.draw(self, surface)


def _reason(exc: IllegalActionError) -> str:
    text = exc.reason
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")

