"""Rule helpers that compile cheaply, once.

`rule_kernel` is `njit(cache=True)` for a helper that compiled code calls (the rules below
the engines' entry points). Numba builds, besides each compiled body, a CPython wrapper and
a C wrapper for it; a helper reached only from compiled code needs neither, and they were a
third of the cold compile of a user's first step. A rule kernel is
compiled without them; when Python calls one (tests, tools), the call goes to a twin
dispatcher of the same function, compiled with its wrappers on that first Python call and
cached on its own. A caller's constant argument is typed as its plain type, not as a numba
literal, so `f(st, 0)` and `f(st, k)` share one compilation.

One compiled signature per rule helper:

Numba compiles a kernel once per distinct tuple of argument types, and a constant passed by a
caller (a trait kind, a food source) is typed as a *literal*: `has_trait(st, p, s, CARNIVORE)`
and `has_trait(st, p, s, HORNS)` were two compilations, int8 and int64 seats two more. In
Evolution one helper had 72 specialisations, and such copies were over a third of the cold
compile.

`IntKernels(dtype)` is a decorator for helpers whose arguments after the state record are all
integers. Each such helper compiles once, for (record of `dtype`, int64, int64, ...), and then
forbids further compilation: a caller's int8 seat, bool flag, enum member or literal constant
is converted to int64 at the call, and every caller shares the one body (loaded from numba's
disk cache after the first run). That one compilation happens when something first needs the
helper (a caller being compiled, or a call from Python), not at import: a program that loads
its entry points from the cache never loads the helpers (the cold start).
`close()` (called once every helper of a game is defined) refuses later definitions;
`seal()` also compiles every helper now, callees first (warm, tests).
"""
import types as pytypes

import numba
from numba import njit, types
from numba.core.registry import CPUDispatcher

from speciesgym.envs.core import compile_speed, link_opt

link_opt.install()      # rule kernels' libraries are optimised by the callers that link them
compile_speed.install()  # cheaper flag comparisons and record reprs while typing

_NO_WRAPPERS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}


class RuleDispatcher(CPUDispatcher):
    """A dispatcher compiled without wrappers; calls from Python go to its twin
    (`python_twin`), which has them."""

    def __call__(self, *args, **kws):
        twin = self.__dict__.get("_twin") or self.python_twin()
        return twin(*args, **kws)

    def get_call_template(self, args, kws):
        """A caller's constant argument is typed as its plain type, not as a literal: one
        compilation serves `f(st, 0)` and `f(st, k)` (each literal was a copy of its own)."""
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})

    def python_twin(self, signature=None):
        """The dispatcher Python calls: a copy of the function under its own name (so that
        numba caches it apart), compiled with wrappers (only for `signature` if given)."""
        fn = self.py_func
        copy = pytypes.FunctionType(fn.__code__, fn.__globals__, fn.__name__,
                                    fn.__defaults__, fn.__closure__)
        copy.__qualname__ = fn.__qualname__ + "_from_python"
        copy.__module__, copy.__doc__ = fn.__module__, fn.__doc__
        twin = njit(cache=True)(copy)
        if signature is not None:
            twin.compile(signature)
            twin.disable_compile()
        self._twin = twin
        return twin


def rule_kernel(fn):
    """`njit(cache=True)` without the CPython and C wrappers (see the module docstring)."""
    kernel = njit(cache=True, **_NO_WRAPPERS)(fn)
    kernel.__class__ = RuleDispatcher
    return kernel


class IntKernels:
    def __init__(self, dtype):
        self.record = numba.from_dtype(dtype)
        self.kernels = []
        self.sealed = False

    def __call__(self, fn):
        if self.sealed:
            raise RuntimeError(f"{fn.__qualname__}: kernels of this record are already sealed")
        kernel = rule_kernel(fn)
        self.kernels.append(kernel)
        self._compile_on_first_use(kernel)
        return kernel

    def _compile_on_first_use(self, kernel):
        """Make the dispatcher compile its one signature (then no other) the first time a
        caller is typed against it; Python's calls go to a twin of that one signature,
        which converts the arguments (or says why it cannot)."""
        typing_template = kernel.get_call_template
        sig = self.signature(kernel)

        def compile_once():
            if kernel._can_compile:
                kernel.compile(sig)
                kernel.disable_compile()

        def get_call_template(args, kws):
            compile_once()
            return typing_template(args, kws)

        kernel.get_call_template = get_call_template
        kernel.python_twin = lambda: RuleDispatcher.python_twin(kernel, sig)

    def signature(self, kernel):
        return (self.record,) + (types.int64,) * (kernel.py_func.__code__.co_argcount - 1)

    def _callees(self, kernel):
        names = kernel.py_func.__code__.co_names
        found = (kernel.py_func.__globals__.get(name) for name in names)
        return [k for k in found if any(k is other for other in self.kernels)]

    def close(self):
        """No kernel may be added any more (each compiles on first use)."""
        self.sealed = True

    def seal(self):
        """Compile every kernel for its one signature now, callees first; then no more."""
        done = set()

        def visit(kernel, path):
            if id(kernel) in done or id(kernel) in path:
                return
            for callee in self._callees(kernel):
                visit(callee, path | {id(kernel)})
            if kernel._can_compile:     # (not yet compiled on first use)
                kernel.compile(self.signature(kernel))
                kernel.disable_compile()    # callers compiled after this convert their arguments
            done.add(id(kernel))

        for kernel in self.kernels:
            visit(kernel, frozenset())
        self.sealed = True
