"""The commands that show games: `play` (agents, or you in a seat, at the terminal), `show`
(a scenario or a recorded position as text or a picture), `replay` (a record move by move, or
a replay page) and `zoo` (the shipped nets)."""
from speciesgym.training.arguments import output_file, player_count, positive_int
from speciesgym.training.cli.warm import compile_if_cold
from speciesgym.training.games import GAMES, game_module


def cmd_play(args):
    from speciesgym.training.cli.play import run_play
    compile_if_cold(args.game)
    return run_play(args)


def scenario_source(path, game=None):
    """(game, scenario dict without "game", whether the game was guessed) of a scenario file:
    the game its "game" field names, else `game` (--game), else evolution; a file naming
    another game than --game is an error."""
    from speciesgym.envs.core.scenario import load_json
    data = load_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"scenario file {path}: must hold a JSON object")
    named = data.get("game")
    if named is not None and named not in GAMES:
        raise ValueError(f"scenario file {path}: field 'game' is {named!r}; "
                         f"known games: {', '.join(GAMES)}")
    if named and game and named != game:
        raise ValueError(f"scenario file {path} is a {named} scenario, not {game} (--game)")
    rest = {k: v for k, v in data.items() if k != "game"}
    return named or game or "evolution", rest, not (named or game)


def cmd_show(args):
    engine, state = _shown_position(args)
    if args.out:
        from speciesgym.envs.core.picture import save_figure
        fig = engine.picture(state, viewer=args.viewer, reveal=args.reveal)
        print(f"wrote {save_figure(fig, args.out)}")
    else:
        print(engine.render_text(state, viewer=args.viewer, reveal=args.reveal))
    return 0


def cmd_zoo(args):
    from speciesgym.agents.zoo import listing
    print(listing())
    return 0


def _shown_position(args):
    """(engine, state) of `show`'s file: a scenario, or a game record at --move."""
    from speciesgym.training.records.record import FORMAT, load_record, replay_steps
    from speciesgym.envs.core.scenario import load_json
    data = load_json(args.file)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        record = load_record(args.file)
        compile_if_cold(record["game"])
        move = len(record["actions"]) if args.move is None else args.move
        if not 0 <= move <= len(record["actions"]):
            raise ValueError(f"--move {move}: the record has moves 0..{len(record['actions'])}")
        for engine, state, i, _ in replay_steps(record):
            if i == move:
                return engine, state.copy()
    if args.move is not None:
        raise ValueError(f"--move: {args.file} is a scenario, not a game record")
    game, data, guessed = scenario_source(args.file, args.game)
    compile_if_cold(game)
    try:
        return game_module(game).load_scenario(data)
    except ValueError as exc:
        hint = (" (the file names no game, so it was read as evolution: add \"game\" to it "
                "or pass --game)") if guessed else ""
        raise ValueError(f"scenario file {args.file}: {exc}{hint}") from None


def cmd_replay(args):
    from speciesgym.training.records.replay import run_replay
    return run_replay(args)


def add_play(sub):
    play = sub.add_parser("play", help="play a game: agents against each other, or you in a seat")
    play.add_argument("--game", choices=GAMES, default="evolution")
    play.add_argument("--players", type=player_count, default=4, help="seats (2..6)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--human", type=int, default=None,
                      help="seat you play (0-based); you see only what that seat sees")
    play.add_argument("--agents", default="random",
                      help="agent specs of the other seats: one for all, or a comma list with "
                           "one per seat in seat order (the kinds: below)")
    play.add_argument("--save", default=None, metavar="FILE", type=output_file,
                      help="write the game (seed, options, agents, every action, scores) "
                           "as JSON to FILE")
    play.add_argument("--quiet", action="store_true",
                      help="print only the final table (and your own prompts)")
    play.add_argument("--option", action="append", help="game option key=value")
    play.set_defaults(func=cmd_play)
    return play


def add_show(sub):
    show = sub.add_parser("show", help="render a JSON scenario file")
    show.add_argument("file")
    show.add_argument("--game", choices=GAMES, default=None,
                      help="the game, for a file without a \"game\" field (default evolution)")
    show.add_argument("--out", default=None, type=output_file, help="write a picture (.png or .svg) instead of text")
    show.add_argument("--viewer", type=int, default=None,
                      help="the seat whose view is shown (default: the spectator's)")
    show.add_argument("--reveal", action="store_true",
                      help="show hidden cards too, marked as hidden (text and picture)")
    show.add_argument("--move", type=int, default=None,
                      help="for a game record: the position after this many moves (default: "
                           "the end)")
    show.set_defaults(func=cmd_show)
    return show


def add_replay(sub):
    replay = sub.add_parser("replay", help="replay a game record move by move; --html writes "
                                           "a replay page")
    replay.add_argument("file", help="a game record (speciesgym play --save, tournaments)")
    replay.add_argument("--html", default=None, type=output_file, help="write a self-contained replay page here")
    replay.add_argument("--viewer", type=int, default=None,
                        help="the seat whose view is shown (default: the spectator's)")
    replay.add_argument("--every", type=positive_int, default=1,
                        help="page: a picture of every N-th position (first and last always)")
    replay.set_defaults(func=cmd_replay)
    return replay


def add_zoo(sub):
    zoo = sub.add_parser("zoo", help="the shipped nets (zoo:<game>-<n>p) with their measured "
                         "strength and the command that made each")
    zoo.set_defaults(func=cmd_zoo)
    return zoo
