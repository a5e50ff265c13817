"""One compiled signature per rule helper.

Numba compiles a kernel once per distinct tuple of argument types, and a constant passed by a
caller (a trait kind, a food source) is typed as a *literal*: `has_trait(st, p, s, CARNIVORE)`
and `has_trait(st, p, s, HORNS)` were two compilations, int8 and int64 seats two more. In
Evolution one helper had 72 specialisations, and such copies were over a third of the cold
compile.

`IntKernels(dtype)` is a decorator for helpers whose arguments after the state record are all
integers. `seal()` (called once every such helper of a game is defined) compiles each of them
once for (record of `dtype`, int64, int64, ...), callees before callers, and then forbids
further compilation: a caller's int8 seat, bool flag, enum member or literal constant is
converted to int64 at the call, and every caller shares the one body (loaded from numba's
disk cache after the first run).
"""
import numba
from numba import njit, types


class IntKernels:
    def __init__(self, dtype):
        self.record = numba.from_dtype(dtype)
        self.kernels = []
        self.sealed = False

    def __call__(self, fn):
        if self.sealed:
            raise RuntimeError(f"{fn.__qualname__}: kernels of this record are already sealed")
        kernel = njit(cache=True)(fn)
        self.kernels.append(kernel)
        return kernel

    def signature(self, kernel):
        return (self.record,) + (types.int64,) * (kernel.py_func.__code__.co_argcount - 1)

    def _callees(self, kernel):
        names = kernel.py_func.__code__.co_names
        found = (kernel.py_func.__globals__.get(name) for name in names)
        return [k for k in found if any(k is other for other in self.kernels)]

    def seal(self):
        """Compile every kernel for its one signature, callees first; then no more."""
        done = set()

        def visit(kernel, path):
            if id(kernel) in done or id(kernel) in path:
                return
            for callee in self._callees(kernel):
                visit(callee, path | {id(kernel)})
            kernel.compile(self.signature(kernel))
            kernel.disable_compile()    # callers compiled after this convert their arguments
            done.add(id(kernel))

        for kernel in self.kernels:
            visit(kernel, frozenset())
        self.sealed = True
