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
optimised as before, over all it links. Nor is machine code made for a link-only library
(its unoptimised module with all it links, once per level of the call tree: 6 of a cold
Dominant Species first step's 40 CPU seconds): the JIT engine gets a stub module that
defines only the environment pointers of the library's module, which numba sets when it
makes or loads the library, and the stub's object is what numba's cache stores beside the
library's linkable bitcode (a process without the patch loads such an entry as well). The generated code is as fast or faster (batched
random play and search games, alternating processes, in the README's cold start section).

The hooks are private numba API: `install()` patches only the pinned numba version
(NUMBA_VERSION) and leaves any other version as it is (compiling as numba does), as it does
when the environment sets SPECIESGYM_LINK_OPT=0 (to compare, or to rule the patch out).
"""
import os
import weakref

import numba

NUMBA_VERSION = "0.68.1"
_installed = False
_ENV_PREFIX = "_ZN08NumbaEnv"   # numba's environment pointers (compiler.py)


def _defines(library, name):
    try:
        library._final_module.get_function(name)
    except NameError:
        return False
    return True


def _env_stub(library):
    """An LLVM module defining only the environment pointers that `library`'s module defines
    (its function's and those of all it links), as numba declares them: what numba sets
    when it makes or loads the library (`set_env`), so its object must define them."""
    from llvmlite import binding as ll
    from llvmlite import ir
    module = library._codegen._create_empty_module(library.name + ".env")
    for gv in library._final_module.global_variables:
        if gv.name.startswith(_ENV_PREFIX) and not gv.is_declaration:
            stub = ir.GlobalVariable(module, ir.IntType(8).as_pointer(), name=gv.name)
            stub.linkage = "common"
            stub.initializer = ir.Constant(stub.type.pointee, None)
    return ll.parse_assembly(str(module))


def patching_allowed():
    """True on the pinned numba unless SPECIESGYM_LINK_OPT=0: the switch of every patch of
    numba's private API (this module and envs/core/compile_speed.py)."""
    return numba.__version__ == NUMBA_VERSION and os.environ.get("SPECIESGYM_LINK_OPT",
                                                                  "1") != "0"


def install():
    """Patch numba (once per process); returns whether the patch is active."""
    global _installed
    if _installed or not patching_allowed():
        return _installed
    from numba.core import codegen, cpu

    optimize = codegen.CPUCodeLibrary._optimize_final_module
    finalize = codegen.CPUCodeLibrary._finalize_final_module
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

    def finalize_final_module(library):
        """A link-only library gets no machine code of its own: the engine gets a stub module
        defining only the function's environment pointer (which numba sets and a cache
        entry's object must define), and that stub's object is what the cache stores
        beside the library's linkable bitcode."""
        if not getattr(library, "link_only", False):
            return finalize(library)
        library._finalize_dynamic_globals()
        library._verify_declare_only_symbols()
        stub = _env_stub(library)
        setattr(stub, "_CPUCodeLibrary__library", weakref.proxy(library))  # object cache hook
        library._codegen._add_module(stub)
        library._codegen._engine.finalize_object()
        library._finalized = True

    codegen.CPUCodeLibrary._optimize_final_module = optimize_unless_link_only
    codegen.CPUCodeLibrary._finalize_final_module = finalize_final_module
    cpu.CPUContext.get_executable = get_executable
    _installed = True
    return True


def is_installed():
    """Whether this process compiles with the patch."""
    return _installed
