"""speciesgym.envs.core.compile_speed: numba's flag values, hashes, equality and record
reprs are the same with the patch as without; LLVM calls broadcast no lock events; a first
step does not import scipy.linalg, and BLAS kernels still compile."""
import subprocess
import sys

import numba
import numpy as np
import pytest
from numba.core import targetconfig
from numba.core.compiler import Flags
from numba.core.types import npytypes

from speciesgym.envs.core import compile_speed, link_opt

pytestmark = pytest.mark.skipif(numba.__version__ != link_opt.NUMBA_VERSION,
                                reason="patch not active")


def test_flag_values_match_numbas_properties():
    assert compile_speed.install()
    flags = Flags()
    flags.no_cpython_wrapper = True
    flags.error_model = "numpy"
    expected = {k: getattr(flags, k) for k in flags.options}
    assert flags.values() == expected
    assert targetconfig.TargetConfig.values is not None
    other = Flags()
    assert other != flags and hash(Flags()) == hash(other)


def test_record_repr_is_numbas_and_memoised():
    assert compile_speed.install()
    rec = numba.from_dtype(np.dtype([("a", np.int8), ("b", np.uint64, (3,))]))
    text = repr(rec)
    assert text.startswith("Record([('a', {'type': int8") and text.endswith(", False)")
    assert repr(rec) is text
    other = numba.from_dtype(np.dtype([("c", np.int16)]))
    assert "'c'" in repr(other) and npytypes.Record.__repr__(rec) == text


def test_flag_hash_and_equality_are_numbas():
    assert compile_speed.install()
    a, b = Flags(), Flags()
    assert hash(a) == hash(tuple(sorted({k: getattr(a, k) for k in a.options})))
    b.nrt = True
    assert a != b and hash(a) == hash(b)          # numba's hash covers the names only
    a.nrt = True
    assert a == b
    c = Flags()
    c.boundscheck = Flags().boundscheck          # set explicitly to its default value
    assert c == Flags() and c._values != Flags()._values


def test_llvm_calls_broadcast_no_lock_events_and_compiles_still_work():
    import llvmlite.binding as ll
    from numba.core import event
    assert compile_speed.install()
    assert not any(enter.__qualname__.startswith("_initialize_llvm_lock_event")
                   for enter, _ in ll.ffi.lib._lock._cblist)
    seen = []

    class Kinds(event.Listener):
        def on_start(self, ev):
            seen.append(ev.kind)

        def on_end(self, ev):
            pass

    @numba.njit
    def twice(x):
        return 2 * x + 1

    with event.install_listener("numba:llvm_lock", Kinds()):
        with event.install_listener("numba:compile", Kinds()):
            assert twice(20) == 41
    assert seen == ["numba:compile"]
    timers = twice.get_metadata(twice.signatures[0])["timers"]
    assert "compiler_lock" in timers and "llvm_lock" not in timers


def test_first_step_imports_no_scipy_linalg_and_blas_still_works():
    script = """
import sys
import numpy as np
import subprocess
import sys

import numba
import speciesgym.evolution_v0 as m
env = m.env(); env.reset(seed=0); env.step(int(env.last()[0]["action_mask"].argmax()))
from numba.np import arraymath
print(arraymath._HAVE_BLAS, "scipy.linalg" in sys.modules)
@numba.njit
def dot(a):
    return np.dot(a, a)
print(dot(np.ones(4)), "scipy.linalg" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["True", "False", "4.0", "True"]


def test_list_vars_walk_is_numbas_on_rule_kernels(monkeypatch):
    from numba.core import ir
    from numba.core.compiler import run_frontend

    from speciesgym.envs.dominant_species.rules import conflict, glaciation
    from speciesgym.envs.evolution.rules import feeding
    assert compile_speed.install()
    kernels = [obj.py_func for mod in (conflict, glaciation, feeding)
               for obj in vars(mod).values() if hasattr(obj, "py_func")]
    stmts = [stmt for fn in kernels for block in run_frontend(fn).blocks.values()
             for stmt in block.body]
    assert len(kernels) >= 4 and len(stmts) > 500
    got = [[v.name for v in stmt.list_vars()] for stmt in stmts]
    monkeypatch.setattr(ir.Inst, "_rec_list_vars",
                        compile_speed.numba_originals["Inst._rec_list_vars"])
    want = [[v.name for v in stmt.list_vars()] for stmt in stmts]
    assert got == want and sum(map(len, got)) > 1000
