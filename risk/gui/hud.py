"""What the game scene says and offers: the guidance line, the exact odds, the buttons of each
phase, and drawing a frame (the map, its overlays, then the panels of :mod:`risk.gui.panels`).

Drawing only reads the scene and its session. :func:`build_widgets` lays out the panels for the
current moment (rebuilt every frame, so they always match the phase).
"""

from __future__ import annotations

import time

import pygame

from risk.actions import (Attack, Blitz, Claim, Deploy, EndPhase, Fortify, KeepRoll, Occupy, Place, PlaceNeutral,
                          Trade, UseSix)
from risk.cards import WILD
from risk.gui import intents as I
from risk.gui import panels, theme
from risk.gui.widgets import Button
from risk.gui.advice import advised_defence, odds, rules_key, six_advised, six_odds
from risk.gui.animation import draw_arrow, draw_roll
from risk.gui.layout import Block
from risk.phase import Phase


# -- words ---------------------------------------------------------------------------------------

def describe_action(state, action) -> str:
    names = state.board.names
    if isinstance(action, Deploy):
        return f"deploy {action.armies} on {names[action.territory]}"
    if isinstance(action, Blitz):
        tail = "" if action.stop_at == 1 else f" until {action.stop_at} left"
        six = ", using the commander's six if it helps" if action.six else ""
        return f"blitz {names[action.target]} from {names[action.source]}{tail}{six}"
    if isinstance(action, UseSix):
        return f"turn the {state.six_offer().changed} into a six"
    if isinstance(action, KeepRoll):
        return "keep the roll (and the six)"
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
    source, target = scene.selection.source, scene.selection.target
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
        target, dice = state.pending.target, state.pending.attack_dice
        advice = advised_defence(state)
        return (f"{session.names[state.player]} rolled {'-'.join(map(str, dice))} against {names[target]}: "
                f"defend with 1 or 2 dice (the FAQ's advice: {advice}; Enter takes it).")
    if phase == Phase.COMMANDER:
        offer = state.six_offer()
        return (f"Your {_dice_text(offer.attack_dice)} against {_dice_text(offer.defend_dice)}: turn the "
                f"{offer.changed} into a six (6) or keep the roll (K)? The six is yours once a turn; "
                "Enter takes the better chance.")
    if phase == Phase.RETREAT:
        attack = state.pending
        win, *_, miss = odds(state.armies[attack.source], state.armies[attack.target], 1,
                             rules_key(state, attack.source, attack.target, state.commander_ready()))
        return (f"{session.names[state.player]} attacks {names[attack.target]} (they win {percent(win, 0, miss)} "
                "if you fight): "
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
        if state.declared is not None:
            source, target = state.declared
            return (f"{names[target]} stands and fights: choose the dice for your attack from {names[source]}: "
                    f"R rolls once, B blitzes, N blitzes until {scene.blitz_stop()} left (+/-).")
        if state.pool and target is None:
            return (f"Place your {state.pool} traded armies now or at any moment of the attack (what is left is "
                    "placed when it ends): click your territory (+1), Shift+click (+5), A places all. "
                    "Click an enemy territory to attack.")
        if state.rules.reinforce_or_attack and not state.attacked and state.withheld and source is None:
            return (f"Attack, or end the phase without attacking (E) to receive {state.withheld} more armies "
                    "(old UK rules: either attack or reinforce).")
        if source is None:
            return "Attack: click an enemy territory next to yours (or first your own with 2+ armies). E ends attacking."
        if target is None:
            return f"Attack from {names[source]}: click a highlighted enemy neighbour. Esc cancels."
        return (f"{names[source]} attacks {names[target]}: R rolls once, B blitzes, "
                f"N blitzes until {scene.blitz_stop()} left (+/-).")
    if phase == Phase.FORTIFY:
        if session.pending:
            return "Move planned. Enter ends your turn and makes it; Ctrl+Z takes it back."
        if source is None:
            return "Fortify (optional): click a territory to move armies from, then where to. Enter ends your turn."
        return f"Move armies from {names[source]}: click a highlighted territory of yours. Esc cancels."
    return ""


def _dice_text(dice) -> str:
    return "-".join(map(str, dice))


def _losses_text(names, attacker: int, defender: int, losses: tuple[int, int]) -> str:
    who = [(names[attacker], losses[0]), (names[defender] if defender < len(names) else "Neutral", losses[1])]
    parts = [("you lose" if name == "You" else f"{name} loses") + f" {n}" for name, n in who if n]
    return " and ".join(parts) if parts else "no losses"


# -- odds ------------------------------------------------------------------------------------------

def six_lines(scene) -> list[tuple[str, tuple]]:
    """What each choice of the commander's phase leaves, and the chance of conquest after it."""
    state, names = scene.state, scene.session.names
    offer = state.six_offer()
    a, d = state.armies[offer.source], state.armies[offer.target]
    defender = state.owner[offer.target]
    kept, spent = six_odds(state)
    choices = ((f"Keep {_dice_text(offer.attack_dice)}", offer.kept, kept, " with the six still in hand"),
               (f"Turn the {offer.changed} into a six ({_dice_text(offer.six_dice)})", offer.six, spent, ""))
    lines = []
    for label, losses, chance, hand in choices:
        left_a, left_d = a - losses[0], d - losses[1]
        if left_d == 0:
            end = f": you conquer {state.board.names[offer.target]}"
        else:
            end = f", leaving {left_a} vs {left_d}; fighting on all out{hand}: {percent(chance)} to conquer"
        colour = theme.GOOD if chance >= 0.6 else (theme.TARGET if chance >= 0.4 else theme.BAD)
        lines.append((f"{label}: {_losses_text(names, state.player, defender, losses)}{end}", colour))
    return lines


def percent(p: float, digits: int = 1, miss: float | None = None) -> str:
    """A probability as people read it: 100% and 0% only when certain, else ">99.9%", "<0.1%".
    ``miss`` is 1 - p summed on its own: a float p rounds to 1.0 when the miss is 1e-20."""
    miss = 1 - p if miss is None else miss
    if miss <= 0 or p <= 0:
        return "100%" if miss <= 0 else "0%"
    text = f"{p:.{digits}%}"
    step = 10.0 ** -digits
    if text == f"{100:.{digits}f}%":
        return f">{100 - step:.{digits}f}%"
    if text == f"{0:.{digits}f}%":
        return f"<{step:.{digits}f}%"
    return text


def odds_lines(scene) -> list[tuple[str, tuple]]:
    state = scene.state
    s, t = scene.selection.source, scene.selection.target
    a, d = state.armies[s], state.armies[t]
    if a < 2:
        return []
    six = scene.blitz_six_ready()
    laws = rules_key(state, s, t, six)
    win, left, enemy, if_won, miss = odds(a, d, 1, laws)
    stop = scene.blitz_stop()
    win_n, *_, miss_n = odds(a, d, stop, laws)
    dice = min(3, a - 1)
    blitz = "blitz with the six wins" if six else "blitz wins"
    first = (f"{a} vs {d}:  {blitz} {percent(win, miss=miss)}  ·  expected left: yours {left:.1f}, theirs {enemy:.1f}"
             f"  ·  if you win, about {if_won:.1f} armies stand in {state.board.names[s]}")
    second = f"Blitz until {stop} left: wins {percent(win_n, miss=miss_n)}  ·  one roll uses {dice} {'die' if dice == 1 else 'dice'}"
    if state.commander_ready():
        second += " (then you may turn one into a six)"
    colour = theme.GOOD if win >= 0.6 else (theme.TARGET if win >= 0.4 else theme.BAD)
    return [(first, colour), (second, theme.TEXT_DIM)]


# -- widgets ------------------------------------------------------------------------------------------

def build_widgets(scene) -> list:
    """Lay out the panels for this frame (kept on the scene for drawing); their buttons."""
    trailing = []
    if scene.hint and scene.hint.get("action") is not None:
        trailing.append(("Do it", I.ApplyHint(), "", True, "primary"))
    if scene.session.human is not None:
        trailing.append(("Hint", I.Hint(), "H", scene.session.is_human_turn() and not scene.state.is_terminal()))
    scene.panels = panels.layout(scene, phase_buttons(scene), trailing, bar_text(scene))
    return scene.panels.widgets + zoom_buttons(scene)


def zoom_buttons(scene) -> list:
    """+, - and All in the map's top right corner, on a map that can be zoomed."""
    view = scene.view
    if not view.zoomable:
        return []
    area = scene.rects["map"]
    size, gap = 30, 4
    specs = [("All", I.Zoom(0), view.zoom > 1.0, 44), ("-", I.Zoom(-1), view.zoom > 1.0, size),
             ("+", I.Zoom(1), view.zoom < view.max_zoom, size)]
    out, right = [], area.right - 8
    for label, intent, enabled, width in reversed(specs):
        out.append(Button((right - width, area.y + 8, width, size), label, intent, enabled=enabled))
        right -= width + gap
    return out[::-1]


def bar_text(scene) -> list[Block]:
    """What the action bar says: the guidance, then a passing message, the hint, the odds."""
    message = scene.message
    if message is not None and (time.monotonic() > message[1] or message[2] != scene.state.phase):
        scene.message = message = None
    blocks = [Block(guidance(scene), theme.TEXT, bold=True)]
    if message is not None:
        blocks.append(Block(message[0], theme.TARGET, step=2))
    if scene.hint is not None:
        text = scene.hint.get("text")
        who = scene.hint.get("bot", "bot").title()
        blocks.append(Block(f"Hint from {who}: {text}" if text else f"{who} is thinking about a hint...",
                            theme.ACCENT, step=2))
    chosen = scene.selection
    if (chosen.source is not None and chosen.target is not None and scene.state.phase == Phase.ATTACK
            and scene.session.is_human_turn()):
        blocks += [Block(text, colour, step=2) for text, colour in odds_lines(scene)]
    if scene.state.phase == Phase.COMMANDER and scene.session.is_human_turn():
        blocks += [Block(text, colour, step=2) for text, colour in six_lines(scene)]
    return blocks


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
    if phase == Phase.COMMANDER:
        offer = state.six_offer()
        kept, spent = six_odds(state)
        better = six_advised(state)
        return [(f"Turn the {offer.changed} into a six (once a turn): conquest {percent(spent)}", I.SpendSix(), "6",
                 True, "primary" if better else "normal"),
                (f"Keep the roll: conquest {percent(kept)}", I.KeepRoll(), "K", True,
                 "normal" if better else "primary")]
    if phase in (Phase.CLAIM, Phase.PLACE):
        return [("Place the rest automatically", I.Choose("auto-setup"), "", True)]
    if phase == Phase.CAPITAL:
        return []
    if phase == Phase.ATTACK:
        out = []
        if state.commander_ready():
            # A narrow action bar keeps the attack's buttons in two rows with the shorter wording.
            wording = "Blitz may use the six" if scene.rects["bottom"].width >= 700 else "Six in blitz"
            out.append((f"{wording}: {'on' if scene.selection.blitz_six else 'off'}", I.ToggleSix(), "", True,
                        "primary" if scene.selection.blitz_six else "normal"))
        if any(isinstance(a, Trade) for a in state.legal_actions()):
            out.append(("Trade cards", I.ShowCards(), "C"))
        if state.pool:
            out.append((f"Place all {state.pool} here", I.PlaceAll(), "A"))
        if scene.selection.source is not None and scene.selection.target is not None:
            dice = min(3, state.armies[scene.selection.source] - 1)
            out += [(f"Roll {dice} {'die' if dice == 1 else 'dice'}", I.Roll(), "R", True, "primary"),
                    ("Blitz", I.Blitz(), "B", True, "primary"),
                    [(f"Blitz until {scene.blitz_stop()} left", I.BlitzUntil(), "N"),  # N and what sets it, together
                     ("−", I.Adjust(-1), ""), ("+", I.Adjust(1), "")]]
        out.append(("End attack", I.EndPhase(), "E", state.declared is None))
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
    focus, source = scene.selection.focus, scene.selection.source
    start = focus if focus is not None else (source if source is not None else 0)
    if focus is None:
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
    if scene.panels is None:  # drawn before its first update
        build_widgets(scene)
    layout = scene.panels
    shown = layout.shown
    view = scene.view
    human_turn = session.is_human_turn()
    source, target = scene.selection.source, scene.selection.target
    selected = [t for t in (source, target) if t is not None]
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
        if source is not None and target is not None:
            draw_arrow(target_surface, view, source, target, (255, 255, 255))
        if hint_action is not None:
            src, dst = getattr(hint_action, "source", None), getattr(hint_action, "target", None)
            if src is not None and dst is not None:
                draw_arrow(target_surface, view, src, dst, theme.ACCENT, 3)
        draw_capitals(target_surface, view, scene)
        if scene.waited is not None:  # "while you waited": ring what was lost and gained
            ring = view.badge_radius() + 6
            for spots, colour in ((scene.waited.lost, theme.BAD), (scene.waited.won, theme.GOOD)):
                for t in spots:
                    pygame.draw.circle(target_surface, colour, view.centre(t), ring, 3)

    if scene.map_stale and scene.map_picture is not None:
        draw_stretched_map(surface, scene)
        panels.draw(scene, surface, layout)
        for widget in scene.widgets():
            widget.draw(surface, pygame.mouse.get_pos())
        return
    view.draw(surface, shown.owner, shown.armies, selected=selected + hint_spots, targets=targets,
              hovered=scene.selection.focus, overlay=overlay)
    scene.map_picture = surface.subsurface(view.rect.clip(view.map_rect).clip(surface.get_rect())).copy()
    if human_turn and scene.state.phase == Phase.COMMANDER and not scene.anims.blocking():
        draw_six_offer(surface, view, scene.state)
    scene.anims.draw(surface, view, now, below=False)
    panels.draw(scene, surface, layout)
    mouse = pygame.mouse.get_pos()
    for widget in scene.widgets():
        widget.draw(surface, mouse)


def draw_stretched_map(surface, scene) -> None:
    """The map as last drawn, scaled into the new map area while the window is being resized, or
    grown from the pointer while a zoom waits to be drawn."""
    picture = scene.map_picture
    area = scene.rects["map"]
    pw, ph = picture.get_size()
    if scene.stretch is not None:
        ratio, (ax, ay) = scene.stretch
        last = scene.view.rect.clip(scene.view.map_rect)
        size = (max(1, int(pw * ratio)), max(1, int(ph * ratio)))
        where = (int(ax - (ax - last.x) * ratio), int(ay - (ay - last.y) * ratio))
        clip = surface.get_clip()
        surface.set_clip(area)
        surface.blit(pygame.transform.scale(picture, size), where)
        surface.set_clip(clip)
        return
    scale = min(area.width / max(1, pw), area.height / max(1, ph))
    size = (max(1, int(pw * scale)), max(1, int(ph * scale)))
    fitted = pygame.transform.scale(picture, size)
    surface.blit(fitted, fitted.get_rect(center=area.center))


def draw_six_offer(surface, view, state) -> None:
    """The roll waiting for the commander's decision, its lowest die ringed: the one to turn."""
    offer = state.six_offer()
    colours = (theme.owner_colour(state.player, state.neutral),
               theme.owner_colour(state.owner[offer.target], state.neutral))
    draw_roll(surface, view, offer.source, offer.target, offer.attack_dice, offer.defend_dice, colours,
              [f"The ringed {offer.changed} can become a six: 6 turns it, K keeps the roll"],
              len(offer.attack_dice) - 1, "→ 6?")


def draw_capitals(surface, view, scene) -> None:
    """A star beside each capital the human may see (all of them once revealed, or in a game of
    bots alone)."""
    state, human = scene.state, scene.session.human
    revealed = state.phase != Phase.CAPITAL or human is None  # bots alone: the watcher sees all
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
