"""Sphinx configuration of the documentation site.

Build it (the ``docs`` extra installs Sphinx and MyST-Parser) with warnings as errors, as
``.ci/run`` does::

    pip install -e '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

The build makes the window's screenshots the pages show, into ``docs/_shots/`` (git-ignored), by
playing seeded games headless when they are missing or older than their scripts or the window's
code (``docs/_ext/window_pictures.py``): about a minute the first time, nothing the next.

Sphinx, because the docstrings are written in reST roles (:class:`...`, :mod:`...`) that autodoc
reads as they are; MyST-Parser, because the pages are Markdown that reads as well on GitHub.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))  # the checkout's risk and ai, installed or not
sys.path.insert(0, str(DOCS / "_ext"))

import risk  # noqa: E402  (after the path is set)

project = "markov-risk"
author = "the markov-risk developers"
copyright = "the markov-risk developers"
release = version = risk.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "risk_api",
    "repo_links",
    "window_pictures",
]

# The API page is reST: autodoc parses what it generates in the language of the page.
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
# Not pages: the build, the site's own code, and the pictures the build makes.
exclude_patterns = ["_build", "_ext", "_shots"]

# Links to a heading of another page (battle.md#variants) work on GitHub; give them anchors here.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

html_theme = "alabaster"  # ships with Sphinx: nothing to download beyond PyPI's packages
html_title = f"markov-risk {release}"
html_theme_options = {"description": "Risk with exact battle odds", "fixed_sidebar": False}
