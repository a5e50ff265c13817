"""A library that only callers can run is optimised once, by the caller that links it.

Numba finishes each compiled function's code library on its own: it links in the libraries
of the functions it calls and runs LLVM's module optimisation over the whole. Its caller then
links that library and optimises the whole again, and so on up the call tree, so the deepest
rule helpers are optimised once per level above them; for Evolution's first step this was
about a third of the cold compile (12-15 of 38-47 CPU seconds, 127 libraries, measured under
load). A rule kernel (envs.core.kernel) is compiled with neither a CPython nor a C wrapper:
nothing can call its library directly, it is only ever linked into a caller, whose own
module optimisation then optimises it with everything it calls (inlining across them).

`install()` makes numba skip the module optimisation of such libraries: a library whose
function has no wrapper at all. Function-level passes still run when its code is added,
and every library that has a wrapper (what Python or C can call, so what runs) is
optimised as before, over all it links. The generated code is as fast or faster (batched
random play and search games, alternating processes, in the README's cold start section).

The hooks are private numba API: `install()` patches only the pinned numba version
(NUMBA_VERSION) and leaves any other version as it is (compiling as numba does), as it does
when the environment sets SPECIESGYM_LINK_OPT=0 (to compare, or to rule the patch out).
"""
import os

import numba

NUMBA_VERSION = "0.68.1"
_installed = False


def _defines(library, name):
    try:
        library._final_module.get_function(name)
    except NameError:
        return False
    return True


def install():
    """Patch numba (once per process); returns whether the patch is active."""
    global _installed
    if _installed or numba.__version__ != NUMBA_VERSION:
        return _installed
    if os.environ.get("SPECIESGYM_LINK_OPT", "1") == "0":
        return False
    from numba.core import codegen, cpu

    optimize = codegen.CPUCodeLibrary._optimize_final_module
    executable = cpu.CPUContext.get_executable

    def optimize_unless_link_only(library):
        if not getattr(library, "link_only", False):
            optimize(library)

    def get_executable(context, library, fndesc, env):
        """Called once a function is lowered, before its library is finalised: a library
        that defines neither wrapper of its function is marked link-only."""
        if not library._finalized and not (
                _defines(library, fndesc.llvm_cpython_wrapper_name)
                or _defines(library, fndesc.llvm_cfunc_wrapper_name)):
            library.link_only = True
        return executable(context, library, fndesc, env)

    codegen.CPUCodeLibrary._optimize_final_module = optimize_unless_link_only
    cpu.CPUContext.get_executable = get_executable
    _installed = True
    return True


def is_installed():
    """Whether this process compiles with the patch."""
    return _installed
