"""How the protocol names things: the map of ``new_game`` with slugs for territories and
continents (neighbours by slug), and players named by seat number in every text a bot is sent."""

from __future__ import annotations

import copy

import jsonschema
import pytest
from jsonschema.exceptions import best_match

from ai import make_agent
from risk.board import board_from_dict, load_map
from risk.match import Match
from risk.protocol.names import continent_slugs, encode_map, seat_names
from risk.protocol.schema import protocol_schema
from risk.protocol.view import encode_events, encode_view
from risk.rules import Rules
from risk.state import GameState
from tests.support import DATA


def map_validator():
    schema = protocol_schema()
    return jsonschema.Draft202012Validator({**schema, "anyOf": [{"$ref": "#/$defs/engine.new_game"}]})


@pytest.mark.parametrize("path", [None, DATA / "tiny.json"])
def test_the_map_names_every_territory_and_neighbour_by_slug(path):
    board = load_map(path)
    sent = encode_map(board)
    territories = sent["territories"]
    assert [t["slug"] for t in territories] == list(board.slugs)
    for t, territory in enumerate(territories):
        assert territory["name"] == board.names[t]
        assert territory["neighbours"] == [board.slugs[n] for n in board.neighbours[t]]
        assert set(territory["sea_neighbours"]) <= set(territory["neighbours"])
        assert territory["continent_slug"] == sent["continents"][board.continent_of[t]]["slug"]
    for continent, entry in zip(board.continents, sent["continents"]):
        assert entry["territories"] == [board.slugs[t] for t in continent.members]
    sea = {frozenset((board.id(a), board.id(b))) for a, b in sent["sea_routes"]} if path else set()
    assert sea <= board.sea_routes


def test_the_classic_sea_routes_are_neighbours_too(classic):
    alaska = encode_map(classic)["territories"][classic.id("alaska")]
    assert "kamchatka" in alaska["neighbours"] and alaska["sea_neighbours"] == ["kamchatka"]


def test_the_map_keeps_the_file_fields_and_reads_back_as_the_same_board(classic):
    sent = encode_map(classic)
    source = classic.to_dict()
    assert list(sent) == list(source)  # the file's keys, in the file's order
    for key in ("borders", "sea_routes", "name", "size"):
        assert sent[key] == source[key]
    again = board_from_dict(copy.deepcopy(sent))
    assert again.slugs == classic.slugs and again.neighbours == classic.neighbours
    assert again.cards == classic.cards and again.sea_routes == classic.sea_routes
    assert classic.to_dict() == source  # the board's own map is untouched


def test_a_map_with_no_card_symbols_gets_the_ones_dealt(tiny):
    data = copy.deepcopy(tiny.to_dict())
    for entry in data["territories"]:
        del entry["card"]
        entry["slug"] = "not-this"  # a field of the file cannot stand in for the engine's slug
    board = board_from_dict(data)
    sent = encode_map(board)
    assert [t["card"] for t in sent["territories"]] == ["infantry", "cavalry", "artillery"] * 2
    assert [t["slug"] for t in sent["territories"]] == list(board.slugs)


def test_continent_slugs_are_unique_even_when_names_read_alike(tiny):
    data = copy.deepcopy(tiny.to_dict())
    data["continents"] = [{"name": "West Island", "bonus": 2}, {"name": "west island!", "bonus": 3},
                          {"name": "???", "bonus": 1}]
    for entry, continent in zip(data["territories"][3:], ("west island!", "west island!", "???")):
        entry["continent"] = continent
    board = board_from_dict(data)
    assert continent_slugs(board) == ["west-island", "west-island-2", "continent"]
    assert not list(map_validator().iter_errors(_new_game(board)))


def _new_game(board) -> dict:
    return {"type": "new_game", "game": "1-1", "seat": 0, "players": ["a", "b"], "rules": {},
            "map": encode_map(board), "seed": None, "clock": {"move_ms": None, "bank_ms": None}}


def test_the_map_fits_the_schema_and_the_schema_holds_the_slugs(classic):
    validator = map_validator()
    assert not list(validator.iter_errors(_new_game(classic)))
    broken = _new_game(classic)
    del broken["map"]["territories"][0]["neighbours"]
    assert best_match(validator.iter_errors(broken)).message == "'neighbours' is a required property"
    broken = _new_game(classic)
    broken["map"]["continents"][0]["slug"] = "North America"
    assert "does not match" in best_match(validator.iter_errors(broken)).message


def test_seat_names_count_from_zero_and_name_the_neutral():
    assert seat_names(3, None) == ["Seat 0", "Seat 1", "Seat 2"]
    assert seat_names(2, 2) == ["Seat 0", "Seat 1", "Neutral"]


def test_the_texts_a_bot_is_sent_name_players_by_seat():
    match = Match([make_agent("angry"), make_agent("random")], seed=3, rules=Rules(max_turns=2))
    texts = []
    while not match.state.is_terminal():
        events = match.step()
        texts.extend(item["text"] for item in encode_events(events, match.state, 0))
    assert any(text.startswith("Seat 0 ") for text in texts) and any(text.startswith("Seat 1 ") for text in texts)
    assert any("Neutral" in text for text in texts)  # 2 players: the neutral army
    assert not any("Player" in text for text in texts)


def test_a_destroy_mission_names_its_target_by_seat():
    state = GameState.new(players=3, seed=2, rules=Rules(missions=True))
    for seat in range(3):
        view = encode_view(state, seat)
        if view["mission"].startswith("Destroy"):
            assert view["mission"] == f"Destroy Seat {view['engine']['mission']['target']}"
            break
    else:
        pytest.fail("no destroy mission dealt: pick another seed")
