"""``risk replay``: replay a game record from its seed and check that it ends as recorded, or
watch it in a window (``--window``). A record may be gzip-compressed, as a tournament's
``--records`` keeps them (:func:`risk.record.read_record_text`)."""

from __future__ import annotations

from pathlib import Path

from risk.errors import UsageError
from risk.commands.options import non_negative_int


def register(sub) -> None:
    parser = sub.add_parser("replay", help="replay a game record and verify its outcome",
                            description="Replay a game record (or save) from its seed and actions, "
                                        "and check that the outcome is the recorded one.")
    parser.add_argument("record", help="the record file (JSON Lines, or gzip-compressed as "
                                       "risk tournament --records keeps them: game-00001.jsonl.gz)")
    parser.add_argument("--log", action="store_true", help="print every event while replaying")
    parser.add_argument("--window", action="store_true",
                        help="watch it in a window: step through it action by action and turn by turn, "
                             "forward and back, with the log and the graphs")
    parser.add_argument("--at", type=non_negative_int, default=0, metavar="N",
                        help="with --window: open at the position after N actions (default: the start)")
    parser.add_argument("--size", default="1280x800", metavar="WxH", help="with --window: the window size")
    parser.add_argument("--screenshot", metavar="FILE.png", type=Path, default=None,
                        help="with --window: save the window as a PNG when it closes")
    parser.set_defaults(run=run)


def run_window(args) -> int:
    """The replay in a window (UsageError when no window can open)."""
    import os

    from risk.commands.play import _size

    size = _size(args.size)
    from risk.gui.replay import Replay

    replay = Replay.open(args.record)  # a bad record is refused before a window opens
    replay.seek(args.at)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from risk.gui.scenes.replay import replay_app

    try:
        app = replay_app(replay, Path(args.record).name, size, args.screenshot)
    except Exception as exc:  # no display
        import pygame
        if isinstance(exc, pygame.error):
            raise UsageError(f"cannot open a window: {exc} (is there a display? try xvfb-run)") from None
        raise
    return app.run()


def run(args) -> int:
    if args.window:
        return run_window(args)
    from risk.record import GameRecord, describe_result, result_of

    record = GameRecord.load(args.record)
    names = [f"P{i + 1} {spec}" for i, spec in enumerate(record.players)]

    def show(state, events):
        for event in events:
            print(event.describe(state.board, names))

    state = record.replay(args.record, on_events=show if args.log else None)
    replayed = result_of(state) if state.is_terminal() else None
    if record.result is None:
        print(f"replayed {len(record.actions)} actions of an unfinished game: turn {state.turn}, "
              f"{state.phase.label} phase, {names[state.current_player]} to move")
    else:
        print(f"replayed {len(record.actions)} actions: {describe_result(replayed)}; matches the record")
    return 0
