"""The game scene's panels: the top bar, the guidance and action bar, players, cards and the log.

Drawing functions only read the scene and its session. :func:`build_widgets` makes the buttons
for the current moment (they are rebuilt every frame, so they always match the phase).
"""

from __future__ import annotations

import time
from functools import lru_cache

import pygame

from risk.actions import Attack, Blitz, Claim, Deploy, EndPhase, Fortify, Occupy, Place, PlaceNeutral, Trade
from risk.cards import WILD
from risk.gui import intents as I
from risk.gui import theme
from risk.gui.animation import draw_arrow
from risk.gui.maprender import draw_shape
from risk.gui.widgets import Button, button_row, button_width
from risk.phase import Phase

SPEED_LABELS = [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Max", "max")]


# -- words ---------------------------------------------------------------------------------------

def describe_action(state, action) -> str:
    names = state.board.names
    if isinstance(action, Deploy):
        return f"deploy {action.armies} on {names[action.territory]}"
    if isinstance(action, Blitz):
        tail = "" if action.stop_at == 1 else f" until {action.stop_at} left"
        return f"blitz {names[action.target]} from {names[action.source]}{tail}"
    if isinstance(action, Attack):
        return f"attack {names[action.target]} from {names[action.source]} with {action.dice} dice"
    if isinstance(action, Fortify):
        return f"move {action.armies} from {names[action.source]} to {names[action.target]}"
    if isinstance(action, Occupy):
        return f"move {action.armies} in"
    if isinstance(action, Claim):
        return f"claim {names[action.territory]}"
    if isinstance(action, (Place, PlaceNeutral)):
        return f"place on {names[action.territory]}"
    if isinstance(action, Trade):
        cards = ", ".join("wild" if c == WILD else names[c] for c in action.cards)
        return f"trade {cards}"
    if isinstance(action, EndPhase):
        return {Phase.ATTACK: "stop attacking", Phase.FORTIFY: "end the turn without moving",
                Phase.TRADE: "keep the cards"}.get(state.phase, "end the phase")
    return action.text(state.board)


def guidance(scene) -> str:
    """One line telling the player what to do now."""
    session = scene.session
    state = scene.state
    names = state.board.names
    if state.is_terminal():
        return "The game is over."
    if not session.is_human_turn():
        who = session.names[state.current_player]
        if session.human is None:
            return f"{who} is playing ({state.phase.label}). Speed keys 1-4; the game saves itself."
        if not state.alive[session.human]:
            return f"You are out. {who} is playing; watch, or press 4 for full speed."
        return f"{who} is playing ({state.phase.label})... press S to skip ahead to your turn."
    phase = state.phase
    if phase == Phase.CAPITAL:
        needed = state.rules.capitals_to_win or state.players
        return (f"Choose your capital: click one of your territories. Holding {needed} capitals wins; "
                "the others see your choice only when everyone has chosen.")
    if phase == Phase.DEFEND:
        source, target, dice = state.pending
        advice = advised_defence(state)
        return (f"{session.names[state.player]} rolled {'-'.join(map(str, dice))} against {names[target]}: "
                f"defend with 1 or 2 dice (the FAQ's advice: {advice}; Enter takes it).")
    if phase == Phase.RETREAT:
        attack = state.pending
        win = odds(state.armies[attack.source], state.armies[attack.target], 1, rules_key(state, attack.source,
                                                                                           attack.target))[0]
        return (f"{session.names[state.player]} attacks {names[attack.target]} (they win {win:.0%} if you fight): "
                f"click a neighbouring territory of yours to retreat there (they lose 1 army), or stand (Enter).")
    if phase == Phase.CLAIM:
        left = sum(1 for o in state.owner if o < 0)
        return f"Claim a territory: click any unclaimed (light) one. {left} left. Whole continents pay a bonus each turn."
    if phase == Phase.PLACE:
        reserve = state.reserve[state.player]
        choices = list(state.legal_actions())
        if choices and all(isinstance(a, PlaceNeutral) for a in choices):
            return "Now place one army for the neutral player: click a grey territory."
        return f"Place a starting army: click one of your territories ({reserve} left to place)."
    if phase == Phase.TRADE:
        return "You hold a set of cards: trade it for armies in the card dialog (C), or keep it (E) if allowed."
    if phase == Phase.DEPLOY:
        return (f"Deploy {state.pool} armies: click your territory (+1), Shift+click (+5), "
                f"A places all on the one under the pointer. Ctrl+Z undoes.")
    if phase == Phase.OCCUPY:
        return "Choose how many armies move into the conquered territory."
    if phase == Phase.ATTACK:
        if state.rules.reinforce_or_attack and not state.attacked and state.withheld and scene.source is None:
            return (f"Attack, or end the phase without attacking (E) to receive {state.withheld} more armies "
                    "(old UK rules: either attack or reinforce).")
        if scene.source is None:
            return "Attack: click an enemy territory next to yours (or first your own with 2+ armies). E ends attacking."
        if scene.target is None:
            return f"Attack from {names[scene.source]}: click a highlighted enemy neighbour. Esc cancels."
        return (f"{names[scene.source]} attacks {names[scene.target]}: R rolls once, B blitzes, "
                f"N blitzes until {scene.stop_at} left (+/-). Click the target again to roll.")
    if phase == Phase.FORTIFY:
        if session.pending:
            return "Move planned. Enter ends your turn and makes it; Ctrl+Z takes it back."
        if scene.source is None:
            return "Fortify (optional): click a territory to move armies from, then where to. Enter ends your turn."
        return f"Move armies from {names[scene.source]}: click a highlighted territory of yours. Esc cancels."
    return ""


# -- odds ------------------------------------------------------------------------------------------

def rules_key(state, source: int, target: int, six: bool = False) -> tuple:
    """What the exact odds of an attack depend on besides the armies: the dice rules, the seeing
    defender, the sea-lane rounds left on this route, the commander's six."""
    sea = 0
    if state.rules.sea_lane_defence and frozenset((source, target)) in state.board.sea_routes:
        sea = 4 - state.sea_rounds.get((source, target), 0)
    return (state.rules.dice, state.rules.defender_sees_dice, max(0, sea), six)


def advised_defence(state) -> int:
    """The dice the FAQ's Q3.1 policy rolls against the attacker's roll now on the table."""
    from risk.battle import seeing_defender_dice

    _, target, dice = state.pending
    return seeing_defender_dice(state.armies[target], dice, state.dice_rules.defender_dice(state.armies[target]))


@lru_cache(maxsize=512)
def odds(attackers: int, defenders: int, stop_at: int, laws: tuple | None = None
         ) -> tuple[float, float, float, float]:
    """(win probability, expected armies left on the source, expected defenders left, expected
    source armies if the attack wins) for a blitz, from the exact solver, under ``laws``
    (:func:`rules_key`; the standard rules when None)."""
    from risk.battle import STANDARD_DICE, battle_odds

    dice, seeing, sea, six = laws or (STANDARD_DICE, False, 0, False)
    result = battle_odds(attackers, defenders, stop_at=stop_at, dice=dice, six=six, sea_rounds=sea,
                         variant="seeing-defender" if seeing else "standard")
    win = float(result.attacker_win)
    left = sum(k * float(p) for k, p in result.attacker_survivors.items())
    enemy = sum(k * float(p) for k, p in result.defender_survivors.items())
    won = sum(a * float(p) for (a, d), p in result.final_states.items() if d == 0)
    return win, left, enemy, (won / win if win > 0 else 0.0)


def odds_lines(scene) -> list[tuple[str, tuple]]:
    state = scene.state
    s, t = scene.source, scene.target
    a, d = state.armies[s], state.armies[t]
    if a < 2:
        return []
    laws = rules_key(state, s, t, scene.six_ready())
    win, left, enemy, if_won = odds(a, d, 1, laws)
    stop = max(1, min(scene.stop_at, a - 1))
    win_n = odds(a, d, stop, laws)[0] if stop > 1 else win
    dice = min(3, a - 1)
    first = (f"{a} vs {d}:  blitz wins {win:.1%}  ·  expected left: yours {left:.1f}, theirs {enemy:.1f}"
             f"  ·  if you win, about {if_won:.1f} armies stand in {state.board.names[s]}")
    second = f"Blitz until {stop} left: wins {win_n:.1%}  ·  one roll uses {dice} {'die' if dice == 1 else 'dice'}"
    colour = theme.GOOD if win >= 0.6 else (theme.TARGET if win >= 0.4 else theme.BAD)
    return [(first, colour), (second, theme.TEXT_DIM)]


# -- widgets ------------------------------------------------------------------------------------------

def build_widgets(scene) -> list:
    rects = scene.rects
    widgets: list = []
    top = rects["top"]
    # Speed buttons and menu, top right.
    x = top.right - 8
    menu = Button((x - 84, top.y + 5, 84, 28), "Menu", I.Menu(), key="Esc")
    x -= 92
    widgets.append(menu)
    skip_label = "Skip to my turn" if scene.session.human is not None else "Skip"
    skip_w = button_width(skip_label, "S")
    widgets.append(Button((x - skip_w, top.y + 5, skip_w, 28), skip_label, I.SkipToMyTurn(), key="S",
                          enabled=not scene.session.is_human_turn(), selected=scene.skip_to_mine))
    x -= skip_w + 12
    for label, level in reversed(SPEED_LABELS):
        w = button_width(label, minimum=54)
        x -= w
        widgets.append(Button((x, top.y + 5, w, 28), label, I.Speed(level), selected=scene.app.speed == level))
        x -= 4
    scene.rects["speed_left"] = x
    # The action bar.
    bottom = rects["bottom"]
    y = bottom.bottom - 40
    specs = phase_buttons(scene)
    widgets += button_row(bottom.x + 12, y, specs, height=32, right=bottom.right - 110)
    if scene.session.human is not None:
        hint_enabled = scene.session.is_human_turn()
        widgets.append(Button((bottom.right - 100, y, 88, 32), "Hint", I.Hint(), key="H", enabled=hint_enabled))
    if scene.hint and scene.hint.get("action") is not None:
        widgets.append(Button((bottom.right - 198, y, 90, 32), "Do it", I.ApplyHint(), style="primary"))
    side = rects["side"]
    if scene.session.human is not None:
        widgets.append(Button((side.right - 98, scene.rects.get("cards_y", side.y + 200), 86, 24), "Cards",
                              I.ShowCards(), key="C"))
    return widgets


def phase_buttons(scene) -> list[tuple]:
    session = scene.session
    state = scene.state
    if not session.is_human_turn():
        return []
    phase = state.phase
    undo = ("Undo", I.Undo(), "Ctrl+Z", session.can_undo())
    if phase == Phase.DEPLOY:
        return [("Place all here", I.PlaceAll(), "A", True, "primary"), undo]
    if phase == Phase.DEFEND:
        advice = advised_defence(state)
        return [("Defend with 1 die", I.DefendWith(1), "", True, "primary" if advice == 1 else "normal"),
                ("Defend with 2 dice", I.DefendWith(2), "", True, "primary" if advice == 2 else "normal")]
    if phase == Phase.RETREAT:
        return [("Stand and fight", I.StandFast(), "Enter", True, "primary")]
    if phase == Phase.CAPITAL:
        return []
    if phase == Phase.ATTACK:
        out = []
        if state.rules.commanders and not state.commander_used:
            out.append(("Six: on" if scene.use_six else "Six: off", I.ToggleSix(), "", True,
                        "primary" if scene.use_six else "normal"))
        if any(isinstance(a, Trade) for a in state.legal_actions()):
            out.append(("Trade cards", I.ShowCards(), "C"))
        if scene.source is not None and scene.target is not None:
            dice = min(3, state.armies[scene.source] - 1)
            out += [(f"Roll {dice} {'die' if dice == 1 else 'dice'}", I.Roll(), "R", True, "primary"),
                    ("Blitz", I.Blitz(), "B", True, "primary"),
                    (f"Blitz until {scene.stop_at} left", I.BlitzUntil(), "N"),
                    ("−", I.Adjust(-1), ""), ("+", I.Adjust(1), "")]
        out.append(("End attack", I.EndPhase(), "E"))
        return out
    if phase == Phase.FORTIFY:
        return [("End turn", I.Confirm(), "Enter", True, "primary"), undo]
    if phase == Phase.TRADE:
        allowed = state.is_legal(EndPhase())
        return [("Trade cards", I.ShowCards(), "C", True, "primary"), ("Keep cards", I.EndPhase(), "E", allowed)]
    return []


# -- keyboard focus --------------------------------------------------------------------------------

def step_focus(scene, dx: int, dy: int) -> int:
    """The territory in direction (dx, dy) from the focused one (nearest, favouring straight ahead)."""
    centres = scene.view.geometry.centres
    start = scene.focus if scene.focus is not None else (scene.source if scene.source is not None else 0)
    if scene.focus is None:
        return start
    x0, y0 = centres[start]
    best, best_score = start, None
    for t, (x, y) in enumerate(centres):
        if t == start:
            continue
        vx, vy = x - x0, y - y0
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy - vy * dx)
        score = along + 2.5 * across
        if best_score is None or score < best_score:
            best, best_score = t, score
    return best


# -- drawing ---------------------------------------------------------------------------------------

def draw(scene, surface) -> None:
    surface.fill(theme.PANEL)
    session = scene.session
    shown = session.display_state()
    view = scene.view
    human_turn = session.is_human_turn()
    selected = [t for t in (scene.source, scene.target) if t is not None]
    targets = [t for t in scene.candidates() if t not in selected] if human_turn else []
    hint_action = scene.hint.get("action") if scene.hint else None
    hint_spots = []
    for field in ("territory", "source", "target"):
        value = getattr(hint_action, field, None)
        if isinstance(value, int):
            hint_spots.append(value)
    if isinstance(hint_action, Trade) and hint_action.bonus is not None:
        hint_spots.append(hint_action.bonus)
    now = time.monotonic()

    def overlay(target_surface):
        scene.anims.draw(target_surface, view, now, below=True)
        for move in session.pending:
            draw_arrow(target_surface, view, move.source, move.target, theme.GOOD)
        if scene.source is not None and scene.target is not None:
            draw_arrow(target_surface, view, scene.source, scene.target, (255, 255, 255))
        if hint_action is not None:
            src, dst = getattr(hint_action, "source", None), getattr(hint_action, "target", None)
            if src is not None and dst is not None:
                draw_arrow(target_surface, view, src, dst, theme.ACCENT, 3)
        draw_capitals(target_surface, view, scene)

    view.draw(surface, shown.owner, shown.armies, selected=selected + hint_spots, targets=targets,
              hovered=scene.focus, overlay=overlay)
    scene.anims.draw(surface, view, now, below=False)
    draw_top(scene, surface)
    draw_bottom(scene, surface)
    if scene.focus is not None:
        draw_tooltip(scene, surface, scene.focus, shown)
    draw_side(scene, surface, shown)
    mouse = pygame.mouse.get_pos()
    for widget in scene.widgets():
        widget.draw(surface, mouse)


def draw_capitals(surface, view, scene) -> None:
    """A star beside each capital the human may see (all of them once revealed)."""
    state, human = scene.state, scene.session.human
    revealed = state.phase != Phase.CAPITAL
    for owner, t in enumerate(state.capitals):
        if t < 0 or not (revealed or owner == human):
            continue
        x, y = view.centre(t)
        r = view.badge_radius()
        star = _star_points(x + r + 4, y - r, max(5, r // 2 + 2))
        pygame.draw.polygon(surface, theme.owner_colour(owner, state.neutral), star)
        pygame.draw.polygon(surface, (20, 20, 24), star, 1)


def _star_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    import math
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        rr = radius if k % 2 == 0 else radius * 0.45
        points.append((cx + rr * math.cos(angle), cy + rr * math.sin(angle)))
    return points


def draw_top(scene, surface) -> None:
    rect = scene.rects["top"]
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    state = scene.state
    session = scene.session
    if state.is_terminal():
        text = f"Turn {state.turn} · game over"
    elif state.phase.is_setup:
        text = f"Set-up · {session.names[state.player]} to {state.phase.label}"
    else:
        text = f"Turn {state.turn} · {session.names[state.player]} · {state.phase.label} phase"
    x = rect.x + 12
    if not state.is_terminal():
        colour = theme.owner_colour(state.player, state.neutral)
        draw_shape(surface, theme.owner_shape(state.player, state.neutral), (x + 8, rect.centery), 8, colour)
        x += 24
    label = theme.render(text, 17, theme.TEXT, bold=True)
    limit = scene.rects.get("speed_left", rect.right) - x - 10
    if label.get_width() > limit:
        label = theme.render(text, 14, theme.TEXT, bold=True)
    surface.blit(label, label.get_rect(midleft=(x, rect.centery)))


def draw_bottom(scene, surface) -> None:
    rect = scene.rects["bottom"]
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright)
    x, y = rect.x + 14, rect.y + 8
    width = rect.width - 28 - (230 if scene.focus is not None else 0)
    message = scene.message
    if message is not None and time.monotonic() > message[1]:
        scene.message = message = None
    lines = theme.wrap(guidance(scene), 16, width, bold=True)
    for line in lines[:2]:
        label = theme.render(line, 16, theme.TEXT, bold=True)
        surface.blit(label, (x, y))
        y += label.get_height() + 2
    y += 2
    extra: list[tuple[str, tuple]] = []
    if message is not None:
        extra.append((message[0], theme.TARGET))
    elif scene.hint is not None:
        text = scene.hint.get("text")
        who = scene.hint.get("bot", "bot").title()
        extra.append((f"Hint from {who}: {text}" if text else f"{who} is thinking about a hint...", theme.ACCENT))
    elif (scene.source is not None and scene.target is not None and scene.state.phase == Phase.ATTACK
          and scene.session.is_human_turn()):
        extra.extend(odds_lines(scene))
    for text, colour in extra[:2]:
        for line in theme.wrap(text, 14, width)[:2]:
            if y > rect.bottom - 60:
                break
            label = theme.render(line, 14, colour)
            surface.blit(label, (x, y))
            y += label.get_height() + 1


def draw_side(scene, surface, shown) -> None:
    rect = scene.rects["side"]
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
    session = scene.session
    state = scene.state
    x, y = rect.x + 12, rect.y + 10
    width = rect.width - 24
    surface.blit(theme.render("Players", 15, theme.TEXT_DIM, bold=True), (x, y))
    y += 24
    owners = list(range(state.players)) + ([state.neutral] if state.neutral >= 0 else [])
    for p in owners:
        row = pygame.Rect(x - 6, y - 3, width + 12, 38)
        current = p == state.current_player
        if current:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=6)
            pygame.draw.rect(surface, theme.owner_colour(p, state.neutral), row, 1, border_radius=6)
        alive = state.alive[p]
        colour = theme.owner_colour(p, state.neutral)
        draw_shape(surface, theme.owner_shape(p, state.neutral), (x + 9, y + 15), 9,
                   colour if alive else theme.mix(colour, theme.PANEL, 0.6))
        name = session.names[p] if p < len(session.names) else "Neutral"
        name_colour = theme.TEXT if alive else theme.TEXT_DIM
        surface.blit(theme.render(name, 15, name_colour, bold=current), (x + 26, y + 1))
        if alive:
            label = theme.render(f"{_plural(shown.count[p], 'territory', 'territories')} · "
                                 f"{_plural(shown.total_armies(p), 'army', 'armies')}", 12, theme.TEXT_DIM)
            surface.blit(label, (x + 26, y + 19))
            if p != state.neutral:
                right = theme.render(f"{_plural(len(state.hands[p]), 'card', 'cards')} · +{shown.income(p)}/turn",
                                     12, theme.TEXT_DIM)
                surface.blit(right, (rect.right - 12 - right.get_width(), y + 19))
        else:
            surface.blit(theme.render("eliminated", 12, theme.TEXT_DIM), (x + 26, y + 19))
        y += 42
    y += 4
    # Cards of the human.
    if session.human is not None:
        hand = state.hands[session.human]
        value = state.rules.set_value(state.sets_traded) if state.rules.cards else 0
        text = f"Your cards: {len(hand)}" + (f" · next set {value}" if state.rules.cards else "")
        surface.blit(theme.render(text, 14, theme.TEXT), (x, y + 4))
        scene.rects["cards_y"] = y
        y += 34
        for line in objective_lines(scene):
            for piece in theme.wrap(line, 13, width):
                surface.blit(theme.render(piece, 13, theme.TARGET), (x, y))
                y += 17
            y += 4
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (rect.right - 12, y))
    y += 8
    surface.blit(theme.render("Game log", 15, theme.TEXT_DIM, bold=True), (x, y))
    hint = theme.render("wheel scrolls", 11, theme.TEXT_DIM)
    surface.blit(hint, (rect.right - 12 - hint.get_width(), y + 3))
    y += 24
    draw_log(scene, surface, pygame.Rect(x, y, width, rect.bottom - y - 8))


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


def draw_log(scene, surface, area: pygame.Rect) -> None:
    session = scene.session
    state = scene.state
    size = 12
    line_h = theme.font(size).get_linesize()
    capacity = max(1, area.height // line_h)
    rows: list[tuple[str, int, tuple]] = []
    lines = session.log
    # Only wrap what can be shown: walk back from the newest line.
    end = len(lines)
    needed = capacity + scene.log_scroll
    index = end - 1
    collected: list[tuple[str, int, tuple]] = []
    while index >= 0 and len(collected) < needed:
        entry = lines[index]
        colour = theme.TEXT if entry.kind in ("conquest", "elimination", "end", "trade") else theme.TEXT_DIM
        if entry.kind == "turn":
            colour = theme.TEXT
        if entry.kind == "note":
            colour = theme.TARGET
        wrapped = theme.wrap(entry.text, size, area.width - 16)
        for k in range(len(wrapped) - 1, -1, -1):
            collected.append((wrapped[k], entry.player if k == 0 else -2, colour))
        index -= 1
    collected.reverse()
    scene.log_scroll = min(scene.log_scroll, max(0, len(collected) - capacity))
    start = max(0, len(collected) - capacity - scene.log_scroll)
    rows = collected[start:start + capacity]
    y = area.y
    clip = surface.get_clip()
    surface.set_clip(area)
    for text, player, colour in rows:
        if player >= 0 and player < state.owners:
            draw_shape(surface, theme.owner_shape(player, state.neutral), (area.x + 5, y + line_h // 2), 4,
                       theme.owner_colour(player, state.neutral))
        surface.blit(theme.render(text, size, colour), (area.x + 14, y))
        y += line_h
    surface.set_clip(clip)


def draw_tooltip(scene, surface, t: int, shown) -> None:
    state = scene.state
    board = state.board
    owner = shown.owner[t]
    who = "nobody yet" if owner < 0 else (scene.session.names[owner] if owner < len(scene.session.names) else "Neutral")
    continent = board.continents[board.continent_of[t]]
    lines = [board.names[t], f"{continent.name} (+{continent.bonus})",
             f"{_plural(shown.armies[t], 'army', 'armies')} · {who}"]
    width = max(theme.font(13, i == 0).size(line)[0] for i, line in enumerate(lines)) + 18
    bottom = scene.rects["bottom"]
    right = min(bottom.right, scene.rects["side"].x)  # keep clear of the side panel drawn over it
    box = pygame.Rect(right - width - 10, bottom.y + 8, width, 3 * 17 + 10)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*theme.PANEL, 225), shade.get_rect(), border_radius=6)
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    yy = box.y + 5
    for i, line in enumerate(lines):
        surface.blit(theme.render(line, 13, theme.TEXT if i == 0 else theme.TEXT_DIM, bold=i == 0), (box.x + 8, yy))
        yy += 17


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
