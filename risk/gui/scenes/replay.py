"""Watching a finished (or saved) game again: the map, the log and the graphs at any position.

The map is drawn by the same renderer as the game, read-only; the side panel has the players,
a chart (territories, armies or income by round, up to the position shown) and the log up to
the position, the last action's lines bright. Keys: Left/Right one action, Up/Down (or -/+) one
turn, PgUp/PgDn five turns, Home/End the start and the end, Space plays and pauses, 1-4 the
playing speed, Esc closes. The timeline under the map can be clicked or dragged.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from risk.errors import RiskError
from risk.gui import intents as I
from risk.gui import saves, theme
from risk.gui.badges import draw_shape
from risk.gui.graphs import draw_chart
from risk.gui.maprender import MapView
from risk.gui.panels import draw_log_lines, log_colour
from risk.gui.replay import Replay
from risk.gui.scenes.base import FilePicker, Scene
from risk.gui.widgets import Slider, button_rows, panel

#: seconds between actions while playing, by the window's speed; "max" plays a turn at a time
PLAY_DELAY = {"slow": 0.6, "normal": 0.25, "fast": 0.06, "max": 0.0}
CHARTS = ("territories", "armies", "income")
TOP = 38


class ReplayScene(Scene):
    opaque = True
    pauses_game = True

    def __init__(self, app, replay: Replay, title: str = "", from_menu: bool = True):
        super().__init__(app)
        self.replay = replay
        self.title = title or "Replay"
        self.from_menu = from_menu
        self.view = MapView(replay.final.board)
        self.view.neutral = replay.final.neutral
        self.view.open_legibly()  # a big world zoomed in as the game showed it (Ctrl+0: all of it)
        self.playing = False
        self.next_at = 0.0
        self.chart = 0
        self.log_scroll = 0
        self.hovered: int | None = None
        self._state_index = -1
        self._state = None

    @classmethod
    def opened(cls, app, path, from_menu: bool = True) -> "ReplayScene":
        """The replay of a record or save file; RecordError naming the file if it is bad."""
        return cls(app, Replay.open(path), title=Path(path).name, from_menu=from_menu)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def state(self):
        """The position shown (rebuilt only when the position changes)."""
        if self._state_index != self.replay.index:
            self._state = self.replay.state_at(self.replay.index)
            self._state_index = self.replay.index
        return self._state

    def rects(self) -> dict[str, pygame.Rect]:
        w, h = self.app.screen.get_size()
        side = 310 if w >= 1100 else 260
        bottom = 118 if w - side >= 760 else 158
        return {"top": pygame.Rect(0, 0, w, TOP), "map": pygame.Rect(0, TOP, w - side, h - TOP - bottom),
                "bottom": pygame.Rect(0, h - bottom, w - side, bottom), "side": pygame.Rect(w - side, TOP, side, h - TOP)}

    def territory_at(self, pos):
        return self.view.territory_at(pos)

    # -- the frame --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        rects = self.rects()
        self.view.layout(rects["map"])
        if self.playing:
            now = time.monotonic()
            if now >= self.next_at:
                speed = self.app.speed
                if speed == "max":
                    self.replay.next_turn()
                else:
                    self.replay.step(1)
                self.next_at = now + PLAY_DELAY.get(speed, 0.25)
                if self.replay.index >= len(self.replay):
                    self.playing = False
        self._widgets = self.build(rects)

    def build(self, rects) -> list:
        bottom = rects["bottom"].inflate(-24, -16)
        replay = self.replay
        timeline = Slider((bottom.x, bottom.y + 22, bottom.width, 26), 0, max(1, len(replay)), replay.index, "pos")
        at_start, at_end = replay.index == 0, replay.index >= len(replay)
        specs = [("|<", I.Extreme(False), "Home", not at_start),
                 ("< Turn", I.Navigate(0, -1), "Up", not at_start),
                 ("< Step", I.Navigate(-1, 0), "Left", not at_start),
                 ("Pause" if self.playing else "Play", I.Activate(), "Space", self.playing or not at_end, "primary"),
                 ("Step >", I.Navigate(1, 0), "Right", not at_end),
                 ("Turn >", I.Navigate(0, 1), "Down", not at_end),
                 (">|", I.Extreme(True), "End", not at_end)]
        trailing = [(f"Chart: {CHARTS[self.chart]}", I.Choose("chart")), ("Close", I.Cancel(), "Esc")]
        area = pygame.Rect(bottom.x, bottom.y + 58, bottom.width, bottom.bottom - bottom.y - 58)
        return [timeline] + button_rows(area, specs, trailing, height=30, gap=6)

    def draw(self, surface) -> None:
        rects = self.rects()
        state = self.state
        replay = self.replay
        surface.fill(theme.SEA_DEEP)
        step = replay.last_step()
        touched = step.territories if step is not None else ()
        self.view.draw(surface, state.owner, state.armies, selected=touched[:1], targets=touched[1:],
                       hovered=self.hovered)
        self._draw_top(surface, rects["top"], state)
        pygame.draw.rect(surface, theme.PANEL, rects["bottom"])
        pygame.draw.line(surface, theme.PANEL_EDGE, rects["bottom"].topleft, rects["bottom"].topright)
        self._draw_step_line(surface, rects["bottom"].inflate(-24, -16), state)
        self._draw_side(surface, rects["side"], state)
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)
        if self.hovered is not None:
            self._draw_tooltip(surface, rects["map"], state, self.hovered)

    def _draw_tooltip(self, surface, area, state, t: int) -> None:
        """Whose the territory under the pointer is, and with how many armies."""
        owner = state.owner[t]
        who = self.replay.names[owner] if 0 <= owner < len(self.replay.names) else "nobody"
        label = theme.render(f"{state.board.names[t]}: {who}, {state.armies[t]} armies", 13, theme.TEXT)
        box = label.get_rect().inflate(14, 8)
        x, y = self.view.centre(t)
        box.midbottom = (x, y - self.view.badge_radius() - 6)
        box.clamp_ip(area)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_top(self, surface, rect, state) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
        replay = self.replay
        left = theme.render(f"Replay: {self.title}", 16, theme.TEXT, bold=True)
        surface.blit(left, left.get_rect(midleft=(rect.x + 12, rect.centery)))
        if state.is_terminal():
            where = "game over"
        else:
            where = f"turn {state.turn}, {state.phase.label} phase, {replay.names[state.current_player]} to move"
        right = theme.render(f"action {replay.index} of {len(replay)} - {where}", 14, theme.TEXT_DIM)
        x = max(left.get_rect().right + 40, rect.right - right.get_width() - 12)
        surface.blit(right, right.get_rect(midleft=(x, rect.centery)))

    def _draw_step_line(self, surface, area, state) -> None:
        replay = self.replay
        step = replay.last_step()
        if step is None:
            text = "The start of the game. Right: the first action; Down: the next turn; Space: play."
        else:
            said = [line.text for line in replay.lines_upto(replay.index)[step.first_line:]]
            text = f"Turn {step.turn}: " + ("; ".join(said) if said else f"{replay.names[step.player]}: {step.text}")
        colour = theme.TEXT if step is not None else theme.TEXT_DIM
        lines = theme.wrap(text, 14, area.width)
        shown = lines[0] if len(lines) == 1 else theme.wrap(text, 14, area.width - 20)[0] + " ..."
        surface.blit(theme.render(shown, 14, colour), (area.x, area.y))

    def _draw_side(self, surface, rect, state) -> None:
        inner = panel(surface, rect.inflate(-8, -8), None)
        replay = self.replay
        y = inner.y
        for p in range(state.players):
            colour = theme.owner_colour(p, state.neutral)
            alive = state.alive[p]
            draw_shape(surface, theme.owner_shape(p, state.neutral), (inner.x + 8, y + 10), 7, colour)
            name = theme.render(replay.names[p], 14, theme.TEXT if alive else theme.TEXT_DIM, bold=alive)
            surface.blit(name, (inner.x + 22, y + 2))
            if alive:
                cards = len(state.hands[p])
                facts = f"{state.count[p]} terr. {state.total_armies(p)} armies {cards} card{'s' * (cards != 1)}"
            else:
                facts = "eliminated"
            label = theme.render(facts, 12, theme.TEXT_DIM)
            if inner.x + 22 + name.get_width() + 10 + label.get_width() > inner.right:
                y += 18  # no room beside the name: the facts go under it
            surface.blit(label, label.get_rect(topright=(inner.right, y + 4)))
            y += 22
        y += 6
        chart_h = max(120, min(200 if rect.height > 700 else 160, (inner.bottom - y) // 2))
        chart = pygame.Rect(inner.x, y, inner.width, chart_h)
        turns, series = replay.stats_at(replay.index)
        name = CHARTS[self.chart]
        draw_chart(surface, chart, name.title(), turns, series[name], list(range(state.players)), state.neutral)
        log_area = pygame.Rect(inner.x, chart.bottom + 10, inner.width, inner.bottom - chart.bottom - 10)
        self._draw_log(surface, log_area, state)

    def _draw_log(self, surface, area, state) -> None:
        replay = self.replay
        lines = replay.lines_upto(replay.index)
        step = replay.last_step()
        newest_from = step.first_line if step is not None else len(lines)

        def colour_of(index, entry):  # the last action's lines stand out
            return theme.TARGET if index >= newest_from else log_colour(entry)

        self.log_scroll = draw_log_lines(surface, area, lines, state, self.log_scroll, colour_of)

    # -- input ------------------------------------------------------------------------------------

    def handle(self, intent) -> None:
        replay = self.replay
        if isinstance(intent, I.Navigate):
            self.playing = False
            if intent.dx:
                replay.step(intent.dx)
            elif intent.dy < 0:
                replay.previous_turn()
            elif intent.dy > 0:
                replay.next_turn()
        elif isinstance(intent, I.Adjust):
            # + and - move one turn; PgUp and PgDn (+5 and -5) five turns back and forward.
            self.playing = False
            forward = intent.delta == 1 or intent.delta == -5
            for _ in range(5 if abs(intent.delta) == 5 else 1):
                replay.next_turn() if forward else replay.previous_turn()
        elif isinstance(intent, I.Extreme):
            self.playing = False
            replay.seek(len(replay) if intent.highest else 0)
        elif isinstance(intent, I.SetValue) and intent.key == "pos":
            self.playing = False
            replay.seek(intent.value)
        elif isinstance(intent, (I.Activate, I.Confirm)):
            self.playing = not self.playing and replay.index < len(replay)
            self.next_at = 0.0
        elif isinstance(intent, I.Speed):
            self.app.speed = intent.level
        elif isinstance(intent, I.Scroll):
            if self.rects()["side"].collidepoint(intent.pos):
                self.log_scroll = max(0, self.log_scroll + intent.amount)
            else:
                self.playing = False
                replay.step(-intent.amount)
        elif isinstance(intent, I.Hover):
            self.hovered = intent.territory
        elif isinstance(intent, I.Zoom):
            self.view.zoom_by(intent.steps, intent.pos)  # drawn anew at the next frame's layout
        elif isinstance(intent, I.Pan):
            self.view.pan_by(intent.dx, intent.dy)
        elif isinstance(intent, I.Choose) and intent.key == "chart":
            self.chart = (self.chart + 1) % len(CHARTS)
        elif isinstance(intent, (I.Cancel, I.Menu)):
            self.leave()

    def leave(self) -> None:
        if self.from_menu:
            self.app.switch("menu")
        else:
            self.app.quit()


class ReplayPicker(FilePicker):
    """Which game to watch again: the autosave, the saved games, and the records in the data
    folder's ``records/`` (finished games are kept in the saves as they were played)."""

    title = "Replay a game"
    opens = "replay.opened"
    verb = "replay"

    def __init__(self, app):
        super().__init__(app)
        self.paths = replayable_files(10)
        self.labels = [describe_file(path) for path in self.paths]

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        height = 110 + 42 * (len(self.paths) + 1) + (40 if not self.paths else 0)
        width, height = min(self.size[0], w - 40), min(height, h - 40)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def choices(self):
        out = [(label, path, label is not None and not label.endswith("(damaged)"))
               for path, label in zip(self.paths, self.labels)]
        out.append(("Cancel", None, True))
        return out

    def body(self, surface, inner):
        if not self.paths:
            for i, line in enumerate(theme.wrap(f"No saved games or records yet. Put records (risk simulate "
                                                f"--record) in {records_dir()}, or run risk replay FILE "
                                                "--window.", 13, inner.width)):
                surface.blit(theme.render(line, 13, theme.TEXT_DIM), (inner.x, inner.y + 17 * i))

    def first_row(self, box) -> int:
        return box.y + 70 + (40 if not self.paths else 0)


def describe_file(path: Path) -> str:
    """A game file as the picker lists it: its name, finished or not, how long."""
    from risk.record import GameRecord

    name = "Last game (autosave)" if path == saves.autosave_path() else path.stem.replace("_", " ")
    try:
        record = GameRecord.load(path)
    except (RiskError, OSError):
        return f"{name} (damaged)"
    players = len(record.players)
    if record.result is not None:
        return f"{name} - {players} players, finished after {record.result.get('turns')} turns"
    return f"{name} - {players} players, unfinished, {len(record.actions)} actions"


def records_dir() -> Path:
    return saves.data_dir() / "records"


def replayable_files(limit: int = 10) -> list[Path]:
    """The autosave, the saves and the records, newest first (the autosave first)."""
    found = saves.list_saves(limit)
    folder = records_dir()
    if folder.is_dir():
        records = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
        found.extend(records)
    return found[:limit]


def replay_app(replay: Replay, title: str, size, screenshot=None):
    """A window that opens on ``replay`` (for ``risk replay --window``); Esc closes it."""
    from risk.gui.app import App, PlayConfig

    class ReplayApp(App):
        def start(self):
            self.replace_all(ReplayScene(self, replay, title=title, from_menu=False))
            self.running = True

    return ReplayApp(PlayConfig(size=size, screenshot=screenshot))
