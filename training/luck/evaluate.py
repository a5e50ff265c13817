"""Luck of a recorded game: replay it and correct every listed chance event.

Corrected chance events (fixed by rule, before any game is seen):
  Evolution          every card drawn from the draw pile (the k-th draw of a step given the
                     k before it); draws served by a refill shuffle are not corrected.
  Dominant Species   every dominance card drawn from the deck. Element-bag draws and
                     terrain tiles are not corrected (allowed: any subset fixed in advance
                     keeps the estimator unbiased; it only leaves their variance in).
Each term enumerates the outcomes exactly (one value call per distinct card class left),
or, with `samples`, where there are more outcomes than that, compares the outcome that
happened with the mean of `samples` outcomes drawn from the law by the evaluation's own
generator (plain Monte Carlo: unbiased, and it adds that sampling's variance).
The child of outcome b of the k-th draw of a step is the state before the step with the k
draws before it as they happened, b forced on the k-th, everything still unseen redrawn by
the evaluation's own generator (the rest of the pile, the reserve or terrain stacks, the
generator word: values.REDRAW), and then the step's recorded action applied; the value is
taken there. The siblings of one event share that redraw (common random numbers), and a
child depends on the pile's contents, not on its unseen order, so the value never sees a
draw that has not happened: E[D_t | h_t] = 0 holds exactly.

Decisions are corrected for the seats whose law is known (training.luck.policies: random
agents, and the heuristics' uniform draw among their best-scored actions), given in `laws`:
the children are the state before the step with everything unseen redrawn and each action
of the law applied, and the term comes before the step's chance terms.
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


def draw_child(engine, game, state, action, k, b, stream):
    """The state after the step `action` takes from `state` with outcome b on its k-th draw
    (the draws before as they happened, everything unseen after redrawn from `stream`)."""
    child = copy_state(state)
    PILES[game][2](child, k, int(b))
    REDRAW[game](child, k + 1, np.random.default_rng(stream))
    engine.apply(child, action)
    return child


def draw_children(engine, game, state, action, k, stream):
    """(outcomes, probabilities, child states) of the k-th draw of the step `action` takes
    from `state`: each child is the state after the step with that outcome drawn."""
    vals, probs = PILES[game][1](state, k)
    return vals, probs, [draw_child(engine, game, state, action, k, b, stream) for b in vals]


def expected_term(probs, happened, child_value, samples, stream):
    """D_t = V(happened) - E[V]: E exact over every outcome i (child_value(i)), or, with
    `samples` below the number of outcomes, the mean of `samples` outcomes drawn from
    `probs` by a generator of the stream (independent of what happened: still unbiased)."""
    probs = np.asarray(probs, float)
    if samples is None or probs.size <= samples:
        return term(probs, [child_value(i) for i in range(probs.size)], happened)
    term(probs, np.zeros(probs.size), happened)                 # checks the law
    picks = np.random.default_rng([stream, 1]).choice(probs.size, size=samples, p=probs)
    seen = {}
    for i in [happened, *picks]:
        if int(i) not in seen:
            seen[int(i)] = child_value(int(i))
    return float(seen[happened] - np.mean([seen[int(i)] for i in picks]))


def draw_term(engine, game, state, action, k, value, seat, stream, samples=None):
    """D_t of the k-th draw of a step for `seat` (value calls share `stream`)."""
    vals, probs = PILES[game][1](state, k)
    actual = list(vals).index(PILES[game][3](state, k))
    return expected_term(probs, actual, lambda i: value(
        draw_child(engine, game, state, action, k, vals[i], stream), seat, stream=stream),
        samples, stream)


def decision_term(engine, game, state, actions, action, value, seat, stream, samples=None):
    """D_t of a decision drawn uniformly from `actions` (the one taken: `action`)."""
    def child_value(i):
        child = copy_state(state)
        REDRAW[game](child, 0, np.random.default_rng(stream))
        engine.apply(child, int(actions[i]))
        return value(child, seat, stream=stream)
    probs = np.full(len(actions), 1.0 / len(actions))
    return expected_term(probs, list(actions).index(action), child_value, samples, stream)


def record_luck(record, value, seat, laws=None, samples=None):
    """(reward, GameLuck, CPU seconds) of `seat` in a finished record under `value`; `laws`
    (one per seat, None where unknown) adds the decision terms of those seats; `samples`
    estimates each expectation over more outcomes than that from that many draws."""
    game = record["game"]
    draws = PILES[game][0]
    laws = laws or [None] * record["players"]
    if hasattr(value, "bind"):
        value.bind(record)
    luck = GameLuck()
    t0 = time.process_time()
    for engine, state, _, step in replay_steps(record):
        if step is None:
            reward = seat_reward(engine, state, seat)
            break
        label = engine.phase_name(state)
        law = laws[step["mover"]]
        if law is not None:
            actions = law(engine, state, step["mover"])
            if len(actions) > 1:
                stream = int(value.rng.integers(0, 2**62))
                luck.add("decision", label, decision_term(
                    engine, game, state, actions, step["action"], value, seat, stream, samples))
        after = state.copy()
        engine.apply(after, step["action"])
        for k in range(draws(state, after)):
            stream = int(value.rng.integers(0, 2**62))     # shared by the siblings
            luck.add("chance", label, draw_term(engine, game, state, step["action"], k, value,
                                                seat, stream, samples))
    return reward, luck, time.process_time() - t0
