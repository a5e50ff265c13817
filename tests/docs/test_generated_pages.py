"""The pages that describe code or results say what the code and the results files say:
every generated file (python -m docs.gen) is up to date; the environment pages' index tables
match actions.py BLOCKS and observe.py LAYOUT; the observation size is the same for 2..6
players; every figure the benchmark pages and the README quote is the one in its file."""
import json
import re
from pathlib import Path

import numpy as np
import pytest

from docs.gen import __main__ as gen
from docs.gen import bench_sources
from speciesgym import dominant_species_v0, evolution_v0
from speciesgym.envs.games import submodule

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GAMES = {"evolution": evolution_v0, "dominant_species": dominant_species_v0}


def test_every_generated_page_is_what_the_code_and_results_give():
    stale = [name for name, text in gen.generated().items()
             if not (DOCS / name).exists() or (DOCS / name).read_text() != text]
    assert not stale, f"stale generated files {stale}: run python -m docs.gen and commit"


def _section_rows(text, heading):
    """The table rows (lists of cells) of the first table after `heading`."""
    body = text.split(heading, 1)[1]
    rows, started = [], False
    for line in body.splitlines():
        if line.startswith("|"):
            started = True
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif started:
            break
    return rows[2:]                                   # without head and rule


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_action_table_is_the_code_s_blocks(game):
    blocks = submodule(game, "actions").BLOCKS
    text = (DOCS / "environments" / f"{game}.md").read_text()
    rows = _section_rows(text, "## Action space")
    assert [(r[0].strip("`"), int(r[1]), int(r[2]), int(r[3])) for r in rows] == \
        [(b.name, b.start, b.start + b.size - 1, b.size) for b in blocks.blocks]
    assert int(rows[-1][2]) + 1 == blocks.n


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_observation_table_is_the_code_s_layout(game):
    observe = submodule(game, "observe")
    text = (DOCS / "environments" / f"{game}.md").read_text()
    rows = _section_rows(text, "The vector by index range")
    start = 0
    assert len(rows) == len(observe.LAYOUT)
    for row, (name, shape) in zip(rows, observe.LAYOUT):
        size = int(np.prod(shape))
        assert (row[0].strip("`"), int(row[2]), int(row[3]), int(row[4])) == \
            (name, start, start + size - 1, size)
        start += size
    assert start == observe.OBS_SIZE


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_observation_has_one_size_for_2_to_6_players_as_the_pages_say(game):
    """Evolution lays its per-seat pieces out for 6 seats, Dominant Species has a slot per
    animal: the vector is OBS_SIZE long at every table size, and the seats (or animals) not
    at the table stay zero."""
    size = submodule(game, "observe").OBS_SIZE
    for players in range(2, 7):
        env = GAMES[game].env(num_players=players)
        env.reset(seed=players)
        obs = env.observe(env.agent_selection)["observation"]
        assert env.observation_space("player_0")["observation"].shape == (size,)
        assert obs.shape == (size,) and obs.dtype == np.float32
    page = " ".join((DOCS / "environments" / f"{game}.md").read_text().split())
    assert f"**{size} for every player count (2 to 6)**" in page
    readme = (ROOT / "README.md").read_text()
    assert f"float32 ({size},)" in readme


def test_evolution_seats_not_at_the_table_stay_zero():
    from speciesgym.envs.evolution.observe import OFFSETS
    env = evolution_v0.env(num_players=2)
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)["observation"]
    players = obs[OFFSETS["players"]:OFFSETS["players"] + 6 * 6].reshape(6, 6)
    assert players[:2, 0].tolist() == [1.0, 1.0]           # present
    assert not players[2:].any()


def test_every_training_figure_is_its_report_s():
    page = (DOCS / "benchmarks" / "training.md").read_text()
    for source in bench_sources.TRAINING:
        report = json.loads((ROOT / "benchmarks" / "results" / source["file"]).read_text())
        last = max(r["step"] for r in report["rows"])
        section = page.split(f"## {source['title']}", 1)[1].split("\n## ", 1)[0]
        for row in (r for r in report["rows"] if r["step"] == last):
            figure = (f"| {row['opponent']} | {100 * row['iqm']:.1f}% [{100 * row['low']:.1f}%, "
                      f"{100 * row['high']:.1f}%]")
            assert figure in section, f"{source['file']}: {figure} not on the page"


def test_every_strength_figure_is_its_log_s():
    page = (DOCS / "benchmarks" / "strength.md").read_text()
    for source in bench_sources.STRENGTH:
        lines = [json.loads(x) for x in
                 (ROOT / "benchmarks" / "results" / source["file"]).read_text().splitlines()
                 if x.strip()]
        wins = sum(line["shares"][0] for line in lines)
        section = page.split(f"## {source['title']}", 1)[1].split("\n## ", 1)[0]
        assert f"| `{lines[0]['agents'][0]}` | {wins:g}/{len(lines)} |" in section


def test_the_readme_s_decisions_per_game_are_its_results_file_s():
    """The games table's decisions per game (random play, 2-6 players) are the least and the
    most of the `speciesgym bench` outputs in the file it names."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("<!-- games:", 1)[1].split("<!-- /games -->", 1)[0]
    file = ROOT / "benchmarks" / "results" / bench_sources.GAME_LENGTHS["file"]
    assert f"`benchmarks/results/{bench_sources.GAME_LENGTHS['file']}`" in block
    found = {}
    for piece in re.findall(r"^\{.*?^\}", file.read_text(), re.S | re.M):   # one per output
        row = json.loads(piece)
        found.setdefault(row["game"], []).append(row["decisions_per_game"])
    assert sorted(found) == ["dominant_species", "evolution"]
    for game, lengths in found.items():
        assert len(lengths) == 5
        line = next(x for x in block.splitlines() if f"environments/{game}.md" in x)
        low, high = round(min(lengths) + 1e-9), round(max(lengths) + 1e-9)
        assert f"| {low:,}-{high:,} |" in line, (game, lengths, line)


def test_the_readme_s_results_are_on_the_pages_they_link():
    readme = (ROOT / "README.md").read_text()
    block = readme.split("<!-- results:", 1)[1].split("<!-- /results -->", 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| ") and "](" in line]
    assert len(rows) >= 4
    for row in rows:
        page = re.search(r"\]\((docs/[^)]+)\)", row).group(1)
        figures = re.findall(r"\d[\d,]*\.?\d*%?", row.split("|")[3])
        text = (ROOT / page).read_text()
        for figure in figures:
            if figure.endswith("%") or "," in figure or "." in figure:
                assert figure in text, f"README figure {figure} not on {page}"


def test_the_site_s_executed_notebooks_are_the_notebooks_with_their_outputs():
    """docs/notebooks/ holds each notebook of notebooks/ executed (python -m
    docs.gen.notebooks): the same cells, and outputs kept so the site shows the plots."""
    from docs.gen.notebooks import sources
    sources_dir, copies = ROOT / "notebooks", DOCS / "notebooks"
    assert sorted(p.name for p in copies.glob("*.ipynb")) == \
        sorted(p.name for p in sources_dir.glob("*.ipynb"))
    for path in sorted(sources_dir.glob("*.ipynb")):
        copy = json.loads((copies / path.name).read_text())
        assert sources(copy) == sources(json.loads(path.read_text())), \
            f"{path.name} changed: rerun python -m docs.gen.notebooks {path.stem}"
        assert any(cell.get("outputs") for cell in copy["cells"]), path.name


def test_the_hand_written_sizes_are_the_code_s():
    """The sizes that hand-written pages quote (index, concepts, the environment pages'
    templates) are the code's: `Discrete(n)` an action count, `float32 (n,)` and
    `**n for every` an observation size, and the concepts page's sentence both of each."""
    sizes = {g: (submodule(g, "observe").OBS_SIZE, submodule(g, "actions").BLOCKS.n)
             for g in GAMES}
    actions = {a for _, a in sizes.values()}
    observations = {o for o, _ in sizes.values()}
    pages = [DOCS / "index.md", DOCS / "concepts.md", ROOT / "README.md",
             *sorted((DOCS / "gen" / "templates").glob("*.md"))]
    quoted = 0
    for page in pages:
        text = page.read_text()
        for n in re.findall(r"Discrete\((\d+)\)", text):
            assert int(n) in actions, f"{page.name}: Discrete({n})"
            quoted += 1
        for n in re.findall(r"float32 \((\d+),\)", text) + \
                re.findall(r"\*\*(\d+) for every", text):
            assert int(n) in observations, f"{page.name}: observation size {n}"
            quoted += 1
    concepts = (DOCS / "concepts.md").read_text().replace("\n  ", " ")
    found = re.search(r"Evolution (\d+) and (\d+), Dominant Species (\d+) and (\d+)", concepts)
    assert found, "concepts.md no longer quotes both games' sizes in one sentence"
    assert tuple(map(int, found.groups())) == sizes["evolution"] + sizes["dominant_species"]
    assert quoted >= 8


def test_the_readme_s_shipped_net_rows_read_the_iqm_lines_of_both_summaries(tmp_path,
                                                                           monkeypatch):
    """iqm_lines reads zoo_seeds.py's lines (opponent first) and match_summary --iqm's
    (opponent after `against`, colons and all), and refuses a file that has neither."""
    from docs.gen import bench_pages
    monkeypatch.setattr(bench_pages, "RESULTS", tmp_path)
    (tmp_path / "zoo.txt").write_text(
        "# python benchmarks/scripts/zoo_seeds.py ...\n"
        "heuristic:a  zoo:x: 0.900 [0.8, 0.95] of 200 games (evolution, 2 players)\n"
        "heuristic:a  IQM over 3 seeds: 0.880 [0.842, 0.925]\n"
        "heuristic:b  IQM over 3 seeds: 0.808 [0.790, 0.830]\n")
    (tmp_path / "match.txt").write_text(
        "  net 40/100 = 0.400 [0.309, 0.498]  (log.jsonl)\n"
        "IQM over 2 seeds against search:200cpums: 0.695 [0.640, 0.770]\n")
    (tmp_path / "none.txt").write_text("0.5 of 100 games\n")
    assert bench_pages.iqm_lines("zoo.txt") == [("heuristic:a", 3, 0.88, 0.842, 0.925),
                                                 ("heuristic:b", 3, 0.808, 0.79, 0.83)]
    assert bench_pages.iqm_lines("match.txt") == [("search:200cpums", 2, 0.695, 0.64, 0.77)]
    with pytest.raises(ValueError, match="none.txt has no 'IQM over"):
        bench_pages.iqm_lines("none.txt")


def test_the_validation_section_reads_the_proof_and_counts_the_tournament_s_games(
        tmp_path, monkeypatch):
    """The decisions page's held-out validation: the proof's correlations, with and without
    random, and the tournament's games counted from the agents' games and the table size."""
    from docs.gen import bench_pages
    proof = {"spearman": 0.5, "low": -0.2, "high": 0.85, "kendall": 0.4,
             "kendall_ci": [-0.1, 0.7], "agents": 2, "positions": 55, "games": 29,
             "without_random": {"spearman": 0.25, "ci": [-0.5, 0.75], "kendall": 0.2,
                                "kendall_ci": [-0.4, 0.6]},
             "neighbours": [{"better": "a", "worse": "random", "share": 0.97}],
             "suites": [{"name": "feeding-4p", "version": 2}],
             "rows": [{"agent": "a", "regret": 0.001, "regret_rank": 1.0, "share": 0.6,
                       "games": 300, "rating_rank": 1.0},
                      {"agent": "random", "regret": 0.01, "regret_rank": 2.0, "share": 0.2,
                       "games": 300, "rating_rank": 2.0}]}
    (tmp_path / "v").mkdir()
    (tmp_path / "v" / "proof.json").write_text(json.dumps(proof))
    monkeypatch.setattr(bench_pages, "RESULTS", tmp_path)
    monkeypatch.setattr(bench_sources, "VALIDATION", [dict(
        suite="feeding-4p", dir="v", date="d", commit="c", machine="m", players=4,
        games=1000, command="cmd")])
    text = "\n".join(bench_pages.validation_section())
    assert "### feeding-4p v2" in text
    assert "Spearman 0.500 [-0.200, 0.850], Kendall tau 0.400 [-0.100, 0.700]" in text
    assert "without random 0.250 [-0.500, 0.750] and 0.200 [-0.400, 0.600]" in text
    assert "the tournament's 150 games of the 1,000 planned" in text
    assert "1 of 1 neighbouring pairs" in text
    assert "| `random` | 0.0100 | 2 | 0.200 | 300 | 2 |" in text
