"""The machinery of the self-checks: cases, comparison, diagnosis and the report.

:func:`run_check` reports the first failing case of a :class:`Spec` (a known slip, probe or
relation named only when it fits *every* answered case) within one time limit: in a forked
child killed at the deadline, which stops any code (even a loop in a bare ``except:``, from
any thread), else in the calling process, limited by a timer in a Unix main thread only.
"""

from __future__ import annotations

import copy
import io
import os
import re
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Pipe

import numpy as np

from perclab.checks._probes import general_probes, output_relation
from perclab.checks.compare import (
    LINE_WIDTH,
    SOFT_DEADLINE,
    as_numbers,
    fits_every_answer,
    mismatch_of,
    quietly,
    shorten,
    show_value,
)

CHECK_SECONDS = 9.0  # a whole check: the learner's calls and the diagnosis together
_PRINTED = 2000  # characters at most of the learner's own output, shown above the report


REGISTRY: dict = {}  # every exercise's check, by name: perclab.checks is built from it


def registered(check):
    """Add ``check`` to ``REGISTRY``; each exercise's checks module marks its checks."""
    REGISTRY[check.__name__] = check
    return check


@dataclass(frozen=True)
class CheckResult:
    """The outcome of a check: ``passed``, the number of cases and the printed report."""

    passed: bool
    n_cases: int
    message: str = field(repr=False)  # printed already: the repr stays one line


@dataclass
class Case:
    about: str  # what the case tests, shown in the report
    args: tuple  # positional arguments, in the order of the exercise's signature


@dataclass
class Diagnosis:
    """How a check explains a wrong answer, beyond what every check tries. Every field
    is optional: without them the hint names a general probe or relation that fits,
    else what differs.

    Attributes
    ----------
    rule : str
        The rule in one sentence, restated after the hint when no known slip fits.
    wrong : dict
        Known slips: hint -> the wrong function that earns it (or a tuple of them),
        named when it gives the learner's answer on every answered case.
    probes : list of (str, callable)
        This exercise's own (hint, wrong function) pairs, tried with the general
        probes when no known slip fits.
    relations : list of callables
        ``relation(spec, answers)`` -> a hint or "", tried before the general relations
        between the learner's answers and the reference's.
    samples : (int, int or None) or None
        The positions of ``X`` and ``y`` (None: no ``y``) among the arguments, to run a
        failing case one sample at a time and to count the samples.
    combine : str
        How the per-sample values make the answer: said when each sample alone is right.
    sweep : (int, int or None) or None
        The positions of ``X`` and ``y`` when the function sweeps the samples in order:
        enables the probe of the reversed order and the hint that nothing moves.
    shape_hint : str
        What to return, said when the answer has the wrong shape and no general shape
        hint fits.
    shape_error_hint : str
        Said when the learner's code raises a shape error, before the general causes.
    slow_hint : str
        Said when the check stops at its time limit (default: whether every loop ends).
    """

    rule: str = ""
    wrong: dict[str, Callable | tuple] = field(default_factory=dict)
    probes: list[tuple[str, Callable]] = field(default_factory=list)
    relations: list[Callable] = field(default_factory=list)
    samples: tuple[int, int | None] | None = None
    combine: str = ""
    sweep: tuple[int, int | None] | None = None
    shape_hint: str = ""
    shape_error_hint: str = ""
    slow_hint: str = ""


@dataclass
class Spec:
    """What a check checks: the exercise's function against a reference, case by case.

    Attributes
    ----------
    exercise : int
        The exercise's number, shown in the report.
    name : str
        The function the exercise asks for.
    params : tuple of str
        Its parameters in order, a default written as ``"lr=1.0"``.
    reference : callable
        The correct function: its answers are the expected ones.
    cases : list of Case
        The cases, run in order; the report shows the first that fails.
    outputs : tuple of str
        The names of the returned values, when the function returns a tuple.
    rtol, atol : float
        The tolerances of the comparison; 0 and 0 compare exactly.
    frozen : tuple of str
        The arguments the exercise says to leave unchanged.
    diagnosis : Diagnosis
        How a wrong answer is explained beyond the general probes and relations.
    """

    exercise: int
    name: str
    params: tuple[str, ...]
    reference: Callable
    cases: list[Case]
    outputs: tuple[str, ...] = ()
    rtol: float = 0.0
    atol: float = 0.0
    frozen: tuple[str, ...] = ()
    diagnosis: Diagnosis = field(default_factory=Diagnosis)


# Running with a deadline: a forked child where possible
class _TooSlow(BaseException):
    """Raised in the calling process when the deadline passes (fallback without fork)."""


def _too_slow(signum, frame):
    raise _TooSlow


def _can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "emscripten"


@contextmanager
def _quiet_and_single_threaded():
    """Warnings off, one BLAS thread (several make small cases slow on a busy machine)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from threadpoolctl import threadpool_limits  # a dependency of perclab

        with threadpool_limits(limits=1):
            yield


def _in_child(work, seconds: float):
    """Run ``work(report)`` in a child killed at the deadline: (messages, finished)."""
    reader, writer = Pipe(duplex=False)
    with warnings.catch_warnings():
        # 3.12+ warns that forking a threaded kernel may deadlock: this child takes no lock
        warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child, which never returns: exit status 0, or 1 on an exception
        try:
            reader.close()
            os.setpgid(0, 0)
            printed, upto = io.StringIO(), []  # shown: the output up to the first failure
            sys.stdout = sys.stderr = printed

            def report(message):
                if message[0] == "provisional":
                    upto.append(printed.tell())
                if message[0] == "final" and printed.tell():
                    text = printed.getvalue()[: upto[0] if upto else None]
                    writer.send(("printed", text[-_PRINTED:]))
                writer.send(message)

            with _quiet_and_single_threaded():
                work(report)
            os._exit(0)
        finally:
            os._exit(1)
    writer.close()
    messages, finished, end = [], False, time.monotonic() + seconds
    try:
        while not finished and (left := end - time.monotonic()) > 0 and reader.poll(left):
            messages.append(reader.recv())
            finished = messages[-1][0] == "final"
    except (EOFError, OSError):  # the child ended (an OSError: in the middle of a message)
        finished = True
    finally:
        reader.close()
        if not finished:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return messages, finished


def isolated(work, seconds: float):
    """Run ``work(report)`` in a forked child, else here: ``(messages, finished)``."""
    if _can_fork():
        return _in_child(work, seconds)
    main = threading.current_thread() is threading.main_thread()
    if timer := seconds > 0 and hasattr(signal, "setitimer") and main:
        previous = signal.signal(signal.SIGALRM, _too_slow)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    messages = []
    try:
        with _quiet_and_single_threaded():
            work(messages.append)
    except _TooSlow:
        return messages, False
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return messages, True


# Comparison and display


def _inputs(spec: Spec, case: Case) -> str:
    shown = []
    for k, param in enumerate(spec.params):  # when the args stop early, the defaults
        name, _, default = param.partition("=")
        value = show_value(case.args[k]) if k < len(case.args) else f"{default} (default)"
        shown.append(f"{name} = {value}")
    return ", ".join(shown)


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:] if text else text
    return text if not text or text.endswith((".", "?", "!")) else text + "."


# Diagnosis: known slips confirmed on every case, else what differs


def _entries(expected, received, rtol, atol) -> str:
    """Where two arrays of one shape differ, in words."""
    want, got = np.asarray(expected, float), as_numbers(received)
    if want.ndim == 0:
        return f"it should be {show_value(expected)}"
    differ = ~np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=rtol == atol == 0)
    where = [tuple(int(i) for i in idx) for idx in np.argwhere(differ)]
    if not where:
        return ""
    first = where[0] if len(where[0]) > 1 else where[0][0]
    return (
        f"{len(where)} of {want.size} entries differ; entry {first} should be "
        f"{show_value(want[where[0]])}, not {show_value(got[where[0]])}"
    )


def _shape_problem(spec: Spec, expected, received) -> str:
    """A hint when the answer has the wrong shape (one number, one per sample, ...)."""
    want, got = np.shape(np.asarray(expected, dtype=float)), np.shape(as_numbers(received))
    if len(got) == len(want) == 1 and abs(got[0] - want[0]) == 1:
        return (
            f"One value too {'few' if got[0] < want[0] else 'many'} (length {got[0]}, not "
            f"{want[0]}): an off-by-one in a range or a slice? One value for every row."
        )
    if want == () and len(got) == 1:
        return (
            "Return one number, not one value per sample: combine them (np.mean for "
            "an average, np.min for a smallest value)."
        )
    if want and got == (*want, 1):  # a column, shape (n, 1), for a flat (n,)
        return f"Return an array of shape {want}: yours has shape {got} (np.ravel?)."
    if spec.diagnosis.shape_hint:
        return spec.diagnosis.shape_hint
    if len(got) == len(want) + 1 and got[1:] == want:
        return "Return only the final value, not the history of all of them."
    if got and len(got) < len(want) == 2:
        return (
            f"Your array is flat, shape {got}: return shape {want}, one row per sample "
            "(np.append without axis= flattens; put the column beside X along axis=1: "
            "np.column_stack, or np.hstack with a column of shape (n, 1))."
        )
    if got and np.prod(got) == np.prod(want):
        return f"Return an array of shape {want}: yours has shape {got} (np.ravel?)."
    if len(got) == len(want) == 1:
        return f"Return an array of shape {want}, not {got}: {_AXIS}"
    return ""


_AXIS = (
    "check the axis of your sums, means and differences (on X, shape (n, d), axis=0 runs "
    "over the samples and gives one value per feature; axis=1 runs along each sample)."
)


def _difference(spec: Spec, expected, received) -> str:
    """Name the returned value (and entry) that differs and what it should be."""
    if not (isinstance(expected, tuple) and isinstance(received, (tuple, list))):
        if isinstance(expected, bool):
            return f"It should be {expected}."
        return _sentence(_entries(expected, received, spec.rtol, spec.atol))
    names = spec.outputs or tuple(f"value {k + 1}" for k in range(len(expected)))
    tol = (spec.rtol, spec.atol)
    if len(received) == len(expected) > 1 and not mismatch_of(
        expected[::-1], received, *tol
    ):
        return f"The values are in the wrong order: return ({', '.join(names)})."
    problems = [mismatch_of(e, r, *tol) for e, r in zip(expected, received, strict=False)]
    wrong = [k for k, problem in enumerate(problems) if problem]
    parts = []
    for k in wrong[:2]:
        if problems[k] == "wrong value":
            detail = _entries(expected[k], received[k], *tol)
        else:
            detail = _shape_problem(spec, expected[k], received[k]) or problems[k]
        parts.append(f"{names[k]} is wrong ({detail})")
    text = "; ".join(parts)
    right = [names[k] for k in range(len(expected)) if k not in wrong]
    if right:
        text += f"; {', '.join(right)} {'is' if len(right) == 1 else 'are'} right"
    return text + "."


def _diagnose(spec: Spec, func, k: int, answers: dict, expected, received, problem) -> str:
    """A known slip, probe or relation that fits all ``answers``, else what differs."""
    diagnosis = spec.diagnosis
    confirmed = [
        hint
        for hint, slip in diagnosis.wrong.items()
        if fits_every_answer(spec, slip, answers, k)
    ]
    if not confirmed:  # the general probes and relations
        for hint, variant in diagnosis.probes + general_probes(spec):
            if hint not in confirmed and fits_every_answer(spec, variant, answers, k):
                confirmed.append(hint)
        if len(confirmed) < 2:  # the searches only when no probe fits
            confirmed.append(output_relation(spec, answers, searches=not confirmed))
        confirmed = [hint for hint in confirmed if hint]
    if len(confirmed) > 1:
        slips = " / ".join(confirmed[:2])
        return f"Your answers fit each of these slips on every case: {slips}"
    if confirmed:
        return confirmed[0]
    tuples = isinstance(expected, tuple) and isinstance(received, (tuple, list))
    if tuples and len(received) == len(expected):
        text = _difference(spec, expected, received)
    elif problem.startswith("expected shape"):
        text = _sentence(_shape_problem(spec, expected, received) or problem)
    elif problem != "wrong value":
        text = _sentence(problem)
    else:
        text = _per_sample(spec, func, k) or _difference(spec, expected, received)
    return f"{text} {diagnosis.rule}".strip()


def _per_sample(spec: Spec, func, k: int) -> str:
    """The first sample of case ``k`` wrong alone, else that the samples combine wrongly."""
    case, samples = spec.cases[k], spec.diagnosis.samples
    if samples is None or len(case.args[samples[0]]) < 2:
        return ""
    i_X, i_y = samples
    X = np.asarray(case.args[i_X])
    y = None if i_y is None else np.asarray(case.args[i_y])
    for i in range(len(X)):
        args = list(copy.deepcopy(case.args))
        args[i_X] = X[i : i + 1].copy()
        if y is not None:
            args[i_y] = y[i : i + 1].copy()
        try:
            expected = quietly(spec.reference, *args)
            with np.errstate(all="ignore"):
                received = func(*args)
        except Exception:
            return ""
        problem = mismatch_of(expected, received, spec.rtol, spec.atol, spec.outputs)
        if problem and problem.startswith("expected shape"):
            return f"On one sample alone, {problem}: {_AXIS}"
        if problem:
            label = "" if y is None else f", y = {show_value(y[i])}"
            return (
                f"Already on sample {i} alone (x = {show_value(X[i])}{label}) you return "
                f"{show_value(received)}, not {show_value(expected)}: work this one "
                "through by hand."
            )
    return (
        "Each sample alone gives the right value, so the way you combine the samples "
        f"is wrong: {spec.diagnosis.combine}"
    )


# Exceptions: the usual cause of the common ones
_SHAPES = (
    r"could not be broadcast|input array dimensions|same number of dimensions|not "
    r"aligned|mismatch in its core dimension|shapes.*mismatch|dimension mismatch"
)
# pattern: the usual cause, for the first pattern found in "<type>: <message>" (lower case)
_EXCEPTION_HINTS = {
    "truth value of an array": (
        "Python needed one True/False but got an array: max(0, array) and `if array:` do "
        "that. Use np.maximum(0, a) for an elementwise maximum (np.minimum for a minimum), "
        "and compare arrays elementwise (np.where, a boolean mask) instead of with if."
    ),
    "only integer scalar arrays|cannot be interpreted as an integer": (
        "np.max(0, a) and np.min(0, a) read a as an axis: for an elementwise maximum use "
        "np.maximum(0, a) (np.minimum for a minimum)."
    ),
    "nonetype": (
        "A value was None: a function that ends without `return` returns None. Check that "
        "your function (and every helper it calls) returns its result."
    ),
    "^axiserror|axis.*out of bounds": (
        "An axis that the array does not have: a 1-D array (one sample, or w) has only "
        "axis 0; on X, shape (n, d), axis=1 works along each sample's features and axis=0 "
        "along the samples."
    ),
    "only (length-1|size-1|0-dimensional) arrays": (
        "math.exp, math.log, float() and int() take one number, not an array: use np.exp "
        "and np.log, which work elementwise."
    ),
    _SHAPES: (
        "The shapes do not fit. X has one row per sample, shape (n, d); w and one sample x "
        "have shape (d,); y has shape (n,). Compare with the shapes in `inputs` (X @ w, "
        "not w @ X; y * X @ w means (y * X) @ w, write y * (X @ w)); a column to put "
        "beside X needs shape (n, 1)."
    ),
    "cannot cast ufunc|same_kind": (
        "An in-place += on an integer array: the result of a float step cannot be stored "
        "in it. Build a new array, w = w + step, or start from np.asarray(w, dtype=float)."
    ),
    "^typeerror: .*('list'|sequence by non-int)": (
        "Arithmetic on a Python list: lists do not add or multiply elementwise. Convert "
        "with np.asarray(...) first."
    ),
    "^indexerror": (
        "An index outside the array: check the shapes in `inputs` (a single sample or a "
        "single feature is a common edge case) and loop over range(len(...))."
    ),
    "^overflowerror|math range error": (
        "math.exp overflows for large arguments: use numpy, and np.logaddexp(0, -m) for "
        "ln(1 + exp(-m))."
    ),
    "^zerodivisionerror": "A division by zero: which quantity can be 0 on this case?",
    "^nameerror": (
        "A name your function uses is not defined: run the cells above, define the name "
        "inside the function, or check its spelling."
    ),
    "^recursionerror": "Your function calls itself without end: call the helper you meant.",
    "^unboundlocalerror": (
        "A variable is read before it gets a value on this path (a loop that never ran, or "
        "an if without else?)."
    ),
    "invalid parameter": (
        "In a search over a Pipeline, name each parameter as step__parameter, e.g. "
        "{'logisticregression__C': [0.1, 1]} for make_pipeline(..., LogisticRegression())."
    ),
}

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # src/perclab
_LIBRARIES = tuple(os.sep + lib + os.sep for lib in ("numpy", "sklearn", "scipy", "joblib"))


def _learners(filename: str) -> bool:
    """Whether a frame's file is the learner's: not a library's, nor in perclab's folder."""
    if any(lib in filename for lib in _LIBRARIES):
        return False
    try:
        return os.path.commonpath([os.path.abspath(filename), _PACKAGE]) != _PACKAGE
    except ValueError:  # on another drive
        return True


# The report
def _finish(passed: bool, n_cases: int, message: str) -> CheckResult:
    print(message)
    return CheckResult(passed=passed, n_cases=n_cases, message=message)


def not_callable(check: str, name: str, func, n: int) -> CheckResult:
    text = f"Pass the function itself, e.g. check_{check}({name}), not the result of"
    return _finish(False, n, f"{text} calling it (got {type(func).__name__}).")


def not_implemented(exercise: int, name: str) -> str:
    text = f"Exercise {exercise} is not implemented yet: fill in {name} above and run"
    return f"{text} this cell again."


def _changed(before, after) -> bool:
    try:
        if isinstance(before, np.ndarray) or isinstance(after, np.ndarray):
            return not np.array_equal(before, after, equal_nan=True)  # shapes too
        return bool(before != after)
    except Exception:
        return False


def _where(spec: Spec, k: int) -> str:
    n, about = len(spec.cases), spec.cases[k].about
    return f"Exercise {spec.exercise}, {spec.name}: case {k + 1} of {n} ({about})"


def report_raised(head: str, inputs: str, exc, spec: Spec | None = None) -> str:
    """The report of an exception that ``head`` raised on ``inputs``: where, and why."""
    first = str(exc).splitlines()[0] if str(exc) else ""
    text = (
        f"{head} raised {type(exc).__name__}: {shorten(first, 160)}\n  inputs:   {inputs}"
    )
    tb = traceback.extract_tb(exc.__traceback__)
    frames = [f for f in tb if f.line and _learners(f.filename)]
    if frames:  # the deepest one raised it
        text += f"\n  at:       {shorten(frames[-1].line, 100)}   (in {frames[-1].name})"
    message, causes = f"{type(exc).__name__}: {exc}".lower(), list(_EXCEPTION_HINTS.items())
    own = spec.diagnosis.shape_error_hint if spec is not None else ""
    if own:  # the exercise's own cause of a shape error
        causes.insert(0, (f"{_SHAPES}|^axiserror", own))
    hint = next((hint for found, hint in causes if re.search(found, message)), "")
    return f"{text}\n  hint: {hint}" if hint else text


def _failed_report(spec: Spec, k: int, expected, received, hint: str) -> str:
    return (
        f"{_where(spec, k)} fails.\n  inputs:   {_inputs(spec, spec.cases[k])}\n"
        f"  expected: {show_value(expected)}\n  received: {show_value(received)}\n"
        f"  hint: {hint}"
    )


def _evaluate(spec: Spec, func, report) -> None:
    """Run every case on ``func``; ``report`` ("case", k) before case k, ("provisional",
    passed, text) once the first failure is known, and ("final", passed, text)."""
    answers, failure = {}, None  # failure: (k, expected, answer, problem)
    SOFT_DEADLINE[0] = time.monotonic() + 0.6 * CHECK_SECONDS
    for k, case in enumerate(spec.cases):
        report(("case", k))
        args = copy.deepcopy(case.args)
        try:
            with np.errstate(all="ignore"):
                answer = func(*args)
        except Exception as exc:  # only the first failure counts
            if failure is not None:
                continue
            if isinstance(exc, NotImplementedError):
                return report(("final", False, not_implemented(spec.exercise, spec.name)))
            head = f"{_where(spec, k)}: your function"
            return report(
                ("final", False, report_raised(head, _inputs(spec, case), exc, spec))
            )
        for param, before, after in zip(spec.params, case.args, args, strict=False):
            name = param.partition("=")[0]
            if failure is None and name in spec.frozen and _changed(before, after):
                text = (
                    f"{_where(spec, k)}: your function changed its argument {name} in "
                    f"place.\n  inputs:   {_inputs(spec, case)}\n  {name} is now: "
                    f"{show_value(after)}\n  hint: {name} changed in place, and the "
                    "exercise "
                    f"asks you to leave it as it was: build a new value, {name} = {name} "
                    f"+ step rather than {name} += step (or start from {name}.copy())."
                )
                return report(("final", False, text))
        answers[k] = answer
        if failure is not None:
            continue
        expected = quietly(spec.reference, *case.args)
        problem = mismatch_of(expected, answer, spec.rtol, spec.atol, spec.outputs)
        if problem is not None:
            failure = (k, expected, answer, problem)
            quick = problem if problem != "wrong value" else ""
            rule = spec.diagnosis.rule
            said = _sentence(quick) if quick else _difference(spec, expected, answer)
            hint = shorten(f"{said} {rule}")
            report(("provisional", False, _failed_report(spec, k, expected, answer, hint)))
    if failure is None:
        return report(("final", True, f"All {len(spec.cases)} cases pass."))
    k, expected, answer, problem = failure
    try:
        hint = _diagnose(spec, func, k, answers, expected, answer, problem)
    except Exception:  # a diagnosis that fails must not hide the failure
        hint = f"{_difference(spec, expected, answer)} {spec.diagnosis.rule}"
    hint = shorten(hint, 2 * LINE_WIDTH)
    report(("final", False, _failed_report(spec, k, expected, answer, hint)))


def report_outcome(spec_name: str, n: int, messages, finished, on_timeout) -> CheckResult:
    """The final report, else the provisional one, else on_timeout(last_case, finished)."""
    last = {kind: rest for kind, *rest in messages}  # the last message of each kind
    if "printed" in last:  # what the learner's function printed, before the report
        print(last["printed"][0].rstrip("\n"))
    if result := last.get("final") or last.get("provisional"):
        return _finish(result[0], n, result[1])
    if finished and "case" not in last:
        return _finish(False, n, f"The check of {spec_name} stopped unexpectedly.")
    return _finish(False, n, on_timeout(last.get("case", [0])[0], finished))


def run_check(spec: Spec, func) -> CheckResult:
    """Run every case within the time limit; report the first failure, or that all pass."""
    n = len(spec.cases)
    if not callable(func):
        return not_callable(spec.name, spec.name, func, n)
    seconds = CHECK_SECONDS
    messages, finished = isolated(lambda report: _evaluate(spec, func, report), seconds)

    def on_timeout(k, finished):
        inputs = f"  inputs:   {_inputs(spec, spec.cases[k])}"
        if finished:  # the child ended without a result: it crashed
            return (
                f"{_where(spec, k)}: the check's process ended abruptly (a crash in "
                f"compiled code, or an exit call in your function).\n{inputs}"
            )
        hint = spec.diagnosis.slow_hint or "Does every loop of your function end?"
        return (
            f"{_where(spec, k)} did not finish: the check stopped at its limit of "
            f"{seconds:g} s.\n{inputs}\n  hint: {hint}"
        )

    return report_outcome(spec.name, n, messages, finished, on_timeout)


# Data for the cases
def seeded_rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def integer_separable(rng, n_samples, n_features, *, as_float=True, bias=True):
    """Small-integer points off a random integer hyperplane, labelled by its side."""
    w_star = np.zeros(n_features)
    while not np.any(w_star):
        w_star = rng.integers(-3, 4, size=n_features)
    b_star = int(rng.integers(-2, 3)) if bias else 0
    X = rng.integers(-4, 5, size=(4 * n_samples, n_features))
    score = X @ w_star + b_star
    X, score = X[score != 0][:n_samples], score[score != 0][:n_samples]
    if X.shape[0] == 0:  # pragma: no cover - practically never with 4n draws
        return integer_separable(rng, n_samples, n_features, as_float=as_float, bias=bias)
    return (X.astype(float) if as_float else X), np.where(score > 0, 1, -1)


def raw_score(X, w, b):
    return np.asarray(X, dtype=float) @ np.asarray(w, dtype=float) + float(b)


def as_labels(y, as_float: bool):
    return np.asarray(y, dtype=float) if as_float else np.asarray(y, dtype=int)


XOR_X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
XOR_Y = np.array([-1, 1, -1, 1])
WORKED_X = np.array(
    [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
)
WORKED_Y = np.array([-1, 1, -1, 1, 1, -1])
TIE = "y (w @ x + b) = 0 exactly"
