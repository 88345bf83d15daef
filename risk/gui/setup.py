"""What the new-game screen chooses, without pygame: the map, the rules, the seats, remembered.

* Maps: every ``*.json`` in the bundled ``maps/`` folder, then every ``*.json`` and Domination
  ``*.map`` in the user's maps folder (``<data folder>/maps``, see :mod:`risk.gui.saves`; by
  default ``~/.local/share/markov-risk/maps``). A Domination map is read with the importer
  (:func:`risk.domination.read_domination`) each time, so dropping a ``.map`` file in is enough.
* Rules: an edition preset and the common options on top of it (:data:`RULE_OPTIONS`).
* Seats: ``human``, a named difficulty (:data:`DIFFICULTIES`) or any bot spec typed in.
* The last choices are kept in ``<data folder>/settings.json`` next to the saves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from risk.errors import RiskError
from risk.gui import saves
from risk.randomness import fresh_seed

HUMAN = "human"

#: The named difficulties and the bot each one plays, weakest first, in the order of their
#: measured strength (the figures are in docs/strength.md; ``risk bots --json`` marks the
#: strongest). "Expert" is the registry's strongest bot (a test checks it): point it at a
#: stronger bot here and nowhere else.
DIFFICULTIES: dict[str, str] = {
    "Easy": "angry",
    "Medium": "threshold",
    "Hard": "mcts",
    "Expert": "strategist",
}

#: The common options offered on the screen, each with its values (the first is the standard).
RULE_OPTIONS: dict[str, tuple] = {
    "setup": ("claim", "deal"),
    "placement": ("turns", "auto", "none"),
    "fortify": ("adjacent", "connected", "unlimited"),
    "card_values": ("escalating", "fixed", "incremental"),
    "missions": (False, True),
    "capitals": (False, True),
}

RULE_LABELS = {"setup": "Territories", "placement": "Placement", "fortify": "Fortify",
               "card_values": "Card values", "missions": "Missions", "capitals": "Capitals"}

#: How the values read on a wide screen (a narrow one shows the option's own value).
VALUE_LABELS = {"claim": "claimed in turns", "deal": "dealt at random", "turns": "in turns",
                "auto": "automatic", "none": "one army each", "adjacent": "to a neighbour",
                "connected": "along your land", "unlimited": "many moves",
                "escalating": "4, 6, 8, ... rising", "fixed": "4/6/8/10 by kind",
                "incremental": "4, 5, 6, ...", False: "off", True: "on"}

#: What a rule's value means, as a clause of a sentence ("{}": the value), for the rules the
#: editions change and the options on the screen; any other rule reads "name: value".
RULE_PHRASES: dict[tuple[str, object], str] = {
    ("setup", "deal"): "territories dealt at random",
    ("setup", "claim"): "territories claimed in turns",
    ("placement", "auto"): "starting armies placed at random",
    ("placement", "none"): "one army on each territory to start",
    ("placement", "turns"): "starting armies placed in turns",
    ("reinforce_or_attack", True): "each turn either attack or take the armies for territories",
    ("card_values", "fixed"): "card sets worth 4/6/8/10 by kind",
    ("card_values", "incremental"): "card sets worth 4, 5, 6, ...",
    ("card_values", "escalating"): "card sets worth 4, 6, 8, ... rising",
    ("capture_cards", False): "no cards taken from a player you eliminate",
    ("captured_cards", "hold"): "cards taken from an eliminated player kept until your turn",
    ("captured_cards", "trade-any"): "after an elimination, trade at once, any set you hold",
    ("defender_sees_dice", True): "the defender chooses the dice after seeing your roll",
    ("mission_kill", "uk"): "a destroy mission needs the last army taken by you",
    ("missions", True): "secret missions",
    ("missions", False): "no missions",
    ("capitals", True): "capitals: holding them wins",
    ("capitals", False): "no capitals",
    ("fortify", "adjacent"): "fortify to a neighbour",
    ("fortify", "connected"): "fortify along your land",
    ("fortify", "unlimited"): "many fortify moves",
}
_NUMBER_PHRASES = {"setup_limit": "at most {} armies on a territory at set-up",
                   "fortify_max_armies": "at most {} armies in a fortify move",
                   "defender_max_dice": "the defender rolls up to {} dice"}


def rule_phrase(name: str, value) -> str:
    """A rule's value in words, for the new-game screen: "territories dealt at random"."""
    if (name, value) in RULE_PHRASES:
        return RULE_PHRASES[(name, value)]
    if name in _NUMBER_PHRASES:
        return _NUMBER_PHRASES[name].format(value)
    shown = VALUE_LABELS.get(value, str(value)) if isinstance(value, bool) or isinstance(value, str) else str(value)
    return f"{RULE_LABELS.get(name, name.replace('_', ' '))}: {shown}"


def rules_in_words(changes: dict) -> str:
    """Rule changes as one sentence's list: "territories dealt at random, ..."."""
    return "; ".join(rule_phrase(name, value) for name, value in changes.items())


SETTINGS_NAME = "settings.json"
#: What a remembered seat that may not be built from a file becomes.
DROPPED_SEAT = "Medium"
MAX_SEED = 2 ** 63  # numpy takes any non-negative seed; a typed one is kept to 18 digits
MAX_SETTINGS_BYTES = 64 * 1024


def user_maps_dir() -> Path:
    """The folder where the player drops maps of their own (JSON or Domination ``.map``)."""
    return saves.data_dir() / "maps"


def settings_path() -> Path:
    return saves.data_dir() / SETTINGS_NAME


def difficulty_spec(name: str, registered: list[str] | None = None) -> str:
    """The bot a difficulty plays; when that bot is not installed, the next weaker one that is.
    Raises KeyError for a name that is not in :data:`DIFFICULTIES`."""
    names = list(DIFFICULTIES)
    index = names.index(name)
    if registered is None:
        from risk.gui.bots import registered_bots
        registered = registered_bots()
    for lower in names[index::-1]:
        if DIFFICULTIES[lower] in registered:
            return DIFFICULTIES[lower]
    return "random"


def seat_label(seat: str, short: bool = False) -> str:
    """How a seat is shown: 'Human', a difficulty with its bot (unless ``short``), or the spec."""
    if seat == HUMAN:
        return "Human"
    if seat in DIFFICULTIES and not short:
        return f"{seat} ({DIFFICULTIES[seat]})"
    return seat


# -- maps -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapChoice:
    """A map the screen offers: ``bundled`` ones ship with the program; ``generated``: the
    choice to generate a world (its ``path`` names no file)."""

    path: Path
    bundled: bool
    generated: bool = False

    @property
    def domination(self) -> bool:
        return self.path.suffix.lower() == ".map"

    @property
    def label(self) -> str:
        if self.generated:
            return "Generate a world"
        name = self.path.stem.replace("_", " ").replace("-", " ")
        tag = " (Domination)" if self.domination else ""
        return f"{name[:1].upper()}{name[1:]}{tag}" + ("" if self.bundled else " - yours")


#: The choice of a world generated for the game (:class:`WorldChoice` says which).
WORLD_CHOICE = MapChoice(Path("generate-a-world"), bundled=True, generated=True)
#: What the map setting holds when a generated world is chosen.
WORLD_MAP = "generated"

#: The sizes of world offered, in territories (the generator makes 8 to 1,000).
WORLD_SIZES = (20, 30, 42, 60, 80, 100, 150, 200, 300, 400)


@dataclass(frozen=True)
class WorldChoice:
    """A world to generate (:func:`risk.worlds.generate`): its size, style and seed."""

    territories: int = 42
    style: str = "continents"
    seed: int = 1

    def board(self):
        """The world, generated (the same for the same choice on every machine)."""
        from risk.worlds import generate_board

        return generate_board(self.territories, seed=self.seed, style=self.style)

    def to_dict(self) -> dict:
        return {"territories": self.territories, "style": self.style, "seed": self.seed}

    @classmethod
    def from_dict(cls, data) -> "WorldChoice":
        """A world remembered in the settings; anything unreadable keeps its default."""
        from risk.worlds import STYLES

        base = cls()
        if not isinstance(data, dict):
            return base
        changes = {}
        if data.get("territories") in WORLD_SIZES:
            changes["territories"] = data["territories"]
        if data.get("style") in STYLES:
            changes["style"] = data["style"]
        seed = data.get("seed")
        if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < MAX_SEED:
            changes["seed"] = seed
        return replace(base, **changes)


def list_maps(user_folder: Path | None = None) -> list[MapChoice]:
    """The bundled maps (classic first), the choice to generate a world, then the user's maps,
    each group by name."""
    from risk.paths import maps_dir

    bundled = sorted(maps_dir().glob("*.json"), key=lambda p: (p.stem != "classic", p.stem.lower()))
    out = [MapChoice(p, True) for p in bundled] + [WORLD_CHOICE]
    folder = user_maps_dir() if user_folder is None else user_folder
    if folder.is_dir():
        mine = [p for p in folder.iterdir() if p.suffix.lower() in (".json", ".map") and p.is_file()]
        out.extend(MapChoice(p, False) for p in sorted(mine, key=lambda p: p.name.lower()))
    return out


def load_board(path: Path):
    """The board of a map file: JSON as it is, a Domination ``.map`` through the importer (its
    picture found beside it). Raises MapError naming the file."""
    from risk.board import board_from_dict, load_map

    from risk.gui.mapfiles import remember

    path = Path(path)
    if path.suffix.lower() == ".map":
        from risk.domination import read_domination

        data, _warnings = read_domination(path)
        board = board_from_dict(data, path=str(path))
    else:
        board = load_map(path)
    remember(board, path)  # the window finds the map's pictures and its cached geometry beside it
    return board


# -- the choices ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameSetup:
    """Everything the new-game screen chooses. ``seats`` holds one entry per player:
    :data:`HUMAN`, a difficulty name, or a bot spec."""

    map_path: str = ""                       # "" = the classic map
    preset: str = "us-1993"
    options: dict = field(default_factory=dict)  # RULE_OPTIONS names -> values, on top of the preset
    seats: tuple[str, ...] = (HUMAN, "Expert", "Hard", "Medium")
    sound: bool = False
    seed: int | None = None                  # None: a fresh one for every game (a number: that deal again)
    last_seed: int | None = None             # the seed of the last game started (offered again)
    world: WorldChoice = field(default_factory=WorldChoice)  # the world to generate, if map_path says so
    #: Why each remembered seat that was not kept was dropped ("seat 2: bot '...' runs a program, ..."):
    #: what the settings file held, not a choice, so it is neither compared nor saved.
    dropped: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat == HUMAN]

    def rules(self):
        """The preset with the chosen options; RulesError naming a bad combination."""
        from risk.rules import PRESETS, Rules

        values = {**PRESETS[self.preset], **self.options}
        rules = Rules(**values)
        rules.check_players(self.players)
        return rules

    def option(self, name: str):
        """The value an option has: chosen, else the preset's, else the standard one."""
        from risk.rules import PRESETS, Rules

        if name in self.options:
            return self.options[name]
        return PRESETS[self.preset].get(name, getattr(Rules(), name))

    def bot_specs(self, registered: list[str] | None = None) -> list[str]:
        """The spec of every seat (``human`` for the humans)."""
        return [seat if seat == HUMAN or seat not in DIFFICULTIES else difficulty_spec(seat, registered)
                for seat in self.seats]

    def problems(self) -> list[str]:
        """Why this cannot start (one line each); empty when it can."""
        from risk.players import make_player

        out = []
        if not 2 <= self.players <= 6:
            out.append(f"a game has 2 to 6 players, not {self.players}")
        try:
            self.rules()
        except RiskError as exc:
            out.append(str(exc))
        for index, spec in enumerate(self.bot_specs()):
            if spec == HUMAN:
                continue
            try:
                make_player(spec)  # typed by the player, so an import path is theirs to run
            except RiskError as exc:
                out.append(f"seat {index + 1}: {exc}")
        return out

    @property
    def generated(self) -> bool:
        """Whether the map is a world generated for the game."""
        return self.map_path == WORLD_MAP

    def board(self):
        """The chosen map's board; MapError naming the file for a map that cannot be read."""
        from risk.state import classic_board

        if self.generated:
            return self.world.board()
        return load_board(Path(self.map_path)) if self.map_path else classic_board()

    def to_dict(self) -> dict:
        return {"map": self.map_path, "preset": self.preset,
                "options": {k: v for k, v in self.options.items()}, "seats": list(self.seats),
                "sound": self.sound, "seed": self.seed, "last_seed": self.last_seed,
                "world": self.world.to_dict()}

    @classmethod
    def from_dict(cls, data) -> "GameSetup":
        """The choices remembered in a settings file; anything unreadable keeps its default."""
        from risk.rules import PRESETS

        base = cls()
        if not isinstance(data, dict):
            return base
        changes: dict = {}
        if isinstance(data.get("map"), str):
            changes["map_path"] = data["map"]
        if data.get("preset") in PRESETS:
            changes["preset"] = data["preset"]
        options = data.get("options")
        if isinstance(options, dict):
            changes["options"] = {k: v for k, v in options.items() if k in RULE_OPTIONS and v in RULE_OPTIONS[k]}
        seats = data.get("seats")
        if isinstance(seats, list) and 2 <= len(seats) <= 6 and all(isinstance(s, str) and s.strip() for s in seats):
            changes["seats"], changes["dropped"] = _remembered_seats([s.strip()[:200] for s in seats])
        if isinstance(data.get("sound"), bool):
            changes["sound"] = data["sound"]
        if "world" in data:
            changes["world"] = WorldChoice.from_dict(data["world"])
        for name in ("seed", "last_seed"):
            seed = data.get(name)
            if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < MAX_SEED:
                changes[name] = seed
        return replace(base, **changes)


def _remembered_seats(seats: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seats a settings file names, each built later through the trusted path only: a spec
    that would import, start or unpickle anything (:func:`risk.players.refusal`) becomes
    :data:`DROPPED_SEAT`, and the second item says which seat was dropped and why."""
    from risk.files import printable, unsafe_character
    from risk.players import refusal

    kept, dropped = [], []
    for index, seat in enumerate(seats):
        why = None if seat == HUMAN or seat in DIFFICULTIES else refusal(seat)
        if why is None and unsafe_character(seat) is not None:
            why = f"bot '{printable(seat)}' holds a control or bidirectional character"
        kept.append(seat if why is None else DROPPED_SEAT)
        if why is not None:
            dropped.append(f"seat {index + 1}: {why}")
    return tuple(kept), tuple(dropped)


def load_settings(path: Path | None = None) -> GameSetup:
    """The last choices, or the defaults when there are none or the file is damaged (read
    through the bounded reader: a device, a pipe or a huge file gives the defaults too)."""
    from risk.errors import FileError
    from risk.files import read_bounded
    from risk.schema import JsonProblem, read_json

    path = settings_path() if path is None else path
    try:
        return GameSetup.from_dict(read_json(read_bounded(path, MAX_SETTINGS_BYTES, FileError, "settings file")))
    except (FileError, JsonProblem):
        return GameSetup()


def save_settings(setup: GameSetup, path: Path | None = None) -> None:
    """Remember the choices (a failure to write is not worth stopping a game for)."""
    from risk.files import write_atomically

    path = settings_path() if path is None else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(setup.to_dict(), indent=1) + "\n")
    except (OSError, RiskError):
        pass


def play_config(setup: GameSetup, speed: str = "normal", size=None, board=None):
    """The window's :class:`PlayConfig` for ``setup``: the first human plays; with none, the
    bots play alone (``board``: the chosen map's, when it has been read already). Raises
    RiskError (MapError, RulesError, UsageError) for what cannot start.

    Several humans need the hot-seat support of the game scene: when ``PlayConfig`` has a
    ``humans`` field they are all passed there; otherwise ValueError names the gap."""
    from dataclasses import fields

    from risk.gui.app import DEFAULT_SIZE, PlayConfig

    problems = setup.problems()
    if problems:
        raise RiskError(problems[0])
    board = board if board is not None else setup.board()
    specs = setup.bot_specs()
    humans = setup.humans()
    seed = setup.seed if setup.seed is not None else fresh_seed()
    extra = {}
    if len(humans) > 1:
        if "humans" not in {f.name for f in fields(PlayConfig)}:
            raise ValueError("several humans at one screen (hot-seat) are not supported by this window yet")
        extra["humans"] = humans
    bots = [spec for spec in specs if spec != HUMAN]
    rules = armies_for(board, setup.rules(), setup.players)
    return PlayConfig(players=setup.players, bots=bots, seat=humans[0] if humans else 0,
                      bots_only=not humans, seed=seed, rules=rules, board=board, speed=speed,
                      size=size or DEFAULT_SIZE, **extra)


#: The classic map's size, whose starting armies the standard table gives.
CLASSIC_TERRITORIES = 42


def armies_for(board, rules, players: int):
    """``rules`` with starting armies enough for ``board``: a map too big for the standard table
    (a large generated world: 30 armies each cannot cover 100 territories each) gets as many
    armies a territory as the classic map has, the table's number scaled by the map's size."""
    from dataclasses import replace as changed

    start = rules.starting_armies(players)
    owners = players + (1 if players == 2 and rules.two_player_neutral else 0)
    if rules.starting_armies_override or start >= -(-len(board) // owners):
        return rules
    return changed(rules, starting_armies_override=-(-start * len(board) // CLASSIC_TERRITORIES))
