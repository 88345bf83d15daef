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

from risk.actions import Blitz
from risk.cards import full_deck
from risk.engine.combat import blitz_with_six
from risk.errors import PositionError
from risk.events import CapitalChosen, CardDrawn, visible_events
from risk.missions import Mission
from risk.phase import Phase
from risk.position import DERIVED, FIELDS, HIDDEN, decode_fields
from risk.position_codecs import card_id, card_name
from risk.protocol.names import seat_names
from risk.state import GameState

__all__ = ["card_id", "card_name", "encode_events", "encode_legal", "encode_view", "expand_legal",
           "rebuild_state"]

#: Event fields that hold a territory (sent as slugs); ``capitals`` holds a list of them.
_TERRITORY_FIELDS = frozenset({"territory", "source", "target", "to"})
#: Event fields only the event's own player may see, though the event itself is public.
_PRIVATE_FIELDS = {CardDrawn: "card", CapitalChosen: "territory"}


def _slug(board, territory: int) -> str | None:
    return board.slugs[territory] if territory is not None and territory >= 0 else None


# -- the view -----------------------------------------------------------------------------------

#: The fields of the state at the top of the view, by their name there.
_TOP = {"turn": "turn", "phase": "phase", "player": "player", "players": "players", "neutral": "neutral",
        "owner": "owners", "armies": "armies", "pool": "pool", "pending": "pending",
        "eliminated": "eliminated", "alive": "alive"}
#: Fields never sent: the map and rules come with ``new_game``; nobody is asked to act in a
#: finished game, so its result is not there.
_NOT_SENT = ("board", "rules", "winner", "end_reason", "places")
#: Every other field goes under ``engine`` as the schema writes it, in the schema's order; of a
#: hidden field, what the seat may know (:func:`_secrets`; the capitals are masked while chosen).
_ENGINE = tuple(f.name for f in FIELDS if f.name not in _TOP and f.name not in _NOT_SENT
                and f.name not in DERIVED)
_SECRET = ("hands", "deck", "rng", "missions", "mission_done")
_WRITTEN = tuple(name for name in (*_TOP, *_ENGINE) if name not in _SECRET)
if set(HIDDEN) != {*_SECRET, "capitals"}:
    raise ImportError("risk.protocol.view: teach encode_view and rebuild_state the state's hidden fields "
                      f"{sorted(set(HIDDEN) - {*_SECRET, 'capitals'})}")


def _seat_mission(state, seat: int) -> Mission | None:
    missions = state.missions
    return missions[seat] if missions is not None and seat < len(missions) else None


def _secrets(state, seat: int) -> dict[str, dict[str, Any]]:
    """What ``seat`` may know of each secret field, as entries under ``engine`` (the hands are
    given as ``hand`` and ``hand_sizes``, the random source not at all)."""
    done = state.mission_done
    mission = _seat_mission(state, seat)
    return {"hands": {}, "rng": {},
            "deck": {"deck_size": len(state.deck)},
            "missions": {"mission": mission.to_json() if mission is not None else None},
            "mission_done": {"mission_done": bool(done[seat]) if done is not None and seat < len(done) else None}}


def encode_view(state: GameState, seat: int) -> dict[str, Any]:
    """The request's ``view`` for ``seat``: public state, the seat's own hand and mission, the
    other hands as sizes, and under ``engine`` the remaining public fields of the game state
    (what :func:`rebuild_state` needs), each written as the state's schema writes it
    (:mod:`risk.position`)."""
    phase = state.phase
    written = state.encode_fields(_WRITTEN)
    if phase == Phase.CAPITAL:  # capitals are revealed together, once all are chosen
        written["capitals"] = [c if owner == seat else None for owner, c in enumerate(written["capitals"])]
    secrets = _secrets(state, seat)
    engine: dict[str, Any] = {}
    for name in _ENGINE:
        engine.update(secrets[name] if name in secrets else {name: written[name]})
    mission = _seat_mission(state, seat)
    return {
        **{key: written[name] for name, key in _TOP.items()},
        "current_player": state.current_player,
        "seat": seat,
        "hand": [card_name(state.board, c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "occupy": ({"min": state.occupy_min, "max": state.occupy_max()} if phase == Phase.OCCUPY else None),
        "next_trade_value": state.rules.set_value(state.sets_traded) if state.rules.cards else None,
        "mission": mission.describe(seat_names(state.players, state.neutral)) if mission is not None else None,
        "engine": engine,
    }


# -- the legal actions ------------------------------------------------------------------------

def encode_legal(state: GameState) -> list[dict[str, Any]]:
    """One item per run of the lazy legal actions: ``{"action": text}`` for a single action, or
    ``{"action": prefix, "min": a, "max": b}`` (append a number in [a, b]; a ``suffix``, if
    given, follows the number)."""
    board = state.board
    items: list[dict[str, Any]] = []
    for maker, lead, first, last in state.legal_runs():
        if maker is None:
            items.append({"action": lead.text(board)})
            continue
        six = maker is blitz_with_six
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
    seat sees, read back as the state's schema reads it, with the other hands and the deck dealt
    at random from the unseen cards with ``rng`` (as ``GameState.view`` deals them, drawing the
    same numbers from ``rng``). Raises :class:`~risk.errors.PositionError` for a view that does
    not fit the map and rules."""
    seat, engine = view["seat"], view["engine"]
    written = {name: view[key] for name, key in _TOP.items()}
    written.update((name, engine[name]) for name in _WRITTEN if name not in _TOP)
    if rules.missions:
        seats = range(view["players"])
        written["missions"] = [engine["mission"] if p == seat else None for p in seats]
        written["mission_done"] = [bool(engine["mission_done"]) and p == seat for p in seats]
    else:
        written["missions"] = written["mission_done"] = None
    values = decode_fields(written, board)
    own = [card_id(board, c) for c in view["hand"]]

    # The cards this seat has not seen, in a fixed order; dealt as GameState.view deals them.
    unseen = full_deck(len(board)) if rules.cards else []
    for card in own + values["discard"]:
        unseen.remove(card)
    rng.shuffle(unseen)
    hands, position = [], 0
    for owner, size in enumerate(view["hand_sizes"]):
        if owner == seat:
            hands.append(own)
        else:
            hands.append(unseen[position:position + size])
            position += size
    deck = unseen[position:]
    if len(deck) != engine["deck_size"]:
        raise PositionError(f"the view's cards do not add up: {len(deck)} unseen left for a deck of "
                            f"{engine['deck_size']}")
    values.update(board=board, rules=rules, rng=rng, hands=hands, deck=deck, winner=None, end_reason=None,
                  places=None)
    return GameState.from_fields(values)
