"""Two of numba's typing-time helpers, made cheaper with the same results (cold start).

Numba compares and hashes the compile flags (`TargetConfig.values()`, a dict of every
option through its property) at each overload lookup, tens of thousands of times in a
first step, and formats every argument type (`str(args)`) at each compiler pass: a state
record's repr lists all its fields each time. `install()` gives `values()` the same dict
built without the property calls, and memoises a record type's repr (numba types are
immutable; kept beside them, so pickles are unchanged). Only where
`link_opt.patching_allowed()`: the pinned numba version, and not when SPECIESGYM_LINK_OPT=0
(one switch for both patches).
"""
from speciesgym.envs.core.link_opt import patching_allowed

_installed = False


def install():
    """Patch numba (once per process); returns whether the patch is active."""
    global _installed
    if _installed or not patching_allowed():
        return _installed
    from numba.core import targetconfig
    from numba.core.types import npytypes

    def values(self):
        """All options' values, defaults included (as numba's, without the properties)."""
        given = self._values
        return {k: given.get(k, option.default) for k, option in self.options.items()}

    record_repr = npytypes.Record.__repr__

    memo = {}               # id -> (record type, its repr); the types are kept alive

    def memo_repr(self):
        entry = memo.get(id(self))
        if entry is None or entry[0] is not self:
            entry = memo[id(self)] = (self, record_repr(self))
        return entry[1]

    targetconfig.TargetConfig.values = values
    npytypes.Record.__repr__ = memo_repr
    _installed = True
    return True
