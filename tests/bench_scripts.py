"""The scripts under benchmarks/scripts/ as modules, for the tests that run them."""
import importlib.util
import pathlib

SCRIPTS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "scripts"


def load_script(name):
    """benchmarks/scripts/<name>.py, imported as a module named `name`."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
