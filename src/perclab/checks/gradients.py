"""Checks for Exercises 7-8: the perceptron and logistic losses, gradients, descent."""

from __future__ import annotations

import numpy as np

from perclab import logistic as _logistic
from perclab import losses as _losses
from perclab.checks._core import WORKED_X as _WORKED_X
from perclab.checks._core import WORKED_Y as _WORKED_Y
from perclab.checks._core import Case as _Case
from perclab.checks._core import CheckResult
from perclab.checks._core import Diagnosis as _Diagnosis
from perclab.checks._core import Spec as _Spec
from perclab.checks._core import registered as _registered
from perclab.checks._core import run_check as _run
from perclab.checks._core import seeded_rng as _rng
from perclab.optim import gradient_descent as _gradient_descent

_sigmoid, _ploss, _lloss = _losses.sigmoid, _losses.perceptron_loss, _losses.logistic_loss
_AXIS = (
    "Average over the samples, axis=0 (one value per feature, shaped like w), not over "
    "the features, axis=1."
)
_PRECEDENCE = (
    "y * X @ w means (y * X) @ w: numpy multiplies y into the columns of X. Write "
    "y * (X @ w)."
)
_MEAN = "Take the mean over the samples, not the sum: divide the sum by n (or np.mean)."


def _check(func, name, seed, rule, reference, wrong) -> CheckResult:
    """Check ``func(w, X, y)``, the ``name`` of the exercise: a mean over the samples."""
    logistic = name.startswith("logistic")
    scales = (0.5, 1.0, 5.0) if logistic else (1.0,)
    a = np.array
    X, y = a([[1.0, 2.0, 1.0], [2.0, 0.5, 1.0], [-1.0, -1.0, 1.0]]), a([1, -1, -1])
    rows = [
        ("w = 0: every point is a tie", np.zeros(3), X, y),
        ("every point correctly classified", a([1.0, -1.0, 0.5]), X, a([-1, 1, 1])),
        ("one mistake", a([1.0, -1.0, 0.5]), X, a([-1, 1, -1])),
        ("a point exactly on the boundary", a([1.0, -1.0, 1.0]), X, y),
        ("labels as floats", a([0.5, 1.0, -1.0]), X, y * 1.0),
        ("a single sample", np.ones(2), a([[2.0, -3.0]]), a([1])),
        ("integer input", a([1, -2, 0]), a([[1, 1, 1], [3, 1, 1]]), y[:2]),
    ]
    cases = [_Case(r[0], r[1:]) for r in rows]
    rng = _rng(seed)
    for k in range(13):
        n, d = int(rng.integers(1, 10)), int(rng.integers(1, 4))
        X_k, y_k = rng.normal(size=(n, d)), np.where(rng.random(n) < 0.5, -1, 1)
        w_k = rng.normal(size=d) * float(rng.choice(scales))
        about = f"random data, seed {seed}, draw {k + 1}"
        cases.append(_Case(about, (w_k, X_k, y_k * 1.0 if k % 2 else y_k)))
    shape = "Return an array shaped like w, one value per feature: sum (or average) over "
    spec = _Spec(
        exercise=8 if logistic else 7,
        name=name,
        params=("w", "X", "y"),
        reference=reference,
        cases=cases,
        rtol=1e-9 if logistic else 1e-12,
        atol=1e-12,
        diagnosis=_Diagnosis(
            samples=(1, 2),
            combine="apply the formula to each sample's own value (np.maximum and np.exp "
            "work elementwise), then average them over all n samples, (1/n) times the sum.",
            shape_hint=shape + "the samples only, axis=0."
            if name.endswith("gradient")
            else "",
            rule=f"The rule: {rule}",
            wrong=wrong,
        ),
    )
    return _run(spec, func)


_M = {  # the margins y * (X @ w), and what a slip puts in their place
    "margins": lambda w, X, y: _losses.functional_margins(X, y, w),
    "precedence": lambda w, X, y: (np.asarray(y, float) * X) @ np.asarray(w, float),
    "elementwise": lambda w, X, y: np.asarray(y, float)[:, None] * np.asarray(X, float) * w,
}


def _loss(f, total=np.mean, m="margins"):
    """The ``total`` of ``f`` of the margins (or of what ``m`` puts in their place)."""
    return lambda w, X, y: float(total(f(_M[m](w, X, y))))


def _grad(weight, m="margins", axis=0):
    """``-mean_i c_i x_i``, ``c = weight(m, y, scores)``; ``axis=1``: over the features."""

    def variant(w, X, y):
        X, y = np.asarray(X, float), np.asarray(y, float)
        c = weight(_M[m](w, X, y), y, X @ np.asarray(w, float))
        return -np.mean(c[:, None] * X, axis=1) if axis else -(c @ X) / len(y)

    return variant


# Exercise 7: the perceptron loss and its (sub)gradient


@_registered
def check_perceptron_loss(perceptron_loss) -> CheckResult:
    """Check ``perceptron_loss(w, X, y)``: ``(1/n) sum_i max(0, -y_i w @ x_i)``, the bias
    absorbed in ``X``; compared within 1e-12 with :func:`perclab.losses.perceptron_loss`,
    averaged, on ties, mistakes, a boundary point, one sample, integer input, random data.
    """
    wrong = {
        "That is the hinge loss, max(0, 1 - y w @ x); the perceptron loss has no margin 1: "
        "max(0, -y w @ x).": _loss(_losses.hinge_loss),
        "Wrong sign: the loss is max(0, -y w @ x), positive on the mistakes and 0 on the "
        "correctly classified points.": _loss(lambda m: _ploss(-m)),
        _MEAN: _loss(_ploss, np.sum),
        "The loss is never negative: max(0, -y w @ x) with np.maximum, not the minimum "
        "min(0, ...).": _loss(lambda m: np.minimum(0, -m)),
        "That is the fraction of mistakes (the 0/1 loss): you counted the mistakes; the "
        "perceptron loss adds up how far each mistake is on the wrong side, its score "
        "max(0, -y w @ x).": _loss(_losses.zero_one_loss),
        "You divided by ||w|| (a distance): the perceptron loss uses the score y w @ x "
        "itself, max(0, -y w @ x), with no norm.": (
            lambda w, X, y: _loss(_ploss)(w, X, y) / np.linalg.norm(w),
            lambda w, X, y: _loss(_ploss)(w, X, y) / (np.linalg.norm(w) or 1.0),
        ),
        _PRECEDENCE: _loss(_ploss, m="precedence"),
    }
    rule = "the mean over the samples of max(0, -y_i w @ x_i)."
    return _check(perceptron_loss, "perceptron_loss", 10, rule, _loss(_ploss), wrong)


def _ref_perceptron_gradient(w, X, y):
    return _losses.perceptron_subgradient(X, y, w).w / len(y)


@_registered
def check_perceptron_gradient(perceptron_gradient) -> CheckResult:
    """Check ``perceptron_gradient(w, X, y)``: ``(1/n) sum_i -y_i x_i`` over the mistakes,
    ``y_i w @ x_i <= 0`` (ties too: a step from ``w = 0`` is the perceptron's update),
    compared within 1e-12 with :func:`perclab.losses.perceptron_subgradient` / n.
    """
    wrong = {
        "That is the hinge loss's gradient (y w @ x < 1); the perceptron loss has no "
        "margin 1: use the mistakes, y w @ x <= 0.": _grad(lambda m, y, s: y * (m < 1)),
        "The gradient comes from the mistakes, y w @ x <= 0, not from the correctly "
        "classified points (y w @ x > 0).": _grad(lambda m, y, s: y * (m > 0)),
        "At a tie, y w @ x = 0 (as everywhere at w = 0), use the mistake's gradient -y x: "
        "with < 0 the gradient at w = 0 is 0 and gradient descent never starts. Use <= "
        "0.": _grad(lambda m, y, s: y * (m < 0)),
        _MEAN: lambda w, X, y: _losses.perceptron_subgradient(X, y, w).w,
        "The label is missing: on a mistake the gradient is -y x.": _grad(
            lambda m, y, s: 1.0 * (m <= 0)
        ),
        "Only the mistakes contribute: "
        "multiply each -y_i x_i by the indicator of a mistake, y_i w @ x_i <= 0 "
        "(0 on correctly classified points).": _grad(lambda m, y, s: y),
        _PRECEDENCE: _grad(lambda m, y, s: y * (m <= 0), m="precedence"),
        _AXIS: _grad(lambda m, y, s: y * (m <= 0), axis=1),
    }
    rule = "(1/n) times the sum of -y_i x_i over the samples with y_i w @ x_i <= 0."
    reference = _ref_perceptron_gradient
    return _check(perceptron_gradient, "perceptron_gradient", 11, rule, reference, wrong)


# Exercise 8: the logistic loss, its gradient, gradient descent


def _ref_logistic_loss(w, X, y):
    return _logistic.logistic_objective(X, y, w, C=np.inf) / len(y)


def _ref_logistic_gradient(w, X, y):
    return _logistic.logistic_gradient(X, y, w, C=np.inf).w / len(y)


@_registered
def check_logistic_loss(logistic_loss) -> CheckResult:
    """Check ``logistic_loss(w, X, y)``: ``(1/n) sum_i ln(1 + exp(-y_i w @ x_i))``, labels
    -1 and +1, on margins below 30 in size (so the plain formula does not overflow),
    within 1e-9 relative and 1e-12 absolute of
    :func:`perclab.logistic.logistic_objective` at ``C=inf`` (no penalty) divided by n.
    """
    wrong = {
        "Wrong sign in the exponent: ln(1 + exp(-y w @ x)) is small when the point is "
        "correctly classified with a large margin.": _loss(lambda m: _lloss(-m)),
        _MEAN: _loss(_lloss, np.sum),
        _PRECEDENCE: _loss(_lloss, m="precedence"),
        "The 1 is missing inside the logarithm: ln(1 + exp(-y w @ x)), e.g. "
        "np.logaddexp(0, -y * (X @ w)), not ln(exp(-y w @ x)).": _loss(lambda m: -m),
        "The score is a dot product, w @ x_i, a sum over the features: use X @ w, "
        "not X * w elementwise.": _loss(_lloss, m="elementwise"),
        "Take the logarithm of each term, then the mean: "
        "the mean of ln(1 + exp(-m_i)), not ln of the mean of "
        "1 + exp(-m_i).": lambda w, X, y: np.log(
            np.mean(1 + np.exp(-_M["margins"](w, X, y)))
        ),
        "Use the natural logarithm (np.log), not log10 or log2.": (
            _loss(lambda m: _lloss(m) / np.log(10)),
            _loss(lambda m: _lloss(m) / np.log(2)),
        ),
        "That is the cross-entropy for labels 0 and 1; with labels -1 and +1 the loss is "
        "ln(1 + exp(-y w @ x)).": lambda w, X, y: np.mean(
            -(y * np.log(_sigmoid(X @ w)) + (1 - y) * np.log(1 - _sigmoid(X @ w)))
        ),
    }
    rule = "the mean over the samples of ln(1 + exp(-y_i w @ x_i))."
    return _check(logistic_loss, "logistic_loss", 12, rule, _ref_logistic_loss, wrong)


@_registered
def check_logistic_gradient(logistic_gradient) -> CheckResult:
    """Check ``logistic_gradient(w, X, y)``: ``(1/n) sum_i -y_i x_i sigma(-y_i w @ x_i)``,
    ``sigma(z) = 1 / (1 + exp(-z))`` (``sigma(-y w @ x)`` is the probability of the wrong
    label), within 1e-9 relative and 1e-12 absolute of
    :func:`perclab.logistic.logistic_gradient` at ``C=inf`` divided by n.
    """
    wrong = {
        "The sign inside the sigmoid is flipped: use sigma(-y w @ x), the probability of "
        "the wrong label, not sigma(y w @ x).": _grad(lambda m, y, s: y * _sigmoid(m)),
        "Every point contributes to the logistic gradient, not only the mistakes: "
        "weight each y_i x_i by sigma(-y_i w @ x_i), "
        "with no test.": _grad(lambda m, y, s: y * _sigmoid(-m) * (m <= 0)),
        "(sigma(w @ x) - y) x is the gradient for labels 0 and 1; with labels -1 and +1 "
        "it is -y x sigma(-y w @ x).": _grad(lambda m, y, s: y - _sigmoid(s)),
        _MEAN: lambda w, X, y: _logistic.logistic_gradient(X, y, w, C=np.inf).w,
        "The label is missing inside sigma: use sigma(-y w @ x), not sigma(-w @ x).": _grad(
            lambda m, y, s: y * _sigmoid(-s)
        ),
        "The label factor is missing in front of x: each term is y_i x_i "
        "sigma(-y_i w @ x_i): multiply by y_i.": _grad(lambda m, y, s: _sigmoid(-m)),
        "That is the derivative of sigma, sigma(m) sigma(-m); "
        "the gradient weights each y_i x_i by sigma(-y_i w @ x_i) "
        "itself.": _grad(lambda m, y, s: y * _sigmoid(m) * _sigmoid(-m)),
        "The denominator is missing: sigma(-m) = exp(-m) / (1 + exp(-m)), not exp(-m) "
        "alone.": _grad(lambda m, y, s: y * np.exp(-m)),
        "The sigmoid is missing: weight each y_i x_i by sigma(-y_i w @ x_i), the "
        "probability of the wrong label, not by 1.": _grad(lambda m, y, s: y),
        _AXIS: _grad(lambda m, y, s: y * _sigmoid(-m), axis=1),
        _PRECEDENCE: _grad(lambda m, y, s: y * _sigmoid(-m), m="precedence"),
    }
    rule = "-(1/n) sum_i y_i x_i sigma(-y_i w @ x_i), with sigma(z) = 1 / (1 + exp(-z))."
    reference = _ref_logistic_gradient
    return _check(logistic_gradient, "logistic_gradient", 13, rule, reference, wrong)


def _labelled(gradient, label):
    gradient.label = label
    return gradient


def _quadratic_gradient(centre, scales):
    c, a = np.asarray(centre, float), np.asarray(scales, float)
    shown = [np.array2string(v, separator=", ") for v in (a, c)]
    label = "gradient of 1/2 sum_j a_j (w_j - c_j)^2, a = {}, c = {}".format(*shown)
    return _labelled(lambda w: a * (np.asarray(w, float) - c), label)


def _descent(gradient, w0, lr, n_steps):
    return _gradient_descent(gradient, w0, schedule=lr, n_steps=int(n_steps)).final


@_registered
def check_gradient_descent(gradient_descent) -> CheckResult:
    """Check ``gradient_descent(gradient, w0, lr, n_steps)``: from ``w0``, exactly
    ``n_steps`` steps ``w <- w - lr * gradient(w)``; return the final ``w``, leave ``w0`` as
    it was. The reference is :func:`perclab.optim.gradient_descent`, within 1e-9 relative
    and 1e-12 absolute, on quadratics with a known minimum and the logistic gradient.
    """
    wrong = {
        "The steps go uphill: gradient descent subtracts, w - lr * "
        "gradient(w).": lambda g, w0, lr, n: _descent(lambda w: -g(w), w0, lr, n),
        "Take exactly n_steps steps: yours took one more.": lambda g, w0, lr, n: _descent(
            g, w0, lr, n + 1
        ),
        "Evaluate the gradient at the current w in every step, not once at "
        "w0.": lambda g, w0, lr, n: w0 - n * lr * g(np.asarray(w0, float)),
        "Only one step was taken: repeat w = w - lr * gradient(w) n_steps times in a loop, "
        "updating w each time.": lambda g, w0, lr, n: _descent(g, w0, lr, min(n, 1)),
    }
    Xb, y = np.hstack([_WORKED_X, np.ones((len(_WORKED_X), 1))]), _WORKED_Y
    label = f"the logistic gradient on {len(y)} samples"
    logistic = _labelled(lambda w: _ref_logistic_gradient(w, Xb, y), label)
    quad = _quadratic_gradient([1.0, -2.0], [1.0, 1.0])
    stretched = _quadratic_gradient([0.0, 1.0, -1.0], [1.0, 10.0, 0.1])
    table = [
        ("no step at all", quad, [3.0, 3.0], 0.5, 0),
        ("one step", quad, [3.0, 3.0], 0.5, 1),
        ("two steps", quad, [3.0, 3.0], 0.5, 2),
        ("step size 1 on this quadratic jumps to the minimum", quad, [0.0, 0.0], 1.0, 3),
        ("another start, step size 0.25", quad, [5.0, -1.0], 0.25, 4),
        ("an elongated quadratic, 10 steps", stretched, [0.0, 0.0, 0.0], 0.15, 10),
        ("one dimension", _quadratic_gradient([2.0], [4.0]), [0.0], 0.1, 7),
        ("the logistic gradient on the worked example", logistic, [0.0, 0.0, 0.0], 0.5, 20),
    ]
    cases = [_Case(about, (g, np.array(w0), lr, n)) for about, g, w0, lr, n in table]
    rng = _rng(14)
    for k in range(4):
        d = int(rng.integers(1, 4))
        grad = _quadratic_gradient(rng.normal(size=d), rng.uniform(0.5, 2.0, size=d))
        w0, lr = rng.normal(size=d), float(rng.uniform(0.05, 0.5))
        n = int(rng.integers(1, 12))
        cases.append(_Case(f"a random quadratic, seed 14, draw {k + 1}", (grad, w0, lr, n)))
    spec = _Spec(
        exercise=8,
        name="gradient_descent",
        params=("gradient", "w0", "lr", "n_steps"),
        reference=_descent,
        cases=cases,
        rtol=1e-9,
        atol=1e-12,
        frozen=("w0",),
        diagnosis=_Diagnosis(
            shape_hint="Return only the final w, an array shaped like w0 (not the list of "
            "all the steps).",
            rule="The rule: w = w0, then n_steps times w = w - lr * gradient(w); return w.",
            wrong=wrong,
            slow_hint="Take exactly n_steps steps.",
        ),
    )
    return _run(spec, gradient_descent)
