"""Decision suites (training/decisions, agents/search/label.py): labels blind to hidden
information and sharper with more simulations; builds reproducible from their seed and
resumable; stale and corrupt suites refused; a hand-made toy suite scored to known figures;
bad input a clear error."""
import gzip
import json

import numpy as np
import pytest

from speciesgym.agents.runner import make_engine
from speciesgym.agents.search.label import label_position
from speciesgym.envs.core.engine import checked_step
from tests.agents.test_search import hide_differently
from speciesgym.training.cli import main
from speciesgym.training.decisions import evaluate, load_suite
from speciesgym.training.decisions.suite import read_suite_file, write_suite
from speciesgym.training.decisions.versions import rules_hash
from speciesgym.envs.decision_kinds import decision_type
from tests.training.decision_suites import (Highest, Lowest, feeding_positions,  # noqa: F401
                                          tiny_build, tiny_suite, toy_suite, without_times)


def test_label_uses_no_hidden_information():
    """Two states that differ only in what the mover cannot see: identical samples for the
    same seed; another seed gives other samples (so the comparison could fail)."""
    rng = np.random.default_rng(3)
    checked = differs = 0
    for engine, state in feeding_positions(3, 11, 3):
        seat = engine.to_move(state)
        other = hide_differently("evolution", state, seat, rng)
        assert other.tobytes() != state.tobytes()
        a = label_position("evolution", state, seat, 6, seed=checked)
        b = label_position("evolution", other, seat, 6, seed=checked)
        c = label_position("evolution", state, seat, 6, seed=checked + 100)
        assert np.array_equal(a.actions, b.actions)
        assert np.array_equal(a.samples, b.samples)
        differs += not np.array_equal(a.samples, c.samples)
        checked += 1
    assert differs >= 1


def test_label_dominant_species_uses_no_hidden_information():
    from tests.agents.test_infoset import positions
    rng = np.random.default_rng(4)
    late = [(e, s) for e, s in positions("dominant_species", 2, seed=9, every=97)
            if e.legal_mask(s).sum() >= 2][-2:]
    for i, (engine, state) in enumerate(late):
        seat = engine.to_move(state)
        other = hide_differently("dominant_species", state, seat, rng)
        assert other.tobytes() != state.tobytes()
        a = label_position("dominant_species", state, seat, 2, seed=i)
        b = label_position("dominant_species", other, seat, 2, seed=i)
        assert np.array_equal(a.samples, b.samples)


def test_label_more_simulations_smaller_error():
    engine, state = feeding_positions(2, 5, 1)[0]
    seat = engine.to_move(state)
    few = label_position("evolution", state, seat, 8, seed=1)
    many = label_position("evolution", state, seat, 128, seed=1)
    assert few.samples.shape == (len(few.actions), 8)
    assert np.isfinite(many.se).all()
    assert many.se.mean() < few.se.mean()
    assert ((many.values >= 0) & (many.values <= 1)).all()


def test_build_is_reproducible_from_its_seed(tiny_suite, tmp_path):
    path, data = tiny_suite
    again = tiny_build(tmp_path / "again.json.gz")
    assert without_times(again) == without_times(data)
    assert len(data["positions"]) == 3
    rec = data["positions"][0]
    assert rec["legal"] and len(rec["values"]) == len(rec["legal"]) == len(rec["se"])
    assert max(rec["values"]) > min(rec["values"])             # a real decision
    assert data["budget"]["sims"] == 3 and data["engine_version"]
    other = tiny_build(tmp_path / "other.json.gz", seed=8)
    assert without_times(other) != without_times(data)


def test_build_resumes_after_interruption(tiny_suite, tmp_path):
    _, data = tiny_suite
    out = tmp_path / "resumed.json.gz"
    first = tiny_build(out, max_tasks=1)
    assert len(first["positions"]) <= 1
    journal = tmp_path / "resumed.partial.jsonl"
    with open(journal, "ab") as fh:
        fh.write(b'{"task": 1, "posi')                          # a torn last line
    resumed = tiny_build(out)
    assert without_times(resumed) == without_times(data)
    assert without_times(read_suite_file(out)) == without_times(data)
    with pytest.raises(ValueError, match="other arguments"):
        tiny_build(out, sims=4)


def test_build_records_the_cpu_time_of_the_games_whose_lines_hold_it(tmp_path):
    out = tmp_path / "cpu.json.gz"
    built = tiny_build(out)["built"]
    journal = tmp_path / "cpu.partial.jsonl"
    header, *lines = journal.read_text().splitlines()
    entries = [json.loads(line) for line in lines]
    assert built["cpu_tasks"] == built["tasks"] == len(entries)
    assert all(e["cpu_s"] >= 0 and e["seconds"] >= 0 for e in entries)
    assert built["cpu_seconds"] == round(sum(e["cpu_s"] for e in entries), 1)
    del entries[0]["cpu_s"]             # a line written before CPU time was recorded
    journal.write_text("\n".join([header] + [json.dumps(e) for e in entries]) + "\n")
    again = tiny_build(out)["built"]
    assert again["cpu_tasks"] == built["tasks"] - 1
    assert again["cpu_seconds"] == round(sum(e["cpu_s"] for e in entries[1:]), 1)
    assert again["seconds"] == round(sum(e["seconds"] for e in entries), 1)


def test_stale_suite_is_refused(tiny_suite, tmp_path):
    path, _ = tiny_suite
    assert len(load_suite(path)) == 3
    data = read_suite_file(path)
    data["positions"][1]["legal"] = data["positions"][1]["legal"][:-1]
    stale = tmp_path / "stale.json.gz"
    write_suite(data, stale)
    with pytest.raises(ValueError, match="rules changed"):
        load_suite(stale)


def test_scoring_a_toy_suite_gives_known_agreement_and_regret(tmp_path):
    suite = load_suite(toy_suite(tmp_path))
    low = evaluate(suite, Lowest())
    assert low.overall["n"] == 4 and low.overall["n_clear"] == 3
    assert low.overall["agreement"] == [1.0, 1.0, 1.0]
    assert low.overall["regret"][0] == pytest.approx(0.25 / 4, abs=1e-4)
    assert low.by_type["toy"]["regret"][0] == pytest.approx(0.25 / 2, abs=1e-4)
    high = evaluate(suite, Highest())
    assert high.overall["agreement"][0] == 0.0
    assert high.overall["regret"][0] == pytest.approx(1.5 / 4, abs=1e-4)
    lo, hi = high.overall["regret"][1:]
    assert lo <= 1.5 / 4 <= hi and lo < hi
    assert set(high.by_players) == {"2"}


class LoadingClock:
    """A stand-in for time.perf_counter that moves only when an agent works: a Loading
    agent's first decision in the process costs 10 s (compiling, loading a checkpoint), every
    decision 1 ms."""
    now = 0.0

    def __call__(self):
        return self.now


class Loading(Lowest):
    clock = LoadingClock()
    loaded = False

    def act(self, observation, action_mask):
        if not Loading.loaded:
            Loading.loaded = True
            Loading.clock.now += 10.0
        Loading.clock.now += 0.001
        return super().act(observation, action_mask)


def test_time_per_decision_leaves_out_the_first_load(tmp_path, monkeypatch):
    import importlib
    from types import SimpleNamespace
    import speciesgym.agents
    module = importlib.import_module("speciesgym.training.decisions.scoring")
    suite = load_suite(toy_suite(tmp_path))
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=Loading.clock))
    made = []
    monkeypatch.setattr(speciesgym.agents, "from_spec",
                        lambda *a, **kw: made.append(a) or Loading())
    Loading.loaded = False
    by_object = evaluate(suite, Loading())       # an agent object is timed as it comes
    assert [round(r["seconds"], 6) for r in by_object.rows] == [10.001, 0.001, 0.001, 0.001]
    Loading.loaded = False
    by_spec = evaluate(suite, "loading")         # a spec: one untimed decision first
    assert [round(r["seconds"], 6) for r in by_spec.rows] == [0.001] * 4
    assert by_spec.overall["ms_per_decision"] == 1.0
    assert len(made) == 3                        # the spec checked, the warm-up, the scored
    assert [r["chosen"] for r in by_spec.rows] == [r["chosen"] for r in by_object.rows]


def test_cli_eval_and_leaderboard(tmp_path, capsys):
    suite = toy_suite(tmp_path)
    out = tmp_path / "eval.json"
    assert main(["decisions", "eval", "--suite", str(suite), "--agent", "random",
                 "--out", str(out)]) == 0
    assert json.loads(out.read_text())["overall"]["n"] == 4
    assert "agreement" in capsys.readouterr().out
    board = tmp_path / "board"
    assert main(["decisions", "leaderboard", "--suite", str(suite), "--agents",
                 "random,heuristic:grazer", "--out", str(board)]) == 0
    lines = (board / "leaderboard.csv").read_text().splitlines()
    assert lines[0].startswith("agent,") and len(lines) == 3
    assert (board / "leaderboard.png").stat().st_size > 1000


@pytest.mark.parametrize("argv, message", [
    (["eval", "--suite", "nosuch", "--agent", "random"], "unknown suite 'nosuch'"),
    (["eval", "--suite", "/no/such/dir/x.json.gz", "--agent", "random"], "not found"),
    (["eval", "--suite", "TOY", "--agent", "heuristic:dominator"], "unknown heuristic"),
    (["eval", "--suite", "CORRUPT", "--agent", "random"], "corrupt"),
    (["build", "--suite", "feeding", "--game", "dominant_species", "--out", "X"],
     "is a evolution suite"),
    (["build", "--suite", "feeding", "--out", "x.txt"], "must end in .json.gz"),
    (["build", "--suite", "feeding", "--sims", "0", "--out", "x.json.gz"], "--sims"),
    (["build", "--suite", "feeding", "--out", "FILE/x.json.gz"], "cannot write"),
    (["leaderboard", "--suite", "TOY", "--agents", "random", "--out", "FILE/board"],
     "cannot create"),
    (["relabel", "--suite", "TOY", "--sims", "2", "--out", "x.txt"], "must end in .json.gz"),
    (["relabel", "--suite", "TOY", "--sims", "0", "--out", "x.json.gz"], "--sims"),
    (["relabel", "--suite", "nosuch", "--out", "x.json.gz"], "unknown suite 'nosuch'"),
    (["eval", "--suite", "TOY", "--agent", "random", "--address", "auto"],
     "--address is for --executor ray"),
    (["build", "--suite", "feeding", "--address", "auto", "--out", "x.json.gz"],
     "--address is for --executor ray"),
    (["agree", "TOY"], "give two suite files"),
    (["agree", "TOY", "TOY", "--min-z", "-1"], "--min-z"),
    (["agree", "--suite", "feeding", "--against", "CORRUPT"], "corrupt"),
])
def test_bad_input_is_a_clear_error(tmp_path, capsys, argv, message):
    corrupt = tmp_path / "corrupt.json.gz"
    corrupt.write_bytes(b"not a gzip file")
    (tmp_path / "file").write_text("a file, not a folder")
    toy = toy_suite(tmp_path) if "TOY" in argv else None
    argv = [{"TOY": str(toy), "CORRUPT": str(corrupt)}.get(a, a)
            .replace("FILE", str(tmp_path / "file")) for a in argv]
    assert main(["decisions", *argv]) == 2
    assert message in capsys.readouterr().err


def test_corrupt_gzip_content_is_refused(tmp_path):
    path = tmp_path / "half.json.gz"
    with gzip.open(path, "wb") as fh:
        fh.write(b'{"format": "speciesgym-decisions", "positions": [')
    with pytest.raises(ValueError, match="corrupt"):
        load_suite(path)


@pytest.mark.parametrize("name, game", [("feeding", "evolution"),
                                        ("dominance", "dominant_species"),
                                        ("feeding-2p", "evolution"),
                                        ("evolve-2p", "evolution"),
                                        ("dominance-2p", "dominant_species")])
def test_shipped_suites_are_package_data_and_fit_the_engine(name, game):
    """The shipped file is found by name, records its budget and engine version, holds the
    positions of its spec's player counts and mix, and its positions (a sample: loading all
    is the loader's job) still match the engine."""
    from speciesgym.training.decisions.suite import (engine_version, rebuild_position,
                                                     shipped_path, suite_spec)
    spec = suite_spec(name)
    data = read_suite_file(shipped_path(name))
    assert data["name"] == name and data["game"] == game and data["budget"]["sims"] >= 16
    assert data["engine_version"] == engine_version(game)
    assert data["rules_hash"] == rules_hash(game), "labelled under other rules: relabel it"
    assert all("behaviour" in p for p in data["positions"])      # so it can be restamped
    positions = data["positions"]
    assert len(positions) >= 500
    assert len({p["type"] for p in positions}) >= 5
    assert {p["players"] for p in positions} == set(spec.players)
    assert {s for p in positions for s in p["agents"]} <= set(spec.mix)
    for i in range(0, len(positions), max(len(positions) // 4, 1)):
        rebuild_position(game, positions[i], f"{name} position {i}")


def test_task_plan_cycles_the_suites_player_counts_options_and_stages():
    """The suites of every table size keep their plan (2 + t % 5 players, Flight by t // 5,
    stage by t // 10: the shipped suites replay); a 2-player suite plays only 2-player games
    and still cycles Flight and stage."""
    from speciesgym.training.decisions.build import task_plan
    from speciesgym.training.decisions.suite import suite_spec
    feeding = suite_spec("feeding")
    for t in range(40):
        players, options, stage, _ = task_plan(feeding, 0, t)
        assert players == 2 + t % 5
        assert options == {"flight": (True, False)[(t // 5) % 2]}
        assert stage == ("early", "late")[(t // 10) % 2]
    plans = [task_plan(suite_spec("feeding-2p"), 0, t)[:3] for t in range(8)]
    assert {p for p, _, _ in plans} == {2}
    assert [(o["flight"], s) for _, o, s in plans[:4]] == [
        (True, "early"), (False, "early"), (True, "late"), (False, "late")]
    assert {task_plan(suite_spec("dominance-2p"), 0, t)[0] for t in range(6)} == {2}


def test_clear_marks_are_the_suites_false_discovery_rule():
    """Benjamini-Hochberg at rate 0.1 over the suite's leads: with n positions, the k-th
    smallest two-sided p-value must be at most 0.1 k / n, and every position up to the
    largest such k is clear. Ten positions with leads 4.0, 3.2, 2.6, 2.2, 2.05 (p 6e-5,
    0.0014, 0.0093, 0.028, 0.040: under 0.01, 0.02, ..., 0.05) are clear; a lone 2.1 among
    nine zeros is not (p 0.036 > 0.01), though it passes the old fixed mark z > 2."""
    from speciesgym.training.decisions.suite import mark_clear
    leads = [4.0, 0.0, 3.2, 0.3, 2.6, 2.2, 0.5, 2.05, 1.0, 0.0]
    marked, rule = mark_clear([{"id": i, "z": z} for i, z in enumerate(leads)])
    assert [p["clear"] for p in marked] == [z > 2 for z in leads]
    assert rule == {"fdr": 0.1, "min_z": 2.0, "z": 2.05}
    lone, rule = mark_clear([{"z": 2.1}] + [{"z": 0.0}] * 9)
    assert not any(p["clear"] for p in lone) and rule["z"] is None
    # many weak leads among many nulls: only the strong survive
    crowd = [{"z": 2.3}] * 5 + [{"z": 0.0}] * 90 + [{"z": 3.5}] * 5
    marked, rule = mark_clear(crowd)
    assert sum(p["clear"] for p in marked) == 5 and rule["z"] == 3.5
    # never at or below the floor, however many strong leads
    marked, _ = mark_clear([{"z": 9.0}] * 50 + [{"z": 2.0}])
    assert not marked[-1]["clear"] and all(p["clear"] for p in marked[:50])


def test_a_built_suite_marks_clear_by_the_suite_rule(tiny_suite):
    from speciesgym.training.decisions.suite import mark_clear
    _, data = tiny_suite
    marked, rule = mark_clear(data["positions"])
    assert [p["clear"] for p in data["positions"]] == [p["clear"] for p in marked]
    assert data["clear_rule"] == rule


def test_evolve_types_name_the_decisions_before_feeding():
    """Random 2-player games with Flight: every decision before the Feeding phase has an
    evolve type and none of feeding's; feeding decisions have no evolve type; the types seen
    include the food card, the card to play and its use."""
    from speciesgym.envs.evolution.state import Phase
    engine = make_engine("evolution", 2, flight=True)
    seen = set()
    for seed in range(3):
        state = engine.new_state(seed)
        rng = np.random.default_rng(seed)
        while engine.to_move(state) >= 0:
            mask = engine.legal_mask(state)
            evolve = decision_type("evolve", state, mask)
            feeding = decision_type("feeding", state, mask)
            if int(state[0]["phase"]) < Phase.FEEDING:
                assert evolve is not None and feeding is None
                seen.add(evolve)
            else:
                assert evolve is None
            checked_step(engine, state, int(rng.choice(np.flatnonzero(mask))))
    assert {"food card", "card to play", "card use"} <= seen
    with pytest.raises(ValueError, match="unknown kind of decisions 'evolution'"):
        decision_type("evolution", state, mask)
