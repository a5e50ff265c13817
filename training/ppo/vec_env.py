"""The learner's vectorised environment: `--vec dummy`, `subproc` (SingleAgentEnv per game)
or `batched` (every game in one compiled loop, training.ppo.batched_env)."""
from speciesgym.training.ppo.args import parse_options
from speciesgym.training.ppo.single_agent import SingleAgentEnv


def make_vec_env(args, specs, weights, seed):
    if args.vec == "batched":
        from speciesgym.training.ppo.batched_env import make_batched_vec_env
        return make_batched_vec_env(args, specs, weights, seed)
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    options = parse_options(args.option)

    def factory(rank):
        def make():
            import torch
            torch.set_num_threads(1)
            env = SingleAgentEnv(args.game, args.players, specs, weights, reward=args.reward,
                                 seat_offset=rank, seed=seed + rank, options=options,
                                 shaping=args.shaping)
            return Monitor(env, info_keywords=("win",))
        return make

    makers = [factory(i) for i in range(args.envs)]
    venv = SubprocVecEnv(makers, start_method="spawn") if args.vec == "subproc" \
        else DummyVecEnv(makers)
    venv.seed(seed)
    return venv
