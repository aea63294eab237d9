"""Checks for Exercises 5-6: radius, margin, the mistake bound, and the proof on a run."""

from __future__ import annotations

import warnings

import numpy as np

from perclab.checks._core import WORKED_X as _WORKED_X
from perclab.checks._core import WORKED_Y as _WORKED_Y
from perclab.checks._core import Case as _Case
from perclab.checks._core import CheckResult
from perclab.checks._core import Diagnosis as _Diagnosis
from perclab.checks._core import Spec as _Spec
from perclab.checks._core import registered as _registered
from perclab.checks._core import run_check as _run
from perclab.checks._core import seeded_rng as _rng
from perclab.datasets import make_separable as _make_separable
from perclab.perceptron import train as _train
from perclab.theory import absorb_bias as _absorb_bias
from perclab.theory import margin as _margin
from perclab.theory import max_margin as _max_margin
from perclab.theory import radius as _radius

# Exercise 5: radius, margin and the mistake bound

_CENTRE = "R is measured from the origin, not from the centre of the data."


def _ref_radius(X, fit_bias=False):
    return _radius(X, fit_bias=bool(fit_bias))


def _centred_radius(X, *args):
    """R from the centre of the data (with or without a bias: the 1s centre to 0)."""
    return _radius(X - np.mean(X, axis=0))


def _norms(X, fit_bias=False, axis=1):
    """The norms of the rows (``axis=0``: the columns) of X, absorbed if ``fit_bias``."""
    return np.linalg.norm(_absorb_bias(X) if fit_bias else X, axis=axis)


@_registered
def check_radius(radius) -> CheckResult:
    """Check ``radius(X, fit_bias=False)``: ``R = max_i ||x_i||``, from the origin, of the
    absorbed points ``(x_i, 1)`` when ``fit_bias=True``, compared within 1e-12 with
    :func:`perclab.radius` on 20 cases: a cluster far from the origin, a single sample, only
    the origin, integer input and random data, each with and without the bias.
    """
    two = np.array([[3.0, 4.0], [1.0, 0.0]])
    cluster = np.array([[10.0, 10.0], [11.0, 10.0], [10.0, 11.5]])
    cases = [
        _Case("two points, no bias", (two, False)),
        _Case("two points, bias absorbed", (two, True)),
        _Case("a cluster far from the origin", (cluster, False)),
        _Case("a cluster far from the origin, bias absorbed", (cluster, True)),
        _Case("a single sample", (np.array([[-2.0, 0.0, 1.0]]), False)),
        _Case("only the origin, no bias", (np.zeros((2, 2)), False)),
        _Case("only the origin, bias absorbed", (np.zeros((2, 2)), True)),
        _Case("one feature, negative values", (np.array([[-5.0], [2.0]]), False)),
        _Case("integer input", (np.array([[1, 2], [2, 2], [0, -3]]), True)),
        _Case("more features than samples", (np.array([[1.0, 1.0, 1.0, 1.0]]), True)),
    ]
    rng = _rng(7)
    for k in range(10):
        X = rng.normal(loc=float(rng.normal(scale=3)), size=(int(rng.integers(1, 9)), 3))
        cases.append(_Case(f"random data, seed 7, draw {k + 1}", (X, k % 2 == 0)))
    wrong = {
        _CENTRE: _centred_radius,
        "With fit_bias=True measure the absorbed points (x_i, 1): R^2 = max ||x_i||^2 "
        "+ 1.": lambda X, *a: _ref_radius(X),
        "Absorb the bias only when fit_bias=True.": lambda X, *a: _ref_radius(X, 1),
        "You returned R^2; return R, the largest norm itself (take the square "
        "root).": lambda *a: _ref_radius(*a) ** 2,
        "R is the largest norm (max), not the mean norm.": lambda *a: np.mean(_norms(*a)),
        "Take the Euclidean norm of each row (each sample), np.linalg.norm(X, axis=1), "
        "not the largest entry.": lambda X, *a: np.max(np.abs(np.asarray(X, float))),
        "Take the norm of each row (each sample), np.linalg.norm(X, axis=1); axis=0 "
        "gives the norm of each column (feature).": lambda *a: np.max(_norms(*a, axis=0)),
        "Absorbing adds 1 under the square root: ||(x_i, 1)|| = sqrt(||x_i||^2 + 1), "
        "not ||x_i|| + 1.": lambda X, fit_bias=False: _ref_radius(X) + bool(fit_bias),
        "That is the norm of the whole matrix: "
        "take the norm of each row (each sample) with np.linalg.norm(X, axis=1), "
        "then the largest.": lambda *a: np.linalg.norm(_norms(*a)),
    }
    spec = _Spec(
        exercise=5,
        name="radius",
        params=("X", "fit_bias"),
        reference=_ref_radius,
        cases=cases,
        rtol=1e-12,
        atol=1e-12,
        diagnosis=_Diagnosis(
            samples=(0, None),
            combine="take the largest of the norms (max, not min).",
            rule="The rule: R = max_i ||x_i||, the Euclidean norm of each row (sample), "
            "with x_i extended by a 1 when fit_bias=True.",
            wrong=wrong,
        ),
    )
    return _run(spec, radius)


def _ref_margin(X, y, w, b=0.0):
    return _margin(X, y, w, float(b))


def _rescaled(factor):
    """A slip of the margin: the reference times ``factor(||w||, w, b)``."""
    return lambda X, y, w, b=0.0: (
        _ref_margin(X, y, w, b) * factor(np.linalg.norm(w), np.asarray(w, float), float(b))
    )


def _scores(X, y, w, b=0.0):
    return np.asarray(y, float) * (np.asarray(X, float) @ np.asarray(w, float) + float(b))


@_registered
def check_margin(margin) -> CheckResult:
    """Check ``margin(X, y, w, b=0.0)``: ``min_i y_i (w @ x_i + b) / ||w||``, the geometric
    margin in the space of ``X``: negative when a point is misclassified, unchanged when
    ``(w, b)`` is scaled; within 1e-12 of :func:`perclab.margin` on 20 cases: a scaled
    ``w``, a bias, a misclassified point, a point on the line, one sample, random data.
    """
    X, y = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 3.0]]), np.array([1, -1, 1])
    w = np.array([-1.0, 1.0])
    a, X_on, y_on = np.array, np.vstack([X, [1.0, 1.0]]), np.r_[y, 1]
    rows = [
        ("the line x2 = x1", X, y, w, 0.0),
        ("the same line with w scaled by 10", X, y, 10 * w, 0.0),
        ("a line with a bias", X, y, w, 0.5),
        ("a misclassified point: the margin is negative", X, -y, w, 0.0),
        ("a point on the line: the margin is 0", X_on, y_on, w, 0.0),
        ("labels as floats", X, y.astype(float), w, -0.25),
        ("a single sample", a([[3.0, 4.0]]), a([1]), a([0.6, 0.8]), 0.0),
        ("integer input", a([[2, 1], [1, 3]]), a([-1, 1]), a([-2, 2]), 1),
    ]
    cases = [_Case(r[0], r[1:]) for r in rows]
    rng = _rng(8)
    for k in range(12):
        n, d = int(rng.integers(1, 9)), int(rng.integers(1, 4))
        X_k = rng.normal(size=(n, d))
        w_k = rng.normal(size=d) * float(rng.choice([0.1, 1.0, 7.0]))
        y_k, b = np.where(rng.random(n) < 0.5, -1, 1), float(rng.normal())
        cases.append(_Case(f"random data, seed 8, draw {k + 1}", (X_k, y_k, w_k, b)))
    wrong = {
        "Divide by ||w||: the geometric margin must not change when w and b are "
        "scaled.": _rescaled(lambda n, w, b: n),
        "Multiply by the label y instead of taking absolute values: "
        "a misclassified point must make the margin negative.": lambda X, y, w, b=0.0: (
            np.min(np.abs(_scores(X, y, w, b))) / np.linalg.norm(w)
        ),
        "In the space of X divide by ||w|| only; dividing by ||(w, b)|| is the margin "
        "in the absorbed space.": _rescaled(lambda n, w, b: n / np.hypot(n, b)),
        "Divide by the norm ||w||, not by the squared norm ||w||^2.": _rescaled(
            lambda n, w, b: 1 / n
        ),
        "Multiply the whole score, bias included, by the label: y_i (w @ x_i + b); y * "
        "X @ w + b leaves b outside.": lambda X, y, w, b=0.0: (
            _ref_margin(X, y, w) + float(b) / np.linalg.norm(w)
        ),
        "Divide by the Euclidean norm ||w|| = sqrt(sum w_j^2), np.linalg.norm(w), not "
        "by the sum of |w_j|.": _rescaled(lambda n, w, b: n / np.sum(np.abs(w))),
    }
    spec = _Spec(
        exercise=5,
        name="margin",
        params=("X", "y", "w", "b"),
        reference=_ref_margin,
        cases=cases,
        rtol=1e-12,
        atol=1e-12,
        diagnosis=_Diagnosis(
            samples=(0, 1),
            combine="take the smallest of the values y_i (w @ x_i + b) (min, not max), "
            "then divide by ||w||.",
            rule="The rule: min_i y_i (w @ x_i + b) / ||w||.",
            wrong=wrong,
        ),
    )
    return _run(spec, margin)


def _bound(formula):
    """A mistake bound ``formula(R, gamma, R_x, gamma_x, R_centred)``: ``R`` and
    ``gamma`` in the absorbed space, ``R_x`` and ``gamma_x`` in the space of X."""

    def bound(X, y, w, b):
        v = np.append(np.asarray(w, float), float(b))
        R, gamma = _radius(X, fit_bias=True), _margin(_absorb_bias(X), y, v)
        return formula(R, gamma, _radius(X), _margin(X, y, w, float(b)), _centred_radius(X))

    return bound


_ref_mistake_bound = _bound(lambda R, g, *_: R**2 / g**2)


def _bound_without_b(X, y, w, b):
    """The bound with gamma's scores y_i w @ x_i leaving out b (still over ||(w, b)||)."""
    v = np.append(w, b)
    factor = (_margin(_absorb_bias(X), y, v) * np.linalg.norm(v)) ** 2
    return _ref_mistake_bound(X, y, w, b) * factor / np.min(_scores(X, y, w)) ** 2


@_registered
def check_mistake_bound(mistake_bound) -> CheckResult:
    """Check ``mistake_bound(X, y, w, b)``: Novikoff's ``R**2 / gamma**2`` for the given
    separator, in the absorbed space (the perceptron learns a bias): ``R = max ||(x_i,
    1)||`` and ``gamma = min y_i (w @ x_i + b) / ||(w, b)||``, compared within 1e-9 relative
    with :func:`perclab.radius` and :func:`perclab.margin` on 15 small separable data sets,
    each with a separating ``(w, b)``, scaled or through the origin.
    """
    X, y, X0 = [[1.0], [2.0], [4.0]], [-1, 1, 1], [[1, 2.0], [2, -1]]
    rows = [
        ("three points on a line", X, y, [1.0], -1.5),
        ("the same separator scaled by 4", X, y, [4.0], -6.0),
        ("a separator through the origin (b = 0)", X0, [1, -1], [-1, 1.0], 0.0),
        ("a single sample", [[3.0, 4.0]], [-1.0], [0.0, -1.0], 0.5),
        ("the worked example and a separator of it", _WORKED_X, _WORKED_Y, [-4, 5.2], -2.0),
    ]
    cases = [_Case(a, (*map(np.array, (X, y, w)), b)) for a, X, y, w, b in rows]
    for k in range(10):
        X_k, y_k, (w_star, b_star) = _make_separable(
            3 + 3 * k, n_features=1 + k % 3, margin=0.2, coef=True, random_state=k
        )
        y_k = y_k.astype(float) if k % 2 else y_k
        about = f"make_separable(random_state={k}) and its true separator"
        cases.append(_Case(about, (X_k, y_k, (1 + k) * w_star, (1 + k) * b_star)))
    wrong = {
        "Measure R after bias absorption, R = max ||(x_i, 1)||, and the margin with "
        "||(w, b)||: the bound lives in the "
        "absorbed space.": _bound(lambda R, g, Rx, gx, _: Rx**2 / gx**2),
        "Measure R after bias absorption: R = max ||(x_i, 1)||, not max ||x_i||.": _bound(
            lambda R, g, Rx, *_: Rx**2 / g**2
        ),
        "Normalise the margin by ||(w, b)||, the separator's length in the absorbed "
        "space, not by ||w||.": _bound(lambda R, g, Rx, gx, _: R**2 / gx**2),
        _CENTRE: _bound(lambda R, g, Rx, gx, Rc: Rc**2 / g**2),
        "Square gamma too: the bound is R^2 / gamma^2.": _bound(lambda R, g, *_: R**2 / g),
        "Your bound is upside down: R^2 / gamma^2, not gamma^2 / R^2.": _bound(
            lambda R, g, *_: g**2 / R**2
        ),
        "Normalise the margin: gamma = min y_i (w @ x_i + b) / ||(w, b)||, the distance "
        "for a unit-length separator, not the score itself.": lambda X, y, w, b: (
            _radius(X, fit_bias=True) ** 2 / np.min(_scores(X, y, w, b)) ** 2
        ),
        "The bias is missing from the margin: gamma = min y_i (w @ x_i + b) / ||(w, "
        "b)||, with + b in every score.": _bound_without_b,
    }
    spec = _Spec(
        exercise=5,
        name="mistake_bound",
        params=("X", "y", "w", "b"),
        reference=_ref_mistake_bound,
        cases=cases,
        rtol=1e-9,
        atol=0.0,
        diagnosis=_Diagnosis(
            samples=(0, 1),
            combine="R is the largest norm over the samples (max) and gamma the smallest "
            "margin (min).",
            rule="The rule: R^2 / gamma^2 with R = max ||(x_i, 1)|| and gamma = min y_i (w "
            "@ x_i + b) / ||(w, b)||.",
            wrong=wrong,
        ),
    )
    return _run(spec, mistake_bound)


# Exercise 6: the proof's two inequalities on a run


def _sq(W):
    return np.sum(W * W, axis=1)


def _steps(growths, gains=np.diff):
    """``(gains(W @ w_star), growths(W))``: the reference and its slips."""
    return lambda W, w_star: (
        gains(np.asarray(W, float) @ np.asarray(w_star, float)),
        growths(np.asarray(W, float)),
    )


_ref_proof_steps = _steps(lambda W: np.diff(_sq(W)))


@_registered
def check_proof_steps(proof_steps) -> CheckResult:
    """Check ``proof_steps(W, w_star)``: what each update adds in the convergence proof.

    ``W`` holds the weights ``(w, b)`` after 0, 1, ..., K updates, one per row, and
    ``w_star`` is a unit separator. Return ``(gains, growths)``, two arrays of length K:
    ``gains[k - 1] = w_k @ w_star - w_{k-1} @ w_star`` (the proof: at least gamma) and
    ``growths[k - 1] = ||w_k||^2 - ||w_{k-1}||^2`` (at most R^2). The reference is two
    ``np.diff``; compared with a relative tolerance of 1e-9 and an absolute one of 1e-9
    * (1 + max ||w_k||^2), as a difference of squared norms cancels. The 16 cases are
    runs of :func:`perclab.train`, no update, one update, integer and random weights.
    """

    def run_history(X, y):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = _train(X, y).history
        w_star = _max_margin(_absorb_bias(X), y, fit_bias=False).w
        return np.column_stack([history.w, history.b]), w_star

    a = np.array
    rows = [
        ("no update: W holds only the start", (np.zeros((1, 3)), a([0.6, 0, 0.8]))),
        ("a single update", (a([[0.0, 0, 0], [1, 2, 1]]), a([0, 0.6, 0.8]))),
        ("the worked example's run", run_history(_WORKED_X, _WORKED_Y)),
        ("integer weights", (a([[0, 0], [1, 1], [3, 0], [2, 2]]), a([0.8, 0.6]))),
    ]
    cases = [_Case(about, args) for about, args in rows]
    for k in range(8):
        X, y = _make_separable(4 + 4 * k, n_features=2 + k % 2, margin=0.3, random_state=k)
        about = f"a perceptron run on make_separable(random_state={k})"
        cases.append(_Case(about, run_history(X, y)))
    rng = _rng(9)
    for k in range(4):
        d = int(rng.integers(2, 5))
        W = np.cumsum(rng.normal(size=(int(rng.integers(2, 7)), d)), axis=0)
        u = rng.normal(size=d)
        about = f"random weights, seed 9, draw {k + 1}"
        cases.append(_Case(about, (W, u / np.linalg.norm(u))))
    scale = max(1.0, *(float(np.max(_sq(np.asarray(c.args[0], float)))) for c in cases))
    wrong = {
        "Use squared norms: growths[k-1] = ||w_k||^2 - ||w_{k-1}||^2.": _steps(
            lambda W: np.diff(np.sqrt(_sq(W)))
        ),
        "Subtract the earlier weights from the later ones (w_k minus w_{k-1}): your "
        "differences have the "
        "wrong sign.": _steps(lambda W: -np.diff(_sq(W)), lambda g: -np.diff(g)),
        "You took the squared norm of the difference, ||w_k - w_{k-1}||^2 = ||x||^2; the "
        "proof bounds the difference of the squared norms, ||w_k||^2 - ||w_{k-1}||^2 = "
        "2 y w_{k-1} @ x + ||x||^2.": _steps(lambda W: _sq(np.diff(W, axis=0))),
        "Square the norms before taking the difference: ||w_k||^2 - ||w_{k-1}||^2, "
        "not (||w_k|| - ||w_{k-1}||)^2.": _steps(lambda W: np.diff(np.sqrt(_sq(W))) ** 2),
    }
    spec = _Spec(
        exercise=6,
        name="proof_steps",
        params=("W", "w_star"),
        reference=_ref_proof_steps,
        cases=cases,
        outputs=("gains", "growths"),
        rtol=1e-9,
        atol=1e-9 * scale,
        diagnosis=_Diagnosis(
            rule="The rule: gains = differences of W @ w_star between consecutive rows, "
            "growths = differences of the squared row norms ||w_k||^2.",
            wrong=wrong,
        ),
    )
    return _run(spec, proof_steps)
