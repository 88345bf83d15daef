"""The refactors change no game: seeded games under every preset and variant, and stored records,
replay exactly as they did when the digests were taken (see tests/support/golden.py)."""

import json
from pathlib import Path

import pytest

from tests.support.golden import GAMES, GOLDEN_FILE, final_digest, play
from risk.record import GameRecord
from tests.support import DATA

GOLDEN = json.loads(GOLDEN_FILE.read_text())
RECORDS = DATA / "records"


@pytest.mark.parametrize("name, preset, changes, bots, seed", GAMES, ids=[g[0] for g in GAMES])
def test_seeded_game_is_unchanged(name, preset, changes, bots, seed):
    assert play(name, preset, changes, bots, seed) == GOLDEN["games"][name]


@pytest.mark.parametrize("record_name", sorted(GOLDEN["records"]))
def test_stored_record_replays_identically(record_name):
    path = RECORDS / record_name
    record = GameRecord.load(path)
    state = record.replay(str(path))
    assert state.is_terminal()
    assert final_digest(state) == GOLDEN["records"][record_name]


def test_every_stored_record_has_a_digest():
    assert sorted(p.name for p in RECORDS.glob("*.jsonl*")) == sorted(GOLDEN["records"])
