"""The opponents of the batched env that compiled code cannot move: one round of decisions.

PPO checkpoints (the self-play pool) act in one forward pass per checkpoint over every game
where one of them is to move; any other Python agent (heuristic:*, search:*, py:...; also
Dominant Species' compiled heuristics when they must break a tie with their generator) acts
game by game with its own observation and int8 mask, and an InfoSet if it wants one, as in
training.ppo.single_agent. Every action is checked against the mask: an agent's illegal action
is a ValueError naming the agent and the game, and that round's moves are not applied.
"""
import numpy as np

from speciesgym.training.ppo import batched_kernels as K


def is_batched_agent(agent):
    """True for agents whose act_batch equals act row by row (the deterministic PPO
    policy); RandomAgent's act_batch draws otherwise than its act, so it is left out."""
    from speciesgym.agents.ppo_agent import PPOAgent
    return isinstance(agent, PPOAgent)


def external_actions(env, games, seats):
    """One action for each game in `games` (int64), chosen by the agent of seats[i]."""
    n = games.size
    obs = np.zeros((n, env.engine.obs_size), np.float32)
    masks = np.zeros((n, env.engine.num_actions), np.int8)
    scores = np.zeros((n, 6), np.float64)
    K.gather(env.states, games, seats, obs, masks, scores)
    acts = np.empty(n, np.int64)
    groups = {}
    for i in range(n):
        agent = env.agents[games[i]][int(seats[i])]
        if is_batched_agent(agent):
            groups.setdefault(id(agent), (agent, []))[1].append(i)
        else:
            acts[i] = single_action(env, agent, int(games[i]), int(seats[i]), obs[i], masks[i])
    for agent, rows in groups.values():
        acts[rows] = agent.act_batch(obs[rows], masks[rows])
    for i in range(n):
        a = int(acts[i])
        if not (0 <= a < masks.shape[1] and masks[i, a]):
            agent = env.agents[games[i]][int(seats[i])]
            raise ValueError(f"opponent {getattr(agent, 'name', type(agent).__name__)} in game "
                             f"{int(games[i])} chose illegal action {a}; this round's moves were "
                             f"not applied")
    return acts


def single_action(env, agent, g, seat, obs, mask):
    if getattr(agent, "wants_infoset", False):
        from speciesgym.agents.infoset import InfoSet
        action = agent.act(obs, mask, InfoSet(env.engine, env.states[g:g + 1], seat))
    else:
        action = agent.act(obs, mask)
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"opponent {getattr(agent, 'name', type(agent).__name__)} in game {g} "
                         f"chose {action!r}, not an integer action index")
    return action
