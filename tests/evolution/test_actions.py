"""The flat action space: encode/decode round trip and a readable name for every action."""
from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.actions import BLOCKS, N_ACTIONS


def test_encode_decode_round_trip():
    for action in range(N_ACTIONS):
        block, index = BLOCKS.decode(action)
        assert BLOCKS.encode(block, index) == action


def test_every_action_has_a_distinct_readable_name():
    engine = make_engine(4)
    state = engine.new_state(0)
    names = [engine.action_name(state, a) for a in range(N_ACTIONS)]
    assert all(isinstance(n, str) and n for n in names)
    assert len(set(names)) == N_ACTIONS
