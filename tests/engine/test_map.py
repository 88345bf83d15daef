"""The classic map's facts, map validation, and the Domination importer."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from risk.board import load_map, map_summary, parse_map
from risk.cli import main
from risk.domination import read_domination
from risk.errors import MapError

INTERCONTINENTAL = {
    frozenset(p) for p in [
        ("Alaska", "Kamchatka"), ("Greenland", "Iceland"), ("Central America", "Venezuela"),
        ("Brazil", "North Africa"), ("North Africa", "Western Europe"), ("North Africa", "Southern Europe"),
        ("Egypt", "Southern Europe"), ("Egypt", "Middle East"), ("East Africa", "Middle East"),
        ("Southern Europe", "Middle East"), ("Ukraine", "Middle East"), ("Ukraine", "Afghanistan"),
        ("Ukraine", "Ural"), ("Siam", "Indonesia"),
    ]
}


def test_classic_counts(classic):
    assert len(classic) == 42
    assert len(classic.continents) == 6
    assert classic.graph.number_of_edges() == 83
    assert len(classic.borders) == 83
    assert nx.is_connected(classic.graph)


def test_classic_continents_and_bonuses(classic):
    expected = {"North America": (5, 9), "South America": (2, 4), "Europe": (5, 7), "Africa": (3, 6),
                "Asia": (7, 12), "Australia": (2, 4)}
    assert {c.name: (c.bonus, len(c.members)) for c in classic.continents} == expected


def test_classic_standard_names(classic):
    for name in ("Northwest Territory", "Western United States", "Eastern United States",
                 "Central America", "Yakutsk", "Kamchatka", "Ural", "Siam", "Middle East",
                 "Great Britain", "Congo", "Irkutsk", "Indonesia", "New Guinea"):
        assert name in classic.names


def edge(board, a, b):
    return board.graph.has_edge(a, b)


def test_classic_disputed_borders_settled_as_the_official_board(classic):
    assert edge(classic, "East Africa", "Middle East")
    assert edge(classic, "Iceland", "Scandinavia")
    assert edge(classic, "Great Britain", "Scandinavia")
    assert not edge(classic, "Alberta", "Eastern United States")
    assert edge(classic, "Egypt", "Middle East") and edge(classic, "Egypt", "Southern Europe")
    assert not edge(classic, "Northwest Territory", "Quebec")
    assert not edge(classic, "China", "Middle East")


def test_classic_intercontinental_borders_are_exactly_the_fourteen(classic):
    continent = {classic.names[t]: classic.continent_of[t] for t in range(len(classic))}
    crossing = {frozenset((a, b)) for a, b in classic.graph.edges if continent[a] != continent[b]}
    assert crossing == INTERCONTINENTAL


def test_classic_cards_fourteen_of_each_symbol(classic):
    assert sorted(classic.cards.count(s) for s in range(3)) == [14, 14, 14]


def test_graph_and_compiled_arrays_agree(classic):
    for a in range(len(classic)):
        from_graph = {classic.graph.nodes[n]["id"] for n in classic.graph.neighbors(classic.names[a])}
        assert set(classic.neighbours[a]) == from_graph
        for b in range(len(classic)):
            assert classic.adjacent(a, b) == (b in from_graph)


def test_territory_lookup_by_name_slug_and_index(classic):
    t = classic.id("North Africa")
    assert classic.id("north-africa") == t == classic.id(f"#{t}")
    with pytest.raises(KeyError):
        classic.id("Atlantis")


def test_map_info_json_shape(capsys):
    assert main(["map", "info", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"territories", "continents", "borders"}
    assert len(data["territories"]) == 42 and len(data["borders"]) == 83
    assert data["continents"]["Asia"]["bonus"] == 7 and len(data["continents"]["Asia"]["territories"]) == 12


def test_map_info_text(capsys):
    assert main(["map", "info"]) == 0
    out = capsys.readouterr().out
    assert "42 territories, 6 continents, 83 borders" in out and "Australia" in out


def test_map_validate_ok(capsys, data_dir):
    assert main(["map", "validate", str(data_dir / "tiny.json")]) == 0
    assert "ok:" in capsys.readouterr().out


# -- malformed maps: one line naming the problem, with the line number where there is one -------

BASE = {
    "continents": [{"name": "A", "bonus": 1}, {"name": "B", "bonus": 2}],
    "territories": [
        {"name": "One", "continent": "A", "pos": [0, 0]},
        {"name": "Two", "continent": "A", "pos": [1, 0]},
        {"name": "Three", "continent": "B", "pos": [2, 0]},
    ],
    "borders": [["One", "Two"], ["Two", "Three"]],
}


def broken(change):
    data = json.loads(json.dumps(BASE))
    change(data)
    return json.dumps(data, indent=1)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["borders"].append(["One", "Atlantis"]), "unknown territory \"Atlantis\""),
    (lambda d: d["territories"].append({"name": "One", "continent": "A"}), "duplicate territory name \"One\""),
    (lambda d: d["territories"][0].pop("continent"), "is in no continent"),
    (lambda d: d["territories"][0].update(continent="Mu"), "unknown continent \"Mu\""),
    (lambda d: d["borders"].remove(["Two", "Three"]), "not connected"),
    (lambda d: d["continents"][0].update(bonus="five"), "not a whole number"),
    (lambda d: d["continents"].append({"name": "Empty", "bonus": 1}), "has no territories"),
    (lambda d: d["borders"].append(["One", "One"]), "borders itself"),
    (lambda d: d.pop("borders"), "missing the 'borders' list"),
])
def test_malformed_maps(tmp_path, capsys, change, message):
    path = tmp_path / "bad.json"
    path.write_text(broken(change))
    with pytest.raises(MapError, match=message.replace("(", r"\(")):
        load_map(path)
    assert main(["map", "validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("risk: error: ") and str(path) in err


def test_error_points_at_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(broken(lambda d: d["borders"].append(["One", "Atlantis"])))
    with pytest.raises(MapError) as info:
        load_map(path)
    line = path.read_text().splitlines()[info.value.line - 1]
    assert "Atlantis" in line


def test_empty_and_invalid_json(tmp_path, capsys):
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert main(["map", "validate", str(empty)]) == 1
    assert "empty" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"continents": [\n  {"name": "A", "bonus": 1},\n  oops\n]}')
    assert main(["map", "validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:" in err and "not valid JSON" in err
    assert main(["map", "validate", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_parse_map_requires_an_object():
    with pytest.raises(MapError, match="JSON object"):
        parse_map("[1, 2, 3]")


# -- Domination import ----------------------------------------------------------------------------

def test_domination_import(data_dir):
    data, warnings = read_domination(data_dir / "tiny.map")
    names = [t["name"] for t in data["territories"]]
    assert names == ["Port Alpha", "Beta Hills", "Gamma Bay", "Delta Point", "Epsilon Ridge", "Zeta Cape"]
    assert [t["card"] for t in data["territories"]] == ["infantry", "cavalry", "artillery"] * 2
    assert any("one way" in w and "Zeta Cape" in w for w in warnings)
    board = parse_map(json.dumps(data))
    assert board.adjacent(board.id("Zeta Cape"), board.id("Port Alpha"))
    assert board.adjacent(board.id("Port Alpha"), board.id("Zeta Cape"))
    summary = map_summary(board)
    assert summary["continents"]["East Island"]["bonus"] == 3


def test_domination_import_cli(tmp_path, capsys, data_dir):
    out = tmp_path / "tiny.json"
    assert main(["map", "import", str(data_dir / "tiny.map"), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "one way" in captured.err
    assert main(["map", "validate", str(out)]) == 0
    board = load_map(out)
    assert len(board) == 6 and len(board.borders) == 8


@pytest.mark.parametrize("text, message", [
    ("[continents]\nA x\n[countries]\n[borders]\n", "not a whole number"),
    ("[continents]\nA 1\n[countries]\n1 One 2 0 0\n[borders]\n", "names continent 2"),
    ("[continents]\nA 1\n[countries]\n1 One 1 0 0\n2 Two 1 0 0\n[borders]\n1 3\n", "country 3"),
    ("[continents]\nA 1\n[countries]\n1 One 1 0 0\n", "missing the [borders] section"),
    ("", "empty"),
])
def test_domination_bad_files(tmp_path, capsys, text, message):
    path = tmp_path / "bad.map"
    path.write_text(text)
    with pytest.raises(MapError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_domination(path)
    out = tmp_path / "out.json"
    assert main(["map", "import", str(path), "-o", str(out)]) == 1
    assert not out.exists()
    assert capsys.readouterr().err.startswith("risk: error: ")
