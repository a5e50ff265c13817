"""Self-play opponents as a compiled forward pass (agents.ppo_compiled): the same choices as
PPOAgent's torch pass except on near-ties, only legal actions, moved inside the batched env's
compiled step with the per-game env's games, and a checkpoint that does not fit is named."""
import numpy as np
import pytest
from sb3_contrib import MaskablePPO
from torch import nn

import speciesgym.training.ppo.batched_opponents as batched_opponents
from speciesgym.agents.ppo_agent import PPOAgent, write_checkpoint
from speciesgym.agents.ppo_compiled import CompiledPPOAgent, pack_policy
from speciesgym.training.ppo import batched_kernels as K
from speciesgym.training.ppo.batched_env import BatchedEnv
from speciesgym.training.ppo.single_agent import OpponentPool, make_game_engine

from tests.training.test_batched_env import play_both

GAMES = ["evolution", "dominant_species"]
TIE = 1e-4        # torch's top two legal logits closer than this may be ordered either way


def model_for(game, seed=0, net=(64, 64), activation=nn.Tanh, spread=30.0):
    """A fresh MaskablePPO of `game` whose action layer is scaled up by `spread`, so its
    logits differ as a trained policy's do (a fresh one's are all near 0)."""
    model = MaskablePPO("MlpPolicy", BatchedEnv(game, 2, 1, seed=0), seed=seed, device="cpu",
                        policy_kwargs={"net_arch": {"pi": list(net), "vf": list(net)},
                                       "activation_fn": activation})
    with __import__("torch").no_grad():
        model.policy.action_net.weight.mul_(spread)
    return model


def checkpoint(model, game, path, **meta):
    engine = make_game_engine(game, 2)
    write_checkpoint(model, path, dict({"game": game, "num_players": 2, "options": {},
                                        "obs_size": engine.obs_size,
                                        "num_actions": engine.num_actions}, **meta))
    return str(path)


def positions(game, n_games=12, length=150, seed=0):
    """(observations float32, masks bool) of the seats to move in random games."""
    engine = make_game_engine(game, 2)
    rng = np.random.default_rng(seed)
    obs, masks = [], []
    for g in range(n_games):
        state = engine.new_state(seed * 1000 + g)
        for _ in range(length):
            seat = engine.to_move(state)
            if seat < 0:
                break
            mask = engine.legal_mask(state)
            obs.append(engine.observe(state, seat))
            masks.append(mask.astype(bool))
            engine.apply(state, int(rng.choice(np.flatnonzero(mask))))
    return np.array(obs, np.float32), np.array(masks)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("activation", [nn.Tanh, nn.ReLU])
def test_the_compiled_pass_chooses_as_torch_except_on_near_ties(game, activation):
    model = model_for(game, activation=activation)
    obs, masks = positions(game)
    torch_agent, compiled = PPOAgent.from_model(model), CompiledPPOAgent(model.policy)
    logits = np.where(masks, torch_agent._logits(obs), -np.inf)
    top2 = np.sort(logits, axis=1)[:, -2:]
    gap = np.where(masks.sum(axis=1) > 1, top2[:, 1] - top2[:, 0], np.inf)
    expected, got = logits.argmax(axis=1), compiled.act_batch(obs, masks)
    differ = expected != got
    assert len(obs) > 1000 and (masks.sum(axis=1) > 1).sum() > 500
    assert not (differ & (gap >= TIE)).any(), np.flatnonzero(differ & (gap >= TIE))
    # near-ties are rare (3-17 of 1800 positions here), disagreements rarer (none seen)
    assert differ.sum() <= len(obs) // 200 and (gap < TIE).sum() <= len(obs) // 30
    assert all(compiled.act(o, m) == a for o, m, a in zip(obs[:50], masks[:50], got[:50]))


@pytest.mark.parametrize("game", GAMES)
def test_only_legal_actions_even_where_an_illegal_one_scores_best(game):
    model = model_for(game, net=(32,))
    with __import__("torch").no_grad():
        model.policy.action_net.bias[:] = -100.0
        model.policy.action_net.bias[0] = 100.0         # action 0 is always the best logit
    agent = CompiledPPOAgent(model.policy)
    obs, masks = positions(game, n_games=4, length=60)
    rng = np.random.default_rng(1)
    sub = masks & (rng.random(masks.shape) < 0.5)       # a random part of each legal set
    sub[~sub.any(axis=1), 1] = True
    sub[:, 0] = False
    for m in (masks, sub):
        acts = agent.act_batch(obs, m)
        assert m[np.arange(len(m)), acts].all()
    one = np.zeros_like(masks[:1])
    one[0, 7] = True
    assert agent.act(obs[0], one[0]) == 7
    with pytest.raises(ValueError, match="empty action mask"):
        agent.act(obs[0], np.zeros_like(masks[0]))


@pytest.mark.parametrize("game", GAMES)
def test_the_batched_env_plays_the_per_game_envs_games_against_checkpoints(game, tmp_path,
                                                                           monkeypatch):
    """Three checkpoints and greedy in the pool, a net table holding two nets (so nets are
    dropped and renumbered as games start): the same games as the per-game env, and no PPO
    opponent ever leaves the compiled step."""
    specs = [f"ppo:{checkpoint(model_for(game, seed=s), game, tmp_path / f'{s}.zip')}"
             for s in range(3)] + ["greedy"]
    outside = []
    external = batched_opponents.external_actions
    monkeypatch.setattr("speciesgym.training.ppo.batched_env.external_actions",
                        lambda env, games, seats: outside.append(len(games))
                        or external(env, games, seats))
    original, envs = BatchedEnv.__init__, []

    def small_table(self, *args, **kw):
        original(self, *args, **kw)
        self.nets.cap = 2
        envs.append(self)
    monkeypatch.setattr(BatchedEnv, "__init__", small_table)
    episodes = play_both(game, 2, specs, {"evolution": 300, "dominant_species": 1000}[game], n=4)
    assert episodes >= 3 and not outside
    assert envs[0].nets.version >= 3           # nets were dropped and packed again


def test_pool_checkpoints_are_compiled_and_move_inside_the_compiled_step(tmp_path):
    path = checkpoint(model_for("dominant_species"), "dominant_species", tmp_path / "c.zip")
    pool = OpponentPool("dominant_species", 2, [f"ppo:{path}"])
    assert isinstance(pool.agent(f"ppo:{path}", 0), CompiledPPOAgent)
    env = BatchedEnv("dominant_species", 2, 3, [f"ppo:{path}"], seed=0)
    env.reset()
    assert (env.kinds[np.arange(3), 1 - env.seats] == K.NET).all()
    assert len(env.nets.agents) == 1


def test_a_checkpoint_that_does_not_fit_the_game_is_named(tmp_path):
    wrong_meta = checkpoint(model_for("evolution"), "evolution", tmp_path / "meta.zip",
                            obs_size=123)
    with pytest.raises(ValueError, match="meta.zip.* expects 123 observations"):
        BatchedEnv("evolution", 2, 2, [f"ppo:{wrong_meta}"], seed=0)
    # a Dominant Species network under Evolution's metadata: the network's sizes are checked
    foreign = checkpoint(model_for("dominant_species"), "evolution", tmp_path / "foreign.zip")
    with pytest.raises(ValueError, match="foreign.zip: its network takes 2772 observations"):
        BatchedEnv("evolution", 2, 2, [f"ppo:{foreign}"], seed=0)
    assert PPOAgent.load(foreign, "evolution", 2).name.endswith("foreign.zip")  # torch: as before


def test_a_policy_with_another_layer_is_refused():
    model = model_for("evolution", activation=nn.Sigmoid)
    with pytest.raises(ValueError, match="layer Sigmoid of the policy cannot be compiled"):
        pack_policy(model.policy, "sig")
