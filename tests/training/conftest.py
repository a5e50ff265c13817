"""Executors shared by the tests of this folder: one worker ("local") and a pool of two,
started once (a spawned worker costs a second or two of imports and kernel loading), with
the default limits restored after every test; and a local Ray instance (2 CPUs) per test
module that asks for `ray_local`."""
import pytest

from speciesgym.training.tournament.executors import ProcessExecutor
from speciesgym.training.tournament.referee import Limits


@pytest.fixture(scope="session")
def _executors():
    with ProcessExecutor(1) as local, ProcessExecutor(2) as pool:
        yield {"local": local, "pool": pool}


@pytest.fixture
def executors(_executors):
    """{'local': one worker, 'pool': two workers}, at the default Limits."""
    yield _executors
    for executor in _executors.values():
        executor.limits = Limits()


@pytest.fixture(scope="module")
def ray_local():
    """A local Ray instance with 2 CPUs for the tests of one module, then shut down (the
    executors find it running and leave it up)."""
    from speciesgym.training.cluster import local as local
    saved = local.start(2)
    yield
    local.stop(saved)
