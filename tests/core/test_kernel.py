"""speciesgym.envs.core.kernel: integer-argument rule helpers compile once (issue 12, item 3: cold start)."""
import numpy as np
import pytest
from numba import njit

from speciesgym.envs.core.kernel import IntKernels

DTYPE = np.dtype([("rng", np.uint64), ("n", np.int8), ("total", np.int64)])


def make_kernels():
    kernels = IntKernels(DTYPE)

    @kernels
    def add(st, amount):
        st.total += amount

    @kernels
    def add_twice(st, amount, flag):
        add(st, amount)
        if flag:
            add(st, amount)

    kernels.seal()
    return kernels, add, add_twice


def test_sealed_kernels_have_one_signature_whatever_the_callers_pass():
    kernels, add, add_twice = make_kernels()

    @njit
    def caller(states):
        st = states[0]
        add(st, 3)              # a literal
        add(st, st.n)           # an int8 field
        add_twice(st, np.int32(2), True)
        return st.total

    states = np.zeros(1, DTYPE)
    states[0]["n"] = 5
    assert caller(states) == 3 + 5 + 2 + 2
    assert len(add.signatures) == 1 and len(add_twice.signatures) == 1
    assert str(add.signatures[0][1]) == "int64"


def test_a_kernel_defined_after_sealing_is_refused():
    kernels, _, _ = make_kernels()
    with pytest.raises(RuntimeError, match="sealed"):
        @kernels
        def late(st, x):
            return x


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_game_helpers_compile_once(game):
    """After a game is played, each sealed helper (e.g. Evolution's has_trait, once compiled
    for 72 argument-type combinations) still has exactly one compiled body."""
    import importlib
    module = importlib.import_module(f"speciesgym.envs.{game}")
    module.warm()
    kernels = importlib.import_module(f"speciesgym.envs.{game}.state").state_kernel
    assert kernels.sealed and len(kernels.kernels) >= 8
    assert all(len(k.signatures) == 1 for k in kernels.kernels)
