"""Start-up cost: the CPU time (user + system) of short ``risk`` commands, each in a fresh process.

    python benchmarks/bench_startup.py [--runs N] [--python PATH]

CPU time rather than wall time, because a busy machine stretches the wall clock but barely the
CPU a process spends. Each figure is the median over ``--runs`` processes, measured from the
parent with ``os.wait4`` (what ``/usr/bin/time -f '%U %S'`` reports). The last column names the
heaviest top-level modules the command imports, from ``python -X importtime``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

#: What is timed: a label and the arguments after ``python``.
COMMANDS = (
    ("python -c 'import risk'", ["-c", "import risk"]),
    ("risk --help", ["-m", "risk", "--help"]),
    ("risk odds 10 5", ["-m", "risk", "odds", "10", "5"]),
    ("risk map info", ["-m", "risk", "map", "info"]),
)
#: Packages worth naming when a command imports them.
HEAVY = ("scipy", "numpy", "networkx", "matplotlib", "pygame", "ai", "risk.tournament", "risk.battle")


def cpu_seconds(python: str, args: list[str]) -> float:
    """The user + system CPU seconds of one run of ``python args`` (its output discarded)."""
    process = subprocess.Popen([python, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed")
    return usage.ru_utime + usage.ru_stime


def _package(name: str) -> str | None:
    return next((p for p in HEAVY if name == p or name.startswith(p + ".")), None)


def heavy_imports(python: str, args: list[str]) -> dict[str, float]:
    """The import seconds of each :data:`HEAVY` package the command imports, counting only its
    outermost modules (``scipy.signal`` imported by ``risk.battle`` counts for scipy alone)."""
    done = subprocess.run([python, "-X", "importtime", *args], capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line[len("import time:"):].split("|")
            if cumulative.strip().isdigit():
                rows.append((len(name) - len(name.lstrip()), name.strip(), int(cumulative) / 1e6))
    # -X importtime prints a module after everything it imports: read backwards, the modules
    # still open above a row are its importers.
    found: dict[str, float] = {}
    importers: list[tuple[int, str]] = []
    for depth, name, seconds in reversed(rows):
        while importers and importers[-1][0] >= depth:
            importers.pop()
        package = _package(name)
        if package and all(_package(outer) != package for _, outer in importers):
            found[package] = found.get(package, 0.0) + seconds
        importers.append((depth, name))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="processes per command (default 5)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to time")
    args = parser.parse_args()
    print(f"CPU seconds (user + system), median of {args.runs} runs; heavy imports by -X importtime")
    print(f"{'command':<26}{'median':>8}{'min':>8}   imports")
    for label, command in COMMANDS:
        times = [cpu_seconds(args.python, command) for _ in range(args.runs)]
        heavy = heavy_imports(args.python, command)
        named = ", ".join(f"{name} {seconds:.2f}" for name, seconds in heavy.items()) or "none of them"
        print(f"{label:<26}{statistics.median(times):>8.3f}{min(times):>8.3f}   {named}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
