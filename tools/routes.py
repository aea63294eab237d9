"""The places learners run the notebooks, each rebuilt here as a virtual environment.

* ``colab``: CPython 3.12 with only the packages Colab preinstalls that perclab uses, and
  perclab installed as the notebooks' Colab cell installs it: from a wheel (built from
  the working tree), not editable, without ``requirements.txt``.
* ``binder``: CPython 3.11 with ``requirements.txt`` alone, which is what Binder installs.
* ``py310`` and ``py313``: the oldest Python ``requires-python`` allows and the newest,
  with perclab (editable) and its test tools, for the package's unit tests (on 3.13 with
  numba hidden, as on a machine without it).
* ``bare``: a new environment with nothing but the wheel and the dependencies it
  declares, as ``pip install perclab`` makes it.

Each environment is a folder ``.venv-<route>`` at the root of the repository, made once
and made again when its inputs change: the interpreter's version and the packages it
installs (the lists below, ``pyproject.toml`` and ``requirements.txt``). The wheel and
the source distribution are built into ``_build/dist`` by ``python -m build`` each time
``prepare`` runs, and the wheel is installed into the ``colab`` environment afresh.

Usage, from the repository root (``make routes`` runs ``prepare`` and then the tests in
``route_tests/``)::

    python tools/routes.py prepare            # every route
    python tools/routes.py prepare colab      # one route
    python tools/routes.py python colab       # print the route's interpreter
    python tools/routes.py dist               # only build and check the sdist and wheel
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "_build" / "dist"
STAMP = ".perclab-route.json"

# What Colab preinstalls that perclab or its notebooks use. perclab goes in with
# --no-deps, and `pip check` then fails if perclab needs anything more.
COLAB_PACKAGES = [
    "numpy",
    "scipy",
    "matplotlib",
    "scikit-learn",
    "sympy",
    "ipywidgets",
    "numba",
    "threadpoolctl",
    "ipykernel",  # the kernel Colab runs notebooks in
]
# What the oldest and newest Python need beyond perclab's test extra: the optional
# imports of the package (widgets, symbolic derivatives) that its unit tests use.
UNIT_EXTRAS = ["ipywidgets>=8.1,<9", "sympy>=1.12,<2", "pyyaml>=6"]


@dataclass(frozen=True)
class Route:
    name: str
    python: str  # "3.12": the interpreter's major.minor version
    what: str  # one line for the reader

    @property
    def venv(self) -> Path:
        # PERCLAB_ROUTES: a folder whose environments to use instead (benchmarks/ sets it
        # to time `make test` in a copy of the repository without installing again)
        return Path(os.environ.get("PERCLAB_ROUTES") or ROOT) / f".venv-{self.name}"

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    @property
    def interpreter(self) -> Path:
        return self.bin / "python"


ROUTES = {
    r.name: r
    for r in [
        Route("colab", "3.12", "Colab: its preinstalled packages, perclab from a wheel"),
        Route("binder", "3.11", "Binder: requirements.txt alone"),
        Route("py310", "3.10", "the oldest Python perclab supports: the unit tests"),
        Route(
            "py313", "3.13", "the newest Python perclab supports: the unit tests, no numba"
        ),
        Route("bare", "3.11", "the wheel alone, with the dependencies it declares"),
    ]
}


class RouteError(RuntimeError):
    """A route's environment cannot be made here; the message says why and what to do."""


def find_python(version: str) -> Path:
    """The interpreter of CPython ``version`` ("3.12"): pyenv's, else one on PATH.

    Raises RouteError, naming the fix, when this machine has none.
    """
    candidates = []
    try:
        root = subprocess.run(
            ["pyenv", "root"], capture_output=True, text=True, check=True
        ).stdout.strip()
        versions = sorted(Path(root, "versions").glob(f"{version}.*"), reverse=True)
        candidates += [v / "bin" / f"python{version}" for v in versions]
    except (OSError, subprocess.CalledProcessError):
        pass
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        try:
            out = subprocess.run(
                [str(candidate), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=60,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and out.stdout.strip() == version:
            return candidate
    raise RouteError(
        f"Python {version} is not installed on this machine, and the route needs it. "
        f"Install it (pyenv install {version}, or your system's python{version} "
        "package) and run again."
    )


def _inputs(route: Route, python: Path) -> dict:
    """What the environment of ``route`` is made from; a change makes it again."""
    version = subprocess.run(
        [str(python), "-c", "import sys; print(sys.version)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    files = {
        "colab": [],
        "binder": ["requirements.txt", "pyproject.toml"],
        "py310": ["pyproject.toml"],
        "py313": ["pyproject.toml"],
        "bare": ["pyproject.toml"],
    }[route.name]
    digest = hashlib.sha256()
    for name in files:
        digest.update((ROOT / name).read_bytes())
    lists = {"colab": COLAB_PACKAGES, "binder": [], "py310": UNIT_EXTRAS, "bare": []}
    lists["py313"] = UNIT_EXTRAS
    return {
        "python": version,
        "files": digest.hexdigest(),
        "packages": lists[route.name],
    }


def _pip(route: Route, *args: str, log) -> None:
    command = [str(route.interpreter), "-m", "pip", "--disable-pip-version-check", *args]
    log(f"[{route.name}] pip {' '.join(args)}")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RouteError(
            f"[{route.name}] pip {' '.join(args)} failed:\n{done.stdout[-3000:]}"
            f"\n{done.stderr[-3000:]}"
        )


def build_dist(log=print) -> tuple[Path, Path]:
    """Build the sdist and the wheel from the working tree into _build/dist."""
    if DIST.exists():
        shutil.rmtree(DIST)
    log("python -m build: sdist and wheel into _build/dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(DIST), str(ROOT)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RouteError(f"python -m build failed:\n{done.stdout[-3000:]}\n{done.stderr}")
    (wheel,) = DIST.glob("perclab-*.whl")
    (sdist,) = DIST.glob("perclab-*.tar.gz")
    return sdist, wheel


def check_dist(paths) -> None:
    """``twine check --strict``: the files are what PyPI accepts, their readme renders."""
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, paths)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RouteError(f"twine check failed:\n{done.stdout}\n{done.stderr}")


def wheel_path() -> Path:
    """The wheel that ``prepare`` built."""
    wheels = sorted(DIST.glob("perclab-*.whl"))
    if len(wheels) != 1:
        raise RouteError("no wheel in _build/dist: run python tools/routes.py prepare")
    return wheels[0]


def prepare(route: Route, wheel: Path | None = None, log=print) -> float:
    """Make or refresh the environment of ``route``; return the seconds it took."""
    start = time.perf_counter()
    python = find_python(route.python)
    inputs = _inputs(route, python)
    stamp = route.venv / STAMP
    current = json.loads(stamp.read_text()) if stamp.exists() else None
    if current != inputs:
        if route.venv.exists():
            log(f"[{route.name}] its inputs changed: making it again")
            shutil.rmtree(route.venv)
        log(f"[{route.name}] {route.what}: {python}")
        subprocess.run([str(python), "-m", "venv", str(route.venv)], check=True)
        _pip(route, "install", "--upgrade", "pip", log=log)
        if route.name == "colab":
            _pip(route, "install", *COLAB_PACKAGES, log=log)
        elif route.name == "binder":
            _pip(route, "install", "-r", "requirements.txt", log=log)
        elif route.name == "bare":
            _pip(route, "install", str(wheel or wheel_path()), log=log)
        else:
            _pip(route, "install", "-e", ".[test]", *UNIT_EXTRAS, log=log)
        stamp.write_text(json.dumps(inputs, indent=1))
    if route.name in ("colab", "bare"):
        wheel = wheel or wheel_path()
        _pip(route, "install", "--no-deps", "--force-reinstall", str(wheel), log=log)
        _pip(route, "check", log=log)  # perclab needs nothing the environment lacks
    return time.perf_counter() - start


def kernel_name(route: Route) -> str:
    return f"perclab-{route.name}"


def kernel_spec_dir(route: Route) -> Path:
    """A Jupyter kernel spec that runs notebooks with the route's interpreter."""
    folder = route.venv / "share" / "jupyter" / "kernels" / kernel_name(route)
    folder.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [
            str(route.interpreter),
            "-m",
            "ipykernel_launcher",
            "-f",
            "{connection_file}",
        ],
        "display_name": f"perclab ({route.name})",
        "language": "python",
    }
    (folder / "kernel.json").write_text(json.dumps(spec, indent=1))
    return folder.parents[1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["prepare", "python", "dist"])
    parser.add_argument("routes", nargs="*", help=f"among {', '.join(ROUTES)}; all if none")
    args = parser.parse_args(argv)
    names = args.routes or list(ROUTES)
    unknown = [n for n in names if n not in ROUTES]
    if unknown:
        parser.error(f"unknown route {unknown}; the routes are {', '.join(ROUTES)}")
    try:
        if args.action == "python":
            for name in names:
                print(ROUTES[name].interpreter)
            return 0
        if args.action == "dist":
            dist = build_dist()
            check_dist(dist)
            print(*dist, sep="\n")
            return 0
        wheel = build_dist()[1] if {"colab", "bare"} & set(names) else None
        for name in names:
            seconds = prepare(ROUTES[name], wheel)
            print(f"[{name}] ready in {seconds:.1f} s: {ROUTES[name].venv.name}")
    except RouteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
