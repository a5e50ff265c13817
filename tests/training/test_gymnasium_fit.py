"""The learner's env as generic Gymnasium and SB3 tools use it: both `check_env`s on the env
itself (illegal_action="penalize"), the penalty, and masks that are never all False inside
gymnasium's vector envs with the default NEXT_STEP autoreset (training.ppo.single_agent)."""
from functools import partial

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from speciesgym.training.ppo import single_agent
from speciesgym.training.ppo.single_agent import SingleAgentEnv

GAMES = ("evolution", "dominant_species")


@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")     # the observation Box is open
@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_passes_gymnasium_and_sb3_check_env_unwrapped(game):
    gymnasium_check_env(SingleAgentEnv(game, 2, seed=0, illegal_action="penalize"))
    sb3_check_env(SingleAgentEnv(game, 2, seed=0, illegal_action="penalize"), warn=True)


def test_penalize_pays_the_penalty_and_leaves_the_game_unchanged():
    env = SingleAgentEnv("evolution", 2, seed=1, illegal_action="penalize", illegal_penalty=0.25)
    obs, _ = env.reset()
    before, mask = env.state.copy(), env.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-0.25, False, False, {"illegal_action": True})
    assert env.state.tobytes() == before.tobytes()
    np.testing.assert_array_equal(again, obs)
    np.testing.assert_array_equal(env.action_masks(), mask)
    for bad in (-1, env.action_space.n, 1.5, None):      # not an action at all: still raises
        with pytest.raises(ValueError):
            env.step(bad)
    assert env.state.tobytes() == before.tobytes()
    _, reward, *_ = env.step(int(np.flatnonzero(mask)[0]))
    assert reward == 0.0 and env.state.tobytes() != before.tobytes()

    assert SingleAgentEnv("evolution", 2, illegal_action="penalize",
                          illegal_penalty=np.float32(2)).illegal_penalty == 2.0
    default = SingleAgentEnv("evolution", 2, seed=1, illegal_action="penalize")
    default.reset()
    assert default.step(illegal)[1] == -single_agent.ILLEGAL_PENALTY == -1.0
    assert SingleAgentEnv("evolution", 2).illegal_action == "raise"


def test_illegal_attempts_count_toward_max_decisions():
    env = SingleAgentEnv("evolution", 2, seed=1, illegal_action="penalize")
    env.reset()
    env.max_decisions = env.decisions + 3          # the opponents' moves count too
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    truncations = [env.step(illegal)[3] for _ in range(3)]
    assert truncations == [False, False, True]


def test_bad_illegal_action_options_are_named():
    with pytest.raises(ValueError, match="illegal_action.*'ignore'"):
        SingleAgentEnv("evolution", 2, illegal_action="ignore")
    for penalty in (-1.0, float("nan"), float("inf"), "1", None, True):
        with pytest.raises(ValueError, match="illegal_penalty"):
            SingleAgentEnv("evolution", 2, illegal_action="penalize", illegal_penalty=penalty)


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv])
def test_vector_env_masks_are_never_all_false_across_autoresets(vector):
    """Several episode ends per sub-env: the mask at a terminal observation is all True, and
    the action taken there (drawn from all actions, so mostly illegal in the next game) is
    ignored by the autoreset rather than raising."""
    makers = [partial(SingleAgentEnv, "evolution", 2, seat_offset=i, seed=i) for i in range(2)]
    envs = vector(makers)
    try:
        assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        envs.reset(seed=0)
        rng = np.random.default_rng(0)
        ended = np.zeros(2, bool)
        episodes = np.zeros(2, int)
        for _ in range(2000):
            masks = np.stack(envs.call("action_masks"))
            assert masks.dtype == bool and masks.any(axis=1).all()
            assert masks[ended].all()
            assert not masks[~ended].all(axis=1).any()       # a live game has a real mask
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            _, rewards, terminated, truncated, _ = envs.step(actions)
            assert not truncated.any()
            assert (rewards[ended] == 0).all()                 # the reset step pays nothing
            ended = terminated | truncated
            episodes += terminated
            if episodes.min() >= 3:
                break
        assert episodes.min() >= 3
    finally:
        envs.close()
