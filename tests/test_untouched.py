"""The check that a run leaves the file system outside its temporary folders unchanged
(``tests/conftest.py``) sees every kind of change: a file added, changed or removed in the
checkout, and a device replaced by a regular file."""

from __future__ import annotations

import os
import stat

from tests.support.untouched import device_listing, differences, tree_listing


def test_a_file_added_changed_or_removed_in_the_checkout_is_seen_and_caches_are_not(tmp_path):
    (tmp_path / "risk").mkdir()
    (tmp_path / "risk" / "kept.py").write_text("a")
    (tmp_path / "risk" / "changed.py").write_text("a")
    (tmp_path / "risk" / "removed.py").write_text("a")
    before = tree_listing(tmp_path)
    (tmp_path / "risk" / "changed.py").write_text("ab")
    (tmp_path / "risk" / "removed.py").unlink()
    (tmp_path / "added.txt").write_text("a")
    (tmp_path / "risk" / "__pycache__").mkdir()
    (tmp_path / "risk" / "__pycache__" / "kept.pyc").write_bytes(b"cache")
    assert differences(before, tree_listing(tmp_path), "ROOT") == [
        "ROOT/added.txt: added", "ROOT/risk/changed.py: changed", "ROOT/risk/removed.py: removed"]


def test_a_device_replaced_by_a_regular_file_is_seen(tmp_path):
    device = tmp_path / "full"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except PermissionError:  # a user who may not make devices: a FIFO is a node of another kind too
        os.mkfifo(device)
    before = device_listing(tmp_path)
    device.unlink()
    device.write_text("what a careless writer leaves")
    assert differences(before, device_listing(tmp_path), "/dev") == ["/dev/full: changed"]


def test_the_real_dev_is_listed_with_its_null_device():
    listing = device_listing()
    assert stat.S_ISCHR(listing["null"][0])
