"""`speciesgym bench --compare`: the table and JSON shape and the skip message (tiny rounds;
no timing is asserted)."""
import json
import os
import subprocess
import sys

from speciesgym.training.bench.compare import BASELINE, Contender, format_table, run_compare

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def counting_contender(name, per_game=7):
    """A contender that makes `per_game` decisions per game and records its calls."""
    calls = []

    def make():
        def play(n, seed):
            calls.append((n, seed))
            return per_game * n
        return play
    return Contender(name, make), calls


def test_missing_package_is_skipped_with_a_message_and_the_rest_is_measured():
    present, calls = counting_contender("present")
    absent = Contender("absent", lambda: None, ("no_such_module_for_speciesgym",))
    said = []
    result = run_compare([present, absent], rounds=3, round_seconds=0.001, say=said.append)
    assert said == [result["skipped"][0]["reason"]]
    assert "absent" in said[0] and "no_such_module_for_speciesgym not installed" in said[0]
    assert [row["name"] for row in result["rows"]] == ["present"]
    row = result["rows"][0]
    assert row["min"] <= row["median"] <= row["max"] and row["spread"] >= 0
    assert row["ratio_to_connect_four_v3"] is None       # no baseline in this run
    measured = calls[-3:]                                 # after the sizing calls
    assert len({seed for _, seed in measured}) == 3       # each round its own games
    table = format_table(result)
    assert "present" in table and said[0] in table


def test_rounds_alternate_the_order_of_contenders():
    order = []

    def contender(name):
        def make():
            def play(n, seed):
                order.append(name)
                return n
            return play
        return Contender(name, make)

    run_compare([contender("a"), contender("b"), contender("c")], rounds=3,
                round_seconds=0.001, say=lambda m: None)
    rounds = order[-9:]
    assert rounds[0:3] == ["a", "b", "c"] and rounds[3:6] == ["b", "c", "a"] \
        and rounds[6:9] == ["c", "a", "b"]


def test_ratio_is_to_connect_four():
    base, _ = counting_contender(BASELINE)
    other, _ = counting_contender("other", per_game=70)
    result = run_compare([base, other], rounds=1, round_seconds=0.001, say=lambda m: None)
    ratios = {row["name"]: row["ratio_to_connect_four_v3"] for row in result["rows"]}
    assert ratios[BASELINE] == 1.0 and ratios["other"] > 0


def test_cli_compare_prints_a_table_then_json():
    out = subprocess.run([sys.executable, "-m", "speciesgym.training.cli", "bench", "--compare",
                          "--players", "2", "--rounds", "1", "--round-seconds", "0.001"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    table, _, rest = out.stdout.partition("\n{")
    result = json.loads("{" + rest)
    names = [row["name"] for row in result["rows"]]
    for game in ("evolution", "dominant_species"):
        for kind in ("batched", "per call", "plain api", "aec"):
            assert f"{game} 2p {kind}" in names
            assert f"{game} 2p {kind}" in table
        memory = result["state_memory"][game]
        assert memory["state_bytes"] > 0 and memory["batch_100000_mb"] > 0
    for row in result["rows"]:
        assert row["median"] > 0 and row["cpu_median"] > 0 and set(row) >= {
            "min", "max", "spread", "ratio_to_connect_four_v3"}
    for skipped in result["skipped"]:
        assert skipped["reason"] in out.stderr and "not installed" in skipped["reason"]
    assert len(names) + len(result["skipped"]) == 13
