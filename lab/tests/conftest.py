"""The lab's tests load its study scripts (lab/scripts/) as modules."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")
os.environ.setdefault("MPLBACKEND", "Agg")

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str):
    """A script of lab/scripts/ as a module (its siblings importable while it loads)."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the class is made
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))
