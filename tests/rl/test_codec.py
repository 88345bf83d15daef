"""The RL action codec: the mask says exactly which indices decode to legal actions, each legal
concrete action has one index, and encode/decode round-trip, over seeded games of several presets."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from risk.actions import Blitz, Deploy, EndPhase, Occupy, Trade
from risk.errors import ActionIndexError
from risk.phase import Phase
from risk.rl.codec import ActionCodec, best_trade
from risk.rules import Rules
from risk.state import GameState, classic_board

#: (name, players, rules): every decision kind the engine has is reached by one of these.
CONFIGS = [
    ("us-1993", 4, Rules()),
    ("two-player-neutral", 2, Rules()),
    ("uk-old", 3, Rules.preset("uk-old")),
    ("us-1959", 3, Rules.preset("us-1959")),
    ("italian", 5, Rules.preset("italian")),
    ("variants", 4, Rules(retreat=True, commanders=True, capitals=True, missions=True, trade_anytime=True,
                          army_limit=12, setup="deal")),
    ("connected", 3, Rules(fortify="connected", setup="deal", placement="auto", territory_bonus="card")),
    ("unlimited", 3, Rules(fortify="unlimited", setup="deal", placement="auto", fortify_max_armies=7)),
]


def _walk(players: int, rules: Rules, seed: int, steps: int):
    """Yield the states of a game played by random legal codec indices (mixing in random engine
    actions, so that unbucketed army counts happen too)."""
    state = GameState.new(players=players, seed=seed, rules=rules)
    codec = ActionCodec(state.board, rules)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield codec, state
        if rng.random() < 0.3:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        else:
            indices = np.flatnonzero(codec.mask(state))
            action = codec.decode(int(rng.choice(indices)), state)
        state.apply(action)


def _check_state(codec: ActionCodec, state: GameState, every_index: bool, rng: np.random.Generator) -> None:
    mask = codec.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (codec.size,)
    on = np.flatnonzero(mask)
    assert len(on) > 0, f"no legal index in phase {state.phase.label}"
    decoded = {}
    for index in on:
        action = codec.decode(int(index), state)
        assert state.is_legal(action), codec.describe(index)
        assert codec.encode(action, state) == index
        assert action not in decoded, f"{codec.describe(index)} repeats {codec.describe(decoded.get(action, 0))}"
        decoded[action] = int(index)
    legal = state.legal_actions()
    for position, action in enumerate(legal):
        if position > 400:  # deploy runs reach thousands; their buckets are all in the first runs checked
            break
        try:
            index = codec.encode(action, state)
        except ActionIndexError:
            assert action not in decoded
            continue
        assert mask[index] == 1 and decoded[action] == index
    # The indices the mask leaves out must not decode: all of them now and then, else a sample.
    indices = range(codec.size) if every_index else rng.choice(codec.size, 60, replace=False)
    for index in indices:
        legal_here = codec.is_legal(int(index), state)
        assert legal_here == bool(mask[index]), f"{codec.describe(index)}: mask {mask[index]}"


@pytest.mark.parametrize("name,players,rules", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_mask_is_exactly_the_decodable_indices(name, players, rules):
    phases = set()
    rng = np.random.default_rng(0)
    for seed in range(3):
        seen = set()  # each seed scans every index in the first state of each phase
        for step, (codec, state) in enumerate(_walk(players, rules, seed, 220)):
            _check_state(codec, state, step % 60 == 0 or state.phase not in seen, rng)
            seen.add(state.phase)
        phases |= seen
    assert {Phase.DEPLOY, Phase.ATTACK} <= phases


def test_the_variants_reach_every_decision_kind():
    """The configurations above do reach the rare phases, so the checks cover them."""
    phases = set()
    for name, players, rules in CONFIGS:
        for seed in range(3):
            phases.update(state.phase for _, state in _walk(players, rules, seed, 220))
    assert phases >= {Phase.CLAIM, Phase.PLACE, Phase.CAPITAL, Phase.TRADE, Phase.DEPLOY, Phase.ATTACK,
                      Phase.OCCUPY, Phase.FORTIFY, Phase.DEFEND, Phase.RETREAT, Phase.COMMANDER}


def test_size_of_the_classic_map():
    board = classic_board()
    assert ActionCodec(board, Rules()).size == 1551
    assert ActionCodec(board, Rules(fortify="connected")).size == 6219
    assert len(ActionCodec(board).edges) == 166


def test_every_index_has_a_description_and_a_section():
    codec = ActionCodec(classic_board())
    names = [codec.describe(i) for i in range(codec.size)]
    assert len(set(names)) == codec.size
    assert names[codec.END] == "end" and names[codec.TRADE] == "trade best"
    with pytest.raises(ActionIndexError, match="out of range"):
        codec.section(codec.size)


def test_duplicate_buckets_only_the_first_is_legal():
    board = classic_board()
    owner = [i % 2 for i in range(len(board))]
    state = GameState.from_position(owner, [3] * len(board), 2, phase=Phase.DEPLOY, pool=2,
                                    rules=Rules(two_player_neutral=False))
    codec = ActionCodec(board, state.rules)
    base = codec.DEPLOY + 4 * 0
    assert list(codec.mask(state)[base:base + 4]) == [1, 0, 0, 1]  # 1; 3 > pool; half = 1 again; all = 2
    assert codec.decode(base, state) == Deploy(0, 1)
    with pytest.raises(ActionIndexError):
        codec.decode(base + 2, state)  # half of 2 is 1: index base repeats it
    assert codec.encode(Deploy(0, 2), state) == base + 3


def test_unbucketed_and_illegal_actions_raise_named_errors():
    board = classic_board()
    owner = [i % 2 for i in range(len(board))]
    state = GameState.from_position(owner, [3] * len(board), 2, phase=Phase.DEPLOY, pool=10,
                                    rules=Rules(two_player_neutral=False))
    codec = ActionCodec(board, state.rules)
    with pytest.raises(ActionIndexError, match="no index"):
        codec.encode(Deploy(0, 7), state)
    with pytest.raises(ActionIndexError, match="illegal"):
        codec.encode(Deploy(1, 3), state)  # territory 1 is the other player's
    with pytest.raises(ActionIndexError, match="not legal"):
        codec.decode(codec.END, state)
    assert codec.decode(codec.DEPLOY + 2, state) == Deploy(0, 5)
    assert codec.decode(codec.DEPLOY + 3, state) == Deploy(0, 10)


def test_attack_buckets_and_occupy():
    board = classic_board()
    owner = [0] * len(board)
    alaska, kamchatka = board.id("alaska"), board.id("kamchatka")
    owner[kamchatka] = owner[board.id("siam")] = 1  # not the last territory: the game goes on
    armies = [1] * len(board)
    armies[alaska], armies[kamchatka] = 10, 1
    rules = Rules(two_player_neutral=False)
    state = GameState.from_position(owner, armies, 2, phase=Phase.ATTACK, rules=rules, seed=3)
    codec = ActionCodec(board, rules)
    base = codec.ATTACK + 4 * codec.edges.index((alaska, kamchatka))
    assert codec.decode(base + 2, state) == Blitz(alaska, kamchatka, 5)
    assert codec.mask(state)[base + 3] == 0  # no commanders in these rules
    state.apply(codec.decode(base + 1, state))
    assert state.phase == Phase.OCCUPY
    amounts = [codec.decode(codec.OCCUPY + b, state) for b in range(3)]
    low, high = state.occupy_min, state.armies[alaska] - 1
    assert amounts == [Occupy(low), Occupy((low + high + 1) // 2), Occupy(high)]


def test_best_trade_prefers_the_bonus_and_keeps_wild_cards():
    board = classic_board()
    owner = [i % 2 for i in range(len(board))]
    infantry = [t for t in range(len(board)) if board.cards[t] == 0]
    mine = [t for t in infantry if owner[t] == 0][:2]
    theirs = [t for t in infantry if owner[t] == 1][:1]
    hand = mine + theirs + [-1]
    state = GameState.from_position(owner, [3] * len(board), 2, phase=Phase.TRADE, hands=[hand, []],
                                    rules=Rules(two_player_neutral=False))
    codec = ActionCodec(board, state.rules)
    trade = codec.decode(codec.TRADE, state)
    assert isinstance(trade, Trade) and trade == best_trade(state)
    assert -1 not in trade.cards and trade.bonus == min(mine)
    assert codec.encode(trade, state) == codec.TRADE
    assert codec.decode(codec.END, state) == EndPhase()


def test_codec_serves_rules_that_fortify_alike():
    board = classic_board()
    codec = ActionCodec(board, Rules())
    assert codec.compatible(board, Rules.preset("uk-old"))
    assert not codec.compatible(board, dataclasses.replace(Rules(), fortify="connected"))
