"""The machinery of the self-checks: cases, comparison, diagnosis and the report.

A check is a :class:`_Spec`: the exercise's number and function name, a reference, a list
of cases, how to compare (exactly, or within a tolerance), the known wrong versions of
the function, each with the hint it earns, and the rule to restate when no known slip
explains a failure. :func:`_run` does the rest:

1. it calls the learner's function on every case (a fresh copy of the inputs each time)
   and compares each answer with the reference;
2. the first failing case is reported with its inputs, the expected and the received
   value, and a hint. A known slip is named only when it reproduces the learner's
   answers on *every* case, not only on the failing one; when none does, the hint says
   which returned value or entry differs and restates the rule;
3. an exception gets a hint for its usual cause (``max(0, array)``, shapes that do not
   fit, a missing ``return``, ...), and the line of the learner's code that raised it;
4. an argument the exercise says to leave alone, changed in place, is named.

The time limit holds for the whole check, not for each call. Where the platform can
``fork`` (Linux, macOS), the check runs in a child process that the parent kills at the
deadline, which stops any code, even an endless loop inside a bare ``except:``, and
works from any thread; functions defined in a notebook need no pickling, since the
child inherits them. Elsewhere (Windows) the check runs in the calling process, limited
by a timer signal in the main thread of a Unix-like system and not limited otherwise.
"""

from __future__ import annotations

import copy
import io
import os
import pickle
import select
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

# Seconds a whole check may take, the learner's calls and the diagnosis together.
_CHECK_SECONDS = 9.0
# Characters at most of a hint line, and of the learner's own printed output, which is
# shown above the report.
_WIDTH = 300
_PRINTED = 2000


@dataclass(frozen=True)
class CheckResult:
    """The outcome of a check: ``passed``, the number of cases and the printed report."""

    passed: bool
    n_cases: int
    message: str

    def __repr__(self) -> str:
        return f"CheckResult(passed={self.passed}, n_cases={self.n_cases})"


# ----------------------------------------------------------------------------------
# Cases and specifications
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
    rule: str = ""  # the rule in one sentence, restated when no known slip fits
    slow_hint: str = ""
    frozen: tuple[str, ...] = ()  # arguments the statement says to leave unchanged
    shape_hint: str = ""  # what to return, said when the shape of the answer is wrong
    shape_error_hint: str = ""  # said when the learner's code raises a shape error
    samples: tuple[int, int | None] | None = None  # positions of X and y (or None)
    combine: str = ""  # how the per-sample values make the answer
    sweep: tuple[int, int | None] | None = None  # positions of X and y swept in order
    probes: list[tuple[str, Callable]] = field(default_factory=list)  # (hint, variant)


# ----------------------------------------------------------------------------------
# Running with a deadline: a forked child where possible
# ----------------------------------------------------------------------------------


class _TooSlow(BaseException):
    """Raised in the calling process when the deadline passes (fallback without fork)."""


def _can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "emscripten"


@contextmanager
def _alarm(seconds: float):
    """Fallback without fork: interrupt after ``seconds`` in a Unix main thread."""
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def _raise(signum, frame):
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _one_thread():
    """One thread for BLAS and OpenMP while the check runs: the cases are small, and on
    a busy machine several threads per product make them ten times slower."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl comes with scikit-learn
        yield
        return
    with threadpool_limits(limits=1):
        yield


def _send(fd: int, message) -> None:
    data = pickle.dumps(message)
    data = len(data).to_bytes(4, "big") + data
    while data:
        data = data[os.write(fd, data) :]


def _in_child(work, seconds: float):
    """Run ``work(report)`` in a forked child; return the messages it reported in time.

    ``work`` calls ``report(message)`` with small picklable messages (progress, a
    provisional result, the final result). The parent collects them until the child
    ends or ``seconds`` pass, then kills the child's whole process group. Returns
    ``(messages, finished)``.
    """
    read_fd, write_fd = os.pipe()
    with warnings.catch_warnings():
        # Python 3.12+ warns that forking a multi-threaded process (a Jupyter kernel)
        # may deadlock the child; the child only runs the check and never takes the
        # parent's locks for I/O (its output goes to a buffer), then exits.
        warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            os.close(read_fd)
            os.setpgid(0, 0)
            printed, upto = io.StringIO(), []
            sys.stdout = sys.stderr = printed

            def report(message):
                # The learner's output up to the failing case (not what the diagnosis
                # of the later cases printed) is shown above the report.
                if message[0] == "provisional":
                    upto.append(printed.tell())
                if message[0] == "final" and printed.tell():
                    text = printed.getvalue()[: upto[0] if upto else None]
                    _send(write_fd, ("printed", text[-_PRINTED:]))
                _send(write_fd, message)

            warnings.simplefilter("ignore")
            with _one_thread():
                work(report)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    messages, buffer, deadline = [], b"", time.monotonic() + seconds
    finished = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([read_fd], [], [], left)
            if not ready:
                break
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                finished = True
                break
            buffer += chunk
            while len(buffer) >= 4 and len(buffer) >= 4 + int.from_bytes(buffer[:4], "big"):
                size = int.from_bytes(buffer[:4], "big")
                messages.append(pickle.loads(buffer[4 : 4 + size]))
                buffer = buffer[4 + size :]
            if messages and messages[-1][0] == "final":
                finished = True
                break
    finally:
        os.close(read_fd)
        if not finished:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return messages, finished


def _in_process(work, seconds: float):
    """Run ``work(report)`` here (no fork): limited only by a timer in a main thread."""
    messages = []
    try:
        with _alarm(seconds), warnings.catch_warnings(), _one_thread():
            warnings.simplefilter("ignore")
            work(messages.append)
    except _TooSlow:
        return messages, False
    return messages, True


def _isolated(work, seconds: float):
    runner = _in_child if _can_fork() else _in_process
    return runner(work, seconds)


# ----------------------------------------------------------------------------------
# Comparison and display
# ----------------------------------------------------------------------------------


def _quietly(func, *args):
    """Call a reference or a wrong variant with warnings silenced."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return func(*copy.deepcopy(args))


def _as_numbers(value):
    """``value`` as a float array, or None; text such as "+1" is not a number here."""
    try:
        if np.asarray(value).dtype.kind in "USO" and any(
            isinstance(v, (str, bytes)) for v in np.ravel(np.asarray(value, dtype=object))
        ):
            return None
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None


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
        if isinstance(received, np.ndarray) and received.ndim == 0:
            received = received.item()
        if isinstance(received, (bool, np.bool_)) or (
            isinstance(received, (int, np.integer)) and received in (0, 1)
        ):
            return None if bool(received) == expected else "wrong value"
        if isinstance(received, np.ndarray) and received.size == 1:
            return f"expected True or False, got an array of shape {received.shape}"
        return f"expected True or False, got {type(received).__name__} {_show(received)}"
    got = _as_numbers(received)
    if got is None:
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
        if text.count("\n") > 3:  # a large matrix: its shape is more use than rows
            return f"array of shape {value.shape}"
        return text.replace("\n", "\n" + " " * 14)
    if isinstance(value, np.generic):
        return repr(value.item())
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _inputs(spec: _Spec, case: _Case) -> str:
    shown = [
        f"{name.partition('=')[0]} = {_show(arg)}"
        for name, arg in zip(spec.params, case.args, strict=False)  # args may stop early
    ]
    for param in spec.params[len(case.args) :]:  # the defaults, e.g. "lr=1.0"
        name, _, default = param.partition("=")
        shown.append(f"{name} = {default} (default)")
    return ", ".join(shown)


def _short(text: str, width: int = _WIDTH) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 3] + "..."


# ----------------------------------------------------------------------------------
# Diagnosis: known slips confirmed on every case, else what differs
# ----------------------------------------------------------------------------------


def _reproduces(spec: _Spec, variant, case: _Case, received) -> bool:
    """Whether the wrong ``variant`` gives ``received`` on ``case``."""
    try:
        output = _quietly(variant, *case.args)
    except Exception:  # a variant may not apply to this case
        return False
    return _mismatch(output, received, spec.rtol, spec.atol, spec.outputs) is None


def _entries(expected, received, rtol, atol) -> str:
    """Where two arrays of one shape differ, in words."""
    want, got = np.asarray(expected, float), _as_numbers(received)
    if want.ndim == 0:
        return f"it should be {_show(expected)}"
    if rtol == 0 and atol == 0:
        differ = ~((want == got) | (np.isnan(want) & np.isnan(got)))
    else:
        differ = ~np.isclose(got, want, rtol=rtol, atol=atol)
    where = [tuple(int(i) for i in idx) for idx in np.argwhere(differ)]
    if not where:
        return ""
    first = where[0] if len(where[0]) > 1 else where[0][0]
    return (
        f"{len(where)} of {want.size} entries differ; entry {first} should be "
        f"{_show(want[where[0]])}, not {_show(got[where[0]])}"
    )


def _shape_problem(spec: _Spec, expected, received) -> str:
    """A hint when the answer has the wrong shape (one number, one per sample, ...)."""
    want, got = np.shape(np.asarray(expected, dtype=float)), np.shape(_as_numbers(received))
    if want == () and len(got) == 1:
        return (
            "Return one number, not one value per sample: combine them (np.mean for "
            "an average, np.min for a smallest value)."
        )
    if spec.shape_hint:
        return spec.shape_hint
    if len(got) == len(want) + 1 and got[1:] == want:
        return "Return only the final value, not the history of all of them."
    if got and np.prod(got) == np.prod(want):
        return f"Return an array of shape {want}: yours has shape {got} (np.ravel?)."
    return ""


def _difference(spec: _Spec, expected, received) -> str:
    """Name the returned value (and entry) that differs and what it should be."""
    if (
        isinstance(expected, tuple)
        and isinstance(received, (tuple, list))
        and len(received) == len(expected) > 1
        and _mismatch(expected[::-1], tuple(received), spec.rtol, spec.atol) is None
    ):
        names = spec.outputs or ("the values",)
        return f"The values are in the wrong order: return ({', '.join(names)})."
    if isinstance(expected, tuple) and isinstance(received, (tuple, list)):
        names = spec.outputs or tuple(f"value {k + 1}" for k in range(len(expected)))
        wrong = [
            k
            for k, (e, r) in enumerate(zip(expected, received, strict=False))
            if _mismatch(e, r, spec.rtol, spec.atol)
        ]
        right = [names[k] for k in range(len(expected)) if k not in wrong]
        parts = []
        for k in wrong[:2]:
            problem = _mismatch(expected[k], received[k], spec.rtol, spec.atol)
            if problem == "wrong value":
                detail = _entries(expected[k], received[k], spec.rtol, spec.atol)
            else:
                detail = _shape_problem(spec, expected[k], received[k]) or problem
            parts.append(f"{names[k]} is wrong ({detail})")
        text = "; ".join(parts)
        if right:
            text += f"; {', '.join(right)} {'is' if len(right) == 1 else 'are'} right"
        return text + "."
    if isinstance(expected, bool):
        return f"It should be {expected}."
    detail = _entries(expected, received, spec.rtol, spec.atol)
    return (detail[0].upper() + detail[1:] + ".") if detail else ""


def _constant_factor(spec: _Spec, answers: dict) -> float | None:
    """The factor r with answer = r * expected on every answered case, if there is one
    (and it is not 1); None otherwise. For numbers compared with a tolerance only."""
    if spec.rtol == 0 and spec.atol == 0:
        return None
    ratios = []
    for j, answer in answers.items():
        expected = _quietly(spec.reference, *spec.cases[j].args)
        if isinstance(expected, (tuple, bool)):
            return None
        want, got = np.asarray(expected, dtype=float), _as_numbers(answer)
        if got is None or got.shape != want.shape:
            return None
        big = np.abs(want) > 1e-9
        if not np.allclose(got[~big], 0.0, atol=1e-9):
            return None
        ratios.extend((got[big] / want[big]).ravel())
    if len(ratios) < 3:
        return None
    r = float(np.median(ratios))
    if not np.allclose(ratios, r, rtol=1e-6) or np.isclose(r, 1.0) or r == 0:
        return None
    return r


def _diagnose(spec: _Spec, func, k: int, answers: dict, expected, received, problem) -> str:
    """The hint for the failure of case ``k``, given the learner's ``answers`` on every
    case that returned (case index -> answer).

    A known slip is named only if it reproduces every one of those answers; when several
    do, their hints are given together. Otherwise the hint says what differs and
    restates the rule.
    """
    confirmed = []
    for hint, variant in spec.wrong:
        if hint in confirmed:
            continue
        if all(
            _reproduces(spec, variant, spec.cases[j], answer)
            for j, answer in sorted(answers.items(), key=lambda item: item[0] != k)
        ):
            confirmed.append(hint)
    if len(confirmed) == 1:
        return confirmed[0]
    if not confirmed:
        from perclab.checks._probes import general_probes

        for hint, variant in spec.probes + general_probes(spec):
            if all(
                _reproduces(spec, variant, spec.cases[j], answer)
                for j, answer in sorted(answers.items(), key=lambda item: item[0] != k)
            ):
                return hint
        from perclab.checks._probes import output_relation

        relation = output_relation(spec, answers)
        if relation:
            return relation
    factor = _constant_factor(spec, answers)
    if factor is not None and not confirmed:
        if factor == -1:
            return (
                "Every answer has the opposite sign of the expected one: a minus sign "
                f"is missing or extra. {spec.rule}"
            ).strip()
        return (
            f"Every answer is exactly {factor:.6g} times the expected one: a constant "
            f"factor is wrong (a sum instead of a mean, a missing 1/2 or step size?). "
            f"{spec.rule}"
        ).strip()
    if confirmed:
        return "Your answers fit each of these slips on every case: " + " / ".join(
            confirmed[:2]
        )
    same_length = (
        isinstance(expected, tuple)
        and isinstance(received, (tuple, list))
        and len(received) == len(expected)
    )
    if same_length:
        text = _difference(spec, expected, received)
    elif problem.startswith("expected shape"):
        text = _shape_problem(spec, expected, received) or problem[0].upper() + problem[1:]
        text = text if text.endswith(".") else text + "."
    elif problem != "wrong value" and not problem.endswith(": wrong value"):
        text = problem[0].upper() + problem[1:] + "."
    else:
        text = _per_sample(spec, func, spec.cases[k]) or _difference(
            spec, expected, received
        )
    return f"{text} {spec.rule}".strip()


def _per_sample(spec: _Spec, func, case: _Case) -> str:
    """For a function of a whole data set: run it on each sample of ``case`` alone.

    Either one sample alone already gives a wrong answer (shown: a smaller case to work
    by hand), or every sample alone is right and so the way the samples are combined is
    wrong. Empty when the spec has no samples or nothing can be said."""
    if spec.samples is None:
        return ""
    i_X, i_y = spec.samples
    X = np.asarray(case.args[i_X])
    y = None if i_y is None else np.asarray(case.args[i_y])
    if len(X) < 2:
        return ""
    for i in range(len(X)):
        args = list(copy.deepcopy(case.args))
        args[i_X] = X[i : i + 1].copy()
        if y is not None:
            args[i_y] = y[i : i + 1].copy()
        try:
            expected = _quietly(spec.reference, *args)
            with np.errstate(all="ignore"):
                received = func(*args)
        except Exception:
            return ""
        if _mismatch(expected, received, spec.rtol, spec.atol, spec.outputs):
            label = "" if y is None else f", y = {_show(y[i])}"
            return (
                f"Already on sample {i} alone (x = {_show(X[i])}{label}) you return "
                f"{_show(received)}, not {_show(expected)}: work this one through by "
                "hand."
            )
    return (
        "Each sample alone gives the right value, so the way you combine the samples "
        f"is wrong: {spec.combine}"
    )


# ----------------------------------------------------------------------------------
# Exceptions: the usual cause of the common ones
# ----------------------------------------------------------------------------------


def _is_shape_error(low: str) -> bool:
    return (
        "could not be broadcast" in low
        or "input array dimensions" in low
        or "same number of dimensions" in low
        or "not aligned" in low
        or "mismatch in its core dimension" in low
        or ("shapes" in low and "mismatch" in low)
        or "dimension mismatch" in low
    )


def _exception_hint(exc: BaseException, spec: _Spec | None = None) -> str:
    name, text = type(exc).__name__, str(exc)
    low = text.lower()
    if spec is not None and spec.shape_error_hint:
        if _is_shape_error(low) or name == "AxisError":
            return spec.shape_error_hint
    if "truth value of an array" in low:
        return (
            "Python needed one True/False but got an array: max(0, array) and "
            "`if array:` do that. Use np.maximum(0, a) for an elementwise maximum "
            "(np.minimum for a minimum), and compare arrays elementwise (np.where, a "
            "boolean mask) instead of with if."
        )
    if "only integer scalar arrays" in low or "cannot be interpreted as an integer" in low:
        return (
            "np.max(0, a) and np.min(0, a) read a as an axis: for an elementwise "
            "maximum use np.maximum(0, a) (np.minimum for a minimum)."
        )
    if "nonetype" in low:
        return (
            "A value was None: a function that ends without `return` returns None. "
            "Check that your function (and every helper it calls) returns its result."
        )
    if name == "AxisError" or ("axis" in low and "out of bounds" in low):
        return (
            "An axis that the array does not have: a 1-D array (one sample, or w) has "
            "only axis 0; on X, shape (n, d), axis=1 works along each sample's "
            "features and axis=0 along the samples."
        )
    if (
        "only length-1 arrays" in low
        or "only size-1 arrays" in low
        or ("only 0-dimensional" in low)
    ):
        return (
            "math.exp, math.log, float() and int() take one number, not an array: use "
            "np.exp and np.log, which work elementwise."
        )
    if _is_shape_error(low):
        return (
            "The shapes do not fit. X has one row per sample, shape (n, d); w and one "
            "sample x have shape (d,); y has shape (n,). Compare with the shapes in "
            "`inputs` (X @ w, not w @ X; y * X @ w means (y * X) @ w, write "
            "y * (X @ w)); a column to put beside X needs shape (n, 1)."
        )
    if "cannot cast ufunc" in low or "same_kind" in low:
        return (
            "An in-place += on an integer array: the result of a float step cannot be "
            "stored in it. Build a new array, w = w + step, or start from "
            "np.asarray(w, dtype=float)."
        )
    if name == "TypeError" and ("'list'" in low or "sequence by non-int" in low):
        return (
            "Arithmetic on a Python list: lists do not add or multiply elementwise. "
            "Convert with np.asarray(...) first."
        )
    if name == "IndexError":
        return (
            "An index outside the array: check the shapes in `inputs` (a single sample "
            "or a single feature is a common edge case) and loop over range(len(...))."
        )
    if name in ("OverflowError",) or "math range error" in low:
        return (
            "math.exp overflows for large arguments: use numpy, and np.logaddexp(0, -m) "
            "for ln(1 + exp(-m))."
        )
    if name == "ZeroDivisionError":
        return "A division by zero: which quantity can be 0 on this case?"
    if name == "NameError":
        return (
            "A name your function uses is not defined: run the cells above, define "
            "the name inside the function, or check its spelling."
        )
    if name == "RecursionError":
        return "Your function calls itself without end: call the helper you meant."
    if name == "UnboundLocalError":
        return (
            "A variable is read before it gets a value on this path (a loop that "
            "never ran, or an if without else?)."
        )
    if "invalid parameter" in low:
        return (
            "In a search over a Pipeline, name each parameter as step__parameter, e.g. "
            "{'logisticregression__C': [0.1, 1]} for make_pipeline(..., "
            "LogisticRegression())."
        )
    return ""


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # src/perclab


def _in_package(filename: str) -> bool:
    """Whether a frame's file is perclab's own code (not a learner's file in a folder
    that merely has "perclab" in its name)."""
    try:
        return os.path.commonpath([os.path.abspath(filename), _PACKAGE]) == _PACKAGE
    except ValueError:  # on another drive
        return False


def _where_raised(exc: BaseException) -> str:
    """The learner's line that raised ``exc`` (the deepest frame outside libraries)."""
    ignored = (os.sep + "numpy" + os.sep, os.sep + "sklearn" + os.sep)
    ignored += (os.sep + "scipy" + os.sep, os.sep + "joblib" + os.sep)
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if not any(part in f.filename for part in ignored)
        and not _in_package(f.filename)
        and f.line
    ]
    if not frames:
        return ""
    frame = frames[-1]
    return f"{_short(frame.line, 100)}   (in {frame.name})"


# ----------------------------------------------------------------------------------
# The report
# ----------------------------------------------------------------------------------


def _finish(passed: bool, n_cases: int, message: str) -> CheckResult:
    print(message)
    return CheckResult(passed=passed, n_cases=n_cases, message=message)


def _not_implemented(exercise: int, name: str) -> str:
    return (
        f"Exercise {exercise} is not implemented yet: fill in {name} above and run "
        "this cell again."
    )


def _changed(before, after) -> bool:
    try:
        if isinstance(before, np.ndarray) or isinstance(after, np.ndarray):
            return not (
                np.shape(before) == np.shape(after)
                and np.array_equal(np.asarray(before), np.asarray(after), equal_nan=True)
            )
        return bool(before != after)
    except Exception:
        return False


def _raised_report(spec, where, case, exc) -> str:
    lines = [
        f"{where}: your function raised {type(exc).__name__}: "
        f"{_short(str(exc).splitlines()[0] if str(exc) else '', 160)}",
        f"  inputs:   {_inputs(spec, case)}",
    ]
    line = _where_raised(exc)
    if line:
        lines.append(f"  at:       {line}")
    hint = _exception_hint(exc, spec)
    if hint:
        lines.append(f"  hint: {hint}")
    return "\n".join(lines)


def _evaluate(spec: _Spec, func, report) -> None:
    """Run every case of ``spec`` on ``func``; ``report`` the progress and the result.

    Messages: ("case", k) before case k; ("provisional", passed, text) as soon as the
    first failure is known (the report without the diagnosis over later cases); and
    ("final", passed, text).
    """
    n = len(spec.cases)
    answers, failure = {}, None  # failure: (k, expected, received, problem)
    for k, case in enumerate(spec.cases):
        report(("case", k))
        where = f"Exercise {spec.exercise}, {spec.name}: case {k + 1} of {n} ({case.about})"
        args = copy.deepcopy(case.args)
        try:
            with np.errstate(all="ignore"):
                received = func(*args)
        except NotImplementedError:
            if failure is None:
                report(("final", False, _not_implemented(spec.exercise, spec.name)))
                return
            continue
        except Exception as exc:
            if failure is None:
                report(("final", False, _raised_report(spec, where, case, exc)))
                return
            continue
        for name, before, after in zip(spec.params, case.args, args, strict=False):
            name = name.partition("=")[0]
            if name in spec.frozen and failure is None and _changed(before, after):
                report(
                    (
                        "final",
                        False,
                        f"{where}: your function changed its argument {name} in place.\n"
                        f"  inputs:   {_inputs(spec, case)}\n"
                        f"  {name} is now: {_show(after)}\n"
                        f"  hint: {name} changed in place, and the exercise asks you to "
                        f"leave it as it was: build a new value, {name} = {name} + step "
                        f"rather than {name} += step (or start from {name}.copy()).",
                    )
                )
                return
        answers[k] = received
        if failure is not None:
            continue
        expected = _quietly(spec.reference, *case.args)
        problem = _mismatch(expected, received, spec.rtol, spec.atol, spec.outputs)
        if problem is None:
            continue
        failure = (k, expected, received, problem)
        head = (
            f"{where} fails.\n"
            f"  inputs:   {_inputs(spec, case)}\n"
            f"  expected: {_show(expected)}\n"
            f"  received: {_show(received)}\n"
        )
        quick = problem if problem != "wrong value" else ""
        quick = quick or _difference(spec, expected, received)
        report(("provisional", False, head + f"  hint: {_short(quick + ' ' + spec.rule)}"))
    if failure is None:
        report(("final", True, f"All {n} cases pass."))
        return
    k, expected, received, problem = failure
    hint = _diagnose(spec, func, k, answers, expected, received, problem)
    case = spec.cases[k]
    where = f"Exercise {spec.exercise}, {spec.name}: case {k + 1} of {n} ({case.about})"
    report(
        (
            "final",
            False,
            f"{where} fails.\n"
            f"  inputs:   {_inputs(spec, case)}\n"
            f"  expected: {_show(expected)}\n"
            f"  received: {_show(received)}\n"
            f"  hint: {_short(hint, 2 * _WIDTH)}",
        )
    )


def _outcome(spec_name: str, n: int, messages, finished, on_timeout) -> CheckResult:
    """The result from the messages of a run: the final one, else the provisional one,
    else the timeout report built by ``on_timeout(last_case)``."""
    printed = [m[1] for m in messages if m[0] == "printed"]
    if printed:  # what the learner's function printed, before the report
        print(printed[-1].rstrip("\n"))
    final = [m for m in messages if m[0] == "final"]
    if final:
        return _finish(final[-1][1], n, final[-1][2])
    provisional = [m for m in messages if m[0] == "provisional"]
    if provisional:
        return _finish(provisional[-1][1], n, provisional[-1][2])
    progress = [m[1] for m in messages if m[0] == "case"]
    if finished and not progress:
        return _finish(False, n, f"The check of {spec_name} stopped unexpectedly.")
    return _finish(False, n, on_timeout(progress[-1] if progress else 0, finished))


def _run(spec: _Spec, func) -> CheckResult:
    """Run every case within the time limit; report the first failure, or that all pass."""
    n = len(spec.cases)
    if not callable(func):
        return _finish(
            False,
            n,
            f"Pass the function itself, e.g. check_{spec.name}({spec.name}), not the "
            f"result of calling it (got {type(func).__name__}).",
        )
    seconds = _CHECK_SECONDS
    messages, finished = _isolated(lambda report: _evaluate(spec, func, report), seconds)

    def on_timeout(k, finished):
        case = spec.cases[k]
        where = f"Exercise {spec.exercise}, {spec.name}: case {k + 1} of {n} ({case.about})"
        if finished:  # the child ended without a result: it crashed
            return (
                f"{where}: the check's process ended abruptly (a crash in compiled "
                "code, or an exit call in your function).\n"
                f"  inputs:   {_inputs(spec, case)}"
            )
        hint = spec.slow_hint or "Does every loop of your function end?"
        return (
            f"{where} did not finish: the check stopped at its limit of {seconds:g} s.\n"
            f"  inputs:   {_inputs(spec, case)}\n  hint: {hint}"
        )

    return _outcome(spec.name, n, messages, finished, on_timeout)


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
