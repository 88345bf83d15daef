"""The file system outside the tests' temporary folders, listed before and after a run.

A test writes only in its temporary folders (``tmp_path``, ``tmp_path_factory``). The listing
covers what a test that went wrong could harm: the checkout (every file's kind, size and
modification time; the caches that running tests fills are left out) and the device nodes of
``/dev`` (each one's kind, device number and inode, so a device replaced by a regular file shows).
``tests/conftest.py`` lists both when the run starts and when it ends, and fails the run if they
differ.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: Folders that running the tests fills on its own: never compared.
CACHES = frozenset({".git", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache",
                    ".venv", ".ipynb_checkpoints"})


def _is_cache(name: str) -> bool:
    return name in CACHES or name.endswith(".egg-info")


def tree_listing(root: Path) -> dict[str, tuple]:
    """Every file and folder under ``root`` but the caches: path -> (kind, size, mtime) for a
    file, (kind,) for a folder (whose time changes with every temporary file made in it)."""
    listing: dict[str, tuple] = {}
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not _is_cache(name))
        here = Path(folder)
        for name in folders:
            listing[str((here / name).relative_to(root))] = (stat.S_IFDIR,)
        for name in files:
            if _is_cache(name):
                continue
            path = here / name
            try:
                info = os.lstat(path)
            except FileNotFoundError:  # gone between the walk and the look: a change all the same
                continue
            listing[str(path.relative_to(root))] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns)
    return listing


def device_listing(folder: Path = Path("/dev")) -> dict[str, tuple]:
    """The entries of ``folder`` itself (not of its sub-folders, where terminals and shared
    memory come and go): name -> (kind, device number, inode)."""
    listing: dict[str, tuple] = {}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return listing
    for name in names:
        try:
            info = os.lstat(folder / name)
        except OSError:
            continue
        listing[name] = (stat.S_IFMT(info.st_mode), info.st_rdev, info.st_ino)
    return listing


def differences(before: dict[str, tuple], after: dict[str, tuple], where: str) -> list[str]:
    """One line per entry added, removed or changed between two listings."""
    lines = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            lines.append(f"{where}/{name}: removed")
        elif name not in before:
            lines.append(f"{where}/{name}: added")
        elif before[name] != after[name]:
            lines.append(f"{where}/{name}: changed")
    return lines
