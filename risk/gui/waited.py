"""What changed while a person waited for their turn, and who took or lost a continent.

:class:`Waiting` follows the game's events for each human seat. When a person's turn ends it
notes the map as they left it; when their next turn starts it compares, and keeps a
:class:`Summary` (territories and continents lost and won, eliminations, cards traded by others)
for the window to show. Continents changing hands are noticed for everyone as they happen.
Everything here is public information: owners, eliminations and trades are seen by all.
"""

from __future__ import annotations

from dataclasses import dataclass

from risk.events import CardsTraded, PlayerEliminated, TurnStarted


@dataclass(frozen=True)
class Summary:
    """The changes between the end of ``seat``'s last turn and the start of this one."""

    seat: int
    lost: tuple[int, ...]
    won: tuple[int, ...]
    continents_lost: tuple[int, ...]
    continents_won: tuple[int, ...]
    eliminated: tuple[tuple[int, int], ...]   # (player, by)
    trades: tuple[tuple[int, int], ...]       # (player, armies)

    def is_empty(self) -> bool:
        return not (self.lost or self.won or self.continents_lost or self.continents_won
                    or self.eliminated or self.trades)

    def lines(self, board, names) -> list[str]:
        """The summary as a person reads it, most important first."""
        def who(p):
            return names[p] if 0 <= p < len(names) else "Neutral"

        def some(ts):
            shown = [board.names[t] for t in ts[:4]]
            more = f" and {len(ts) - 4} more" if len(ts) > 4 else ""
            return ", ".join(shown) + more

        out = []
        for c in self.continents_lost:
            out.append(f"You lost {board.continents[c].name} (+{board.continents[c].bonus} a turn).")
        for c in self.continents_won:
            out.append(f"You now hold {board.continents[c].name} (+{board.continents[c].bonus} a turn).")
        if self.lost:
            out.append(f"Lost {len(self.lost)} {'territory' if len(self.lost) == 1 else 'territories'}: "
                       f"{some(self.lost)}.")
        if self.won:
            out.append(f"Gained {len(self.won)}: {some(self.won)}.")
        for player, by in self.eliminated:
            out.append(f"{who(player)} was eliminated by {who(by)}.")
        for player, armies in self.trades:
            out.append(f"{who(player)} traded cards for {armies} armies.")
        return out or ["Nothing of yours changed hands."]


def continent_holders(state) -> tuple[int, ...]:
    """Who holds each continent whole (-1: nobody)."""
    out = []
    for continent in state.board.continents:
        owners = {state.owner[t] for t in continent.members}
        out.append(owners.pop() if len(owners) == 1 and min(owners | {0}) >= 0 else -1)
    return tuple(out)


def continent_notice(board, names, continent: int, old: int, new: int) -> str:
    """A continent changing hands, as the log and the banner say it (-1: nobody)."""
    area = board.continents[continent]

    def who(p):
        return names[p] if 0 <= p < len(names) else "Neutral"

    if new >= 0:
        text = f"{who(new)} now hold{'' if who(new) == 'You' else 's'} {area.name} (+{area.bonus} a turn)"
        if old >= 0:
            text += f", taken from {who(old)}"
        return text
    return f"{who(old)} no longer hold{'' if who(old) == 'You' else 's'} {area.name}"


class Waiting:
    """Follows the game for each human seat (see the module's description)."""

    def __init__(self, humans: list[int]):
        self.humans = list(humans)
        self.marks: dict[int, tuple[int, ...]] = {}        # the owners as the seat left the map
        self.seen: dict[int, list] = {seat: [] for seat in self.humans}  # others' public events since
        self.summaries: dict[int, Summary] = {}            # ready to show at the seat's turn
        self.notices: list[tuple[int, int, int]] = []      # (continent, old holder, new holder)
        self.holders: tuple[int, ...] | None = None
        self.current: int | None = None

    def start(self, state) -> None:
        """Follow the game from ``state`` on. A game whose territories are dealt and armies placed
        for everyone starts in its first turn, with no event saying whose it is: it is taken from
        the state, so that the first player's turn ends like any other."""
        self.holders = continent_holders(state)
        if not state.phase.is_setup and not state.is_terminal():
            self.current = state.current_player

    def observe(self, state, events) -> None:
        holders = continent_holders(state)
        if self.holders is not None and not state.phase.is_setup:
            for c, (old, new) in enumerate(zip(self.holders, holders)):
                if old != new:
                    self.notices.append((c, old, new))
        self.holders = holders
        for event in events:
            if isinstance(event, (CardsTraded, PlayerEliminated)):
                for seat in self.humans:
                    if event.player != seat:
                        self.seen[seat].append(event)
            if isinstance(event, TurnStarted):
                self._turn_changes(state, event.player)

    def _turn_changes(self, state, player: int) -> None:
        finished = self.current
        self.current = player
        if finished in self.humans and finished != player:
            self.marks[finished] = tuple(state.owner)
            self.seen[finished] = []
        if player in self.humans and player in self.marks:
            self.summaries[player] = self._summary(state, player)

    def _summary(self, state, seat: int) -> Summary:
        before, now = self.marks[seat], state.owner
        board = state.board
        lost = tuple(t for t in range(len(now)) if before[t] == seat and now[t] != seat)
        won = tuple(t for t in range(len(now)) if before[t] != seat and now[t] == seat)

        def held(owners):
            return {c for c, continent in enumerate(board.continents)
                    if all(owners[t] == seat for t in continent.members)}

        then, today = held(before), held(now)
        seen = self.seen[seat]
        return Summary(seat, lost, won, tuple(sorted(then - today)), tuple(sorted(today - then)),
                       tuple((e.player, e.by) for e in seen if isinstance(e, PlayerEliminated)),
                       tuple((e.player, e.armies) for e in seen if isinstance(e, CardsTraded)))

    def take_summary(self, seat: int) -> Summary | None:
        """The summary waiting for ``seat``, once (None if there is none)."""
        return self.summaries.pop(seat, None)

    def take_notices(self) -> list[tuple[int, int, int]]:
        out, self.notices = self.notices, []
        return out
