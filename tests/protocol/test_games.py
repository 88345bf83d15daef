"""Whole games through the protocol: a served built-in bot plays as in-process, every message
fits the schema, and a seat is never sent another seat's cards or mission."""

import json
import sys

import jsonschema
import pytest

from risk.match import Match
from risk.players import make_player
from risk.protocol.external import ExternalAgent
from risk.protocol.schema import direction_schema
from risk.protocol.view import card_name
from risk.randomness import RandomSource
from risk.rules import Rules

SERVE = [sys.executable, "-m", "risk.protocol.serve"]

VARIANTS = {
    "standard": Rules(max_turns=30),
    "missions": Rules(missions=True, max_turns=30),
    "capitals": Rules(capitals=True, max_turns=30),
    "old-uk": Rules.preset("uk-old", max_turns=30),
    "commanders-retreats": Rules(commanders=True, retreat=True, sea_lane_defence=True, max_turns=30),
    "defender-sees-dice": Rules(defender_sees_dice=True, trade_anytime=True, max_turns=30),
}


def served(spec: str) -> ExternalAgent:
    agent = ExternalAgent([*SERVE, spec], spec=f"served {spec}")
    agent.transcript = []
    return agent


def play(agents, seed, rules):
    match = Match(agents, seed=seed, rules=rules)
    result = match.play()
    return match, result


def sent_seed(agent: ExternalAgent) -> int:
    """The seed ``new_game`` gave the program's own random source (never the game's: see
    test_hidden_information.py)."""
    return next(m["seed"] for d, m in agent.transcript if d == "engine" and m["type"] == "new_game")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("bot", ["angry", "threshold", "random"])
def test_a_served_bot_plays_the_same_game_as_in_process(bot, variant):
    rules = VARIANTS[variant]
    others = ["angry", "random"]
    agent = served(bot)
    there, _ = play([agent, *map(make_player, others)], 21, rules)
    # In process, the same bot in the same seat, with the random source the program was given.
    here = Match([make_player(bot), *map(make_player, others)], seed=21, rules=rules)
    here.seat_rngs[0] = RandomSource(sent_seed(agent))
    here.play()
    assert there.record.actions == here.record.actions
    assert agent.pid is not None and agent._process is None  # stopped at game over


def test_mcts_served_plays_full_games_within_the_rules():
    # mcts searches over the hidden cards it deals itself; the served copy deals them from the
    # same random numbers but from another order of the unseen cards, so its game may differ.
    agent = served("mcts:iterations=30")
    match, result = play([agent, make_player("angry"), make_player("random")], 5, Rules(max_turns=8))
    assert result.turns == 8 and result.actions > 50


def _hands_at_requests(match: Match, agent: ExternalAgent, seat: int):
    """The live hand of ``seat`` (card names) at each request sent to it."""
    hands = []
    original = agent._ask

    def recording(view):
        state = match.state
        mission = state.missions[seat].describe() if state.missions is not None else None
        hands.append((sorted(card_name(state, c) for c in state.hands[seat]), mission))
        return original(view)

    agent._ask = recording
    return hands


@pytest.mark.parametrize("variant", ["standard", "missions", "capitals"])
def test_a_seat_is_never_sent_another_seats_cards_or_mission(variant):
    rules = VARIANTS[variant]
    seat = 1
    agent = served("angry")
    match = Match([make_player("angry"), agent, make_player("angry")], seed=8, rules=rules)
    hands = _hands_at_requests(match, agent, seat)
    match.play()
    sent = [m for direction, m in agent.transcript if direction == "engine"]
    requests = [m for m in sent if m["type"] == "request"]
    assert len(requests) == len(hands) > 20
    for request, (hand, mission) in zip(requests, hands):
        view = request["view"]
        assert sorted(view["hand"]) == hand  # its own hand, nothing else
        assert view["mission"] == mission  # its own mission
        assert not {"hands", "deck", "missions"} & (set(view) | set(view["engine"]))
        if rules.capitals and view["phase"] == "CAPITAL":
            assert all(c is None for s, c in enumerate(view["engine"]["capitals"]) if s != seat)
    events = [e for m in sent if m["type"] == "events" for e in m["events"]]
    assert any(e["event"] == "CardDrawn" for e in events)
    for event in events:
        if event["event"] in ("CardDrawn", "CapitalChosen") and event["player"] != seat:
            assert "card" not in event and "territory" not in event
        assert event["event"] != "MissionChanged" or event["player"] == seat
    if rules.missions:
        own = match.state.missions[seat].describe()
        text = json.dumps(sent)
        for other, mission in enumerate(match.state.missions):
            if other != seat and mission.describe() != own:
                assert mission.describe() not in text


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_message_of_a_full_game_fits_the_schema(variant):
    validators = {d: jsonschema.Draft202012Validator(direction_schema(d)) for d in ("engine", "bot")}
    agent = served("angry")
    play([make_player("random"), agent, make_player("angry")], 13, VARIANTS[variant])
    kinds = set()
    for direction, message in agent.transcript:
        validators[direction].validate(json.loads(json.dumps(message)))
        kinds.add((direction, message["type"]))
    assert {("engine", t) for t in ("hello", "new_game", "events", "request", "game_over", "quit")} <= kinds
    assert {("bot", "hello"), ("bot", "action")} <= kinds
