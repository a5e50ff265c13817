"""Tournaments survive bad bots (training/tournament/referee.py, training/tournament/executors.py): a bot that
raises, hangs, overruns its game limit, returns an illegal or non-integer action, fails to
build, or kills its own process forfeits that game (last place, the others share first,
recorded with entrant, reason and detail) and the tournament goes on, with the local
executor (one worker) and a pool of two alike. The bots are tests/training/bad_bots.py,
entered as `py:` specs; well-behaved bots get the default limits or generous ones."""
import json
import os
import warnings

import pytest

from speciesgym.training.tournament.executors import ProcessExecutor
from speciesgym.training.tournament.ratings import leaderboard
from speciesgym.training.tournament.referee import Limits
from speciesgym.training.tournament.run import Config, GameSpec, run_tournament

BOTS = "py:tests.training.bad_bots."
GOOD = ["random", BOTS + "make_random"]         # a built-in spec and a factory function
SHORT = Limits(move=1.0, game=60.0)     # a hang is caught after 1 s; random's moves take <1 ms


def tourney(executor, bad, out, limits=Limits(), games=3):
    """Entrants GOOD + [bad] in 2-player games (3 games: every pair once); the records and
    the forfeit warnings."""
    executor.limits = limits
    cfg = Config("evolution", 2, GOOD + [BOTS + bad], games, 0, {})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        records, ratings = run_tournament(cfg, out, executor=executor)
    return records, ratings, [str(w.message) for w in caught]


@pytest.mark.parametrize("bot, reason, detail", [
    ("Raises", "raised", "RuntimeError: the bot gave up"),
    ("Hang", "move-timeout", "no answer within the move limit (1 s)"),
    ("Illegal", "illegal-action", "returned 0, not one of the"),
    ("OutOfRange", "illegal-action", "legal actions"),
    ("NotAnInteger", "non-integer-action", "(float), not an action index"),
    ("Exits", "died", "the bot's process ended (exit code 7)"),
    ("BadBuild", "raised", "ValueError: no weights here"),
    ("NoAct", "raised", "made a NoAct, which has no act(observation, action_mask) method"),
])
def test_a_faulty_bot_forfeits_and_the_tournament_goes_on(executors, tmp_path, bot, reason,
                                                         detail):
    files = {}
    for name, executor in executors.items():
        out = tmp_path / name
        records, ratings, messages = tourney(executor, bot, out,
                                             SHORT if bot == "Hang" else Limits())
        assert [r["index"] for r in records] == [0, 1, 2]
        forfeits = []
        for r in records:
            if BOTS + bot not in r["entrants"]:         # the well-behaved pair: played out
                assert "forfeit" not in r and len(r["scores"]) == 2 and r["decisions"] > 50
                continue
            seat = r["entrants"].index(BOTS + bot)
            f = r["forfeit"]
            assert (f["seat"], f["entrant"], f["reason"]) == (seat, BOTS + bot, reason)
            assert detail in f["detail"] and "\n" not in f["detail"]
            assert r["ranks"][seat] == 2 and r["ranks"][1 - seat] == 1
            assert r["winners"] == [s != seat for s in range(2)] and r["scores"] is None
            built = bot not in ("BadBuild", "NoAct")
            assert (r["decisions"] >= 2) if built else (r["decisions"] == 0)
            if "record" in r:       # the worker lived to send the moves made before the fault
                game = json.loads((out / r["record"]).read_text())
                assert not game["finished"] and len(game["actions"]) <= r["decisions"]
            forfeits.append(f"game {r['index']}: {BOTS + bot} (seat {seat}) forfeits "
                            f"({reason}): {f['detail']}")
        assert len(forfeits) == 2 and sorted(messages) == sorted(forfeits)
        rows = {row["entrant"]: row for row in leaderboard(records, GOOD + [BOTS + bot],
                                                               ratings)}
        assert rows[BOTS + bot]["forfeits"] == 2 and rows[BOTS + bot]["win_rate"] == 0
        assert rows[BOTS + bot]["mu"] < min(rows[g]["mu"] for g in GOOD)
        files[name] = sorted((out / "results.jsonl").read_bytes().splitlines())
    assert files["local"] == files["pool"]


def test_a_bot_over_its_game_limit_forfeits(executors, tmp_path):
    """Slow sleeps 0.4 s a move: no move reaches the 30 s move limit, the seat's total passes
    the 1.5 s game limit within a few moves; random's total stays far below it."""
    for name, executor in executors.items():
        records, _, messages = tourney(executor, "Slow", tmp_path / name,
                                       Limits(move=30.0, game=1.5), games=1)
        (record,) = records
        f = record["forfeit"]
        assert f["entrant"] == BOTS + "Slow" and f["reason"] == "game-timeout"
        assert f["detail"] == "more than the game limit (1.5 s) in one game"
        assert record["ranks"][f["seat"]] == 2 and len(messages) == 1


def test_a_forfeited_game_is_stored_and_not_replayed(executors, tmp_path):
    out = tmp_path / "t"
    records, _, _ = tourney(executors["local"], "Raises", out)
    before = (out / "results.jsonl").read_bytes()
    again, _, messages = tourney(executors["local"], "Raises", out)
    assert again == records and messages == []
    assert (out / "results.jsonl").read_bytes() == before
    more, _, messages = tourney(executors["local"], "Raises", out, games=6)
    assert more[:3] == records and len(more) == 6 and len(messages) == 2
    assert (out / "results.jsonl").read_bytes().startswith(before)


def test_the_default_executor_enforces_the_limits_given(tmp_path):
    cfg = Config("evolution", 2, ["random", BOTS + "Hang"], 1, 0, {})
    with pytest.warns(RuntimeWarning, match=r"game 0: py:tests.training.bad_bots.Hang \(seat "
                                            r"\d\) forfeits \(move-timeout\)"):
        (record,), _ = run_tournament(cfg, tmp_path / "t", limits=SHORT)
    assert record["forfeit"]["reason"] == "move-timeout"
    with pytest.raises(ValueError, match="give them to your executor"):
        run_tournament(cfg, tmp_path / "u", executor=lambda specs: [], limits=SHORT)


class _ExitsWhenUnpickled:
    """Unpickled in the worker before any bot code: the worker dies outside the bots."""

    def __reduce__(self):
        return os._exit, (3,)


def spec(index=0, **options):
    return GameSpec(index, 123, "evolution", 2, ["random", "random"], [1, 2], options)


def test_a_failure_outside_the_bots_names_the_game_and_the_executor_goes_on(executors):
    local = executors["local"]
    with pytest.raises(RuntimeError, match=r"game 4 \(random, random\): the worker process "
                                           r"ended \(exit code 3\) while no bot was moving"):
        list(local([spec(4, boom=_ExitsWhenUnpickled())]))
    with pytest.raises(RuntimeError, match=r"(?s)game 5 \(random, random\) failed outside "
                                           r"the bots:.*climate"):
        list(local([spec(5, climate=True)]))
    (record,) = local([spec(6)])
    assert record["index"] == 6 and "forfeit" not in record and record["decisions"] > 50


def test_bad_limits_are_a_clear_error():
    for kw, message in [(dict(move=0), "move time limit"), (dict(game=-1), "game time limit"),
                        (dict(move="5"), "got '5'")]:
        with pytest.raises(ValueError, match=message):
            Limits(**kw)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        ProcessExecutor(0)


def test_cli_timeouts_and_py_agents(tmp_path, capsys):
    from speciesgym.training.cli import main
    out = tmp_path / "t"
    argv = ["tournament", "--game", "evolution", "--players", "2", "--games", "2",
            "--agents", f"random,{BOTS}Raises", "--out", str(out), "--move-timeout", "30",
            "--game-timeout", "300"]
    with pytest.warns(RuntimeWarning, match="forfeits"):
        assert main(argv) == 0
    text = capsys.readouterr().out
    assert "forf" in text and f"{BOTS}Raises" in text
    rows = json.loads((out / "leaderboard.json").read_text())
    assert {r["entrant"]: r["forfeits"] for r in rows} == {"random": 0, f"{BOTS}Raises": 2}
    for flag in ("--move-timeout", "--game-timeout"):
        bad = argv[:-4] + [flag, "0"]
        bad[bad.index("--out") + 1] = str(tmp_path / "u")
        assert main(bad) == 2
        assert "time limit must be a positive number" in capsys.readouterr().err
    assert not (tmp_path / "u").exists()
