"""Shared test set-up: a headless matplotlib, hypothesis profiles and small data sets."""

import os
import sys

os.environ.setdefault("MPLBACKEND", "Agg")  # must precede the first pyplot import
# PERCLAB_WITHOUT_NUMBA=1: the whole suite as on a machine without numba (import numba
# raises ImportError), where perclab trains with its NumPy block scan
if os.environ.get("PERCLAB_WITHOUT_NUMBA") == "1":
    sys.modules["numba"] = None

import matplotlib as mpl

mpl.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import HealthCheck, settings

# "default" keeps the suite fast and reproducible (the same examples on every run, and no
# example database written into the project). Explore more with
# HYPOTHESIS_PROFILE=thorough python -m pytest tests
settings.register_profile(
    "default",
    max_examples=100,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# The unit tests on the oldest and newest Python (route_tests/): every test, each property
# on fewer examples than on the development Python, where the default profile runs.
settings.register_profile(
    "routes",
    max_examples=20,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# The tests of the course's tools rather than of the package (the Jupyter edition, the
# grader) need the tools' own dependencies (jupyter-book, myst-nb, otter-grader):
# `--package-only` leaves them out. The unit tests on the oldest and the newest Python
# (route_tests/) run everything else.
BOOK_MODULES = {
    "test_jupyter_edition.py",
    "test_grading.py",
    "test_grading_folders.py",
    "test_slides.py",
}


def pytest_addoption(parser):
    parser.addoption(
        "--package-only",
        action="store_true",
        help="leave out the tests of the course's tools, which need their dependencies: "
        + ", ".join(sorted(BOOK_MODULES)),
    )


def pytest_ignore_collect(collection_path, config):
    if config.getoption("--package-only") and collection_path.name in BOOK_MODULES:
        return True
    return None


@pytest.fixture(autouse=True)
def _close_figures():
    """Close every figure a test opened, so that figures never pile up."""
    yield
    plt.close("all")


@pytest.fixture
def worked_example():
    """The six-point 2-D data set of train's docstring."""
    X = np.array([[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]])
    y = np.array([-1, 1, -1, 1, 1, -1])
    return X, y


@pytest.fixture
def xor_data():
    """XOR data: four clusters that no line separates."""
    from perclab.datasets import make_xor

    return make_xor(40, noise=0.2, random_state=0)
