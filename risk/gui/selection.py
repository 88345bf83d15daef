"""The person's choices on the map, with no pygame: what they have picked (:class:`Selection`) and
what each intent comes to in the position (:func:`respond`).

A click, a key or a button becomes an intent (:mod:`risk.gui.intents`); here, given the game
(:class:`Turn`) and the selection, it becomes a :class:`Response`: an action to apply, the next
selection, words for the person, or a scene to open by name. The game scene applies the action
(checked, through the session) and shows the rest, so everything here can be tested on a
position alone. :func:`tidied` keeps a selection meaningful after the game has moved on;
:func:`candidates` are the territories the person may pick next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from risk.actions import (Attack, Blitz, ChooseCapital, Claim, Defend, Deploy, EndPhase, KeepRoll, Place,
                          PlaceNeutral, Retreat, Stand, UseSix)
from risk.gui import intents as I
from risk.gui.advice import advised_defence, six_advised
from risk.phase import Phase

ROLL_DELIBERATELY = "Attack chosen: read the odds below, then R rolls once, B blitzes, N blitzes until N left."
COMMANDER_FIRST = "First decide on the commander's six: 6 turns the die into a six, K keeps the roll."


@dataclass(frozen=True)
class Selection:
    """What the person has picked so far.

    ``source`` and ``target``: the attack or the fortify move being chosen. ``stop_at``: the N of
    "blitz until N left", as chosen (:func:`blitz_stop` holds it below the source's armies).
    ``blitz_six``: whether their blitzes may spend the commander's six. ``focus``: the territory
    under the pointer or the keyboard highlight. ``pointed``: the last territory of the player to
    move that had the focus, still meant when the pointer moves on to "Place all here".
    ``last_deploy``: where they last deployed by a click.
    """

    source: int | None = None
    target: int | None = None
    stop_at: int = 3
    blitz_six: bool = False
    focus: int | None = None
    pointed: int | None = None
    last_deploy: int | None = None

    def focused(self, territory: int | None, state) -> Selection:
        """The focus on ``territory`` (None: off the map)."""
        if territory is not None and state.owner[territory] == state.player:
            return replace(self, focus=territory, pointed=territory)
        return replace(self, focus=territory)

    def cleared(self) -> Selection:
        """No attack or move chosen."""
        return replace(self, source=None, target=None)

    def taken_back(self) -> Selection:
        """The last pick undone: the target, else the source."""
        if self.target is not None:
            return replace(self, target=None)
        return replace(self, source=None)

    def deployed(self, territory: int) -> Selection:
        """``territory`` remembered as the last deployed on."""
        return replace(self, last_deploy=territory)

    def new_turn(self) -> Selection:
        """At the start of a turn "Place all" no longer means a territory of the last one."""
        return replace(self, pointed=None, last_deploy=None)


@dataclass(frozen=True)
class Turn:
    """The game an intent is read in.

    ``state``: the game. ``planned``: the game after the fortify moves the person has planned
    and not yet made (``state`` itself outside the fortify phase). ``mine``: whether the person at
    the window is to move.
    """

    state: object
    planned: object
    mine: bool

    @property
    def basis(self):
        """The position the next fortify choice starts from: after the planned moves while the
        rules allow more, else before them (one move a turn: choosing again replaces the plan).
        Never the position after the turn has passed to the next player."""
        if self.planned.phase == Phase.FORTIFY and self.planned.player == self.state.player:
            return self.planned
        return self.state

    @property
    def attack_declared(self) -> bool:
        """Whether the person must fight the attack whose defender stood (FAQ 4.2), which stays
        selected whatever else is clicked."""
        return self.mine and self.state.phase == Phase.ATTACK and self.state.declared is not None


@dataclass(frozen=True)
class Response:
    """What an intent comes to. ``selection``: the selection from now on. ``action``: an action
    to apply, or None. ``deploys_on``: the territory a click deploys on, to remember
    (:meth:`Selection.deployed`) once the deploy is applied. ``say``: words for the person.
    ``opens``: a scene to open over the game, by name, with its arguments after the game itself
    (``("move", source, target, movable)``)."""

    selection: Selection
    action: object = None
    deploys_on: int | None = None
    say: str | None = None
    opens: tuple = ()


def respond(turn: Turn, selection: Selection, intent) -> Response:
    """What ``intent`` comes to in ``turn`` with ``selection`` picked. An intent that is not about
    the map or the phase's actions leaves the selection as it is and asks for nothing."""
    handler = _HANDLERS.get(type(intent))
    if handler is None:
        return Response(selection)
    return handler(turn, selection, intent)


# -- what may be picked -------------------------------------------------------------------------

def candidates(turn: Turn, selection: Selection) -> list[int]:
    """The territories the person may pick next (highlighted, and what Tab cycles through)."""
    if not turn.mine:
        return []
    state = turn.basis if turn.state.phase == Phase.FORTIFY else turn.state
    me = state.player
    n = len(state.owner)
    phase = state.phase
    if phase == Phase.CLAIM:
        return [t for t in range(n) if state.owner[t] < 0]
    if phase == Phase.CAPITAL:
        return state.territories_of(me)
    if phase == Phase.RETREAT:
        return state.legal_retreats()
    if phase == Phase.PLACE:
        return [a.territory for a in state.legal_actions() if isinstance(a, (Place, PlaceNeutral))]
    if phase == Phase.DEPLOY:
        return [t for t in range(n) if state.owner[t] == me]
    if phase == Phase.ATTACK:
        if state.declared is not None:
            return [state.declared[1]]
        if selection.source is None and state.pool:  # traded armies to place, or an attack to start
            return [t for t in range(n) if state.owner[t] == me]
        if selection.source is None:
            return [t for t in range(n) if state.owner[t] == me and state.armies[t] >= 2 and enemy_near(state, t)]
        return [t for t in state.board.neighbours[selection.source] if state.owner[t] != me]
    if phase == Phase.FORTIFY:
        if selection.source is None:
            return [t for t in range(n) if state.owner[t] == me and state.fortify_targets(t)]
        return state.fortify_targets(selection.source)
    return []


def tidied(turn: Turn, selection: Selection) -> Selection:
    """The selection still meaningful after the game moved on: nothing chosen outside the
    person's turn; the declared attack while it waits for its dice; an attack whose source was
    lost, emptied or has no enemy left dropped; a conquered target as the next source if it can
    attack on."""
    if not turn.mine:
        return selection.cleared()
    state = turn.basis if turn.state.phase == Phase.FORTIFY else turn.state
    if state.phase == Phase.COMMANDER:
        return selection  # the roll waits for the six: the attack stays chosen for the next one
    if state.phase == Phase.ATTACK and state.declared is not None:
        source, target = state.declared  # the defender stood: the dice are asked for
        return replace(selection, source=source, target=target,
                       stop_at=max(1, min(selection.stop_at, state.armies[source] - 1)))
    if state.phase == Phase.ATTACK:
        source, target = selection.source, selection.target
        if source is not None and (state.owner[source] != state.player or state.armies[source] < 2):
            source = target = None
        if target is not None and state.owner[target] == state.player:
            if source is not None and state.armies[target] >= 2 and enemy_near(state, target):
                source = target
            target = None
        if source is not None and not enemy_near(state, source):
            source = None
        return replace(selection, source=source, target=target)
    if state.phase != Phase.FORTIFY:
        return selection.cleared()
    return selection


def enemy_near(state, territory: int) -> bool:
    return any(state.owner[n] != state.player for n in state.board.neighbours[territory])


def blitz_stop(state, selection: Selection) -> int:
    """The N of "blitz until N left" that the button, the odds and the action all use: the
    chosen N, held below the armies the source has (it must keep one to attack with)."""
    if selection.source is None:
        return selection.stop_at
    return max(1, min(selection.stop_at, state.armies[selection.source] - 1))


def blitz_six_ready(state, selection: Selection) -> bool:
    """Whether the person's next blitz may spend the commander's six (US 1980 variant)."""
    return selection.blitz_six and state.commander_ready()


def place_all_target(state, selection: Selection) -> int | None:
    """Where "Place all" deploys: the own territory under the pointer, else the one last
    pointed at or picked, else the last deployed on."""
    for t in (selection.focus, selection.pointed, selection.last_deploy):
        if t is not None and state.owner[t] == state.player:
            return t
    return None


# -- clicks on the map ----------------------------------------------------------------------------

def _select(turn: Turn, selection: Selection, intent) -> Response:
    t = intent.territory
    selection = selection.focused(t, turn.state)
    if not turn.mine:
        return Response(selection)
    state = turn.state
    phase = state.phase
    if phase == Phase.CLAIM:
        return Response(selection, Claim(t))
    if phase == Phase.CAPITAL:
        return Response(selection, ChooseCapital(t))
    if phase == Phase.RETREAT:
        if t in state.legal_retreats():
            return Response(selection, Retreat(t))
        return Response(selection, say="Retreat to one of your own territories next to the attacked one, "
                                       "or stand (Enter).")
    if phase == Phase.PLACE:
        if state.owner[t] == state.neutral and state.neutral >= 0:
            return Response(selection, PlaceNeutral(t))
        return Response(selection, Place(t))
    if phase == Phase.DEPLOY:
        return _deploy(state, selection, t, intent.shift)
    if phase == Phase.ATTACK:
        if state.pool and state.owner[t] == state.player and state.declared is None:
            return _deploy(state, selection, t, intent.shift)  # armies traded during the attack (house rule)
        return _attack_click(state, selection, t)
    if phase == Phase.COMMANDER:
        return Response(selection, say=COMMANDER_FIRST)
    if phase == Phase.FORTIFY:
        return _fortify_click(turn.basis, selection, t)
    if phase == Phase.TRADE:
        return Response(selection, opens=("cards",))
    return Response(selection)


def _deploy(state, selection: Selection, t: int, shift: bool) -> Response:
    if state.owner[t] != state.player:
        return Response(selection, say=f"{state.board.names[t]} is not yours: deploy on your own territories.")
    n = min(5 if shift else 1, state.pool)
    return Response(selection, Deploy(t, n), deploys_on=t)


def _attack_click(state, selection: Selection, t: int) -> Response:
    names = state.board.names
    if state.declared is not None:  # its defender stood (FAQ 4.2): that attack is the only one
        source, target = state.declared
        selection = replace(selection, source=source, target=target)
        if t == target:
            return Response(selection, say=ROLL_DELIBERATELY)
        if t != source:
            return Response(selection, say=f"{names[target]} stood against your attack from {names[source]}: "
                                           "choose the dice for that attack first (R, B or N).")
        return Response(selection)
    if state.owner[t] == state.player:
        if state.armies[t] < 2:
            return Response(selection, say=f"{names[t]} has 1 army: an attack needs at least 2 (one stays behind).")
        if not enemy_near(state, t):
            return Response(selection, say=f"{names[t]} has no enemy neighbour to attack.")
        return Response(replace(selection, source=t, target=None))
    if selection.source is not None and t == selection.target:
        # A second click (or a double click) never rolls: the odds must be seen first.
        return Response(selection, say=ROLL_DELIBERATELY)
    if selection.source is not None and state.board.adjacent(selection.source, t):
        return Response(_aimed(state, selection, selection.source, t))
    able = [s for s in state.board.neighbours[t] if state.owner[s] == state.player and state.armies[s] >= 2]
    if able:
        return Response(_aimed(state, selection, max(able, key=lambda s: (state.armies[s], -s)), t))
    return Response(selection, say=f"None of your territories next to {names[t]} has 2 or more armies.")


def _aimed(state, selection: Selection, source: int, target: int) -> Selection:
    """An attack chosen from ``source`` at ``target``, its N held below the source's armies."""
    return replace(selection, source=source, target=target,
                   stop_at=max(1, min(selection.stop_at, state.armies[source] - 1)))


def _fortify_click(basis, selection: Selection, t: int) -> Response:
    names = basis.board.names
    if selection.source is not None and t in basis.fortify_targets(selection.source):
        return Response(replace(selection, target=t),
                        opens=("move", selection.source, t, basis.movable_armies(selection.source)))
    if basis.owner[t] != basis.player:
        return Response(selection, say=f"{names[t]} is not yours: fortify between your own territories.")
    if basis.movable_armies(t) <= 0 or not basis.fortify_targets(t):
        return Response(selection, say=f"No armies can move from {names[t]} (one must stay behind).")
    return Response(replace(selection, source=t, target=None))


# -- the phase's actions ---------------------------------------------------------------------------

def _attack_chosen(state, selection: Selection) -> bool:
    return state.phase == Phase.ATTACK and selection.source is not None and selection.target is not None


def _roll(turn: Turn, selection: Selection, intent) -> Response:
    state = turn.state
    if not _attack_chosen(state, selection):
        return Response(selection)
    dice = min(3, state.armies[selection.source] - 1)
    return Response(selection, Attack(selection.source, selection.target, dice))


def _blitz(turn: Turn, selection: Selection, intent) -> Response:
    state = turn.state
    if not _attack_chosen(state, selection):
        return Response(selection)
    return Response(selection, Blitz(selection.source, selection.target, 1, blitz_six_ready(state, selection)))


def _blitz_until(turn: Turn, selection: Selection, intent) -> Response:
    state = turn.state
    if not _attack_chosen(state, selection):
        return Response(selection)
    return Response(selection, Blitz(selection.source, selection.target, blitz_stop(state, selection),
                                     blitz_six_ready(state, selection)))


def _adjust(turn: Turn, selection: Selection, intent) -> Response:
    if selection.source is None or selection.target is None:
        return Response(selection)
    most = max(1, turn.state.armies[selection.source] - 1)
    return Response(replace(selection, stop_at=max(1, min(most, selection.stop_at + intent.delta))))


def _toggle_six(turn: Turn, selection: Selection, intent) -> Response:
    if not turn.state.commander_ready():
        return Response(selection)
    selection = replace(selection, blitz_six=not selection.blitz_six)
    return Response(selection, say="Your blitzes may spend the commander's six, on the roll where it helps most."
                    if selection.blitz_six else "Your blitzes keep the commander's six.")


def _in_phase(phase: Phase, make):
    """A handler that asks for ``make(intent)`` in ``phase`` only."""
    def handler(turn: Turn, selection: Selection, intent) -> Response:
        if turn.state.phase != phase:
            return Response(selection)
        return Response(selection, make(intent))
    return handler


def _place_all(turn: Turn, selection: Selection, intent) -> Response:
    state = turn.state
    if not (state.phase == Phase.DEPLOY or state.phase == Phase.ATTACK and state.pool) or not turn.mine:
        return Response(selection)
    t = place_all_target(state, selection)
    if t is None:
        return Response(selection, say="Point at one of your territories first (or click it once), then place all.")
    return Response(selection, Deploy(t, state.pool))


def _end_phase(turn: Turn, selection: Selection, intent) -> Response:
    state = turn.state
    if not turn.mine:
        return Response(selection)
    if state.phase in (Phase.ATTACK, Phase.FORTIFY, Phase.TRADE):
        return Response(selection.cleared(), EndPhase())
    if state.phase == Phase.COMMANDER:
        return Response(selection, say=COMMANDER_FIRST)
    if state.phase == Phase.DEPLOY:
        return Response(selection, say=f"Deploy your {state.pool} remaining armies first.")
    return Response(selection)


def _confirm(turn: Turn, selection: Selection, intent) -> Response:
    """Enter: the phase's main step."""
    state = turn.state
    if not turn.mine:
        return Response(selection)
    phase = state.phase
    if phase in (Phase.CLAIM, Phase.PLACE, Phase.CAPITAL):
        if selection.focus is not None:
            return _select(turn, selection, I.SelectTerritory(selection.focus))
    elif phase == Phase.DEFEND:
        return Response(selection, Defend(advised_defence(state)))
    elif phase == Phase.RETREAT:
        return Response(selection, Stand())
    elif phase == Phase.COMMANDER:
        return Response(selection, UseSix() if six_advised(state) else KeepRoll())
    elif phase == Phase.DEPLOY:
        return _place_all(turn, selection, intent)
    elif phase == Phase.ATTACK:
        if selection.target is not None:
            return _blitz(turn, selection, intent)
        if selection.focus is not None:
            return _select(turn, selection, I.SelectTerritory(selection.focus))
    elif phase == Phase.FORTIFY:
        return _end_phase(turn, selection, intent)
    elif phase == Phase.TRADE:
        return Response(selection, opens=("cards",))
    return Response(selection)


# -- moving the focus ------------------------------------------------------------------------------

def _activate(turn: Turn, selection: Selection, intent) -> Response:
    """Space: pick the focused territory, as a click on it would."""
    if selection.focus is None:
        return Response(selection)
    return _select(turn, selection, I.SelectTerritory(selection.focus, intent.shift))


def _cycle(turn: Turn, selection: Selection, intent) -> Response:
    """Tab: the focus to the next territory that may be picked."""
    options = candidates(turn, selection)
    if not options:
        return Response(selection)
    if selection.focus in options:
        index = (options.index(selection.focus) + intent.step) % len(options)
    else:
        index = 0 if intent.step > 0 else len(options) - 1
    return Response(selection.focused(options[index], turn.state))


def _hover(turn: Turn, selection: Selection, intent) -> Response:
    return Response(selection.focused(intent.territory, turn.state))


def _deselect(turn: Turn, selection: Selection, intent) -> Response:
    """A right click: the last pick undone, never the declared attack."""
    if turn.attack_declared:
        return Response(selection)
    return Response(selection.taken_back())


_HANDLERS = {
    I.SelectTerritory: _select,
    I.Activate: _activate,
    I.Hover: _hover,
    I.Cycle: _cycle,
    I.Deselect: _deselect,
    I.Adjust: _adjust,
    I.Roll: _roll,
    I.Blitz: _blitz,
    I.BlitzUntil: _blitz_until,
    I.ToggleSix: _toggle_six,
    I.SpendSix: _in_phase(Phase.COMMANDER, lambda intent: UseSix()),
    I.KeepRoll: _in_phase(Phase.COMMANDER, lambda intent: KeepRoll()),
    I.DefendWith: _in_phase(Phase.DEFEND, lambda intent: Defend(intent.dice)),
    I.StandFast: _in_phase(Phase.RETREAT, lambda intent: Stand()),
    I.PlaceAll: _place_all,
    I.EndPhase: _end_phase,
    I.Confirm: _confirm,
}
