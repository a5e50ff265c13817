"""The single-agent view: gymnasium checks, masks equal to the engine's, seat rotation,
the learner's own reward, illegal actions, and opponents that see only their own seat."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import env_checker

from speciesgym.agents import Agent, RandomAgent
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.training.ppo.single_agent import OpponentPool, SingleAgentEnv

GAMES = ("evolution", "dominant_species")


class LegalActions(gym.ActionWrapper):
    """Test-only: maps any sampled action onto a legal one, so that gymnasium's checker,
    which steps with `action_space.sample()`, can drive an env that rejects illegal moves."""

    def action(self, action):
        legal = np.flatnonzero(self.env.unwrapped.action_masks())
        return int(legal[int(action) % legal.size])


@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")     # the observation Box is open
@pytest.mark.filterwarnings("ignore:.*different from the unwrapped:UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_passes_gymnasium_env_checker(game):
    env = SingleAgentEnv(game, 2, seed=0)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    env_checker.check_space_limit(env.observation_space, "observation")
    env_checker.check_env(LegalActions(SingleAgentEnv(game, 2, seed=0)), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_masks_match_the_engine_and_reward_is_the_learners(game, players):
    env = SingleAgentEnv(game, players, reward="rank", seed=players)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    steps = 0
    while True:
        assert env.engine.to_move(env.state) == env.seat == info.get("seat", env.seat)
        mask = env.action_masks()
        assert mask.dtype == bool
        np.testing.assert_array_equal(mask, env.engine.legal_mask(env.state).astype(bool))
        np.testing.assert_array_equal(obs, env.engine.observe(env.state, env.seat))
        assert obs.dtype == np.float32 and env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if terminated:
            break
        assert reward == 0.0 and not truncated
    scores, winners, key = env.engine.final(env.state)
    assert reward == pytest.approx(final_rewards("rank", scores, winners, key)[env.seat])
    assert info["score"] == scores[env.seat]
    assert env.action_masks().all()           # game over: any action, none applied
    assert steps > 20


def test_illegal_action_raises_and_changes_nothing():
    env = SingleAgentEnv("evolution", 2, seed=1)
    env.reset()
    before = env.state.copy()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    for bad in (illegal, -1, env.action_space.n, 1.5, None):
        with pytest.raises(ValueError):
            env.step(bad)
    assert env.state.tobytes() == before.tobytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_rotates_between_episodes(players):
    env = SingleAgentEnv("dominant_species", players, seed=0)
    seats = [env.reset()[1]["seat"] for _ in range(2 * players)]
    assert seats == [k % players for k in range(2 * players)]
    shifted = SingleAgentEnv("dominant_species", players, seat_offset=1, seed=0)
    assert shifted.reset()[1]["seat"] == 1 % players
    assert SingleAgentEnv("evolution", players, seat=players - 1).reset()[1]["seat"] == players - 1


class Spy(Agent):
    """Records what it is given and checks it against its own seat's view of the real state."""

    def __init__(self, env, wants_infoset=False):
        self.env, self.wants_infoset, self.seat, self.calls = env, wants_infoset, None, 0
        self.rng = np.random.default_rng(0)

    def reset(self, seat=None, num_players=None):
        self.seat = seat

    def act(self, observation, action_mask, infoset=None):
        env = self.env
        assert self.seat != env.seat and env.engine.to_move(env.state) == self.seat
        np.testing.assert_array_equal(observation, env.engine.observe(env.state, self.seat))
        np.testing.assert_array_equal(action_mask, env.engine.legal_mask(env.state))
        if self.wants_infoset:
            assert infoset is not None and infoset.seat == self.seat
        else:
            assert infoset is None
        self.calls += 1
        return int(self.rng.choice(np.flatnonzero(action_mask)))


@pytest.mark.parametrize("game", GAMES)
def test_opponents_receive_only_their_own_observation(game):
    env = SingleAgentEnv(game, 3, seed=4)
    spies = [Spy(env), Spy(env)]
    env.pool.draw = lambda rng, n: [("spy", s) for s in spies]
    rng = np.random.default_rng(1)
    for _ in range(2):
        env.reset()
        done = False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert all(s.calls > 10 for s in spies)
    assert {s.seat for s in spies} | {env.seat} == {0, 1, 2}


def test_search_opponents_get_an_infoset_of_their_own_seat():
    pytest.importorskip("speciesgym.agents.infoset")
    env = SingleAgentEnv("evolution", 2, seed=5)
    spy = Spy(env, wants_infoset=True)
    env.pool.draw = lambda rng, n: [("spy", spy)]
    env.reset()
    while True:
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if done or spy.calls > 30:
            break
    assert spy.calls > 0


def test_same_seed_same_episodes_and_pool_mix():
    def transcript(seed):
        env = SingleAgentEnv("dominant_species", 2, opponents=["random", "random"],
                             weights=[1, 3], seed=seed)
        out = []
        for _ in range(2):
            obs, info = env.reset()
            out.append((info["seat"], obs.tobytes()))
            for _ in range(30):
                obs, *_ = env.step(int(np.flatnonzero(env.action_masks())[-1]))
            out.append(obs.tobytes())
        return out
    assert transcript(3) == transcript(3)
    assert transcript(3) != transcript(4)


def test_bad_pool_input_is_named():
    with pytest.raises(ValueError, match="nosuch"):
        SingleAgentEnv("evolution", 2, opponents=["nosuch"])
    with pytest.raises(ValueError, match="at least one"):
        OpponentPool("evolution", 2, [])
    with pytest.raises(ValueError, match="weights"):
        OpponentPool("evolution", 2, ["random"], [1, 2])
    with pytest.raises(ValueError, match="chess"):
        SingleAgentEnv("chess", 2)
    with pytest.raises(ValueError, match="reward"):
        SingleAgentEnv("evolution", 2, reward="money")
    with pytest.raises(ValueError, match="flavour"):
        SingleAgentEnv("evolution", 2, options={"flavour": 1})


def test_works_under_vec_envs_with_maskable_ppo_masks():
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
    makers = [lambda i=i: SingleAgentEnv("evolution", 2, seat_offset=i, seed=i) for i in range(2)]
    for venv in (DummyVecEnv(makers), SubprocVecEnv(makers, start_method="spawn")):
        try:
            venv.reset()
            for _ in range(5):
                masks = get_action_masks(venv)
                assert masks.shape == (2, venv.action_space.n) and masks.any(axis=1).all()
                venv.step(masks.argmax(axis=1))
        finally:
            venv.close()


@pytest.mark.parametrize("game", GAMES)
def test_shaping_sums_to_the_final_margin(game):
    from speciesgym.training.ppo.single_agent import SCORE_SCALE
    env = SingleAgentEnv(game, 3, shaping=0.5, seed=2)
    env.reset()
    opening = env._score_margin()
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        _, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
    scores, winners, key = env.engine.final(env.state)
    margin = (scores[env.seat] - (scores.sum() - scores[env.seat]) / 2) / SCORE_SCALE[game]
    expected = final_rewards("win", scores, winners, key)[env.seat] + 0.5 * (margin - opening)
    assert total == pytest.approx(expected)


def test_set_opponents_leaves_the_game_in_progress_alone():
    """A new pool (training sets one at every checkpoint) takes effect at the next reset; the
    opponents of the running game keep their generators."""
    envs = [SingleAgentEnv("evolution", 2, ["random"], seed=4) for _ in range(2)]
    for env in envs:
        env.reset()
    envs[1].set_opponents(["random", "heuristic:grazer"])
    done = False
    while not done:
        action = int(np.flatnonzero(envs[0].action_masks())[0])
        (obs0, _, done, _, _), (obs1, _, _, _, _) = (env.step(action) for env in envs)
        np.testing.assert_array_equal(obs0, obs1)
