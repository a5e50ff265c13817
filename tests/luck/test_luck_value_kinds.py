"""The value kinds of luck correction: value:ppo:<zip> (a checkpoint's critic, mapped from the
rank scale to [0, 1] and projected on the zero-sum scale), value:net:<file> (fitted by
training.luck.fit_value on games of recorded seeds), their refusals, their determinism,
and the refusal to evaluate games of the seeds a net was fitted on."""
import json

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

from speciesgym.agents.net.mlp import PolicyValueNet, load
from speciesgym.agents.ppo_agent import write_checkpoint
from speciesgym.agents.runner import make_engine
from speciesgym.training.luck.cli import evaluate
from speciesgym.training.luck.fit_value import main as fit_main
from speciesgym.training.luck.play import recorded_games
from speciesgym.training.luck.values import parse_value
from speciesgym.training.ppo.batched_env import BatchedEnv


def ppo_checkpoint(path, game="evolution", meta_game=None, **meta):
    model = MaskablePPO("MlpPolicy", BatchedEnv(game, 2, 1, seed=0), seed=0, device="cpu",
                        policy_kwargs={"net_arch": {"pi": [16], "vf": [16, 8]}})
    with torch.no_grad():                      # a critic whose outputs spread over [-1, 1]
        model.policy.value_net.weight.mul_(20.0)
    engine = make_engine(meta_game or game, 2)
    write_checkpoint(model, path, dict({"game": meta_game or game, "num_players": 2,
                                        "options": {}, "obs_size": engine.obs_size,
                                        "num_actions": engine.num_actions, "reward": "rank"},
                                       **meta))
    return model, str(path)


def some_states(game, n=6, seed=3):
    engine = make_engine(game, 2)
    rng = np.random.default_rng(seed)
    state = engine.new_state(seed)
    out = []
    while engine.to_move(state) >= 0 and len(out) < n:
        for _ in range(15):
            if engine.to_move(state) < 0:
                break
            engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
        out.append(state.copy())
    return engine, out


def test_luck_ppo_value_is_the_critic_on_the_rank_scale_projected(tmp_path):
    model, path = ppo_checkpoint(tmp_path / "p.zip")
    value = parse_value(f"value:ppo:{path}", "evolution", 2, {})
    assert value.name == f"value:ppo:{path}" and len(value.digest) == 16
    engine, states = some_states("evolution")
    for state in states:
        obs = torch.as_tensor(np.stack([engine.observe(state, j) for j in (0, 1)]))
        with torch.no_grad():
            v = model.policy.predict_values(obs).numpy().ravel()
        u = np.clip((v + 1) / 2, 0, 1)
        want = np.clip(u[0] - u.mean() + 0.5, 0, 1)
        assert value(state, 0) == pytest.approx(want, abs=1e-5)
        assert value(state, 0) + value(state, 1) == pytest.approx(1.0, abs=1e-9)
        assert value(state, 0) == value(state, 0)            # deterministic
    assert len({round(value(s, 0), 6) for s in states}) > 1   # it does look at the state


def test_luck_ppo_value_refusals_name_the_file(tmp_path):
    bad = tmp_path / "bad.zip"
    bad.write_text("not a zip")
    with pytest.raises(ValueError, match="bad.zip"):
        parse_value(f"value:ppo:{bad}", "evolution", 2, {})
    with pytest.raises(ValueError, match="missing.zip': no such file"):
        parse_value(f"value:ppo:{tmp_path / 'missing.zip'}", "evolution", 2, {})
    _, evo = ppo_checkpoint(tmp_path / "evo.zip")
    with pytest.raises(ValueError, match="evo.zip' was trained for evolution"):
        parse_value(f"value:ppo:{evo}", "dominant_species", 2, {})
    _, foreign = ppo_checkpoint(tmp_path / "foreign.zip", "dominant_species", "evolution")
    with pytest.raises(ValueError, match="foreign.zip: its value head takes 2772 observations"):
        parse_value(f"value:ppo:{foreign}", "evolution", 2, {})
    _, score = ppo_checkpoint(tmp_path / "score.zip", reward="score")
    with pytest.raises(ValueError, match="score.zip: trained for 'score' rewards"):
        parse_value(f"value:ppo:{score}", "evolution", 2, {})
    for spec in ("value:ppo:", "value:net:", "value:nets:x"):
        with pytest.raises(ValueError, match="unknown value function"):
            parse_value(spec, "evolution", 2, {})


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    out = tmp_path_factory.mktemp("fit") / "v.npz"
    code = fit_main([str(out), "--game", "evolution", "--agents", "random,random", "--games",
                     "8", "--seed", "500", "--keep", "0.2", "--hidden", "16", "--epochs", "2",
                     "--heldout", "0.25"])
    assert code == 0
    return str(out)


def test_luck_fit_value_writes_a_net_with_its_seeds_and_heldout_error(fitted, capsys):
    net = load(fitted)
    assert net.meta["training_seeds"] == [500, 508]
    assert net.meta["agents"] == ["random", "random"]
    err = net.meta["heldout_mse"]
    assert err["positions"] > 0 and 0 <= err["net"] <= 1 and 0 <= err["constant"] <= 1
    assert not net.params[net.layers[-2, 0]:net.layers[-2, 1]].any()    # no policy: zeros
    value = parse_value(f"value:net:{fitted}", "evolution", 2, {})
    engine, states = some_states("evolution")
    vals = [value(s, 1) for s in states]
    assert vals == [value(s, 1) for s in states]                         # deterministic
    assert all(0 <= v <= 1 for v in vals)
    assert value(states[0], 0) + value(states[0], 1) == pytest.approx(1.0, abs=1e-9)
    assert net.meta["value_head"] == "pairwise"       # V_0 = sigmoid(g_0 - g_1)
    sig = [net(engine.observe(states[0], j))[1] for j in (0, 1)]
    g = [np.log(v / (1 - v)) for v in sig]
    assert value(states[0], 0) == pytest.approx(1 / (1 + np.exp(g[1] - g[0])), abs=1e-4)


def test_luck_fit_value_refuses_bad_arguments(tmp_path, capsys):
    out = str(tmp_path / "x.npz")
    assert fit_main([out, "--game", "evolution", "--agents", "random", "--games", "4"]) == 2
    assert "names 1 agents for 2 players" in capsys.readouterr().err
    assert fit_main([out, "--game", "evolution", "--agents", "random,random", "--games", "4",
                     "--heldout", "0"]) == 2
    assert not (tmp_path / "x.npz").exists()


def test_luck_net_value_refuses_overlapping_seeds_and_foreign_files(fitted, tmp_path):
    spec = f"value:net:{fitted}"
    overlapping = recorded_games("evolution", ["random", "random"], 2, 506)
    with pytest.raises(ValueError, match=r"v.npz was fitted on games of seeds 500..507.*506, 507"):
        evaluate(overlapping, spec)
    rows, summary = evaluate(recorded_games("evolution", ["random", "random"], 2, 508), spec)
    assert summary["value"] == spec and len(summary["value_sha256"]) == 16
    with pytest.raises(ValueError, match="a net for evolution, not dominant_species"):
        parse_value(spec, "dominant_species", 2, {})
    junk = tmp_path / "junk.npz"
    junk.write_text("junk")
    with pytest.raises(ValueError, match="junk.npz: not a policy/value net file"):
        parse_value(f"value:net:{junk}", "evolution", 2, {})
    wrong = load(fitted)
    rows = wrong.layers.copy()
    rows[0, 2] = 100                                   # a first layer of 100 inputs
    small = PolicyValueNet(np.zeros(rows[-1, 1] + 1, np.float32), rows, "evolution", 2,
                           {}, name="small")
    small.save(tmp_path / "small.npz")
    with pytest.raises(ValueError, match="small.npz: its value head takes 100 observations; "
                                         "evolution with 2 players has 4414"):
        parse_value(f"value:net:{tmp_path / 'small.npz'}", "evolution", 2, {})


def test_luck_net_value_result_names_it(fitted, tmp_path, capsys):
    from speciesgym.training.cli.app import main
    from speciesgym.training.records.record import save_record
    for i, rec in enumerate(recorded_games("evolution", ["random", "random"], 2, 900)):
        save_record(rec, tmp_path / f"{i}.json")
    out = tmp_path / "luck.json"
    assert main(["luck", str(tmp_path), "--luck", f"value:net:{fitted}", "--out", str(out),
                 "--decisions", "--samples", "3"]) == 0
    text = capsys.readouterr().out
    assert "variance ratio" in text and "decisions corrected for random" in text
    data = json.loads(out.read_text())
    assert data["summary"]["value"] == f"value:net:{fitted}"
    assert data["summary"]["value_sha256"] and data["summary"]["samples"] == 3
    for row in data["games"]:
        assert row["decision"] != 0.0
        assert row["adjusted"] == pytest.approx(row["plain"] - row["chance"] - row["decision"])
    assert main(["luck", str(tmp_path), "--luck", f"value:net:{fitted}", "--samples", "0"]) == 2
