"""The example bots of examples/bots/ play whole games against the built-in bots over the
protocol, and every message of those games validates against docs/protocol.schema.json."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from risk.match import Match
from risk.players import make_player
from risk.rules import Rules
from tests.support import ROOT

BOTS = ROOT / "examples" / "bots"
NODE = shutil.which("node")

PYTHON_BOT = f"cmd:{sys.executable} {BOTS / 'random_bot.py'}"
NODE_BOT = f"cmd:{NODE} {BOTS / 'random_bot.js'}"
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: the JavaScript example bot "
                                                     "cannot run here")
EXAMPLES = [pytest.param(PYTHON_BOT, id="python"), pytest.param(NODE_BOT, id="node", marks=needs_node)]
#: The random bots and the border bot (the strategy of the starter kits, tests/protocol/test_kits.py).
EVERY_EXAMPLE = [*EXAMPLES, pytest.param(f"cmd:{sys.executable} {BOTS / 'border_bot.py'}", id="border")]


def play(bot_spec: str, seat: int, seed: int, max_turns: int = 60):
    agents = [make_player("angry"), make_player("random")]
    agents.insert(seat, make_player(bot_spec))
    match = Match(agents, seed=seed, rules=Rules(max_turns=max_turns))
    try:
        return match.play(), match
    finally:
        close = getattr(agents[seat], "close", None)
        if close is not None:
            close()


@pytest.mark.parametrize("bot", EVERY_EXAMPLE)
@pytest.mark.parametrize("seat", [0, 2])
def test_an_example_bot_plays_a_whole_game(bot, seat):
    result, match = play(bot, seat, seed=20 + seat)
    assert match.state.is_terminal()
    assert result.reason in ("turn limit", "conquest") and sorted(result.places)[0] == 1
    assert result.seats[seat] == bot
    # the bot itself made the moves of its seat: the claims of the setup at least
    assert result.actions > 100


@pytest.mark.parametrize("bot", EVERY_EXAMPLE)
def test_an_example_bot_plays_the_same_game_from_the_same_seed(bot):
    first, _ = play(bot, seat=1, seed=7, max_turns=25)
    again, _ = play(bot, seat=1, seed=7, max_turns=25)
    assert (first.places, first.actions, first.turns) == (again.places, again.actions, again.turns)


@pytest.mark.parametrize("bot", EVERY_EXAMPLE)
def test_every_message_of_a_whole_game_validates_against_the_schema_file(bot, tmp_path):
    """The relay of ``risk bot check`` records the lines as they crossed the pipes; each one is
    validated here against the schema file itself, for its direction."""
    jsonschema = pytest.importorskip("jsonschema")
    from risk.bot_check import check_bot

    report = check_bot([bot], games=1, seed=3, max_turns=60, transcripts=tmp_path)
    assert report.ok, report.text()
    schema = json.loads((ROOT / "docs" / "protocol.schema.json").read_text())
    validators = {side: jsonschema.Draft202012Validator({**schema, "anyOf": [{"$ref": f"#/$defs/{side}_message"}]})
                  for side in ("engine", "bot")}
    records = [json.loads(line) for line in (tmp_path / "game-1.jsonl").read_text().splitlines()]
    kinds = {"engine": set(), "bot": set()}
    for entry in records:
        message = json.loads(entry["text"])
        errors = list(validators[entry["from"]].iter_errors(message))
        assert not errors, (entry["text"][:300], errors[0].message)
        kinds[entry["from"]].add(message["type"])
    assert {"hello", "new_game", "events", "request", "game_over", "quit"} <= kinds["engine"]
    assert kinds["bot"] >= {"hello", "action"}
    assert report.games[0].engine_messages == len([e for e in records if e["from"] == "engine"]) > 100


def test_an_example_bot_takes_its_options_from_a_bot_file(tmp_path):
    """A bot file sets the example's options; with end_weight=0 the bot ends a phase only when
    nothing else is legal, so it attacks far more often than with the default."""
    from risk.bot_check import check_bot

    bot_file = tmp_path / "eager.json"
    bot_file.write_text(json.dumps({"command": [sys.executable, str(BOTS / "random_bot.py")],
                                    "options": {"end_weight": 0.0, "seed": 4}, "name": "eager"}))
    report = check_bot([str(bot_file)], games=1, seed=5, max_turns=20, transcripts=tmp_path)
    assert report.ok, report.text()
    sent = [json.loads(entry["text"]) for entry in map(json.loads, (tmp_path / "game-1.jsonl").read_text().splitlines())
            if entry["from"] == "engine"]
    assert {"type": "option", "name": "end_weight", "value": 0.0} in sent
    assert {"type": "option", "name": "seed", "value": 4} in sent


def test_the_tutorials_first_bot_passes_the_check(tmp_path):
    """The 25-line bot of docs/protocol-tutorial.md is kept working: it is run as written."""
    pytest.importorskip("jsonschema")
    from risk.bot_check import check_bot

    text = (ROOT / "docs" / "protocol-tutorial.md").read_text()
    start = text.index("```python\n", text.index("## Your first bot")) + len("```python\n")
    source = text[start:text.index("```", start)]
    assert len(source.splitlines()) <= 25
    bot = tmp_path / "tiny.py"
    bot.write_text(source)
    report = check_bot([sys.executable, str(bot)], games=2, seed=11, max_turns=15)
    assert report.ok, report.text()


def test_the_example_bots_are_short_and_need_only_their_standard_library():
    import ast

    python_source = (BOTS / "random_bot.py").read_text()
    js_source = (BOTS / "random_bot.js").read_text()
    assert len(python_source.splitlines()) < 150 and len(js_source.splitlines()) < 150
    imported = set()
    for node in ast.walk(ast.parse(python_source + (BOTS / "border_bot.py").read_text())):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module.split(".")[0])
    assert imported and imported <= sys.stdlib_module_names, imported - sys.stdlib_module_names
    required = set(re.findall(r"require\(\"([^\"]+)\"\)", js_source))
    assert required == {"readline"}  # a Node built-in module


@pytest.mark.parametrize("bot", EXAMPLES)
def test_an_example_bot_kept_across_games_plays_each(bot, tmp_path):
    """With ``reuse`` one process plays game after game: its log shows one start, and the
    bot's own line at the end of each game but the last (the last one's may still be in the
    pipe when the program is stopped)."""
    from risk.protocol.external import stop_parked_programs

    command = bot.removeprefix("cmd:").split(" ")
    bot_file = tmp_path / "kept.json"
    bot_file.write_text(json.dumps({"command": command, "reuse": True, "log": "kept.log"}))
    try:
        for seed in (1, 2, 3):
            result, _ = play(str(bot_file), seat=seed % 3, seed=seed, max_turns=10)
            assert result.reason in ("turn limit", "conquest")
    finally:
        stop_parked_programs()
    log = (tmp_path / "kept.log").read_text()
    assert log.count("[referee] started") == 1 and log.count("[referee] next game") == 2, log
    assert log.count("game over: places") >= 2, log
