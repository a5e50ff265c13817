"""The generator kernels (envs.core.rng) serve pickers and game states without numba's record
width-subtyping (the NumbaExperimentalFeatureWarning it printed in the demo and the
tests). A fresh process first uses a picker record, then each game's state record, with that
warning turned into an error."""
import subprocess
import sys

SCRIPT = """
import warnings
import numpy as np
from numba.core.errors import NumbaExperimentalFeatureWarning
warnings.simplefilter("error", NumbaExperimentalFeatureWarning)
from speciesgym.envs.core.rng import new_word, rng_below
rng_below(new_word(3)[0], 5)                      # a picker first: the order that warned
import speciesgym.envs.evolution as E, speciesgym.envs.dominant_species as D
from speciesgym.agents.rollout import dominant_species_rollout, evolution_rollout, new_picker
from speciesgym.envs.evolution.resample import resample as evolution_resample
from speciesgym.envs.dominant_species.resample import resample as ds_resample
for module, resample in ((E, evolution_resample), (D, ds_resample)):
    engine = module.make_engine(3)
    state = engine.new_state(5)
    resample(state, engine.to_move(state), np.random.default_rng(1))
    for _ in range(50):
        engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[0]))
evolution_rollout(E.make_engine(2).new_state(1), new_picker(2), 200)
dominant_species_rollout(D.make_engine(2).new_state(1), new_picker(2), 200)
print("no record subtyping")
"""


def test_pickers_and_states_need_no_record_subtyping():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "no record subtyping" in done.stdout
