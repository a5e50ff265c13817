"""The recipes `speciesgym train` starts from.

A recipe is a set of flag values, per game, found by multi-seed sweeps (README, "A recipe that
holds across seeds"); `speciesgym train` fills every flag the command line does not give from
its game's recipe (`--recipe auto`, the default), and `--recipe none` gives the bare defaults
of `Args` (what `Args()` is in Python). Flags given on the command line always win. No recipe
sets an evaluation cadence or a checkpoint interval: those only change when figures and files
are written, never the result (the self-play pool has its own cadence, `pool_every`: the
checkpoint interval the recipe's sweep ran with, so its figures replay).

- evolution: behaviour cloning of heuristic:flyer (two DAgger rounds), then 300k PPO steps
  against the three heuristics and past checkpoints (benchmarks/scripts/
  evolution_flyer_clone_seeds.sh: 4-5 of 5 seeds past 55% against each heuristic, 2 players).
- dominant_species: behaviour cloning of heuristic:spreader (500 games, two DAgger rounds),
  then 4.5M conservative PPO steps with a 64,64 value network beside the 256,256 policy
  (benchmarks/scripts/dominant_species_spreader_clone_seeds.sh: 4 of 5 seeds past 55% against
  each heuristic at 4.5M steps, 53-63 CPU-minutes per seed, 2 players). A second run of the
  recipe started from that net (`--init`, benchmarks/scripts/dominant_species_two_stage.sh)
  went on learning faster than the first's last steps; its seed 0 ships as
  zoo:dominant_species-2p (docs: Benchmarks, Strength).
"""
RECIPES = {
    "evolution": {
        "timesteps": 300_000, "net": "128,128", "learning_rate": 3e-4, "ent_coef": 0.001,
        "clip_range": 0.1, "shaping": 2.0, "self_play": 0.3, "pool_every": 50_000,
        "baselines": "heuristic:grazer,heuristic:hunter,heuristic:flyer",
        "pretrain": "heuristic:flyer", "pretrain_games": 200, "pretrain_epochs": 5,
        "pretrain_rounds": 2,
    },
    "dominant_species": {
        "timesteps": 4_500_000, "net": "256,256", "vf_net": "64,64", "learning_rate": 1e-4,
        "ent_coef": 0.001,
        "clip_range": 0.1, "shaping": 2.0, "self_play": 0.2, "pool_every": 100_000,
        "baselines": "heuristic:spreader,heuristic:dominator",
        "pretrain": "heuristic:spreader", "pretrain_games": 500, "pretrain_epochs": 6,
        "pretrain_rounds": 3,
    },
}
SCRIPTS = {"evolution": "evolution_flyer_clone_seeds.sh",
           "dominant_species": "dominant_species_spreader_clone_seeds.sh"}
CHOICES = ("auto", "none")


def recipe_for(game, choice):
    """The flag values `choice` ("auto": the game's recipe, "none": nothing) fills in."""
    if choice not in CHOICES:
        raise ValueError(f"--recipe must be one of {', '.join(CHOICES)}, got {choice!r}")
    return dict(RECIPES.get(game, {})) if choice == "auto" else {}
