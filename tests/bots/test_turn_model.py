"""The bots' light model of an attack phase (:class:`ai.turn.TurnState`) against the engine.

From positions of seeded games under several rule sets, the same random macro-actions ("attack T
from S until it falls or the odds fall below τ", then the move in; or stop) are played on the
model and on the engine. The model draws each battle's end from its law; the engine is given that
same end as a named outcome (:mod:`risk.engine.chance`), after checking that it draws the battle
from the same law. After every macro-action the owners, armies, territory counts and masks,
players alive, conquest flag and hand agree.

One difference is known and left in the model (changing it would change the bots' games): when
an elimination forces trades (``TurnState.model_capture_trades``), the model puts the sets'
armies on the territory just conquered but leaves out the +2 armies the rules place on a traded
card's territory the player holds. The check gives those armies to the model as well.
"""

from __future__ import annotations

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from ai.registry import make_bot
from ai.turn import STOP, TurnState
from risk.actions import Blitz, Deploy, EndPhase, Occupy, Trade
from risk.battle.law import BattleLaw, BlitzOutcome
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource, classic_board

#: (preset, changes): the rule sets whose battles or bookkeeping differ.
RULE_SETS = (
    ("us-1993", {}),
    ("us-1993", {"sea_lane_defence": True}),
    ("us-1993", {"commanders": True}),
    ("us-1993", {"missions": True}),
    ("italian", {}),
    ("italian", {"defender_two_dice_needs": 3}),
    ("uk-old", {}),
    ("uk-new", {}),
    ("us-1959", {}),
    ("us-1993", {"army_limit": 12}),
)

#: The search's τ (``mcts`` and ``strategist`` attack on from odds of 0.45).
TAU = 0.45


def attack_position(preset: str, changes: dict, players: int, seed: int, turn: int) -> GameState | None:
    """The state at the start of the first attack phase from ``turn`` on, in a seeded game between
    angry and threshold bots, or None if the game ends first."""
    rules = Rules.preset(preset, **changes)
    if rules.missions:
        players = max(players, 3)  # secret missions need three players
    bots = [make_bot("angry" if seat % 2 == 0 else "threshold") for seat in range(players)]
    match = Match(bots, seed=seed, rules=rules)
    state = match.state
    while state.phase != Phase.GAME_OVER:
        if state.phase == Phase.ATTACK and state.turn >= turn and state.current_player == state.player:
            return state
        match.step()
    return None


def assert_agree(model: TurnState, game: GameState) -> None:
    assert model.owner == list(game.owner)
    assert model.armies == list(game.armies)
    assert model.count == list(game.count)
    assert model.own_mask == list(game.own_mask)
    assert model.alive == list(game.alive)
    # The engine ends an attack phase by itself once no attack is left, and the turn's card is
    # drawn then; the model's phase does not end.
    in_phase = game.player == model.player and game.phase in (Phase.ATTACK, Phase.OCCUPY, Phase.TRADE)
    if in_phase:
        assert model.conquered == game.conquered
    drawn = 1 if not in_phase and model.conquered and game.rules.cards else 0
    assert model.own_hand() + drawn == len(game.hands[model.player])


def battle_end(model: TurnState, source: int, target: int, u: float) -> tuple[BlitzOutcome, int]:
    """Play the macro-action on the model: the battle's end as the engine names it (armies on
    both territories before any move in, sea-lane rounds fought) and the armies of the sets an
    elimination made the model trade (they land on the target after the move in)."""
    before = model.sea_rounds.get((source, target), 0) if model.sea_rounds is not None else 0
    sets_before = model.sets_traded
    took = model.attack(source, target, TAU, u)
    after = model.sea_rounds.get((source, target), 0) if model.sea_rounds is not None else 0
    if took:
        traded = sum(model.rules.set_value(n) for n in range(sets_before, model.sets_traded))
        return BlitzOutcome(model.armies[source] + model.armies[target] - traded, 0, after - before), traded
    return BlitzOutcome(model.armies[source], model.armies[target], after - before), 0


def play_capture_trades(game: GameState, model: TurnState, territory: int) -> None:
    """The trades an elimination forces, played as the model assumes: any set, and every army the
    sets bring deployed on the territory just conquered. The +2 armies the rules put on a traded
    card's territory the player holds, which the model leaves out, are given to the model too, so
    that both go on from the same position."""
    while game.phase == Phase.TRADE:
        trade = next(a for a in game.legal_actions() if isinstance(a, Trade))
        before = list(game.armies)
        game.apply(trade)
        for t, (was, now) in enumerate(zip(before, game.armies)):
            model.armies[t] += now - was
    model.grow_table(max(model.armies))
    if game.phase == Phase.DEPLOY and game.pool:
        game.apply(Deploy(territory, game.pool))


def play_macro_actions(state: GameState, moves: list[tuple[int, float]], capture_trades: bool, seed: int) -> None:
    """Play ``moves`` (each picks a macro-action by index and draws its battle by a uniform) on the
    model of ``state``'s attack phase and on a copy of ``state``, checking that they agree."""
    model = TurnState.from_view(state.view(state.player, RandomSource(seed)))
    if capture_trades:
        model.model_capture_trades()
    game = state.copy(RandomSource(seed + 1))
    assert_agree(model, game)
    for pick, u in moves:
        choices = model.macro_actions(TAU) + [STOP]
        choice = choices[pick % len(choices)]
        if choice is STOP:
            assert_agree(model, game)
            game.apply(EndPhase())  # the turn's card is drawn now, after the model's phase
            assert (model.owner, model.alive) == (game.owner, game.alive)
            return
        source, target = choice
        assert model.law(source, target) == BattleLaw.for_attack(game, source, target, six=False)
        outcome, traded = battle_end(model, source, target, u)
        took = outcome.defenders == 0
        stop_at = 1 if took else outcome.attackers
        event("conquest" if took else "stopped at odds below tau" if stop_at > 1 else "beaten back")
        game.apply(Blitz(source, target, stop_at=stop_at), outcome=outcome)
        if game.phase == Phase.GAME_OVER:  # won: the engine moves no one in, and the model's move is moot
            assert model.winner() and (model.owner, model.alive) == (game.owner, game.alive)
            return
        if game.phase == Phase.OCCUPY:
            game.apply(Occupy(model.armies[target] - traded))
        if model.eliminated:
            event("elimination")
        if game.phase == Phase.TRADE and model.capture_trade is not None:
            event("trades forced by an elimination")
            play_capture_trades(game, model, target)
        assert_agree(model, game)
        if game.phase != Phase.ATTACK:
            return


def macro_moves(most: int, least: int = 1):
    """Lists of (which macro-action, by index among those offered then; the uniform that draws
    its battle)."""
    return st.lists(st.tuples(st.integers(0, 1 << 16), st.floats(0.0, 1.0, exclude_max=True)),
                    min_size=least, max_size=most)


@settings(max_examples=60, deadline=None)
@given(rule_set=st.sampled_from(RULE_SETS), players=st.integers(2, 6), seed=st.integers(0, 10_000),
       turn=st.integers(1, 12), moves=macro_moves(8), capture_trades=st.booleans())
def test_the_turn_model_plays_macro_actions_as_the_engine_does(rule_set, players, seed, turn, moves,
                                                                capture_trades):
    state = attack_position(*rule_set, players, seed, turn)
    assume(state is not None)
    play_macro_actions(state, moves, capture_trades, seed)


def endgame_position(rules: Rules, players: int, seed: int) -> GameState:
    """Seat 0 to attack, holding all but a few territories with stacks of up to 20 and two to four
    cards; every other seat down to one to three territories of one to four armies, with two to
    five cards (so that eliminations take hands big enough to force trades)."""
    rng = RandomSource(seed)
    size = len(classic_board())
    territories = list(range(size))
    rng.shuffle(territories)
    owner = [0] * size
    at = 0
    for seat in range(1, players):
        for t in territories[at:at + 1 + rng.below(3)]:
            owner[t] = seat
        at += 3
    armies = [1 + rng.below(20) if o == 0 else 1 + rng.below(4) for o in owner]
    deck = list(range(size))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(2 + rng.below(3 if seat == 0 else 4))] for seat in range(players)]
    return GameState.from_position(owner, armies, players, hands=hands, sets_traded=rng.below(6), seed=seed,
                                   rules=rules)


@settings(max_examples=200, deadline=None)
@given(preset=st.sampled_from(["us-1993", "us-1959", "uk-new", "uk-old", "italian"]), players=st.integers(3, 6),
       seed=st.integers(0, 10_000), moves=macro_moves(14, least=4), capture_trades=st.booleans())
def test_the_turn_model_takes_players_out_and_their_cards_as_the_engine_does(preset, players, seed, moves,
                                                                             capture_trades):
    play_macro_actions(endgame_position(Rules.preset(preset), players, seed), moves, capture_trades, seed)
