"""The compiled loops of the batched training env (training.ppo.batched_env), written once for
both games: the game's kernels are found by state record type (agents.search.kernels).

Codes of `pending[g]` after `advance`: a seat >= 0 whose opponent is not compiled (a PPO
checkpoint or a Python agent) must act; LEARNER: the learner is to move; OVER: the game is
over; CAPPED: an opponent would exceed the decision cap (the per-game env raises there).

The loops compile the games' kernels and bots (agents/, envs/) into themselves, so their
disk cache is dropped when any of those sources changes (envs.core.cache).

Codes of `kinds[g, seat]`: agents.compiled.POLICIES index (0 random, 1 greedy), BOT + i for
the game's compiled heuristic bot i (kernels.bot_action: on a tie for the best action it
hands the decision to the bot's Python agent, which draws from its own generator, so pending
is then that seat), NET + k for net k of the batched env's NetTable (a PPO checkpoint of the
self-play pool: agents.ppo_compiled.net_action on the seat's observation), or EXTERNAL.
"""
import pathlib

from numba import njit

from speciesgym.agents.compiled import load_glue
from speciesgym.agents.ppo_compiled import net_action
from speciesgym.agents.search import kernels
from speciesgym.envs.core.cache import drop_stale_cache

_HERE = pathlib.Path(__file__).resolve().parent
drop_stale_cache(_HERE, [_HERE, _HERE.parents[1] / "agents", _HERE.parents[1] / "envs"])

LEARNER, OVER, CAPPED = -1, -2, -3
EXTERNAL = -1
BOT = 2
NET = 16

for _game in ("evolution", "dominant_species"):
    load_glue(_game)          # register both games' kernels before anything compiles


@njit(cache=True)
def advance(states, games, first, seats, kinds, words, decisions, cap, pending, mask,
            params, layers, nets, obs, h0, h1):
    """For each game g = games[i]: apply first[i] (if >= 0) for its mover, then move every
    compiled opponent until the learner (seats[g]) or an external opponent must act, or the
    game ends; set pending[g]. Actions are trusted (the caller checked them). params..h1:
    the NetTable's nets and scratch (obs: the game's OBS_SIZE, float32)."""
    for i in range(games.shape[0]):
        g = games[i]
        st = states[g]
        if first[i] >= 0:
            kernels.step(st, first[i])
            decisions[g] += 1
        while True:
            seat = kernels.to_move(st)
            if seat < 0:
                pending[g] = OVER
                break
            if seat == seats[g]:
                pending[g] = LEARNER
                break
            if decisions[g] >= cap:
                pending[g] = CAPPED
                break
            kind = kinds[g, seat]
            if kind == EXTERNAL:
                pending[g] = seat
                break
            kernels.legal_mask(st, mask)
            if kind >= NET:
                obs[:] = 0.0
                kernels.observe(st, seat, obs)
                a = net_action(params, layers, nets, kind - NET, obs, mask, h0, h1)
            elif kind >= BOT:
                a = kernels.bot_action(st, seat, mask, kind - BOT)
                if a < 0:
                    pending[g] = seat
                    break
            else:
                a = kernels.policy_action(st, mask, words[g, seat], kind)
            kernels.step(st, a)
            decisions[g] += 1


@njit(cache=True)
def gather(states, games, viewers, obs, masks, scores):
    """Row i: the observation of seat viewers[i] in game games[i], its legal mask (zeros
    once over) and the scores so far (float64, padded with zeros)."""
    for i in range(games.shape[0]):
        st = states[games[i]]
        obs[i, :] = 0.0
        kernels.observe(st, viewers[i], obs[i])
        if kernels.to_move(st) >= 0:
            kernels.legal_mask(st, masks[i])
        else:
            masks[i, :] = 0
        scores[i, :] = 0.0
        kernels.scores(st, scores[i])
