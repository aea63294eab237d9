"""Seeded data sets with labels in {-1, +1}.

The generators follow scikit-learn's conventions: ``n_samples`` first, keyword-only
options, randomness only through ``random_state``, and ``coef=True`` to also return the
true separator ``(w_star, b_star)``. The loaders read data that ship with scikit-learn;
nothing is downloaded.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from perclab._validation import (
    check_bool,
    check_int,
    check_memory,
    check_random_state,
    check_real,
)

__all__ = [
    "Separator",
    "load_breast_cancer",
    "load_iris_2d",
    "make_orthonormal",
    "make_separable",
    "make_small_margin",
    "make_xor",
]


class Separator(NamedTuple):
    """A hyperplane ``w @ x + b = 0`` with a unit normal ``w``."""

    w: np.ndarray
    b: float


def make_separable(
    n_samples: int = 100,
    *,
    n_features: int = 2,
    margin: float = 0.1,
    through_origin: bool = False,
    coef: bool = False,
    random_state=None,
):
    """Linearly separable data whose true separator has a margin you choose.

    A unit normal ``w_star`` is drawn at random, and ``b_star`` uniformly from
    [-0.5, 0.5] (or 0 with ``through_origin=True``). Points are drawn uniformly from the
    cube [-1, 1]^n_features; each point is then moved along ``w_star`` to its class's
    side of the hyperplane so that its distance to it is ``margin`` plus how much
    farther than the closest point it was. Half the samples (rounded down) are -1.

    The margin is measured in the original feature space, for the hyperplane
    ``w_star @ x + b_star = 0``: ``min_i y_i (w_star @ x_i + b_star) == margin``.
    The maximum margin of the data is at least this large.

    Parameters
    ----------
    n_samples : int, default 100
        Number of samples, at least 2.
    n_features : int, default 2
    margin : float, default 0.1
        Distance from the true separator to the closest point, > 0.
    through_origin : bool, default False
        Use ``b_star = 0``.
    coef : bool, default False
        Also return the true separator.
    random_state : None, int or numpy Generator

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,), int labels -1 and +1
    separator : Separator ``(w_star, b_star)``, only when ``coef=True``

    Examples
    --------
    >>> X, y, (w_star, b_star) = make_separable(50, margin=0.2, coef=True, random_state=0)
    >>> X.shape, y.shape
    ((50, 2), (50,))
    >>> round(float(np.min(y * (X @ w_star + b_star))), 12)
    0.2
    """
    n_samples, n_features, margin, rng = _check_common(
        n_samples, n_features, margin, random_state
    )
    through_origin = check_bool(through_origin, name="through_origin")
    w_star, b_star, y = _draw_separator_and_labels(
        n_samples, n_features, through_origin, rng
    )
    Z = rng.uniform(-1.0, 1.0, size=(n_samples, n_features))
    distance = np.abs(Z @ w_star + b_star)
    X = _place(Z, y, w_star, b_star, margin + distance - distance.min())
    return _finish(X, y, w_star, b_star, coef)


def make_small_margin(
    n_samples: int = 100,
    *,
    n_features: int = 2,
    margin: float = 0.01,
    band: float = 0.05,
    through_origin: bool = False,
    coef: bool = False,
    random_state=None,
):
    """Separable data crowded against the separator: a small margin and many updates.

    Points are drawn uniformly from the cube [-1, 1]^n_features and projected onto the
    true hyperplane; each is then lifted off it, to its class's side, by ``margin`` plus
    an exponential distance of mean ``band``. So most points lie close to the
    boundary, and ``min_i y_i (w_star @ x_i + b_star) == margin`` exactly.

    Parameters are those of :func:`make_separable`, plus ``band`` (> 0), the mean extra
    distance from the hyperplane.

    Examples
    --------
    >>> X, y, (w_star, b_star) = make_small_margin(200, coef=True, random_state=1)
    >>> round(float(np.min(y * (X @ w_star + b_star))), 12)
    0.01
    """
    n_samples, n_features, margin, rng = _check_common(
        n_samples, n_features, margin, random_state
    )
    band = check_real(band, name="band", positive=True)
    through_origin = check_bool(through_origin, name="through_origin")
    w_star, b_star, y = _draw_separator_and_labels(
        n_samples, n_features, through_origin, rng
    )
    Z = rng.uniform(-1.0, 1.0, size=(n_samples, n_features))
    extra = rng.exponential(band, size=n_samples)
    X = _place(Z, y, w_star, b_star, margin + extra - extra.min())
    return _finish(X, y, w_star, b_star, coef)


def make_orthonormal(n_samples: int = 4, *, n_features: int | None = None):
    """The data on which the mistake bound is exact: the unit vectors, all labelled +1.

    Sample ``i`` is the unit vector ``e_i``, so the samples are orthonormal. With no
    bias, the perceptron started at ``w = 0`` meets every ``e_i`` with the score
    ``w @ e_i = 0``, a mistake, and ends at ``w = (1, ..., 1)``: exactly ``n_samples``
    updates. That is ``R**2 / gamma**2``, since ``R = 1`` and the best separator through
    the origin, ``(1, ..., 1) / sqrt(n_samples)``, has margin
    ``gamma = 1 / sqrt(n_samples)``.

    Parameters
    ----------
    n_samples : int, default 4
        At least 1.
    n_features : int, optional
        At least ``n_samples``; the default is ``n_samples``. Extra features are 0.

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,), int labels, all +1

    Examples
    --------
    >>> X, y = make_orthonormal(3)
    >>> X
    array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    >>> y
    array([1, 1, 1])
    >>> make_orthonormal(2, n_features=3)[0]
    array([[1., 0., 0.],
           [0., 1., 0.]])
    """
    n_samples = check_int(n_samples, name="n_samples", minimum=1)
    if n_features is None:
        n_features = n_samples
    n_features = check_int(n_features, name="n_features", minimum=n_samples)
    check_memory(
        8 * n_samples * n_features,
        what=f"X of {n_samples} samples and {n_features} features",
        fix="ask for fewer samples or features",
    )
    return np.eye(n_samples, n_features), np.ones(n_samples, dtype=int)


def make_xor(n_samples: int = 100, *, noise: float = 0.2, random_state=None):
    """The XOR problem: four Gaussian clusters that no line separates.

    Clusters sit at (±1, ±1), with ``n_samples`` shared among them as evenly as possible.
    A point is labelled +1 when exactly one coordinate of its cluster's centre is
    positive (the exclusive or of "x1 > 0" and "x2 > 0"), and -1 otherwise.

    Parameters
    ----------
    n_samples : int, default 100
        At least 4, one per cluster.
    noise : float, default 0.2
        Standard deviation of each cluster, >= 0.
    random_state : None, int or numpy Generator

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
    y : ndarray of shape (n_samples,), int labels -1 and +1

    Examples
    --------
    >>> X, y = make_xor(4, noise=0.0, random_state=0)
    >>> sorted(zip(X.tolist(), y.tolist()))
    [([-1.0, -1.0], -1), ([-1.0, 1.0], 1), ([1.0, -1.0], 1), ([1.0, 1.0], -1)]
    """
    n_samples = check_int(n_samples, name="n_samples", minimum=4)
    check_memory(8 * 2 * n_samples, what=f"X of {n_samples} samples", fix="ask for fewer")
    noise = check_real(noise, name="noise")
    if noise < 0:
        raise ValueError(f"noise must be >= 0, got {noise}")
    if noise > 1e300:  # noise * a normal draw could overflow to infinity
        raise ValueError(
            f"noise must be at most 1e300, got {noise:g}: larger noise makes infinite "
            "coordinates; the centres are at (±1, ±1), so noise well above 1 already "
            "hides them"
        )
    rng = check_random_state(random_state)
    centres = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    cluster = rng.permutation(np.arange(n_samples) % 4)
    X = centres[cluster] + rng.normal(0.0, noise, size=(n_samples, 2))
    y = np.where(centres[cluster, 0] * centres[cluster, 1] < 0, 1, -1)
    return X, y


def load_iris_2d():
    """Iris setosa (-1) against versicolor (+1), by sepal length and petal length (cm).

    The classic two-feature form: the first 100 samples of the Iris data (50 of each
    species), features 0 and 2. It is linearly separable.

    Returns
    -------
    X : ndarray of shape (100, 2)
    y : ndarray of shape (100,), -1 for setosa and +1 for versicolor

    Examples
    --------
    >>> X, y = load_iris_2d()
    >>> X.shape, int((y == 1).sum())
    ((100, 2), 50)
    """
    from sklearn.datasets import load_iris

    iris = load_iris()
    X = iris.data[:100][:, [0, 2]].copy()
    y = np.where(iris.target[:100] == 0, -1, 1)
    return X, y


def load_breast_cancer():
    """Breast cancer Wisconsin (diagnostic): 569 samples, 30 features.

    Labels follow scikit-learn's coding: benign (target 1) is +1, malignant (target 0)
    is -1. The features have very different scales; standardise them before training.

    Returns
    -------
    X : ndarray of shape (569, 30)
    y : ndarray of shape (569,), -1 for malignant and +1 for benign

    Examples
    --------
    >>> X, y = load_breast_cancer()
    >>> X.shape, int((y == -1).sum())
    ((569, 30), 212)
    """
    from sklearn.datasets import load_breast_cancer as _load

    data = _load()
    return data.data.copy(), 2 * data.target - 1


def _check_common(n_samples, n_features, margin, random_state):
    n_samples = check_int(n_samples, name="n_samples", minimum=2)
    n_features = check_int(n_features, name="n_features", minimum=1)
    check_memory(
        8 * n_samples * n_features,
        what=f"X of {n_samples} samples and {n_features} features",
        fix="ask for fewer samples or features",
    )
    margin = check_real(margin, name="margin", positive=True)
    return n_samples, n_features, margin, check_random_state(random_state)


def _draw_separator_and_labels(n_samples, n_features, through_origin, rng):
    w_star = rng.normal(size=n_features)
    w_star /= np.linalg.norm(w_star)
    b_star = 0.0 if through_origin else float(rng.uniform(-0.5, 0.5))
    n_negative = n_samples // 2
    y = rng.permutation(
        np.r_[-np.ones(n_negative, int), np.ones(n_samples - n_negative, int)]
    )
    return w_star, b_star, y


def _place(Z, y, w_star, b_star, distance):
    """Move each row of Z along w_star so that y_i (w_star @ x_i + b_star) = distance_i."""
    signed = Z @ w_star + b_star
    return Z + (y * distance - signed)[:, None] * w_star


def _finish(X, y, w_star, b_star, coef):
    if check_bool(coef, name="coef"):
        return X, y, Separator(w=w_star, b=b_star)
    return X, y
