"""The time of each launch route of ``make routes`` (tools/routes.py, route_tests/).

For each route: the seconds ``tools/routes.py prepare`` takes when the environment is up to
date (the wheel is built and installed afresh for the Colab and bare routes), and the
seconds its tests take on every core. An environment that is missing or out of date is
made first, and that time is printed apart: it is install time, paid once, not part of
``make test`` after install.

    python benchmarks/bench_routes.py

The machine's load is printed with each figure: on a busy machine they are pessimistic.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# which tests of route_tests/ belong to each route (pytest -k)
SELECTION = {
    "colab": "colab",
    "binder": "binder",
    "py310": "py310",
    "py313": "py313",
    "bare": "wheel or twine",
}


def _routes():
    path = ROOT / "tools" / "routes.py"
    spec = importlib.util.spec_from_file_location("perclab_routes", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load() -> str:
    return "load " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    routes = _routes()
    assert set(SELECTION) == set(routes.ROUTES), "every route is timed"
    start = time.perf_counter()
    wheel = routes.build_dist(log=lambda m: None)[1]
    print(f"sdist and wheel: {time.perf_counter() - start:6.1f} s  ({load()})")
    total = 0.0
    for name, route in routes.ROUTES.items():
        # bring the environment up to date first: making it is install time, paid once
        # (and again only when its inputs change), not part of `make test` after install
        log = []
        made = routes.prepare(route, wheel, log=log.append)
        if any("pip install" in m and "--no-deps" not in m for m in log):
            print(f"{name:>7}: environment made in {made:.1f} s (install, paid once)")
        prepared = routes.prepare(route, wheel, log=lambda m: None)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p", "no:cacheprovider",
             "route_tests", "-k", SELECTION[name]],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
        tests = time.perf_counter() - start
        summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
        status = "ok" if done.returncode == 0 else f"FAILED (exit {done.returncode})"
        print(
            f"{name:>7}: prepare {prepared:6.1f} s + tests {tests:6.1f} s "
            f"= {prepared + tests:6.1f} s  {status}: {summary}  ({load()})"
        )
        total += prepared + tests
    print(
        f"  total: {total:6.1f} s, one route after another; `make test` runs them on "
        "every core, beside the PDF"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
