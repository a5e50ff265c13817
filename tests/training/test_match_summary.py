"""training/tournament/match_summary.py: logs of one match pooled by seed, per-seat split, refusals."""
import json

import pytest

from speciesgym.training.tournament.match import run_match
from speciesgym.training.tournament.match_summary import (main, read_games, seed_iqm, seed_runs,
                                                          summarise)
from speciesgym.training.stats import wilson

AGENTS = ["search:1", "random"]


def _write(path, lines):
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))


def _line(seed, first, seats, shares, scores=(10.0, 5.0), cpu=1.0, agents=AGENTS):
    return {"game": seed - first, "seed": seed, "agents": agents, "seats": seats,
            "shares": shares, "scores": list(scores), "cpu_s": cpu}


def test_two_sittings_pool_by_seed_with_seat_split(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write(a, [_line(100, 100, [0, 1], [1.0, 0.0], cpu=2.0),
               _line(101, 100, [1, 0], [0.0, 1.0], cpu=4.0)])
    _write(b, [_line(102, 102, [0, 1], [0.5, 0.5], cpu=6.0),
               _line(103, 102, [1, 0], [1.0, 0.0], cpu=8.0)])
    agents, games = read_games([str(b), str(a)])
    s = summarise(agents, games)
    first = s["agents"][0]
    assert first["wins"] == 2.5 and first["games"] == 4
    assert (first["low"], first["high"]) == wilson(2.5, 4)
    # agent 0 sat at seat 0 in seeds 100 and 102 (1 + 0.5), at seat 1 in 101 and 103 (0 + 1)
    assert [x["wins"] for x in first["per_seat"]] == [1.5, 1.0]
    assert s["seeds"] == [[100, 103]]
    assert s["cpu_s_median"] == 5.0


def test_a_seed_twice_or_another_table_is_refused(tmp_path):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    _write(a, [_line(100, 100, [0, 1], [1.0, 0.0])])
    _write(b, [_line(100, 100, [0, 1], [0.0, 1.0])])
    _write(c, [_line(101, 100, [1, 0], [1.0, 0.0], agents=["random", "search:1"])])
    with pytest.raises(ValueError, match="seed 100, already in"):
        read_games([str(a), str(b)])
    with pytest.raises(ValueError, match="another table of agents"):
        read_games([str(a), str(c)])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert main([str(bad)]) == 2


def test_seed_runs_show_gaps():
    assert seed_runs([5, 1, 2, 3, 7]) == [[1, 3], [5, 5], [7, 7]]


def test_a_real_match_log_summarises_to_the_match_figures(tmp_path, capsys):
    log = tmp_path / "m.jsonl"
    rows = run_match("evolution", ["heuristic:grazer", "random"], 4, seed=50, log=str(log))
    agents, games = read_games([str(log)])
    s = summarise(agents, games)
    for row, got in zip(rows, s["agents"]):
        assert got["win_share"] == pytest.approx(row["win_share"])
        assert got["mean_score"] == pytest.approx(row["mean_score"])
    assert main([str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4


def test_seed_iqm_over_one_log_per_training_seed(tmp_path, capsys):
    """Three seeds of a learned agent against the same opponent: each seed's share, then
    the IQM over the three (all three: a quarter of 3 rounds down to none cut) with its
    bootstrap interval; a log against another opponent is refused by name."""
    logs = []
    for k, wins in enumerate((1, 2, 3)):
        log = tmp_path / f"s{k}.jsonl"
        agents = [f"ppo:s{k}.zip", "search:1"]
        _write(log, [_line(300 + g, 300, [g % 2, 1 - g % 2],
                           [1.0, 0.0] if g < wins else [0.0, 1.0], agents=agents)
                     for g in range(4)])
        logs.append(str(log))
    s = seed_iqm(logs)
    assert [p["win_share"] for p in s["seeds"]] == [0.25, 0.5, 0.75]
    assert s["iqm"] == pytest.approx(0.5) and s["low"] <= 0.5 <= s["high"]
    assert s["opponents"] == ["search:1"] and s["seeds"][1]["agent"] == "ppo:s1.zip"
    assert main(["--iqm"] + logs) == 0
    out = capsys.readouterr().out
    assert "IQM over 3 seeds against search:1: 0.500" in out
    other = tmp_path / "other.jsonl"
    _write(other, [_line(300, 300, [0, 1], [1.0, 0.0], agents=["ppo:s3.zip", "random"])])
    assert main(["--iqm"] + logs + [str(other)]) == 2
    assert "other opponents" in capsys.readouterr().err
