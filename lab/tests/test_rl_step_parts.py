"""``lab/scripts/rl_step_parts.py``: a PettingZoo step's parts timed phase by phase."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from study_scripts import load_script  # noqa: E402

rl_step_parts = load_script("rl_step_parts")


def test_every_step_is_counted_once_and_each_part_timed(capsys):
    assert rl_step_parts.main(["--steps", "300", "--seeds", "4"]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[1:]}
    assert {"CLAIM", "PLACE", "all"} <= set(rows)
    assert sum(float(row[0]) for phase, row in rows.items() if phase != "all") == pytest.approx(1.0, abs=0.03)
    assert all(float(value) > 0 for value in rows["all"])
