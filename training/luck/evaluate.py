"""Luck of a recorded game: replay it and correct every chance event of its sources.

Corrected chance events (fixed by rule, before any game is seen; training.luck.sources):
  Evolution          every card drawn from the draw pile (the k-th draw of a step given the
                     k before it); draws served by a refill shuffle are not corrected.
  Dominant Species   every dominance card drawn, the element-bag draws of every step that
                     draws from the bag (all of a step's draws as one event), every terrain
                     tile turned. Setup's draws are not corrected (allowed: any subset fixed
                     in advance keeps the estimator unbiased; it only leaves their variance
                     in).
A pile event (a card, a tile) enumerates its outcomes exactly (one value call per distinct
id left), or, with `samples`, where there are more outcomes than that, compares the outcome
that happened with the mean of `samples` outcomes drawn from the law by the evaluation's own
generator (plain Monte Carlo: unbiased, and it adds that sampling's variance).
The child of outcome b of a pile draw is the state before the step with the draws before it
as they happened, b forced, everything still unseen redrawn by the evaluation's own
generator (the rest of the pile, the reserve or terrain stacks, the generator word:
sources.REDRAW), and then the step's recorded action applied; the value is taken there. The
siblings of one event share that redraw (common random numbers), and a child depends on the
pile's contents, not on its unseen order, so the value never sees a draw that has not
happened: E[D_t | h_t] = 0 holds exactly.
A bag event has far too many outcomes to list (a reset draws twelve elements, from a bag the
step itself first refills): its outcome is the generator word the step starts with, and its
expectation is always sampled, plain Monte Carlo over `samples` fresh words (WORD_SAMPLES
without `samples`) drawn by the evaluation's generator; each child is the state before the
step with the step's cards as they happened, everything else unseen redrawn and the word
replaced, then the action applied. The child of what happened keeps the game's word. A
uniform word draws with the rules' own law, so the term keeps E[D_t | h_t] = 0 and adds the
sampling's variance.

Decisions are corrected for the seats whose law is known (training.luck.policies: random
agents, and the heuristics' uniform draw among their best-scored actions), given in `laws`:
the children are the state before the step with everything unseen redrawn and each action
of the law applied, and the term comes before the step's chance terms.
"""
import time

import numpy as np

from speciesgym.envs.core.rng import seed_word
from speciesgym.training.luck.estimator import GameLuck, term
from speciesgym.training.luck.sources import REDRAW, SOURCES
from speciesgym.training.luck.values import seat_reward
from speciesgym.training.records.record import replay_steps

WORD_SAMPLES = 8


def copy_state(state):
    """A writable copy of a state (through bytes: many times faster than ndarray.copy for
    these structured arrays)."""
    out = np.frombuffer(bytearray(state.tobytes()), dtype=state.dtype)
    return out if out.flags.aligned else state.copy()


def pile_child(engine, source, state, action, ctx, b, stream):
    """The state after the step `action` takes from `state` with outcome b on the pile event
    `ctx` of `source` (the draws before as they happened, everything unseen after it
    redrawn from `stream`)."""
    child = copy_state(state)
    source.force(child, ctx, int(b))
    source.redraw(child, ctx, np.random.default_rng(stream))
    engine.apply(child, action)
    return child


def pile_children(engine, source, state, action, ctx, stream):
    """(outcomes, probabilities, child states) of a pile event of the step `action` takes
    from `state`: each child is the state after the step with that outcome drawn."""
    vals, probs = source.outcomes(state, ctx)
    return vals, probs, [pile_child(engine, source, state, action, ctx, b, stream)
                         for b in vals]


def word_child(engine, source, state, action, ctx, word, stream):
    """The state after the step `action` takes from `state` when it starts with the
    generator word `word` (a bag event of `source`; everything else unseen redrawn)."""
    child = copy_state(state)
    source.redraw(child, ctx, np.random.default_rng(stream))
    child[0]["rng"] = np.uint64(word)
    engine.apply(child, action)
    return child


def sample_words(stream, n):
    """n generator words drawn by the evaluation's generator of `stream` (uniform words:
    the step they start draws with the rules' law)."""
    rng = np.random.default_rng([stream, 2])
    return [seed_word(int(s)) for s in rng.integers(0, 2**62, n)]


def sampled_term(happened_value, sample_values):
    """D_t with the expectation estimated by the mean of values of outcomes drawn from the
    law independently of what happened."""
    return float(happened_value - np.mean(sample_values))


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
    return sampled_term(seen[happened], [seen[int(i)] for i in picks])


def pile_term(engine, source, state, action, ctx, value, seat, stream, samples=None):
    """D_t of a pile event of a step for `seat` (value calls share `stream`)."""
    vals, probs = source.outcomes(state, ctx)
    actual = list(vals).index(source.happened(state, ctx))
    return expected_term(probs, actual, lambda i: value(
        pile_child(engine, source, state, action, ctx, vals[i], stream), seat, stream=stream),
        samples, stream)


def word_term(engine, source, state, action, ctx, value, seat, stream, samples=None):
    """D_t of a bag event for `seat`: the value after the step as it happened less the mean
    over `samples` (or WORD_SAMPLES) fresh words."""
    def child_value(word):
        return value(word_child(engine, source, state, action, ctx, word, stream), seat,
                     stream=stream)
    words = sample_words(stream, WORD_SAMPLES if samples is None else int(samples))
    return sampled_term(child_value(state[0]["rng"]), [child_value(w) for w in words])


def chance_term(engine, source, state, action, ctx, value, seat, stream, samples=None):
    """D_t of one chance event of `source` (exact pile, or sampled word)."""
    how = pile_term if source.exact else word_term
    return how(engine, source, state, action, ctx, value, seat, stream, samples)


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
    estimates each expectation over more outcomes than that from that many draws, and
    each bag event's from that many words (default WORD_SAMPLES)."""
    game = record["game"]
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
        for source in SOURCES[game]:
            for ctx in source.events(state, after):
                stream = int(value.rng.integers(0, 2**62))     # shared by the siblings
                luck.add("chance", f"{label} [{source.kind}]", chance_term(
                    engine, source, state, step["action"], ctx, value, seat, stream, samples))
    return reward, luck, time.process_time() - t0
