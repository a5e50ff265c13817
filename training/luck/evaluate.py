"""Luck of a recorded game: replay it and correct every listed chance event.

Corrected chance events (fixed by rule, before any game is seen):
  Evolution          every card drawn from the draw pile (the k-th draw of a step given the
                     k before it); draws served by a refill shuffle are not corrected.
  Dominant Species   every dominance card drawn from the deck. Element-bag draws and
                     terrain tiles are not corrected (allowed: any subset fixed in advance
                     keeps the estimator unbiased; it only leaves their variance in).
Each term enumerates the outcomes exactly (one value call per distinct card class left).
The child of outcome b of the k-th draw of a step is the state before the step with the k
draws before it as they happened, b forced on the k-th, everything still unseen redrawn by
the evaluation's own generator (the rest of the pile, the reserve or terrain stacks, the
generator word: values.REDRAW), and then the step's recorded action applied; the value is
taken there. The siblings of one event share that redraw (common random numbers), and a
child depends on the pile's contents, not on its unseen order, so the value never sees a
draw that has not happened: E[D_t | h_t] = 0 holds exactly. Decisions are not corrected.
"""
import time

import numpy as np

from speciesgym.envs.dominant_species import chance as ds_chance
from speciesgym.envs.evolution import chance as evo_chance
from speciesgym.training.luck.estimator import GameLuck, term
from speciesgym.training.luck.values import REDRAW, seat_reward
from speciesgym.training.records.record import replay_steps


def _evolution_draws(state, after):
    n0, n1 = int(state[0]["deck_n"]), int(after[0]["deck_n"])
    return min(n0 - n1, n0) if n1 < n0 else 0


def _ds_draws(state, after):
    return int(after[0]["deck_ptr"]) - int(state[0]["deck_ptr"])


# game -> (draws made by one step, outcomes of draw k, force draw k, what draw k gives)
PILES = {
    "evolution": (_evolution_draws, evo_chance.draw_outcomes, evo_chance.force_draw,
                  evo_chance.drawn_class),
    "dominant_species": (_ds_draws, ds_chance.card_outcomes, ds_chance.force_card,
                         lambda st, k: int(st["deck"][0][int(st[0]["deck_ptr"]) + k])),
}


def copy_state(state):
    """A writable copy of a state (through bytes: many times faster than ndarray.copy for
    these structured arrays)."""
    out = np.frombuffer(bytearray(state.tobytes()), dtype=state.dtype)
    return out if out.flags.aligned else state.copy()


def draw_children(engine, game, state, action, k, stream):
    """(outcomes, probabilities, child states) of the k-th draw of the step `action` takes
    from `state`: each child is the state after the step with that outcome drawn."""
    _, outcomes, force, _ = PILES[game]
    vals, probs = outcomes(state, k)
    children = []
    for b in vals:
        child = copy_state(state)
        force(child, k, int(b))
        REDRAW[game](child, k + 1, np.random.default_rng(stream))
        engine.apply(child, action)
        children.append(child)
    return vals, probs, children


def draw_term(engine, game, state, action, k, value, seat, stream):
    """D_t of the k-th draw of a step for `seat` (value calls share `stream`)."""
    vals, probs, children = draw_children(engine, game, state, action, k, stream)
    values = [value(child, seat, stream=stream) for child in children]
    actual = list(vals).index(PILES[game][3](state, k))
    return term(probs, values, actual)


def record_luck(record, value, seat):
    """(reward, GameLuck, CPU seconds) of `seat` in a finished record under `value`."""
    game = record["game"]
    draws = PILES[game][0]
    luck = GameLuck()
    t0 = time.process_time()
    for engine, state, _, step in replay_steps(record):
        if step is None:
            reward = seat_reward(engine, state, seat)
            break
        after = state.copy()
        engine.apply(after, step["action"])
        label = engine.phase_name(state)
        for k in range(draws(state, after)):
            stream = int(value.rng.integers(0, 2**62))     # shared by the siblings
            luck.add("chance", label,
                     draw_term(engine, game, state, step["action"], k, value, seat, stream))
    return reward, luck, time.process_time() - t0
