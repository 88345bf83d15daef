"""``lab/scripts/dom_export.py``: a map of this program written as a Domination map."""

from __future__ import annotations

import json

import pytest

from risk.board import board_from_dict
from risk.domination import read_domination
from risk.worlds import generate_board
from study_scripts import load_script


def world_file(tmp_path, territories: int = 30, style: str = "islands"):
    board = generate_board(territories, seed=5, style=style)
    path = tmp_path / "world.json"
    path.write_text(json.dumps(board.source))
    return board, path


def test_a_generated_world_reads_back_the_same(tmp_path):
    board, path = world_file(tmp_path)
    out = tmp_path / "maps"
    written = load_script("dom_export").export(path, out, harness=tmp_path / "no-harness")
    back = board_from_dict(read_domination(written)[0])
    assert [c.bonus for c in back.continents] == [c.bonus for c in board.continents]
    assert back.continent_of == board.continent_of
    assert [sorted(n) for n in back.neighbours] == [sorted(n) for n in board.neighbours]
    assert back.cards == board.cards
    cards = (out / "world.cards").read_text().splitlines()
    assert cards.count("wildcard") == 2
    assert sorted(int(line.split()[1]) for line in cards if line[:1].isupper()) == list(range(1, 31))
    assert not (out / "risk.map").exists()  # no harness here to copy it from


def test_names_lose_their_spaces(tmp_path):
    board, path = world_file(tmp_path)
    data = json.loads(path.read_text())
    old = data["territories"][0]["name"]
    data["territories"][0]["name"] = "New " + old
    data["borders"] = [[("New " + old) if end == old else end for end in pair] for pair in data["borders"]]
    data["sea_routes"] = [[("New " + old) if end == old else end for end in pair] for pair in data["sea_routes"]]
    path.write_text(json.dumps(data))
    written = load_script("dom_export").export(path, tmp_path / "maps", harness=tmp_path)
    assert f"1 New-{old} 1 " in written.read_text()


def test_a_map_that_does_not_read_back_stops_the_script(tmp_path, monkeypatch):
    board, path = world_file(tmp_path)
    script = load_script("dom_export")
    real = script.read_domination

    def one_bonus_off(map_path):
        data, warnings = real(map_path)
        data["continents"][0]["bonus"] += 1
        return data, warnings
    monkeypatch.setattr(script, "read_domination", one_bonus_off)
    with pytest.raises(SystemExit, match="does not read back"):
        script.export(path, tmp_path / "maps", harness=tmp_path)


def test_a_missing_or_malformed_map_is_one_line(tmp_path):
    script = load_script("dom_export")
    with pytest.raises(SystemExit, match=r"^dom_export: .*missing\.json: no such file$"):
        script.main([str(tmp_path / "missing.json"), str(tmp_path / "maps")])
    bad = tmp_path / "bad.json"
    bad.write_text('{"bad": 1}')
    with pytest.raises(SystemExit, match=r"^dom_export: .*bad\.json: missing the 'continents' list$"):
        script.main([str(bad), str(tmp_path / "maps")])
