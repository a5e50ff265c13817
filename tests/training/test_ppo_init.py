"""A PPO run that starts from a shipped net (`train --init`, training.ppo.from_net): the packing
of training.exit.from_ppo reverses exactly (the new policy's logits and critic are the
checkpoint's), the run takes the net's widths, and nets that cannot be split, do not fit the
game or come with --pretrain are refused by name."""
import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

from speciesgym.agents.net.mlp import load, untrained
from speciesgym.training.exit.from_ppo import ppo_net
from speciesgym.training.ppo.args import args_from_namespace
from speciesgym.training.ppo.from_net import LAYOUT, activation_fn, load_into, stacks
from speciesgym.training.ppo.train import train
from tests.training.test_compiled_ppo_opponent import checkpoint, model_for, positions
from tests.training.test_train import tiny


def outputs(policy, obs):
    with torch.no_grad():
        latent_pi, latent_vf = policy.mlp_extractor(policy.extract_features(torch.as_tensor(obs)))
        return policy.action_net(latent_pi).numpy(), policy.value_net(latent_vf).numpy()


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("init")
    model = model_for("dominant_species", net=(24, 16))
    with torch.no_grad():       # a critic of its own, so a swap of the stacks would show
        for p in model.policy.mlp_extractor.value_net.parameters():
            p.normal_(0.0, 0.3)
    path = checkpoint(model, "dominant_species", tmp / "m.zip")
    net = ppo_net(path, "dominant_species", 2)
    net.save(tmp / "packed.npz")
    return model, tmp / "packed.npz"


def test_unpacking_gives_back_the_checkpoints_actor_and_critic(packed):
    model, file = packed
    net = load(file)
    assert stacks(net) == ([24, 16], [24, 16], 1)
    fresh = MaskablePPO("MlpPolicy", model.env, seed=5, device="cpu",
                        policy_kwargs={"net_arch": {"pi": [24, 16], "vf": [24, 16]},
                                       "activation_fn": activation_fn(1)})
    obs, _ = positions("dominant_species", n_games=2, length=40)
    before, _ = outputs(fresh.policy, obs)
    load_into(fresh.policy, net)
    want_logits, want_value = outputs(model.policy, obs)
    got_logits, got_value = outputs(fresh.policy, obs)
    assert not np.allclose(before, want_logits, atol=1e-2)
    np.testing.assert_allclose(got_logits, want_logits, atol=1e-4)
    np.testing.assert_allclose(got_value, want_value, atol=1e-5)


def test_a_net_not_packed_from_ppo_or_trained_after_packing_is_refused(packed):
    _, file = packed
    with pytest.raises(ValueError, match="untrained-evolution: not packed from a PPO"):
        stacks(untrained("evolution", 2, 10, 5))
    net = load(file)
    w0 = int(net.layers[1, 0])
    net.params[w0 + 1 * 32 + 20] = 0.5      # input 1 (actor) -> output 20 (critic); 32 outputs
    with pytest.raises(ValueError, match="trunk layer 1 mixes"):
        stacks(net)
    net = load(file)
    net.meta[LAYOUT]["actor"] = [16, 24]
    with pytest.raises(ValueError, match="not the actor's"):
        stacks(net)


def test_a_run_starts_from_the_net_with_its_widths(packed, tmp_path):
    model, file = packed
    train(tiny(tmp_path, game="dominant_species", name="init", init=str(file), timesteps=128, net="256,256",
               learning_rate=1e-12, eval_every=0, baselines="random"))
    final = MaskablePPO.load(tmp_path / "init" / "final.zip", device="cpu")
    assert final.policy.net_arch == {"pi": [24, 16], "vf": [24, 16]}
    obs, _ = positions("dominant_species", n_games=1, length=30, seed=3)
    np.testing.assert_allclose(outputs(final.policy, obs)[0], outputs(model.policy, obs)[0],
                               atol=1e-3)


def test_init_refuses_pretrain_other_widths_and_another_game(packed, tmp_path):
    _, file = packed
    with pytest.raises(ValueError, match="give one of them"):
        train(tiny(tmp_path, game="dominant_species", init=str(file),
                   pretrain="heuristic:spreader"))
    with pytest.raises(ValueError, match="--net 32,32 --vf-net 32,32 differ"):
        train(tiny(tmp_path, game="dominant_species", init=str(file)))
    with pytest.raises(ValueError, match="a net for dominant_species"):
        train(tiny(tmp_path, game="evolution", init=str(file), net="256,256"))
    assert not (tmp_path / "dominant_species-2p-seed0").exists()


def test_init_replaces_the_recipes_widths_and_cloning():
    from argparse import Namespace
    args = args_from_namespace(Namespace(game="dominant_species", recipe="auto",
                                         init="zoo:evolution-2p"))
    assert args.pretrain == "" and args.init == "zoo:evolution-2p"
    assert args.learning_rate == 1e-4            # the recipe's other settings stay


def test_the_shipped_ppo_nets_can_start_a_run():
    for name in ("zoo:evolution-2p", "zoo:evolution-4p"):
        assert stacks(load(name)) == ([128, 128], [128, 128], 1)
