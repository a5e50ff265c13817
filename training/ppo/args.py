"""The arguments of `speciesgym train`: one dataclass, one --flag per field.

Each field's docstring is its --help text (read from the source, cleanrl/tyro style);
`check_args` validates a filled-in Args before any work starts.
"""
import argparse
import ast
import dataclasses
import inspect
from dataclasses import dataclass, field

from speciesgym.envs.core.rewards import REWARD_MODES
from speciesgym.envs.games import GAMES
from speciesgym.training.games import parse_options  # noqa: F401  (re-exported for training.ppo.train)
from speciesgym.training.ppo.recipes import CHOICES, recipe_for

# The heuristic opponents a run trains against when --baselines is not given (beside random);
# the heuristics themselves are agents.spec.HEURISTICS.
DEFAULT_BASELINES = {"evolution": ("heuristic:grazer", "heuristic:hunter"),
                     "dominant_species": ("heuristic:dominator", "heuristic:spreader")}

VECS = ("dummy", "subproc", "batched")


@dataclass
class Args:
    game: str = "evolution"
    """game to learn: evolution or dominant_species"""
    players: int = 2
    """players at the table (2..6); the learner takes one seat, rotating between episodes"""
    timesteps: int = 1_000_000
    """total learner decisions to train for (including those of a resumed run)"""
    name: str = ""
    """run name: the run lives in runs/<name>/ (default <game>-<players>p-seed<seed>)"""
    runs_dir: str = "runs"
    """folder holding the runs"""
    seed: int = 0
    """seed of torch, numpy, the envs and the evaluation games"""
    resume: bool = False
    """continue runs/<name>/ from its last checkpoint and step count"""
    overwrite: bool = False
    """delete an existing runs/<name>/ first (without it, an existing run is an error)"""
    envs: int = 8
    """games played in parallel"""
    vec: str = "batched"
    """vectorised env: batched (every game in one state array, compiled opponents moved in
    compiled code: training.ppo.batched_env), dummy (SB3 DummyVecEnv of per-game envs,
    slower; the README's older figures were made with it) or subproc (one process per game)"""
    option: list = field(default_factory=list)
    """game options as key=value (e.g. flight=false); stored in the checkpoints"""
    reward: str = "win"
    """the env's reward mode: win, rank or score (envs.core.rewards)"""
    shaping: float = 0.0
    """potential-based shaping by the running score margin (0: only the end-of-game reward;
    see training.ppo.single_agent)"""
    baselines: str = ""
    """comma-separated opponent specs besides self-play (default: random and the heuristics)"""
    self_play: float = 0.5
    """probability that an opponent seat is a past checkpoint (once one exists)"""
    pool_size: int = 5
    """how many of the latest snapshots form the self-play pool, and how many checkpoints are
    kept (older ones of each are deleted)"""
    pool_every: int = 50_000
    """steps between snapshots of the learner added to the self-play pool (with --self-play
    above 0); independent of --checkpoint-every, so the result does not depend on it"""
    checkpoint_every: int = 50_000
    """steps between checkpoints (for --resume; they change when files are written, not the
    result)"""
    eval_every: int = 50_000
    """steps between evaluations against the baselines (0: only at the end)"""
    eval_games: int = 40
    """games per evaluation opponent (seats rotate; the same seeds every time)"""
    eval_opponents: str = ""
    """comma-separated specs to evaluate against (default: the baselines)"""
    eval_suite: str = ""
    """a decision suite (feeding, dominance or a suite file) to score the policy on at each
    evaluation: agreement and regret in eval.csv and TensorBoard (training.decisions)"""
    eval_suite_positions: int = 100
    """positions of --eval-suite scored (a fixed slice with the run's player count)"""
    net: str = "256,256"
    """hidden layer sizes of the policy network (and of the value network unless --vf-net)"""
    vf_net: str = ""
    """hidden layer sizes of the value network (empty: as --net); a smaller one makes each PPO
    step cheaper and leaves the policy, which cloning and compiled opponents read, as it is"""
    learning_rate: float = 3e-4
    """Adam step size"""
    n_steps: int = 256
    """steps per env in each rollout (a rollout is n_steps * envs decisions)"""
    batch_size: int = 512
    """minibatch size of the PPO update"""
    n_epochs: int = 4
    """passes over each rollout"""
    gamma: float = 0.999
    """discount; rewards come only at the end of a game of a few hundred decisions"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    clip_range: float = 0.2
    """PPO clip range"""
    ent_coef: float = 0.01
    """entropy bonus"""
    init: str = ""
    """a net to start the policy from instead of cloning (a `zoo:` name or a net file packed
    from a PPO checkpoint by `training.exit.ship --ppo`; training.ppo.from_net): its actor and
    critic are copied exactly and set --net / --vf-net; empty: a fresh policy"""
    pretrain: str = ""
    """comma-separated teacher specs to imitate before PPO starts (behaviour cloning,
    training.ppo.imitation; e.g. heuristic:spreader,heuristic:dominator); empty: no pretraining"""
    pretrain_games: int = 300
    """teacher games recorded for behaviour cloning (every seat's decisions are kept)"""
    pretrain_epochs: int = 10
    """passes over the recorded decisions (in each round)"""
    pretrain_rounds: int = 1
    """rounds of behaviour cloning: after the first, each round adds pretrain_games / 2
    games in which the cloned policy plays one seat and the teacher labels its decisions
    (DAgger), then fits again on everything recorded"""
    pretrain_lr: float = 1e-3
    """Adam step size of behaviour cloning"""
    threads: int = 1
    """torch threads (1 keeps runs reproducible and leaves cores to the envs)"""
    progress: bool = True
    """show a progress bar"""


def field_docs(cls):
    """{field: docstring} read from the source of a dataclass (cleanrl/tyro style)."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body
    docs = {}
    for node, nxt in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(nxt, ast.Expr) \
                and isinstance(nxt.value, ast.Constant) and isinstance(nxt.value.value, str):
            docs[node.target.id] = nxt.value.value
    return docs


def split_specs(text):
    return [s.strip() for s in text.split(",") if s.strip()]


def net_layers(text, flag="--net"):
    """--net (or --vf-net) as a list of layer sizes: positive integers separated by commas
    ("256,256")."""
    try:
        layers = [int(x) for x in str(text).split(",")]
    except ValueError:
        layers = []
    if not layers or min(layers) < 1:
        raise ValueError(f"{flag} {text!r}: give hidden layer sizes as positive integers "
                         f"separated by commas, e.g. {flag} 256,256")
    return layers


# (field, low, high, low excluded) for the numbers check_args bounds: the PPO settings,
# where a value outside the range fails only inside torch, after the run's folder exists
BOUNDS = (("self_play", 0.0, 1.0, False), ("learning_rate", 0.0, float("inf"), True),
          ("gamma", 0.0, 1.0, True), ("gae_lambda", 0.0, 1.0, False),
          ("clip_range", 0.0, float("inf"), True), ("ent_coef", 0.0, float("inf"), False),
          ("shaping", 0.0, float("inf"), False), ("eval_every", 0, float("inf"), False))


def check_args(args):
    if args.game not in GAMES:
        raise ValueError(f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
    for name in ("timesteps", "envs", "n_steps", "batch_size", "n_epochs", "checkpoint_every",
                 "pool_every", "eval_games", "pool_size", "threads", "pretrain_games",
                 "pretrain_epochs", "pretrain_rounds"):
        if getattr(args, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be at least 1")
    if args.vec not in VECS:
        raise ValueError(f"--vec must be one of {', '.join(VECS)}, got {args.vec!r}")
    if args.reward not in REWARD_MODES:
        raise ValueError(f"--reward must be one of {', '.join(REWARD_MODES)}, got {args.reward!r}")
    for name, low, high, low_open in BOUNDS:
        value = getattr(args, name)
        if not (low < value if low_open else low <= value) or value > high:
            span = f"{'(' if low_open else '['}{low}, {high}{']' if high < float('inf') else ')'}"
            raise ValueError(f"--{name.replace('_', '-')} must lie in {span}, got {value}")
    net_layers(args.net)
    if args.vf_net:
        net_layers(args.vf_net, "--vf-net")
    if args.resume and args.overwrite:
        raise ValueError("--resume and --overwrite contradict each other")
    args.name = args.name or f"{args.game}-{args.players}p-seed{args.seed}"
    return args


def default_of(f):
    return f.default if f.default is not dataclasses.MISSING else f.default_factory()


def add_arguments(parser):
    """One --flag per Args field, help from the field's docstring, and --recipe. A flag not
    given stays None here: args_from_namespace fills it from the recipe or Args' default."""
    docs = field_docs(Args)
    parser.add_argument("--recipe", choices=CHOICES, default="auto",
                        help="auto (default): flags not given come from the game's recipe "
                             "(training/ppo/recipes.py); none: from the bare defaults below")
    for f in dataclasses.fields(Args):
        flag = "--" + f.name.replace("_", "-")
        helptext = docs.get(f.name, "")
        if f.type is bool:
            parser.add_argument(flag, dest=f.name, default=None, help=helptext,
                                action=argparse.BooleanOptionalAction)
        elif f.type is list:
            parser.add_argument(flag, dest=f.name, action="append", default=None, help=helptext)
        else:
            shown = "none" if default_of(f) == "" else default_of(f)
            parser.add_argument(flag, dest=f.name, type=f.type, default=None,
                                help=f"{helptext} (default {shown}, or the recipe's)")


INIT_REPLACES = ("net", "vf_net", "pretrain")


def args_from_namespace(ns):
    """Args from parsed flags: a flag given wins, then the game's recipe (--recipe auto), then
    Args' default."""
    game = getattr(ns, "game", None) or Args.game
    recipe = recipe_for(game, getattr(ns, "recipe", "none"))
    if getattr(ns, "init", None):
        # the net's own widths replace the recipe's, and it replaces the recipe's cloning
        recipe = {k: v for k, v in recipe.items() if k not in INIT_REPLACES}
    values = {}
    for f in dataclasses.fields(Args):
        value = getattr(ns, f.name, None)
        values[f.name] = value if value is not None else recipe.get(f.name, default_of(f))
    return Args(**values)
