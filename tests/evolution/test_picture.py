"""Evolution pictures (envs/evolution/picture.py): the fixed size in every phase random games
reach, who sees what (spectator, a seat, reveal), bad viewers, PNG/SVG files, and
PettingZoo's render_test for the modes raw_env offers."""
import matplotlib.image
import numpy as np
import pytest
from matplotlib.text import Text
from pettingzoo.test import render_test

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.core.picture import save_figure
from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.aec_env import raw_env
from speciesgym.envs.evolution.picture_style import HEIGHT, WIDTH
from speciesgym.envs.evolution.scenario import load_scenario
from tests.evolution.helpers import seat, sp
from tests.evolution.test_hidden_info import positions, swap_hidden_cards

SHAPE = (HEIGHT, WIDTH, 3)


def _texts(fig):
    """Every text written on the picture, one string each."""
    return [t.get_text() for t in fig.findobj(Text)]


def _table():
    """Seat 0 holds Long Neck 9 and a face-down Horns, seat 1 Fertile 7 and a face-down
    Climbing; both have placed a food card (Carnivore 3 and Foraging 5)."""
    return load_scenario({"players": 2, "phase": "play", "turn": 0, "seats": [
        seat(hand=["Long Neck:9"], food_card="Carnivore:3",
             species=[sp(traits=["Horns"], face_down=[0])]),
        seat(hand=["Fertile:7"], food_card="Foraging:5",
             species=[sp(traits=["Climbing"], face_down=[0])]),
    ]})


@pytest.mark.parametrize("players, flight", [(2, True), (6, True), (2, False), (6, False)])
def test_every_phase_of_random_games_is_drawn_at_the_fixed_size(players, flight):
    """One picture per phase (and pending decision) reached, views taking turns; the
    image is HxWx3 uint8, the same size for every player count, and not blank."""
    engine = make_engine(players, flight=flight)
    drawn = set()
    views = [None, 0, "reveal"]
    for seed in range(2):
        state = engine.new_state(seed)
        rng = np.random.default_rng(seed)
        while True:
            name = engine.phase_name(state)
            if name not in drawn:
                view = views[len(drawn) % 3]
                image = engine.render_image(state, viewer=None if view == "reveal" else view,
                                            reveal=view == "reveal")
                assert image.shape == SHAPE and image.dtype == np.uint8
                assert image.std() > 10
                drawn.add(name)
            if engine.to_move(state) < 0:
                break
            legal = np.flatnonzero(engine.legal_mask(state))
            checked_step(engine, state, int(rng.choice(legal)))
    assert {"SELECT_FOOD", "PLAY", "PLAY/USE_CARD", "FEEDING", "OVER"} <= drawn


def _title(fig):
    return next(t for t in _texts(fig) if t.startswith("round "))


def test_every_phase_and_pending_decision_has_a_title():
    """The title names each phase, and each pending decision for the seat deciding only
    (figures built, not rasterised: the title is text)."""
    from speciesgym.envs.evolution.state import Pend, Phase
    engine, state = _table()
    st = state[0]
    titles = set()
    for phase, pend in [(phase, Pend.NONE) for phase in Phase] + [
            (Phase.FEEDING, pend) for pend in Pend if pend != Pend.NONE]:
        st["phase"], st["pend"] = phase, pend
        title = _title(engine.picture(state, viewer=0))
        assert title.count("\u00b7") == 2 + (pend != Pend.NONE and phase != Phase.OVER)
        titles.add(title)
    assert len(titles) == len(Phase) + len(Pend) - 1
    assert _title(engine.picture(state, viewer=1)).count("\u00b7") == 2


def test_EVO_FOOD_02_EVO_PLAY_02_spectator_sees_sizes_not_secrets():
    engine, state = _table()
    texts = _texts(engine.picture(state))
    everything = " | ".join(texts)
    for secret in ("Long Neck", "Horns", "Fertile", "Climbing", "Carnivore 3", "Foraging"):
        assert secret not in everything
    assert texts.count("placed face down") == 2 and texts.count("face down") == 2
    assert "hand 1" in everything


def test_EVO_FOOD_02_EVO_PLAY_02_a_seat_sees_its_own_secrets_only():
    engine, state = _table()
    texts = " | ".join(_texts(engine.picture(state, viewer=0)))
    for own in ("Long Neck 9", "Horns", "food card: Carnivore 3", "(you)"):
        assert own in texts
    for other in ("Fertile", "Climbing", "Foraging"):
        assert other not in texts


def test_reveal_shows_every_card():
    engine, state = _table()
    texts = " | ".join(_texts(engine.picture(state, reveal=True)))
    for card in ("Long Neck 9", "Horns", "Carnivore 3", "Fertile 7", "Climbing", "Foraging 5",
                 "everything revealed"):
        assert card in texts


@pytest.mark.parametrize("players", [3, 5])
def test_pictures_are_pixel_identical_when_only_hidden_cards_differ(players):
    """Spectator pictures of states that differ in hands, food cards, face-down traits and
    deck order are the same pixels; so are a seat's pictures when others' secrets differ."""
    rng = np.random.default_rng(players)
    compared = 0
    for engine, state in positions(players, seed=players + 20, every=23):
        st = state[0]
        if not (st["hidden"].any() or (st["food_card"] >= 0).any()) or compared >= 3:
            continue
        for viewer in (None, int(rng.integers(players))):
            other = state.copy()
            if not swap_hidden_cards(other, viewer, rng):
                continue
            assert np.array_equal(engine.render_image(state, viewer),
                                  engine.render_image(other, viewer))
            compared += 1
    assert compared >= 3


def test_a_seat_view_and_reveal_differ_from_the_spectator_view():
    engine, state = _table()
    spectator = engine.render_image(state)
    assert not np.array_equal(spectator, engine.render_image(state, viewer=1))
    assert not np.array_equal(spectator, engine.render_image(state, reveal=True))


@pytest.mark.parametrize("viewer", [2, -1, "0", True, 0.5])
def test_bad_viewer_is_value_error(viewer):
    engine, state = _table()
    with pytest.raises(ValueError, match="viewer"):
        engine.render_image(state, viewer=viewer)


def test_picture_files_png_and_svg(tmp_path):
    engine, state = _table()
    fig = engine.picture(state, viewer=0)
    png = save_figure(fig, tmp_path / "table.png")
    assert matplotlib.image.imread(png).shape[:2] == (HEIGHT, WIDTH)
    svg = save_figure(fig, tmp_path / "table.svg")
    assert "<svg" in svg.read_text()
    with pytest.raises(ValueError, match="png or .svg"):
        save_figure(fig, tmp_path / "table.jpg")


def test_env_rgb_array_render_follows_render_viewer():
    e = raw_env(num_players=3, render_mode="rgb_array")
    e.reset(seed=4)
    image = e.render()
    assert image.shape == SHAPE and image.dtype == np.uint8
    assert np.array_equal(image, e.engine.render_image(e.state_array))
    e.render_viewer = e.agent_name_mapping[e.agent_selection]
    assert np.array_equal(e.render(), e.engine.render_image(e.state_array, e.render_viewer))


def test_pettingzoo_render_test_every_mode_at_the_fixed_picture_size():
    """PettingZoo's render_test in every mode the env offers (human headless under Agg);
    2..6 players: tests/test_render_human.py."""
    assert raw_env.metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    render_test(lambda render_mode=None: raw_env(num_players=2, render_mode=render_mode),
                custom_tests={"rgb_array": lambda image: image.shape == SHAPE})
