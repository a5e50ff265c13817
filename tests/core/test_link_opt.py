"""speciesgym.envs.core.link_opt: a rule kernel's library (no wrapper) is optimised only by
the caller that links it; libraries with a wrapper are optimised as before; results do not
change."""
import os
import subprocess
import sys
import textwrap

import numba
import pytest

from speciesgym.envs.core import link_opt

HEADER = textwrap.dedent("""
    import json
    from numba import njit
    from speciesgym.envs.core import link_opt
    from speciesgym.envs.core.kernel import rule_kernel

    @rule_kernel
    def tri(n):
        s = 0
        for i in range(n):
            s += i
        return s
""")

SCRIPT = HEADER + textwrap.dedent("""
    @njit(cache=True)
    def caller(n):
        return tri(n) + 1

    out = {"installed": link_opt.is_installed(), "value": caller(100),
           "from_python": tri(10)}
    lib = lambda d: d.overloads[d.signatures[0]].library
    out["helper_link_only"] = getattr(lib(tri), "link_only", False)
    out["caller_link_only"] = getattr(lib(caller), "link_only", False)
    out["twin_link_only"] = getattr(lib(tri._twin), "link_only", False)
    print(json.dumps(out))
""")


def run(tmp_path, text=SCRIPT, **env):
    """Run `text` as a script in a fresh process on tmp_path's numba cache; its last line
    of output, parsed as JSON."""
    script = tmp_path / "probe.py"
    script.write_text(text)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), **env)
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                          text=True, cwd=os.getcwd(), timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    import json
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(numba.__version__ != link_opt.NUMBA_VERSION, reason="patch not active")
def test_a_rule_kernel_is_link_only_and_its_caller_is_not(tmp_path):
    out = run(tmp_path)
    assert out["installed"]
    assert out["helper_link_only"] and not out["caller_link_only"]
    assert not out["twin_link_only"]               # Python's calls run optimised code
    assert out["value"] == 4951 and out["from_python"] == 45


def test_the_switch_turns_the_patch_off(tmp_path):
    out = run(tmp_path, SPECIESGYM_LINK_OPT="0")
    assert not out["installed"] and not out["helper_link_only"]
    assert out["value"] == 4951 and out["from_python"] == 45


FRESH = HEADER + textwrap.dedent("""
    @rule_kernel
    def tri2(n):
        return tri(n) * 2

    @njit
    def fresh(n):                      # not cached: compiled against the cached helpers
        return tri2(n) + 3

    print(json.dumps({"installed": link_opt.is_installed(), "value": fresh(100),
                      "hits": sum(tri2.stats.cache_hits.values())}))
""")


@pytest.mark.skipif(numba.__version__ != link_opt.NUMBA_VERSION, reason="patch not active")
def test_cached_link_only_helpers_link_into_new_callers_with_and_without_the_patch(tmp_path):
    """A link-only library is cached as a stub object (its environment pointers) and its
    bitcode: a later process, patched or not, loads it and links it into a new caller."""
    def go(**env):
        return run(tmp_path, FRESH, **env)

    first = go()
    assert first["installed"] and first["value"] == 9903 and first["hits"] == 0
    again = go()
    assert again["value"] == 9903 and again["hits"] == 1
    plain = go(SPECIESGYM_LINK_OPT="0")
    assert not plain["installed"] and plain["value"] == 9903 and plain["hits"] == 1
