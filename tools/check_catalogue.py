"""Measure the self-checks on the catalogue of learner solutions; print the figures.

The catalogue is ``tests/catalogue.py`` together with the tables of
``tests/test_checks.py``: wrong solutions, each with the words its hint must contain,
and correct solutions in many styles. For every row this runs the check (its report
silenced) and prints

* how many wrong solutions are caught, and how many get a hint that names the bug or
  its fix (the expected words appear in the hint);
* how many correct solutions are rejected (false alarms);
* the longest report, in lines, and the longest check, in seconds;
* with ``--forever``, the time each check takes on a solution that never returns (an
  endless loop inside a bare ``except:``), run from a thread other than the main one;
* with ``--dump FILE``, writes every row's full report to FILE as JSON, row -> report
  (a row is its position and ``check(function)``), to compare the reports of two
  versions of the checks.

With ``--heldout [NAME]`` it measures a held-out catalogue instead (``tests/NAME.py``,
by default ``catalogue_heldout``; ``catalogue_heldout2`` to ``catalogue_heldout6`` are
the others), solutions written from the exercise statements without looking at the
checks' tables; a hint there names the bug when it contains any one of the row's
phrases from the start of a word (case ignored) before the restated rule.

Usage, from the repository root:
``python tools/check_catalogue.py [--forever] [--heldout [NAME]] [--dump FILE]``.
Timings depend on the machine's load; the time limit itself is ``_CHECK_SECONDS``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import catalogue  # noqa: E402
import test_checks  # noqa: E402

from perclab import checks  # noqa: E402


def heldout_rows(name: str = "catalogue_heldout"):
    """(check, function, phrases, is_wrong) for a held-out catalogue of tests/."""
    import importlib

    held = importlib.import_module(name)

    return [(c, f, p, True) for c, f, p in held.WRONG] + [
        (c, f, None, False) for c, f in held.CORRECT
    ]


def names_bug(hint, message: str) -> bool:
    """Whether the report's hint contains the expected words (held-out: any phrase)."""
    text = hint_of(message)
    if isinstance(hint, tuple):
        text = text.split(" The rule: ", 1)[0]
        return any(re.search(rf"(?<!\w){re.escape(p)}", text, re.IGNORECASE) for p in hint)
    return hint is not None and hint in text


def rows():
    """(check, function, hint or None, is_wrong) for the whole catalogue."""
    ms = checks.check_model_selection
    wrong = list(test_checks.WRONG) + list(catalogue.WRONG)
    wrong += [
        (ms, test_checks.select_scaled_outside, "Put the scaler inside the Pipeline"),
        (ms, test_checks.select_no_search, "Return the fitted search object"),
        (ms, test_checks.select_peeks_at_everything, "takes no part in selection"),
        (ms, test_checks.select_one_candidate, "at least two candidate settings"),
        (ms, test_checks.select_no_refit, "keep refit=True"),
        (ms, test_checks.select_two_folds, "at least 3 cross-validation folds"),
    ]
    correct = list(test_checks.CORRECT) + list(catalogue.CORRECT)
    correct += [(ms, test_checks.select_right), (ms, test_checks.select_randomised_minmax)]
    return [(c, f, h, True) for c, f, h in wrong] + [
        (c, f, None, False) for c, f in correct
    ]


def hint_of(message: str) -> str:
    return message.split("\n  hint: ", 1)[1] if "\n  hint: " in message else ""


def measure(check, func):
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        result = check(func)
    return result, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--forever", action="store_true", help="time endless solutions")
    parser.add_argument(
        "--heldout",
        nargs="?",
        const="catalogue_heldout",
        help="measure a held-out catalogue of tests/ (default: catalogue_heldout)",
    )
    parser.add_argument("--dump", type=Path, help="write every row's report (JSON) here")
    args = parser.parse_args()
    n_wrong = caught = named = n_correct = false_alarms = 0
    longest, slowest, problems, reports = 0, 0.0, [], {}
    for row, (check, func, hint, is_wrong) in enumerate(
        heldout_rows(args.heldout) if args.heldout else rows()
    ):
        result, seconds = measure(check, func)
        lines = len(result.message.splitlines())
        longest, slowest = max(longest, lines), max(slowest, seconds)
        label = f"{check.__name__}({func.__name__})"
        reports[f"{row} {label}"] = result.message
        if lines > 15:
            problems.append(f"{label}: report of {lines} lines")
        if is_wrong:
            n_wrong += 1
            caught += not result.passed
            ok = not result.passed and names_bug(hint, result.message)
            named += ok
            if not ok:
                problems.append(f"{label}: hint does not name the bug\n{result.message}")
        else:
            n_correct += 1
            if not result.passed:
                false_alarms += 1
                problems.append(f"{label}: correct solution rejected\n{result.message}")
    for problem in problems:
        print(problem, end="\n\n")
    if args.dump:
        args.dump.write_text(json.dumps(reports, indent=1, ensure_ascii=False) + "\n")
    print(f"wrong solutions:   {n_wrong}, caught {caught} ({100 * caught / n_wrong:.1f} %)")
    print(f"hint names the bug: {named} of {n_wrong} ({100 * named / n_wrong:.1f} %)")
    print(f"correct solutions: {n_correct}, rejected {false_alarms}")
    print(f"longest report: {longest} lines; slowest check: {slowest:.1f} s")
    if args.forever:
        all_checks = sorted({row[0] for row in rows()}, key=lambda c: c.__name__)
        times = {}

        def run_all():
            for check in all_checks:
                times[check.__name__] = measure(check, catalogue.forever)[1]

        thread = threading.Thread(target=run_all)
        thread.start()
        thread.join()
        print(
            f"never-returning solution, from a thread: {len(times)} checks, longest "
            f"{max(times.values()):.1f} s (limit {checks._core.CHECK_SECONDS:g} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
