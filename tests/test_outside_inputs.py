"""Defects found by trying the project from outside: text views that showed the
spectator face-down traits, game options holding a list, match logs of another game, output
paths in missing folders, malformed game records, `py:` bots in the current folder."""
import json
import sys

import pytest

from speciesgym.training.cli import main
from tests.evolution.helpers import seat, sp

HIDDEN = {"game": "evolution", "players": 2, "phase": "play", "turn": 0, "seats": [
    seat(hand=["Long Neck:9"], species=[sp(traits=["Horns"], face_down=[0])]),
    seat(hand=["Fertile:7"], species=[sp(traits=["Climbing"], face_down=[0])])]}


def test_the_text_views_show_each_viewer_only_what_it_saw(tmp_path, capsys):
    from speciesgym import evolution_v0
    env = evolution_v0.env(num_players=2, render_mode="ansi")
    env.reset(options={"scenario": HIDDEN})
    table = env.render()                                       # the spectator's view
    assert "Horns" not in table and "Climbing" not in table and "Long Neck" not in table
    env.unwrapped.render_viewer = 1
    seat1 = env.render()
    assert "(Climbing)" in seat1 and "Fertile" in seat1 and "Horns" not in seat1
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(HIDDEN))
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Horns" not in shown and "Climbing" not in shown
    assert main(["show", str(path), "--reveal"]) == 0
    assert "(Horns)" in capsys.readouterr().out
    assert main(["show", str(path), "--viewer", "5"]) == 2
    assert "viewer must be None (spectator) or a seat 0..1" in capsys.readouterr().err


def test_the_learners_env_renders_the_learners_view():
    from speciesgym.training.ppo.single_agent import SingleAgentEnv
    env = SingleAgentEnv("evolution", 2, ["random"], seat=1, seed=3, render_mode="ansi")
    env.reset()
    text = env.render()
    assert text == env.engine.render_text(env.state, viewer=1)
    assert "your hand:" in text and text != env.engine.render_text(env.state)


def test_an_option_holding_a_list_plays_and_num_players_is_named(capsys):
    assert main(["match", "--game", "dominant_species", "--agents", "random,random",
                 "--games", "1", "--option", "animals=mammal,bird"]) == 0
    capsys.readouterr()
    assert main(["play", "--players", "2", "--quiet", "--option", "num_players=3"]) == 2
    assert "num_players is not a game option; give --players" in capsys.readouterr().err


def test_a_match_log_of_another_game_is_refused_and_kept(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    base = ["match", "--agents", "random,random", "--seed", "1", "--log", str(log)]
    assert main([*base, "--game", "dominant_species", "--games", "1"]) == 0
    kept = log.read_text()
    assert json.loads(kept)["rules"] == {"game": "dominant_species", "options": {}}
    assert main([*base, "--game", "evolution", "--games", "2"]) == 2
    assert "is from another match" in capsys.readouterr().err and log.read_text() == kept
    assert main([*base, "--game", "dominant_species", "--games", "1", "--option",
                 "forbid_useless_spaces=true"]) == 2
    assert log.read_text() == kept
    assert main([*base, "--game", "dominant_species", "--games", "2"]) == 0     # resumes
    assert len(log.read_text().splitlines()) == 2


@pytest.mark.parametrize("argv, flag", [
    (["show", "SCEN", "--out", "{tmp}/nodir/x.png"], "--out"),
    (["replay", "REC", "--html", "{tmp}/nodir/x.html"], "--html"),
    (["match", "--agents", "random,random", "--log", "{tmp}/nodir/m.jsonl"], "--log"),
    (["match", "--agents", "random,random", "--log", "{tmp}"], "--log"),
    (["bench", "--games", "0"], "--games"),
    (["play", "--players", "-1"], "--players"),
    (["bench", "--players", "7"], "--players"),
    (["bench", "--aec-games", "-1"], "--aec-games"),
    (["replay", "REC", "--every", "0"], "--every"),
    (["decisions", "eval", "--suite", "feeding", "--agent", "random", "--limit", "-2"],
     "--limit")])
def test_the_parser_refuses_bad_paths_and_counts_before_any_work(tmp_path, capsys, argv, flag):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
    assert f"argument {flag}" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []                   # nothing written


@pytest.mark.parametrize("edit, named", [
    (lambda r: r.pop("actions"), "no 'actions' field"),
    (lambda r: r.pop("seed"), "no 'seed' field"),
    (lambda r: r.update(options=None), "'options' is None"),
    (lambda r: r.update(game="chess"), "'game' is 'chess'"),
    (lambda r: r.update(players=9), "'players' is 9"),
    (lambda r: r["actions"].__setitem__(0, 4), "action 0 is 4, not an object"),
    (lambda r: r["actions"][1].pop("mover"), "action 1: 'mover' is None")])
def test_a_malformed_game_record_is_named(tmp_path, capsys, edit, named):
    good = tmp_path / "good.json"
    assert main(["play", "--players", "2", "--quiet", "--save", str(good)]) == 0
    record = json.loads(good.read_text())
    edit(record)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    capsys.readouterr()
    for command in (["replay", str(bad)], ["show", str(bad)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"game record {bad}: {named}" in err, err


def test_a_py_bot_is_found_in_the_current_folder(tmp_path, monkeypatch):
    from speciesgym.agents.spec import py_factory
    (tmp_path / "mybots_s19.py").write_text("class First:\n    def act(self, obs, mask):\n"
                                           "        return int(mask.nonzero()[0][0])\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    assert py_factory("py:mybots_s19.First").__name__ == "First"
    monkeypatch.delitem(sys.modules, "mybots_s19")


@pytest.mark.parametrize("flag, value, named", [
    ("--gamma", "2", "--gamma must lie in (0.0, 1.0], got 2.0"),
    ("--learning-rate", "-1", "--learning-rate must lie in (0.0, inf)"),
    ("--reward", "foo", "--reward must be one of win, rank, score, got 'foo'"),
    ("--clip-range", "0", "--clip-range must lie in (0.0, inf)"),
    ("--gae-lambda", "1.5", "--gae-lambda must lie in [0.0, 1.0]"),
    ("--ent-coef", "-0.1", "--ent-coef must lie in [0.0, inf)"),
    ("--eval-every", "-5", "--eval-every must lie in [0, inf)")])
def test_train_refuses_ppo_settings_out_of_range_before_writing(tmp_path, capsys, flag, value,
                                                                named):
    assert main(["train", "--recipe", "none", "--timesteps", "64", "--runs-dir", str(tmp_path),
                 "--name", "x", flag, value]) == 2
    assert named in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_train_help_names_an_empty_default_as_none(capsys):
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(default , or" not in out and "(default none, or the recipe's)" in out


def test_a_leaderboard_shows_no_mean_score_for_an_entrant_without_a_scored_game(tmp_path):
    from speciesgym.training.tournament.ratings import format_leaderboard, leaderboard, write_leaderboard
    forfeited = {"index": 0, "entrants": ["crash", "random"], "winners": [False, True],
                 "ranks": [2, 1], "scores": None, "forfeit": {"seat": 0, "reason": "raised"}}
    rows = {r["entrant"]: r for r in leaderboard([forfeited], ["crash", "random", "idle"])}
    assert rows["crash"]["mean_score"] is None and rows["crash"]["forfeits"] == 1
    assert rows["crash"]["mean_rank"] == 2 and rows["idle"]["mean_rank"] is None
    table = format_leaderboard(list(rows.values())).splitlines()
    crash = next(line for line in table if line.split()[1:2] == ["crash"])
    assert crash.split()[6] == "-" and " 0.0 " not in crash
    _, json_path = write_leaderboard(list(rows.values()), str(tmp_path))
    assert {r["entrant"]: r["mean_score"] for r in json.load(open(json_path))}["crash"] is None


def test_a_reset_seed_varies_a_scenarios_hidden_parts_and_none_keeps_its_own():
    from speciesgym import evolution_v0
    env = evolution_v0.env(num_players=2)
    deals = {}
    for seed in (None, 1, 2):
        env.reset(seed=seed, options={"scenario": HIDDEN})
        state = env.unwrapped.state_array
        deals[seed] = state.tobytes()
        seat0 = env.unwrapped.engine.observe(state, 0)
        if seed is None:
            public = seat0
        assert (seat0 == public).all()                 # the seat's view is the scenario's
    assert len(set(deals.values())) == 3               # the unplaced cards differ by seed
    env.reset(options={"scenario": HIDDEN})
    assert env.unwrapped.state_array.tobytes() == deals[None]


def test_output_into_a_closed_pipe_ends_quietly():
    """`speciesgym show ... | head`: the reader leaves; no traceback, the status of SIGPIPE."""
    import os
    import subprocess
    scenario = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "scenarios", "evolution", "carnivore_standoff.json")
    read, write = os.pipe()
    os.close(read)                                  # nobody reads: the first write fails
    done = subprocess.run([sys.executable, "-m", "speciesgym", "show", scenario], stdout=write,
                          stderr=subprocess.PIPE, text=True, timeout=600)
    os.close(write)
    assert done.returncode == 141 and "Traceback" not in done.stderr, done.stderr
