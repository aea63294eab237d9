"""tools/routes.py, the launch routes' environments: what it does where an interpreter
is missing, and what each route is made of. The routes themselves run in route_tests/."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location(
    "perclab_routes_tool", ROOT / "tools/routes.py"
)
routes = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = routes
spec.loader.exec_module(routes)


def test_a_missing_interpreter_is_an_error_that_says_what_to_install():
    with pytest.raises(
        routes.RouteError, match=r"Python 3\.99 is not installed.*pyenv install"
    ):
        routes.find_python("3.99")


def test_a_route_without_its_interpreter_fails_to_prepare(monkeypatch):
    route = routes.Route("future", "3.99", "a Python this machine does not have")
    monkeypatch.setenv("PERCLAB_ROUTES", "/nonexistent")
    with pytest.raises(routes.RouteError, match="not installed"):
        routes.prepare(route, log=lambda message: None)


def test_the_interpreter_found_is_the_version_asked_for():
    version = "{}.{}".format(*sys.version_info[:2])
    python = routes.find_python(version)
    assert python.exists()


def test_the_routes_are_the_ones_the_launch_buttons_and_requires_python_name():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'requires-python = ">=3.10"' in pyproject  # the oldest route's Python
    pythons = {name: route.python for name, route in routes.ROUTES.items()}
    assert pythons["colab"] == "3.12" and pythons["binder"] == "3.11"
    assert pythons["py310"] == "3.10" and pythons["py313"] == "3.13"
    # Colab's route has no book tools: myst-nb must not be needed by the edition
    assert not {"myst-nb", "myst_nb", "jupyter-book"} & set(routes.COLAB_PACKAGES)
