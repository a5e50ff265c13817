"""A MaskablePPO checkpoint packed as a policy/value net (training.exit.from_ppo): the net's
logits are the actor's, so the net alone chooses as PPOAgent does; its value rises with the
critic's; stacks that cannot share a trunk are refused by name; the packed net guides the
search like any other."""
import numpy as np
import pytest
import torch
from torch import nn

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.ppo_agent import PPOAgent
from speciesgym.agents.runner import play_match
from speciesgym.training.exit.from_ppo import VALUE_SCALE, ppo_net
from tests.training.test_compiled_ppo_opponent import TIE, checkpoint, model_for, positions


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_the_packed_net_chooses_as_the_checkpoint_and_its_value_follows_the_critic(game,
                                                                                    tmp_path):
    model = model_for(game, net=(32, 24))
    path = checkpoint(model, game, tmp_path / "m.zip")
    net = ppo_net(path, game, 2)
    ppo = PPOAgent.load(path, game, 2)
    net_agent = NetAgent(net, game, 2)
    obs, masks = positions(game, n_games=3, length=60)
    with torch.no_grad():
        t_obs = torch.as_tensor(obs)
        features = model.policy.extract_features(t_obs)
        latent_pi, latent_vf = model.policy.mlp_extractor(features)
        want_logits = model.policy.action_net(latent_pi).numpy()
        want_value = model.policy.value_net(latent_vf).numpy()[:, 0]
    near_ties = 0
    for o, m, wl, wv in zip(obs, masks, want_logits, want_value):
        logits, value = net(o)
        np.testing.assert_allclose(logits, wl, atol=1e-3)
        assert value == pytest.approx(1 / (1 + np.exp(-VALUE_SCALE * wv)), abs=1e-4)
        top = np.sort(wl[m])[-2:]
        if top.size > 1 and top[1] - top[0] < TIE:
            near_ties += 1
            continue
        assert net_agent.act(o, m.astype(np.int8)) == ppo.act(o, m.astype(np.int8))
    assert near_ties < len(obs) // 10


def test_actor_and_critic_of_different_depths_are_refused_by_name(tmp_path):
    from sb3_contrib import MaskablePPO
    from speciesgym.training.ppo.batched_env import BatchedEnv
    model = MaskablePPO("MlpPolicy", BatchedEnv("evolution", 2, 1, seed=0), device="cpu",
                        policy_kwargs={"net_arch": {"pi": [16, 16], "vf": [16]},
                                       "activation_fn": nn.Tanh})
    path = checkpoint(model, "evolution", tmp_path / "uneven.zip")
    with pytest.raises(ValueError, match="uneven.zip: the actor and the critic"):
        ppo_net(path, "evolution", 2)


def test_a_packed_net_guides_the_search(tmp_path):
    path = checkpoint(model_for("evolution", net=(16, 16)), "evolution", tmp_path / "m.zip")
    net_file = tmp_path / "ppo.npz"
    ppo_net(path, "evolution", 2).save(net_file)
    search = from_spec(f"search:8:net={net_file}", "evolution", 2, seed=1)
    res = play_match("evolution", 2, [search, from_spec("random", "evolution", 2, seed=2)], 2,
                     seed=3)
    assert res.games == 2 and sum(res.wins) == pytest.approx(2)


def test_a_checkpoint_ships_as_a_zoo_net_that_plays_as_it(tmp_path, monkeypatch):
    from speciesgym.agents.net import mlp
    from speciesgym.training.exit import ship
    model = model_for("dominant_species", net=(16, 16))
    path = checkpoint(model, "dominant_species", tmp_path / "m.zip")
    monkeypatch.setattr(mlp, "zoo_dir", lambda: tmp_path / "zoo")
    monkeypatch.setattr(ship, "zoo_dir", lambda: tmp_path / "zoo")
    lines = ship.ship_ppo(path, "dominant_species-2p", ["random"], "speciesgym train X", games=2)
    assert len(lines) == 1 and "of 2 games" in lines[0]
    shipped = from_spec("zoo:dominant_species-2p", "dominant_species", 2)
    assert shipped.net.meta["command"] == "speciesgym train X"
    ppo = PPOAgent.load(path, "dominant_species", 2)
    obs, masks = positions("dominant_species", n_games=1, length=40)
    same = [shipped.act(o, m.astype(np.int8)) == ppo.act(o, m.astype(np.int8))
            for o, m in zip(obs, masks)]
    assert sum(same) >= len(same) - 1


def test_a_checkpoint_of_other_game_options_is_not_shipped(tmp_path):
    from speciesgym.training.exit import ship
    path = checkpoint(model_for("evolution", net=(8, 8)), "evolution", tmp_path / "f.zip",
                      options={"flight": False})
    with pytest.raises(ValueError, match="f.zip: trained with game options"):
        ship.ship_ppo(path, "evolution-2p", ["random"], "x", games=2)


def test_the_pack_command_writes_a_net_a_second_stage_can_start_from(tmp_path, capsys):
    from speciesgym.agents.net.mlp import load
    from speciesgym.training.exit import from_ppo
    from speciesgym.training.ppo.from_net import stacks
    path = checkpoint(model_for("dominant_species", net=(16, 12)), "dominant_species",
                      tmp_path / "m.zip")
    from_ppo.main([str(path), str(tmp_path / "m.npz")])
    assert "dominant_species, 2 players" in capsys.readouterr().out
    net = load(tmp_path / "m.npz")
    assert stacks(net)[:2] == ([16, 12], [16, 12])
    obs, _ = positions("dominant_species", n_games=1, length=20)
    want = ppo_net(path, "dominant_species", 2)
    for o in obs:
        np.testing.assert_allclose(net(o)[0], want(o)[0], atol=1e-6)


@pytest.mark.parametrize("bad, message", [("m.zip out.pt", "must end in .npz"),
                                          ("nothing.zip out.npz", "no such file")])
def test_the_pack_command_refuses_bad_input_by_name_and_writes_nothing(bad, message, tmp_path,
                                                                        capsys):
    from speciesgym.training.exit import from_ppo
    checkpoint(model_for("evolution", net=(8, 8)), "evolution", tmp_path / "m.zip")
    src, out = (str(tmp_path / p) for p in bad.split())
    with pytest.raises(SystemExit) as stop:
        from_ppo.main([src, out])
    assert stop.value.code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / bad.split()[1]).exists()


def test_several_checkpoints_pack_into_the_mean_of_their_weights(tmp_path, capsys):
    """from_ppo A B OUT: the weights' mean, which plays and loads like any packed net; a
    checkpoint of other layers is refused by name and nothing is written."""
    from speciesgym.agents.net.mlp import load
    from speciesgym.training.exit import from_ppo
    paths = [str(checkpoint(model_for("dominant_species", net=(16, 12), seed=s),
                            "dominant_species", tmp_path / f"m{s}.zip")) for s in (1, 2)]
    from_ppo.main(paths + [str(tmp_path / "mean.npz")])
    assert "the mean of 2 checkpoints" in capsys.readouterr().out
    mean = load(tmp_path / "mean.npz")
    a, b = (ppo_net(p, "dominant_species", 2) for p in paths)
    assert not np.allclose(a.params, b.params)
    np.testing.assert_allclose(mean.params, (a.params + b.params) / 2, atol=1e-6)
    assert mean.meta["averaged"] == paths
    other = str(checkpoint(model_for("dominant_species", net=(8, 8)), "dominant_species",
                           tmp_path / "small.zip"))
    with pytest.raises(SystemExit) as stop:
        from_ppo.main([paths[0], other, str(tmp_path / "bad.npz")])
    assert stop.value.code == 2 and "small.zip: cannot be averaged" in capsys.readouterr().err
    assert not (tmp_path / "bad.npz").exists()
