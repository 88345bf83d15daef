"""Every picture of the window a page of docs/ shows is one the screenshot scripts make.

The docs build makes those pictures (``docs/_ext/window_pictures.py`` runs
``docs/window_shots.py`` and ``docs/window_map_shots.py`` into ``docs/_shots/``); these tests
read what the scripts' moments declare without running them, so that a page cannot show a
picture nobody makes, and check the camera that holds each moment to its declaration.
"""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from tests.support import ROOT

DOCS = ROOT / "docs"
SHOTS = "_shots"
SCRIPTS = ("window_shots.py", "window_map_shots.py")
#: Not pages: the built site, the site's own extensions, the made pictures.
NOT_PAGES = ("_build", "_ext", SHOTS)
#: An image in Markdown (``![alt](target)``) or in a MyST or reST image or figure directive.
IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)|^```\{(?:image|figure)\}\s+(\S+)|^\.\. (?:image|figure)::\s+(\S+)",
                   re.M)


def shown_images() -> list[tuple[str, str]]:
    """(page, target) for every image a page of docs/ shows, in the page's own words."""
    found = []
    for page in sorted([*DOCS.rglob("*.md"), *DOCS.rglob("*.rst")]):
        relative = page.relative_to(DOCS)
        if relative.parts[0] in NOT_PAGES:
            continue
        for match in IMAGE.finditer(page.read_text(encoding="utf-8")):
            found.append((relative.as_posix(), next(group for group in match.groups() if group)))
    return found


@pytest.fixture(scope="module")
def scripts(monkeypatch_module):
    """The two scripts as modules, imported (which runs no moment) with docs/ on the path, as
    running them puts it there for their shared ``window_camera``."""
    monkeypatch_module.syspath_prepend(str(DOCS))
    modules = {}
    for name in SCRIPTS:
        spec = importlib.util.spec_from_file_location(f"docs_{name.removesuffix('.py')}", DOCS / name)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        modules[name] = module
    yield modules
    for module in modules.values():
        sys.modules.pop(module.__name__, None)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def made(scripts) -> list[str]:
    return [name for module in scripts.values() for name in module.moments.files()]


def test_every_window_picture_a_page_shows_is_made_by_a_moment_of_the_scripts(scripts):
    pictures = set(made(scripts))
    shown = [(page, target) for page, target in shown_images() if target.startswith(SHOTS + "/")]
    assert len(shown) >= 20, shown  # the pages of the window show them, so the reading found them
    nobody_makes = [(page, target) for page, target in shown if target.removeprefix(SHOTS + "/") not in pictures]
    assert not nobody_makes, f"pictures shown by a page that no moment of {SCRIPTS} declares: {nobody_makes}"


def test_no_page_shows_a_stored_screenshot_and_every_other_image_is_a_file_of_the_checkout():
    for page, target in shown_images():
        if target.startswith(SHOTS + "/"):
            continue
        name = target.rsplit("/", 1)[-1]
        assert not name.startswith("window-"), f"{page} shows {target}: the window's pictures are made, in {SHOTS}/"
        assert (DOCS / page).parent.joinpath(target).resolve().is_file(), f"{page} shows {target}, which is missing"
    assert not list(DOCS.glob("window-*.png")), "a screenshot stored in docs/: the build makes them in docs/_shots/"


def test_no_two_moments_make_the_same_file(scripts):
    names = made(scripts)
    twice = sorted({name for name in names if names.count(name) > 1})
    assert not twice, f"made by more than one moment, each over the other: {twice}"


def test_each_moment_declares_its_pictures_and_the_sizes_shown(scripts):
    camera = sys.modules["window_camera"]
    for module in scripts.values():
        for moment in module.moments.by_name.values():
            assert moment.pictures and all(name.startswith("window-") for name in moment.pictures), moment.name
            smallest = camera.SMALLEST_SIZE
            assert all(size[0] >= smallest[0] and size[1] >= smallest[1] for size in moment.sizes), moment.name
    assert camera.file_name("window-waited", (800, 560)) == "window-waited-800x560.png"
    assert camera.file_name("window-waited", camera.DEFAULT_SIZE) == "window-waited.png"


def test_the_camera_refuses_a_picture_its_moment_did_not_declare_and_one_left_untaken(scripts, tmp_path):
    camera_module = sys.modules["window_camera"]
    moment = camera_module.Moment(lambda camera: None, ("window-one", "window-two"), (camera_module.DEFAULT_SIZE,))
    camera = camera_module.Camera(tmp_path, moment, camera_module.DEFAULT_SIZE)
    with pytest.raises(camera_module.ShotError, match="takes 'window-three', which it does not declare"):
        camera.shoot(None, "window-three")
    camera.taken.append("window-one")
    with pytest.raises(camera_module.ShotError, match="did not take window-two"):
        camera.check_complete()
    assert not list(tmp_path.iterdir())


def test_the_command_line_names_the_moments_when_one_is_wrong(scripts, tmp_path):
    script = scripts["window_shots.py"]
    with pytest.raises(SystemExit, match=r"no moment nowhere; the moments: hot_seat, first_attack, .*replay"):
        script.main(script.moments, [str(tmp_path), "nowhere"])
    assert not list(tmp_path.iterdir())
