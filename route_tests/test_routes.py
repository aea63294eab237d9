"""Every way a learner runs the notebooks, run here: Colab, Binder, the oldest and the
newest Python perclab supports, and the wheel installed alone.

``make routes`` (part of ``make test``) makes the environments with
``tools/routes.py prepare`` and then runs this file. Each edition notebook runs top to
bottom in a fresh kernel of the route's interpreter, in a folder of its own. On the Colab
route the kernel is told it is Colab's (the module ``google.colab`` exists), so the
notebook's first cell installs perclab itself, with ``%pip``, from the requirement that
``_config.yml`` names, pointed at the wheel built from the working tree. A route whose
interpreter or environment is missing fails here, saying what to do; it is never
skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


routes = _load("perclab_routes", ROOT / "tools" / "routes.py")
edition = _load("perclab_jupyter_edition", ROOT / "tools" / "jupyter_edition.py")
EDITIONS = edition.committed_editions(ROOT)
IDS = [p.relative_to(ROOT / edition.EDITION).as_posix() for p in EDITIONS]

# What makes a kernel Colab's, as far as the notebooks can tell.
ON_COLAB = (
    "import sys, types\nsys.modules['google.colab'] = types.ModuleType('google.colab')"
)


def ready(name: str):
    """The route ``name``, failing the test when its environment is not made."""
    route = routes.ROUTES[name]
    if not (route.venv / routes.STAMP).exists():
        try:
            routes.find_python(route.python)
        except routes.RouteError as error:
            pytest.fail(f"the {name} route cannot run here: {error}")
        pytest.fail(
            f"{route.venv.name} is not made: run python tools/routes.py prepare {name}"
        )
    return route


def execute(notebook, route, cwd: Path):
    """Run ``notebook`` top to bottom in a fresh kernel of ``route``, in ``cwd``."""
    from nbclient import NotebookClient

    spec_dir = routes.kernel_spec_dir(route)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("MPLBACKEND", "PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH")
    }
    env["PATH"] = f"{route.bin}{os.pathsep}{env.get('PATH', '')}"
    if route.name == "binder":  # requirements.txt's "-e .": perclab of this checkout
        env["PYTHONPATH"] = str(ROOT / "src")  # (the environment may be another's)
    os.environ["JUPYTER_PATH"] = str(spec_dir)  # where the client finds the kernel
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name=routes.kernel_name(route),
        resources={"metadata": {"path": str(cwd)}},
    )
    client.execute(env=env)
    return notebook


def _check_run(path: Path, run) -> None:
    """What a run of an edition must show beyond running: stubs say so."""
    if path.parent.name == edition.STUDENTS.name:
        checks = [
            c for c in run.cells if c.cell_type == "code" and "checks.check_" in c.source
        ]
        assert checks, "a student notebook has check cells"
        for cell in checks:
            text = "".join(
                o.get("text", "") + o.get("data", {}).get("text/plain", "")
                for o in cell.outputs
            )
            assert "not implemented" in text, cell.source


def colab_notebook(path: Path, wheel: Path):
    """The edition as Colab runs it: a Colab kernel, perclab installed from ``wheel``."""
    notebook = nbformat.read(path, as_version=4)
    requirement = f'"{edition.load_book(ROOT).colab_requirement}"'
    installs = [c for c in notebook.cells if c.cell_type == "code" and "%pip" in c.source]
    assert len(installs) == 1, f"{path.name}: one Colab cell installs perclab"
    assert requirement in installs[0].source, (
        f"{path.name}: the Colab cell does not install {requirement}, what _config.yml "
        "names; run python tools/jupyter_edition.py"
    )
    installs[0].source = installs[0].source.replace(
        requirement, f'"perclab @ {wheel.as_uri()}"'
    )
    notebook.cells.insert(0, nbformat.v4.new_code_cell(ON_COLAB))
    return notebook


@pytest.mark.parametrize("name, numba", [("py310", True), ("py313", False)])
def test_unit_tests_pass_on_the_oldest_and_newest_python(name, numba):
    """Every unit test of the package on the oldest Python, and on the newest as on a
    machine without numba (whose wheels reach a new Python late): there perclab trains
    with its NumPy block scan, and the compiled loop's tests say they were skipped."""
    # first in the file, so that the two longest tests start first, one on each core
    route = ready(name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # this checkout's package, whichever checkout the environment was made from
    env["PYTHONPATH"] = str(ROOT / "src")
    # The properties are proven with the default profile on the development Python;
    # here every test runs, each property on fewer examples.
    env["HYPOTHESIS_PROFILE"] = "routes"
    env["PERCLAB_WITHOUT_NUMBA"] = "0" if numba else "1"  # see tests/conftest.py
    done = subprocess.run(
        [
            str(route.interpreter),
            "-m",
            "pytest",
            "tests",
            "src/perclab",
            "--package-only",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    tail = done.stdout[-4000:] + done.stderr[-2000:]
    assert done.returncode == 0, tail
    assert " passed" in done.stdout.splitlines()[-1], tail
    assert ("numba is not installed" in done.stdout) is not numba, tail


@pytest.mark.parametrize("path", EDITIONS, ids=IDS)
def test_colab_runs_the_edition(path, tmp_path):
    route = ready("colab")
    run = execute(colab_notebook(path, routes.wheel_path()), route, tmp_path)
    (install,) = [c for c in run.cells if c.cell_type == "code" and "%pip" in c.source]
    pip_output = "".join(o.get("text", "") for o in install.outputs)
    assert "restart the kernel" in pip_output, "the Colab cell did not run %pip"
    assert "error" not in pip_output.lower(), pip_output
    _check_run(path, run)


@pytest.mark.parametrize("path", EDITIONS, ids=IDS)
def test_binder_runs_the_edition(path):
    route = ready("binder")
    run = execute(nbformat.read(path, as_version=4), route, path.parent)
    _check_run(path, run)


def test_the_colab_route_has_only_what_colab_preinstalls():
    route = ready("colab")
    code = (
        "import importlib.util as u, json; "
        "print(json.dumps({m: u.find_spec(m) is not None for m in "
        "['myst_nb', 'jupyter_book', 'pytest', 'perclab']}))"
    )
    out = subprocess.run(
        [str(route.interpreter), "-I", "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == (
        '{"myst_nb": false, "jupyter_book": false, "pytest": false, "perclab": true}'
    )


def test_colab_installs_a_wheel_not_the_working_tree():
    route = ready("colab")
    code = "import perclab; print(perclab.__file__)"
    out = subprocess.run(
        [str(route.interpreter), "-I", "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    location = Path(out.stdout.strip()).resolve()
    assert route.venv.resolve() in location.parents, location


def test_the_wheel_holds_the_package_and_nothing_else():
    wheel = routes.wheel_path()
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {
        p.relative_to(ROOT / "src").as_posix()
        for p in (ROOT / "src" / "perclab").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert package, "src/perclab holds the package"
    assert package <= names, sorted(package - names)  # data files included
    metadata = f"perclab-{wheel.name.split('-')[1]}.dist-info/"
    others = {n for n in names - package if not n.startswith(metadata)}
    assert not others, sorted(others)  # no tests, no book, no caches


def test_twine_accepts_the_sdist_and_the_wheel():
    dist = sorted(routes.DIST.glob("perclab-*"))
    assert {p.suffix for p in dist} == {".whl", ".gz"}, dist
    routes.check_dist(dist)


def test_twine_check_can_fail(tmp_path):
    broken = tmp_path / "perclab-0.1.0-py3-none-any.whl"
    broken.write_bytes(b"not a zip file")
    with pytest.raises(routes.RouteError, match="twine check failed"):
        routes.check_dist([broken])


def test_the_wheel_alone_installs_and_trains_on_a_shipped_data_set(tmp_path):
    # A new environment with the wheel and what it declares, run isolated (-I) from a
    # folder of its own: the same run as the development install's, weight for weight.
    import perclab

    route = ready("bare")
    code = (
        "import json, perclab\n"
        "X, y = perclab.datasets.load_iris_2d()\n"
        "run = perclab.train(X, y)\n"
        "print(json.dumps([run.n_updates, run.w.tolist(), float(run.b)]))\n"
    )
    done = subprocess.run(
        [str(route.interpreter), "-I", "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    X, y = perclab.datasets.load_iris_2d()
    here = perclab.train(X, y)
    assert here.converged
    assert json.loads(done.stdout) == [here.n_updates, here.w.tolist(), float(here.b)]
