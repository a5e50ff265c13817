"""speciesgym.envs.core.compile_speed: numba's flag values and record reprs are the same
with the patch as without."""
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
