"""Package layout (the rest of the metadata is in pyproject.toml).

The repository keeps envs/, agents/ and training/ at its top; the distribution installs them
as speciesgym.envs, speciesgym.agents and speciesgym.training, so `speciesgym` is its only
top-level name.
"""
from setuptools import find_packages, setup

FOLDERS = ("envs", "agents", "training")

packages = ["speciesgym"]
package_dir = {"speciesgym": "speciesgym"}
for folder in FOLDERS:
    package_dir[f"speciesgym.{folder}"] = folder
    packages += [f"speciesgym.{folder}"] + [f"speciesgym.{folder}.{sub}"
                                             for sub in find_packages(folder)]

packages.append("speciesgym.training.decisions.suites")  # data only: the shipped suites

setup(packages=packages, package_dir=package_dir)
