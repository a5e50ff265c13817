"""docs/agents.md: its template (docs/gen/templates/agents.md) with the table of agent specs
that `--help` prints (speciesgym.agents.spec.spec_table), so the page names every kind."""
from pathlib import Path

TEMPLATE = Path(__file__).parent / "templates" / "agents.md"


def pages():
    from speciesgym.agents.spec import spec_table
    text = TEMPLATE.read_text().replace("<!-- specs -->", spec_table().rstrip())
    return {"agents.md": text}
