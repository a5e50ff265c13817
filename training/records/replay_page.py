"""One self-contained HTML page that replays a game: the picture of every position, the
action that led to it, a slider and the arrow keys, and the score line.

No server and no network: every picture is inlined as a base64 PNG, the script is a few lines
of plain JavaScript in the page. `write_replay_page(frames, path, title)` takes the frames in
order; each frame is a dict with `png` (bytes), `action` (text: the move that led here, or
the start), and `scores` (text: the score line at this position).
"""
import base64
import html
import json
import os

from speciesgym.envs.core.atomic import atomic_write

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 12px; background: #fafafa; color: #222; }}
#bar {{ display: flex; gap: 12px; align-items: center; margin: 6px 0; }}
#slider {{ flex: 1; }}
#action {{ font-weight: bold; min-height: 1.3em; }}
#scores {{ color: #444; min-height: 1.3em; }}
img {{ max-width: 100%; border: 1px solid #ccc; background: white; }}
button {{ font-size: 1em; }}
</style></head>
<body>
<h2>{title}</h2>
<div id="bar">
<button id="prev" title="previous (left arrow)">&#9664;</button>
<input id="slider" type="range" min="0" max="{last}" value="0" step="1">
<button id="next" title="next (right arrow)">&#9654;</button>
<span id="where"></span>
</div>
<div id="action"></div>
<div id="scores"></div>
<img id="picture" alt="position">
<script>
const frames = {frames};
const slider = document.getElementById("slider");
function show(i) {{
  i = Math.max(0, Math.min(frames.length - 1, i));
  slider.value = i;
  const f = frames[i];
  document.getElementById("picture").src = "data:image/png;base64," + f.png;
  document.getElementById("action").textContent = f.action;
  document.getElementById("scores").textContent = f.scores;
  document.getElementById("where").textContent = "position " + i + " of " + (frames.length - 1);
}}
slider.addEventListener("input", () => show(parseInt(slider.value, 10)));
document.getElementById("prev").addEventListener("click", () => show(parseInt(slider.value, 10) - 1));
document.getElementById("next").addEventListener("click", () => show(parseInt(slider.value, 10) + 1));
document.addEventListener("keydown", (e) => {{
  if (e.key === "ArrowLeft") show(parseInt(slider.value, 10) - 1);
  if (e.key === "ArrowRight") show(parseInt(slider.value, 10) + 1);
  if (e.key === "Home") show(0);
  if (e.key === "End") show(frames.length - 1);
}});
show(0);
</script>
</body></html>
"""


def write_replay_page(frames, path, title="speciesgym replay"):
    """Write the page to `path` (atomically) and return the path; ValueError on no frames."""
    if not frames:
        raise ValueError("a replay page needs at least one position")
    data = [{"png": base64.b64encode(f["png"]).decode("ascii"),
             "action": str(f.get("action", "")), "scores": str(f.get("scores", ""))}
            for f in frames]
    # json.dumps escapes nothing dangerous for a script block except "</": break it up
    blob = json.dumps(data).replace("</", "<\\/")
    page = _PAGE.format(title=html.escape(title), last=len(frames) - 1, frames=blob)
    path = os.fspath(path)
    with atomic_write(path) as fh:
        fh.write(page)
    return path
