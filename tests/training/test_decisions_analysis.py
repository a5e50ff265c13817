"""training/decisions/analysis.py: agreement per type and agent, regret quantiles, the worst
positions of an agent and their text, the plots; on the hand-made toy suite of
tests/training/test_decisions.py, whose figures are known."""
import matplotlib
import pytest

from tests.training.decision_suites import Highest, Lowest, toy_suite
from speciesgym.training.decisions import evaluate, load_suite
from speciesgym.training.decisions.analysis import (describe, plot_regret_distribution,
                                         plot_type_agreement, regret_quantiles,
                                         type_agreement, worst_positions)

matplotlib.use("Agg")


@pytest.fixture
def scored(tmp_path):
    suite = load_suite(toy_suite(tmp_path))
    return suite, [evaluate(suite, Lowest()), evaluate(suite, Highest())]


def test_type_agreement_and_regret_quantiles(scored):
    """Clear toy positions 0, 1, 2 have types other, toy, other; the lowest action is their
    best, the highest the best of the unclear position 3 (by 0.25)."""
    _, (low, high) = scored
    table = type_agreement([low, high])
    assert list(table) == ["other", "toy"]                       # most clear positions first
    assert table["other"]["lowest"][0] == 1.0 and table["other"]["lowest"][3] == 2
    assert table["toy"]["highest"] == (0.0, 0.0, 0.0, 1)
    q = regret_quantiles(low)
    assert q["zero"] == 0.75 and q["q50"] == 0.0 and q["q99"] == pytest.approx(0.25, abs=0.01)
    assert regret_quantiles(high)["zero"] == 0.25


def test_worst_positions_name_the_chosen_and_best_actions(scored):
    suite, (_, high) = scored
    worst = worst_positions(high, suite, k=2)
    assert [w["id"] for w in worst] == ["toy-0", "toy-1"]        # regret 0.5 each, suite order
    for w in worst:
        assert w["regret"] == pytest.approx(0.5)
        values = [a[2] for a in w["actions"]]
        assert values == sorted(values, reverse=True)
        assert w["actions"][0][4] == "best"
        chosen = [a for a in w["actions"] if a[4] == "chosen"]
        assert len(chosen) == 1 and chosen[0][0] == w["position"].legal[-1]
    text = describe(worst[0])
    assert "<- best" in text and "<- chosen" in text and "FEEDING" in text
    assert "seat" in text and "regret 0.500" in text


def test_plots_draw_a_bar_per_type_and_agent_and_a_curve_per_agent(scored):
    import matplotlib.pyplot as plt
    _, results = scored
    ax = plot_type_agreement(results)
    assert len(ax.patches) == 2 * 2                               # 2 types x 2 agents
    assert [t.get_text() for t in ax.get_yticklabels()] == ["other (2)", "toy (1)"]
    ax2 = plot_regret_distribution(results)
    assert len(ax2.lines) == 2
    plt.close("all")
