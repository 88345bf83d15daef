"""Generated worlds: valid maps of connected continents with sensible bonuses, the same bytes
for the same seed in another process, and clear errors for bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risk.board import board_from_dict, load_map
from risk.commands.map import world_text
from risk.worlds import STYLES, WorldError, default_continents, generate, generate_board
from risk.worlds.graph import bonus, gates
from risk.worlds.outline import simplify, smooth
from risk.worlds.rand import ValueNoise, WorldRandom

ROOT = Path(__file__).resolve().parents[2]


def reachable(board, start: int, allowed: set[int]) -> set[int]:
    seen, queue = {start}, deque([start])
    while queue:
        t = queue.popleft()
        for n in board.neighbours[t]:
            if n in allowed and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def inside(point, polygon) -> bool:
    """Even-odd rule."""
    x, y = point
    crossings = 0
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            crossings += 1
    return crossings % 2 == 1


def check_world(data: dict, territories: int, continents: int) -> None:
    board = board_from_dict(data)  # every check 'risk map validate' makes
    assert len(board) == territories and len(board.continents) == continents
    everyone = set(range(territories))
    assert reachable(board, 0, everyone) == everyone
    for continent in board.continents:
        members = set(continent.members)
        assert reachable(board, continent.members[0], members) == members, continent.name
        assert continent.bonus >= 1
        if continents > 1:
            assert gates(list(members), list(board.continent_of), [list(n) for n in board.neighbours]) >= 1
    assert all(shape is not None and len(shape) >= 3 for shape in board.shapes)
    # Each label sits inside its own outline, and the drawing fields are in the map's frame.
    width, height = board.size
    for t, shape in enumerate(board.shapes):
        assert inside(board.positions[t], list(shape)), board.names[t]
        assert all(0 <= x <= width and 0 <= y <= height for x, y in shape)
    assert data["coastlines"] and all(len(ring) >= 3 for ring in data["coastlines"])
    assert len({c["color"] for c in data["continents"]}) == min(continents, 16)
    assert board.sea_routes <= {frozenset(b) for b in board.borders}


@pytest.mark.parametrize("style", STYLES)
def test_a_world_of_each_style_is_a_valid_connected_map(style):
    data = generate(60, seed=5, style=style)
    check_world(data, 60, default_continents(60))
    assert data["generator"] == {"version": 1, "territories": 60, "continents": default_continents(60),
                                 "seed": 5, "style": style}


@settings(max_examples=14, deadline=None)
@given(territories=st.integers(20, 400), style=st.sampled_from(STYLES), seed=st.integers(0, 2 ** 32),
       continents=st.one_of(st.none(), st.integers(1, 24)))
def test_every_world_is_connected_with_connected_continents_and_positive_bonuses(territories, style, seed,
                                                                                 continents):
    continents = min(continents, territories // 2) if continents is not None else None
    data = generate(territories, continents, seed, style)
    check_world(data, territories, continents or default_continents(territories))
    assert world_text(generate(territories, continents, seed, style)) == world_text(data)


def test_the_same_seed_writes_the_same_bytes_in_another_process(tmp_path):
    outputs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "risk", "map", "generate", "--territories", "80", "--seed", "12",
                        "--style", "islands", "-o", str(out)], check=True, cwd=ROOT, capture_output=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert outputs[0].decode("utf-8") == world_text(generate(80, seed=12, style="islands"))
    assert load_map(tmp_path / "a.json").name == generate(80, seed=12, style="islands")["name"]
    # Another seed is another world.
    assert world_text(generate(80, seed=13, style="islands")) != outputs[0].decode("utf-8")


def test_a_known_world_is_exactly_as_it_was():
    # The generator's output for one seed, pinned: a change that draws different worlds from
    # the same arguments must raise GENERATOR_VERSION (and update this digest).
    import hashlib

    text = world_text(generate(42, seed=1))
    data = json.loads(text)
    assert (data["name"], len(data["borders"]), len(data["sea_routes"])) == EXPECTED_42[:3]
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == EXPECTED_42[3]


def test_the_library_call_gives_a_board():
    board = generate_board(42, seed=7)
    assert len(board) == 42 and len(board.continents) == 6 and not board.warnings


def test_the_command_writes_a_map_that_validates(tmp_path, capsys):
    from risk.cli import main

    out = tmp_path / "world.json"
    assert main(["map", "generate", "--territories", "30", "--continents", "4", "--seed", "3", "-o", str(out)]) == 0
    assert "30 territories, 4 continents" in capsys.readouterr().out
    assert main(["map", "validate", str(out)]) == 0
    assert "ok:" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--territories", "5"], "a world has 8 to 1000 territories, not 5"),
    (["--territories", "40", "--continents", "30"], "40 territories make 1 to 20 continents"),
    (["--territories", "40", "--style", "moon"], "invalid choice: 'moon'"),
    (["--territories", "many"], "--territories"),
    (["--territories", "40", "--seed", "-3"], "seed -3 must not be negative"),
])
def test_bad_arguments_end_in_one_line(argv, message, tmp_path, capsys):
    from risk.cli import main

    assert main(["map", "generate", *argv, "-o", str(tmp_path / "w.json")]) != 0
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("args, message", [
    ((40, None, 0, "moon"), "unknown style 'moon'"),
    ((40.0, None, 0, "continents"), "territories must be a whole number"),
    ((40, 0, 0, "continents"), "40 territories make 1 to 20 continents"),
    ((40, None, -1, "continents"), "the seed must be 0 or more"),
])
def test_the_library_names_a_bad_argument(args, message):
    with pytest.raises(WorldError, match=message):
        generate(*args)


def test_bonuses_follow_size_and_gates():
    # The formula of docs/map-format.md on the classic map: five of its six bonuses exactly.
    classic = load_map()
    neighbours = [list(n) for n in classic.neighbours]
    matches = sum(bonus(len(c.members), gates(list(c.members), list(classic.continent_of), neighbours)) == c.bonus
                  for c in classic.continents)
    assert matches == 5
    assert bonus(1, 0) == 1 and bonus(12, 5) == 7


def test_the_random_stream_and_noise_are_fixed_numbers():
    rng = WorldRandom(2024)
    assert [rng.below(1000) for _ in range(5)] == FIRST_DRAWS
    noise = ValueNoise(7, scale=10.0)
    assert 0.0 <= noise.at(3.5, 8.25) < 1.0 and noise.at(3.5, 8.25) == noise.at(3.5, 8.25)
    with pytest.raises(ValueError):
        rng.below(0)


def test_outlines_keep_their_ends():
    staircase = [(float(i // 2), float((i + 1) // 2)) for i in range(12)]
    simple = simplify(staircase, 0.8)
    assert simple[0] == staircase[0] and simple[-1] == staircase[-1] and len(simple) < len(staircase)
    rounded = smooth([(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)])
    assert rounded == [(0.0, 0.0), (3.0, 0.0), (4.0, 1.0), (4.0, 4.0)]


EXPECTED_42 = ("Tibrourn", 79, 2, "67316d65235956841d1bbded466af32e8be4f90a72055609068739e02c05920b")
FIRST_DRAWS = [606, 159, 912, 482, 77]


def test_a_bad_coastline_is_refused_by_its_place(tmp_path):
    from risk.errors import MapError

    data = generate(20, seed=1)
    data["coastlines"][0][1] = [1, "x"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MapError, match=r"coastlines\[0\]\[1\]\[1\]: not a number"):
        load_map(path)
