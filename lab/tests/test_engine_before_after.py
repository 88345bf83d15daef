"""``lab/scripts/engine_before_after.py``: two trees timed on the same actions."""

from __future__ import annotations

import pytest

from study_scripts import load_script

before_after = load_script("engine_before_after")


def test_a_commit_against_this_checkout_gives_a_row_per_measure(capsys):
    assert before_after.main(["HEAD", "--games", "1", "--rounds", "1", "--passes", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [row.split(" | ")[0] for row in rows] == ["| microseconds per", "| apply", "| copy", "| view"]
    for row in rows[1:]:
        before, after, ratio = (float(cell) for cell in row.strip("| ").split(" | ")[1:])
        # the columns are rounded to hundredths of a microsecond, the ratio computed before rounding
        assert before > 0 and after > 0 and ratio == pytest.approx(after / before, rel=0.01)


def test_an_unknown_commit_is_named_in_one_line():
    with pytest.raises(SystemExit, match="no commit 'no-such-commit' here"):
        before_after.main(["no-such-commit"])


def test_bad_counts_are_refused(capsys):
    with pytest.raises(SystemExit):
        before_after.main(["HEAD", "--rounds", "0"])
    assert "--rounds must be at least 1" in capsys.readouterr().err
