"""The new-game screen: the map (with a preview), the rules, and who plays each seat.

Three columns: the maps (bundled, a world generated for the game with its size, style and seed,
and the player's own folder, Domination ``.map`` files included) with a preview drawn by the map
renderer; the edition and the common options, with
the focused option explained; the number of players and each seat (human, a difficulty, a
registered bot, or any spec typed in), and the sound. Arrows move between rows and change the
focused one; Enter starts; Esc goes back. The choices are remembered (:mod:`risk.gui.setup`).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from risk.errors import RiskError
from risk.gui import intents as I
from risk.gui import setup as S
from risk.gui import sound, theme
from risk.gui.badges import draw_shape
from risk.gui.maprender import MapView
from risk.gui.scenes.base import Scene
from risk.gui.widgets import Button, panel

OTHER = "Other..."
ROW_H = 32
ROW_GAP = 8
#: The rows of a generated world's choices, under the list of maps.
WORLD_ROWS = ("world_size", "world_style", "world_seed")


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width`` pixels."""
    face = theme.font(size, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


class NewGameScene(Scene):
    opaque = True
    pauses_game = True

    def __init__(self, app, watch: bool = False):
        super().__init__(app)
        from risk.gui.bots import registered_bots

        self.watch = watch
        self.maps = S.list_maps()
        self.setup = S.load_settings()
        if self.setup.dropped:  # a remembered seat that would have run code: say which, and why
            app.notify("Remembered " + "; ".join(self.setup.dropped), 10)
        if watch:
            seats = tuple("Expert" if s == S.HUMAN else s for s in self.setup.seats)
            self.setup = replace(self.setup, seats=seats)
        registered = registered_bots()
        mapped = set(S.DIFFICULTIES.values())
        extra = [name for name in registered if name not in mapped]
        self.seat_choices = ([] if watch else [S.HUMAN]) + list(S.DIFFICULTIES) + extra + [OTHER]
        self.map_index = self._map_index(self.setup.map_path)
        self.focus = 0
        self.editing: int | None = None  # the seat whose bot spec is being typed
        self.seed_text: str | None = None  # the seed being typed
        self._checked: tuple[str, list[str]] = ("", [])
        self.last_seed: int | None = self.setup.seed if self.setup.seed is not None else self.setup.last_seed
        self.map_scroll = 0
        self.previews: dict[str, object] = {}
        self.wants_text = False
        self._show_map()

    # -- the choices --------------------------------------------------------------------------------

    def _map_index(self, path: str) -> int:
        for i, choice in enumerate(self.maps):
            if path == S.WORLD_MAP and choice.generated or path and str(choice.path) == path:
                return i
        return 0  # the classic map, or a remembered map that has gone

    def rows(self) -> list[str]:
        world = list(WORLD_ROWS) if self.setup.generated else []
        return (["map"] + world + ["preset"] + list(S.RULE_OPTIONS) + ["players"]
                + [f"seat{i}" for i in range(self.setup.players)] + ["sound", "seed"])

    def value_text(self, row: str) -> str:
        setup = self.setup
        if row == "map":
            return self.maps[self.map_index].label if self.maps else "classic"
        if row == "preset":
            return setup.preset
        if row in S.RULE_OPTIONS:
            value = setup.option(row)
            if isinstance(value, bool) or not self.narrow():
                return S.VALUE_LABELS.get(value, str(value))
            return str(value)
        if row == "players":
            return str(setup.players)
        if row == "world_size":
            return f"{setup.world.territories}" + ("" if self.narrow() else " territories")
        if row == "world_style":
            return setup.world.style
        if row == "world_seed":
            return str(setup.world.seed)
        if row == "sound":
            return "on" if setup.sound else "off"
        if row == "seed":
            if self.seed_text is not None:
                return self.seed_text
            return "random" if setup.seed is None else str(setup.seed)
        seat = setup.seats[int(row[4:])]
        return S.seat_label(seat, short=self.narrow())

    def label_text(self, row: str) -> str:
        if row == "preset":
            return "Edition"
        if row in S.RULE_OPTIONS:
            return S.RULE_LABELS[row]
        if row.startswith("seat"):
            return f"Seat {int(row[4:]) + 1}"
        return {"map": "Map", "players": "Players", "sound": "Sound", "seed": "Seed", "world_size": "Size",
                "world_style": "Style", "world_seed": "World"}[row]

    def change(self, row: str, step: int) -> None:
        """Move the value of ``row`` one step along its choices."""
        from risk.rules import PRESETS

        setup = self.setup
        if row == "map" and self.maps:
            self.map_index = (self.map_index + step) % len(self.maps)
            self._set(map_path=self._map_path())
            self._show_map()
        elif row == "preset":
            names = list(PRESETS)
            # A new edition brings its own values: the options chosen on top of the old one go.
            self._set(preset=names[(names.index(setup.preset) + step) % len(names)], options={})
        elif row in S.RULE_OPTIONS:
            values = S.RULE_OPTIONS[row]
            current = setup.option(row)
            index = values.index(current) if current in values else 0
            self._set(options={**setup.options, row: values[(index + step) % len(values)]})
        elif row in WORLD_ROWS:
            self._set(world=_world_stepped(setup.world, row, step))
        elif row == "players":
            count = max(2, min(6, setup.players + step))
            seats = list(setup.seats[:count])
            while len(seats) < count:
                seats.append("Medium")
            self._set(seats=tuple(seats))
        elif row == "sound":
            self._set(sound=not setup.sound)
        elif row == "seed":
            # Random, or the deal of the last game started (to play it again).
            self.stop_editing()
            self._set(seed=self.last_seed if setup.seed is None and self.last_seed is not None else None)
        elif row.startswith("seat"):
            self._step_seat(int(row[4:]), step)

    def _step_seat(self, seat: int, step: int) -> None:
        current = self.setup.seats[seat]
        choices = self.seat_choices
        index = choices.index(current) if current in choices else choices.index(OTHER)
        new = choices[(index + step) % len(choices)]
        if new == OTHER:
            self.edit(seat)
            return
        self._set_seat(seat, new)

    def _set_seat(self, seat: int, value: str) -> None:
        seats = list(self.setup.seats)
        seats[seat] = value
        self._set(seats=tuple(seats))

    def _show_map(self) -> None:
        """Scroll the list of maps so that the chosen one is in it."""
        _, _, shown = self.map_area()
        if self.map_index < self.map_scroll:
            self.map_scroll = self.map_index
        elif self.map_index >= self.map_scroll + shown:
            self.map_scroll = self.map_index - shown + 1

    def _set(self, **changes) -> None:
        self.setup = replace(self.setup, **changes)

    def _map_path(self) -> str:
        choice = self.maps[self.map_index]
        if choice.generated:
            return S.WORLD_MAP
        return "" if choice.bundled and choice.path.stem == "classic" else str(choice.path)

    def edit(self, seat: int) -> None:
        """Type the bot spec of ``seat`` (what it holds now if it is not a listed choice)."""
        current = self.setup.seats[seat]
        self.editing = seat
        self.wants_text = True
        self.focus = self.rows().index(f"seat{seat}")
        if current in self.seat_choices:
            self._set_seat(seat, "")

    def edit_seed(self) -> None:
        self.stop_editing()
        self.seed_text = "" if self.setup.seed is None else str(self.setup.seed)
        self.wants_text = True
        self.focus = self.rows().index("seed")

    def stop_editing(self) -> None:
        if self.editing is not None and not self.setup.seats[self.editing].strip():
            self._set_seat(self.editing, "Medium")  # nothing typed: back to a listed bot
        if self.seed_text is not None:
            self._set(seed=int(self.seed_text) if self.seed_text else None)
            if self.setup.seed is not None:
                self.last_seed = self.setup.seed
        self.editing = None
        self.seed_text = None
        self.wants_text = False

    # -- layout -------------------------------------------------------------------------------------

    def narrow(self) -> bool:
        """Under 1000 pixels the values are shown in their short form."""
        return self.app.screen.get_width() < 1000

    def columns(self) -> dict[str, pygame.Rect]:
        w, h = self.app.screen.get_size()
        margin, gap = (12, 10) if self.narrow() else (24, 16)
        top, bottom = 54, 60
        inner_w = w - 2 * margin - 2 * gap
        map_w = int(inner_w * (0.30 if self.narrow() else 0.32))
        rules_w = int(inner_w * 0.35)
        seats_w = inner_w - map_w - rules_w
        height = h - top - bottom
        x = margin
        out = {"map": pygame.Rect(x, top, map_w, height)}
        x += map_w + gap
        out["rules"] = pygame.Rect(x, top, rules_w, height)
        x += rules_w + gap
        out["seats"] = pygame.Rect(x, top, seats_w, height)
        out["bottom"] = pygame.Rect(margin, h - bottom + 10, w - 2 * margin, 40)
        return out

    @staticmethod
    def inner(rect: pygame.Rect) -> pygame.Rect:
        """The area of a column panel below its title (as :func:`panel` leaves it)."""
        title_h = theme.font(20, True).get_linesize() + 10
        return pygame.Rect(rect.x + 12, rect.y + 10 + title_h, rect.width - 24, rect.height - 20 - title_h)

    def row_rects(self, area: pygame.Rect, index: int, label_share: float = 0.36):
        """(label, <, value, >) of the ``index``-th row of a column."""
        y = area.y + index * (ROW_H + ROW_GAP)
        arrow = 28 if self.narrow() else 34
        label = pygame.Rect(area.x, y, int(area.width * label_share), ROW_H)
        right = pygame.Rect(area.right - arrow, y, arrow, ROW_H)
        left = pygame.Rect(label.right + 4, y, arrow, ROW_H)
        value = pygame.Rect(left.right + 4, y, right.x - 4 - left.right - 4, ROW_H)
        return label, left, value, right

    def placed_rows(self) -> dict[str, tuple]:
        """Every row's rectangles, by row name."""
        cols = self.columns()
        out = {}
        rules = self.inner(cols["rules"])
        for i, row in enumerate(["preset"] + list(S.RULE_OPTIONS)):
            out[row] = self.row_rects(rules, i, 0.36 if self.narrow() else 0.40)
        if self.setup.generated:
            listing, _, _ = self.map_area()
            area = self.inner(cols["map"])
            below = pygame.Rect(area.x, listing.bottom + 10, area.width, area.height)
            for i, row in enumerate(WORLD_ROWS):
                out[row] = self.row_rects(below, i, 0.30)
        seats = self.inner(cols["seats"])
        names = ["players"] + [f"seat{i}" for i in range(self.setup.players)] + ["sound", "seed"]
        for i, row in enumerate(names):
            out[row] = self.row_rects(seats, i, 0.27)
        return out

    def map_area(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        """(the list of maps, the preview, how many maps the list shows); a generated world's
        rows go between the two."""
        area = self.inner(self.columns()["map"])
        world = len(WORLD_ROWS) * (ROW_H + ROW_GAP) if self.setup.generated else 0
        room = area.height - max(110, int(area.height * 0.4)) - 64 - world  # the preview keeps 40% at least
        shown = max(1, min(max(3, len(self.maps)), (room + 4) // 32))
        preview_h = area.height - (shown * 32 - 4) - 64 - world
        listing = pygame.Rect(area.x, area.y, area.width, shown * 32 - 4)
        preview = pygame.Rect(area.x, listing.bottom + 10 + world, area.width, preview_h)
        return listing, preview, shown

    # -- the frame ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._widgets = self.build()

    def build(self) -> list:
        widgets = []
        self._show_map()  # the rows of a generated world take room from the list: keep the choice in it
        listing, _, shown = self.map_area()
        self.map_scroll = max(0, min(self.map_scroll, len(self.maps) - shown))
        for slot, index in enumerate(range(self.map_scroll, min(len(self.maps), self.map_scroll + shown))):
            rect = (listing.x, listing.y + slot * 32, listing.width, 28)
            label = _fit(self.maps[index].label, 14, listing.width - 16, True)
            widgets.append(Button(rect, label, I.Choose(("map", index)), selected=index == self.map_index))
        for row, (_, left, value, right) in self.placed_rows().items():
            widgets.append(Button(left, "<", I.Choose(("row", row, -1))))
            widgets.append(Button(right, ">", I.Choose(("row", row, 1))))
            if row.startswith("seat"):
                widgets.append(_Field(self, value, I.Choose(("edit", int(row[4:])))))
            elif row == "seed":
                widgets.append(_Field(self, value, I.Choose(("seed",))))
            elif row == "world_seed":  # a click draws a new world
                widgets.append(Button(value, self.value_text(row), I.Choose(("world_seed_new",))))
        bottom = self.columns()["bottom"]
        problems = self.problems()
        widgets.append(Button((bottom.x, bottom.y, 110, 36), "Back", I.Cancel(), key="Esc"))
        label = "Watch" if self.watch or not self.setup.humans() else "Start"
        widgets.append(Button((bottom.right - 150, bottom.y, 150, 36), label, I.Confirm(), key="Enter",
                              style="primary", enabled=not problems))
        return widgets

    def problems(self) -> list[str]:
        if self.editing is not None and not self.setup.seats[self.editing].strip():
            return [f"seat {self.editing + 1}: type a bot spec (a name, name:param=value, or module:Class)"]
        key = repr(self.setup)  # building every bot to check it is worth doing once per change, not per frame
        if key != self._checked[0]:
            self._checked = (key, self.setup.problems())
        return self._checked[1]

    def draw(self, surface) -> None:
        surface.fill(theme.SEA_DEEP)
        cols = self.columns()
        title = "Watch the bots" if self.watch else "New game"
        surface.blit(theme.render(title, 26, theme.TEXT, bold=True), (cols["map"].x, 14))
        panel(surface, cols["map"], "Map")
        panel(surface, cols["rules"], "Rules")
        panel(surface, cols["seats"], "Players")
        mouse = pygame.mouse.get_pos()
        self._draw_map_column(surface)
        focused = self.rows()[self.focus]
        for row, (label, _, value, _) in self.placed_rows().items():
            self._draw_row(surface, row, label, value, row == focused)
        self._draw_help(surface, focused)
        for widget in self._widgets:
            widget.draw(surface, mouse)
        if focused == "map":
            listing, _, _ = self.map_area()
            pygame.draw.rect(surface, theme.ACCENT, listing.inflate(6, 6), 1, border_radius=6)
        self._draw_status(surface)

    def _draw_row(self, surface, row, label, value, focused) -> None:
        colour = theme.TEXT if focused else theme.TEXT_DIM
        text = _fit(self.label_text(row), 15, label.width - (18 if row.startswith("seat") else 0), focused)
        x = label.x
        if row.startswith("seat"):
            seat = int(row[4:])
            draw_shape(surface, theme.owner_shape(seat, -1), (x + 7, label.centery), 6,
                       theme.owner_colour(seat, -1))
            x += 18
        surface.blit(theme.render(text, 15, colour, bold=focused), (x, label.y + 7))
        if row.startswith("seat") or row in ("seed", "world_seed"):
            return  # the field draws itself (it is clickable, to type a spec or a seed, or draw a world)
        pygame.draw.rect(surface, theme.PANEL_LIGHT if not focused else theme.mix(theme.PANEL_LIGHT, theme.ACCENT, 0.25),
                         value, border_radius=6)
        shown = _fit(self.value_text(row), 14, value.width - 10, True)
        label_surface = theme.render(shown, 14, theme.TEXT, bold=True)
        surface.blit(label_surface, label_surface.get_rect(center=value.center))

    def _draw_map_column(self, surface) -> None:
        listing, preview, shown = self.map_area()
        if len(self.maps) > shown:
            more = theme.render(f"{self.map_scroll + 1}-{min(len(self.maps), self.map_scroll + shown)} of "
                                f"{len(self.maps)} (wheel)", 11, theme.TEXT_DIM)
            surface.blit(more, more.get_rect(bottomright=(listing.right, listing.y - 2)))
        view, _ = self._loaded_preview()
        if view is not None:  # as tall as the map needs: the room left lists the continents
            w_map, h_map = view.board.size
            preview.height = min(preview.height, int((preview.width - 8) * h_map / w_map) + 8)
        pygame.draw.rect(surface, theme.SEA_DEEP, preview, border_radius=6)
        view, info = self.preview(preview.inflate(-8, -8))
        if view is not None:
            count = len(view.board)
            small = [preview] if preview.width < 320 else []  # continent labels would cover a small map
            view.draw(surface, [-1] * count, [0] * count, names=False, keep_clear=small)
        area = self.inner(self.columns()["map"])
        folder = theme.wrap(f"Your maps (.json, Domination .map): {_short_path(S.user_maps_dir())}", 11, area.width)
        bottom = area.bottom - 14 * len(folder[:2])
        y = preview.bottom + 6
        colour = theme.BAD if view is None else theme.TEXT_DIM
        for line in theme.wrap(info, 12, area.width)[:2 if view is None else 1]:
            surface.blit(theme.render(_fit(line, 12, area.width), 12, colour), (area.x, y))
            y += 16
        if view is not None:
            for i, continent in enumerate(view.board.continents):
                if y + 15 > bottom - 4:
                    break
                swatch = view.continent_colours[i]
                pygame.draw.rect(surface, swatch, (area.x, y + 4, 8, 8), border_radius=2)
                text = f"{continent.name} +{continent.bonus}, {len(continent.members)} territories"
                surface.blit(theme.render(_fit(text, 11, area.width - 14), 11, theme.TEXT_DIM), (area.x + 14, y))
                y += 15
        for line in folder[:2]:
            surface.blit(theme.render(_fit(line, 11, area.width), 11, theme.TEXT_DIM), (area.x, bottom))
            bottom += 14

    def _loaded_preview(self):
        """(the map view of the chosen map, not yet fitted, a line about it); the view is None
        when the map cannot be read (the line then says why)."""
        if not self.maps:
            return None, "no maps found"
        key = self._preview_key()
        if key not in self.previews:
            choice = self.maps[self.map_index]
            try:
                if choice.generated:  # a big world takes a second: say so on the screen meanwhile
                    self.app.show_progress(f"Generating a world of {self.setup.world.territories} territories...")
                board = self.setup.world.board() if choice.generated else S.load_board(choice.path)
                summary = (f"{board.name}: {len(board)} territories, {len(board.continents)} continents, "
                           f"{len(board.borders)} borders")
                self.previews[key] = (MapView(board), summary)
            except (RiskError, OSError) as exc:
                self.previews[key] = (None, f"cannot use this map: {exc}")
        return self.previews[key]

    def _preview_key(self) -> str:
        choice = self.maps[self.map_index]
        if choice.generated:
            world = self.setup.world
            return f"world {world.territories} {world.style} {world.seed}"
        return str(choice.path)

    def preview(self, rect: pygame.Rect):
        """(the map view of the chosen map fitted into ``rect``, a line about it); the view is
        None when the map cannot be read or drawn (the line then says why)."""
        view, summary = self._loaded_preview()
        if view is not None:
            try:
                view.layout(rect)
            except (ValueError, TypeError) as exc:  # a map the renderer cannot draw (yet): say so, go on
                key = self._preview_key()
                self.previews[key] = (None, f"no preview: {exc}")
                return self.previews[key]
        return view, summary

    def _draw_help(self, surface, focused: str) -> None:
        from risk.rules import PRESETS, Rules

        area = self.inner(self.columns()["rules"])
        top = area.y + (1 + len(S.RULE_OPTIONS)) * (ROW_H + ROW_GAP) + 6
        if focused == "preset":
            changes = PRESETS[self.setup.preset]
            text = ("The standard rules (US 1993)." if not changes else
                    "Differs from the standard: " + S.rules_in_words(changes) + ".")
        elif focused in S.RULE_OPTIONS:
            text = dict((n, h) for n, _, h in Rules.describe())[focused]
        elif focused in WORLD_ROWS:
            text = ("A new world for this game: Size is its territories, Style how its land lies "
                    "(continents, islands or one pangaea), World its seed: the same seed gives the same world. "
                    "Left/Right change them; a click on the seed draws a new one.")
        else:
            changes = self.setup.options
            text = ("Changed on top of the edition: " + S.rules_in_words(changes) + "."
                    if changes else "Up/Down: choose a row; Left/Right: change it.")
        y = top
        for line in theme.wrap(text, 13, area.width)[: max(1, (area.bottom - top) // 17)]:
            surface.blit(theme.render(line, 13, theme.TEXT_DIM), (area.x, y))
            y += 17

    def _draw_status(self, surface) -> None:
        bottom = self.columns()["bottom"]
        problems = self.problems()
        if problems:
            text, colour = problems[0], theme.BAD
        else:
            humans = len(self.setup.humans())
            text = ("Bots only: you watch." if not humans else
                    "One human against bots." if humans == 1 else f"{humans} humans share this screen (hot-seat).")
            colour = theme.TEXT_DIM
        width = bottom.width - 110 - 150 - 40
        for i, line in enumerate(theme.wrap(text, 13, width)[:2]):
            surface.blit(theme.render(line, 13, colour), (bottom.x + 130, bottom.y + 2 + 17 * i))

    # -- input --------------------------------------------------------------------------------------

    def handle(self, intent) -> None:
        rows = self.rows()
        if isinstance(intent, I.TypeText):
            self._type(intent.text)
        elif isinstance(intent, I.Choose):
            self._choose(intent.key)
        elif isinstance(intent, I.DropFile):
            self.add_map(intent.path)
        elif isinstance(intent, I.Navigate):
            if self.wants_text:
                self.stop_editing()
            if intent.dy:
                self.focus = (self.focus + intent.dy) % len(rows)
            elif intent.dx:
                self.change(rows[self.focus], intent.dx)
        elif isinstance(intent, I.Cycle):
            self.stop_editing()
            self.focus = (self.focus + intent.step) % len(rows)
        elif isinstance(intent, I.Scroll):
            listing, _, shown = self.map_area()
            if listing.collidepoint(intent.pos):
                self.map_scroll = max(0, min(len(self.maps) - shown, self.map_scroll - intent.amount))
            else:
                self.change(rows[self.focus], 1 if intent.amount > 0 else -1)
        elif isinstance(intent, I.Confirm):
            if self.wants_text:
                self.stop_editing()
            else:
                self.start()
        elif isinstance(intent, (I.Cancel, I.Menu)):
            if self.wants_text:
                self.stop_editing()
            else:
                self.back()
        self.focus = min(self.focus, len(self.rows()) - 1)

    def _choose(self, key) -> None:
        kind = key[0]
        if self.wants_text and key != ("edit", self.editing) and not (kind == "seed" and self.seed_text is not None):
            self.stop_editing()
        if kind == "map":
            self.map_index = key[1]
            self.focus = 0
            self._set(map_path=self._map_path())
        elif kind == "row":
            _, row, step = key
            self.focus = self.rows().index(row)
            self.change(row, step)
        elif kind == "edit":
            self.edit(key[1])
        elif kind == "seed" and self.seed_text is None:
            self.edit_seed()
        elif kind == "world_seed_new":
            import random

            self.focus = self.rows().index("world_seed")
            self._set(world=replace(self.setup.world, seed=random.SystemRandom().randrange(1_000_000)))

    def add_map(self, dropped: str) -> None:
        """A map file dropped on the window: copied into the player's maps folder (checked
        first, so that only maps that load are kept), a Domination map with the files its [files]
        section names, and chosen."""
        from pathlib import Path

        from risk.domination import MAX_IMAGE_BYTES
        from risk.files import read_bytes, write_atomically
        from risk.schema import MAX_MAP_BYTES

        def copy(source: Path, limit: int, what: str) -> None:
            # Bounded and regular files only, both ends: a pipe is not waited on, a link not followed.
            write_atomically(folder / source.name, read_bytes(source, limit, what))

        source = Path(dropped)
        if source.suffix.lower() not in (".json", ".map"):
            self.app.notify(f"{source.name}: a map is a .json file or a Domination .map file", 4)
            return
        try:
            S.load_board(source)
            folder = S.user_maps_dir()
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / source.name
            if source.resolve() != target.resolve():
                copy(source, MAX_MAP_BYTES, "map file")
                if source.suffix.lower() == ".map":  # its picture, index image and cards go with it
                    from risk.domination import companion_files

                    for companion in companion_files(source):
                        copy(companion, MAX_IMAGE_BYTES, "map's companion file")
        except (RiskError, OSError) as exc:
            self.app.notify(f"Cannot add {source.name}: {exc}", 5)
            return
        self.maps = S.list_maps()
        self.map_index = self._map_index(str(target))
        self._set(map_path=self._map_path())
        self._show_map()
        self.app.notify(f"Added {source.name} to your maps", 3)

    def _type(self, text: str) -> None:
        if self.seed_text is not None:
            if text == "\b":
                self.seed_text = self.seed_text[:-1]
            elif text.isdigit() and len(self.seed_text) < 18:
                self.seed_text = (self.seed_text + text).lstrip("0") or "0"
            return
        if self.editing is None:
            return
        current = self.setup.seats[self.editing]
        current = current[:-1] if text == "\b" else (current + text)[:200]
        self._set_seat(self.editing, current)

    # -- leaving ------------------------------------------------------------------------------------

    def back(self) -> None:
        S.save_settings(self.setup)
        self.app.switch("menu")

    def start(self) -> None:
        """Start the game chosen (its seed is announced); a choice that cannot start says why."""
        problems = self.problems()
        if problems:
            self.app.notify(problems[0], 4)
            return
        S.save_settings(self.setup)
        sound.set_enabled(self.setup.sound)
        try:
            view, _ = self._loaded_preview()  # the board already read (or generated) for the preview
            config = S.play_config(self.setup, speed=self.app.speed, size=self.app.screen.get_size(),
                                   board=view.board if view is not None else None)
            scene = self.app.make("game.new", config)
        except (RiskError, ValueError) as exc:
            self.app.notify(f"Cannot start: {exc}", 5)
            return
        self.app.replace_all(scene)
        self.app.notify(f"New game, seed {config.seed}", 4)
        S.save_settings(replace(self.setup, last_seed=config.seed))  # the next visit offers this deal again


def _world_stepped(world, row: str, step: int):
    """``world`` with the choice of ``row`` (size, style or seed) moved ``step`` along."""
    from risk.worlds import STYLES

    if row == "world_size":
        sizes = S.WORLD_SIZES
        index = sizes.index(world.territories) if world.territories in sizes else 0
        return replace(world, territories=sizes[(index + step) % len(sizes)])
    if row == "world_style":
        return replace(world, style=STYLES[(STYLES.index(world.style) + step) % len(STYLES)])
    return replace(world, seed=max(0, world.seed + step))


class _Field(Button):
    """A seat's value (or the seed): its label, or while typing it with a caret; a click types."""

    def __init__(self, scene, rect, intent):
        super().__init__(rect, "", intent)
        self.scene = scene

    def draw(self, surface, mouse=None) -> None:
        scene = self.scene
        if self.intent.key[0] == "seed":
            row, editing = "seed", scene.seed_text is not None
            typed, value = scene.seed_text, "seed"
        else:
            seat = self.intent.key[1]
            row, editing = f"seat{seat}", scene.editing == seat
            typed = value = scene.setup.seats[seat]
        focused = scene.rows()[scene.focus] == row
        face = theme.mix(theme.PANEL_LIGHT, theme.ACCENT, 0.25) if focused else theme.PANEL_LIGHT
        pygame.draw.rect(surface, theme.SEA_DEEP if editing else face, self.rect, border_radius=6)
        if editing:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, 1, border_radius=6)
            text = typed
            caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " "
            shown = _fit_left(text, 14, self.rect.width - 16) + caret
            label = theme.render(shown, 14, theme.TEXT)
            surface.blit(label, label.get_rect(midleft=(self.rect.x + 6, self.rect.centery)))
            return
        colour = theme.TEXT if value != S.HUMAN else theme.TARGET
        shown = _fit(scene.value_text(row), 14, self.rect.width - 10, True)
        label = theme.render(shown, 14, colour, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


def _short_path(path) -> str:
    """``path`` with the home folder written as ~."""
    from pathlib import Path

    try:
        return "~/" + str(Path(path).relative_to(Path.home()))
    except ValueError:
        return str(path)


def _fit_left(text: str, size: int, width: int) -> str:
    """The end of ``text`` that fits ``width`` (what is being typed stays in view)."""
    face = theme.font(size)
    while text and face.size(text)[0] > width:
        text = text[1:]
    return text
