"""python -m docs.gen.notebooks: every notebook of notebooks/ executed (in that folder, with
the venv's kernel, as make test runs them) and written with its outputs to docs/notebooks/,
so the site shows the plots without running anything. Execution metadata (times) is dropped.
tests/docs checks that each copy's code and text are the notebook's; rerun this after
changing a notebook."""
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "notebooks"
OUT = ROOT / "docs" / "notebooks"


# a notebook's scratch folder (tempfile.mkdtemp) as its outputs print it -> "<tmp>/"
SCRATCH = re.compile(re.escape(tempfile.gettempdir().rstrip("/")) + r"/[^/\s'\"]+/")


def _scrub(value):
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return SCRATCH.sub("<tmp>/", value) if isinstance(value, str) else value


def sources(notebook):
    """The cells' types and text, what a copy must share with its notebook."""
    return [(c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list)
             else c["source"]) for c in notebook["cells"]]


def execute(path):
    import nbformat
    from nbclient import NotebookClient
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(SOURCE)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _scrub(output["text"])
            for kind in ("text/plain", "text/html"):
                if kind in output.get("data", {}):
                    output["data"][kind] = _scrub(output["data"][kind])
    notebook.metadata.pop("widgets", None)
    return notebook


def main(names=None):
    import nbformat
    OUT.mkdir(parents=True, exist_ok=True)
    for path in sorted(SOURCE.glob("*.ipynb")):
        if names and path.stem not in names:
            continue
        nbformat.write(execute(path), OUT / path.name)
        print(f"wrote docs/notebooks/{path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
