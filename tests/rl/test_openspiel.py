"""The OpenSpiel game ``python_markov_risk`` (the ``rl`` extra): random playouts of many seeded
games checking chance, legality and what each player may see; OpenSpiel's own random
simulation test; ``rl_environment`` stepping."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("risk.rl.codec")

from risk.battle.law import BlitzOutcome, RollOutcome  # noqa: E402
from risk.rl.openspiel_chance import (ATTACK_ROLLS, BLITZ_BASE, DEAL_BASE, DEALS, DEFEND_ROLLS,  # noqa: E402
                                      ChanceNumbering, ChanceNumberingError)
from risk.rl.openspiel_game import RiskGameError, rank_returns, rules_text  # noqa: E402
from tests.support import ROOT  # noqa: E402

#: (parameters, games): the standard rules and the variants whose decisions and chance differ
#: (the seeing defender's roll, the commander's six, retreats, sea lanes, missions, capitals,
#: the 2-player neutral, the claim and placement set-up).
PLAYOUTS = [
    ({"players": 4, "rules": "setup:deal;placement:auto", "max_turns": 12}, 4),
    ({"players": 3, "max_turns": 4}, 2),
    ({"players": 2, "rules": "setup:deal;placement:auto", "max_turns": 12}, 3),
    ({"players": 3, "preset": "uk-old", "rules": "placement:auto", "max_turns": 8}, 2),
    ({"players": 3, "rules": "setup:deal;placement:auto;commanders:true;retreat:true;sea_lane_defence:true",
      "max_turns": 8}, 2),
    ({"players": 4, "rules": "setup:deal;placement:auto;missions:true", "max_turns": 10}, 2),
    ({"players": 3, "rules": "setup:deal;placement:auto;capitals:true", "max_turns": 8}, 2),
    ({"players": 5, "preset": "italian", "rules": "setup:deal;placement:auto", "max_turns": 6}, 1),
]


def _load(params: dict):
    import risk.rl.openspiel_game  # noqa: F401 - registers the game
    return pyspiel.load_game("python_markov_risk", params)


def _sample(outcomes, rng: random.Random) -> int:
    ids, probabilities = zip(*outcomes)
    return rng.choices(ids, probabilities)[0]


def _check_hidden(state, rng: random.Random) -> int:
    """Every player's strings and tensor stay the same when what the player cannot see is
    redrawn, and never name another seat's mission; returns how many redraws changed the
    others' cards (so that the check is known to bite)."""
    position = state.position
    changed = 0
    for player in range(position.players):
        twin = state.resample_from_infostate(player, rng.random)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        assert twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.history_as_seen(player) == state.history_as_seen(player)
        if player == state.current_player():  # what the others may do depends on their cards
            assert twin.legal_actions() == state.legal_actions()
        assert twin.position.hands[player] == position.hands[player]
        others = [seat for seat in range(position.players) if seat != player]
        changed += any(twin.position.hands[seat] != position.hands[seat] for seat in others)
        if position.missions is not None:
            mine = position.missions[player].describe()
            text = state.history_as_seen(player) + state.information_state_string(player) + \
                state.observation_string(player)
            for seat in others:
                secret = position.missions[seat].describe()
                if secret != mine:
                    assert "mission " + secret not in text
    return changed


@pytest.mark.parametrize("params,games", PLAYOUTS, ids=lambda p: str(p) if isinstance(p, dict) else None)
def test_random_playouts(params, games):
    """Random play to the end: chance nodes list the engine's outcomes, their probabilities sum
    to 1 and their ids decode back to them; the legal actions are the codec's mask; the
    returns sum to 0; hidden information stays hidden."""
    game = _load(params)
    codec, numbering = game.codec, game.chance
    rng = random.Random(repr(params))
    for _ in range(games):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            position = state.position
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
                ids = [i for i, _ in outcomes]
                assert len(set(ids)) == len(ids) and all(0 <= i < game.max_chance_outcomes() for i in ids)
                if position is None:  # the deal
                    assert [numbering.deal(i) for i in ids] == list(range(DEALS))
                else:
                    engine = dict(position.chance_outcomes(state.chance_action))
                    for outcome_id, p in outcomes:
                        assert engine[numbering.decode(outcome_id, state.chance_action, position)] == p
                state.apply_action(_sample(outcomes, rng))
            else:
                assert state.current_player() == position.current_player
                legal = state.legal_actions()
                assert legal == np.flatnonzero(codec.mask(position)).tolist() and legal
                if moves % 97 == 0:
                    _check_hidden(state, rng)
                state.apply_action(rng.choice(legal))
            moves += 1
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)
        assert max(returns) == 1.0 or state.position.winner is None


def test_hidden_information_is_redrawn():
    """A game long enough for cards: the redraw really changes the others' hands somewhere,
    while every player's view stays the same (``_check_hidden``)."""
    game = _load({"players": 4, "rules": "setup:deal;placement:auto;missions:true", "max_turns": 40})
    rng = random.Random(5)
    state = game.new_initial_state()
    changed = checks = 0
    while not state.is_terminal() and checks < 25:
        if state.is_chance_node():
            state.apply_action(_sample(state.chance_outcomes(), rng))
            continue
        if sum(len(h) for h in state.position.hands) >= 4 and rng.random() < 0.05:
            changed += _check_hidden(state, rng)
            checks += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checks and changed


def test_openspiel_random_sim_test():
    """OpenSpiel's own API consistency check (clones, strings, tensors, returns)."""
    # a small max_battle_armies: the mask test builds a mask of max_chance_outcomes() per chance node
    game = _load({"players": 2, "rules": "setup:deal;placement:auto", "max_turns": 3, "max_battle_armies": 1000})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_sim_test_on_whole_games(players):
    """OpenSpiel's own check with serialization, on games played to their end (a conquest, no
    turn cap): random games on the tiny map end within 130 to 800 moves, each serialized at
    every power of two of its history, its terminal state included."""
    game = _load({"players": players, "map": str(ROOT / "tests" / "data" / "tiny.json"), "seed": players})
    # mask_test off: it builds a mask of max_chance_outcomes() at every chance node
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False, mask_test=False)


def test_a_long_game_serializes():
    """A game far past the 40-turn game whose serialize() once overflowed Python's recursion
    limit: 160 turns of random play, the state and its clone serialized and read back."""
    game = _load({"players": 3, "max_turns": 160, "seed": 9})
    rng = random.Random(9)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(_sample(state.chance_outcomes(), rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert len(state.history()) > 2000 and state.position.turn == 160
    for original in (state, state.clone()):
        again = game.deserialize_state(original.serialize())
        assert str(again) == str(original) and again.history() == original.history()
        assert again.position.fingerprint() == original.position.fingerprint()
        for player in range(3):
            assert again.information_state_string(player) == original.information_state_string(player)
            assert again.information_state_tensor(player) == original.information_state_tensor(player)
            assert again.history_as_seen(player) == original.history_as_seen(player)
        restored, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, original))
        assert str(back) == str(original)


def test_rl_environment_steps():
    from open_spiel.python import rl_environment

    game = _load({"players": 3, "rules": "setup:deal;placement:auto", "max_turns": 6})
    env = rl_environment.Environment(game, seed=3)
    # the game provides an information state tensor, so rl_environment's agents see it
    assert env.observation_spec()["info_state"] == (len(game.new_initial_state().information_state_tensor(0)),)
    rng = random.Random(3)
    step = env.reset()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert legal and len(step.observations["info_state"][player]) == env.observation_spec()["info_state"][0]
        step = env.step([rng.choice(legal)])
        steps += 1
    assert steps > 10 and sum(step.rewards) == pytest.approx(0.0, abs=1e-9)


def test_same_seed_same_game_and_clones_are_independent():
    params = {"players": 3, "rules": "setup:deal;placement:auto", "max_turns": 5, "seed": 11}
    finals = []
    for _ in range(2):
        game, rng = _load(params), random.Random(2)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), rng))
                continue
            before = state.position.fingerprint()
            clone = state.clone()
            clone.apply_action(clone.legal_actions()[-1])
            assert state.position.fingerprint() == before
            state.apply_action(rng.choice(state.legal_actions()))
        finals.append(state.position.fingerprint())
    assert finals[0] == finals[1]
    game = _load(params)
    deals = [game.new_initial_state().child(DEAL_BASE + k).position.fingerprint() for k in (0, 0, 1)]
    assert deals[0] == deals[1] != deals[2]


def test_a_serialized_state_replays():
    game = _load({"players": 3, "rules": "setup:deal;placement:auto", "max_turns": 4, "seed": 4})
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < 300:
        legal = state.legal_actions() if not state.is_chance_node() else None
        state.apply_action(_sample(state.chance_outcomes(), rng) if legal is None else rng.choice(legal))
    again = game.deserialize_state(state.serialize())
    assert again.position.fingerprint() == state.position.fingerprint()
    assert again.information_state_string(1) == state.information_state_string(1)


def test_chance_numbering_round_trips():
    numbering = ChanceNumbering(max_battle_armies=50)
    assert (len(ATTACK_ROLLS), len(DEFEND_ROLLS), DEAL_BASE) == (83, 84, 83 * 84)
    ids = {numbering.encode(RollOutcome(a, d), None, None) for a in ATTACK_ROLLS for d in DEFEND_ROLLS}
    assert ids == set(range(DEAL_BASE)) and BLITZ_BASE == DEAL_BASE + DEALS
    assert numbering.decode(numbering.encode(RollOutcome((6, 5, 1), (4, 3)), None, None), None, None) == \
        RollOutcome((6, 5, 1), (4, 3))

    class Position:
        armies = [0, 30, 20]

    from risk.actions import Blitz
    blitz = Blitz(1, 2)
    for outcome in (BlitzOutcome(30, 0), BlitzOutcome(1, 7, 4, True), BlitzOutcome(12, 0, 2, False)):
        outcome_id = numbering.encode(outcome, blitz, Position)
        assert BLITZ_BASE <= outcome_id < numbering.size
        assert numbering.decode(outcome_id, blitz, Position) == outcome
    with pytest.raises(ChanceNumberingError, match="not a blitz outcome"):
        numbering.decode(5, blitz, Position)
    with pytest.raises(ChanceNumberingError, match="not a roll outcome"):
        numbering.decode(DEAL_BASE, None, Position)
    with pytest.raises(ChanceNumberingError, match="not a deal"):
        numbering.deal(BLITZ_BASE)
    with pytest.raises(ChanceNumberingError, match="out of range"):
        numbering.decode(numbering.size, blitz, Position)
    # an id counts one side's losses, the side the end leaves standing: a blitz that stops names
    # what the defender lost (the attacker is at its stop), one that conquers what the attacker lost
    Position.armies = [0, 200, 5]
    stopped = numbering.encode(BlitzOutcome(1, 5), blitz, Position)
    assert numbering.decode(stopped, blitz, Position) == BlitzOutcome(1, 5)
    for outcome, armies in ((BlitzOutcome(120, 0), [0, 200, 5]), (BlitzOutcome(1, 40), [0, 200, 100])):
        Position.armies = armies
        with pytest.raises(ChanceNumberingError, match="max_battle_armies=50"):
            numbering.encode(outcome, blitz, Position)
    with pytest.raises(ChanceNumberingError, match="ended with 7 attacking armies"):
        numbering.encode(BlitzOutcome(7, 3), blitz, Position)


def test_rank_returns():
    assert rank_returns((1, 2, 3, 4), 4) == pytest.approx([1, 1 / 3, -1 / 3, -1])
    assert rank_returns((2, 1), 2) == [-1.0, 1.0]
    shared = rank_returns((1, 2, 2, 4), 4)
    assert shared[1] == shared[2] and sum(shared) == pytest.approx(0.0)
    assert rank_returns(None, 3) == [0.0, 0.0, 0.0]


def test_bad_parameters_are_named():
    with pytest.raises(RiskGameError, match="name:value"):
        rules_text("setup=deal")
    assert rules_text("setup:deal;placement:auto") == "setup=deal,placement=auto"
    from risk.rl.openspiel_game import RiskGame
    with pytest.raises(RiskGameError, match="players=7"):
        RiskGame({"players": 7})
    with pytest.raises(RiskGameError, match="unknown parameter"):
        RiskGame({"colour": "red"})
    with pytest.raises(Exception, match="unknown rule 'dice'"):
        RiskGame({"rules": "dice:9"})


def test_observer_kinds():
    """The tensor is the environments' observation; a public observer has a string without the
    player's secrets and no tensor; every player's private information is refused."""
    from open_spiel.python.observation import make_observation

    from risk.rl.observation import ObservationEncoder

    game = _load({"players": 3, "rules": "setup:deal;placement:auto;missions:true", "max_turns": 20})
    rng = random.Random(8)
    state = game.new_initial_state()
    while state.is_chance_node() or sum(len(h) for h in state.position.hands) < 2:
        state.apply_action(_sample(state.chance_outcomes(), rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    encoder = ObservationEncoder(game.board)
    for player in range(3):
        assert state.observation_tensor(player) == encoder.encode(state.position, player).tolist()
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                                private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    for player in range(3):
        text = public.string_from(state, player)
        assert "your cards" not in text and "your mission" not in text
        assert "your mission" in state.observation_string(player)
    with pytest.raises(ValueError, match="one player's view"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_information_state_tensor_and_string():
    """The information state tensor is the observation, then the cards seen (the discard pile,
    the deck's and the pile's shares); the perfect-recall observer gives it with its fields.
    The information state string tells apart histories that end in the same position."""
    from open_spiel.python.observation import make_observation

    from risk.cards import WILD

    game = _load({"players": 3, "rules": "setup:deal;placement:auto", "max_turns": 60, "seed": 3})
    rng = random.Random(3)
    state = game.new_initial_state().child(DEAL_BASE + 3)
    while not state.is_terminal() and not state.position.discard:
        state.apply_action(_sample(state.chance_outcomes(), rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    position = state.position
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert len(state.information_state_tensor(0)) == observer.tensor.size == game.information_state_tensor_size()
    for player in range(3):
        tensor = np.array(state.information_state_tensor(player), np.float32)
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor, tensor) and 0 <= tensor.min() and tensor.max() <= 1
        assert tensor[:len(state.observation_tensor(player))].tolist() == state.observation_tensor(player)
        discarded = [c for c in position.discard if c != WILD]
        assert np.flatnonzero(observer.dict["discard"][:len(game.board)]).tolist() == sorted(discarded)
        assert observer.dict["deck"][0] == pytest.approx(len(position.deck) / (len(game.board) + 2))
    text = state.information_state_string(1)
    assert text.startswith("history ") and f"after {len(state.history())} moves" in text
    assert text.endswith(state.observation_string(1))
    # two orders of the same deploys: the same position, different histories
    game = _load({"players": 3, "rules": "setup:deal;placement:auto", "seed": 1})
    start = game.new_initial_state().child(DEAL_BASE)
    first, second = start.position.territories_of(0)[:2]
    one = game.codec.DEPLOY + 4 * first
    two = game.codec.DEPLOY + 4 * second
    a, b = start.child(one).child(two), start.child(two).child(one)
    assert a.position.fingerprint() == b.position.fingerprint()
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.history_as_seen(0) != b.history_as_seen(0)


def _battle_position(game, attackers: int, defenders: int):
    """Alaska (seat 0, ``attackers``) facing Kamchatka (seat 1, ``defenders``), seat 0 to attack."""
    from risk.phase import Phase
    from risk.state import GameState

    board = game.board
    alaska, kamchatka = board.id("alaska"), board.id("kamchatka")
    owner = [t % 2 for t in range(len(board))]
    owner[alaska], owner[kamchatka] = 0, 1
    armies = [1] * len(board)
    armies[alaska], armies[kamchatka] = attackers, defenders
    position = GameState.from_position(owner, armies, 2, phase=Phase.ATTACK, rules=game.rules, seed=1, board=board)
    return position, alaska, kamchatka


def test_a_blitz_the_engine_cannot_solve_is_one_outcome():
    """Under the commanders rule a blitz keeping the six over a huge battle is rolled round by
    round by the engine: its chance node has the single outcome the internal source draws."""
    from risk.actions import Blitz

    game = _load({"players": 2, "rules": "commanders:true", "max_battle_armies": 5000})
    position, alaska, kamchatka = _battle_position(game, 3000, 2000)
    state = game.initial_state_for(position)
    state.apply_action(game.codec.encode(Blitz(alaska, kamchatka, 1, True), position))
    [(outcome_id, probability)] = state.chance_outcomes()
    expected = game.chance.decode(outcome_id, state.chance_action, state.position)
    state.apply_action(outcome_id)
    assert probability == 1.0 and state.position.armies[kamchatka] == expected.defenders
    assert state.position.armies[alaska] == expected.attackers


def test_a_blitz_beyond_max_battle_armies_is_refused_by_name():
    from risk.actions import Blitz

    game = _load({"players": 2, "max_battle_armies": 20})
    position, alaska, kamchatka = _battle_position(game, 60, 40)
    state = game.initial_state_for(position)
    state.apply_action(game.codec.encode(Blitz(alaska, kamchatka), position))
    with pytest.raises(ChanceNumberingError, match="max_battle_armies=20"):
        state.chance_outcomes()


def _example():
    import importlib.util
    from pathlib import Path

    path = ROOT / "examples" / "openspiel_mcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_mcts_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_mcts_example_plays_a_short_game(capsys, tmp_path):
    import json

    example = _example()
    out = tmp_path / "games.jsonl"
    argv = ["--games", "2", "--players", "3", "--opponents", "threshold,angry", "--simulations", "4",
            "--max-turns", "4", "--seed", "2", "--out", str(out)]
    example.main(argv)
    first = capsys.readouterr().out
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["mcts_seat"] for r in records] == [0, 1] and all(min(r["places"]) == 1 for r in records)
    assert records[0]["seats"] == ["mcts", "threshold", "angry"] and "MCTSBot won" in first
    example.main(argv)  # resumes: both games are in the file already
    assert len(out.read_text().splitlines()) == 2 and "MCTSBot won" in capsys.readouterr().out


def test_a_bots_move_outside_the_buckets_maps_to_the_nearest_index():
    from risk.actions import Deploy

    example = _example()
    game = _load({"players": 3, "rules": "setup:deal;placement:auto"})
    state = game.new_initial_state().child(DEAL_BASE)
    position = state.position
    territory = position.territories_of(position.player)[0]
    assert position.pool == 4  # buckets 1, 3, half (2) and all (4): 4 is named, none is 3.5 away
    index = example.nearest_index(game.codec, Deploy(territory, 4), position)
    assert game.codec.decode(index, position) == Deploy(territory, 4)
    position.pool = 9  # buckets 1, 3, 5, 9: a deploy of 7 has no index; 5 and 9 are 2 away, 5 first
    assert game.codec.decode(example.nearest_index(game.codec, Deploy(territory, 7), position), position) == \
        Deploy(territory, 5)
