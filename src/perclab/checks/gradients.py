"""Checks for Exercises 7-8: the perceptron and logistic losses, gradients, descent."""

from __future__ import annotations

import numpy as np

from perclab import logistic as _logistic
from perclab import optim as _optim
from perclab.checks._core import (
    _WORKED_X,
    _WORKED_Y,
    CheckResult,
    _Case,
    _labels,
    _rng,
    _run,
    _Spec,
)

# ----------------------------------------------------------------------------------
# Exercise 7: the perceptron loss and its (sub)gradient
# ----------------------------------------------------------------------------------


def _ref_perceptron_loss(w, X, y):
    return float(np.mean(_optim.perceptron_loss(_optim.margins(X, y, w))))


def _ref_perceptron_gradient(w, X, y):
    return _optim.perceptron_subgradient(X, y, w).w / len(y)


def _cases_loss(seed: int, scales=(1.0,)) -> list[_Case]:
    X = np.array([[1.0, 2.0, 1.0], [2.0, 0.5, 1.0], [-1.0, -1.0, 1.0]])
    y = np.array([1, -1, -1])
    cases = [
        _Case("w = 0: every point is a tie", (np.zeros(3), X, y)),
        _Case(
            "every point correctly classified",
            (np.array([1.0, -1.0, 0.5]), X, np.array([-1, 1, 1])),
        ),
        _Case("one mistake", (np.array([1.0, -1.0, 0.5]), X, np.array([-1, 1, -1]))),
        _Case("a point exactly on the boundary", (np.array([1.0, -1.0, 1.0]), X, y)),
        _Case("labels as floats", (np.array([0.5, 1.0, -1.0]), X, y.astype(float))),
        _Case(
            "a single sample",
            (np.array([1.0, 1.0]), np.array([[2.0, -3.0]]), np.array([1])),
        ),
        _Case(
            "integer input",
            (np.array([1, -2, 0]), np.array([[1, 1, 1], [3, 1, 1]]), np.array([1, -1])),
        ),
    ]
    rng = _rng(seed)
    for k in range(13):
        n, d = int(rng.integers(1, 10)), int(rng.integers(1, 4))
        X_k = rng.normal(size=(n, d))
        y_k = np.where(rng.random(n) < 0.5, -1, 1)
        w_k = rng.normal(size=d) * float(rng.choice(scales))
        cases.append(
            _Case(
                f"random data, seed {seed}, draw {k + 1}",
                (w_k, X_k, _labels(y_k, k % 2 == 1)),
            )
        )
    return cases


def _margins(w, X, y):
    return np.asarray(y, float) * (np.asarray(X, float) @ np.asarray(w, float))


def _precedence(w, X, y):
    """What y * X @ w computes: (y * X) @ w, the label multiplied into the columns."""
    return (np.asarray(y, float) * np.asarray(X, float)) @ np.asarray(w, float)


_AXIS = (
    "Average over the samples, axis=0 (one value per feature, shaped like w), not "
    "over the features, axis=1."
)
_PRECEDENCE = (
    "y * X @ w means (y * X) @ w: numpy multiplies y into the columns of X. Write "
    "y * (X @ w)."
)


def check_perceptron_loss(perceptron_loss) -> CheckResult:
    """Check ``perceptron_loss(w, X, y)``: ``(1/n) sum_i max(0, -y_i w @ x_i)``.

    The bias is absorbed (``X`` already holds the constant column where one is wanted).
    The reference is the mean of :func:`perclab.losses.perceptron_loss` of the margins.
    Compared with a tolerance of 1e-12.

    Parameters
    ----------
    perceptron_loss : callable
        ``perceptron_loss(w, X, y)`` returning a number.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def perceptron_loss(w, X, y):
    ...     return np.mean(np.maximum(0, -y * (X @ w)))
    >>> check_perceptron_loss(perceptron_loss).passed
    All 20 cases pass.
    True
    """
    spec = _Spec(
        exercise=7,
        name="perceptron_loss",
        samples=(1, 2),
        combine="average them over all n samples, (1/n) times the sum.",
        rule=("The rule: the mean over the samples of max(0, -y_i w @ x_i)."),
        params=("w", "X", "y"),
        reference=_ref_perceptron_loss,
        cases=_cases_loss(10),
        rtol=1e-12,
        atol=1e-12,
        wrong=[
            (
                "That is the hinge loss, max(0, 1 - y w @ x); the perceptron loss has "
                "no margin 1: max(0, -y w @ x).",
                lambda w, X, y: float(np.mean(np.maximum(0.0, 1.0 - _margins(w, X, y)))),
            ),
            (
                "Wrong sign: the loss is max(0, -y w @ x), positive on the mistakes and "
                "0 on the correctly classified points.",
                lambda w, X, y: float(np.mean(np.maximum(0.0, _margins(w, X, y)))),
            ),
            (
                "Average over the samples (divide the sum by n).",
                lambda w, X, y: float(np.sum(np.maximum(0.0, -_margins(w, X, y)))),
            ),
            (
                "That is the fraction of mistakes (the 0/1 loss), not the perceptron "
                "loss: add up how far each mistake is, max(0, -y w @ x).",
                lambda w, X, y: float(np.mean(_margins(w, X, y) <= 0)),
            ),
            (
                _PRECEDENCE,
                lambda w, X, y: float(np.mean(np.maximum(0.0, -_precedence(w, X, y)))),
            ),
            (
                "The label is missing: the loss is max(0, -y w @ x).",
                lambda w, X, y: float(
                    np.mean(np.maximum(0.0, -(np.asarray(X, float) @ w)))
                ),
            ),
        ],
    )
    return _run(spec, perceptron_loss)


def check_perceptron_gradient(perceptron_gradient) -> CheckResult:
    """Check ``perceptron_gradient(w, X, y)``: ``(1/n) sum over mistakes of -y_i x_i``.

    The (sub)gradient of :func:`check_perceptron_loss`'s loss, with the indicator of a
    mistake, ``y_i w @ x_i <= 0``: at a tie it is ``-y_i x_i``, so that a gradient step
    from ``w = 0`` is exactly the perceptron's update. The reference is
    :func:`perclab.losses.perceptron_subgradient` divided by n. Compared with a tolerance
    of 1e-12.

    Parameters
    ----------
    perceptron_gradient : callable
        ``perceptron_gradient(w, X, y)`` returning an array shaped like ``w``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def perceptron_gradient(w, X, y):
    ...     mistake = y * (X @ w) <= 0
    ...     return -(X * (y * mistake)[:, None]).mean(axis=0)
    >>> check_perceptron_gradient(perceptron_gradient).passed
    All 20 cases pass.
    True
    """

    def grad(indicator, *, sign=-1.0, mean=True, label=True, margins=_margins):
        def wrong(w, X, y):
            picked = indicator(margins(w, X, y))
            X, y = np.asarray(X, float), np.asarray(y, float)
            total = sign * ((picked * (y if label else 1.0)) @ X)
            return total / len(y) if mean else total

        return wrong

    mistake = lambda m: m <= 0  # noqa: E731
    spec = _Spec(
        exercise=7,
        name="perceptron_gradient",
        samples=(1, 2),
        combine="average them over all n samples, (1/n) times the sum.",
        shape_hint="Return an array shaped like w, one value per feature: sum (or "
        "average) over the samples only, axis=0.",
        rule=(
            "The rule: (1/n) times the sum of -y_i x_i over the samples with y_i w @ x_i "
            "<= 0."
        ),
        params=("w", "X", "y"),
        reference=_ref_perceptron_gradient,
        cases=_cases_loss(11),
        rtol=1e-12,
        atol=1e-12,
        wrong=[
            (
                "That is the hinge loss's gradient (y w @ x < 1); the perceptron loss "
                "has no margin 1: use the mistakes, y w @ x <= 0.",
                grad(lambda m: m < 1),
            ),
            (
                "The gradient comes from the mistakes, y w @ x <= 0, not from the "
                "correctly classified points (y w @ x > 0).",
                grad(lambda m: m > 0),
            ),
            (
                "At a tie, y w @ x = 0 (as everywhere at w = 0), use the mistake's "
                "gradient -y x: with < 0 the gradient at w = 0 is 0 and gradient descent "
                "never starts. Use <= 0.",
                grad(lambda m: m < 0),
            ),
            (
                "Wrong sign: the gradient of max(0, -y w @ x) on a mistake is -y x.",
                grad(mistake, sign=1.0),
            ),
            ("Average over the samples (divide the sum by n).", grad(mistake, mean=False)),
            (
                "The label is missing: on a mistake the gradient is -y x.",
                grad(mistake, label=False),
            ),
            (
                "Only the mistakes contribute: multiply each -y_i x_i by the indicator "
                "of a mistake, y_i w @ x_i <= 0 (0 on correctly classified points).",
                grad(lambda m: np.ones_like(m)),
            ),
            (_PRECEDENCE, grad(mistake, margins=_precedence)),
            (
                _AXIS,
                lambda w, X, y: (
                    -np.mean(
                        (_margins(w, X, y) <= 0)[:, None]
                        * np.asarray(y, float)[:, None]
                        * np.asarray(X, float),
                        axis=1,
                    )
                ),
            ),
        ],
    )
    return _run(spec, perceptron_gradient)


# ----------------------------------------------------------------------------------
# Exercise 8: the logistic loss, its gradient, gradient descent
# ----------------------------------------------------------------------------------


def _sigmoid(z):
    return _logistic.sigmoid(z)


def _ref_logistic_loss(w, X, y):
    return _logistic.logistic_objective(X, y, w, C=np.inf) / len(y)


def _ref_logistic_gradient(w, X, y):
    return _logistic.logistic_gradient(X, y, w, C=np.inf).w / len(y)


def check_logistic_loss(logistic_loss) -> CheckResult:
    """Check ``logistic_loss(w, X, y)``: ``(1/n) sum_i ln(1 + exp(-y_i w @ x_i))``.

    Labels are -1 and +1; the natural logarithm. Margins stay below 30 in size, so the
    plain formula does not overflow (``np.logaddexp(0, -m)`` is the robust form). The
    reference is :func:`perclab.logistic.logistic_objective` without a penalty
    (``C=inf``), divided by n. Compared with a tolerance of 1e-9 relative and 1e-12
    absolute.

    Parameters
    ----------
    logistic_loss : callable
        ``logistic_loss(w, X, y)`` returning a number.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def logistic_loss(w, X, y):
    ...     return np.mean(np.log(1 + np.exp(-y * (X @ w))))
    >>> check_logistic_loss(logistic_loss).passed
    All 20 cases pass.
    True
    """

    def loss(transform, *, mean=True):
        def wrong(w, X, y):
            values = transform(
                _margins(w, X, y),
                np.asarray(y, float),
                np.asarray(X, float) @ np.asarray(w, float),
            )
            return float(np.mean(values) if mean else np.sum(values))

        return wrong

    def zero_one_entropy(m, y, s):
        p = _sigmoid(s)
        return -(y * np.log(p) + (1 - y) * np.log(1 - p))

    spec = _Spec(
        exercise=8,
        name="logistic_loss",
        samples=(1, 2),
        combine="average them over all n samples, (1/n) times the sum.",
        rule=("The rule: the mean over the samples of ln(1 + exp(-y_i w @ x_i))."),
        params=("w", "X", "y"),
        reference=_ref_logistic_loss,
        cases=_cases_loss(12, scales=(0.5, 1.0, 5.0)),
        rtol=1e-9,
        atol=1e-12,
        wrong=[
            (
                "The label is missing: the loss is ln(1 + exp(-y w @ x)).",
                loss(lambda m, y, s: np.logaddexp(0.0, -s)),
            ),
            (
                "Wrong sign in the exponent: ln(1 + exp(-y w @ x)) is small when the "
                "point is correctly classified with a large margin.",
                loss(lambda m, y, s: np.logaddexp(0.0, m)),
            ),
            (
                "Average over the samples (divide the sum by n).",
                loss(lambda m, y, s: np.logaddexp(0.0, -m), mean=False),
            ),
            (
                _PRECEDENCE,
                lambda w, X, y: float(np.mean(np.logaddexp(0.0, -_precedence(w, X, y)))),
            ),
            (
                "Use the natural logarithm (np.log), not log10.",
                loss(lambda m, y, s: np.log10(1 + np.exp(-m))),
            ),
            (
                "Use the natural logarithm (np.log), not log2.",
                loss(lambda m, y, s: np.log2(1 + np.exp(-m))),
            ),
            (
                "That is the cross-entropy for labels 0 and 1; with labels -1 and +1 the "
                "loss is ln(1 + exp(-y w @ x)).",
                loss(zero_one_entropy),
            ),
        ],
    )
    return _run(spec, logistic_loss)


def check_logistic_gradient(logistic_gradient) -> CheckResult:
    """Check ``logistic_gradient(w, X, y)``: ``(1/n) sum_i -y_i x_i sigma(-y_i w @ x_i)``.

    Here ``sigma(z) = 1 / (1 + exp(-z))``; ``sigma(-y w @ x)`` is the probability the
    model gives to the wrong label. The reference is
    :func:`perclab.logistic.logistic_gradient` without a penalty (``C=inf``), divided by
    n. Compared with a tolerance of 1e-9 relative and 1e-12 absolute.

    Parameters
    ----------
    logistic_gradient : callable
        ``logistic_gradient(w, X, y)`` returning an array shaped like ``w``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def logistic_gradient(w, X, y):
    ...     m = y * (X @ w)
    ...     return -(X * (y / (1 + np.exp(m)))[:, None]).mean(axis=0)
    >>> check_logistic_gradient(logistic_gradient).passed
    All 20 cases pass.
    True
    """

    def grad(weight, *, mean=True, sign=-1.0):
        def wrong(w, X, y):
            X, y = np.asarray(X, float), np.asarray(y, float)
            total = sign * (weight(_margins(w, X, y), y, X @ np.asarray(w, float)) @ X)
            return total / len(y) if mean else total

        return wrong

    right = lambda m, y, s: y * _sigmoid(-m)  # noqa: E731
    spec = _Spec(
        exercise=8,
        name="logistic_gradient",
        samples=(1, 2),
        combine="average them over all n samples, (1/n) times the sum.",
        shape_hint="Return an array shaped like w, one value per feature: sum (or "
        "average) over the samples only, axis=0.",
        rule=(
            "The rule: -(1/n) sum_i y_i x_i sigma(-y_i w @ x_i), with sigma(z) = 1 / (1 + "
            "exp(-z))."
        ),
        params=("w", "X", "y"),
        reference=_ref_logistic_gradient,
        cases=_cases_loss(13, scales=(0.5, 1.0, 5.0)),
        rtol=1e-9,
        atol=1e-12,
        wrong=[
            (
                "Wrong sign: this is the negative gradient. The gradient of the loss is "
                "-y x sigma(-y w @ x).",
                grad(right, sign=1.0),
            ),
            (
                "Use sigma(-y w @ x), the probability of the wrong label, not "
                "sigma(y w @ x).",
                grad(lambda m, y, s: y * _sigmoid(m)),
            ),
            (
                "(sigma(w @ x) - y) x is the gradient for labels 0 and 1; with labels "
                "-1 and +1 it is -y x sigma(-y w @ x).",
                grad(lambda m, y, s: y - _sigmoid(s)),
            ),
            ("Average over the samples (divide the sum by n).", grad(right, mean=False)),
            (
                "The label is missing inside sigma: use sigma(-y w @ x), not "
                "sigma(-w @ x).",
                grad(lambda m, y, s: y * _sigmoid(-s)),
            ),
            (
                _AXIS,
                lambda w, X, y: (
                    -np.mean(
                        (np.asarray(y, float) * _sigmoid(-_margins(w, X, y)))[:, None]
                        * np.asarray(X, float),
                        axis=1,
                    )
                ),
            ),
            (
                _PRECEDENCE,
                lambda w, X, y: (
                    -(np.asarray(y, float) * _sigmoid(-_precedence(w, X, y)))
                    @ np.asarray(X, float)
                    / len(y)
                ),
            ),
        ],
    )
    return _run(spec, logistic_gradient)


def _quadratic_gradient(centre, scales):
    """The gradient of f(w) = 1/2 sum_j scales_j (w_j - centre_j)^2."""
    centre, scales = np.asarray(centre, float), np.asarray(scales, float)

    def gradient(w):
        return scales * (np.asarray(w, float) - centre)

    a = np.array2string(scales, separator=", ")
    c = np.array2string(centre, separator=", ")
    gradient.label = f"gradient of 1/2 sum_j a_j (w_j - c_j)^2, a = {a}, c = {c}"
    return gradient


def _logistic_gradient_of(X, y):
    def gradient(w):
        return _ref_logistic_gradient(w, X, y)

    gradient.label = f"the logistic gradient on {len(y)} samples"
    return gradient


def _ref_gradient_descent(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(int(n_steps)):
        w = w - lr * gradient(w)
    return w


def check_gradient_descent(gradient_descent) -> CheckResult:
    """Check ``gradient_descent(gradient, w0, lr, n_steps)``: ``w <- w - lr * gradient(w)``.

    Start from ``w0``, take exactly ``n_steps`` steps with the constant step size ``lr``
    and return the final ``w``. ``gradient`` is a function of ``w``: quadratics with a
    known minimum, and the logistic gradient. The reference is a plain loop. Compared
    with a tolerance of 1e-9 relative and 1e-12 absolute.

    Parameters
    ----------
    gradient_descent : callable
        ``gradient_descent(gradient, w0, lr, n_steps)`` returning the final ``w``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> def gradient_descent(gradient, w0, lr, n_steps):
    ...     w = w0
    ...     for _ in range(n_steps):
    ...         w = w - lr * gradient(w)
    ...     return w
    >>> check_gradient_descent(gradient_descent).passed
    All 12 cases pass.
    True
    """
    X, y = _WORKED_X, _WORKED_Y
    Xb = np.hstack([X, np.ones((len(X), 1))])
    quad = _quadratic_gradient([1.0, -2.0], [1.0, 1.0])
    cases = [
        _Case("no step at all", (quad, np.array([3.0, 3.0]), 0.5, 0)),
        _Case("one step", (quad, np.array([3.0, 3.0]), 0.5, 1)),
        _Case("two steps", (quad, np.array([3.0, 3.0]), 0.5, 2)),
        _Case(
            "step size 1 on this quadratic jumps to the minimum",
            (quad, np.array([0.0, 0.0]), 1.0, 3),
        ),
        _Case("another start, step size 0.25", (quad, np.array([5.0, -1.0]), 0.25, 4)),
        _Case(
            "an elongated quadratic, 10 steps",
            (
                _quadratic_gradient([0.0, 1.0, -1.0], [1.0, 10.0, 0.1]),
                np.zeros(3),
                0.15,
                10,
            ),
        ),
        _Case(
            "one dimension", (_quadratic_gradient([2.0], [4.0]), np.array([0.0]), 0.1, 7)
        ),
        _Case(
            "the logistic gradient on the worked example",
            (_logistic_gradient_of(Xb, y), np.zeros(3), 0.5, 20),
        ),
    ]
    rng = _rng(14)
    for k in range(4):
        d = int(rng.integers(1, 4))
        grad = _quadratic_gradient(rng.normal(size=d), rng.uniform(0.5, 2.0, size=d))
        cases.append(
            _Case(
                f"a random quadratic, seed 14, draw {k + 1}",
                (
                    grad,
                    rng.normal(size=d),
                    float(rng.uniform(0.05, 0.5)),
                    int(rng.integers(1, 12)),
                ),
            )
        )

    spec = _Spec(
        exercise=8,
        name="gradient_descent",
        shape_hint="Return only the final w, an array shaped like w0 (not the list "
        "of all the steps).",
        rule=("The rule: w = w0, then n_steps times w = w - lr * gradient(w); return w."),
        params=("gradient", "w0", "lr", "n_steps"),
        reference=_ref_gradient_descent,
        cases=cases,
        rtol=1e-9,
        atol=1e-12,
        wrong=[
            (
                "The steps go uphill: gradient descent subtracts, w - lr * gradient(w).",
                lambda g, w0, lr, n: _ref_gradient_descent(lambda w: -g(w), w0, lr, n),
            ),
            (
                "Take exactly n_steps steps: yours took one more.",
                lambda g, w0, lr, n: _ref_gradient_descent(g, w0, lr, n + 1),
            ),
            (
                "Take exactly n_steps steps: yours took one fewer.",
                lambda g, w0, lr, n: _ref_gradient_descent(g, w0, lr, max(n - 1, 0)),
            ),
            (
                "Evaluate the gradient at the current w in every step, not once at w0.",
                lambda g, w0, lr, n: (
                    np.asarray(w0, float) - n * lr * g(np.asarray(w0, float))
                ),
            ),
            (
                "Only one step was taken: repeat w = w - lr * gradient(w) n_steps "
                "times in a loop, updating w each time.",
                lambda g, w0, lr, n: _ref_gradient_descent(g, w0, lr, min(n, 1)),
            ),
            (
                "The step size lr is missing.",
                lambda g, w0, lr, n: _ref_gradient_descent(g, w0, 1.0, n),
            ),
        ],
        slow_hint="Take exactly n_steps steps.",
    )
    return _run(spec, gradient_descent)
