"""The environment pages' index tables, from the code's own layout tables: the action blocks
(`envs/<game>/actions.py` BLOCKS) and the observation pieces (`envs/<game>/observe.py` LAYOUT).

Each page is a hand-written template (`docs/gen/templates/<game>.md`) whose markers
`<!-- actions -->`, `<!-- observation -->` and `<!-- header -->` this module fills."""
from pathlib import Path

import numpy as np

from docs.gen.markdown import table
from speciesgym.envs.games import GAMES, package, submodule

TEMPLATES = Path(__file__).parent / "templates"
PLAYERS = range(2, 7)
TITLES = {"evolution": "Evolution (with Flight)", "dominant_species": "Dominant Species"}


def action_rows(game):
    blocks = submodule(game, "actions").BLOCKS
    return [(b.name, b.start, b.start + b.size - 1, b.size) for b in blocks.blocks]


def observation_rows(game):
    """(name, shape, first index, last index, size) per piece, in the vector's order."""
    layout = submodule(game, "observe").LAYOUT
    rows, start = [], 0
    for name, shape in layout:
        shape = tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)
        size = int(np.prod(shape))
        rows.append((name, shape, start, start + size - 1, size))
        start += size
    return rows


def sizes(game):
    """{players: (observation size, action count)} read from the env itself."""
    module = package(game)
    out = {}
    for n in PLAYERS:
        env = module.env(num_players=n)
        out[n] = (env.observation_space("player_0")["observation"].shape[0],
                  env.action_space("player_0").n)
    return out


def actions_table(game):
    return table(["block", "first index", "last index", "size"],
                 [(f"`{n}`", a, b, s) for n, a, b, s in action_rows(game)])


def observation_table(game):
    shape = lambda s: " x ".join(str(d) for d in s)  # noqa: E731
    return table(["piece", "shape", "first index", "last index", "size"],
                 [(f"`{n}`", shape(sh), a, b, s) for n, sh, a, b, s in observation_rows(game)])


def header_table(game):
    found = sizes(game)
    obs = {o for o, _ in found.values()}
    acts = {a for _, a in found.values()}
    if len(obs) != 1 or len(acts) != 1:
        raise ValueError(f"{game}: sizes vary with the player count: {found}")
    obs, acts = obs.pop(), acts.pop()
    rows = [("Import", f"`from speciesgym import {game}_v0`"),
            ("Actions", "Discrete"), ("Parallel API", "No (AEC only)"),
            ("Manual control", f"`speciesgym play --game {game} --human 0`"),
            ("Agents", "`player_0` .. `player_{n-1}`"), ("Agent count", "2 to 6"),
            ("Action shape", "(1,)"), ("Action values", f"0 .. {acts - 1} (`Discrete({acts})`)"),
            ("Observation shape", f"`{{\"observation\": ({obs},), \"action_mask\": ({acts},)}}`"),
            ("Observation values", "observation: `Box(-inf, inf, float32)`, its pieces scaled "
                                   "to about 0..1; action_mask: int8 0 or 1"),
            ("Observation size by players", ", ".join(f"{n}: {o}" for n, (o, _) in found.items())),
            ("Render modes", "`ansi`, `rgb_array`, `human`")]
    return table(["", ""], rows)


def readme_games():
    """README.md's table of the games: the spaces read from the envs, the decisions per game
    from benchmarks/results (bench_sources.GAME_LENGTHS)."""
    from docs.gen import bench_pages
    lengths = bench_pages.game_lengths()
    rows = []
    for game in GAMES:
        (obs, acts), = set(sizes(game).values())
        low, high = (int(f(lengths[game].values()) + 0.5) for f in (min, max))
        page = f"docs/environments/{game}.md"
        rows.append((TITLES[game], f"{min(PLAYERS)}-{max(PLAYERS)}", f"`Discrete({acts})`",
                     f"float32 ({obs},) + int8 mask ({acts},)", f"{low:,}-{high:,}",
                     f"[{page}]({page})"))
    file = f"benchmarks/results/{bench_pages.src.GAME_LENGTHS['file']}"
    return (table(("game", "players", "actions", "observation (every player count)",
                   "decisions per game (random play, 2-6 players)", "page"), rows) +
            f"\n\nDecisions per game: `{file}` "
            f"(`{bench_pages.src.GAME_LENGTHS['command']}`).")


def render(game):
    text = (TEMPLATES / f"{game}.md").read_text()
    for marker, make in (("header", header_table), ("actions", actions_table),
                         ("observation", observation_table)):
        text = text.replace(f"<!-- {marker} -->", make(game))
    return text


def pages():
    """{path relative to docs/: text} of the environment pages."""
    return {f"environments/{game}.md": render(game) for game in GAMES}
