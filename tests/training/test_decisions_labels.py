"""Labelling with another playout policy (agents/search/label.py `policy`, `decisions relabel
--playout`) and rescoring a leaderboard's stored choices under a new labelling
(training/decisions/rescore.py)."""
import json

import numpy as np
import pytest

from speciesgym.agents.search.label import label_position
from speciesgym.training.cli import main
from speciesgym.training.decisions.leaderboard import run_leaderboard
from speciesgym.training.decisions.proof import read_regrets
from speciesgym.training.decisions.rescore import rescore
from speciesgym.training.decisions.suite import read_suite_file, write_suite
from tests.training.decision_suites import Highest, Lowest, feeding_positions, tiny_relabel, \
    toy_suite


def test_playout_changes_labels_deterministically_from_the_seed():
    """Same playout and seed: the same samples; flyer and mix playouts give other samples
    than greedy (so the option reaches the playouts); greedy is the default."""
    differs = {"flyer": 0, "mix": 0}
    for engine, state in feeding_positions(2, 5, 2):
        seat = engine.to_move(state)
        greedy = label_position("evolution", state, seat, 4, seed=3)
        assert np.array_equal(greedy.samples,
                              label_position("evolution", state, seat, 4, 3, policy="greedy").samples)
        for playout in differs:
            a = label_position("evolution", state, seat, 4, seed=3, policy=playout)
            b = label_position("evolution", state, seat, 4, seed=3, policy=playout)
            assert np.array_equal(a.samples, b.samples)
            differs[playout] += not np.array_equal(a.samples, greedy.samples)
    assert differs["flyer"] >= 1 and differs["mix"] >= 1


def test_unknown_playout_is_a_clear_error():
    engine, state = feeding_positions(2, 5, 1)[0]
    with pytest.raises(ValueError, match="unknown playout 'nosuch' for evolution; choose one "
                                         "of greedy, random, grazer, hunter, flyer, mix"):
        label_position("evolution", state, engine.to_move(state), 2, 0, policy="nosuch")


def test_relabel_records_its_playout(tmp_path):
    suite = toy_suite(tmp_path)
    out = tmp_path / "flyer.json.gz"
    data = tiny_relabel(suite, out, sims=2, playout="flyer")
    assert data["budget"]["rollout"] == "flyer" and data["complete"]
    with pytest.raises(ValueError, match="other arguments"):
        tiny_relabel(suite, out, sims=2)                    # greedy into the flyer journal


def test_tree_labels_are_deterministic_and_other_than_playouts():
    """A tree below each action (label_position's tree): the same seed gives the same
    samples, shaped [action, simulation] in [0, 1]; on some position they differ from the
    plain playouts' (so the option reaches the compiled loop)."""
    differs = 0
    for engine, state in feeding_positions(2, 5, 3):
        seat = engine.to_move(state)
        a = label_position("evolution", state, seat, 12, seed=4, policy="mix", tree=True)
        b = label_position("evolution", state, seat, 12, seed=4, policy="mix", tree=True)
        flat = label_position("evolution", state, seat, 12, seed=4, policy="mix")
        assert np.array_equal(a.samples, b.samples)
        assert np.array_equal(a.actions, flat.actions) and a.samples.shape == flat.samples.shape
        assert ((a.samples >= 0) & (a.samples <= 1)).all()
        differs += not np.array_equal(a.samples, flat.samples)
    assert differs >= 1


@pytest.mark.parametrize("game", ["evolution", "dominant_species"])
def test_tree_labels_use_no_hidden_information(game):
    """Two states that differ only in what the mover cannot see: the same tree labels."""
    from tests.agents.test_infoset import positions
    from tests.agents.test_search import hide_differently
    rng = np.random.default_rng(5)
    late = [(e, s) for e, s in positions(game, 2, seed=9, every=97)
            if e.legal_mask(s).sum() >= 2][-2:]
    assert late
    for i, (engine, state) in enumerate(late):
        seat = engine.to_move(state)
        other = hide_differently(game, state, seat, rng)
        assert other.tobytes() != state.tobytes()
        a = label_position(game, state, seat, 3, seed=i, policy="mix", tree=True)
        b = label_position(game, other, seat, 3, seed=i, policy="mix", tree=True)
        assert np.array_equal(a.samples, b.samples)


def test_relabel_records_its_tree(tmp_path):
    suite = toy_suite(tmp_path)
    out = tmp_path / "tree.json.gz"
    data = tiny_relabel(suite, out, sims=2, tree=True)
    assert data["budget"]["tree"] is True and data["complete"]
    with pytest.raises(ValueError, match="other arguments"):
        tiny_relabel(suite, out, sims=2)                    # plain playouts into the tree journal
    plain = tiny_relabel(suite, tmp_path / "plain.json.gz", sims=2)
    assert "tree" not in plain["budget"]


def rising(suite_path, out, changes=None):
    """A relabelling of the toy suite: values rising with the action (the highest best), all
    positions clear; then `changes` applied."""
    data = read_suite_file(suite_path)
    for p in data["positions"]:
        p.update(values=np.linspace(0.1, 0.9, len(p["legal"])).round(5).tolist(),
                 best=p["legal"][-1], clear=True)
    data.update(relabel={"source": str(suite_path)}, complete=True)
    for key, value in (changes or {}).items():     # {position index: fields} or {key: value}
        data["positions"][key].update(value) if isinstance(key, int) else data.update({key: value})
    write_suite(data, out)
    return out


@pytest.fixture
def toy_board(tmp_path):
    """The toy suite (lowest action best on 3 clear positions of 4) and a leaderboard of the
    Lowest and Highest agents on it."""
    suite = toy_suite(tmp_path)
    run_leaderboard(str(suite), [Lowest(), Highest()], tmp_path / "board")
    return suite, tmp_path / "board"


def test_rescore_gives_the_new_labels_regret(toy_board, tmp_path):
    suite, board = toy_board
    before = read_regrets(board)
    assert np.mean(list(before["lowest"].values())) == pytest.approx(0.25 / 4)
    results = {r.agent: r for r in rescore(board, rising(suite, tmp_path / "b.json.gz"),
                                           tmp_path / "again")}
    assert results["highest"].overall["regret"][0] == 0.0
    assert results["highest"].overall["agreement"][0] == 1.0
    assert results["lowest"].overall["regret"][0] == pytest.approx(0.8)
    assert results["lowest"].overall["n_clear"] == 4
    after = read_regrets(tmp_path / "again")             # a board `decisions proof` reads
    assert after["lowest"] == {f"toy-{i}": pytest.approx(0.8) for i in range(4)}
    note = json.loads((tmp_path / "again" / "rescore.json").read_text())
    assert note["scored_on"] == str(suite) and note["complete"]


def test_rescore_of_an_unfinished_relabelling_scores_its_positions(toy_board, tmp_path):
    suite, board = toy_board
    new = read_suite_file(rising(suite, tmp_path / "b.json.gz"))
    new.update(complete=False, positions=new["positions"][:2])
    write_suite(new, tmp_path / "half.json.gz")
    results = {r.agent: r for r in rescore(board, tmp_path / "half.json.gz", tmp_path / "h")}
    assert results["lowest"].overall["n"] == 2
    assert results["lowest"].overall["regret"][0] == pytest.approx(0.8)
    assert json.loads((tmp_path / "h" / "rescore.json").read_text())["positions"] == 2


@pytest.mark.parametrize("changes, scored_on, message", [
    ({1: {"legal": [0]}}, None, "position 1 differs in 'legal'"),
    ({2: {"id": "other"}}, None, "position 2 differs in 'id'"),
    ({"relabel": None}, None, "give --scored-on"),
    ({}, "OTHER", "the board was scored on another suite"),
])
def test_rescore_refuses_files_that_do_not_match(toy_board, tmp_path, capsys, changes,
                                                 scored_on, message):
    suite, board = toy_board
    new = rising(suite, tmp_path / "b.json.gz", changes)
    argv = ["decisions", "rescore", "--board", str(board), "--suite", str(new),
            "--out", str(tmp_path / "again")]
    if scored_on == "OTHER":             # the same positions, another best action: not A
        argv += ["--scored-on", str(rising(suite, tmp_path / "other.json.gz"))]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "again").exists()


@pytest.mark.parametrize("argv, message", [
    (["build", "--suite", "dominance", "--playout", "flyer"],
     "--playout: label: unknown playout 'flyer' for dominant_species; choose one of greedy, "
     "random"),
    (["relabel", "--suite", "TOY", "--sims", "2", "--playout", "nosuch"], "unknown playout 'nosuch'"),
])
def test_bad_playout_is_a_clear_error_and_writes_nothing(tmp_path, capsys, argv, message):
    argv = [str(toy_suite(tmp_path)) if a == "TOY" else a for a in argv]
    out = tmp_path / "out" / "x.json.gz"
    assert main(["decisions", *argv, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.parent.exists()
