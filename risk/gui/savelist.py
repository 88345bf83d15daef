"""The saved games as the load dialog lists them: each by its map, how far it got and who plays,
worked out on a thread (a save is replayed to know its turn)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from risk.errors import RiskError
from risk.gui.saves import _without_path, read_save
from risk.gui.session import player_names
from risk.gui.stats import Rounds


def describe_save(path: Path) -> str:
    """A saved game as a list shows it: its map, how far it got (player turns and rounds), who
    plays, when it was saved. Replays the game (a fraction of a second for a long one), so the
    load dialog asks on a thread (:class:`SaveDescriptions`). A damaged file says so."""
    when = time.strftime("%d %b %H:%M", time.localtime(Path(path).stat().st_mtime))
    try:
        record, _ = read_save(path)
        rounds: Rounds | None = None

        def count(state, events):
            nonlocal rounds
            if rounds is None:
                rounds = Rounds()
            rounds.observe(events)

        state = record.replay(str(path), on_events=count)
    except (RiskError, OSError, ValueError) as exc:
        return f"damaged ({_without_path(str(exc), path)}) · {when}"
    board_name = str(record.map_data.get("name", "a map"))
    names = player_names(list(record.players), state.players, -1)
    if state.phase.is_setup:
        where = "set-up"
    else:
        round_ = rounds.round if rounds is not None and rounds.round else 1
        where = f"turn {state.turn}, round {round_}" + (", finished" if state.is_terminal() else "")
    return f"{board_name} · {where} · {', '.join(names)} · {when}"


class SaveDescriptions:
    """:func:`describe_save` for a list of files, worked out on a thread of its own: the dialog
    lists the files at once and fills the descriptions in as they come."""

    def __init__(self, paths: list[Path]):
        self.found: dict[Path, str] = {}
        self._thread = threading.Thread(target=self._run, args=(list(paths),), name="save-descriptions",
                                        daemon=True)
        self._thread.start()

    def _run(self, paths: list[Path]) -> None:
        for path in paths:
            try:
                self.found[path] = describe_save(path)
            except OSError:
                self.found[path] = "cannot be read"

    def get(self, path: Path) -> str | None:
        return self.found.get(path)
