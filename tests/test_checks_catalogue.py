"""The catalogue of learner solutions (tests/catalogue.py) against the self-checks.

Every wrong solution must fail with a hint containing its expected words, in a report of
at most 15 lines; every correct solution must pass. ``tools/check_catalogue.py`` prints
the same figures for the whole catalogue. The last tests stop solutions that never
return: an endless loop inside a bare ``except:``, also when the check runs in a thread.
"""

import threading
import time

import numpy as np
import pytest
from catalogue import CORRECT, WRONG
from catalogue import forever as _forever

from perclab import checks
from perclab.checks import _core


def _id(row):
    return f"{row[0].__name__}-{row[1].__name__}"


def _run(check, func, capsys):
    result = check(func)
    assert capsys.readouterr().out.rstrip("\n").endswith(result.message)
    return result


@pytest.mark.parametrize("check, func, hint", WRONG, ids=[_id(r) for r in WRONG])
def test_wrong_solution_is_caught_with_its_hint(check, func, hint, capsys):
    if func.__name__.endswith("forever"):
        pytest.skip("timed in test_a_solution_that_never_returns_is_stopped")
    result = _run(check, func, capsys)
    assert not result.passed
    assert len(result.message.splitlines()) <= 15, result.message
    assert hint in result.message.split("\n  hint: ", 1)[1], result.message


@pytest.mark.parametrize("check, func", CORRECT, ids=[_id(r) for r in CORRECT])
def test_correct_solution_passes(check, func, capsys):
    result = _run(check, func, capsys)
    assert result.passed, result.message


def test_the_catalogue_is_large_and_varied():
    assert len(WRONG) >= 80 and len(CORRECT) >= 50
    every_check = set(_core.REGISTRY.values())  # the checks register themselves
    assert {check for check, _, _ in WRONG} == every_check
    assert {check for check, _ in CORRECT} == every_check


@pytest.mark.parametrize("in_thread", [False, True], ids=["main thread", "other thread"])
@pytest.mark.parametrize(
    "check",
    [checks.check_one_update, checks.check_model_selection],
    ids=lambda c: c.__name__,
)
def test_a_solution_that_never_returns_is_stopped(check, in_thread, monkeypatch, capsys):
    monkeypatch.setattr(_core, "CHECK_SECONDS", 0.5)
    checks.selection._prepare()  # imports made before the clock starts, done once
    outcome = {}

    def run():
        start = time.perf_counter()
        outcome["result"] = check(_forever)
        outcome["seconds"] = time.perf_counter() - start

    if in_thread:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join(timeout=30)
        assert not thread.is_alive()
    else:
        run()
    capsys.readouterr()
    assert not outcome["result"].passed
    assert "the check stopped at its limit of 0.5 s" in outcome["result"].message
    assert outcome["seconds"] < 3.0


def test_the_limit_holds_for_the_whole_check_not_each_call(monkeypatch, capsys):
    # Each call takes 0.1 s: 35 cases would take 3.5 s with a limit per call.
    monkeypatch.setattr(_core, "CHECK_SECONDS", 1.0)

    def slow_but_right(w, b, x, y, lr=1.0):
        time.sleep(0.1)
        if y * (w @ x + b) <= 0:
            return w + lr * y * x, b + lr * y
        return w, b

    start = time.perf_counter()
    result = _run(checks.check_one_update, slow_but_right, capsys)
    assert time.perf_counter() - start < 2.5
    assert not result.passed
    assert "the check stopped at its limit of 1 s" in result.message


def test_without_fork_the_check_runs_in_process(monkeypatch, capsys):
    # The documented fallback: no fork, the check runs here under a timer signal (in
    # the main thread), which stops an endless loop but not one inside a bare except.
    monkeypatch.setattr(_core, "_can_fork", lambda: False)
    monkeypatch.setattr(_core, "CHECK_SECONDS", 0.5)

    def endless(w, b, x, y, lr=1.0):
        while True:
            pass

    result = _run(checks.check_one_update, endless, capsys)
    assert "the check stopped at its limit of 0.5 s" in result.message
    right = next(f for c, f in CORRECT if c is checks.check_one_update)
    assert _run(checks.check_one_update, right, capsys).passed


def test_a_wrong_answer_found_before_the_limit_is_reported(monkeypatch, capsys):
    # Wrong on the first case, endless on a later one: the failure is still reported.
    monkeypatch.setattr(_core, "CHECK_SECONDS", 0.5)

    def wrong_then_stuck(w, b, x, y, lr=1.0):
        if lr != 1.0:
            _forever()
        return w - lr * y * x, b - lr * y

    result = _run(checks.check_one_update, wrong_then_stuck, capsys)
    assert "case 1 of 35" in result.message and " fails." in result.message


def test_what_the_function_prints_is_shown_above_the_report(capsys):
    def noisy(w, X, y):
        print("shape of w:", np.shape(w))
        return np.zeros(len(w))

    result = checks.check_logistic_gradient(noisy)
    printed = capsys.readouterr().out
    # Only the output up to the failing case (the first) is shown, then the report.
    assert printed == "shape of w: (3,)\n" + result.message + "\n"


def test_a_diagnosis_that_fails_still_reports_what_differs(monkeypatch, capsys):
    # If the search for a hint raises (a slip's code that does not apply, a relation
    # that meets an unforeseen answer), the report still names the value that differs
    # instead of falling back to the bare first comparison.
    def broken(*args):
        raise RuntimeError("a diagnosis that fails")

    monkeypatch.setattr(_core, "_diagnose", broken)

    def wrong_w(w, b, x, y, lr=1.0):
        return (w + 2 * lr * y * x, b + lr * y) if y * (w @ x + b) <= 0 else (w, b)

    result = _run(checks.check_one_update, wrong_w, capsys)
    assert not result.passed
    assert "w_new is wrong (" in result.message and "b_new is right" in result.message
