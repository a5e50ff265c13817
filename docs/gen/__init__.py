"""Generators of the documentation pages that describe code or results (`python -m docs.gen`
writes them; tests/docs compares every generated page with the committed one)."""
