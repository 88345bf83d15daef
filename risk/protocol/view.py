"""What a seat may see, as JSON: the view of a request, the legal actions, the events.

Territories are named by slug and cards by their territory's slug or ``"wild"``, as in the
action text. Nothing here reads another seat's hand, the deck order or another seat's mission:
:func:`encode_view` gives hand sizes only, and :func:`encode_events` drops the fields that the
window's log leaves out for the other seats (the card drawn, a capital not yet revealed).

:func:`rebuild_state` is the reverse, for the bot's side: a :class:`GameState` a built-in bot can
play from, with the hidden cards dealt at random from the bot's own random source exactly as
``GameState.view`` deals them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from risk.actions import Attack, Blitz, parse_action
from risk.cards import WILD, full_deck
from risk.engine.combat import _blitz_with_six
from risk.events import CapitalChosen, CardDrawn, visible_events
from risk.missions import Mission
from risk.pending import DefenceChoice, FirstPlacer, RetreatChoice, SixChoice
from risk.phase import Phase
from risk.protocol.names import seat_names
from risk.state import NO_OWNER, GameState

#: Event fields that hold a territory (sent as slugs); ``capitals`` holds a list of them.
_TERRITORY_FIELDS = frozenset({"territory", "source", "target", "to"})
#: Event fields only the event's own player may see, though the event itself is public.
_PRIVATE_FIELDS = {CardDrawn: "card", CapitalChosen: "territory"}


def card_name(state_or_board, card: int) -> str:
    board = getattr(state_or_board, "board", state_or_board)
    return "wild" if card == WILD else board.slugs[card]


def card_id(board, name: str) -> int:
    """The card a name stands for; raises KeyError for an unknown one."""
    return WILD if name == "wild" else board.id(name)


def _slug(board, territory: int) -> str | None:
    return board.slugs[territory] if territory is not None and territory >= 0 else None


# -- the view -----------------------------------------------------------------------------------

def encode_view(state: GameState, seat: int) -> dict[str, Any]:
    """The request's ``view`` for ``seat``: public state, the seat's own hand and mission, the
    other hands as sizes, and under ``engine`` the remaining public fields of the game state
    (what :func:`rebuild_state` needs)."""
    board = state.board
    phase = state.phase
    in_capital_phase = phase == Phase.CAPITAL
    mission = state.missions[seat] if state.missions is not None and seat < len(state.missions) else None
    return {
        "turn": state.turn,
        "phase": phase.name,
        "current_player": state.current_player,
        "seat": seat,
        "player": state.player,
        "players": state.players,
        "neutral": state.neutral if state.neutral >= 0 else None,
        "owners": [None if o == NO_OWNER else o for o in state.owner],
        "armies": list(state.armies),
        "hand": [card_name(board, c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "pool": state.pool,
        "pending": encode_pending(state),
        "occupy": ({"min": state.occupy_min, "max": state._occupy_max()} if phase == Phase.OCCUPY else None),
        "next_trade_value": state.rules.set_value(state.sets_traded) if state.rules.cards else None,
        "mission": mission.describe(seat_names(state.players, state.neutral)) if mission is not None else None,
        "eliminated": list(state.eliminated),
        "alive": list(state.alive),
        "engine": {
            "reserve": list(state.reserve),
            "setup_placed_own": state.setup_placed_own,
            "setup_placed_neutral": state.setup_placed_neutral,
            "deck_size": len(state.deck),
            "discard": [card_name(board, c) for c in state.discard],
            "sets_traded": state.sets_traded,
            "bonus_used": state.bonus_used,
            "conquered": state.conquered,
            "attack_source": _slug(board, state.attack_source),
            "attack_target": _slug(board, state.attack_target),
            "occupy_min": state.occupy_min,
            "last_attack_dice": state.last_attack_dice,
            "resume_attack": state.resume_attack,
            "trade_until": state.trade_until,
            "arrived": list(state.arrived),
            "fortified": state.fortified,
            "decider": state.decider,
            "attacked": state.attacked,
            "withheld": state.withheld,
            "after_deploy": state.after_deploy.name,
            "commander_used": state.commander_used,
            "sea_rounds": [[_slug(board, s), _slug(board, t), n] for (s, t), n in sorted(state.sea_rounds.items())],
            "retreat_offered": state.retreat_offered,
            "declared": [_slug(board, t) for t in state.declared] if state.declared is not None else None,
            "mission": mission.to_json() if mission is not None else None,
            "mission_done": bool(state.mission_done[seat]) if state.mission_done is not None
            and seat < len(state.mission_done) else None,
            "capitals": [_slug(board, c) if not in_capital_phase or owner == seat else None
                         for owner, c in enumerate(state.capitals)],
        },
    }


def encode_pending(state: GameState) -> dict[str, Any] | None:
    """The pending decision as an object with a ``kind``, or None."""
    pending, board = state.pending, state.board
    if pending is None:
        return None
    if isinstance(pending, FirstPlacer):
        return {"kind": "first_placer", "seat": pending.seat}
    if isinstance(pending, DefenceChoice):
        return {"kind": "defence", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack_dice": list(pending.attack_dice)}
    if isinstance(pending, RetreatChoice):
        return {"kind": "retreat", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack": pending.attack.text(board)}
    if isinstance(pending, SixChoice):
        return {"kind": "six", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack_dice": list(pending.attack_dice), "defend_dice": list(pending.defend_dice)}
    raise TypeError(f"no protocol form for the pending decision {pending!r}")


def decode_pending(data: dict[str, Any] | None, board):
    if data is None:
        return None
    kind = data["kind"]
    if kind == "first_placer":
        return FirstPlacer(data["seat"])
    source, target = board.id(data["source"]), board.id(data["target"])
    if kind == "defence":
        return DefenceChoice(source, target, tuple(data["attack_dice"]))
    if kind == "retreat":
        attack = parse_action(data["attack"], board)
        assert isinstance(attack, (Attack, Blitz))
        return RetreatChoice(attack)
    if kind == "six":
        return SixChoice(source, target, tuple(data["attack_dice"]), tuple(data["defend_dice"]))
    raise ValueError(f"unknown pending decision {kind!r}")


# -- the legal actions ------------------------------------------------------------------------

def encode_legal(state: GameState) -> list[dict[str, Any]]:
    """One item per run of the lazy legal actions: ``{"action": text}`` for a single action, or
    ``{"action": prefix, "min": a, "max": b}`` (append a number in [a, b]; a ``suffix``, if
    given, follows the number)."""
    board = state.board
    items: list[dict[str, Any]] = []
    for maker, lead, first, last in state.legal_actions()._runs:
        if maker is None:
            items.append({"action": lead.text(board)})
            continue
        six = maker is _blitz_with_six
        verb = Blitz.verb if six else maker.verb
        prefix = " ".join([verb, *(board.slugs[t] for t in lead)])
        item = {"action": prefix, "min": first, "max": last}
        if six:
            item["suffix"] = "six"
        items.append(item)
    return items


def expand_legal(items: list[dict[str, Any]]) -> list[str]:
    """Every action text the items stand for (for tests and small bots)."""
    out = []
    for item in items:
        if "min" not in item:
            out.append(item["action"])
            continue
        suffix = f" {item['suffix']}" if item.get("suffix") else ""
        out.extend(f"{item['action']} {n}{suffix}" for n in range(item["min"], item["max"] + 1))
    return out


# -- events --------------------------------------------------------------------------------------

def encode_events(events, state_or_board, seat: int) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as objects: ``event`` (the class name), ``text`` (the log
    line, players named by seat: :func:`~risk.protocol.names.seat_names`) and the event's
    fields, territories as slugs, cards as names; a field the event's log line keeps from the
    other seats is left out for them."""
    board = getattr(state_or_board, "board", state_or_board)
    names = seat_names(state_or_board.players, state_or_board.neutral) if board is not state_or_board else None
    out = []
    for event in visible_events(events, seat):
        item: dict[str, Any] = {"event": type(event).__name__, "text": event.describe(board, names)}
        hidden = _PRIVATE_FIELDS.get(type(event)) if getattr(event, "player", seat) != seat else None
        for spec in dataclasses.fields(event):
            name = spec.name
            if name == hidden:
                continue
            value = getattr(event, name)
            if name in _TERRITORY_FIELDS and isinstance(value, int):
                value = _slug(board, value)
            elif name == "capitals":
                value = [_slug(board, c) for c in value]
            elif name == "cards":
                value = [card_name(board, c) for c in value]
            elif name == "card":
                value = card_name(board, value)
            elif name == "bonus_territories":
                value = [_slug(board, t) for t in value]
            elif isinstance(value, Mission):
                value = value.to_json()
            elif isinstance(value, tuple):
                value = list(value)
            item[name] = value
        out.append(item)
    return out


# -- the reverse: a state to play from -----------------------------------------------------------

def rebuild_state(board, rules, view: dict[str, Any], rng) -> GameState:
    """A state for a bot to play from, from the map, rules and a request's ``view``: what the
    seat sees, with the other hands and the deck dealt at random from the unseen cards with
    ``rng`` (as ``GameState.view`` deals them, drawing the same numbers from ``rng``)."""
    seat = view["seat"]
    engine = view["engine"]
    n = len(board)

    def territory(slug):
        return -1 if slug is None else board.id(slug)

    state = GameState.__new__(GameState)
    state.board = board
    state.rules = rules
    state.players = view["players"]
    neutral = view["neutral"]
    state.neutral = NO_OWNER if neutral is None else neutral
    state.owners = state.players + (1 if neutral is not None else 0)
    state.owner = [NO_OWNER if o is None else o for o in view["owners"]]
    state.armies = list(view["armies"])
    state.count = [0] * state.owners
    state.own_mask = [0] * state.owners
    for t, o in enumerate(state.owner):
        if o >= 0:
            state.count[o] += 1
            state.own_mask[o] |= 1 << t
    state.phase = Phase[view["phase"]]
    state.player = view["player"]
    state.turn = view["turn"]
    state.reserve = list(engine["reserve"])
    state.setup_placed_own = engine["setup_placed_own"]
    state.setup_placed_neutral = engine["setup_placed_neutral"]
    state.pool = view["pool"]
    own = [card_id(board, c) for c in view["hand"]]
    state.discard = [card_id(board, c) for c in engine["discard"]]
    state.sets_traded = engine["sets_traded"]
    state.bonus_used = engine["bonus_used"]
    state.conquered = engine["conquered"]
    state.attack_source = territory(engine["attack_source"])
    state.attack_target = territory(engine["attack_target"])
    state.occupy_min = engine["occupy_min"]
    state.last_attack_dice = engine["last_attack_dice"]
    state.resume_attack = engine["resume_attack"]
    state.trade_until = engine["trade_until"]
    state.arrived = list(engine["arrived"])
    state.fortified = engine["fortified"]
    state.alive = list(view["alive"])
    state.eliminated = list(view["eliminated"])
    state.winner = None
    state.end_reason = None
    state.places = None
    state.rng = rng
    state.decider = engine["decider"]
    state.pending = decode_pending(view["pending"], board)
    state.attacked = engine["attacked"]
    state.withheld = engine["withheld"]
    state.after_deploy = Phase[engine["after_deploy"]]
    state.commander_used = engine["commander_used"]
    state.sea_rounds = {(territory(s), territory(t)): k for s, t, k in engine["sea_rounds"]}
    state.retreat_offered = engine["retreat_offered"]
    declared = engine["declared"]
    state.declared = (territory(declared[0]), territory(declared[1])) if declared is not None else None
    state.capitals = [territory(c) for c in engine["capitals"]]
    if rules.missions:
        mission = engine["mission"]
        state.missions = [Mission(**{**mission, "continents": tuple(mission["continents"])})
                          if p == seat and mission is not None else None for p in range(state.players)]
        state.mission_done = [bool(engine["mission_done"]) and p == seat for p in range(state.players)]
    else:
        state.missions = None
        state.mission_done = None

    # The cards this seat has not seen, in a fixed order; dealt as GameState.view deals them.
    unseen = full_deck(n) if rules.cards else []
    for card in own + state.discard:
        unseen.remove(card)
    rng.shuffle(unseen)
    hands, position = [], 0
    for owner, size in enumerate(view["hand_sizes"]):
        if owner == seat:
            hands.append(own)
        else:
            hands.append(unseen[position:position + size])
            position += size
    state.hands = hands
    state.deck = unseen[position:]
    if len(state.deck) != engine["deck_size"]:
        raise ValueError(f"the view's cards do not add up: {len(state.deck)} unseen left for a deck of "
                         f"{engine['deck_size']}")
    return state
