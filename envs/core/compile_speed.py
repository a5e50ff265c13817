"""Numba's compile-time bookkeeping, made cheaper with the same compiled results (cold start).

What a first step spends outside the compiler proper, and what `install()` does about it:

- Compile flags (`TargetConfig`) are hashed and compared at each overload lookup, tens of
  thousands of times in a first step, each time through `values()`, a dict of every option
  read through its property. The hash numba computes covers only the option names (the
  same for every flags object of a class), so it is computed once per class; equality
  first compares the options set explicitly (equal there means equal), and otherwise the
  dicts of every option's value, built without the property calls.
- Every argument type is formatted (`str(args)`) at each compiler pass, and a state
  record's repr lists all its fields: a record type's repr is memoised (numba types are
  immutable; kept beside them, so pickles are unchanged).
- Numba's IR analyses ask each statement for the variables it uses (`list_vars`), a
  recursive walk over the statement's attributes that tests every value against four
  classes (about 1.6 million calls in a first step): the walk is the same, in the same order,
  with each type's class tests made once.
- Every call into LLVM (about 77,000 in a Dominant Species first step) broadcast a
  `numba:llvm_lock` start and end event to the timers each compile installs. The two lock
  callbacks are removed: the only loss is the `llvm_lock` entry of a compile's
  `metadata["timers"]` (numba's other timers and events are kept).
- `numba.np.arraymath` asks at import whether BLAS is available by importing
  `scipy.linalg` (about 0.45 s in every process, warm ones too), though no rule kernel
  uses BLAS: it is imported with a probe that only looks for scipy, and numba's own probe
  is put back, so `np.dot` and `np.linalg` still import and check scipy when a kernel that
  uses them is typed.

Only where `link_opt.patching_allowed()`: the pinned numba version, and not when
SPECIESGYM_LINK_OPT=0 (one switch for link_opt and this module).
"""
import importlib.util
import sys

from speciesgym.envs.core.link_opt import patching_allowed

_installed = False
numba_originals = {}     # what was replaced, for the tests that compare against it


def install():
    """Patch numba (once per process); returns whether the patch is active."""
    global _installed
    if _installed or not patching_allowed():
        return _installed
    _cheaper_flags()
    _memoised_record_repr()
    _faster_list_vars()
    _quiet_llvm_lock()
    _import_arraymath_without_scipy()
    _installed = True
    return True


def _cheaper_flags():
    from numba.core import targetconfig
    config = targetconfig.TargetConfig

    def values(self):
        """All options' values, defaults included (as numba's, without the properties)."""
        given = self._values
        return {k: given.get(k, option.default) for k, option in self.options.items()}

    class_hash = {}

    def __hash__(self):
        cls = type(self)
        if cls not in class_hash:   # numba's: hash(tuple(sorted(self.values()))), names only
            class_hash[cls] = hash(tuple(sorted(self.options)))
        return class_hash[cls]

    def __eq__(self, other):
        if not isinstance(other, config):
            return NotImplemented
        if type(self) is type(other) and self._values == other._values:
            return True
        return self.values() == other.values()

    config.values = values
    config.__hash__ = __hash__
    config.__eq__ = __eq__


def _memoised_record_repr():
    from numba.core.types import npytypes
    record_repr = npytypes.Record.__repr__
    memo = {}               # id -> (record type, its repr); the types are kept alive

    def memo_repr(self):
        entry = memo.get(id(self))
        if entry is None or entry[0] is not self:
            entry = memo[id(self)] = (self, record_repr(self))
        return entry[1]

    npytypes.Record.__repr__ = memo_repr


def _faster_list_vars():
    from numba.core import ir
    LEAF, VAR, INST, ITEMS, VALUES = range(5)
    kinds = {}     # type -> what numba's walk does with its values (by isinstance, once)

    def classify(kind, val):
        kinds[kind] = (VAR if isinstance(val, ir.Var) else INST if isinstance(val, ir.Inst)
                       else ITEMS if isinstance(val, (list, tuple))
                       else VALUES if isinstance(val, dict) else LEAF)
        return kinds[kind]

    def collect(items, out):
        for val in items:
            kind = type(val)
            what = kinds.get(kind)
            if what is None:
                what = classify(kind, val)
            if what == LEAF:
                continue
            if what == VAR:
                out.append(val)
            elif what == INST:
                out.extend(val.list_vars())
            else:
                collect(val if what == ITEMS else val.values(), out)

    def _rec_list_vars(self, val):
        """Numba's walk (Var: itself, Inst: its list_vars(), lists, tuples and dicts:
        their items in order, anything else: nothing), each type classified once."""
        out = []
        collect((val,), out)
        return out

    numba_originals["Inst._rec_list_vars"] = ir.Inst._rec_list_vars
    ir.Inst._rec_list_vars = _rec_list_vars


def _quiet_llvm_lock():
    import llvmlite.binding as ll
    from numba.core import base   # noqa: F401  (registers numba's lock callbacks first)
    lock = ll.ffi.lib._lock
    for enter, leave in list(lock._cblist):
        if enter.__qualname__.startswith("_initialize_llvm_lock_event."):
            ll.ffi.unregister_lock_callback(enter, leave)


def _import_arraymath_without_scipy():
    """Import numba.np.arraymath with a BLAS probe that finds scipy without importing it."""
    if "numba.np.arraymath" in sys.modules:
        return
    from numba.np import linalg
    probe = linalg.ensure_blas

    def find_scipy():
        if importlib.util.find_spec("scipy") is None:
            raise ImportError("scipy 0.16+ is required for linear algebra")

    linalg.ensure_blas = find_scipy
    try:
        from numba.np import arraymath
    finally:
        linalg.ensure_blas = probe
    arraymath.ensure_blas = probe
