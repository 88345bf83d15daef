"""The ``risk-api`` directive: the API reference of ``import risk``, generated at build time.

The reference lists exactly the public names of the facade (``risk.__all__``), so a name added
to or dropped from :mod:`risk` appears in or leaves the site with no page to edit. Each name is
loaded through the facade (``getattr(risk, name)``, which imports its module on first use) and
documented by autodoc from the module that defines it, so its docstring, signature and
cross-references are those of the real object; the names are grouped by that module
(``api_names.py`` says which names and how).
"""

from __future__ import annotations

import importlib
import inspect

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

from api_names import autodoc_lines, by_module, public_names, summary


class RiskApiDirective(SphinxDirective):
    """Document every public name of ``import risk``, one section per defining module."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        sections: list[nodes.Node] = []
        for module, names in by_module(public_names()).items():
            section = nodes.section(ids=[nodes.make_id(f"api-{module}")])
            section += nodes.title(text=module)
            lines = [summary(module), ""]
            for name in names:
                lines += autodoc_lines(name)
            section += nested_parse_to_nodes(self.state, StringList(lines, source=f"risk-api:{module}"))
            # Rebuild the page when a documented module changes, as autodoc does for its own.
            self.env.note_dependency(inspect.getsourcefile(importlib.import_module(module)))
            sections.append(section)
        return sections


def setup(app):
    app.add_directive("risk-api", RiskApiDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
