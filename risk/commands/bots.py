"""``risk bots``: the registered bots, what each does, and its parameters with their defaults."""

from __future__ import annotations

import inspect
import json


def register(sub) -> None:
    parser = sub.add_parser("bots", help="list the bots and their parameters",
                            description="List the registered bots, their parameters and defaults. "
                                        "Build one with a spec: name:param=value,... (e.g. "
                                        "threshold:attack_threshold=0.6).")
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.set_defaults(run=run)


def describe(cls) -> str:
    doc = inspect.getdoc(inspect.getmodule(cls)) or inspect.getdoc(cls) or ""
    first = doc.strip().split("\n\n")[0].replace("\n", " ")
    return first.split(": ", 1)[1] if first.startswith("``") and ": " in first else first


def run(args) -> int:
    from ai.registry import REGISTRY, STRONGEST, available

    rows = []
    for name in available():
        cls = REGISTRY[name]
        rows.append({"name": name, "description": describe(cls), "parameters": cls.parameters(),
                     "strongest": name == STRONGEST})
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        mark = " (the strongest)" if row["strongest"] else ""
        print(f"{row['name']}{mark}: {row['description']}")
        params = ", ".join(f"{k}={v}" for k, v in row["parameters"].items())
        print(f"    parameters: {params}")
    return 0
