"""Luck of a recorded game: replay it and correct every listed chance event.

Corrected chance events (fixed by rule, before any game is seen):
  Evolution          every card drawn from the draw pile (the k-th draw of a step given the
                     k before it); draws served by a refill shuffle are not corrected.
  Dominant Species   every dominance card drawn from the deck. Element-bag draws and
                     terrain tiles are not corrected (allowed: any subset fixed in advance
                     keeps the estimator unbiased; it only leaves their variance in).
Each term enumerates the outcomes exactly (one value call per distinct card class left);
the siblings of one event share the value's random stream (common random numbers).
Decisions are not corrected.
"""
import time

from speciesgym.envs.dominant_species import chance as ds_chance
from speciesgym.envs.evolution import chance as evo_chance
from speciesgym.training.luck.estimator import GameLuck, term
from speciesgym.training.luck.values import seat_reward
from speciesgym.training.records.record import replay_steps


def _evolution_draws(state, after):
    n0, n1 = int(state[0]["deck_n"]), int(after[0]["deck_n"])
    return n0 - n1 if n1 < n0 else 0


def _ds_draws(state, after):
    return int(after[0]["deck_ptr"]) - int(state[0]["deck_ptr"])


# game -> (draws made by one step, outcomes of draw k, force draw k, what draw k gives)
PILES = {
    "evolution": (_evolution_draws, evo_chance.draw_outcomes, evo_chance.force_draw,
                  evo_chance.drawn_class),
    "dominant_species": (_ds_draws, ds_chance.card_outcomes, ds_chance.force_card,
                         lambda st, k: int(st["deck"][0][int(st[0]["deck_ptr"]) + k])),
}


def record_luck(record, value, seat):
    """(reward, GameLuck, CPU seconds) of `seat` in a finished record under `value`."""
    draws, outcomes, force, happened = PILES[record["game"]]
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
            vals, probs = outcomes(state, k)
            stream = int(value.rng.integers(0, 2**62))     # shared by the siblings
            values = []
            for b in vals:
                child = state.copy()
                force(child, k, int(b))
                values.append(value(child, seat, fixed=k + 1, stream=stream))
            actual = list(vals).index(happened(state, k))
            luck.add("chance", label, term(probs, values, actual))
    return reward, luck, time.process_time() - t0
