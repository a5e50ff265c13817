"""The speed benchmark of the compiled search against the Python MCTS (agents.search.bench):
its rates are read from the clock it is given, and the command prints one row per game,
player count and cap under a line naming the clock. No figure is checked (speed is measured
by running the command, never by a test)."""
import itertools

import pytest

from speciesgym.agents.search import bench


class Counting:
    """An agent that records its calls and always plays its first legal action."""

    def __init__(self):
        self.calls = 0

    def act(self, observation, action_mask, infoset=None):
        self.calls += 1
        return int(action_mask.argmax())


def test_sims_per_second_reads_the_clock_it_is_given():
    cases = bench.positions("evolution", 2, 3)
    ticks = itertools.count(10.0, 2.5)          # 2.5 "seconds" between two readings
    agent = Counting()
    rate = bench.sims_per_second(agent, cases, 40, clock=lambda: next(ticks))
    assert agent.calls == 3
    assert rate == 40 * 3 / 2.5


def test_positions_are_decisions_with_a_choice():
    cases = bench.positions("dominant_species", 2, 4)
    assert len(cases) == 4
    for engine, state, seat in cases:
        assert engine.to_move(state) == seat
        assert engine.legal_mask(state).sum() > 1


def test_cpu_flag_prints_its_clock_and_one_row_per_cap(capsys):
    bench.main(["--game", "evolution", "--players", "2", "--caps", "4", "1", "--positions",
                "1", "--mcts-sims", "2", "--search-sims", "4", "--cpu"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "clock: CPU time of this process"
    rows = [line.split() for line in lines[2:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [("evolution", "2", "4"), ("evolution", "2", "1")]
    for r in rows:
        py, jit, ratio = float(r[4]), float(r[5]), float(r[6])
        assert py > 0 and jit > 0
        assert abs(ratio - jit / py) <= 0.05 + 0.01 * ratio   # printed rounded


def test_wall_clock_is_the_default(capsys):
    bench.main(["--game", "evolution", "--players", "2", "--caps", "2", "--positions", "1",
                "--mcts-sims", "1", "--search-sims", "2"])
    assert capsys.readouterr().out.splitlines()[0] == "clock: wall time"


def test_repeat_names_itself_and_rejects_zero(capsys):
    bench.main(["--game", "dominant_species", "--players", "2", "--caps", "2", "--positions",
                "1", "--mcts-sims", "1", "--search-sims", "2", "--repeat", "2", "--cpu"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "clock: CPU time of this process, best of 2"
    assert len(out) == 3
    with pytest.raises(SystemExit):
        bench.main(["--repeat", "0"])
    assert "--repeat must be >= 1" in capsys.readouterr().err
    with pytest.raises(ValueError, match="repeat must be >= 1"):
        bench.bench("evolution", 2, 1, 1, 1, 2, repeat=0)


def test_net_adds_the_guided_search_and_its_ratio(capsys):
    """--net alone: an untrained net of the --hidden widths; the net line names it, each row
    adds the guided search's rate and its ratio to the plain search (rounded); --mcts-sims 0
    leaves the Python MCTS out."""
    bench.main(["--game", "evolution", "--players", "2", "--caps", "4", "--positions", "1",
                "--mcts-sims", "0", "--search-sims", "4", "--net", "--hidden", "16", "--lam",
                "0", "--root", "gumbel", "--cpu"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1] == "net: untrained (hidden 16), lam 0, root gumbel"
    assert lines[2].split()[-3:] == ["net", "sims/s", "net/plain"]
    row = lines[3].split()
    assert row[:3] == ["evolution", "2", "4"] and row[4] == "-" and row[6] == "-"
    jit, netted, ratio = float(row[5]), float(row[7]), float(row[8])
    assert jit > 0 and netted > 0
    assert abs(ratio - netted / jit) <= 0.005 + 0.01 * ratio


def test_net_file_is_checked_against_the_game(tmp_path, capsys):
    """A net file serves its own game under --game both; a file for another game, or no
    file, stops the command naming it."""
    from speciesgym.agents.search.agent import glue
    from speciesgym.agents.net.mlp import untrained
    g = glue("evolution")
    path = tmp_path / "evo.npz"
    untrained("evolution", 2, g.OBS_SIZE, g.N_ACTIONS, (8,)).save(path)
    assert bench.net_for(str(path)).game == "evolution"
    with pytest.raises(ValueError, match="evo.npz: a net for evolution"):
        bench.net_for(str(path), "dominant_species")
    for net, msg in ((str(path), "evo.npz: a net for evolution"),
                     (str(tmp_path / "none.npz"), "not a policy/value net file")):
        with pytest.raises(SystemExit):
            bench.main(["--game", "dominant_species", "--net", net])
        assert msg in capsys.readouterr().err


def test_net_depth_names_itself_and_is_checked(capsys):
    """--net-depth 1 (the net at the root alone) is named on the net line; a depth below 1,
    or one with the Gumbel root, stops the command naming the option."""
    bench.main(["--game", "evolution", "--players", "2", "--caps", "4", "--positions", "1",
                "--mcts-sims", "0", "--search-sims", "4", "--net", "--hidden", "8",
                "--net-depth", "1", "--cpu"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1] == "net: untrained (hidden 8), lam 0.5, root puct, net depth 1"
    assert float(lines[3].split()[7]) > 0
    for bad in (["--net-depth", "0"], ["--net-depth", "2", "--root", "gumbel"]):
        with pytest.raises(SystemExit):
            bench.main(["--game", "evolution", "--net"] + bad)
        assert "--net-depth must be >= 1" in capsys.readouterr().err
