"""The compiled Dominant Species bots read a View straight from the state record
(ds_heur_view.view_of_state) instead of filling and decoding an observation vector; that
View must be the observation's (read_view(observe(state, seat))) field by field, for every
seat, in every kind of position, so the bots still see exactly what their seat sees."""
import numpy as np
import pytest
from numba import njit

from speciesgym.agents.search.ds_heur_view import View, read_view, view_of_state
from speciesgym.envs.dominant_species import make_engine


@njit
def direct_at(states, b, seat):
    return view_of_state(states[b], seat)


@njit
def decoded(obs):
    return read_view(obs)


def assert_same_view(direct, via_obs, where):
    for name, a, b in zip(View._fields, direct, via_obs):
        if np.ndim(b):
            assert np.asarray(a).dtype == np.asarray(b).dtype, f"{where}: {name} dtype"
        assert np.array_equal(np.asarray(a), np.asarray(b)), \
            f"{where}: {name} differs: {a!r} != {b!r}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_view_of_state_is_the_observations_view_for_every_seat(players):
    """Seeded games of uniform random play to the end (every decision kind the random
    player reaches), every seat's View compared at every 3rd decision."""
    eng = make_engine(players)
    rng = np.random.default_rng(players)
    compared = 0
    for game in range(2):
        st = eng.new_state(1000 * players + game)
        k = 0
        while eng.to_move(st) >= 0:
            if k % 3 == 0:
                for seat in range(players):
                    assert_same_view(direct_at(st, 0, seat), decoded(eng.observe(st, seat)),
                                     f"{players}p game {game} decision {k} seat {seat}")
                    compared += 1
            legal = np.flatnonzero(eng.legal_mask(st))
            eng.apply(st, int(legal[rng.integers(legal.size)]))
            k += 1
    assert compared > 100 * players          # whole games were compared, not a few moves


def test_style_bench_scores_both_paths_alike_and_prints_a_row_per_style(capsys):
    """The benchmark command (agents.search.style_bench) times the same decisions by both
    paths; their checksums agree (it refuses otherwise) and it prints one row per style.
    No figure is checked: speed is measured by running the command."""
    from speciesgym.agents.search import dominant_species as glue
    from speciesgym.agents.search import style_bench
    from speciesgym.agents.search.bench import positions
    from speciesgym.envs.core.rng import WORD_DTYPE, seed_word

    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = seed_word(3)
    _, state, _ = positions("dominant_species", 3, 1)[0]
    buf = np.zeros(40, state.dtype)
    n = style_bench.playout_states(state, buf, 40, word[0], 1)
    assert 0 < n <= 40
    assert style_bench.score_all(buf, n, 1, False) == style_bench.score_all(buf, n, 1, True)
    style_bench.main(["--players", "2", "--positions", "1", "--rounds", "1"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:2] == ["players", "style"]
    assert [r.split()[1] for r in rows[1:]] == list(glue.STYLES)
