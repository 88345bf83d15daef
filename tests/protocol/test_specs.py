"""Messages against the schema, the spec forms, and specs from files never starting a program."""

import dataclasses
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from risk.errors import UsageError
from risk.match import Match
from risk.players import make_player, make_trusted_player, resolve
from risk.protocol.external import ExternalAgent
from risk.protocol.messages import (BOT_MESSAGES, ENGINE_MESSAGES, ActionReply, ProtocolError, read_message)
from risk.protocol.schema import BOT_SCHEMAS, ENGINE_SCHEMAS, SCHEMA_PATH, protocol_schema
from risk.protocol.serve import bot_options
from risk.protocol.spec import is_external_spec
from risk.rules import Rules
from risk.tournament.schedule import GameTask
from risk.tournament.worker import GameSetup, play_game
from risk.state import classic_board
from tests.support import DATA

SERVE_ANGRY = f"cmd:{sys.executable} -m risk.protocol.serve angry"


def test_the_schema_file_is_the_generated_schema():
    assert json.loads(SCHEMA_PATH.read_text()) == protocol_schema()
    jsonschema.Draft202012Validator.check_schema(protocol_schema())


@pytest.mark.parametrize("kinds, schemas", [(ENGINE_MESSAGES, ENGINE_SCHEMAS), (BOT_MESSAGES, BOT_SCHEMAS)])
def test_every_message_type_has_exactly_the_fields_of_its_schema(kinds, schemas):
    assert set(kinds) == set(schemas)
    for name, kind in kinds.items():
        fields = {"type", *(f.name for f in dataclasses.fields(kind))}
        assert fields == set(schemas[name]["properties"]), name


@pytest.mark.parametrize("line, words", [
    (b"not json", "unreadable JSON"),
    (b"[1, 2]", "must be a JSON object"),
    (b'{"id": 3}', "needs a string \\\"type\\\""),
    (b'{"type": "dance"}', "unknown message type 'dance'"),
    (b'{"type": "action", "id": "3", "action": "end"}', "integer id"),
    (b'{"type": "action", "id": 3}', "needs the field 'action'"),
    (b'{"type": "hello", "protocol": 1, "name": "x", "options": [{"name": "a", "type": "complex"}]}', "option"),
])
def test_a_bad_line_is_a_protocol_error_naming_the_problem(line, words):
    with pytest.raises(ProtocolError, match=None) as caught:
        read_message(line)
    assert words.replace("\\", "") in str(caught.value)


def test_a_good_action_line_reads_back():
    assert read_message(b'{"type":"action","id":4,"action":"end"}') == ActionReply(4, "end")


def test_a_hello_without_options_is_read_as_declaring_none():
    # The schema marks a hello's options optional; the reader must agree with it.
    hello = read_message(b'{"type":"hello","protocol":1,"name":"plain"}')
    assert hello.name == "plain" and hello.options == ()


def test_the_served_bot_declares_its_parameters_as_options():
    options = {o.name: o for o in bot_options("mcts:iterations=50")}
    assert options["iterations"].type == "int" and options["iterations"].default == 50


def test_cmd_and_bot_file_specs_build_external_agents(tmp_path):
    assert is_external_spec(SERVE_ANGRY) and not is_external_spec("angry")
    agent = make_player(SERVE_ANGRY)
    assert isinstance(agent, ExternalAgent) and agent.spec == SERVE_ANGRY
    json_file = tmp_path / "mcts.json"
    json_file.write_text(json.dumps({"command": [sys.executable, "-m", "risk.protocol.serve", "mcts"],
                                     "name": "served-mcts", "options": {"iterations": 20}, "retries": 1}))
    toml_file = tmp_path / "mcts.toml"
    toml_file.write_text(f'command = ["{sys.executable}", "-m", "risk.protocol.serve", "mcts"]\n'
                         '[options]\niterations = 20\n')
    for path in (json_file, toml_file):
        program, params = resolve(f"{path}:iterations=12")
        assert program.parameters() == {"iterations": 20} and params == {"iterations": "12"}
        agent = make_player(f"{path}:iterations=12")
        assert agent.options == {"iterations": 12} and agent.spec == f"{path}:iterations=12"
        assert agent.cwd == str(tmp_path)


def test_a_bot_file_option_reaches_the_program(tmp_path):
    path = tmp_path / "mcts.json"
    path.write_text(json.dumps({"command": [sys.executable, "-m", "risk.protocol.serve", "mcts"],
                                "options": {"iterations": 20}}))
    agent = make_player(f"{path}:iterations=7")
    agent.transcript = []
    Match([agent, make_player("random")], seed=2, rules=Rules(max_turns=2)).play()
    sent = [m for d, m in agent.transcript if d == "engine" and m["type"] == "option"]
    assert sent == [{"type": "option", "name": "iterations", "value": 7}]


@pytest.mark.parametrize("content, words", [
    ("{", "not valid JSON"),
    ('{"command": []}', "'command' must be a non-empty list"),
    ('{"command": ["x"], "shell": true}', "unknown setting 'shell'"),
    ('{"command": ["x"], "retries": -1}', "'retries' must be"),
])
def test_a_bad_bot_file_is_one_clear_line(tmp_path, content, words):
    path = tmp_path / "bot.json"
    path.write_text(content)
    with pytest.raises(UsageError) as caught:
        make_player(str(path))
    assert words in str(caught.value) and str(path) in str(caught.value)


def test_specs_from_a_file_never_start_a_program(tmp_path):
    marker = tmp_path / "ran"
    for spec in (f"cmd:touch {marker}", f"cmd:sh -c 'touch {marker}' x=1", str(tmp_path / "bot.json")):
        with pytest.raises(UsageError, match="refused in a file"):
            make_trusted_player(spec)
    # a save whose seat names a program is refused on load, and nothing runs
    save = tmp_path / "game.json"
    match = Match([make_player("random"), make_player("random")], seed=1, rules=Rules(max_turns=2))
    match.step()
    match.save(save)
    text = save.read_text()
    assert '"players":["random","random"]' in text
    save.write_text(text.replace('"players":["random","random"]',
                                 '"players":["random",' + json.dumps(f"cmd:touch {marker}") + "]"))
    with pytest.raises(UsageError, match="runs a program, refused in a file"):
        Match.load(save, make_trusted_player)
    assert not marker.exists()


def test_a_tournament_game_records_a_bot_programs_fault_and_goes_on():
    faulty = DATA / "protocol_bots" / "faulty.py"
    setup = GameSetup(rules=Rules(max_turns=10), board=classic_board())
    task = _task(["random", f"cmd:{sys.executable} {faulty} crash", "angry"])
    record = play_game(setup, task)
    assert record["reason"] == "fault"
    assert record["fault"]["seat"] == 1 and record["fault"]["kind"] == "crashed"
    assert "exit code 3" in record["fault"]["error"]
    task = _task(["random", SERVE_ANGRY, "angry"])
    assert play_game(setup, task)["fault"] is None


def _task(seats):
    return GameTask(game=0, group=0, rotation=0, seed=3, seats=tuple(seats),
                    players=tuple(f"seat {n}" for n in range(len(seats))))


def test_the_served_bot_answers_a_refusal_with_a_legal_action_and_quits_on_quit():
    import io

    from risk.protocol.messages import Error, Hello, NewGame, Quit, Request
    from risk.protocol.serve import Server
    from risk.protocol.view import encode_legal, encode_view
    from risk.state import GameState

    state = GameState.new(players=3, seed=5)
    out = io.StringIO()
    server = Server("angry", out)
    server.handle(Hello().line().decode())
    server.handle(NewGame("g", 0, ["angry"] * 3, state.rules.to_dict(), state.board.to_dict(), 9,
                          {"move_ms": None, "bank_ms": None}).line().decode())
    server.handle(Request(1, encode_view(state, 0), encode_legal(state), None).line().decode())
    server.handle(Error(1, "refused for the test", 1).line().decode())
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["hello", "action", "action"]
    assert state.why_illegal(state.parse_action(replies[1]["action"])) is None
    assert replies[2] == {"type": "action", "id": 1, "action": "claim alaska"}
    server.handle(Quit().line().decode())
    assert not server.running


def test_risk_simulate_takes_a_program_seat_and_names_a_bad_one(capsys):
    from risk.cli import main

    assert main(["simulate", "--bots", f"{SERVE_ANGRY},random", "--seed", "3", "--max-turns", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["seats"][0] == SERVE_ANGRY and result["turns"] == 5
    assert main(["simulate", "--bots", "cmd:,random", "--seed", "3"]) == 1
    assert "'cmd:' needs a command" in capsys.readouterr().err


def test_risk_tune_tunes_an_option_of_a_bot_file(tmp_path):
    from risk.tuning.params import TunedBot

    path = tmp_path / "threshold.toml"
    path.write_text(f'command = ["{sys.executable}", "-m", "risk.protocol.serve", "threshold"]\n'
                    '[options]\nattack_threshold = 0.6\n')
    bot = TunedBot.parse(f"{path}:attack_threshold=0.5", ["attack_threshold"])
    assert bot.baseline == {"attack_threshold": 0.5}
    spec = bot.spec_with({"attack_threshold": 0.7})
    assert spec == f"{path}:attack_threshold=0.7"
    assert make_player(spec).options == {"attack_threshold": 0.7}


@pytest.mark.parametrize("rules", [Rules(max_turns=12), Rules(commanders=True, retreat=True, max_turns=12),
                                   Rules(defender_sees_dice=True, capitals=True, max_turns=12)])
def test_the_legal_items_stand_for_exactly_the_legal_actions(rules):
    from risk.protocol.view import encode_legal, expand_legal

    match = Match([make_player("angry"), make_player("random"), make_player("angry")], seed=6, rules=rules)
    checked = 0
    while not match.state.is_terminal():
        state = match.state
        texts = expand_legal(encode_legal(state))
        actions = [state.parse_action(text) for text in texts]
        assert actions == list(state.legal_actions())
        checked += 1
        match.step()
    assert checked > 100


def test_the_window_refuses_a_save_naming_a_program(tmp_path):
    from risk.errors import RecordError
    from risk.gui.session import check_save

    marker = tmp_path / "ran"
    save = tmp_path / "game.json"
    match = Match([make_player("random"), make_player("random")], seed=1, rules=Rules(max_turns=2))
    match.step()
    match.save(save)
    spec = f"cmd:sh -c 'touch {marker}' x=1"  # not an import path by its shape: refused all the same
    save.write_text(save.read_text().replace('"players":["random","random"]',
                                             '"players":["random",' + json.dumps(spec) + "]"))
    with pytest.raises(RecordError, match="bot program"):
        check_save(save)
    assert not marker.exists()


def test_a_save_naming_a_trained_model_is_refused_by_the_window_without_loading_it(tmp_path):
    from risk.errors import RecordError
    from risk.gui.session import check_save

    save = tmp_path / "game.json"
    match = Match([make_player("random"), make_player("random")], seed=1, rules=Rules(max_turns=2))
    match.step()
    match.save(save)
    model = tmp_path / "model.zip"  # never opened: a model file is unpickled code
    save.write_text(save.read_text().replace('"players":["random","random"]',
                                             '"players":["random",' + json.dumps(f"rl:{model}") + "]"))
    with pytest.raises(RecordError, match="trained model"):
        check_save(save)
