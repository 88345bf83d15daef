"""The kind of table a decision is made at, and what the bot does differently there.

Risk changes character with the number of players still in the game, not with the map:

- a **duel** (two players left): eliminating the other is winning, so no separate runs for
  cards; in the claims every continent the opponent is about to complete is blocked, since
  what one player is denied the only other player does not get;
- a **table** (three or four): a weak player's cards are the prize when sets escalate, so the
  bot plans elimination runs, and a run carries its whole stack (no guard left behind against
  a player about to disappear); blocking in the claims helps the third player as much as
  oneself, so the bot builds instead. At three the set-up armies are not stacked: one stack
  to take a continent leaves the rest of a three-player share of the map to two opponents, and
  the paper's Markov placement, which keeps every territory standing, plays better there; from
  four players on each share is small enough that the stack that takes a continent is the
  better set-up (measured: docs/strength.md and the lab notebook's round 12). At three the
  game is a race to eliminate the third player, whose cards decide the duel that follows: a
  run may start up to two territories short of its victim, and sets are held for it, as in a
  crowd (measured: the lab notebook's rounds 24 and 25; Hard had won that race two times in three);
- a **crowd** (five or six): as a table, and a run may start up to two territories short of
  its victim, since at a crowded table the card holder worth eliminating seldom borders the
  stack that could do it; sets are held unless they pay for a run now or the hand is full,
  because a set traded early feeds the stacks of a table that turns on whoever looks strong.

The neutral army of a two-player game never attacks, at every table: its stacks threaten
nothing and need no guard.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    kind: str          #: "duel", "table" or "crowd"
    block: bool        #: block an opponent's continent in the claims
    runs: bool         #: plan elimination runs for cards
    reach: int         #: how far short of its victim a run may start
    hold_sets: bool    #: keep a set unless it pays for a run or the hand is full
    stack_setup: bool  #: the set-up armies on one stack to take a continent (else Markov placement)


DUEL = Profile("duel", block=True, runs=False, reach=0, hold_sets=False, stack_setup=True)
THREE = Profile("table", block=False, runs=True, reach=2, hold_sets=True, stack_setup=False)
TABLE = Profile("table", block=False, runs=True, reach=0, hold_sets=False, stack_setup=True)
CROWD = Profile("crowd", block=False, runs=True, reach=2, hold_sets=True, stack_setup=True)


def profile_of(view) -> Profile:
    """The profile of the table ``view`` is at: by the players still in the game (the neutral
    army is not a player)."""
    alive = sum(1 for p in range(view.players) if view.alive[p])
    if alive <= 2:
        return DUEL
    if alive == 3:
        return THREE
    if alive <= 4:
        return TABLE
    return CROWD
