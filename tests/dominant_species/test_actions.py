"""The action space: blocks encode and decode, every legal action has a readable name."""
import numpy as np

from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.actions import BLOCKS, N_ACTIONS


def test_encode_decode_round_trip():
    assert N_ACTIONS == 201
    for a in range(N_ACTIONS):
        name, i = BLOCKS.decode(a)
        assert BLOCKS.encode(name, i) == a


def test_every_legal_action_has_a_distinct_readable_name():
    rng = np.random.default_rng(4)
    seen_heads = set()
    for players, seed in ((3, 1), (6, 2)):
        engine = make_engine(players)
        state = engine.new_state(seed)
        while engine.to_move(state) >= 0:
            legal = np.flatnonzero(engine.legal_mask(state))
            names = [engine.action_name(state, a) for a in legal]
            assert len(set(names)) == len(names), names
            assert all(": " in n and "[" in n for n in names)
            seen_heads |= {n.split(" [")[0] for n in names}
            engine.apply(state, int(rng.choice(legal)))
    assert {"Planning", "Domination", "Speciation (meat)", "Wanderlust"} <= seen_heads
