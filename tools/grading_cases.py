"""The graded cases of a question: the self-check's own cases, and hidden ones.

A check of ``perclab.checks`` builds its cases and reference and hands them to the
checks' runner. :func:`cases` calls the check with that runner replaced, so the cases are
the check's own, never a copy. The hidden cases come from the same check with its random
draws reseeded by a secret key: other data of the same kinds, which the public self-check
never shows; and hand-chosen edge cases (``EDGES``: ties at weights that are not 0, one
sample, one feature, integer inputs, one class, huge and tiny scales, ...), their kinds
fixed and their values drawn with the key. Only numpy and perclab are imported here: the
grading process of a submission imports this module too, to build the inputs it calls the
learner's function with (the expected values are computed elsewhere, in the grader's own
process, by each check's reference).

:func:`judged` is the one judgement of an answer: the otter test files of
``make autograder`` (this module, then their own code) call it, both where the function is
called in the test's own process (``otter run``, Gradescope) and in ``make grade``, where
the test gets the answers that the submission's own process sent (:class:`Sent`).
"""

from __future__ import annotations

import base64
import contextlib
import copy
import io
import re
import zlib
from dataclasses import dataclass

import numpy as np

import perclab.checks
import perclab.datasets
from perclab.checks import (
    _core,
    compare,
    gradients,
    perceptron,
    selection,
    theory,
    variants,
)

_MODULES = (_core, gradients, perceptron, selection, theory, variants)
# the data generators the checks call with a fixed random_state, where they find them
_GENERATORS = (
    (perclab.datasets, "make_separable"),
    (perclab.datasets, "make_xor"),
    (theory, "_make_separable"),
)


@dataclass
class GradedCase:
    about: str
    args: tuple
    hidden: bool
    aspect: str = ""  # select_model only: "search" or "accuracy" (see selection_cases)
    evaluate: tuple = ()  # select_model only: held-out rows and their labels
    edge: bool = False  # a hidden edge case (see EDGES)


class _Captured(Exception):
    def __init__(self, spec):
        super().__init__("captured")
        self.spec = spec


def _capture(spec, func):
    raise _Captured(spec)


@contextlib.contextmanager
def _patched(key: int | None):
    """The checks' runner replaced by a capture; their seeds mixed with ``key``."""
    names = ("_run", "run_check", "_rng", "seeded_rng")  # as each module names them
    saved = [(m, n, getattr(m, n)) for m in _MODULES for n in names if hasattr(m, n)]
    for module, name, _ in saved:
        if name in ("_run", "run_check"):
            setattr(module, name, _capture)
        elif key is not None:
            setattr(module, name, lambda seed: np.random.default_rng([seed, key]))
    if key is not None:
        for module, name in _GENERATORS:
            saved.append((module, name, getattr(module, name)))
            setattr(module, name, _reseeded(getattr(module, name), key))
    try:
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)


_CHECKS = {name: getattr(perclab.checks, name) for name in perclab.checks.__all__}


def _reseeded(generator, key: int):
    def draw(*args, random_state=None, **kwargs):
        seed = int(np.random.default_rng([int(random_state or 0), key]).integers(2**31))
        return generator(*args, random_state=seed, **kwargs)

    return draw


_MADE: dict = {}  # (what, check, key) -> made once: the grader's threads only read it


def _once(what: str, check: str, key, make):
    if (what, check, key) not in _MADE:
        _MADE[what, check, key] = make()
    return _MADE[what, check, key]


def spec(check: str, key: int | None = None):
    """The specification (cases, reference, tolerances) that ``check`` runs."""
    return _once("spec", check, key, lambda: _spec(check, key))


def _spec(check: str, key: int | None):
    if check == SELECTION:
        return _core.Spec(
            exercise=11,
            name="select_model",
            params=("X_train", "y_train"),
            reference=None,
            cases=[],
        )
    with _patched(key):
        try:
            _CHECKS[check](_capture)
        except _Captured as captured:
            return captured.spec
    raise ValueError(f"{check} does not run through the checks' runner")


def frozen_positions(check: str) -> list[int]:
    """The positions of the arguments the exercise says to leave unchanged."""
    found = spec(check)
    names = [param.partition("=")[0] for param in found.params]
    return [i for i, name in enumerate(names) if name in found.frozen]


def _fingerprint(args) -> str:
    parts = []
    for value in args:
        if callable(value) and not isinstance(value, np.ndarray):
            parts.append(getattr(value, "label", getattr(value, "__name__", "f")))
        else:
            parts.append(repr(np.asarray(value).tolist()))
    return "|".join(parts)


def cases(check: str, key: int | None) -> list[GradedCase]:
    """The public cases of ``check``, then the hidden ones drawn with ``key`` (with
    ``key=None``, the public ones alone).

    A hidden case is a case of the reseeded check that the public check does not hold
    (its fixed edge cases come back unchanged and are not counted twice).
    """
    return _once("cases", check, key, lambda: _cases(check, key))


def _cases(check: str, key: int | None) -> list[GradedCase]:
    if check == SELECTION:
        found = selection_cases(0 if key is None else key)  # its public cases: no key
        return found if key is not None else [case for case in found if not case.hidden]
    public = spec(check).cases
    seen = {_fingerprint(case.args) for case in public}
    graded = [GradedCase(case.about, case.args, False) for case in public]
    if key is None:
        return graded
    for case in spec(check, key).cases:
        if _fingerprint(case.args) not in seen:
            seen.add(_fingerprint(case.args))
            about = re.sub(r"(random_state=|seed )\d+", r"\1(hidden)", case.about)
            graded.append(GradedCase(about, case.args, True))
    for case in edge_cases(check, key):
        if _fingerprint(case.args) not in seen:
            seen.add(_fingerprint(case.args))
            graded.append(case)
    return graded


# Edge cases: hand-chosen kinds of input, their values drawn with the key
def _nonzero(rng, d: int, high: int = 3) -> np.ndarray:
    w = np.zeros(d, dtype=int)
    while not w.any():
        w = rng.integers(-high, high + 1, size=d)
    return w


def _orthogonal(w) -> np.ndarray:
    """An integer vector v != 0 with w @ v = 0 (w has 2 entries or more)."""
    v = np.zeros(len(w), dtype=int)
    j = int(np.flatnonzero(w)[0])
    k = (j + 1) % len(w)
    v[j], v[k] = w[k], -w[j]
    return v if v.any() else np.eye(len(w), dtype=int)[k]


def _tied(rng, n: int, d: int):
    """Small integers X, w != 0 and b with rows 0 and n - 1 exactly on the boundary."""
    w, X = _nonzero(rng, d), rng.integers(-4, 5, size=(n, d))
    b = -int(X[0] @ w)
    X[-1] = X[0] + (_orthogonal(w) if d > 1 else 0)
    return X, w, b


def _separable(rng, n: int, d: int, *, one_class: bool = False):
    """Small-integer points off an integer separator ``(w, b)``, labelled by its side."""
    w, b = _nonzero(rng, d), int(rng.integers(-2, 3))
    X = rng.integers(-4, 5, size=(20 * n, d))
    score = X @ w + b
    keep = score > 0 if one_class else score != 0
    if keep.sum() < n:  # pragma: no cover - practically never with 20n draws
        return _separable(rng, n, d, one_class=one_class)
    return X[keep][:n], np.where(score[keep][:n] > 0, 1, -1), w, b


def _conflict(rng, n: int, d: int):
    """Separable small integers plus a copy of one point with the other label."""
    X, y, _, _ = _separable(rng, n, d)
    return np.vstack([X, X[:1]]), np.r_[y, -y[:1]]


def _edges_predict(rng):
    X, w, b = _tied(rng, 6, 3)
    X1, w1, b1 = _tied(rng, 1, 2)
    x = rng.integers(-4, 5, size=(5, 1))
    t = int(x[2, 0])
    big, bw, bb = _tied(rng, 5, 2)
    return [
        ("ties: rows exactly on the boundary, w and b not 0", (X * 1.0, w * 1.0, float(b))),
        ("a single row on the boundary, integer inputs", (X1, w1, b1)),
        ("one feature, a row on the threshold", (x * 1.0, np.array([2.0]), -2.0 * t)),
        ("large values with ties", (big * 1e6, bw * 1e6, bb * 1e12)),
        ("tiny values", (rng.normal(size=(6, 2)) * 1e-9, rng.normal(size=2), 0.0)),
        ("zero weights, negative bias, integer inputs", (X1 * 3, np.zeros(2, int), -1)),
        ("many rows, integers", (rng.integers(-3, 4, (200, 2)) * 1.0, w1 * 1.0, 0.0)),
    ]


def _edges_mistake(rng):
    (x,), w, b = _tied(rng, 1, 3)
    x1, w1 = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    (c,), wc, bc = _tied(rng, 1, 2)
    return [
        ("a tie through the bias, label +1", (x * 1.0, 1, w * 1.0, float(b))),
        ("a tie through the bias, label -1 as a float", (x * 1.0, -1.0, w * 1.0, float(b))),
        (
            "a tie with large values",
            (c * 1e6, int(rng.choice([-1, 1])), wc * 1e6, bc * 1e12),
        ),
        ("one feature, on the threshold", (np.array([x1]), -1, np.array([w1]), -x1 * w1)),
        ("integer inputs, a tie", (x, -1, w, b)),
        ("tiny values, correctly classified", (x * 1e-8, 1, w * 1.0, 1e-6 * abs(b) + 1e-6)),
    ]


def _edges_update(rng):
    (x,), w, b = _tied(rng, 1, 3)
    (x2,), w2, b2 = _tied(rng, 1, 2)
    y = int(rng.choice([-1, 1]))
    return [
        ("a tie through the bias, label +1", (w * 1.0, float(b), x * 1.0, 1)),
        ("a tie, label -1, learning rate 0.1", (w * 1.0, float(b), x * 1.0, -1, 0.1)),
        ("a tie, learning rate 0.001", (w2 * 1.0, float(b2), x2 * 1.0, y, 0.001)),
        (
            "one feature, a mistake, learning rate 3",
            (np.array([-2.0]), 1.0, x[:1] * 1.0 + 5, 1, 3.0),
        ),
        ("large values, a tie", (w2 * 1e3, b2 * 1e6, x2 * 1e3, -y, 0.5)),
        ("integer x and label, a mistake", (w * 1.0, float(b) - 1.0, x, 1, 2.0)),
    ]


def _edges_training(rng):
    X, y, _, _ = _separable(rng, 8, 2, one_class=True)
    X2, y2, _, _ = _separable(rng, 6, 3, one_class=True)
    Xc, yc = _conflict(rng, 6, 2)
    t, cut = np.arange(1, 7), int(rng.integers(1, 6))
    one = np.column_stack([t]) * 1000.0
    tiny, tiny_y, _, _ = _separable(rng, 7, 2)
    return [
        ("labels all +1", (X * 1.0, y)),
        ("labels all -1 as floats", (X2 * 1.0, -y2 * 1.0)),
        ("a point twice with both labels: stop at max_epochs = 3", (Xc * 1.0, yc, 3)),
        ("one feature in the thousands, a bias needed", (one, np.where(t > cut, 1, -1))),
        ("integer features and labels, max_epochs = 1", (*_separable(rng, 9, 2)[:2], 1)),
        # a power of two keeps every score exact: a tie of the rule is a tie however the
        # products are summed (1e-3 made one a rounding error of X @ w, not of the rule)
        ("tiny values", (tiny * 2.0**-10, tiny_y)),
    ]


def _edges_absorb(rng):
    return [
        ("one integer sample with one feature", (rng.integers(-9, 10, size=(1, 1)),)),
        ("one wide row", (rng.normal(size=(1, 10)),)),
        ("a tall single column of integers", (rng.integers(-9, 10, size=(50, 1)),)),
        ("huge and tiny values", (np.array([[1e300, -1e-300], [rng.normal(), 0.0]]),)),
    ]


def _edges_radius(rng):
    X = rng.normal(size=(5, 3))
    return [
        ("huge values (about 1e100)", (X * 1e100, False)),
        ("huge values, bias absorbed", (X * 1e100, True)),
        ("tiny values, bias absorbed", (X * 1e-100, True)),
        ("fit_bias left at its default", (X * 7,)),
        (
            "one integer sample, one feature, bias absorbed",
            (rng.integers(1, 9, (1, 1)), True),
        ),
        (
            "the largest entry is not in the longest row",
            (np.array([[5.0, 0], [4, 4]]) * rng.integers(1, 4), False),
        ),
    ]


def _edges_margin(rng):
    X, y, w, b = _separable(rng, 6, 2)
    Xt, wt, bt = _tied(rng, 4, 2)
    yt = np.where(Xt @ wt + bt >= 0, 1, -1)
    x1 = rng.integers(1, 9, size=(3, 1)) * 1.0
    return [
        ("b left at its default", (X * 1.0, y, w * 1.0)),
        ("integer inputs, integer bias", (X, y, w, b)),
        ("a point exactly on the line (through the bias)", (Xt, yt, wt, bt)),
        ("w and b scaled by 1e8", (X * 1.0, y, w * 1e8, b * 1e8)),
        ("w and b scaled by 1e-8", (X * 1.0, y, w * 1e-8, b * 1e-8)),
        ("every point misclassified", (X * 1.0, -y, w * 1.0, float(b))),
        ("one feature, labels all +1", (x1, np.ones(3, int), np.array([2.0]), 0.5)),
    ]


def _edges_bound(rng):
    X, y, w, b = _separable(rng, 7, 2)
    X1, y1, w1, b1 = _separable(rng, 5, 1)
    Xp, yp, wp, bp = _separable(rng, 5, 3, one_class=True)
    return [
        ("integer data and an integer separator", (X, y, w, b)),
        ("the separator scaled by 1e-6", (X * 1.0, y, w * 1e-6, b * 1e-6)),
        ("the separator scaled by 1e6", (X * 1.0, y, w * 1e6, b * 1e6)),
        ("one feature", (X1 * 1.0, y1, w1 * 1.0, float(b1))),
        ("labels all +1", (Xp * 1.0, yp, wp * 1.0, float(bp))),
        ("a single sample", (X[:1] * 1.0, y[:1], w * 1.0, float(b))),
    ]


def _edges_proof(rng):
    steps = rng.integers(-5, 6, size=(6, 3))
    steps[2] = 0  # a row repeated: nothing changed
    u = rng.normal(size=3)
    col = np.cumsum(rng.integers(-50, 51, size=(5, 1)), axis=0)
    return [
        (
            "integer weights, one step of zero",
            (np.cumsum(steps, axis=0), u / np.linalg.norm(u)),
        ),
        ("one dimension", (col, np.array([float(rng.choice([-1, 1]))]))),
        (
            "integer weights in the hundreds",
            (np.cumsum(steps * 40, axis=0), u / np.linalg.norm(u)),
        ),
    ]


def _edges_loss(rng, logistic: bool):
    w, X = _nonzero(rng, 3, high=1), rng.integers(-4, 5, size=(6, 3))
    X[0], X[3] = _orthogonal(w), -2 * _orthogonal(w)  # ties: w @ x = 0, w != 0
    y = np.where(rng.random(6) < 0.5, -1, 1)
    x1 = rng.integers(-4, 5, size=(5, 1))
    far = rng.normal(size=(8, 2))
    wf = rng.normal(size=2)
    wf = wf * (25.0 / np.max(np.abs(far @ wf)))  # margins up to 25 in size
    rows = [
        ("ties at w != 0, integers", (w, X, y)),
        ("one feature, integers", (np.array([2]), x1, np.where(x1[:, 0] > 0, 1, -1))),
        ("a single sample", (w * 1.0, X[1:2] * 1.0, y[1:2])),
        ("labels all -1", (w * 0.5, X * 1.0, -np.ones(6, int))),
        ("margins up to 25 in size", (wf, far, np.where(rng.random(8) < 0.5, -1, 1))),
        ("tiny weights", (wf * 1e-9, far, y[:1].repeat(8))),
    ]
    if not logistic:
        rows.append(("large values", (w * 1e6, X * 1e3, y * 1.0)))
    return rows


def _edges_descent(rng):
    from perclab.checks.gradients import _quadratic_gradient

    d = int(rng.integers(2, 6))
    quad = _quadratic_gradient(rng.integers(-3, 4, size=d) * 1.0, np.ones(d))
    steep = _quadratic_gradient([float(rng.integers(-3, 4))], [1.0])
    return [
        ("200 steps: w reaches the minimum", (quad, rng.normal(size=d), 0.3, 200)),
        ("a step size that overshoots", (steep, np.array([1.0]), 2.5, 6)),
        ("a tiny step size", (quad, rng.normal(size=d), 1e-6, 3)),
        ("n_steps as a numpy integer", (quad, np.zeros(d), 0.5, np.int64(4))),
    ]


def _edges_pocket(rng):
    X, y, _, _ = _separable(rng, 6, 2, one_class=True)
    Xc, yc = _conflict(rng, 7, 2)
    x1 = rng.integers(-5, 6, size=(9, 1))
    y1 = np.where(rng.random(9) < 0.3, -1, 1) * np.where(x1[:, 0] > 0, 1, -1)
    Xn, yn, _, _ = _separable(rng, 10, 3)
    return [
        ("labels all +1", (X * 1.0, y)),
        ("a point twice with both labels, 4 epochs", (Xc * 1.0, yc, 4)),
        ("one feature, noisy labels", (x1 * 1.0, y1, 6)),
        (
            "max_epochs left at its default, noisy",
            (Xn * 1.0, np.where(rng.random(10) < 0.2, -yn, yn)),
        ),
        ("integer inputs, max_epochs = 1", (Xc, yc, 1)),
    ]


def _edges_kernel(rng):
    from perclab.checks.variants import _linear_kernel, _poly2_kernel, _rbf_kernel

    X, y, _, _ = _separable(rng, 5, 2, one_class=True)
    Xc, yc = _conflict(rng, 5, 2)
    x1 = rng.integers(-4, 5, size=(6, 1))
    return [
        ("labels all -1", (X * 1.0, -y, _poly2_kernel)),
        (
            "a point twice with both labels, linear kernel, 3 epochs",
            (Xc * 1.0, yc, _linear_kernel, 3),
        ),
        ("integer inputs, Gaussian kernel", (Xc, yc, _rbf_kernel, 5)),
        ("one feature", (x1 * 1.0, np.where(x1[:, 0] ** 2 > 4, 1, -1), _poly2_kernel)),
    ]


def _edges_kernel_predict(rng):
    from perclab.checks.variants import _linear_kernel, _poly2_kernel, _rbf_kernel

    X, y, _, _ = _separable(rng, 4, 2)
    counts = rng.integers(1, 4, size=4)
    v = (counts * y) @ X  # f(x) = v @ x with the linear kernel
    ties = np.array([np.zeros(2), _orthogonal(v if v.any() else np.ones(2, int))])
    new = np.vstack([ties, rng.integers(-3, 4, size=(3, 2))])
    return [
        (
            "scores of exactly 0, counts not 0",
            (X * 1.0, y, counts, _linear_kernel, new * 1.0),
        ),
        ("integer inputs, a tie", (X, y, counts, _linear_kernel, new.astype(int))),
        (
            "one training point, count 0",
            (X[:1] * 1.0, y[:1], np.zeros(1, int), _rbf_kernel, new),
        ),
        ("counts as floats", (X * 1.0, y * 1.0, counts * 1.0, _poly2_kernel, new * 0.5)),
    ]


EDGES = {  # the hidden edge cases of each question: about, args
    "check_predict_labels": _edges_predict,
    "check_is_mistake": _edges_mistake,
    "check_one_update": _edges_update,
    "check_train_until_clean": _edges_training,
    "check_absorb_bias": _edges_absorb,
    "check_train_absorbed": _edges_training,
    "check_radius": _edges_radius,
    "check_margin": _edges_margin,
    "check_mistake_bound": _edges_bound,
    "check_proof_steps": _edges_proof,
    "check_perceptron_loss": lambda rng: _edges_loss(rng, False),
    "check_perceptron_gradient": lambda rng: _edges_loss(rng, False),
    "check_logistic_loss": lambda rng: _edges_loss(rng, True),
    "check_logistic_gradient": lambda rng: _edges_loss(rng, True),
    "check_gradient_descent": _edges_descent,
    "check_pocket": _edges_pocket,
    "check_kernel_perceptron": _edges_kernel,
    "check_kernel_predict": _edges_kernel_predict,
}


def edge_cases(check: str, key: int) -> list[GradedCase]:
    """The hidden edge cases of ``check``: fixed kinds, values drawn with ``key``."""
    build = EDGES.get(check)
    if build is None:
        return []
    rng = np.random.default_rng([zlib.crc32(check.encode()), key])
    return [
        GradedCase(f"edge: {about}", args, True, edge=True) for about, args in build(rng)
    ]


# Exercise 11: select_model returns a fitted search, which is not plain data
SELECTION = "check_model_selection"
SEARCH = (
    "a fitted search: cv_results_, best_estimator_, two candidates or more, 3 folds or "
    "more, a fitted step before the model that saw exactly these rows"
)


def selection_cases(key: int) -> list[GradedCase]:
    """The cases of ``select_model``: the self-check's data, and hidden splits.

    A "search" case asks the self-check's question of the returned search
    (``perclab.checks.selection``); an "accuracy" case asks for the predictions of its best
    estimator on held-out rows, which the grader scores (at least 0.9 correct).
    """
    from sklearn.model_selection import train_test_split

    X, y, X_train, X_test, y_train, y_test = selection._prepare()
    subset = _core.seeded_rng(17).choice(len(X_train), size=200, replace=False)
    other = np.random.default_rng([17, key]).choice(len(X_train), size=200, replace=False)
    split = int(np.random.default_rng([0, key]).integers(1, 2**31))
    X_fit, X_held, y_fit, y_held = train_test_split(
        X, y, test_size=0.25, stratify=y, random_state=split
    )
    return [
        GradedCase(
            f"the training set: {SEARCH}", (X_train, y_train), False, "search", (X, y)
        ),
        GradedCase(
            f"200 random training rows: {SEARCH}",
            (X_train[subset], y_train[subset]),
            False,
            "search",
            (X, y),
        ),
        GradedCase(
            "the held-out test quarter: at least 0.9 of it predicted right",
            (X_train, y_train),
            False,
            "accuracy",
            (X_test, y_test),
        ),
        GradedCase(
            f"200 other training rows: {SEARCH}",
            (X_train[other], y_train[other]),
            True,
            "search",
            (X, y),
        ),
        GradedCase(
            "another split: at least 0.9 of its test quarter predicted right",
            (X_fit, y_fit),
            True,
            "accuracy",
            (X_held, y_held),
        ),
        *_edges_selection(np.random.default_rng([zlib.crc32(SELECTION.encode()), key])),
    ]


def _edges_selection(rng) -> list[GradedCase]:
    """select_model's hidden edge cases: the training rows in label order (a fold
    without shuffling holds one class), a measurement that never varies (a whole
    number, so its spread is exactly 0: a step that divides by it fails), every
    measurement in units ``scale`` times smaller."""
    X, y, X_train, X_test, y_train, y_test = selection._prepare()
    order = np.argsort(y_train, kind="stable")  # every malignant tumour (-1) first
    level, scale = float(rng.integers(1, 100)), 10.0 ** rng.uniform(2.0, 4.0)

    def constant(rows):
        return np.column_stack([rows, np.full(len(rows), level)])

    kinds = [
        (f"the training rows in label order: {SEARCH}", (X_train[order], y_train[order]),
         "search", (X, y)),
        ("a 31st measurement that never varies: at least 0.9 of the test quarter "
         "predicted right", (constant(X_train), y_train), "accuracy",
         (constant(X_test), y_test)),
        ("every measurement in units 100 to 10,000 times smaller: at least 0.9 of the "
         "test quarter predicted right", (X_train * scale, y_train), "accuracy",
         (X_test * scale, y_test)),
    ]  # fmt: skip
    return [
        GradedCase(f"edge: {about}", args, True, aspect, evaluate, edge=True)
        for about, args, aspect, evaluate in kinds
    ]


def selection_facts(search, case: GradedCase) -> dict:
    """What a "search" or "accuracy" case needs of the returned search, as plain data."""
    if case.aspect == "search":
        problem = selection._selection_problem(
            search, *case.args, *case.evaluate, acting=not case.hidden
        )
        return {"problem": problem}
    predicted = np.asarray(search.best_estimator_.predict(case.evaluate[0]), dtype=float)
    return {"predictions": predicted.ravel().tolist()}


def search_facts(data: str, case: GradedCase) -> dict:
    """The facts of a select_model case from the search as the learner's process pickled
    it (base64), or {"problem": why} when it is not a search of known classes (it is
    unpickled by ``perclab.checks.selection.portable``: no code of the learner's runs)."""
    search, problem = selection.portable(base64.b64decode(data))
    if problem:
        return {"problem": problem}
    try:
        return selection_facts(search, case)
    except Exception as exc:  # not a fitted search, or one that cannot predict
        return {"problem": f"{type(exc).__name__}: {exc}"[:600]}


def selection_judge(case: GradedCase, facts) -> str | None:
    """None when the facts pass the case, else what is wrong."""
    if not isinstance(facts, dict):
        return "select_model did not return a fitted search"
    if case.aspect != "search" and facts.get("predictions") is None:
        return str(facts.get("problem") or "no predictions")[:600]
    if case.aspect == "search":
        problem = facts.get("problem", "no answer")
        return None if problem is None else str(problem)[:600]
    labels = np.asarray(case.evaluate[1], dtype=float)
    try:
        predicted = np.asarray(facts.get("predictions"), dtype=float)
    except (TypeError, ValueError):
        return "the predictions are not numbers"
    if predicted.shape != labels.shape:
        return f"expected {labels.size} predictions, got shape {predicted.shape}"
    accuracy = float(np.mean(predicted == labels))
    return None if accuracy >= 0.9 else f"accuracy {accuracy:.3f}, below 0.9"


# Judging an answer: the one judgement of the test files and of make grade
class Sent:
    """A question's answers as the submission's own process sent them to ``make grade``.

    ``answers[k]`` is ``(value, after)`` for case ``k`` (the returned value, and the
    arguments the exercise leaves unchanged as they were after the call, by position) or
    the reason there is no answer (text); ``report`` is the self-check's report, run in
    that process. Plain data: nothing the submission's code did can change a judgement.
    """

    def __init__(self, answers: dict, report: str = ""):
        self.answers, self.report = answers, report


def expected(check: str, key: int) -> list:
    """The reference's answer to each case of ``cases(check, key)`` (None for the cases
    of select_model, which are judged by facts)."""

    def make():
        found = spec(check)
        return [
            None if case.aspect else compare.quietly(found.reference, *case.args)
            for case in cases(check, key)
        ]

    return _once("expected", check, key, make)


def judged(func, check: str, k: int, case: GradedCase, want) -> str | None:
    """None when ``func``'s answer to ``case`` (case ``k`` of the question) passes, else
    what is wrong with it.

    ``func`` is the learner's function, called here on a copy of the arguments, or the
    :class:`Sent` answers of make grade. Either way the same judgement follows: the
    arguments the exercise leaves as they are must be unchanged, then the answer must
    match the reference's ``want`` within the check's tolerances (select_model: the
    facts of its search)."""
    found = spec(check)
    if isinstance(func, Sent):
        got = func.answers.get(k, "not graded")
        if isinstance(got, str):
            return got
        value, after = got
    elif not callable(func):
        return f"{found.name} is not defined: run the notebook's cells"
    else:
        args = copy.deepcopy(case.args)
        value = func(*args)
        value = selection_facts(value, case) if case.aspect else value
        after = {i: args[i] for i in frozen_positions(check) if i < len(args)}
    for i, later in after.items():
        if 0 <= i < len(case.args) and _core._changed(case.args[i], later):
            param = found.params[i].partition("=")[0]
            return f"changed its argument {param} in place, which the exercise leaves as is"
    if case.aspect:
        return selection_judge(case, value)
    try:
        return compare.mismatch_of(want, value, found.rtol, found.atol, found.outputs)
    except Exception as exc:  # an answer of a shape the comparison cannot read
        return f"unreadable answer ({type(exc).__name__})"


def report(check: str, func) -> str:
    """The self-check's report on ``func`` (make grade: the one its process sent), or ""
    when the self-check passes (a graded case failed that it does not hold)."""
    if isinstance(func, Sent):
        text = func.report
    else:
        with contextlib.redirect_stdout(io.StringIO()):
            text = _CHECKS[check](func).message
    text = str(text).strip()
    return "" if text.startswith("All ") else text
