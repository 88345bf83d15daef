"""docs/protocol.md is a contract a bot writer can follow from one page: every example message it
shows fits the schema, its tables cover every phase and every action verb, and the tutorial's
transcript lines are messages of the protocol too."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from jsonschema.exceptions import best_match

import risk.actions
from risk.phase import Phase
from risk.protocol.messages import BOT_MESSAGES, ENGINE_MESSAGES
from risk.protocol.schema import protocol_schema
from tests.support import ROOT

PROTOCOL = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
TUTORIAL = (ROOT / "docs" / "protocol-tutorial.md").read_text(encoding="utf-8")


def validator(side: str, kind: str):
    schema = protocol_schema()
    return jsonschema.Draft202012Validator({**schema, "anyOf": [{"$ref": f"#/$defs/{side}.{kind}"}]})


def problem(side: str, message: dict) -> str | None:
    error = best_match(validator(side, message["type"]).iter_errors(message))
    return None if error is None else f"{list(error.absolute_path)}: {error.message}"


def documented_messages() -> list[tuple[str, dict]]:
    """Every ```json block of protocol.md's sections on messages, with its direction."""
    found = []
    for side, heading, end in (("engine", "### Engine to bot", "### Bot to engine"),
                               ("bot", "### Bot to engine", "### Faults")):
        section = PROTOCOL[PROTOCOL.index(heading):PROTOCOL.index(end)]
        for block in re.findall(r"```json\n(.*?)```", section, re.S):
            found.append((side, json.loads(block)))
    return found


MESSAGES = documented_messages()


@pytest.mark.parametrize("side, message", MESSAGES, ids=[f"{s}.{m['type']}" for s, m in MESSAGES])
def test_every_documented_message_fits_the_schema(side, message):
    assert problem(side, message) is None


def test_every_message_type_has_a_documented_example():
    assert {m["type"] for s, m in MESSAGES if s == "engine"} == set(ENGINE_MESSAGES)
    assert {m["type"] for s, m in MESSAGES if s == "bot"} == set(BOT_MESSAGES)


def test_the_documented_examples_are_the_engines_own_messages():
    """The new_game example's map is the test map encoded as the engine encodes it, and the
    documented blitz reads as the blitz it describes."""
    from risk.actions import Blitz
    from risk.board import load_map
    from risk.protocol.names import encode_map
    from tests.support import DATA

    board = load_map(DATA / "tiny.json")
    new_game = next(m for s, m in MESSAGES if m["type"] == "new_game")
    assert new_game["map"] == encode_map(board)
    action = next(m for s, m in MESSAGES if m["type"] == "action")["action"]
    assert risk.actions.parse_action(action, board) == Blitz(board.id("gamma-bay"), board.id("beta-hills"), 1)


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The cells of each row of the first table after ``heading`` (its header row left out)."""
    section = text[text.index(heading):]
    lines = section[section.index("\n|") + 1:].split("\n\n", 1)[0].splitlines()
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines[2:]]


def test_the_phase_table_lists_every_phase():
    phases = [row[0].strip("`") for row in table_rows(PROTOCOL, "The phases, and what is legal in each")]
    assert sorted(phases) == sorted(phase.name for phase in Phase)
    schema_view = protocol_schema()["$defs"]["engine.request"]["properties"]["view"]
    assert set(schema_view["properties"]["phase"]["enum"]) == set(phases)


def test_the_action_table_explains_every_verb_and_its_number():
    verbs = {kind.verb for kind in vars(risk.actions).values() if isinstance(kind, type) and hasattr(kind, "verb")}
    rows = table_rows(PROTOCOL, "#### Legal actions and their numbers")
    explained = {item.strip("`").split()[0] for row in rows for item in row[0].split(", ")}
    assert explained == verbs
    numbered = [row for row in rows if " N" in row[1]]
    assert {row[0].strip("`").split()[0] for row in numbered} == {"deploy", "attack", "blitz", "occupy", "fortify",
                                                                  "defend"}
    assert all(row[2] and row[3] for row in numbered)  # what N means, and its range
    blitz = next(row for row in numbered if row[0] == "`blitz S T`")
    assert "until T falls or S is down to N armies" in blitz[2]


def tutorial_lines() -> list[tuple[str, str]]:
    """The tutorial's transcript lines: ``>`` the engine's, ``<`` the bot's."""
    return [("engine" if line[0] == ">" else "bot", line[2:])
            for block in re.findall(r"```\n(.*?)```", TUTORIAL, re.S) for line in block.splitlines()
            if line[:2] in ("> ", "< ")]


def test_the_tutorials_transcript_lines_are_messages():
    """Each whole line fits the schema; only the long messages are cut, with '...' as the
    tutorial says."""
    whole, cut = set(), set()
    for side, text in tutorial_lines():
        if "..." in text:
            cut.add(re.match(r'\{"type":"(\w+)"', text).group(1))
            continue
        message = json.loads(text)
        assert problem(side, message) is None, text
        whole.add(message["type"])
    assert whole == {"hello", "option", "action", "error", "game_over", "quit"}
    assert cut == {"new_game", "events", "request"}
