"""A corpus of broken files of every kind the program reads, built from valid seeds.

``corpus(seed)`` gives the same list of :class:`BrokenFile` for the same seed: random bytes,
truncations at many points, every field of the JSON kinds swapped for values of other types,
huge numbers, deep nesting, wrong encodings, empty files and folders in place of files. The
corpus grows by adding a mutation here; ``tests/test_broken_files.py`` feeds every case to the
loaders in-process and a sample of them to the commands that read them.

    python -m tests.support.broken_files OUT_FOLDER      # write the corpus out, one file per case
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from tests.support import DATA


#: The kinds of file, with the suffix their cases are written under.
KINDS = {"map": ".json", "domination": ".map", "cards": ".map", "record": ".jsonl",
         "save": ".jsonl", "results": ".jsonl"}

HUGE_INT = "7" * 5000                 # more digits than Python 3.11 parses by default
BIG_INT = "1" + "0" * 400             # 10^400: an int, but no float can hold it
PLACEHOLDERS = {"\"@HUGE_INT@\"": HUGE_INT, "\"@BIG_INT@\"": BIG_INT, "\"@BIG_FLOAT@\"": "1e400",
                "\"@NAN@\"": "NaN", "\"@DEEP@\"": "[" * 100_000 + "]" * 100_000,
                "\"@NEG_BIG@\"": "-" + BIG_INT}

#: What each field is swapped for: every JSON type, and the numbers no loader should swallow.
SWAPS: tuple[Any, ...] = ([], {}, "x", "", 1, -1, 0, 2.5, True, None, [1, "a"], {"a": 1},
                          "@HUGE_INT@", "@BIG_INT@", "@BIG_FLOAT@", "@NAN@", "@NEG_BIG@", "@DEEP@",
                          "x" * 5000)


@dataclass(frozen=True)
class BrokenFile:
    """One case: the kind of file, a name saying what was broken, and the bytes (None: a folder)."""

    kind: str
    name: str
    content: bytes | None

    def write(self, folder: Path, index: int) -> Path:
        """Write the case under ``folder``; a Domination map gets its (valid or broken) cards
        file beside it. Returns the path to give the loader."""
        path = folder / f"case{index:04d}-{self.kind}{KINDS[self.kind]}"
        if self.content is None:
            path.mkdir()
            return path
        if self.kind == "cards":
            # The map is valid; the broken thing is the cards file it names.
            cards = folder / f"case{index:04d}.cards"
            path.write_bytes(_domination_seed().replace(b"crd tiny.cards", f"crd {cards.name}".encode()))
            cards.write_bytes(self.content)
            return path
        path.write_bytes(self.content)
        return path


# -- the valid seeds ----------------------------------------------------------------------------

def _map_seed() -> dict[str, Any]:
    return json.loads((DATA / "tiny.json").read_text())


def _domination_seed() -> bytes:
    return (DATA / "tiny.map").read_bytes()


def _cards_seed() -> bytes:
    return (DATA / "tiny.cards").read_bytes()


def _record_lines(actions: int = 12) -> list[dict[str, Any]]:
    """An unfinished game: a real record's header and its first actions."""
    lines = (DATA / "records" / "uk-old.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines[: 1 + actions]]


def _save_lines() -> list[dict[str, Any]]:
    from risk.state import RandomSource

    lines = _record_lines()
    players = len(lines[0]["players"])
    lines.append({"save": {"seat_rngs": [RandomSource(seat).get_state() for seat in range(players)]}})
    return lines


def _results_lines() -> list[dict[str, Any]]:
    line = {"game": 0, "group": 0, "rotation": 0, "seed": 123, "seats": ["angry", "random"],
            "players": ["angry", "random"], "winner": 0, "winner_bot": "angry", "places": [1, 2],
            "turns": 27, "reason": "conquest", "actions": 311, "fault": None, "rules": {},
            "setup": "1a2b3c4d5e6f"}
    second = dict(line, game=1, rotation=1, seats=["random", "angry"], players=["random", "angry"],
                  winner=1, places=[2, 1])
    return [line, second]


# -- turning values into bytes ------------------------------------------------------------------

def _dumps(value: Any, indent: int | None = None) -> str:
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    for placeholder, raw in PLACEHOLDERS.items():
        text = text.replace(placeholder, raw)
    return text


def _jsonl(lines: list[Any]) -> bytes:
    return ("\n".join(_dumps(line) for line in lines) + "\n").encode()


# -- mutations ----------------------------------------------------------------------------------

def _paths(value: Any, prefix: tuple = (), per_list: int = 2) -> Iterator[tuple]:
    """Every path into ``value`` (the first ``per_list`` items of each list), parents first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from _paths(item, prefix + (key,), per_list)
    elif isinstance(value, list):
        for index, item in enumerate(value[:per_list]):
            yield prefix + (index,)
            yield from _paths(item, prefix + (index,), per_list)


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    copy = json.loads(json.dumps(value))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copy


def _removed(value: Any, path: tuple) -> Any:
    copy = json.loads(json.dumps(value))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    del holder[path[-1]]
    return copy


def _byte_cases(kind: str, valid: bytes, rng: random.Random, truncations: int,
                randoms: int) -> Iterator[BrokenFile]:
    """What every kind of file must survive: nothing, noise, cuts and the wrong encoding."""
    yield BrokenFile(kind, "empty", b"")
    yield BrokenFile(kind, "whitespace", b" \n\t\n")
    yield BrokenFile(kind, "folder", None)
    yield BrokenFile(kind, "nul bytes", b"\0" * 64)
    yield BrokenFile(kind, "utf-16", valid.decode("utf-8").encode("utf-16"))
    yield BrokenFile(kind, "latin-1", valid.replace(b"a", "\xe9".encode("latin-1"), 3))
    yield BrokenFile(kind, "bom", b"\xef\xbb\xbf" + valid)
    yield BrokenFile(kind, "invalid utf-8 inside", valid[: len(valid) // 2] + b"\xff\xfe" + valid[len(valid) // 2:])
    for number in range(randoms):
        size = rng.choice((1, 7, 100, 1000, 5000))
        yield BrokenFile(kind, f"random bytes {number}", rng.randbytes(size))
    cuts = sorted({rng.randrange(1, len(valid)) for _ in range(truncations)})
    for cut in cuts:
        yield BrokenFile(kind, f"truncated at {cut}", valid[:cut])
    # A valid start followed by noise, and noise spliced into the middle.
    for number in range(max(1, randoms // 2)):
        at = rng.randrange(len(valid))
        yield BrokenFile(kind, f"noise at {at}", valid[:at] + rng.randbytes(20) + valid[at + 20:])


def _swap_cases(kind: str, value: Any, encode, rng: random.Random, sample: int | None,
                prefix: str = "") -> Iterator[BrokenFile]:
    """Every field (or a sample of ``sample`` of them) swapped for every other kind of value,
    and removed."""
    cases = [(path, swap) for path in _paths(value) for swap in SWAPS + ("@REMOVE@",)]
    if sample is not None and sample < len(cases):
        cases = rng.sample(cases, sample)
    for path, swap in cases:
        where = prefix + ".".join(str(step) for step in path)
        if swap == "@REMOVE@":
            yield BrokenFile(kind, f"{where} removed", encode(_removed(value, path)))
        else:
            shown = swap if len(repr(swap)) < 20 else repr(swap)[:17] + "..."
            yield BrokenFile(kind, f"{where} = {shown}", encode(_replaced(value, path, swap)))


def map_cases(rng: random.Random) -> Iterator[BrokenFile]:
    seed = _map_seed()

    def encode(value):
        return _dumps(value, indent=1).encode()

    valid = encode(seed)
    yield from _byte_cases("map", valid, rng, truncations=25, randoms=8)
    yield from _swap_cases("map", seed, encode, rng, sample=160)
    yield BrokenFile("map", "deep nesting", b"[" * 100_000 + b"]" * 100_000)
    yield BrokenFile("map", "deep nesting, unclosed", b"{\"a\":" * 50_000)
    yield BrokenFile("map", "nesting 500 deep in the description",
                     encode(dict(seed, description=json.loads("[" * 500 + "]" * 500))))
    yield BrokenFile("map", "top level a list", b"[1, 2, 3]")
    yield BrokenFile("map", "top level a number", HUGE_INT.encode())
    many = dict(seed, territories=[dict(seed["territories"][0], name=f"T{i}") for i in range(20_000)])
    yield BrokenFile("map", "20000 territories", encode(many))
    yield BrokenFile("map", "a name of a million letters",
                     encode(_replaced(seed, ("territories", 0, "name"), "N" * 1_000_000)))
    yield BrokenFile("map", "a bonus of 10^30", encode(_replaced(seed, ("continents", 0, "bonus"), 10 ** 30)))
    yield BrokenFile("map", "a position of 1e300",
                     encode(_replaced(seed, ("territories", 0, "pos"), [1e300, -1e300])))
    yield BrokenFile("map", "sea_routes an integer", encode(dict(seed, sea_routes=7)))
    yield BrokenFile("map", "sea_routes of lists", encode(dict(seed, sea_routes=[[["a"], ["b"]]])))
    yield BrokenFile("map", "a continent given as a list",
                     encode(_replaced(seed, ("territories", 0, "continent"), ["West Island"])))
    yield BrokenFile("map", "a border of lists", encode(dict(seed, borders=[[["a"], {"b": 1}]])))
    yield BrokenFile("map", "a shape of huge numbers",
                     encode(_replaced(seed, ("territories", 0, "shape"), [["@BIG_INT@", 1]] * 3)))
    yield BrokenFile("map", "duplicate keys", b'{"continents": [], "continents": 5}')


def domination_cases(rng: random.Random) -> Iterator[BrokenFile]:
    valid = _domination_seed()
    yield from _byte_cases("domination", valid, rng, truncations=25, randoms=6)
    lines = valid.decode().splitlines()
    # Each line's tokens swapped for other things: words, huge and negative numbers, nothing.
    swaps = ("x", "-1", "0", HUGE_INT, BIG_INT, "1e400", "nan", "99999999", "", "[countries]", "\0",
             "Ab" * 3000)
    for number, line in enumerate(lines):
        tokens = line.split()
        if not tokens or line.startswith(";"):
            continue
        for position in range(len(tokens)):
            for swap in rng.sample(swaps, 3):
                changed = tokens[:position] + [swap] + tokens[position + 1:]
                text = "\n".join(lines[:number] + [" ".join(changed)] + lines[number + 1:])
                yield BrokenFile("domination", f"line {number + 1} token {position + 1} = {swap[:12]!r}",
                                 text.encode())
    yield BrokenFile("domination", "a country 10^400 in the borders",
                     valid.replace(b"6 4 5 1", f"6 4 5 {BIG_INT}".encode()))
    yield BrokenFile("domination", "a million countries",
                     b"[continents]\nA 1\n[countries]\n"
                     + b"".join(b"%d C%d 1 0 0\n" % (i, i) for i in range(1, 200_001)) + b"[borders]\n")
    yield BrokenFile("domination", "a border line of one country",
                     valid.replace(b"6 4 5 1", b"6"))
    yield BrokenFile("domination", "sections only", b"[continents]\n[countries]\n[borders]\n")
    yield BrokenFile("domination", "a cards file that is a folder name",
                     valid.replace(b"crd tiny.cards", b"crd ."))
    yield BrokenFile("domination", "a cards file outside the folder",
                     valid.replace(b"crd tiny.cards", b"crd /dev/zero"))
    cards = _cards_seed()
    yield from _byte_cases("cards", cards, rng, truncations=4, randoms=3)
    yield BrokenFile("cards", "a country 10^400", cards.replace(b"Infantry 1", f"Infantry {BIG_INT}".encode()))
    yield BrokenFile("cards", "a huge country number", cards.replace(b"Infantry 1", f"Infantry {HUGE_INT}".encode()))


def record_cases(rng: random.Random, kind: str = "record") -> Iterator[BrokenFile]:
    lines = _save_lines() if kind == "save" else _record_lines()
    valid = _jsonl(lines)
    yield from _byte_cases(kind, valid, rng, truncations=15, randoms=5)
    header = lines[0]
    without_map = {key: value for key, value in header.items() if key != "map"}

    def with_header(new_header):
        return _jsonl([new_header] + lines[1:])

    def header_encode(value):
        return with_header(dict(value, map=header["map"]))

    yield from _swap_cases(kind, without_map, header_encode, rng, sample=40 if kind == "record" else 15,
                           prefix="header.")
    yield from _swap_cases(kind, header["map"], lambda m: with_header(dict(header, map=m)), rng,
                           sample=30 if kind == "record" else 10, prefix="header.map.")
    for index in (1, len(lines) - 1):
        yield from _swap_cases(kind, lines[index], lambda v, i=index: _jsonl(lines[:i] + [v] + lines[i + 1:]),
                               rng, sample=10, prefix=f"line {index + 1}.")
    yield BrokenFile(kind, "deep nesting in the header",
                     with_header(dict(header, rules="@DEEP@")))
    yield BrokenFile(kind, "deep nesting as a line", valid + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    yield BrokenFile(kind, "a player's bot an import path",
                     with_header(dict(header, players=["os:system:command=touch pwned"] + header["players"][1:])))
    yield BrokenFile(kind, "the map's continent a list",
                     with_header(_replaced(header, ("map", "territories", 0, "continent"), ["Asia"])))
    yield BrokenFile(kind, "the map's sea_routes an integer",
                     with_header(_replaced(header, ("map", "sea_routes"), 3)))
    yield BrokenFile(kind, "a rules value huge", with_header(_replaced(header, ("rules", "forced_trade_at"), "@HUGE_INT@")))
    yield BrokenFile(kind, "a seed of 10^400", with_header(dict(header, seed="@BIG_INT@")))
    yield BrokenFile(kind, "an action by player 10^400", _jsonl(lines[:1] + [{"p": "@BIG_INT@", "a": "x"}]))
    yield BrokenFile(kind, "an action of a million letters", _jsonl(lines[:1] + [{"p": 0, "a": "claim " * 200_000}]))
    if kind == "save":
        save = lines[-1]
        yield BrokenFile(kind, "seat_rngs of the wrong length",
                         _jsonl(lines[:-1] + [{"save": {"seat_rngs": save["save"]["seat_rngs"][:1]}}]))
        yield BrokenFile(kind, "seat_rngs of numbers",
                         _jsonl(lines[:-1] + [{"save": {"seat_rngs": [1] * len(save["save"]["seat_rngs"])}}]))


def results_cases(rng: random.Random) -> Iterator[BrokenFile]:
    lines = _results_lines()
    valid = _jsonl(lines)
    yield from _byte_cases("results", valid, rng, truncations=15, randoms=5)
    yield from _swap_cases("results", lines[0], lambda v: _jsonl([v] + lines[1:]), rng, sample=80)
    yield BrokenFile("results", "deep nesting", b"[" * 100_000 + b"]" * 100_000 + b"\n")
    yield BrokenFile("results", "a game number of 5000 digits", _jsonl([dict(lines[0], game="@HUGE_INT@")]))
    yield BrokenFile("results", "a game number of 10^30", _jsonl([dict(lines[0], game=10 ** 30)]))
    yield BrokenFile("results", "a rules value deep", _jsonl([dict(lines[0], rules="@DEEP@")]))
    yield BrokenFile("results", "the same game twice", _jsonl([lines[0], lines[0]]))
    yield BrokenFile("results", "a torn line after a bad one", _jsonl([lines[0], {"game": "x"}]) + b'{"ga')


def corpus(seed: int = 17) -> list[BrokenFile]:
    """Every case, the same for the same ``seed``."""
    rng = random.Random(seed)
    cases: list[BrokenFile] = []
    cases.extend(map_cases(rng))
    cases.extend(domination_cases(rng))
    cases.extend(record_cases(rng))
    cases.extend(record_cases(rng, "save"))
    cases.extend(results_cases(rng))
    return cases


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for index, case in enumerate(corpus()):
        case.write(out, index)
    print(f"{len(corpus())} cases written to {out}")
