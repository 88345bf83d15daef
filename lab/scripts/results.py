"""The lab's raw results: one xz-compressed tar archive per study in ``lab/results/``, and the
manifest of every run (``manifest.jsonl``, and ``MANIFEST.md`` to read): run id, date, commit,
command, games, the project seat's result and its Wilson 95% interval.

    python lab/scripts/results.py list                          # the studies, their runs and sizes
    python lab/scripts/results.py extract STUDY|RUN ... [--to DIR]
    python lab/scripts/results.py pack [DIR]

``extract`` unpacks whole studies (a run id unpacks its study) into ``lab/results/raw/``, which
git ignores; the notebook's commands read the files there. The same with tar alone:
``tar -xJf lab/results/round-09.tar.xz -C lab/results/raw``.

``pack`` puts every run found in DIR (default ``lab/results/raw/``, where ``dom_vs_hard.sh``
writes new runs) into its study's archive, keeping the runs already archived there, and rewrites
the manifest. A run's study is the first of :data:`STUDIES` whose pattern its id matches; a new
series needs a line there. Phase logs are archived uncompressed (``.phases.jsonl``): xz packs
the text tighter than gzip's bytes, and ``dom_losses.py`` reads either. The date and commit of a
run are those of the commit that added its first file under ``results/`` (the folder the raw
files had before they were archived), or, for a run git never saw, HEAD and the time it was
packed.
"""

from __future__ import annotations

import argparse
import calendar
import gzip
import io
import json
import lzma
import re
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

from results_runs import documented_commands, outcome, split_name  # a sibling script

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "lab" / "results"
RAW = RESULTS / "raw"
NOTEBOOK = ROOT / "lab" / "notebook.md"
#: Where the raw files were tracked before they were archived (git's history still has them).
OLD_FOLDER = "results"
DATE = "%Y-%m-%d %H:%M"  # UTC


@dataclass(frozen=True)
class Study:
    name: str
    title: str
    pattern: str  # run ids it holds: a regular expression matched against the whole id


#: The studies in the notebook's order: its rounds, then the series that span them.
STUDIES = (
    Study("round-01", "the duel's opening", r"c0-.*|s([1-9]|1[0-2])-.*|void-.*|f[36]p-.*"
          r"|local-(before-march|claims-everywhere|focus-everywhere|reply-leaf|strategist)-.*"),
    Study("round-02", "parameters on a quiet machine", r"s13-.*|t\d+-.*"),
    Study("round-03", "cards and eliminations at the table, who moves first", r"(local-)?u([1-9]|1[0-5])-.*"),
    Study("round-04", "the claims decide the duel and the table", r"(local-)?u(1[6-9]|2\d|3[0-3])-.*"),
    Study("round-05", "the neutral army never attacks", r"local-u(3[4-9]|4\d|5[01])-.*"),
    Study("round-06", "at a table of four the claims fix the game", r"(local-)?u(5[2-9]|6[0-2])-.*|claim-blocks-.*"),
    Study("round-07", "the shared fortress taken on the first turn", r"(local-)?u6[3-6]-.*"),
    Study("round-08", "six players: restraint and held cards", r"[vwxy]\d+-.*"),
    Study("round-09", "Hard's card habit made to pay, runs that reach their victim", r"z(0\d|1[0-4])-.*|c1-.*"),
    Study("round-10", "hold the sets while the table is full", r"z(1[5-9]|[23]\d)-.*|c2-.*"),
    Study("round-11", "a run carries its whole stack: the screens", r"r\d+-.*|i\d+-.*|local-r\d+-.*"),
    Study("round-11-confirm", "a run carries its whole stack: the declared batches", r"c[34]-.*|local-c5-.*"),
    Study("round-12", "the rebuild, for every map", r"rb-.*"),
    Study("round-14", "where the duel's stack stands: the declared batch", r"f14-.*"),
    Study("round-16", "the stack to the front made the behaviour; Hard's CPU in the same games", r"g16.*"),
    Study("ladders", "the self-play ladder of all six bots, round after round", r"ladder-.*"),
    Study("tuning", "attack threshold sweeps (lab/scripts/tune_thresholds.sh)",
          r"threshold-attack_threshold|mcts-tau.*"),
    Study("baselines", "each baseline bot's 4-player tournaments (lab/scripts/strength.sh)",
          r"(angry|threshold|markov|mcts)-vs-.*|all-four"),
    Study("rl", "reinforcement learning: docs/rl.md's baselines (lab/scripts/rl_baselines.sh, rl_mcts.sh), "
          "training curves", r"rl-.*"),
)


def study_of(run: str) -> Study:
    """The study that holds a run; ValueError if none does."""
    for study in STUDIES:
        if re.fullmatch(study.pattern, run):
            return study
    raise ValueError(f"run {run} belongs to no study: add its series to STUDIES in lab/scripts/results.py")


def natural(text: str) -> list:
    """Sort key that puts s2 before s10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def archive_path(study: str, folder: Path = RESULTS) -> Path:
    return folder / f"{study}.tar.xz"


def read_archive(path: Path) -> dict[str, bytes]:
    with tarfile.open(path, "r:xz") as archive:
        return {member.name: archive.extractfile(member).read() for member in archive.getmembers()
                if member.isfile()}


def write_archive(path: Path, members: dict[str, bytes], mtimes: dict[str, int]) -> None:
    """Members in name order with fixed owners and times, so the same files give the same tar."""
    with tarfile.open(path, "w:xz", format=tarfile.GNU_FORMAT, preset=9 | lzma.PRESET_EXTREME) as archive:
        for name in sorted(members, key=natural):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(members[name]), 0o644, mtimes.get(name, 0)
            archive.addfile(info, io.BytesIO(members[name]))


def raw_files(folder: Path) -> dict[str, bytes]:
    """The run files under a folder by name (subfolders flattened); gzipped phase logs unzipped."""
    files: dict[str, bytes] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        split_name(path.name)  # a stray file is named, not archived
        name, data = path.name, path.read_bytes()
        if name.endswith(".phases.jsonl.gz"):
            name, data = name[:-len(".gz")], gzip.decompress(data)
        if name in files:
            raise ValueError(f"{path}: a second {name} under {folder}")
        files[name] = data
    return files


def git_provenance(root: Path = ROOT) -> dict[str, tuple[str, int]]:
    """Each run git saw under results/: the commit that added its first file, and that commit's time."""
    log = subprocess.run(["git", "-C", str(root), "log", "--diff-filter=A", "--format=commit %H %ct",
                          "--name-only", "--", OLD_FOLDER], capture_output=True, text=True, check=True)
    found: dict[str, tuple[str, int]] = {}
    commit = None
    for line in log.stdout.splitlines():
        if line.startswith("commit "):
            _, sha, stamp = line.split()
            commit = (sha, int(stamp))
        elif line.strip() and commit:
            found[split_name(Path(line).name)[0]] = commit  # oldest last: git log runs newest first
    return found


def head_commit(root: Path = ROOT) -> str:
    return subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def by_run(files: dict[str, bytes]) -> dict[str, dict[str, bytes]]:
    runs: dict[str, dict[str, bytes]] = {}
    for name, data in files.items():
        run, suffix = split_name(name)
        runs.setdefault(run, {})[suffix] = data
    return runs


def manifest_row(run: str, files: dict[str, bytes], commands: dict[str, str],
                 provenance: tuple[str, int]) -> dict:
    found = outcome(run, files, commands.get(run))
    commit, stamp = provenance
    interval = found.interval
    return {"run": run, "study": study_of(run).name,
            "date": time.strftime(DATE, time.gmtime(stamp)), "commit": commit,
            "kind": found.kind, "command": found.command, "games": found.games, "wins": found.wins,
            "rate": None if found.rate is None else round(found.rate, 6),
            "interval": None if interval is None else [round(interval[0], 6), round(interval[1], 6)],
            "files": sorted((run + suffix for suffix in files), key=natural), "note": found.note}


def pack(source: dict[str, bytes], folder: Path, commands: dict[str, str],
         provenance: dict[str, tuple[str, int]], head: str) -> list[dict]:
    """Add the source's runs to their studies' archives in ``folder`` (keeping the runs already
    there) and return the whole manifest, every study's rows."""
    manifest = folder / "manifest.jsonl"
    old = {row["run"]: row for row in read_manifest(manifest)}
    by_study: dict[str, dict[str, bytes]] = {}
    for name, data in source.items():
        by_study.setdefault(study_of(split_name(name)[0]).name, {})[name] = data
    rows = {run: row for run, row in old.items() if row["study"] not in by_study}
    for study, new in by_study.items():
        path = archive_path(study, folder)
        members = {**(read_archive(path) if path.exists() else {}), **new}
        stamps = {}
        for run, files in by_run(members).items():
            if run in provenance:
                stamps[run] = provenance[run]
            elif run in old:  # packed before, git never saw it: keep what was recorded then
                stamps[run] = (old[run]["commit"], calendar.timegm(time.strptime(old[run]["date"], DATE)))
            else:
                stamps[run] = (head, int(time.time()))
            rows[run] = manifest_row(run, files, commands, stamps[run])
        write_archive(path, members, {name: stamps[split_name(name)[0]][1] for name in members})
    ordered = sorted(rows.values(), key=lambda row: (study_index(row["study"]), natural(row["run"])))
    manifest.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in ordered))
    (folder / "MANIFEST.md").write_text(render(ordered, folder))
    return ordered


def study_index(name: str) -> int:
    return next(i for i, study in enumerate(STUDIES) if study.name == name)


def read_manifest(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def percent(value: float) -> str:
    return f"{value:.1%}"


def render(rows: list[dict], folder: Path = RESULTS) -> str:
    """MANIFEST.md: the studies with their archives, then each study's runs."""
    out = ["# The raw results, by study", "",
           "Written by `python lab/scripts/results.py pack` from `manifest.jsonl` and the archives; "
           "do not edit by hand. Extract a study with `python lab/scripts/results.py extract STUDY` "
           "(into `lab/results/raw/`, which the notebook's commands read). *result* is the project "
           "seat's wins (the `ext:` seat against Domination, the first bot of `--bots` in this engine, "
           "the tuned bot in a sweep) with its Wilson 95% interval; *commit* is the one that added the "
           "run's files to the tree. The commands are the notebook's where it quotes one, otherwise "
           "rebuilt from the results (specs, games, master seed); their results go to "
           "`lab/results/raw/`.", "",
           "| study | what | runs | games | dates | archive |", "|---|---|---|---|---|---|"]
    for study in STUDIES:
        mine = [row for row in rows if row["study"] == study.name]
        if not mine:
            continue
        dates = sorted(row["date"][:10] for row in mine)
        span = dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
        size = archive_path(study.name, folder).stat().st_size / 1e6
        out.append(f"| [{study.name}](#{study.name}) | {study.title} | {len(mine)} | "
                   f"{sum(row['games'] for row in mine):,} | {span} | `{study.name}.tar.xz`, {size:.2f} MB |")
    for study in STUDIES:
        mine = [row for row in rows if row["study"] == study.name]
        if not mine:
            continue
        out += ["", f"## {study.name}", "", study.title[0].upper() + study.title[1:] + ".", "",
                "| run | date | commit | games | result | Wilson 95% | command | note |",
                "|---|---|---|---|---|---|---|---|"]
        for row in mine:
            result = "" if row["wins"] is None else f"{row['wins']} ({percent(row['rate'])})"
            interval = "" if row["interval"] is None else \
                f"[{percent(row['interval'][0])}, {percent(row['interval'][1])}]"
            command = row["command"].replace("|", "\\|")
            note = row["note"].replace("|", "\\|")
            out.append(f"| {row['run']} | {row['date']} | {row['commit'][:7]} | {row['games']} | {result} "
                       f"| {interval} | `{command}` | {note} |")
    return "\n".join(out) + "\n"


def extract(names: list[str], to: Path, folder: Path = RESULTS) -> list[str]:
    """Unpack the named studies (a run id names its study) into ``to``; the files written."""
    rows = read_manifest(folder / "manifest.jsonl")
    studies = {row["study"] for row in rows}
    study_by_run = {row["run"]: row["study"] for row in rows}
    wanted = []
    for name in names:
        study = name if name in studies else study_by_run.get(name)
        if study is None:
            raise ValueError(f"{name} is neither a study nor a run of {folder / 'manifest.jsonl'} "
                             f"(studies: {', '.join(sorted(studies, key=natural))})")
        if study not in wanted:
            wanted.append(study)
    to.mkdir(parents=True, exist_ok=True)
    written = []
    for study in wanted:
        for name, data in read_archive(archive_path(study, folder)).items():
            (to / name).write_bytes(data)
            written.append(name)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the studies, their runs and archive sizes")
    unpack = commands.add_parser("extract", help="unpack studies (or the studies of runs)")
    unpack.add_argument("names", nargs="+", metavar="STUDY|RUN")
    unpack.add_argument("--to", type=Path, default=RAW, help=f"where (default {RAW.relative_to(ROOT)})")
    packing = commands.add_parser("pack", help="archive a folder's runs by study, rewrite the manifest")
    packing.add_argument("folder", type=Path, nargs="?", default=RAW)
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            rows = read_manifest(RESULTS / "manifest.jsonl")
            for study in STUDIES:
                mine = [row["run"] for row in rows if row["study"] == study.name]
                if mine:
                    size = archive_path(study.name).stat().st_size / 1e6
                    print(f"{study.name:9} {size:5.2f} MB  {len(mine):3} runs  {study.title}: {', '.join(mine)}")
        elif args.command == "extract":
            written = extract(args.names, args.to)
            print(f"{len(written)} files in {args.to}")
        else:
            if not args.folder.is_dir():
                raise ValueError(f"{args.folder} is not a folder of runs")
            notebook = NOTEBOOK.read_text() if NOTEBOOK.exists() else ""
            rows = pack(raw_files(args.folder), RESULTS, documented_commands(notebook), git_provenance(),
                        head_commit())
            total = sum(path.stat().st_size for path in RESULTS.glob("*.tar.xz")) / 1e6
            print(f"{len(rows)} runs in {len(STUDIES)} studies; archives {total:.2f} MB in all")
    except (OSError, ValueError, KeyError, tarfile.TarError, lzma.LZMAError,
            subprocess.CalledProcessError) as error:
        print(f"results: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
