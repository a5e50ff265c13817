"""benchmarks/scripts/label_suites.py: each round labels one game for the suite with the
fewest clear positions, and status.txt is rewritten after every game, so a run stopped
between games (its CPU budget, a signal) leaves the status current."""
from tests.bench_scripts import load_script


def test_each_game_goes_to_the_suite_furthest_behind_and_the_status_follows_it(monkeypatch):
    script = load_script("label_suites")
    counts = {"feeding-2p": [10, 3], "evolve-2p": [4, 1]}   # positions, clear
    events = []

    def fake_build(args):
        counts[args.suite][0] += 2
        counts[args.suite][1] += 1
        events.append(("build", args.suite))

    monkeypatch.setattr(script, "build", fake_build)
    monkeypatch.setattr(script, "progress", lambda name: tuple(counts[name]))
    monkeypatch.setattr(script, "write_status",
                        lambda names: events.append(("status", dict(counts))) or [])
    script.main(["--cpu-minutes", "1000", "--suites", "feeding-2p,evolve-2p", "--clear", "4"])
    builds = [e[1] for e in events if e[0] == "build"]
    # ties in clear positions go to the suite with fewer positions
    assert builds == ["evolve-2p", "evolve-2p", "evolve-2p", "feeding-2p"]
    # a status after every game, each written once that game is in the counts
    for i, event in enumerate(events):
        if event[0] == "build":
            assert events[i + 1][0] == "status"
    assert counts == {"feeding-2p": [12, 4], "evolve-2p": [10, 4]}
