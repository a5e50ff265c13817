"""The speciesgym command: play (agents and a person), bench, show, and its errors."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIO = os.path.join(ROOT, "scenarios", "evolution", "carnivore_standoff.json")


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "speciesgym.training.cli", *args], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=600)


def test_play_prints_the_log_and_the_scores():
    out = run("play", "--game", "evolution", "--players", "3", "--seed", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("player_0: food card:") for line in lines)
    assert sum("points" in line for line in lines) == 3
    assert sum("(winner)" in line for line in lines) >= 1


def test_a_person_can_play_a_seat_by_numbers():
    out = run("play", "--players", "2", "--seed", "3", "--human", "1", "--quiet",
              stdin="1\n" * 5000)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "player_1, choose" in out.stdout and "  1) " in out.stdout
    assert sum("points" in line for line in out.stdout.splitlines()) == 2


def test_bench_prints_the_figures_as_json():
    out = run("bench", "--game", "evolution", "--players", "2", "--games", "8",
              "--aec-games", "1")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    for key in ("engine_decisions_per_s", "aec_decisions_per_s", "decisions_per_game",
                "ms_per_game"):
        assert figures[key] > 0


def test_show_renders_a_scenario():
    out = run("show", SCENARIO)
    assert out.returncode == 0, out.stderr
    assert "Carnivore, Intelligence" in out.stdout and "watering hole 3" in out.stdout
    assert "Hard Shell" not in out.stdout and "(face-down card)" in out.stdout   # spectator
    revealed = run("show", SCENARIO, "--reveal")
    assert "(Hard Shell)" in revealed.stdout


@pytest.mark.parametrize("args, message", [
    (("play", "--players", "9"), "--players: 9: both games take 2 to 6 players"),
    (("play", "--option", "climate=true"), "climate"),
    (("show", "missing.json"), "missing.json"),
])
def test_bad_input_is_a_clear_error(args, message):
    out = run(*args)
    assert out.returncode == 2 and message in out.stderr


def test_match_prints_win_shares_with_intervals_that_sum_to_one():
    from speciesgym.training.tournament.match import run_match
    rows = run_match("evolution", ["random", "heuristic:grazer"], 4, seed=3)
    assert [r["agent"] for r in rows] == ["random", "heuristic:grazer"]
    assert abs(sum(r["win_share"] for r in rows) - 1.0) < 1e-9
    assert all(r["low"] <= r["win_share"] <= r["high"] for r in rows)
    assert rows == run_match("evolution", ["random", "heuristic:grazer"], 4, seed=3)
    out = run("match", "--agents", "random,heuristic:grazer", "--games", "2")
    assert out.returncode == 0, out.stderr
    assert "win share" in out.stdout and "an equal player's share is 0.500" in out.stdout


def test_match_log_has_a_line_per_game_matching_the_totals(tmp_path):
    import json
    from speciesgym.training.tournament.match import run_match
    log = tmp_path / "games.jsonl"
    rows = run_match("evolution", ["random", "heuristic:grazer"], 3, seed=5, log=str(log))
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert [x["seed"] for x in lines] == [5, 6, 7]
    assert [x["seats"] for x in lines] == [[0, 1], [1, 0], [0, 1]]
    for i, row in enumerate(rows):
        assert abs(sum(x["shares"][i] for x in lines) / 3 - row["win_share"]) < 1e-9
    assert all(x["cpu_s"] >= 0 for x in lines)


def test_match_resumes_from_its_log_playing_only_the_missing_games(tmp_path):
    import json
    from speciesgym.training.tournament.match import run_match
    log = tmp_path / "games.jsonl"
    agents = ["random", "heuristic:grazer"]
    run_match("evolution", agents, 2, seed=5, log=str(log))        # stopped after 2 of 4
    first = log.read_text()
    rows = run_match("evolution", agents, 4, seed=5, log=str(log))
    assert log.read_text().startswith(first)                      # kept, not played again
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert [x["game"] for x in lines] == [0, 1, 2, 3]
    assert [x["seed"] for x in lines] == [5, 6, 7, 8]
    assert [x["seats"] for x in lines] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    for i, row in enumerate(rows):
        assert abs(sum(x["shares"][i] for x in lines) / 4 - row["win_share"]) < 1e-9
        assert abs(sum(x["scores"][i] for x in lines) / 4 - row["mean_score"]) < 1e-9
    again = run_match("evolution", agents, 4, seed=5, log=str(log))  # nothing left to play
    assert again == rows and len(log.read_text().splitlines()) == 4


@pytest.mark.parametrize("logged", [True, False])
def test_match_stopped_by_ctrl_c_says_what_is_kept_and_exits_130(tmp_path, monkeypatch,
                                                                  capsys, logged):
    """Ctrl-C in the third game: no traceback, exit 130, the two finished games stay in the
    log (the one in flight does not), and the message says how to go on."""
    import speciesgym.agents.runner as runner
    from speciesgym.training.cli.app import main
    real, calls = runner.play_game, []

    def third_game_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)
    monkeypatch.setattr(runner, "play_game", third_game_interrupted)
    log = tmp_path / "games.jsonl"
    argv = ["match", "--agents", "random,heuristic:grazer", "--games", "4", "--seed", "5"]
    assert main(argv + (["--log", str(log)] if logged else [])) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if logged:
        assert f"interrupted; 2 finished games are in {log}; run the same command" in err
        assert [json.loads(x)["game"] for x in log.read_text().splitlines()] == [0, 1]
    else:
        assert "without --log the finished games are not kept" in err
        assert not log.exists()


def test_match_log_of_another_match_or_malformed_is_refused_unchanged(tmp_path):
    from speciesgym.training.tournament.match import run_match
    log = tmp_path / "games.jsonl"
    run_match("evolution", ["random", "random"], 1, seed=5, log=str(log))
    before = log.read_text()
    with pytest.raises(ValueError, match="another match"):
        run_match("evolution", ["random", "heuristic:grazer"], 2, seed=5, log=str(log))
    with pytest.raises(ValueError, match="another match"):
        run_match("evolution", ["random", "random"], 2, seed=6, log=str(log))
    assert log.read_text() == before
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1 is not a game line"):
        run_match("evolution", ["random", "random"], 2, seed=5, log=str(bad))
    assert bad.read_text() == "not json\n"
    log.write_text(before + before)
    with pytest.raises(ValueError, match="game 0 a second time"):
        run_match("evolution", ["random", "random"], 2, seed=5, log=str(log))


def test_match_drops_a_line_cut_off_by_a_crash_and_replays_that_game(tmp_path):
    import json
    from speciesgym.training.tournament.match import run_match
    log = tmp_path / "games.jsonl"
    run_match("evolution", ["random", "random"], 1, seed=5, log=str(log))
    log.write_text(log.read_text() + '{"game": 1, "seed": 6, "ag')
    run_match("evolution", ["random", "random"], 2, seed=5, log=str(log))
    assert [json.loads(x)["game"] for x in log.read_text().splitlines()] == [0, 1]


def test_match_refuses_one_agent_and_zero_games():
    out = run("match", "--agents", "random")
    assert out.returncode == 2 and "at least 2" in out.stderr
    out = run("match", "--agents", "random,random", "--games", "0")
    assert out.returncode == 2 and "games must be at least 1" in out.stderr


@pytest.mark.parametrize("command", ["", "play", "bench", "show", "replay", "warm", "train",
                                     "report", "effects", "train-rllib", "match", "decisions",
                                     "tournament", "tournament-report"])
def test_every_command_prints_its_help(command, capsys):
    from speciesgym.training.cli import build_parser
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(([command] if command else []) + ["--help"])
    assert exit_.value.code == 0
    assert "usage: speciesgym" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["play"], ["match"], ["tournament"],
                                     ["decisions", "eval"], ["decisions", "leaderboard"]])
def test_commands_taking_agents_list_every_kind_of_spec(command, capsys):
    from speciesgym.agents.spec import KINDS
    from speciesgym.training.cli import build_parser
    with pytest.raises(SystemExit):
        build_parser().parse_args(command + ["--help"])
    table = capsys.readouterr().out.split("agent specs (agents/spec.py):\n")[1]
    listed = {line.split()[0].split(":")[0] for line in table.splitlines()
              if line.startswith("  ") and not line.startswith("   ")}
    assert listed == set(KINDS)


def test_commands_without_agents_leave_the_table_out(capsys):
    from speciesgym.training.cli import build_parser
    with pytest.raises(SystemExit):
        build_parser().parse_args(["report", "--help"])
    assert "agent specs" not in capsys.readouterr().out


def test_python_m_speciesgym_exits_with_the_commands_status(tmp_path):
    # recipes and proof scripts call `python -m speciesgym` under `set -e`: an error must stop them
    bad = subprocess.run([sys.executable, "-m", "speciesgym", "decisions", "rescore", "--board",
                          str(tmp_path), "--suite", str(tmp_path / "nosuch.json.gz"),
                          "--out", str(tmp_path / "out")],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert bad.returncode == 2 and "nosuch" in bad.stderr
    assert not (tmp_path / "out").exists()
    good = subprocess.run([sys.executable, "-m", "speciesgym", "report", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert good.returncode == 0 and "sweep" in good.stdout
