"""Pictures of Dominant Species positions (envs.dominant_species.picture): fixed size for every
decision reached in random games, nothing hidden in the spectator's or a seat's picture
(DS-SET-07, DS-SET-09), reveal shows it, bad input is a ValueError, the PettingZoo render
contract, PNG and SVG files."""
import numpy as np
import pytest
from pettingzoo.test import render_test

from speciesgym.envs.core.picture import save_figure
from speciesgym.envs.dominant_species import make_engine, raw_env
from speciesgym.envs.dominant_species.picture import HEIGHT, WIDTH
from speciesgym.envs.dominant_species.resample import resample

SHAPE = (HEIGHT, WIDTH, 3)


def _random_game(players, seed):
    """(engine, [state after each decision]) of one random game to its end."""
    engine = make_engine(players)
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    states = [state.copy()]
    while engine.to_move(state) >= 0:
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
        states.append(state.copy())
    return engine, states


def test_every_decision_of_random_games_has_a_picture_of_the_fixed_size():
    """Each (phase, decision) reached in a 2- and a 6-player random game, drawn once (and each
    phase once per player count)."""
    seen = {}
    for players in (2, 6):
        engine, states = _random_game(players, 40 + players)
        phases = set()
        for state in states:
            phase, sub = int(state[0]["phase"]), int(state[0]["sub"])
            if (phase, sub) not in seen or phase not in phases:
                seen[(phase, sub)] = (engine, state)
                phases.add(phase)
        assert {0, 1, 3} <= phases                # planning, execution, game over
    assert len(seen) >= 30
    for (phase, sub), (engine, state) in seen.items():
        image = engine.render_image(state)
        assert image.shape == SHAPE and image.dtype == np.uint8, (phase, sub)
        assert image.std() > 10, (phase, sub)     # something is drawn


def _mid_game():
    engine, states = _random_game(4, 7)
    return engine, states[150]


def test_DS_SET_09_pictures_ignore_deck_and_stack_order_reveal_shows_them():
    engine, state = _mid_game()
    seat = engine.to_move(state)
    other = resample(state, seat, np.random.default_rng(1))
    a, b = state[0], other[0]
    lo, hi = int(a["deck_ptr"]), int(a["deck_len"])
    assert hi - lo > 2 and not np.array_equal(a["deck"][lo:hi], b["deck"][lo:hi])
    assert not np.array_equal(a["stack_tiles"], b["stack_tiles"])
    public = [f for f in a.dtype.names if f not in ("deck", "stack_tiles", "rng")]
    assert all(np.array_equal(a[f], b[f]) for f in public)
    for viewer in (None, (seat + 1) % 4):
        assert np.array_equal(engine.render_image(state, viewer),
                              engine.render_image(other, viewer)), viewer
    assert not np.array_equal(engine.render_image(state, reveal=True),
                              engine.render_image(other, reveal=True))


def test_bad_viewer_or_reveal_is_a_value_error():
    engine, state = _mid_game()
    for viewer in (4, -1, "player_0", True, 1.5):
        with pytest.raises(ValueError, match="viewer"):
            engine.picture(state, viewer=viewer)
    with pytest.raises(ValueError, match="reveal"):
        engine.picture(state, reveal="yes")


def test_pettingzoo_render_test_every_mode():
    """PettingZoo's render_test in every mode the env offers (human headless under Agg);
    2..6 players: tests/test_render_human.py."""
    assert raw_env(num_players=2).metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    render_test(lambda render_mode=None: raw_env(num_players=2, render_mode=render_mode))


def test_env_rgb_array_is_the_engine_picture_from_the_chosen_viewer():
    env = raw_env(num_players=3, animals=["mammal", "bird", "insect"], render_mode="rgb_array")
    env.reset(seed=5)
    image = env.render()
    assert image.shape == SHAPE
    assert np.array_equal(image, env.engine.render_image(env.state_array))
    env.render_viewer = 1
    assert np.array_equal(env.render(), env.engine.render_image(env.state_array, viewer=1))
    assert not np.array_equal(env.render(), image)       # the seat's view names "you"


def test_save_figure_writes_png_and_svg(tmp_path):
    import matplotlib.image
    engine = make_engine(2)
    fig = engine.picture(engine.new_state(3))
    png = save_figure(fig, tmp_path / "p.png")
    assert matplotlib.image.imread(png).shape[:2] == (HEIGHT, WIDTH)
    svg = (tmp_path / "p.svg")
    save_figure(fig, svg)
    assert "<svg" in svg.read_text()[:2000]
    with pytest.raises(ValueError, match="png or .svg"):
        save_figure(fig, tmp_path / "p.jpg")
    assert not (tmp_path / "p.jpg").exists()
