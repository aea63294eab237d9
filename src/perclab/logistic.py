"""Logistic regression: the perceptron's score turned into a probability.

The model says ``P(y = +1 | x) = sigmoid(w @ x + b)`` with ``sigmoid(z) = 1 / (1 +
exp(-z))``; with labels -1 and +1 both cases read ``P(y | x) = sigmoid(m)`` for the
margin ``m = y * (w @ x + b)``. The negative log-likelihood of one example is the
logistic loss ``ln(1 + exp(-m))``, with gradient ``-y * x * sigmoid(-m)`` in ``w``
(and ``-y * sigmoid(-m)`` in ``b``).

:func:`fit_logistic` minimises ``sum_i ln(1 + exp(-m_i)) + ||w||**2 / (2 C)`` by plain
gradient descent. Multiplied by ``C`` this is ``||w||**2 / 2 + C * sum_i ln(1 + exp(-m_i))``
with an unpenalised intercept, the objective of scikit-learn's ``LogisticRegression``,
so both find the same minimiser. ``C = inf`` drops the penalty.

Every function is written to stay finite and accurate for any margin: ``exp`` only
ever sees ``-|m|``, which cannot overflow.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_bool,
    check_int,
    check_memory,
    check_pm1_labels,
    check_real,
    check_vector,
    check_X,
    older_name,
)
from perclab.classifier import LinearClassifier, summary_repr
from perclab.engine import NotConvergedWarning, TrainingOverflowError
from perclab.losses import (
    Gradient,
    logistic_loss,
    logistic_loss_array,
    sigmoid,
    sigmoid_array,
)
from perclab.optim import gradient_descent

__all__ = [
    "LogisticFit",
    "LogisticNotConvergedWarning",
    "fit_logistic",
    "logistic_gradient",
    "logistic_loss",
    "logistic_objective",
    "plot_probability",
    "sigmoid",
]


class LogisticNotConvergedWarning(NotConvergedWarning):
    """:func:`fit_logistic` stopped at ``max_iter`` before the gradient was small."""


def _checked(X, y, w, b, C):
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    return X, y, w, b, _check_C(C)


def _check_C(C) -> float:
    if isinstance(C, bool) or not isinstance(C, (int, float, np.integer, np.floating)):
        raise TypeError(f"C must be a positive number (or np.inf), got {C!r}")
    C = float(C)
    if not C > 0:  # also refuses NaN
        raise ValueError(
            f"C must be > 0, got {C}; smaller C means stronger regularisation, "
            "C = np.inf none"
        )
    return C


def logistic_objective(X, y, w, b: float = 0.0, *, C: float = 1.0) -> float:
    """Return ``J(w, b) = sum_i ln(1 + exp(-y_i (w @ x_i + b))) + ||w||**2 / (2 C)``.

    ``C * J`` is scikit-learn's objective for ``LogisticRegression(C=C)``;
    ``C = np.inf`` gives the plain negative log-likelihood.

    Examples
    --------
    >>> round(logistic_objective([[1.0], [-1.0]], [1, -1], w=[0.0]), 12)  # 2 ln 2
    1.38629436112
    """
    X, y, w, b, C = _checked(X, y, w, b, C)
    return _objective(y * (X @ w + b), w, C)


def logistic_gradient(X, y, w, b: float = 0.0, *, C: float = 1.0) -> Gradient:
    """Return the gradient of :func:`logistic_objective` with respect to ``w`` and ``b``.

    With ``m_i = y_i (w @ x_i + b)``:
    ``dJ/dw = -sum_i y_i x_i sigmoid(-m_i) + w / C`` and
    ``dJ/db = -sum_i y_i sigmoid(-m_i)``.

    Examples
    --------
    >>> logistic_gradient([[2.0, 0.0]], [1], w=[0.0, 0.0], C=np.inf)  # -x sigmoid(0)
    Gradient(w=array([-1.,  0.]), b=-0.5)
    """
    X, y, w, b, C = _checked(X, y, w, b, C)
    return _gradient(X, y, y * (X @ w + b), w, C)


def _objective(m, w, C) -> float:
    """J from the margins ``m = y * (X @ w + b)``."""
    penalty = 0.0 if math.isinf(C) else (w @ w) / (2.0 * C)
    return float(np.sum(logistic_loss_array(m)) + penalty)


def _gradient(X, y, m, w, C) -> Gradient:
    """The gradient of J from the margins ``m = y * (X @ w + b)``."""
    weight = y * sigmoid_array(-m)  # y_i sigmoid(-m_i)
    penalty = 0.0 if math.isinf(C) else w / C
    return Gradient(w=-(weight @ X) + penalty, b=float(-np.sum(weight)))


@dataclass(frozen=True, repr=False)
class LogisticFit(LinearClassifier):
    """What :func:`fit_logistic` returns: the weights, how the run ended, and its path.

    ``w_path[k]``, ``b_path[k]`` and ``objective_path[k]`` are the weights and the
    objective after ``k`` steps (``k = 0`` is the start, ``w = 0``, ``b = 0``).
    ``decision_function(X)`` is ``X @ w + b``, the log-odds ``ln(P(y = +1 | x) /
    P(y = -1 | x))``, and ``predict(X)`` is +1 where ``P(y = +1 | x) >= 1/2``.
    """

    w: np.ndarray
    b: float
    C: float
    converged: bool
    n_iter: int
    lr: float
    objective_path: np.ndarray = field(repr=False)
    w_path: np.ndarray = field(repr=False)
    b_path: np.ndarray = field(repr=False)

    def predict_probability(self, X) -> np.ndarray:
        """Return ``P(y = +1 | x) = sigmoid(w @ x + b)`` for every row of ``X``."""
        return sigmoid(self.decision_function(X))

    def __repr__(self) -> str:
        return summary_repr(self, "C", "converged", "n_iter", "w", "b")


def fit_logistic(
    X,
    y,
    *,
    C: float = 1.0,
    fit_bias: bool | None = None,
    lr: float | None = None,
    max_iter: int = 10_000,
    tol: float = 1e-8,
    w0=None,
    b0: float = 0.0,
    fit_intercept: bool | None = None,
) -> LogisticFit:
    """Fit logistic regression by gradient descent with a constant step.

    Minimises ``J(w, b) = sum_i ln(1 + exp(-y_i (w @ x_i + b))) + ||w||**2 / (2 C)``
    (see :func:`logistic_objective`) with ``(w, b) <- (w, b) - lr * grad J(w, b)``,
    starting from ``w0`` and ``b0``, until every partial derivative of ``J`` is at most
    ``tol * n_samples`` in size, or for ``max_iter`` steps.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    C : float, default 1.0
        Inverse regularisation strength, > 0, as in scikit-learn; ``np.inf`` for none.
        The intercept is never penalised.
    fit_bias : bool, default True
        Learn ``b``; otherwise ``b`` stays 0.
    lr : float, optional
        The step size. By default ``1 / L`` with ``L = ||X1||_2**2 / 4 + 1 / C``, where
        ``X1`` is ``X`` with a column of ones when the intercept is fitted. ``L`` bounds
        the curvature of ``J`` (``sigmoid' <= 1/4``), and with this step every step
        lowers the objective.
    max_iter : int, default 10000
    tol : float, default 1e-8
        Tolerance on the gradient, per sample.
    w0 : array of shape (n_features,), optional
        Starting weights (zeros by default), e.g. a previous fit's, for a warm start.
    b0 : float, default 0.0
        Starting intercept (ignored when ``fit_bias=False``).
    fit_intercept : bool, optional
        scikit-learn's name for ``fit_bias``, still accepted with a DeprecationWarning.

    Returns
    -------
    LogisticFit

    Warns
    -----
    LogisticNotConvergedWarning
        If ``max_iter`` steps did not bring the gradient below the tolerance. Without a
        penalty (``C = np.inf``) on linearly separable data there is no minimiser:
        ``||w||`` grows for ever, and this always happens.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> fit = fit_logistic(X, [-1, 1, -1, 1])
    >>> fit.converged, fit.w.round(4), round(fit.b, 4)
    (True, array([0.4529]), -0.6793)
    >>> fit.predict_probability([[0.0], [3.0]]).round(3)
    array([0.336, 0.664])
    """
    X = check_X(X)
    n_samples, n_features = X.shape
    y = check_pm1_labels(y, n_samples)
    C = _check_C(C)
    fit_bias = older_name(
        fit_bias, fit_intercept, name="fit_bias", old_name="fit_intercept"
    )
    fit_bias = check_bool(True if fit_bias is None else fit_bias, name="fit_bias")
    if lr is None:
        lr = 1.0 / _smoothness(X, C, fit_bias)
    else:
        lr = check_real(lr, name="lr", positive=True)
    max_iter = check_int(max_iter, name="max_iter", minimum=0)
    tol = check_real(tol, name="tol", positive=True)
    w = np.zeros(n_features) if w0 is None else check_vector(w0, n_features, name="w0")
    b = check_real(b0, name="b0") if fit_bias else 0.0

    def gradient(theta):  # of J at theta = (w, b)
        w, b = theta[:n_features], theta[n_features]
        with np.errstate(over="ignore", invalid="ignore"):
            m = y * (X @ w + b)
        if not np.all(np.isfinite(m)):
            raise FloatingPointError("the margins are infinite or NaN")
        g = _gradient(X, y, m, w, C)
        return np.append(g.w, g.b if fit_bias else 0.0)

    def small(g) -> bool:
        return float(np.max(np.abs(g))) <= tol * n_samples

    try:
        path = gradient_descent(
            gradient, np.append(w, b), schedule=lr, n_steps=max_iter, until=small
        )
        converged = small(gradient(path.final))
    except FloatingPointError:
        raise TrainingOverflowError(
            "fit_logistic overflowed: the weights or margins became infinite or NaN; "
            "scale the data (e.g. standardise the columns of X) or lower the learning "
            "rate lr"
        ) from None
    w_path, b_path = path.w[:, :n_features], path.w[:, n_features]
    objective_path = [
        _objective(y * (X @ w_k + b_k), w_k, C)
        for w_k, b_k in zip(w_path, b_path, strict=True)
    ]
    w, b = w_path[-1].copy(), b_path[-1]

    if not converged:
        warnings.warn(
            f"fit_logistic did not converge in max_iter={max_iter} steps; raise max_iter "
            "or tol, or lower C. Without a penalty (C=np.inf) on separable data no "
            "minimiser exists and ||w|| grows for ever.",
            LogisticNotConvergedWarning,
            stacklevel=2,
        )
    return LogisticFit(
        w=w,
        b=float(b),
        C=C,
        converged=converged,
        n_iter=path.n_steps,
        lr=lr,
        objective_path=np.asarray(objective_path),
        w_path=w_path,
        b_path=np.array(b_path, dtype=float),
    )


def _smoothness(X, C, fit_bias) -> float:
    """``L = ||X1||_2**2 / 4 + 1 / C``: a Lipschitz constant of the gradient of J."""
    X1 = np.hstack([X, np.ones((X.shape[0], 1))]) if fit_bias else X
    size = float(np.linalg.norm(X1, 2))
    if not size < 1e150:  # its square, the curvature, would overflow
        raise TrainingOverflowError(
            f"fit_logistic overflowed: X is too large (its largest singular value is "
            f"{size:.3g}) for the step 1 / L, whose L = ||X||**2 / 4 overflows; scale "
            "the data (e.g. standardise the columns of X)"
        )
    return size**2 / 4.0 + (0.0 if math.isinf(C) else 1.0 / C)


def plot_probability(
    X,
    y,
    *,
    w,
    b: float = 0.0,
    ax=None,
    levels=(0.1, 0.25, 0.5, 0.75, 0.9),
    resolution: int = 200,
):
    """Shade the plane by ``P(y = +1 | x) = sigmoid(w @ x + b)`` and draw its contours.

    The shading runs from the colour of class -1 (probability 0) through white (1/2) to
    the colour of class +1 (probability 1); labelled contour lines mark ``levels``, the
    line at 1/2 (the decision boundary) drawn thicker. The data are scattered on top
    with :func:`perclab.plotting.plot_data`.

    Examples
    --------
    >>> ax = plot_probability([[0.0, 1.0], [1.0, 0.0]], [1, -1], w=[-1.0, 1.0])
    >>> [float(level) for level in ax.collections[1].levels]
    [0.1, 0.25, 0.5, 0.75, 0.9]
    """
    from matplotlib.colors import LinearSegmentedColormap

    from perclab.plotting import CLASS_STYLE, check_axes, check_plot_data, plot_data

    X, y = check_plot_data(X, y)
    w = check_vector(w, 2, name="w")
    b = check_real(b, name="b")
    levels = np.asarray(levels, dtype=float)
    if levels.ndim != 1 or levels.size == 0 or np.any((levels <= 0) | (levels >= 1)):
        raise ValueError(
            f"levels must be probabilities strictly between 0 and 1, got {levels}"
        )
    if np.any(np.diff(levels) <= 0):
        raise ValueError(f"levels must be increasing, got {levels}")
    resolution = check_int(resolution, name="resolution", minimum=2)
    check_memory(
        8 * 4 * resolution**2,
        what=f"a grid of {resolution} x {resolution} points",
        fix="pass a smaller resolution (a few hundred is plenty for a figure)",
    )
    ax = check_axes(ax)
    pad = 0.1 * (X.max(axis=0) - X.min(axis=0)) + 0.5
    low, high = X.min(axis=0) - pad, X.max(axis=0) + pad
    g1, g2 = np.meshgrid(
        np.linspace(low[0], high[0], resolution), np.linspace(low[1], high[1], resolution)
    )
    probability = sigmoid(g1 * w[0] + g2 * w[1] + b)
    cmap = LinearSegmentedColormap.from_list(
        "probability", [CLASS_STYLE[-1]["color"], "#FFFFFF", CLASS_STYLE[1]["color"]]
    )
    ax.contourf(g1, g2, probability, levels=np.linspace(0, 1, 21), cmap=cmap, alpha=0.45)
    lines = ax.contour(
        g1,
        g2,
        probability,
        levels=levels,
        colors="#333333",
        linewidths=[2.2 if level == 0.5 else 0.9 for level in levels],
    )
    ax.clabel(lines, fmt=lambda level: f"{level:g}", fontsize="small")
    plot_data(X, y, ax)
    ax.set_xlim(low[0], high[0])
    ax.set_ylim(low[1], high[1])
    return ax
