"""The one Markdown table writer of the generated pages."""


def table(head, rows):
    """A Markdown table: the header cells `head`, then one line per row (cells as str)."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
