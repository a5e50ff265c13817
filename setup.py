"""Package layout (the rest of the metadata is in pyproject.toml).

The repository keeps envs/, agents/ and training/ at its top; speciesgym/ holds a link to
each, so the distribution's only top-level name is `speciesgym` and its subpackages are
found by following the links (the wheel holds the files themselves).
"""
from setuptools import find_packages, setup

packages = find_packages(include=["speciesgym", "speciesgym.*"])
packages.append("speciesgym.training.decisions.suites")  # data only: the shipped suites

setup(packages=packages)
