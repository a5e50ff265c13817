"""benchmarks/scripts/search_sims_per_move.py: the simulation counts it reports are the
search's own (a fixed-count search runs its count on every move), and an agent that does not
search is refused by name."""
import pytest

from tests.bench_scripts import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("search_sims_per_move")


def test_fixed_count_search_reports_its_count(script, capsys):
    script.main(["--game", "evolution", "--search", "search:8", "--opponent", "random",
                 "--games", "1"])
    out = capsys.readouterr().out
    assert "simulations per move mean 8, median 8, interquartile 8 to 8" in out


def test_an_agent_that_does_not_search_is_refused(script):
    with pytest.raises(SystemExit, match="'random' is not a search agent"):
        script.main(["--game", "evolution", "--search", "random", "--opponent", "random",
                     "--games", "1"])
