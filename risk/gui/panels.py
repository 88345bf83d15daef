"""The game scene's panels laid out as data: the top bar, the action bar under the map, and the
side panel (players, your cards, the log).

:func:`layout` runs once a frame before drawing. Its buttons are the scene's widgets and its
labels are exactly what gets drawn, so the tests can check at any window size that no button is
lost or covered and that no two texts overlap. Narrow windows get shorter wordings, wrapped rows
of buttons and smaller type rather than clipped or hidden controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from risk.gui import intents as I
from risk.gui import theme
from risk.gui.badges import draw_shape
from risk.gui.layout import Block, Label, fit_blocks, fit_line, label, width_of
from risk.gui.widgets import Button, button_rows, button_width

SPEED_LABELS = [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Max", "max")]
TOOLTIP_LINE = 17


@dataclass
class Panels:
    """Everything drawn around the map this frame."""

    shown: object                                   # the state drawn (planned moves made)
    widgets: list = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    badges: list[tuple] = field(default_factory=list)      # (shape, centre, radius, colour)
    rows: list[tuple] = field(default_factory=list)        # (rect, colour): the current player
    rules: list[tuple] = field(default_factory=list)       # (start, end): separating lines
    tooltip: pygame.Rect | None = None
    log: pygame.Rect | None = None
    complete: bool = True                           # whether all of the action bar's text fitted


def regions(size: tuple[int, int], map_size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where the panels go in a window of ``size``: the top bar across the window; under it the
    map on the left, fitted to its width (``map_size``: the board's own); the action bar takes
    the height the map leaves, at least enough for the guidance, the odds and the rows of
    buttons; the side panel on the right."""
    w, h = size
    side = 310 if w >= 1100 else 260
    width = w - side
    # Under 900 pixels the attack's buttons take two rows: keep room for them and the odds.
    top, least_bottom = 38, (196 if width < 900 else 150)
    map_w, map_h = map_size
    height = min(h - top - least_bottom, int(width * map_h / map_w) + 1)
    return {
        "top": pygame.Rect(0, 0, w, top),  # across the whole window: the title needs the room
        "map": pygame.Rect(0, top, width, height),
        "bottom": pygame.Rect(0, top + height, width, h - top - height),
        "side": pygame.Rect(width, top, side, h - top),
    }


def layout(scene, phase_specs, hint_specs, blocks: list[Block]) -> Panels:
    """The panels around the map: ``phase_specs`` are the buttons of the moment (left in the
    action bar), ``hint_specs`` those kept to its right, ``blocks`` the paragraphs above them."""
    panels = Panels(scene.session.display_state())
    _top_bar(scene, panels)
    _action_bar(scene, panels, phase_specs, hint_specs, blocks)
    _side_panel(scene, panels)
    return panels


# -- the top bar -------------------------------------------------------------------------------------

def _top_bar(scene, panels: Panels) -> None:
    rect = scene.rects["top"]
    session, state = scene.session, scene.state
    y, height = rect.y + 5, 28
    skip = "Skip to my turn" if session.human is not None else "Skip"
    speeds = sum(button_width(text, minimum=54) for text, _ in SPEED_LABELS) + 4 * 3
    if speeds + button_width(skip, "S") + 84 + 28 > rect.width * 0.6:
        skip = "Skip"  # a narrow window: leave the title its room
    x = rect.right - 8 - 84
    panels.widgets.append(Button((x, y, 84, height), "Menu", I.Menu(), key="Esc"))
    width = button_width(skip, "S")
    x -= 8 + width
    over = state.is_terminal()  # nothing left to speed up, skip or hint
    panels.widgets.append(Button((x, y, width, height), skip, I.SkipToMyTurn(), key="S",
                                 enabled=not session.is_human_turn() and not over, selected=scene.pacer.skip_to_mine))
    x -= 12
    for text, level in reversed(SPEED_LABELS):
        width = button_width(text, minimum=54)
        x -= width
        panels.widgets.append(Button((x, y, width, height), text, I.Speed(level), enabled=not over,
                                     selected=scene.app.speed == level))
        x -= 4
    left = rect.x + 12
    if not state.is_terminal():
        colour = theme.owner_colour(state.player, state.neutral)
        panels.badges.append((theme.owner_shape(state.player, state.neutral), (left + 8, rect.centery), 8, colour))
        left += 24
    text, size = fit_line(title_variants(scene), (17, 15, 14, 13), x - 10 - left, bold=True)
    panels.labels.append(label(text, size, theme.TEXT, True, midleft=(left, rect.centery)))


def title_variants(scene) -> list[str]:
    state, names = scene.state, scene.session.names
    if state.is_terminal():
        return [f"Turn {state.turn} · game over", "Game over"]
    who, what = names[state.player], state.phase.label
    if state.phase.is_setup:
        return [f"Set-up · {who} to {what}", f"Set-up · {who}"]
    # The engine counts player turns; a person counts rounds (everyone has moved once).
    turn, round_ = state.turn, scene.session.rounds.round
    return [f"Turn {turn} (round {round_}) · {who} · {what} phase", f"Turn {turn} (round {round_}) · {who} · {what}",
            f"Turn {turn}, R{round_} · {who} · {what}", f"T{turn} R{round_} · {who} · {what}"]


# -- the action bar ----------------------------------------------------------------------------------

def _action_bar(scene, panels: Panels, phase_specs, hint_specs, blocks: list[Block]) -> None:
    inner = scene.rects["bottom"].inflate(-28, -16)
    buttons = button_rows(inner, phase_specs, hint_specs)
    panels.widgets += buttons
    text_bottom = min((b.rect.top for b in buttons), default=inner.bottom) - 6
    tip = _tooltip(scene, panels.shown, inner, text_bottom)
    area = pygame.Rect(inner.x, inner.y, inner.width, text_bottom - inner.y)
    if tip is not None:
        box, lines = tip
        labels, complete = fit_blocks(blocks, pygame.Rect(area.x, area.y, area.width - box.width - 12, area.height))
        if complete:
            panels.tooltip = box
            panels.labels += labels + lines
            return
    labels, panels.complete = fit_blocks(blocks, area)  # the text matters more than the tooltip
    panels.labels += labels


def _tooltip(scene, shown, inner: pygame.Rect, bottom: int):
    """The box describing the territory under the pointer, top right in the action bar, if it
    fits above the buttons."""
    t = scene.selection.focus
    if t is None:
        return None
    board = shown.board
    owner = shown.owner[t]
    names = scene.session.names
    who = "nobody yet" if owner < 0 else (names[owner] if owner < len(names) else "Neutral")
    continent = board.continents[board.continent_of[t]]
    texts = [board.names[t], f"{continent.name} (+{continent.bonus})",
             f"{_plural(shown.armies[t], 'army', 'armies')} · {who}"]
    width = max(width_of(text, 13, i == 0) for i, text in enumerate(texts)) + 18
    box = pygame.Rect(inner.right - width, inner.y, width, len(texts) * TOOLTIP_LINE + 10)
    if box.bottom > bottom or width > inner.width // 2:
        return None
    lines = [label(text, 13, theme.TEXT if i == 0 else theme.TEXT_DIM, i == 0,
                   topleft=(box.x + 8, box.y + 5 + i * TOOLTIP_LINE)) for i, text in enumerate(texts)]
    return box, lines


# -- the side panel ----------------------------------------------------------------------------------

def _side_panel(scene, panels: Panels) -> None:
    rect = scene.rects["side"]
    session, state = scene.session, scene.state
    x, y = rect.x + 12, rect.y + 10
    width = rect.width - 24
    panels.labels.append(label("Players", 15, theme.TEXT_DIM, True, topleft=(x, y)))
    y += 24
    owners = list(range(state.players)) + ([state.neutral] if state.neutral >= 0 else [])
    for p in owners:
        y = _player_row(scene, panels, p, x, y, width) + 4
    if session.human is not None and session.shows_secrets():
        y = _cards_line(scene, panels, x, y, width)
        for line in objective_lines(scene):
            for piece in theme.wrap(line, 13, width):
                panels.labels.append(label(piece, 13, theme.TARGET, topleft=(x, y)))
                y += 17
            y += 4
    panels.rules.append(((x, y), (rect.right - 12, y)))
    y += 8
    heading = label("Game log", 15, theme.TEXT_DIM, True, topleft=(x, y))
    panels.labels.append(heading)
    hint = label("wheel scrolls", 11, theme.TEXT_DIM, bottomright=(rect.right - 12, heading.rect.bottom - 2))
    if hint.rect.left > heading.rect.right + 8:
        panels.labels.append(hint)
    y += 24
    panels.log = pygame.Rect(x, y, width, max(0, rect.bottom - y - 8))


def _player_row(scene, panels: Panels, p: int, x: int, y: int, width: int) -> int:
    """One player's name, badge and numbers, in two lines where they fit, else three; returns
    the y below the row."""
    state, shown = scene.state, panels.shown
    current = p == state.current_player
    alive = state.alive[p]
    colour = theme.owner_colour(p, state.neutral)
    name = scene.session.names[p] if p < len(scene.session.names) else "Neutral"
    indent = x + 26
    room = width - 26
    labels = [label(name, 15, theme.TEXT if alive else theme.TEXT_DIM, current, topleft=(indent, y + 1))]
    stats, extra = [["eliminated"]], []
    if alive:
        territories, armies = shown.count[p], shown.total_armies(p)
        stats = [[f"{_plural(territories, 'territory', 'territories')} · {_plural(armies, 'army', 'armies')}",
                  f"{territories} terr. · {_plural(armies, 'army', 'armies')}"]]
        if p != state.neutral:
            cards = len(state.hands[p])
            extra = [f"{_plural(cards, 'card', 'cards')} · {text}" for text in income_texts(shown, p)]
            extra.append(f"{cards} cards · {income_texts(shown, p)[-1]}")
    bottom = y + 19
    if not extra:
        text, _ = fit_line(stats[0], (12,), room)
        labels.append(label(text, 12, theme.TEXT_DIM, topleft=(indent, bottom)))
    else:
        left, right = stats[0][0], extra[0]
        if width_of(left, 12) + 10 + width_of(right, 12) <= room:
            labels.append(label(left, 12, theme.TEXT_DIM, topleft=(indent, bottom)))
            labels.append(label(right, 12, theme.TEXT_DIM, topright=(x + width, bottom)))
        elif labels[0].rect.width + 10 + width_of(right, 12) <= room:
            labels.append(label(right, 12, theme.TEXT_DIM, bottomright=(x + width, labels[0].rect.bottom - 1)))
            text, _ = fit_line(stats[0], (12,), room)
            labels.append(label(text, 12, theme.TEXT_DIM, topleft=(indent, bottom)))
        else:
            for line in (stats[0], extra):
                text, _ = fit_line(line, (12,), room)
                labels.append(label(text, 12, theme.TEXT_DIM, topleft=(indent, bottom)))
                bottom += 16
            bottom -= 16
    end = bottom + 19
    if current:
        panels.rows.append((pygame.Rect(x - 6, y - 3, width + 12, end - y + 1), colour))
    panels.badges.append((theme.owner_shape(p, state.neutral), (x + 9, y + 15), 9,
                          colour if alive else theme.mix(colour, theme.PANEL, 0.6)))
    panels.labels += labels
    return end


def income_texts(state, p: int) -> list[str]:
    """A player's reinforcements a turn, longest wording first. Under the old UK rules the
    armies for territories come only in a turn without an attack, so they are told apart."""
    if not state.rules.reinforce_or_attack:
        return [f"+{state.income(p)}/turn", f"+{state.income(p)}"]
    territories, continents = state.income_parts(p)
    return [f"+{continents}/turn, +{territories} more without attacking",
            f"+{continents}/turn (+{territories} if no attack)", f"+{continents} (+{territories})"]


def _cards_line(scene, panels: Panels, x: int, y: int, width: int) -> int:
    """'Your cards' with the Cards button beside it, or under it if the panel is narrow."""
    state = scene.state
    count = len(state.hands[scene.session.human])
    value = f" · next set {state.rules.set_value(state.sets_traded)}" if state.rules.cards else ""
    variants = [f"Your cards: {count}{value}", f"Cards: {count}{value}", f"{_plural(count, 'card', 'cards')}"]
    button_w = button_width("Cards", "C", 70)
    room = width - button_w - 10
    text, size = fit_line(variants, (14, 13), room)
    line = label(text, size, theme.TEXT, midleft=(x, y + 12))
    if line.rect.width > room:  # even the shortest wording does not leave room for the button
        text, size = fit_line(variants, (14, 13), width)
        line = label(text, size, theme.TEXT, midleft=(x, y + 12))
        y += 26
    panels.labels.append(line)
    panels.widgets.append(Button((x + width - button_w, y, button_w, 24), "Cards", I.ShowCards(), key="C"))
    return y + 34


def objective_lines(scene) -> list[str]:
    """The human's secret mission and the capitals race, when those variants are played."""
    session, state = scene.session, scene.state
    lines = []
    if state.missions is not None and session.human is not None and state.missions[session.human] is not None:
        lines.append("Mission: " + state.missions[session.human].describe(session.names))
    if state.rules.capitals and all(c >= 0 for c in state.capitals):
        needed = state.rules.capitals_to_win or state.players
        held = state.capitals_held(session.human) if session.human is not None else 0
        lines.append(f"Capitals: you hold {held} of the {needed} needed (stars on the map)")
    return lines


# -- drawing -------------------------------------------------------------------------------------------

def draw(scene, surface, panels: Panels) -> None:
    rects = scene.rects
    for name in ("top", "bottom", "side"):
        pygame.draw.rect(surface, theme.PANEL, rects[name])
    pygame.draw.line(surface, theme.PANEL_EDGE, rects["top"].bottomleft, rects["top"].bottomright)
    pygame.draw.line(surface, theme.PANEL_EDGE, rects["bottom"].topleft, rects["bottom"].topright)
    pygame.draw.line(surface, theme.PANEL_EDGE, rects["side"].topleft, rects["side"].bottomleft)
    for rect, colour in panels.rows:
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=6)
        pygame.draw.rect(surface, colour, rect, 1, border_radius=6)
    for start, end in panels.rules:
        pygame.draw.line(surface, theme.PANEL_EDGE, start, end)
    if panels.tooltip is not None:
        shade = pygame.Surface(panels.tooltip.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.PANEL_LIGHT, 235), shade.get_rect(), border_radius=6)
        surface.blit(shade, panels.tooltip.topleft)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panels.tooltip, 1, border_radius=6)
    for shape, centre, radius, colour in panels.badges:
        draw_shape(surface, shape, centre, radius, colour)
    for item in panels.labels:
        item.draw(surface)
    if panels.log is not None:
        draw_log(scene, surface, panels.log)


#: The log's kinds that stand out in full colour; the rest are dimmed.
BRIGHT_KINDS = frozenset({"conquest", "elimination", "end", "trade", "turn", "continent"})


def log_colour(entry) -> tuple:
    if entry.kind == "note":  # a bot's failure
        return theme.TARGET
    return theme.TEXT if entry.kind in BRIGHT_KINDS else theme.TEXT_DIM


def draw_log(scene, surface, area: pygame.Rect) -> None:
    """The newest lines of the game log that fit, ``scene.log_scroll`` lines back."""
    scene.log_scroll = draw_log_lines(surface, area, scene.session.log, scene.state, scene.log_scroll,
                                      lambda index, entry: log_colour(entry))


def draw_log_lines(surface, area: pygame.Rect, lines, state, scroll: int, colour_of) -> int:
    """Draw the newest of ``lines`` (log entries) that fit ``area``, ``scroll`` wrapped lines
    back, each coloured by ``colour_of(index, entry)``; returns the scroll, clamped."""
    size = 12
    line_h = theme.font(size).get_linesize()
    capacity = max(1, area.height // line_h)
    # Only wrap what can be shown: walk back from the newest line.
    needed = capacity + scroll
    index = len(lines) - 1
    collected: list[tuple[str, int, tuple]] = []
    while index >= 0 and len(collected) < needed:
        entry = lines[index]
        colour = colour_of(index, entry)
        wrapped = theme.wrap(entry.text, size, area.width - 16)
        for k in range(len(wrapped) - 1, -1, -1):
            collected.append((wrapped[k], entry.player if k == 0 else -2, colour))
        index -= 1
    collected.reverse()
    scroll = min(scroll, max(0, len(collected) - capacity))
    start = max(0, len(collected) - capacity - scroll)
    y = area.y
    clip = surface.get_clip()
    surface.set_clip(area)
    for text, player, colour in collected[start:start + capacity]:
        if 0 <= player < state.owners:
            draw_shape(surface, theme.owner_shape(player, state.neutral), (area.x + 5, y + line_h // 2), 4,
                       theme.owner_colour(player, state.neutral))
        surface.blit(theme.render(text, size, colour), (area.x + 14, y))
        y += line_h
    surface.set_clip(clip)
    return scroll


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
