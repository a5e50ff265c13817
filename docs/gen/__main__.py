"""python -m docs.gen [--check]: write every generated page under docs/ (or, with --check,
list the pages that differ from what the code and results give, exit 1 if any)."""
import sys
from pathlib import Path

from docs.gen import agents_page, bench_pages, cli_page, env_pages, rules_pages, suites_page

DOCS = Path(__file__).resolve().parents[1]


def generated():
    out = {}
    for module in (env_pages, cli_page, agents_page, suites_page, rules_pages, bench_pages):
        out.update(module.pages())
    return out


def main(argv=None):
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    stale = []
    for name, text in generated().items():
        path = DOCS / name
        if path.exists() and path.read_text() == text:
            continue
        stale.append(name)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    for name in stale:
        print(("stale: " if check else "wrote: ") + "docs/" + name)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
