"""The rules of play: legal actions, the checked ``apply``, and every phase transition.

:class:`Engine` is mixed into :class:`risk.state.GameState`; it holds no data of its own. It is
assembled from one mixin per part of the game, each a module of this package. A mixin's ``self``
is the game state, untyped here: a :class:`risk.position.Position` (the fields declared in
:data:`risk.position.FIELDS`) with every mixin's methods. No module of the engine imports
:mod:`risk.state`, not even for type checking; the state's module is built on the engine.

- :mod:`~risk.engine.flow` the phase transitions, in order, and the flags of a turn;
- :mod:`~risk.engine.setup` claiming, placing, the 2-player neutral, capitals;
- :mod:`~risk.engine.cards` card trades, reinforcements and deployment;
- :mod:`~risk.engine.combat` attacks, blitzes, the defender's decisions, conquest, occupation;
- :mod:`~risk.engine.commander` the commander's six, decided after a roll (US 1980);
- :mod:`~risk.engine.chance` explicit chance: the outcomes of a roll or a blitz, and playing one;
- :mod:`~risk.engine.fortify` fortify moves;
- :mod:`~risk.engine.turns` victory (conquest, missions, capitals, the turn cap).

Each action type has a check (returns why it is illegal, or None) and a handler (changes the
state); ``apply`` runs the check first and raises :class:`IllegalActionError` with the reason, so a
refused action leaves the state untouched. Phases with no choice left are passed automatically,
so a player is only asked when there is a decision.
"""

from __future__ import annotations

from risk.actions import (Action, Attack, Blitz, ChooseCapital, Claim, Defend, Deploy, EndPhase, Fortify,
                          KeepRoll, LegalActions, Occupy, Place, PlaceNeutral, Retreat, Stand, Trade, UseSix,
                          malformed)
from risk.engine.cards import CardRules
from risk.engine.chance import ChanceRules
from risk.engine.combat import CombatRules
from risk.engine.commander import CommanderRules
from risk.engine.flow import TurnFlow
from risk.engine.fortify import FortifyRules
from risk.engine.setup import SetupRules
from risk.engine.turns import TurnRules
from risk.errors import IllegalActionError
from risk.events import Event
from risk.phase import Phase


class Engine(TurnFlow, SetupRules, CardRules, CombatRules, CommanderRules, ChanceRules, FortifyRules, TurnRules):
    """The rules, as methods of the game state."""

    __slots__ = ()

    def legal_actions(self) -> LegalActions:
        """Every legal action, each distinct choice once, in a fixed order (a lazy sequence)."""
        return LegalActions(self, self.legal_runs())

    def legal_runs(self) -> list[tuple]:
        """The runs :meth:`legal_actions` is made of (see :class:`~risk.actions.LegalActions`),
        without the sequence around them: for code that reads each run once (the RL codec)."""
        phase = self.phase
        if phase == Phase.ATTACK:
            return self._attack_runs()
        if phase == Phase.DEPLOY:
            return self._deploy_runs()
        if phase == Phase.OCCUPY:
            return [(Occupy, (), self.occupy_min, self.occupy_max())]
        if phase == Phase.FORTIFY:
            return self._fortify_runs()
        if phase == Phase.TRADE:
            return [(None, a, 0, 0) for a in self.trade_actions()]
        if phase == Phase.CLAIM:
            owner = self.owner
            return [(None, Claim(t), 0, 0) for t in range(len(owner)) if owner[t] < 0]
        if phase == Phase.PLACE:
            return [(None, a, 0, 0) for a in self._place_actions()]
        if phase == Phase.CAPITAL:
            return [(None, ChooseCapital(t), 0, 0) for t in self.territories_of(self.player)]
        if phase == Phase.DEFEND:
            return [(Defend, (), 1, self._defender_dice_allowed())]
        if phase == Phase.RETREAT:
            return [(None, Retreat(t), 0, 0) for t in self._retreat_routes(self.pending.target)] + \
                   [(None, Stand(), 0, 0)]
        if phase == Phase.COMMANDER:
            return [(None, UseSix(), 0, 0), (None, KeepRoll(), 0, 0)]
        return []

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` is illegal here, or None if it is legal."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return f"{action!r} is not an action"
        if self.phase == Phase.GAME_OVER:
            return "the game is over"
        return malformed(action) or handler[0](self, action)

    def is_legal(self, action: object) -> bool:
        return self.why_illegal(action) is None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (with the ``action`` and the ``reason``) if ``action``
        is illegal."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError.refusing(action, _text(self, action), reason)

    def apply(self, action: Action, *, outcome=None) -> list[Event]:
        """Play ``action`` and return what happened; ``outcome`` (one of
        :meth:`chance_outcomes`) is played instead of a random draw.

        Raises :class:`IllegalActionError` (a ``ValueError``, carrying the ``action`` and the
        ``reason``) and changes nothing if the action is illegal here, or the outcome cannot
        follow it.
        """
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action", action=action)
        reason = ("the game is over" if self.phase == Phase.GAME_OVER
                  else malformed(action) or handler[0](self, action))
        if reason is None and outcome is not None:
            reason = self._outcome_refused(action, outcome)
        if reason is not None:
            raise IllegalActionError.refusing(action, _text(self, action), reason)
        return self._play(handler[1], action, outcome)

    def push(self, action: Action) -> list[Event]:
        """Play ``action`` without checking it, and return what happened: for a caller that
        knows it is legal here (it came from :meth:`legal_actions`, or from a mask built from
        them), as python-chess's ``push`` is to its checked moves. An illegal action leaves the
        state inconsistent: anything else should call :meth:`apply`."""
        return self._play(_HANDLERS[type(action)][1], action, None)

    def _play(self, play, action: Action, outcome) -> list[Event]:
        events: list[Event] = []
        play(self, action, events, *(() if outcome is None else (outcome,)))
        if (self.missions is not None and self.phase != Phase.GAME_OVER and not self.phase.is_setup
                and self.phase != Phase.OCCUPY):  # a conquest's mission is checked once the armies moved in
            self._check_mission(events)
        return events

    def apply_text(self, text: str) -> list[Event]:
        """Parse and apply an action in its text form."""
        return self.apply(self.parse_action(text))


def _text(state, action: object) -> str:
    try:
        return action.text(state.board)  # type: ignore[attr-defined]
    except Exception:
        return repr(action)


_HANDLERS = {
    Claim: (Engine._check_claim, Engine._do_claim),
    Place: (Engine._check_place, Engine._do_place),
    PlaceNeutral: (Engine._check_place_neutral, Engine._do_place_neutral),
    ChooseCapital: (Engine._check_capital, Engine._do_capital),
    Trade: (Engine._check_trade, Engine._do_trade),
    Deploy: (Engine._check_deploy, Engine._do_deploy),
    Attack: (Engine._check_attack, Engine._do_attack),
    Blitz: (Engine._check_blitz, Engine._do_blitz),
    Defend: (Engine._check_defend, Engine._do_defend),
    Retreat: (Engine._check_retreat, Engine._do_retreat),
    Stand: (Engine._check_stand, Engine._do_stand),
    UseSix: (Engine._check_commander, Engine._do_use_six),
    KeepRoll: (Engine._check_commander, Engine._do_keep_roll),
    Occupy: (Engine._check_occupy, Engine._do_occupy),
    Fortify: (Engine._check_fortify, Engine._do_fortify),
    EndPhase: (Engine._check_end, Engine._do_end),
}
