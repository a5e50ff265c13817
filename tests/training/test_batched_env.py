"""The batched training env plays the same games as the per-game stack (SingleAgentEnv in
SB3's DummyVecEnv) for the same seeds and opponents; illegal actions change nothing."""
import numpy as np
import pytest
from stable_baselines3.common.vec_env import DummyVecEnv

import speciesgym.training.ppo.single_agent as single_agent
from speciesgym.agents.compiled import CompiledPolicyAgent
from speciesgym.training.ppo.batched_env import BatchedEnv
from speciesgym.training.ppo.single_agent import SingleAgentEnv

STEPS = {"evolution": 300, "dominant_species": 800}    # a few games per env of the batch
# a heuristic the batched env moves in Python at every decision (heuristic:* with a compiled
# twin ask Python only on ties; the class named by a py: spec always moves in Python)
PYTHON_HEURISTIC = {"evolution": "py:speciesgym.agents.evolution_heuristics.GrazerAgent",
                    "dominant_species": "py:speciesgym.agents.ds_heuristics.SpreaderAgent"}


@pytest.fixture
def compiled_random(monkeypatch):
    """In the per-game env, spec "random" becomes the compiled uniform policy that the
    batched env moves in compiled code (RandomAgent draws from numpy's generator instead,
    so its games cannot be the batched env's)."""
    original = single_agent.agent_from_spec

    def from_spec(spec, game, num_players, seed=None):
        if spec == "random":
            return CompiledPolicyAgent(game, "random", seed=seed)
        return original(spec, game, num_players, seed=seed)
    monkeypatch.setattr(single_agent, "agent_from_spec", from_spec)


def per_game_stack(game, players, n, specs, seed, **kw):
    makers = [lambda i=i: SingleAgentEnv(game, players, specs, seat_offset=i, seed=seed + i, **kw)
              for i in range(n)]
    venv = DummyVecEnv(makers)
    venv.seed(seed)
    return venv


def assert_same_infos(a, b):
    for x, y in zip(a, b):
        assert set(x) == set(y)
        for key in x:
            if key == "terminal_observation":
                np.testing.assert_array_equal(x[key], y[key])
            else:
                assert x[key] == y[key], key


def play_both(game, players, specs, steps, seed=3, n=3, **kw):
    """Step both stacks with the same random legal actions; compare everything returned."""
    ref = per_game_stack(game, players, n, specs, seed, **kw)
    batched = BatchedEnv(game, players, n, specs, seed=seed, **kw)
    batched.seed(seed)
    np.testing.assert_array_equal(ref.reset(), batched.reset())
    assert ref.reset_infos == batched.reset_infos
    rng = np.random.default_rng(seed)
    episodes = 0
    for _ in range(steps):
        mask = np.stack(ref.env_method("action_masks"))
        np.testing.assert_array_equal(mask, np.stack(batched.env_method("action_masks")))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        obs, rew, done, info = ref.step(actions)
        obs2, rew2, done2, info2 = batched.step(actions)
        np.testing.assert_array_equal(obs, obs2)
        np.testing.assert_array_equal(rew, rew2)
        np.testing.assert_array_equal(done, done2)
        assert_same_infos(info, info2)
        episodes += int(done.sum())
    return episodes


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_same_games_against_compiled_random_and_greedy(game, compiled_random):
    episodes = play_both(game, 2, ["random", "greedy"], STEPS[game], shaping=2.0)
    assert episodes >= 3          # games ended and reset in the run


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_same_games_with_three_players_and_a_python_heuristic(game, compiled_random):
    episodes = play_both(game, 3, ["random", "greedy", PYTHON_HEURISTIC[game]], STEPS[game],
                         reward="rank", n=2)
    assert episodes >= 2


@pytest.mark.parametrize("game, players, options, specs, cls", [
    ("dominant_species", 4, {}, ["heuristic:dominator", "heuristic:spreader"],
     "speciesgym.agents.ds_heuristics.DSHeuristic"),
    ("evolution", 2, {"flight": True}, ["heuristic:grazer", "heuristic:hunter",
                                        "heuristic:flyer"],
     "speciesgym.agents.evolution_heuristics.EvolutionHeuristic"),
    ("evolution", 4, {"flight": False}, ["heuristic:grazer", "heuristic:hunter",
                                         "heuristic:flyer"],
     "speciesgym.agents.evolution_heuristics.EvolutionHeuristic")])
def test_same_games_against_the_compiled_heuristics(monkeypatch, game, players, options, specs,
                                                    cls):
    """The heuristics with a compiled twin (Dominant Species: agents.search.ds_heur_scores;
    Evolution: agents.evolution_compiled) move in the batched env's compiled step, asking
    their Python agent only on a tie: the same games as the per-game env, where every one of
    their decisions is a Python call."""
    import importlib
    module, name = cls.rsplit(".", 1)
    klass = getattr(importlib.import_module(module), name)
    calls = []
    act = klass.act
    monkeypatch.setattr(klass, "act", lambda self, obs, mask, infoset=None:
                        calls.append(1) or act(self, obs, mask))
    steps = 300
    episodes = play_both(game, players, specs, steps, n=2, options=options)
    both = len(calls)
    calls.clear()
    env = BatchedEnv(game, players, 2, specs, seed=3, options=options)  # play_both's games
    env.seed(3)
    env.reset()
    rng = np.random.default_rng(3)
    for _ in range(steps):
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()]))
    batched = len(calls)
    assert episodes >= 1 and batched < (both - batched) / 3


def test_illegal_action_raises_names_the_game_and_changes_nothing():
    env = BatchedEnv("evolution", 2, 3, ["random"], seed=0)
    env.reset()
    before = env.states.tobytes(), env.obs.copy(), env.masks.copy()
    legal = np.array([np.flatnonzero(m)[0] for m in env.action_masks()])
    illegal = int(np.flatnonzero(~env.action_masks()[1])[0])
    for bad, words in ((illegal, "game 1 .*illegal action"), (-1, "outside"),
                       (env.action_space.n, "outside")):
        actions = legal.copy()
        actions[1] = bad
        with pytest.raises(ValueError, match=words):
            env.step(actions)
    for bad in (legal.astype(float), legal[:2]):
        with pytest.raises(ValueError, match="integer action indices"):
            env.step(bad)
    assert env.states.tobytes() == before[0]
    np.testing.assert_array_equal(env.obs, before[1])
    np.testing.assert_array_equal(env.masks, before[2])
    env.step(legal)                       # and the env still works
    assert env.states.tobytes() != before[0]


def test_masks_are_the_engines_and_seats_rotate():
    env = BatchedEnv("dominant_species", 3, 2, ["greedy"], seed=5)
    env.reset()
    seats = [[], []]
    for _ in range(600):
        for i in range(2):
            view = env.states[i:i + 1]
            assert env.engine.to_move(view) == env.seats[i]
            np.testing.assert_array_equal(env.action_masks()[i],
                                          env.engine.legal_mask(view).astype(bool))
            np.testing.assert_array_equal(env.obs[i], env.engine.observe(view, env.seats[i]))
        _, _, done, info = env.step(np.array([np.flatnonzero(m)[-1] for m in env.action_masks()]))
        for i in np.flatnonzero(done):
            seats[i].append(info[i]["seat"])
    assert seats[0][:3] == [0, 1, 2][:len(seats[0][:3])] and len(seats[0]) >= 2
    assert seats[1][:2] == [1, 2][:len(seats[1][:2])]


def test_a_training_run_is_the_same_with_either_vec_env(tmp_path):
    """Greedy baselines and self-play against the run's own checkpoints (PPO opponents,
    moved by one forward pass per checkpoint): --vec batched trains the same weights and
    evaluates the same as --vec dummy."""
    from speciesgym.agents.ppo_agent import PPOAgent
    from speciesgym.training.ppo.train import Args, train
    for vec in ("dummy", "batched"):
        train(Args(game="evolution", players=2, envs=3, n_steps=64, batch_size=64, n_epochs=1,
                   net="32,32", timesteps=576, checkpoint_every=192, eval_every=0,
                   eval_games=2, baselines="greedy", self_play=0.6, pool_size=2,
                   progress=False, runs_dir=str(tmp_path), name=vec, vec=vec))
    weights = [PPOAgent.load(tmp_path / vec / "final.zip", "evolution", 2).policy.state_dict()
               for vec in ("dummy", "batched")]
    assert all((weights[0][k] == weights[1][k]).all() for k in weights[0])


def test_torch_ppo_opponents_act_in_one_forward_pass(tmp_path, monkeypatch):
    """A PPOAgent that is not compiled (the pool's checkpoints are, and move inside the
    compiled step: tests/training/test_compiled_ppo_opponent.py) acts for every game waiting
    on it in one torch pass."""
    from speciesgym.agents.ppo_agent import PPOAgent
    from speciesgym.training.ppo.train import Args, train
    train(Args(game="dominant_species", players=2, envs=2, n_steps=64, batch_size=64,
               n_epochs=1, net="32,32", timesteps=128, checkpoint_every=128, eval_every=0,
               eval_games=1, baselines="random", progress=False, runs_dir=str(tmp_path),
               name="p", vec="batched"))
    spec = f"ppo:{tmp_path / 'p' / 'final.zip'}"
    monkeypatch.setattr(single_agent, "compiled_ppo", lambda agent: agent)
    rows = []
    logits = PPOAgent._logits
    monkeypatch.setattr(PPOAgent, "_logits", lambda self, obs: rows.append(len(obs))
                        or logits(self, obs))
    env = BatchedEnv("dominant_species", 2, 6, [spec], seed=1)
    env.reset()
    for _ in range(20):
        env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
    assert max(rows) > 1 and sum(rows) > len(rows)   # several games per forward pass


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_batched_evaluation_gives_the_sequential_figures(game, compiled_random):
    from sb3_contrib import MaskablePPO

    from speciesgym.agents.ppo_agent import PPOAgent
    from speciesgym.training.ppo.args import Args
    from speciesgym.training.ppo.evaluation import evaluate
    model = MaskablePPO("MlpPolicy", BatchedEnv(game, 2, 1, seed=0), seed=0, device="cpu",
                        policy_kwargs={"net_arch": [16]})
    agent = PPOAgent.from_model(model)
    for opponent in ("random", "greedy", PYTHON_HEURISTIC[game]):
        figures = [evaluate(agent, Args(game=game, players=2, eval_games=5, vec=vec,
                                        reward="rank"), opponent, seed=11)
                   for vec in ("dummy", "batched")]
        assert figures[0] == figures[1], opponent


def test_train_args_accept_batched():
    from speciesgym.training.ppo.args import Args, check_args
    assert check_args(Args(vec="batched")).vec == "batched"
    with pytest.raises(ValueError, match="--vec must be one of dummy, subproc, batched"):
        check_args(Args(vec="threads"))


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_the_greedy_agent_plays_the_same_on_the_real_state_and_a_determinisation(game):
    """The batched env runs the greedy policy on the real state, the per-game agent on a
    determinisation of its InfoSet: equal actions, since it reads only what its seat sees."""
    from speciesgym.agents.compiled import policy_at
    from speciesgym.agents.infoset import InfoSet
    from speciesgym.envs.core.rng import WORD_DTYPE
    engine = single_agent.make_game_engine(game, 3)
    rng = np.random.default_rng(2)
    compared = 0
    for seed in range(3):
        state = engine.new_state(seed)
        for _ in range(150):
            seat = engine.to_move(state)
            if seat < 0:
                break
            mask = engine.legal_mask(state)
            sample = InfoSet(engine, state, seat).sample(rng)
            words = np.zeros(2, WORD_DTYPE)
            words["rng"] = 12345
            real = policy_at(state, 0, mask, words, 0, 1)
            assert policy_at(sample, 0, mask, words, 1, 1) == real
            compared += 1
            engine.apply(state, int(real))
    assert compared > 200


@pytest.mark.parametrize("bot, words", [("Illegal", "chose illegal action"),
                                        ("OutOfRange", "chose illegal action"),
                                        ("NotAnInteger", "not an integer action index")])
def test_an_opponents_bad_action_is_named(bot, words):
    env = BatchedEnv("evolution", 2, 2, [f"py:tests.training.bad_bots.{bot}"], seed=0)
    with pytest.raises(ValueError, match=f"opponent faulty in game .*{words}"):
        env.reset()
        for _ in range(40):
            env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
