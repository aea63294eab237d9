"""Losses of a linear classifier, as functions of the margin, and their gradients.

The (functional) margin of a point is ``m = y * (w @ x + b)``: positive exactly when
``x`` lies strictly on its label's side (labels -1 and +1); ``m <= 0`` is a mistake.
Each loss here has its one home; the optimisers (:mod:`perclab.optim`), the error
functions (:mod:`perclab.criteria`) and logistic regression (:mod:`perclab.logistic`)
use them.

* :func:`functional_margins`, the margins ``m`` of a data set, one per sample;
* :func:`zero_one_loss`, 1 for a mistake: summed, the number of mistakes;
* :func:`perceptron_loss` ``max(0, -m)``, with :func:`perceptron_subgradient`;
* :func:`hinge_loss` ``max(0, 1 - m)``;
* :func:`logistic_loss` ``ln(1 + exp(-m))``, with :func:`sigmoid`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from perclab._validation import (
    check_pm1_labels,
    check_real,
    check_vector,
    check_X,
    warn_older_name,
)

__all__ = [
    "Gradient",
    "functional_margins",
    "hinge_loss",
    "logistic_loss",
    "perceptron_loss",
    "perceptron_subgradient",
    "sigmoid",
    "zero_one_loss",
]


class Gradient(NamedTuple):
    """A (sub)gradient with respect to the weights ``w`` and the bias ``b``."""

    w: np.ndarray
    b: float


def functional_margins(X, y, w, b: float = 0.0) -> np.ndarray:
    """Return the functional margins ``m_i = y_i * (w @ x_i + b)``: positive exactly when
    correct. One per sample and not divided by ``||w||``; the geometric margin of the
    data set is :func:`perclab.margin`, their smallest value over ``||w||``.

    Examples
    --------
    >>> functional_margins([[2.0, 1.0], [1.0, 3.0], [1.0, 1.0]], [-1, -1, 1], w=[-1.0, 1.0])
    array([ 1., -2.,  0.])
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    return y * (X @ w + b)


def margins(X, y, w, b: float = 0.0) -> np.ndarray:
    """The older name of :func:`functional_margins`, still accepted with a
    DeprecationWarning (one letter away from :func:`perclab.margin`, the geometric one)."""
    warn_older_name("margins", "functional_margins", "call functional_margins(X, y, w, b)")
    return functional_margins(X, y, w, b)


def zero_one_loss(margin):
    """The 0/1 loss: 1 for a mistake (``margin <= 0``), 0 otherwise.

    A point on the hyperplane (margin 0) counts as a mistake, as it does in training.
    Summed over a data set it is the number of misclassified points. It is piecewise
    constant, so its derivative is 0 wherever it exists: no use to gradient descent.

    Examples
    --------
    >>> zero_one_loss([-2.0, 0.0, 0.5])
    array([1., 1., 0.])
    """
    m = _check_margin(margin)
    return _like_input(np.where(m <= 0, 1.0, 0.0), margin)


def perceptron_loss(margin):
    """The perceptron loss ``max(0, -margin)``: how far on the wrong side a point lies.

    It is 0 for correct points and ``|w @ x + b|``, the distance to the hyperplane times
    ``||w||``, for misclassified ones.

    Examples
    --------
    >>> perceptron_loss([-2.0, 0.0, 0.5])
    array([2., 0., 0.])
    """
    m = _check_margin(margin)
    return _like_input(np.where(m < 0, -m, 0.0), margin)


def hinge_loss(margin):
    """The hinge loss ``max(0, 1 - margin)``: the perceptron loss moved to demand a margin.

    Examples
    --------
    >>> hinge_loss([-2.0, 0.0, 0.5, 3.0])
    array([3. , 1. , 0.5, 0. ])
    """
    m = _check_margin(margin)
    return _like_input(np.where(m < 1, 1.0 - m, 0.0), margin)


def perceptron_subgradient(X, y, w, b: float = 0.0) -> Gradient:
    """A subgradient of the total perceptron loss ``sum_i max(0, -y_i (w @ x_i + b))``.

    Example ``i`` contributes ``(-y_i * x_i, -y_i)`` when it is a mistake,
    ``y_i (w @ x_i + b) <= 0``, and nothing otherwise. At the kink (margin exactly 0)
    any multiple ``c * (-y_i * x_i, -y_i)`` with ``0 <= c <= 1`` is a subgradient; this
    function takes ``c = 1``, so that a step against it moves a point off the hyperplane
    (from ``w = 0`` every margin is 0, and ``c = 0`` would never move).

    Returns
    -------
    Gradient
        ``(w, b)``: the partial subgradients with respect to ``w`` and to ``b``.

    Examples
    --------
    >>> X, y = [[2.0, 1.0], [1.0, 3.0], [1.0, 1.0]], [-1, -1, 1]
    >>> perceptron_subgradient(X, y, w=[-1.0, 1.0])  # samples 1 and 2 are mistakes
    Gradient(w=array([0., 2.]), b=0.0)
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    mistake = y * (X @ w + b) <= 0
    return Gradient(w=-(y[mistake] @ X[mistake]) + 0.0, b=float(-np.sum(y[mistake]) + 0.0))


def _check_margin(margin, name: str = "margin") -> np.ndarray:
    """Return ``margin`` as a float array (infinities allowed, NaN refused)."""
    if isinstance(margin, (str, bytes)):
        raise TypeError(f"{name} must be a number or an array of numbers, got a string")
    m = np.asarray(margin)
    if m.dtype == bool or not np.issubdtype(m.dtype, np.number):
        raise TypeError(f"{name} must hold real numbers, got dtype {m.dtype}")
    if np.issubdtype(m.dtype, np.complexfloating):
        raise TypeError(f"{name} must hold real numbers, got complex dtype {m.dtype}")
    m = m.astype(float)
    if np.any(np.isnan(m)):
        raise ValueError(f"{name} contains NaN; compute it from finite w, b and data")
    return m


def _like_input(values: np.ndarray, margin):
    """A float for a scalar margin, an array otherwise."""
    return float(values) if np.ndim(margin) == 0 else values


# ------------------------------------------------------------------ the logistic loss


def sigmoid(z):
    """The logistic function ``1 / (1 + exp(-z))``, without overflow for any ``z``.

    For ``z >= 0`` it is computed as ``1 / (1 + exp(-z))`` and for ``z < 0`` as
    ``exp(z) / (1 + exp(z))``, so ``exp`` only sees ``-|z|`` and both tails keep their
    relative precision.

    Examples
    --------
    >>> sigmoid([-1000.0, 0.0, 1000.0])
    array([0. , 0.5, 1. ])
    >>> float(sigmoid(-40.0))  # about exp(-40), not rounded to 0
    4.248354255291589e-18
    """
    return _like_input(sigmoid_array(_check_margin(z, name="z")), z)


def logistic_loss(margin):
    """The logistic loss ``ln(1 + exp(-margin))``, accurate for every margin.

    Written as ``max(0, -m) + ln(1 + exp(-|m|))``: the perceptron loss plus a smooth
    correction of at most ``ln 2``. Large positive margins give about ``exp(-m)``
    (``log1p`` keeps it), large negative margins about ``-m``.

    Examples
    --------
    >>> logistic_loss([-1000.0, 0.0, 1000.0]).tolist()  # -m, ln 2, exp(-1000) = 0
    [1000.0, 0.6931471805599453, 0.0]
    >>> float(logistic_loss(40.0))  # about exp(-40)
    4.248354255291589e-18
    """
    return _like_input(logistic_loss_array(_check_margin(margin)), margin)


def sigmoid_array(z: np.ndarray) -> np.ndarray:
    """:func:`sigmoid` of a checked float array, for the package's own callers."""
    e = np.exp(-np.abs(z))  # in (0, 1]: never overflows
    d = 1.0 / (1.0 + e)
    return np.where(z >= 0, d, e * d)  # 1 / (1 + e^-z), or e^z / (1 + e^z)


def logistic_loss_array(m: np.ndarray) -> np.ndarray:
    """:func:`logistic_loss` of a checked float array, for the package's own callers."""
    return np.maximum(-m, 0.0) + np.log1p(np.exp(-np.abs(m)))
