"""A training run's evaluation: the learner against one opponent over a fixed set of games
(`evaluate`), and the table printed at the end of a run (`print_table`)."""
from speciesgym.training.ppo.args import parse_options
from speciesgym.training.ppo.single_agent import SingleAgentEnv


def evaluate(agent, args, opponent, seed):
    """The agent against `opponent` in args.eval_games games (seats rotating, fixed seeds):
    (win share, mean reward, mean score). With --vec batched the games run side by side
    (training.ppo.batched_eval), with the same figures."""
    if args.vec == "batched":
        from speciesgym.training.ppo.batched_eval import evaluate_batched
        return evaluate_batched(agent, args.game, args.players, opponent, args.eval_games,
                                seed, args.reward, parse_options(args.option))
    env = SingleAgentEnv(args.game, args.players, [opponent], reward=args.reward,
                         seed=seed, options=parse_options(args.option))
    wins = rewards = scores = 0.0
    for _ in range(args.eval_games):
        obs, _ = env.reset()
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(agent.act(obs, env.action_masks()))
            done = done or truncated
        wins += info.get("win", 0.0)
        rewards += reward
        scores += info.get("score", 0.0)
    n = args.eval_games
    return wins / n, rewards / n, scores / n


def print_table(args, step, rows):
    print(f"{args.name}: {args.game}, {args.players} players, {step} steps; "
          f"win rate over {args.eval_games} games, seats rotating")
    for row in rows:
        print(f"  vs {row[1]:<22} win {row[3]:6.1%}   mean score {row[5]:7.2f}")
