"""The public names of ``import risk`` and the autodoc directives that document them.

Plain Python, without Sphinx, so that the tests can check what the API reference will hold
(``tests/docs/test_site.py``); ``risk_api.py`` turns these lines into the page.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field

#: The top-level packages whose classes are the project's own.
PROJECT_PACKAGES = ("risk", "ai")


@dataclass(frozen=True)
class PublicName:
    """One public name of the facade, its object, and where that object is defined."""

    name: str
    module: str
    qualname: str
    kind: str  # the autodoc directive: "class", "exception", "function" or "data"
    value: object = field(compare=False, repr=False, default=None)


def public_names(package: str = "risk") -> list[PublicName]:
    """The facade's public names (but its version), in the order the facade lists them."""
    facade = importlib.import_module(package)
    # The facade's own table lists the names by topic; __all__ is sorted alphabetically.
    ordered = [name for name in getattr(facade, "_SOURCES", {}) if name in facade.__all__]
    ordered += [name for name in facade.__all__ if name not in ordered and name != "__version__"]
    names = []
    for name in ordered:
        value = getattr(facade, name)
        if inspect.isclass(value):
            kind = "exception" if issubclass(value, BaseException) else "class"
            names.append(PublicName(name, value.__module__, value.__qualname__, kind, value))
        elif inspect.isfunction(value):
            names.append(PublicName(name, value.__module__, value.__qualname__, "function", value))
        else:
            names.append(PublicName(name, package, name, "data", value))
    return names


def by_module(names: list[PublicName]) -> dict[str, list[PublicName]]:
    """The names grouped by defining module, the groups in the order of their first name."""
    groups: dict[str, list[PublicName]] = {}
    for name in names:
        groups.setdefault(name.module, []).append(name)
    return groups


def inherits_only_from_the_project(cls: type) -> bool:
    """Whether every base of ``cls`` but ``object`` is one of the project's own classes.

    Such a class's inherited methods are part of its interface (``GameState`` gets
    ``legal_actions`` and ``apply`` from the engine's mixins); those of a builtin or library base
    (an enum's ``int`` methods, a sequence's ``index``) are not the project's to document.
    """
    bases = [base for base in cls.__mro__[1:] if base is not object]
    return bool(bases) and all(base.__module__.split(".")[0] in PROJECT_PACKAGES for base in bases)


def autodoc_lines(name: PublicName) -> list[str]:
    """The reST autodoc directive documenting one name from its defining module."""
    lines = [f".. auto{name.kind}:: {name.module}.{name.qualname}"]
    if name.kind in ("class", "exception"):
        lines += ["   :members:", "   :show-inheritance:"]
        if name.kind == "class" and inherits_only_from_the_project(name.value):
            lines.append("   :inherited-members:")
    if name.name != name.qualname.rsplit(".", 1)[-1]:
        lines += ["", f"   Public as ``risk.{name.name}``."]
    return lines + [""]


def summary(module: str) -> str:
    """The first line of a module's docstring."""
    doc = (inspect.getdoc(importlib.import_module(module)) or "").strip()
    return doc.splitlines()[0] if doc else ""
