"""Tournaments: a balanced seeded schedule, deterministic and resumable results files (the
same with one worker or two), ratings (heuristics above random, the same from the file), the
command line and its errors. Most games are played by the shared executors of conftest.py;
bad bots are in test_tournament_faults.py."""
import json
import re
import shutil
from collections import Counter

import pytest

from speciesgym.training.cli import main
from speciesgym.training.stats import wilson
from speciesgym.training.tournament.ratings import Ratings, leaderboard, rate_records
from speciesgym.training.records.record import load_record, replay_record
from speciesgym.training.tournament.run import (Config, load, play_spec, read_results, run_tournament,
                                 table)

EVO3 = ["random", "heuristic:grazer", "heuristic:hunter"]


def config(games, players=2, agents=EVO3, seed=0, **options):
    return Config("evolution", players, list(agents), games, seed, options)


def lines(out):
    return (out / "results.jsonl").read_bytes().splitlines(keepends=True)


def snapshot(out):
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}


@pytest.mark.parametrize("entrants, players", [(3, 3), (4, 2), (5, 3), (6, 4)])
def test_every_entrant_sits_every_seat_equally(entrants, players):
    cfg = config(0, players, [f"e{i}" for i in range(entrants)])
    for games in (entrants * 4, entrants * 4 + 2):
        seats = Counter((e, s) for g in range(games) for s, e in enumerate(table(cfg, g)))
        for e in cfg.agents:
            counts = [seats[(e, s)] for s in range(players)]
            assert max(counts) - min(counts) <= 1, (e, counts)
            if games % entrants == 0:
                assert counts == [games // entrants] * players
        assert all(len(set(table(cfg, g))) == players for g in range(games))


def test_tables_are_drawn_from_the_seed():
    tables = [tuple(tuple(table(config(0, 2, [f"e{i}" for i in range(5)], seed=s), g))
                    for g in range(20)) for s in (0, 1)]
    assert tables[0] != tables[1]
    assert len(set(tables[0])) > 5


def test_same_seed_same_results_file(tmp_path, executors):
    local = executors["local"]
    run_tournament(config(4), tmp_path / "a", executor=local)
    run_tournament(config(4), tmp_path / "b", executor=local)
    run_tournament(config(4, seed=1), tmp_path / "c", executor=local)
    assert lines(tmp_path / "a") == lines(tmp_path / "b")
    assert lines(tmp_path / "a") != lines(tmp_path / "c")
    first = json.loads(lines(tmp_path / "a")[0])
    assert set(first) == {"index", "seed", "entrants", "scores", "winners", "ranks",
                          "decisions", "record"}
    assert first["decisions"] > 10 and first["ranks"][first["winners"].index(True)] == 1
    # each game's record replays to the scores of its results line
    for line in lines(tmp_path / "a"):
        result = json.loads(line)
        game = load_record(tmp_path / "a" / result["record"])
        assert game["agents"] == result["entrants"] and len(game["actions"]) == \
            result["decisions"]
        engine, state = replay_record(game)
        assert engine.final(state)[0].tolist() == result["scores"]


def test_a_longer_run_resumes_a_shorter_one(tmp_path, executors):
    local = executors["local"]
    run_tournament(config(3), tmp_path / "r", executor=local)
    three = lines(tmp_path / "r")
    records, _ = run_tournament(config(6), tmp_path / "r", executor=local)
    run_tournament(config(6), tmp_path / "fresh", executor=local)
    assert len(three) == 3 and lines(tmp_path / "r")[:3] == three
    assert lines(tmp_path / "r") == lines(tmp_path / "fresh")
    assert [r["index"] for r in records] == list(range(6))
    assert json.loads((tmp_path / "r" / "tournament.json").read_text())["games"] == 6
    again, _ = run_tournament(config(6), tmp_path / "r", executor=local)   # nothing to play
    assert again == records and len(lines(tmp_path / "r")) == 6


def test_pool_of_two_workers_gives_the_same_games(tmp_path, executors):
    run_tournament(config(4), tmp_path / "one", executor=executors["local"])
    run_tournament(config(4), tmp_path / "two", workers=2)      # its own pool, then closed
    assert sorted(lines(tmp_path / "one")) == sorted(lines(tmp_path / "two"))
    records, _ = run_tournament(config(4), tmp_path / "three", executor=play_spec_executor)
    assert sorted(lines(tmp_path / "one")) == sorted(lines(tmp_path / "three"))


def play_spec_executor(specs):
    """Games played in this process (no limits enforced), for comparison."""
    return map(play_spec, specs)


def test_an_unfinished_last_line_is_dropped_and_replayed(tmp_path, executors):
    out = tmp_path / "t"
    run_tournament(config(4), out, executor=executors["local"])
    whole = lines(out)
    (out / "results.jsonl").write_bytes(b"".join(whole[:3]) + whole[3][:25])
    assert len(read_results(out / "results.jsonl")[0]) == 3
    with pytest.warns(RuntimeWarning, match="unfinished last line"):
        records, _ = run_tournament(config(4), out, executor=executors["local"])
    assert lines(out) == whole and len(records) == 4


@pytest.fixture(scope="module")
def three_games(tmp_path_factory, _executors):
    """A finished 3-game tournament folder (copy it before changing it)."""
    out = tmp_path_factory.mktemp("three") / "t"
    run_tournament(config(3), out, executor=_executors["local"])
    return out


@pytest.mark.parametrize("change, message", [
    (lambda r: b"{not json", "line 2 is not JSON"),
    (lambda r: r.replace(b'"index": 1', b'"index": "1"'),
     "line 2 is not a result record (index '1' is not a game number"),
    (lambda r: r.replace(b'"index": 1', b'"index": 1.5'), "index 1.5 is not a game number"),
    (lambda r: r.replace(b'"index": 1', b'"index": true'), "index True is not a game number"),
    (lambda r: r.replace(b'"index": 1', b'"index": -1'), "index -1 is not a game number"),
    (lambda r: r.replace(b'"index": 1, ', b''), "line 2 is not a result record (no index)"),
    (lambda r: b"[1, 2]", "line 2 is not a result record (a JSON list, not an object)"),
    (lambda r: r.replace(b'"ranks": [', b'"ranks": [3, '), "is not one integer per seat"),
])
def test_a_malformed_line_in_the_middle_is_an_error_changing_nothing(tmp_path, executors,
                                                                     three_games, change,
                                                                     message):
    out = tmp_path / "t"
    shutil.copytree(three_games, out)
    whole = lines(out)
    record = next(x for x in whole if b'"index": 1,' in x)
    others = [x for x in whole if x is not record]
    (out / "results.jsonl").write_bytes(others[0] + change(record.rstrip(b"\n")) + b"\n"
                                        + others[1])
    before = snapshot(out)
    path = str(out / "results.jsonl")
    for attempt in (lambda: run_tournament(config(5), out, executor=executors["local"]),
                    lambda: load(out)):
        with pytest.raises(ValueError) as err:
            attempt()
        assert str(err.value).startswith(f"{path} line 2 ") and message in str(err.value)
        assert "\n" not in str(err.value)
    assert snapshot(out) == before


@pytest.mark.parametrize("content, message", [
    (b"", "tournament.json is empty, not a tournament config"),
    (b"  \n", "tournament.json is empty, not a tournament config"),
    (b'{"game": "evolution"', "tournament.json is not JSON"),
    (b'{"game": "evolution"}', "tournament.json is not a tournament config (it needs game, "
                               "players, agents, games)"),
    (b"[]", "tournament.json is not a tournament config"),
])
def test_an_empty_or_broken_config_file_is_a_clear_error_changing_nothing(tmp_path, capsys,
                                                                         content, message):
    out = tmp_path / "t"
    out.mkdir()
    (out / "tournament.json").write_bytes(content)
    before = snapshot(out)
    with pytest.raises(ValueError, match=re.escape(message)):
        load(out)
    argv = ["tournament", "--game", "evolution", "--players", "2", "--agents", ",".join(EVO3),
            "--games", "2", "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{out / 'tournament.json'}" in err and message in err and err.count("\n") == 1
    assert snapshot(out) == before


@pytest.mark.parametrize("change, message", [
    (dict(players=3), "players: stored 2, asked 3"),
    (dict(seed=4), "seed: stored 0, asked 4"),
    (dict(agents=EVO3[:2]), "agents"),
    (dict(flight=False), "options"),
])
def test_another_config_in_the_same_folder_is_an_error_changing_nothing(tmp_path, executors,
                                                                       change, message):
    out = tmp_path / "t"
    run_tournament(config(2), out, executor=executors["local"])
    before = snapshot(out)
    kw = dict(games=2, players=2, agents=EVO3, seed=0)
    kw.update(change)
    with pytest.raises(ValueError, match=message):
        run_tournament(config(**kw), out, executor=executors["local"])
    assert snapshot(out) == before


@pytest.fixture(scope="module")
def heuristics_vs_random(tmp_path_factory, _executors):
    """45 two-player games: each entrant plays 30, 15 against each other entrant."""
    out = tmp_path_factory.mktemp("ratings") / "t"
    records, live = run_tournament(config(45), out, executor=_executors["pool"])
    return out, records, live


def test_heuristics_are_rated_above_random(heuristics_vs_random):
    _, records, live = heuristics_vs_random
    rows = {r["entrant"]: r for r in leaderboard(records, EVO3, live)}
    rand = rows["random"]
    assert [r["entrant"] for r in leaderboard(records, EVO3, live)][-1] == "random"
    assert rand["games"] == 30 and rand["win_rate"] < 0.2
    for name in EVO3[1:]:
        assert rows[name]["mu"] > rand["mu"] + 5
        assert rows[name]["win_low"] > rand["win_high"]
        assert rows[name]["mean_rank"] < rand["mean_rank"]


def test_ratings_from_the_file_equal_the_live_ones(heuristics_vs_random):
    out, records, live = heuristics_vs_random
    stored_config, stored = load(out)
    assert stored_config.agents == EVO3 and len(stored) == 45
    again = rate_records(stored, stored_config.agents)
    assert again.snapshot() == live.snapshot() and again.history == live.history
    assert live.snapshot() != Ratings(EVO3).snapshot()


def test_games_finishing_out_of_order_are_rated_in_game_order(tmp_path):
    def backwards(specs):
        return reversed([play_spec(s) for s in specs])
    records, live = run_tournament(config(6), tmp_path / "t", executor=backwards)
    assert [json.loads(x)["index"] for x in lines(tmp_path / "t")] == [5, 4, 3, 2, 1, 0]
    assert live.history == rate_records(records, EVO3).history
    assert live.history != rate_records(records[::-1], EVO3).history[::-1]


def test_tied_players_share_a_rank():
    ratings = Ratings(["a", "b", "c"])
    ratings.add({"index": 0, "entrants": ["a", "b", "c"], "ranks": [1, 1, 3]})
    now = ratings.snapshot()
    assert now["a"] == now["b"] and now["a"][0] > 25 > now["c"][0]


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)
    assert wilson(0, 0) == (0, 1) and wilson(3, 10)[1] < wilson(3, 5)[1]


def test_dominant_species_tournament(tmp_path, executors):
    cfg = Config("dominant_species", 2, ["random", "heuristic:spreader"], 2, 0, {})
    records, live = run_tournament(cfg, tmp_path / "t", executor=executors["local"])
    assert len(records) == 2 and all(r["decisions"] > 50 for r in records)
    assert live.snapshot()["heuristic:spreader"][0] > live.snapshot()["random"][0]


def test_a_ppo_entrant_plays_and_a_retrained_checkpoint_is_refused(tmp_path, executors):
    from speciesgym.training.ppo.train import Args, train
    tiny = dict(game="evolution", players=2, envs=2, n_steps=64, batch_size=64, n_epochs=1,
                net="32,32", timesteps=64, checkpoint_every=64, eval_every=0,
                baselines="random", progress=False, runs_dir=str(tmp_path), name="p")
    train(Args(**tiny))
    spec = f"ppo:{tmp_path / 'p' / 'final.zip'}"
    out = tmp_path / "t"
    records, _ = run_tournament(config(2, agents=[spec, "random"]), out,
                                executor=executors["local"])
    assert "forfeit" not in records[0]
    assert sorted(records[0]["entrants"]) == sorted([spec, "random"])
    with pytest.raises(ValueError, match="trained with options"):
        run_tournament(config(2, agents=[spec, "random"], flight=False), tmp_path / "u")
    train(Args(**dict(tiny, seed=7, overwrite=True)))
    before = snapshot(out)
    with pytest.raises(ValueError, match="checkpoints: stored"):
        run_tournament(config(2, agents=[spec, "random"]), out)
    assert snapshot(out) == before and not (tmp_path / "u").exists()


def test_cli_prints_and_writes_the_leaderboard(tmp_path, capsys):
    out = tmp_path / "t"
    argv = ["tournament", "--game", "evolution", "--players", "2", "--agents",
            ",".join(EVO3), "--games", "3", "--out", str(out), "--option", "flight=false",
            "--plot"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "ordinal" in text and all(name in text for name in EVO3)
    rows = json.loads((out / "leaderboard.json").read_text())
    assert sorted(r["entrant"] for r in rows) == sorted(EVO3)
    assert (out / "leaderboard.csv").read_text().startswith("entrant,games,win_rate")
    assert (out / "ratings.png").stat().st_size > 1000
    assert (out / "head_to_head.png").stat().st_size > 1000     # the report, written at the end
    assert (out / "seats.csv").read_text().startswith("seat,games,win_share")
    assert json.loads((out / "tournament.json").read_text())["options"] == {"flight": False}


@pytest.mark.parametrize("args, message", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--agents", "random,heuristic:sleeper"], "heuristic:sleeper"),
    (["--agents", "random,dragon"], "dragon"),
    (["--agents", "random"], "at least 2 entrants"),
    (["--agents", "random,random"], "listed twice: random"),
    (["--agents", "random,py:nosuchmodule_xyz.Bot"], "cannot import 'nosuchmodule_xyz'"),
    (["--agents", "random,py:tests.training.bad_bots.Nope"], "has no 'Nope'"),
    (["--players", "7"], "players must be an integer from 2 to 6, got 7"),
    (["--players", "1"], "got 1"),
    (["--games", "0"], "games must be at least 1"),
    (["--workers", "0"], "workers must be at least 1"),
    (["--option", "climate=true"], "climate"),
])
def test_bad_input_is_a_clear_error_changing_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "t"
    base = {"--game": "evolution", "--players": "2", "--agents": "random,heuristic:grazer",
            "--games": "2", "--out": str(out)}
    for key, value in zip(args[::2], args[1::2]):
        base[key] = value
    argv = ["tournament"] + [x for kv in base.items() for x in kv]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_ranks_follow_scores_and_winners_rank_first(heuristics_vs_random):
    _, records, _ = heuristics_vs_random
    for r in records:
        winner = r["winners"].index(True)
        assert r["ranks"][winner] == 1 and r["scores"][winner] == max(r["scores"])
        for i, j in [(0, 1), (1, 0)]:
            if r["scores"][i] > r["scores"][j]:
                assert r["ranks"][i] < r["ranks"][j]
