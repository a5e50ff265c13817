"""`speciesgym replay record.json`: replay a game record through the engine, move by move,
and optionally write it as one self-contained HTML page (training/records/replay_page.py).

The replay fails loudly (ValueError) when an action no longer matches or the replayed scores
differ from the recorded ones. What is printed and drawn is what `viewer` saw at the table:
the spectator by default (other seats' hidden choices described as the table sees them,
`envs/<game>/public_names.py`; pictures in the spectator's view), or one seat's view.
"""
import io

from speciesgym.envs.core.picture import check_viewer
from speciesgym.envs.games import public_namer
from speciesgym.training.records.record import load_record, replay_steps


def _score_line(engine, state):
    """The scores: so far (Evolution: bag + population + traits; Dominant Species: VP), or
    final once the game is over."""
    over = engine.to_move(state) < 0
    scores = engine.final(state)[0]
    text = ", ".join(f"player_{p}: {int(s)}" for p, s in enumerate(scores))
    return ("final scores: " if over else "scores so far: ") + text


def _seen(name, state, step, viewer):
    """The action as `viewer` saw it (None: the spectator, who is no seat)."""
    return name(state, step["action"], -1 if viewer is None else viewer)


def replay_lines(record, viewer=None):
    """The replay as text lines, one per action, as `viewer` saw it; checks the record."""
    name = public_namer(record["game"])
    lines = []
    for engine, state, i, step in replay_steps(record):
        check_viewer(viewer, engine.num_players)
        if step is None:
            lines.append(_score_line(engine, state))
        else:
            lines.append(f"{i + 1:4d} player_{step['mover']}: {_seen(name, state, step, viewer)}")
    return lines


def replay_frames(record, viewer=None, every=1):
    """Frames for the replay page: the picture of every `every`-th position (the first and
    the last always), the action that led to it and the score line."""
    name = public_namer(record["game"])
    n = len(record["actions"])
    frames, caption = [], "start of the game"
    for engine, state, i, step in replay_steps(record):
        check_viewer(viewer, engine.num_players)
        if i % every == 0 or i == n:
            frames.append({"png": _png(engine, state, viewer), "action": caption,
                           "scores": _score_line(engine, state)})
        if step is not None:
            caption = f"move {i + 1} of {n}, player_{step['mover']}: " \
                      f"{_seen(name, state, step, viewer)}"
    return frames


def _png(engine, state, viewer):
    """The picture as a PNG of at most 64 colours (the pictures are flat colours and text;
    about 5x smaller than full colour, which keeps a whole game's page tens of MB)."""
    from PIL import Image
    rgb = engine.render_image(state, viewer=viewer)
    buf = io.BytesIO()
    Image.fromarray(rgb).quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(
        buf, format="PNG", optimize=True)
    return buf.getvalue()


def run_replay(args):
    if args.every < 1:
        raise ValueError(f"--every {args.every}: must be 1 or more")
    record = load_record(args.file)
    viewer = args.viewer
    for line in replay_lines(record, viewer):
        print(line)
    if args.html:
        from speciesgym.training.records.replay_page import write_replay_page
        frames = replay_frames(record, viewer, args.every)
        who = "spectator" if viewer is None else f"player_{viewer}"
        title = f"{record['game']}, {record['players']} players, seed {record['seed']} " \
                f"({who}'s view)"
        print(f"wrote {write_replay_page(frames, args.html, title)} ({len(frames)} positions)")
    return 0
