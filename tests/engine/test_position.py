"""The position as data (``to_dict`` / ``from_dict``), the game's :class:`Outcome`, and the public
queries other packages use: a written position reads back to the same state, random source
included, at every step of random games under every preset and variant, and plays on the same."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from risk.cards import WILD
from risk.errors import PositionError, RiskError, RulesError
from risk.phase import Phase
from risk.position import Outcome, map_digest
from risk.protocol.view import encode_view, rebuild_state
from risk.randomness import RandomSource
from risk.rules import PRESETS, Rules
from risk.state import GameState

#: The variants, each on top of every preset (docs/rules.md).
VARIANTS = {
    "plain": {},
    "missions": {"missions": True},
    "missions-us-1998": {"missions": True, "mission_set": "us-1998"},
    "capitals": {"capitals": True},
    "commanders": {"commanders": True},
    "retreat-sea": {"retreat": True, "sea_lane_defence": True},
    "seeing-defender": {"defender_sees_dice": True},
    "anytime-unlimited": {"trade_anytime": True, "fortify": "unlimited", "card_values": "incremental"},
    "limits": {"army_limit": 12, "setup": "deal", "placement": "auto", "territory_bonus": "card"},
}


def written(game: GameState) -> dict:
    """The game's written form, through JSON text (as a file or a message carries it)."""
    return json.loads(json.dumps(game.to_dict()))


def random_step(game: GameState, chooser: RandomSource) -> list:
    actions = game.legal_actions()
    return game.apply(actions[chooser.below(len(actions))])


def check_round_trips(game: GameState, chooser: RandomSource, steps: int) -> int:
    """Play ``steps`` random actions; after each, the written game reads back equal. Every few
    steps the read-back game plays on beside the original, with the same events."""
    checked = 0
    for step in range(steps):
        if game.is_terminal():
            break
        back = GameState.from_dict(written(game), board=game.board)
        assert back.fingerprint() == game.fingerprint(), f"step {step}: the position did not read back"
        if step % 25 == 0:
            twin, twin_chooser = back, RandomSource()
            twin_chooser.set_state(chooser.get_state())
            original = game.copy(_copied(game.rng))
            original_chooser = RandomSource()
            original_chooser.set_state(chooser.get_state())
            for _ in range(10):
                if original.is_terminal():
                    break
                assert random_step(twin, twin_chooser) == random_step(original, original_chooser)
                assert twin.fingerprint() == original.fingerprint()
        random_step(game, chooser)
        checked += 1
    return checked


def _copied(source: RandomSource) -> RandomSource:
    copy = RandomSource()
    copy.set_state(source.get_state())
    return copy


def editions_and_variants():
    """Every preset with every variant that combines with it."""
    for preset in PRESETS:
        for variant, changes in VARIANTS.items():
            try:
                Rules.preset(preset, **changes)
            except RulesError:  # e.g. the seeing defender and the Italian three dice
                continue
            yield preset, variant


@pytest.mark.parametrize("preset, variant", list(editions_and_variants()))
def test_a_written_position_reads_back_at_every_step(preset, variant):
    rules = Rules.preset(preset, **VARIANTS[variant], max_turns=5)
    players = 3 if rules.missions else 4
    game = GameState.new(players=players, seed=len(preset) * 10 + len(variant), rules=rules)
    assert check_round_trips(game, RandomSource(7), 3000) > 20


@pytest.mark.parametrize("players", [2, 6])
def test_a_written_position_reads_back_with_the_neutral_army_and_six_players(players):
    game = GameState.new(players=players, seed=players, rules=Rules(max_turns=10))
    assert check_round_trips(game, RandomSource(players), 3000) > 50
    assert game.is_terminal()
    back = GameState.from_dict(written(game))
    assert back.outcome() == game.outcome() is not None


rules_options = st.builds(
    Rules,
    cards=st.booleans(),
    card_values=st.sampled_from(["escalating", "fixed", "incremental"]),
    territory_bonus=st.sampled_from(["turn", "trade", "card", "off"]),
    fortify=st.sampled_from(["adjacent", "connected", "unlimited"]),
    setup=st.sampled_from(["claim", "deal"]),
    placement=st.sampled_from(["turns", "auto"]),
    trade_anytime=st.booleans(),
    reinforce_or_attack=st.booleans(),
    commanders=st.booleans(),
    retreat=st.booleans(),
    sea_lane_defence=st.booleans(),
    capitals=st.booleans(),
    max_turns=st.integers(min_value=1, max_value=8),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_options, seed=st.integers(min_value=0, max_value=10_000), players=st.integers(2, 5))
def test_a_written_position_reads_back_under_random_rules(rules, seed, players):
    game = GameState.new(players=players, seed=seed, rules=rules)
    check_round_trips(game, RandomSource(seed), 400)


def test_the_written_form_is_words_and_numbers(classic):
    game = GameState.from_position([i % 3 for i in range(42)], [2] * 42, 3, hands=[[0, WILD], [], [5]], seed=4,
                                   rules=Rules(max_turns=90))
    data = game.to_dict()
    assert data["board"] == {"name": "Classic", "digest": map_digest(classic)}
    assert data["rules"] == {"max_turns": 90}
    assert data["phase"] == "ATTACK" and data["owner"][:4] == [0, 1, 2, 0]
    assert data["hands"] == [["alaska", "wild"], [], ["quebec"]]
    assert data["attack_source"] is None and data["neutral"] is None
    assert "count" not in data and "own_mask" not in data and "owners" not in data


def test_a_position_on_another_map_needs_its_board(tiny):
    game = GameState.new(players=2, seed=3, board=tiny, rules=Rules(max_turns=5))
    data = written(game)
    assert GameState.from_dict(data, board=tiny).fingerprint() == game.fingerprint()
    with pytest.raises(PositionError, match="is on the map .*give its board"):
        GameState.from_dict(data)
    with pytest.raises(PositionError, match="not on the board given"):
        GameState.from_dict(written(GameState.new(players=3, seed=1)), board=tiny)


@pytest.mark.parametrize("damage, words", [
    (lambda d: d.pop("armies"), "missing the 'armies'"),
    (lambda d: d.update(colour="red"), "unexpected field 'colour'"),
    (lambda d: d.update(turn="three"), "turn: not a whole number"),
    (lambda d: d.update(phase="LUNCH"), "phase: 'LUNCH' is not one of"),
    (lambda d: d["hands"][0].append("atlantis"), "hands names 'atlantis', which is not on the map"),
    (lambda d: d.update(armies=[1, 2]), "armies has 2 items, not one per territory"),
    (lambda d: d.update(rules={"dice": 7}), "unknown rule 'dice'"),
    (lambda d: d["owner"].__setitem__(0, 5), "owner names an owner outside 0 to 2"),
    (lambda d: d.update(pending={"kind": "retreat", "source": "alaska", "target": "alberta", "attack": "end"}),
     "pending is malformed"),
    (lambda d: d.update(pending={"kind": "first_placer"}), "pending is malformed: a first_placer decision needs seat"),
])
def test_a_damaged_position_is_refused_in_one_line_naming_the_field(damage, words):
    game = GameState.new(players=3, seed=2)
    for _ in range(60):
        random_step(game, game.rng)
    data = written(game)
    damage(data)
    with pytest.raises(PositionError, match=words) as caught:
        GameState.from_dict(data)
    assert "\n" not in str(caught.value) and isinstance(caught.value, RiskError)


def test_the_outcome_is_none_while_the_game_goes_on_then_says_how_it_ended():
    game = GameState.new(players=3, seed=11, rules=Rules(max_turns=6))
    while not game.is_terminal():
        assert game.outcome() is None
        random_step(game, game.rng)
    outcome = game.outcome()
    assert outcome == Outcome(game.winner, game.end_reason, game.places)
    assert outcome.reason == "turn limit" and sorted(outcome.places)[0] == 1 and len(outcome.places) == 3
    with pytest.raises(AttributeError):
        outcome.winner = 2  # frozen
    assert hash(outcome) == hash(Outcome(outcome.winner, outcome.reason, outcome.places))


def last_stand(armies: int) -> tuple[GameState, str]:
    """Player 0 holds every territory but Eastern Australia and New Guinea, player 1 those two;
    and the blitz on Eastern Australia from Western Australia, with ``armies`` there."""
    board = GameState.new(players=2).board
    mine, theirs = board.id("western-australia"), board.id("eastern-australia")
    owner = [1 if t in (theirs, board.id("new-guinea")) else 0 for t in range(len(board))]
    army = [armies if t == mine else 1 for t in range(len(board))]
    game = GameState.from_position(owner, army, 2, seed=9, rules=Rules(two_player_neutral=False))
    return game, f"blitz {board.slugs[mine]} {board.slugs[theirs]}"


def test_the_outcome_of_a_conquest():
    game, blitz = last_stand(20)
    game.apply(game.parse_action(blitz))
    game.apply(game.legal_actions()[0])  # move in
    game.apply(game.parse_action("blitz eastern-australia new-guinea"))
    assert game.outcome() == Outcome(0, "conquest", (1, 2))


@pytest.mark.parametrize("variant", ["plain", "missions", "capitals", "retreat-sea"])
def test_the_protocol_view_reads_back_to_the_seat_s_view_of_the_game(variant):
    """What a seat is sent, read back, is the game as that seat knows it: every field equal but
    the cards it cannot see (dealt at random) and the secrets of the others."""
    rules = Rules(max_turns=10, **VARIANTS[variant])
    game = GameState.new(players=3, seed=21, rules=rules)
    chooser = RandomSource(3)
    compared = 0
    while not game.is_terminal():
        seat = game.current_player
        view = json.loads(json.dumps(encode_view(game, seat)))
        rebuilt = rebuild_state(game.board, rules, view, RandomSource(1))
        known = game.view(seat, RandomSource(1))
        for name in game.to_dict():
            if name not in ("hands", "deck", "rng"):
                assert getattr(rebuilt, name) == getattr(known, name), name
        assert rebuilt.hands[seat] == game.hands[seat]
        assert [len(h) for h in rebuilt.hands] == [len(h) for h in game.hands]
        assert sorted(rebuilt.deck + [c for h in rebuilt.hands for c in h]) == \
            sorted(game.deck + [c for h in game.hands for c in h])
        compared += 1
        random_step(game, chooser)
    assert compared > 100


def test_the_public_queries_answer_what_the_engine_decides():
    game = GameState.from_position([0] * 21 + [1] * 21, [3] * 42, 2, phase=Phase.TRADE,
                                   hands=[[0, 1, 2, WILD], []], rules=Rules(two_player_neutral=False))
    assert game.may_trade_now()
    trades = game.trade_actions()
    assert trades == list(game.legal_actions())
    assert game.bonus_choices((0, 1, 2)) == [0, 1, 2]
    assert game.bonus_choices((0, 30, WILD)) == [0]
    attacker, blitz = last_stand(9)
    attacker.apply(attacker.parse_action(blitz))
    assert attacker.phase == Phase.OCCUPY and attacker.occupy_max() == 8
    assert attacker.legal_actions().runs()[0][2:] == (attacker.occupy_min, 8)


def test_a_blitz_outcome_is_drawn_as_apply_draws_it():
    game, text = last_stand(12)
    blitz = game.parse_action(text)
    drawn = game.copy(_copied(game.rng)).draw_blitz_outcome(blitz)
    chosen, drawing = game.copy(_copied(game.rng)), game.copy(_copied(game.rng))
    assert chosen.apply(blitz, outcome=drawn) == drawing.apply(blitz)
    assert chosen.armies == drawing.armies
