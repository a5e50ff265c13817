"""speciesgym.envs.core.kernel: integer-argument rule helpers compile once (cold start)."""
import numpy as np
import pytest
from numba import njit

from speciesgym.envs.core.kernel import IntKernels, rule_kernel
from speciesgym.envs.games import GAMES, package, submodule

DTYPE = np.dtype([("rng", np.uint64), ("n", np.int8), ("total", np.int64)])


def make_kernels(seal=True):
    kernels = IntKernels(DTYPE)

    @kernels
    def add(st, amount):
        st.total += amount

    @kernels
    def add_twice(st, amount, flag):
        add(st, amount)
        if flag:
            add(st, amount)

    if seal:
        kernels.seal()
    else:
        kernels.close()
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


def test_closed_kernels_compile_their_one_signature_only_when_first_needed():
    kernels, add, add_twice = make_kernels(seal=False)
    assert add.signatures == [] and add_twice.signatures == []

    @njit
    def caller(states):
        add_twice(states[0], np.int8(4), 1)
        return states[0].total

    states = np.zeros(1, DTYPE)
    assert caller(states) == 8
    assert [str(t) for t in add_twice.signatures[0][1:]] == ["int64", "int64"]
    assert len(add.signatures) == 1            # compiled as add_twice's callee
    add(states[0], np.int8(1))                 # from Python: the same body, converted
    assert states[0]["total"] == 9 and len(add.signatures) == 1


def test_a_rule_kernel_has_no_wrappers_and_python_calls_its_twin():
    @rule_kernel
    def double(x):
        return 2 * x

    @njit
    def caller(x):
        return double(x) + 1

    assert caller(5) == 11
    (overload,) = double.overloads.values()
    assert overload.fndesc.llvm_cpython_wrapper_name not in str(overload.library.get_llvm_str())
    assert double(7) == 14                     # from Python: the twin, with its wrappers
    assert len(double.signatures) == 1 and double._twin.py_func.__qualname__.endswith(
        "double_from_python")


def test_a_kernel_defined_after_closing_is_refused():
    kernels, _, _ = make_kernels(seal=False)
    with pytest.raises(RuntimeError, match="sealed"):
        @kernels
        def late(st, x):
            return x


def test_a_kernel_defined_after_sealing_is_refused():
    kernels, _, _ = make_kernels()
    with pytest.raises(RuntimeError, match="sealed"):
        @kernels
        def late(st, x):
            return x


@pytest.mark.parametrize("game", GAMES)
def test_game_helpers_compile_once(game):
    """After a game is played, each helper (e.g. Evolution's has_trait, once compiled for 72
    argument-type combinations) has at most one compiled body (none if this process loaded
    the entry points from the cache and never needed it), and sealing (compiling or loading
    every helper) leaves exactly one."""
    package(game).warm()
    kernels = submodule(game, "state").state_kernel
    assert kernels.sealed and len(kernels.kernels) >= 8
    assert all(len(k.signatures) <= 1 for k in kernels.kernels)
    kernels.seal()
    assert all(len(k.signatures) == 1 for k in kernels.kernels)
