"""Expert iteration (training.exit): the completed-Q target, a tiny run writing its
eval.csv and nets, resuming from the last finished round, and the net agent specs."""
import csv
import json
import pathlib

import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.runner import make_engine
from speciesgym.training.exit.expert import completed_q_target
from speciesgym.training.exit.loop import run_rounds
from tests.agents.test_search_net import make_net


def test_completed_q_target_prefers_the_better_visited_action():
    logits = np.zeros(5)
    legal = np.array([0, 1, 3])
    target, score = completed_q_target(logits, np.array([0, 1]), np.array([4, 4]),
                                       np.array([4.0, 0.0]), legal)
    assert target[2] == target[4] == 0 and target.sum() == pytest.approx(1)
    assert target[0] > target[3] > target[1]      # unvisited 3 gets the mean of the visited
    assert np.argmax(score) == 0


def tiny(tmp_path, rounds):
    cfg = dict(game="evolution", rounds=rounds, games=1, sims=4, eval_games=2, gate_games=2,
               hidden=[16], epochs=1, explore=2, mixed=1.0)
    return run_rounds(tmp_path, cfg, log=lambda m: None)


def test_tiny_run_writes_its_rounds_and_resumes(tmp_path, monkeypatch):
    tiny(tmp_path, 1)
    rows = list(csv.DictReader(open(tmp_path / "eval.csv")))
    assert [r["round"] for r in rows] == ["0"] and int(rows[0]["rows"]) > 10
    assert json.loads((tmp_path / "state.json").read_text())["done"] == 0
    best = (tmp_path / "best.npz").read_bytes()
    tiny(tmp_path, 1)                                 # finished: nothing more to do
    assert len(list(csv.DictReader(open(tmp_path / "eval.csv")))) == 1
    assert (tmp_path / "best.npz").read_bytes() == best
    tiny(tmp_path, 2)                                 # extended: goes on with round 1 only
    rows = list(csv.DictReader(open(tmp_path / "eval.csv")))
    assert [r["round"] for r in rows] == ["0", "1"]
    agent = from_spec(f"net:{tmp_path / 'last.npz'}", "evolution", 2)
    engine = make_engine("evolution", 2)
    state = engine.new_state(0)
    mask = engine.legal_mask(state)
    assert mask[agent.act(engine.observe(state, engine.to_move(state)), mask)] == 1
    from speciesgym.agents.net import mlp
    from speciesgym.training.exit import ship
    monkeypatch.setattr(mlp, "zoo_dir", lambda: tmp_path / "zoo")
    monkeypatch.setattr(ship, "zoo_dir", lambda: tmp_path / "zoo")
    lines = ship.ship(tmp_path, "evolution-2p", ["random"], games=2)
    assert len(lines) == 1 and "of 2 games" in lines[0] and "an example" in lines[0]
    shipped = from_spec("zoo:evolution-2p", "evolution", 2)
    assert shipped.net.meta["strength"] == lines
    assert shipped.net.meta["command"].startswith("speciesgym exit RUN --")


def test_net_agent_refuses_another_game(tmp_path):
    make_net("evolution").save(tmp_path / "e.npz")
    with pytest.raises(ValueError, match="e.npz: a net for evolution"):
        from_spec(f"net:{tmp_path / 'e.npz'}", "dominant_species", 2)
    with pytest.raises(ValueError, match="no such shipped net"):
        from_spec("zoo:chess-2p", "evolution", 2)
    with pytest.raises(ValueError, match="empty action mask"):
        NetAgent(make_net("evolution")).act(np.zeros(make_net("evolution").obs_size),
                                            np.zeros(make_net("evolution").num_actions))


def test_clone_round_imitates_the_heuristic(tmp_path):
    """Round 0 with clone: the targets are the heuristic's moves (one-hot), one per decision
    with a choice, and the next round's expert searches with the cloned net."""
    cfg = dict(game="evolution", rounds=1, clone="heuristic:flyer", clone_games=2, games=1,
               sims=4, eval_games=2, gate_games=2, hidden=[16], epochs=1, clone_epochs=1)
    run_rounds(tmp_path, cfg, log=lambda m: None)
    data = np.load(tmp_path / "data" / "round_0.npz")
    assert len(data["target"]) > 20 and np.all(data["target"].max(axis=1) == 1)
    assert np.all(data["mask"][np.arange(len(data["mask"])), data["target"].argmax(1)] == 1)


def test_exit_and_zoo_commands(tmp_path, capsys):
    """`speciesgym exit` runs a round in its folder with the flags given (kept in
    config.json); a flag of the wrong type is refused by argparse; `speciesgym zoo` lists."""
    from speciesgym.training.cli import main
    run = tmp_path / "run"
    assert main(["exit", str(run), "--game", "evolution", "--rounds", "1", "--games", "1",
                 "--sims", "4", "--eval-games", "2", "--gate-games", "2", "--hidden", "16",
                 "--epochs", "1", "--mixed", "1.0"]) == 0
    cfg = json.loads((run / "config.json").read_text())
    assert cfg["hidden"] == [16] and cfg["sims"] == 4 and cfg["game"] == "evolution"
    assert len(list(csv.DictReader(open(run / "eval.csv")))) == 1
    with pytest.raises(SystemExit):
        main(["exit", str(run), "--sims", "many"])
    assert "invalid int value: 'many'" in capsys.readouterr().err
    assert main(["zoo"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "no shipped nets" or "zoo:" in out


def test_gumbel_expert_trains_on_the_improved_policy_and_plays_its_choice():
    """root="gumbel": each row's target is the Gumbel root's improved policy (a distribution
    over the legal actions) and, past the exploring decisions, the move is its chosen one."""
    from speciesgym.training.exit.expert import ExpertAgent
    from tests.agents.test_search import decide
    from tests.agents.test_search_gumbel import cases, net
    agent = ExpertAgent(24, seed=3, net=net("evolution"), game="evolution", root="gumbel",
                        m=8, explore=0)
    for e, s in cases("evolution", 3, wide=7):
        played = decide(agent, e, s, e.to_move(s))
        tree = agent.trees["evolution"]
        obs, mask, target, seat = agent.rows[-1]
        assert played == tree.gumbel_action and seat == e.to_move(s)
        assert target.sum() == pytest.approx(1.0, abs=1e-5)
        assert (target[mask == 0] == 0).all() and (target[mask == 1] > 0).all()
        assert np.allclose(target, tree.improved_policy(), atol=1e-6)
    assert len(agent.rows) == 3


def shipped_names():
    from speciesgym.agents.net.mlp import zoo_dir
    return sorted(p.stem for p in zoo_dir().glob("*.npz"))


def test_a_net_ships_for_each_game_at_two_and_four_players():
    names = shipped_names()
    assert {"evolution-2p", "evolution-4p", "dominant_species-2p",
            "dominant_species-4p"} <= set(names), names
    assert sum((pathlib.Path(__file__).parents[2] / "agents" / "zoo" / f"{n}.npz").stat().st_size
               for n in names) < 20e6


@pytest.mark.parametrize("name", shipped_names())
def test_the_shipped_nets_load_by_name_and_play(name):
    """zoo:<game>-<n>p loads from the package, names its strength and the command that made
    it, and plays legal moves from the seat's observation only."""
    from speciesgym.agents.zoo import listing
    game, players = name.rsplit("-", 1)[0], int(name.rsplit("-", 1)[1][:-1])
    agent = from_spec(f"zoo:{name}", game, players)
    assert agent.net.game == game and agent.net.players == players
    assert agent.net.meta["command"].startswith("speciesgym ")
    assert agent.net.meta["strength"] and f"zoo:{name}" in listing()
    engine = make_engine(game, players)
    state = engine.new_state(4)
    for _ in range(30):
        mask = engine.legal_mask(state)
        a = agent.act(engine.observe(state, engine.to_move(state)), mask)
        assert mask[a] == 1
        engine.apply(state, a)
