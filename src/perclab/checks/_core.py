"""The machinery of the self-checks: cases, comparison, diagnosis and the report.

A check is a :class:`_Spec`: the exercise's number and function name, a reference, a list
of cases, how to compare (exactly, or within a tolerance) and the known wrong versions of
the function, each with the hint it earns. :func:`_run` does the rest.
"""

from __future__ import annotations

import copy
import signal
import threading
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

# Seconds one call of the learner's function may take before the check gives up on it.
_CASE_SECONDS = 10.0


@dataclass(frozen=True)
class CheckResult:
    """The outcome of a check: ``passed``, the number of cases and the printed report."""

    passed: bool
    n_cases: int
    message: str

    def __repr__(self) -> str:
        return f"CheckResult(passed={self.passed}, n_cases={self.n_cases})"


# ----------------------------------------------------------------------------------
# The machinery: cases, comparison, diagnosis, report
# ----------------------------------------------------------------------------------


@dataclass
class _Case:
    about: str  # what the case tests, shown in the report
    args: tuple  # positional arguments, in the order of the exercise's signature


@dataclass
class _Spec:
    exercise: int
    name: str  # the function the exercise asks for
    params: tuple[str, ...]  # its parameters, with defaults as "lr=1.0"
    reference: Callable
    cases: list[_Case]
    outputs: tuple[str, ...] = ()  # names of the returned values when it returns a tuple
    rtol: float = 0.0  # 0 and 0: exact comparison
    atol: float = 0.0
    wrong: list[tuple[str, Callable]] = field(default_factory=list)  # (hint, variant)
    fallback: str = "Work through this case by hand with the formula above."
    slow_hint: str = ""


class _TooSlow(BaseException):
    """Raised inside a call that ran out of time (a BaseException, so that an
    ``except Exception`` in the learner's code does not swallow it)."""


@contextmanager
def _time_limit(seconds: float):
    """Interrupt the block after ``seconds`` where the platform allows it (a Unix main
    thread); elsewhere run it without a limit."""
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def _alarm(signum, frame):
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _quietly(func, *args):
    """Call a reference or a wrong variant with warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*copy.deepcopy(args))


def _mismatch(expected, received, rtol, atol, names=()) -> str | None:
    """Return None when ``received`` matches ``expected``, else what is different."""
    if received is None:
        return "your function returned None: did you forget the return statement?"
    if isinstance(expected, tuple):
        shown = f" ({', '.join(names)})" if names else ""
        if not isinstance(received, (tuple, list)) or len(received) != len(expected):
            size = len(received) if isinstance(received, (tuple, list)) else "one"
            return f"expected {len(expected)} values{shown}, got {size}"
        for k, (e, r) in enumerate(zip(expected, received, strict=True)):
            problem = _mismatch(e, r, rtol, atol)
            if problem:
                return f"{names[k] if names else f'value {k + 1}'}: {problem}"
        return None
    if isinstance(expected, bool):
        if isinstance(received, (bool, np.bool_)) or (
            isinstance(received, (int, np.integer)) and received in (0, 1)
        ):
            return None if bool(received) == expected else "wrong value"
        return f"expected True or False, got {type(received).__name__} {received!r}"
    try:
        got = np.asarray(received, dtype=float)
    except (TypeError, ValueError):
        return f"expected numbers, got {type(received).__name__}"
    want = np.asarray(expected, dtype=float)
    if got.shape != want.shape:
        return f"expected shape {want.shape}, got shape {got.shape}"
    if rtol == 0 and atol == 0:
        same = np.array_equal(got, want)
    else:
        same = np.allclose(got, want, rtol=rtol, atol=atol)
    return None if same else "wrong value"


def _show(value) -> str:
    """A compact one-value display for the report."""
    if callable(value) and not isinstance(value, np.ndarray):
        return getattr(value, "label", getattr(value, "__name__", repr(value)))
    if isinstance(value, (tuple, list)) and not all(
        isinstance(v, (int, float, np.number)) for v in value
    ):
        inner = ", ".join(_show(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, np.ndarray):
        text = np.array2string(
            value, separator=", ", precision=6, threshold=12, edgeitems=3
        )
        return text.replace("\n", "\n" + " " * 14)
    if isinstance(value, np.generic):
        return repr(value.item())
    return repr(value)


def _inputs(spec: _Spec, case: _Case) -> str:
    shown = [
        f"{name.partition('=')[0]} = {_show(arg)}"
        for name, arg in zip(spec.params, case.args, strict=False)  # args may stop early
    ]
    for param in spec.params[len(case.args) :]:  # the defaults, e.g. "lr=1.0"
        name, _, default = param.partition("=")
        shown.append(f"{name} = {default} (default)")
    return ", ".join(shown)


def _reproduces(spec: _Spec, variant, case: _Case, received) -> bool:
    """Whether the wrong ``variant`` gives ``received`` on ``case``."""
    try:
        output = _quietly(variant, *case.args)
    except Exception:  # a variant may not apply to this case
        return False
    return _mismatch(output, received, spec.rtol, spec.atol, spec.outputs) is None


def _diagnose(spec: _Spec, k: int, func, received, problem: str) -> str:
    """The hint of the known wrong variant that explains the failure of case ``k``.

    The candidates are the variants that reproduce ``received`` on that case. When
    several do, the learner's function is run on the later cases too, and only the
    variants that keep reproducing its answers stay in; the first one left wins.
    """
    candidates = [
        (hint, variant)
        for hint, variant in spec.wrong
        if _reproduces(spec, variant, spec.cases[k], received)
    ]
    for case in spec.cases[k + 1 :]:
        if len(candidates) < 2:
            break
        try:
            answer = _call(func, case.args, _CASE_SECONDS)
        except (Exception, _TooSlow):
            break
        narrowed = [c for c in candidates if _reproduces(spec, c[1], case, answer)]
        candidates = narrowed or candidates[:1]
    if candidates:
        return candidates[0][0]
    if problem != "wrong value" and not problem.endswith(": wrong value"):
        return problem[0].upper() + problem[1:] + "."
    return spec.fallback


def _finish(passed: bool, n_cases: int, message: str) -> CheckResult:
    print(message)
    return CheckResult(passed=passed, n_cases=n_cases, message=message)


def _not_implemented(exercise: int, name: str, n_cases: int) -> CheckResult:
    return _finish(
        False,
        n_cases,
        f"Exercise {exercise} is not implemented yet: fill in {name} above and run "
        "this cell again.",
    )


def _call(func, args, seconds):
    with _time_limit(seconds):
        return func(*copy.deepcopy(args))


def _run(spec: _Spec, func) -> CheckResult:
    """Run every case; report the first failure, or that all pass."""
    n = len(spec.cases)
    if not callable(func):
        return _finish(
            False,
            n,
            f"Pass the function itself, e.g. check_{spec.name}({spec.name}), not the "
            f"result of calling it (got {type(func).__name__}).",
        )
    for k, case in enumerate(spec.cases, start=1):
        where = f"Exercise {spec.exercise}, {spec.name}: case {k} of {n} ({case.about})"
        try:
            received = _call(func, case.args, _CASE_SECONDS)
        except NotImplementedError:
            return _not_implemented(spec.exercise, spec.name, n)
        except _TooSlow:
            hint = spec.slow_hint or "Does every loop of your function end?"
            return _finish(
                False,
                n,
                f"{where} did not finish within {_CASE_SECONDS:g} s.\n"
                f"  inputs:   {_inputs(spec, case)}\n  hint: {hint}",
            )
        except Exception as exc:
            return _finish(
                False,
                n,
                f"{where}: your function raised {type(exc).__name__}: {exc}\n"
                f"  inputs:   {_inputs(spec, case)}",
            )
        expected = _quietly(spec.reference, *case.args)
        problem = _mismatch(expected, received, spec.rtol, spec.atol, spec.outputs)
        if problem is not None:
            hint = _diagnose(spec, k - 1, func, received, problem)
            return _finish(
                False,
                n,
                f"{where} fails.\n"
                f"  inputs:   {_inputs(spec, case)}\n"
                f"  expected: {_show(expected)}\n"
                f"  received: {_show(received)}\n"
                f"  hint: {hint}",
            )
    return _finish(True, n, f"All {n} cases pass.")


# ----------------------------------------------------------------------------------
# Data for the cases
# ----------------------------------------------------------------------------------


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def _integer_separable(rng, n_samples, n_features, *, as_float=True, bias=True):
    """Small-integer points labelled by a random integer hyperplane; points on it are
    dropped. Every score and every weight stays an exact small number."""
    while True:
        w_star = rng.integers(-3, 4, size=n_features)
        if np.any(w_star):
            break
    b_star = int(rng.integers(-2, 3)) if bias else 0
    X = rng.integers(-4, 5, size=(4 * n_samples, n_features))
    score = X @ w_star + b_star
    X, score = X[score != 0][:n_samples], score[score != 0][:n_samples]
    y = np.where(score > 0, 1, -1)
    if X.shape[0] == 0:  # pragma: no cover - practically never with 4n draws
        return _integer_separable(rng, n_samples, n_features, as_float=as_float, bias=bias)
    return (X.astype(float) if as_float else X), y


def _score(X, w, b):
    return np.asarray(X, dtype=float) @ np.asarray(w, dtype=float) + float(b)


def _labels(y, as_float: bool):
    return np.asarray(y, dtype=float) if as_float else np.asarray(y, dtype=int)


_XOR_X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
_XOR_Y = np.array([-1, 1, -1, 1])
_WORKED_X = np.array(
    [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
)
_WORKED_Y = np.array([-1, 1, -1, 1, 1, -1])

_TIE = "y (w @ x + b) = 0 exactly"
