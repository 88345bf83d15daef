"""Where the data folders live.

``maps/`` and ``assets/`` sit beside the packages at the top of the checkout. The wheel build
copies them into ``risk/_data/`` (see ``[tool.hatch.build.targets.wheel.force-include]`` in
``pyproject.toml``), so an installed package finds them there and a checkout finds them one
level up. Nothing else in the program should guess paths.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"cannot find the '{name}' folder (looked in {installed} and {checkout}); "
        "the installation is incomplete"
    )


def maps_dir() -> Path:
    """The folder holding the bundled map files."""
    return _data_dir("maps")


def assets_dir() -> Path:
    """The folder holding fonts, images and icons."""
    return _data_dir("assets")


def classic_map_path() -> Path:
    """The classic 42-territory map."""
    return maps_dir() / "classic.json"
