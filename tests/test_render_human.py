"""render_mode="human" (envs/core/human_view.py): the rgb_array picture shown in a matplotlib
window, here headless under the Agg backend, as PettingZoo's own CI runs its render tests;
PettingZoo's render_test (which first builds the env with render_mode="human") for 2..6
players of both games."""
import matplotlib
import numpy as np
import pytest
from pettingzoo.test import render_test

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from speciesgym import dominant_species_v0, evolution_v0  # noqa: E402

GAMES = {"evolution": evolution_v0, "dominant_species": dominant_species_v0}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_pettingzoo_render_test_in_every_mode(game, players):
    module = GAMES[game]
    before = set(plt.get_fignums())
    render_test(lambda render_mode=None: module.env(num_players=players,
                                                    render_mode=render_mode))
    assert set(plt.get_fignums()) == before      # close() closed the human window


@pytest.mark.parametrize("game", sorted(GAMES))
def test_human_mode_shows_the_rgb_array_picture_in_one_window_and_close_closes_it(game):
    module = GAMES[game]
    human = module.raw_env(num_players=3, render_mode="human")
    pictures = module.raw_env(num_players=3, render_mode="rgb_array")
    human.reset(seed=4)
    pictures.reset(seed=4)
    before = set(plt.get_fignums())
    assert human.render() is None
    opened = set(plt.get_fignums()) - before
    assert len(opened) == 1
    figure = plt.figure(opened.pop())
    shown = figure.axes[0].images[0].get_array()
    assert np.array_equal(np.asarray(shown), pictures.render())
    human.step(int(np.flatnonzero(human.action_mask())[0]))
    assert human.render() is None
    assert len(set(plt.get_fignums()) - before) == 1     # the same window, redrawn
    human.close()
    assert set(plt.get_fignums()) == before
    human.close()                                        # a second close does nothing


def test_an_unknown_render_mode_is_refused_naming_the_modes():
    with pytest.raises(ValueError, match="'human'"):
        evolution_v0.raw_env(num_players=2, render_mode="window")
