"""Links from a page to Markdown files of the repository outside ``docs/`` become downloads.

The pages are read on GitHub as much as on the site, so they link to ``../SECURITY.md`` or
``../lab/notebook.md`` by relative path. MyST takes any ``.md`` target for a page of the site and
warns that no such page exists; this extension turns such a link, when the file exists, into a
download of the file (as MyST already does for ``../examples/bots/random_bot.py``). A link to a
file that does not exist still fails the build.
"""

from __future__ import annotations

import os
from pathlib import Path

from docutils import nodes
from sphinx import addnodes


def outside_markdown_file(app, target: str) -> Path | None:
    """The existing Markdown file outside the source folder that a page link names, if any."""
    srcdir = Path(app.srcdir).resolve()
    if not os.path.isabs(target):
        return None  # a page of the site, found or not
    candidate = Path(target + ".md").resolve()
    if candidate.is_file() and srcdir not in candidate.parents:
        return candidate
    return None


def links_to_downloads(app, doctree: nodes.document) -> None:
    page_folder = Path(app.env.doc2path(app.env.docname)).resolve().parent
    for link in list(doctree.findall(addnodes.pending_xref)):
        if link.get("refdomain") != "doc" or link["reftarget"] in app.env.found_docs:
            continue
        file = outside_markdown_file(app, link["reftarget"])
        if file is None:
            continue
        download = addnodes.download_reference(
            refdomain=None, reftype="myst", refdoc=link["refdoc"],
            reftarget=os.path.relpath(file, page_folder), refexplicit=link.get("refexplicit", True))
        download.extend(link.children)
        link.replace_self(download)


def setup(app):
    # Before Sphinx's own collectors (priority 500) read the downloads of the page.
    app.connect("doctree-read", links_to_downloads, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
