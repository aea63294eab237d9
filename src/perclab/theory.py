"""The convergence theorem: the mistake bound, the proof run by run, and cycles.

The perceptron's mistake bound is ``R**2 / gamma**2``. Both numbers depend on the space
the perceptron works in. A perceptron that learns a bias ``b`` is the same as one
without a bias acting on the points ``(x, 1)`` (bias absorption), so with
``fit_bias=True`` the bound lives in that space: ``R = max ||(x_i, 1)||`` and ``gamma``
is the largest margin of a hyperplane through the origin of that space. The geometry
(radius, margin, the exact maximum-margin separator) is :mod:`perclab.geometry`, whose
names this module also offers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from perclab._validation import (
    check_bool,
    check_history,
    check_pm1_labels,
    check_real,
    check_vector,
    check_X,
)
from perclab.classifier import summary_repr
from perclab.geometry import (
    MaxMargin,
    absorb_bias,
    is_separable,
    length,
    margin,
    max_margin,
    radius,
    row_lengths,
)

__all__ = [
    "Cycle",
    "MaxMargin",
    "ProofTrace",
    "absorb_bias",
    "find_cycle",
    "is_separable",
    "length",
    "margin",
    "max_margin",
    "mistake_bound",
    "mistake_bound_from_start",
    "proof_trace",
    "radius",
    "row_lengths",
]


def mistake_bound(X, y, *, fit_bias: bool = True) -> float:
    """Return Novikoff's bound ``R**2 / gamma**2`` on the perceptron's number of updates.

    ``gamma`` is the maximum margin, which gives the tightest form of the bound. With
    ``fit_bias=True`` both numbers are taken in the bias-absorbed space ``(x, 1)``:
    ``R = radius(X, fit_bias=True)`` and ``gamma`` is the largest margin of a hyperplane
    through the origin of that space. It bounds updates, not epochs.

    Raises
    ------
    ValueError
        If the data are not linearly separable (in the absorbed space when
        ``fit_bias=True``, through the origin when ``fit_bias=False``).

    Examples
    --------
    >>> round(mistake_bound([[1.0, 0.0], [0.0, 1.0]], [1, 1], fit_bias=False), 9)
    2.0
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    fit_bias = check_bool(fit_bias, name="fit_bias")
    space = absorb_bias(X) if fit_bias else X
    try:
        gamma = max_margin(space, y, fit_bias=False).gamma
    except ValueError:
        where = (
            "" if fit_bias else " by a hyperplane through the origin (try fit_bias=True)"
        )
        raise ValueError(
            f"the data are not linearly separable{where}, so the perceptron never "
            "converges and no mistake bound holds"
        ) from None
    return radius(space) ** 2 / gamma**2


# ------------------------------------------------------------- the proof, run by run


@dataclass(frozen=True, repr=False)
class ProofTrace:
    """The two quantities of the convergence proof after every update of one run.

    Entry ``k`` of each array belongs to the weights after ``k`` updates (``k = 0`` is
    the start). The weights are those of the space the proof works in, ``(w, b)`` when
    the run learned a bias, and they are measured in units of the learning rate (divided
    by ``lr``), so that a run with ``lr = 1`` from ``w_0 = 0`` is exactly the proof's.

    Attributes
    ----------
    k : ndarray of shape (n_updates + 1,)
        The update counts 0, 1, ..., n_updates.
    w_dot_wstar : ndarray of shape (n_updates + 1,)
        ``w_k @ w_star``. Inequality (A): it is at least ``w_0 @ w_star + k * gamma``.
    norm_sq : ndarray of shape (n_updates + 1,)
        ``||w_k||**2``. Inequality (B): it is at most ``||w_0||**2 + k * R**2``.
    gamma : float
        The margin of ``w_star``, ``min_i y_i x_i @ w_star``.
    R : float
        The radius ``max_i ||x_i||``.
    bound : float
        The bound on the number of updates from this start: ``R**2 / gamma**2`` when
        ``w_0 = 0``, the bound of :func:`mistake_bound_from_start` otherwise.
    """

    k: np.ndarray
    w_dot_wstar: np.ndarray
    norm_sq: np.ndarray
    gamma: float
    R: float
    bound: float

    @property
    def n_updates(self) -> int:
        """The number of updates of the run."""
        return int(self.k[-1])

    @property
    def dot_floor(self) -> np.ndarray:
        """``w_0 @ w_star + k * gamma``: the lower bound (A) on ``w_k @ w_star``."""
        return self.w_dot_wstar[0] + self.k * self.gamma

    @property
    def norm_sq_ceiling(self) -> np.ndarray:
        """``||w_0||**2 + k * R**2``: the upper bound (B) on ``||w_k||**2``."""
        return self.norm_sq[0] + self.k * self.R**2

    @property
    def gains(self) -> np.ndarray:
        """What each update adds to ``w @ w_star`` (at least ``gamma``), in order."""
        return np.diff(self.w_dot_wstar)

    @property
    def growths(self) -> np.ndarray:
        """What each update adds to ``||w||**2`` (at most ``R**2``), in order."""
        return np.diff(self.norm_sq)

    def holds(self, rtol: float = 1e-9) -> bool:
        """Whether every step of the proof holds on this run, up to rounding.

        Checks, after every update, that the update added at least ``gamma`` to
        ``w @ w_star`` and at most ``R**2`` to ``||w||**2``, the inequalities (A) and
        (B) that follow, and ``n_updates <= bound``. Each comparison allows a rounding
        error of ``rtol`` times the size of the numbers involved.
        """
        size = np.sqrt(self.norm_sq)  # |w_k @ w_star| <= ||w_k||: the size of each term
        step_size = size[1:] + size[:-1] + self.gamma
        each_gain = self.gains >= self.gamma - rtol * step_size
        each_growth = self.growths <= self.R**2 + rtol * (step_size**2 + self.R**2)
        floor = self.dot_floor
        gain = self.w_dot_wstar >= floor - rtol * (size + np.abs(floor))
        growth = self.norm_sq <= self.norm_sq_ceiling * (1 + rtol)
        within = self.n_updates <= self.bound * (1 + rtol)
        return bool(
            np.all(each_gain)
            and np.all(each_growth)
            and np.all(gain)
            and np.all(growth)
            and within
        )

    def __repr__(self) -> str:
        return summary_repr(self, "n_updates", "gamma", "R", "bound")


def proof_trace(result, X, y, w_star=None, *, fit_bias: bool = True, lr: float = 1.0):
    """Follow the convergence proof along a training run, update by update.

    The proof of the mistake bound tracks two numbers: ``w_k @ w_star``, which every
    update raises by at least the margin ``gamma`` (A), and ``||w_k||**2``, which every
    update raises by at most ``R**2`` (B). This function computes both after every
    update of ``result``, in the space the proof works in: with ``fit_bias=True`` the
    weights are ``(w, b)`` and the points ``(x, 1)``, and ``w_star`` must be a unit
    vector of that space.

    Parameters
    ----------
    result : TrainResult
        A run of :func:`perclab.train` on ``X`` and ``y``.
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    w_star : array of shape (n_features,), or (n_features + 1,) with fit_bias, optional
        A separating unit vector. By default the maximum-margin one, which gives the
        smallest bound.
    fit_bias : bool, default True
        Whether the run learned a bias (as in :func:`perclab.train`).
    lr : float, default 1.0
        The run's learning rate; the weights are divided by it.

    Returns
    -------
    ProofTrace
        ``k``, ``w_dot_wstar``, ``norm_sq``, ``gamma``, ``R`` and ``bound``.

    Raises
    ------
    ValueError
        If ``w_star`` has the wrong length, is not a unit vector or does not separate
        the data, if the data are not separable (without ``w_star``), or if the run's
        updates are not ``lr * y_i * x_i`` for these data (another data set, learning
        rate or ``fit_bias``).

    Examples
    --------
    >>> from perclab import train
    >>> X, y = [[1.0, 0.0], [0.0, 1.0]], [1, 1]
    >>> result = train(X, y, fit_bias=False)
    >>> trace = proof_trace(result, X, y, [2**-0.5, 2**-0.5], fit_bias=False)
    >>> trace.w_dot_wstar.round(4), trace.norm_sq  # after 0, 1 and 2 updates
    (array([0.    , 0.7071, 1.4142]), array([0., 1., 2.]))
    >>> trace
    ProofTrace(n_updates=2, gamma=0.707107, R=1, bound=2)
    >>> trace.holds()
    True
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    fit_bias = check_bool(fit_bias, name="fit_bias")
    lr = check_real(lr, name="lr", positive=True)
    space = absorb_bias(X) if fit_bias else X
    w_star, gamma = _separator(space, y, w_star, fit_bias)
    weights = _run_weights(result, space, y, fit_bias, lr) / lr
    R = radius(space)
    w_dot_wstar = weights @ w_star
    norm_sq = np.einsum("ij,ij->i", weights, weights)
    return ProofTrace(
        k=np.arange(weights.shape[0]),
        w_dot_wstar=w_dot_wstar,
        norm_sq=norm_sq,
        gamma=gamma,
        R=R,
        bound=_bound_from_start(R, gamma, float(w_dot_wstar[0]), float(norm_sq[0])),
    )


def mistake_bound_from_start(
    X,
    y,
    w0,
    b0: float = 0.0,
    *,
    lr: float = 1.0,
    fit_bias: bool = True,
    w_star=None,
    simple: bool = False,
) -> float:
    """Return the bound on the perceptron's updates from the start ``(w0, b0)``.

    Write ``v_0`` for the start divided by the learning rate (``(w0, b0) / lr`` with a
    bias), ``a = v_0 @ w_star`` and ``rho = ||v_0||``. After ``k`` updates the proof's
    two steps give ``w_k @ w_star >= a + k gamma`` and ``||w_k||**2 <= rho**2 + k R**2``
    (in units of ``lr``), and ``w_k @ w_star <= ||w_k||``. Where ``a + k gamma >= 0``
    this leaves ``(a + k gamma)**2 <= rho**2 + k R**2``, which fails for every ``k``
    above the largest root

    ``k_max = (R**2 - 2 a gamma + sqrt(R**4 - 4 a gamma R**2 + 4 gamma**2 rho**2))
    / (2 gamma**2)``,

    and that is the bound returned. With ``simple=True`` the looser bound
    ``R**2 / gamma**2 + 2 rho / gamma`` is returned instead, which needs only the size
    of the start. Both are ``R**2 / gamma**2`` when the start is zero.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    w0 : array of shape (n_features,)
        The starting weights.
    b0 : float, default 0.0
        The starting bias; must be 0 when ``fit_bias=False``.
    lr : float, default 1.0
        The learning rate. Only the start divided by it matters.
    fit_bias : bool, default True
        Whether the run learns a bias; the bound then lives in the space of ``(x, 1)``.
    w_star : array, optional
        A separating unit vector (of length ``n_features + 1`` with ``fit_bias``). By
        default the maximum-margin one.
    simple : bool, default False
        Return ``R**2 / gamma**2 + 2 rho / gamma`` instead of ``k_max``.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the data are not separable, ``w_star`` is not a separating unit vector, or
        ``b0 != 0`` without a bias.

    Examples
    --------
    One point ``x = 1`` labelled +1, started at ``w0 = -3``: the run needs 4 updates,
    three more than ``R**2 / gamma**2 = 1``.

    >>> mistake_bound_from_start([[1.0]], [1], [-3.0], fit_bias=False)
    7.0
    >>> mistake_bound_from_start([[1.0]], [1], [-3.0], fit_bias=False, simple=True)
    7.0
    >>> mistake_bound_from_start([[1.0]], [1], [-3.0], fit_bias=False, lr=3.0)
    3.0
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    fit_bias = check_bool(fit_bias, name="fit_bias")
    lr = check_real(lr, name="lr", positive=True)
    simple = check_bool(simple, name="simple")
    w0 = check_vector(w0, X.shape[1], name="w0")
    b0 = check_real(b0, name="b0")
    if not fit_bias and b0 != 0:
        raise ValueError(
            f"b0 must be 0 when fit_bias=False, got {b0:g}: the theorem is about "
            "hyperplanes through the origin; pass fit_bias=True to learn the bias"
        )
    space = absorb_bias(X) if fit_bias else X
    w_star, gamma = _separator(space, y, w_star, fit_bias)
    start = (np.append(w0, b0) if fit_bias else w0) / lr
    R = radius(space)
    if simple:
        return R**2 / gamma**2 + 2.0 * float(np.linalg.norm(start)) / gamma
    return _bound_from_start(R, gamma, float(start @ w_star), float(start @ start))


class Cycle(NamedTuple):
    """A training run that repeats itself.

    The weights at the start of epoch ``start + 1`` come back at the start of epoch
    ``start + period + 1``; in between, ``n_updates`` updates were made.
    """

    start: int
    period: int
    n_updates: int


def find_cycle(result) -> Cycle | None:
    """Find where a training run starts to repeat itself, exactly.

    Visiting the samples in a fixed order (``shuffle=False``), the weights at the start
    of an epoch decide the whole epoch. So once the weights at the start of two epochs
    are equal, the run repeats the epochs in between forever and never converges. This
    function compares the weights (and bias) at the start of every epoch of ``result``
    for exact equality, which is meaningful when the data are integers (then every
    weight is an integer, computed exactly).

    Parameters
    ----------
    result : TrainResult
        A run of :func:`perclab.train` with ``shuffle=False``.

    Returns
    -------
    Cycle or None
        ``(start, period, n_updates)`` for the first repetition, or None when the run
        converged or no weights repeated within its epochs.

    Examples
    --------
    >>> import warnings
    >>> from perclab import NotConvergedWarning, train
    >>> X, y = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], [-1, 1, 1, -1]
    >>> with warnings.catch_warnings():
    ...     warnings.filterwarnings("ignore", category=NotConvergedWarning)
    ...     result = train(X, y, max_epochs=5)
    >>> find_cycle(result)  # back at w = 0, b = 0 after every epoch of 4 updates
    Cycle(start=0, period=1, n_updates=4)
    """
    history = _history(result)
    if getattr(result, "converged", False):
        return None
    weights = np.column_stack([history.w, history.b])
    n_epochs = int(history.epoch[-1]) if len(history.epoch) else 0
    n_epochs = max(n_epochs, int(getattr(result, "epochs", n_epochs)))
    # updates made before each epoch: the weights at its start are weights[k]
    before = np.searchsorted(history.epoch, np.arange(n_epochs + 1), side="right")
    seen: dict[tuple, int] = {}
    for epoch, k in enumerate(before):
        state = tuple(weights[k].tolist())  # -0.0 == 0.0, as it should be here
        if state in seen:
            first = seen[state]
            return Cycle(first, epoch - first, int(k - before[first]))
        seen[state] = epoch
    return None


def _bound_from_start(R: float, gamma: float, a: float, c: float) -> float:
    """Largest root of ``(a + k gamma)**2 = c + k R**2``, with ``c >= a**2``.

    In the form ``A k**2 + B k + C = 0`` with ``A = gamma**2``, ``B = 2 a gamma - R**2``
    and ``C = a**2 - c <= 0``; the discriminant ``B**2 - 4 A C >= B**2`` is written so
    that it cannot go negative, and the root is taken in the form that does not cancel.
    """
    A, B, C = gamma**2, 2.0 * a * gamma - R**2, min(a * a - c, 0.0)
    root = np.sqrt(B * B - 4.0 * A * C)
    if B <= 0:
        return float((root - B) / (2.0 * A))
    return float(2.0 * C / (-B - root)) if C < 0 else 0.0


def _separator(space: np.ndarray, y: np.ndarray, w_star, fit_bias: bool):
    """Return a separating unit vector of ``space`` and its margin ``gamma``."""
    where = "(w, b) of the bias-absorbed space" if fit_bias else "w"
    if w_star is None:
        try:
            w_star, _, gamma = max_margin(space, y, fit_bias=False)
        except ValueError:
            raise ValueError(
                "the data are not linearly separable"
                + ("" if fit_bias else " by a hyperplane through the origin")
                + ", so no mistake bound holds"
            ) from None
        return w_star, gamma
    n_dims = space.shape[1]
    try:
        w_star = np.asarray(w_star, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            f"w_star must be a vector of numbers, got {type(w_star).__name__}"
        ) from None
    if w_star.shape != (n_dims,):
        extra = " (the features and the bias, as fit_bias=True)" if fit_bias else ""
        raise ValueError(
            f"w_star must be a vector of length {n_dims}{extra}, the {where}, "
            f"got shape {w_star.shape}"
        )
    if not np.all(np.isfinite(w_star)):
        raise ValueError("w_star contains NaN or infinity; pass finite numbers")
    norm = float(np.linalg.norm(w_star))
    if abs(norm - 1.0) > 1e-9:
        raise ValueError(
            f"w_star must be a unit vector, got ||w_star|| = {norm:.6g}; divide it by "
            "its norm (the margin gamma is measured for a unit separator)"
        )
    gamma = float(np.min(y * (space @ w_star)))
    if gamma <= 0:
        raise ValueError(
            "w_star does not separate the data: min_i y_i x_i @ w_star = "
            f"{gamma:.6g} <= 0; pass a unit vector with y_i x_i @ w_star > 0 for every "
            "sample, or leave w_star out to use the maximum-margin one"
        )
    return w_star, gamma


def _history(result):
    """The update history of a TrainResult, or a TypeError naming what is expected."""
    return check_history(result)


def _run_weights(result, space: np.ndarray, y: np.ndarray, fit_bias: bool, lr: float):
    """The weights after every update of ``result``, in ``space``; checks that the
    updates are ``lr * y_i * x_i`` for these data, so the proof applies to the run."""
    history = _history(result)
    n_features = space.shape[1] - (1 if fit_bias else 0)
    if history.w.shape[1] != n_features:
        raise ValueError(
            f"the run has {history.w.shape[1]} weights but X has {n_features} "
            "features; pass the data the run was trained on"
        )
    if fit_bias:
        if len(history) and np.any(np.diff(history.b) == 0):
            raise ValueError(
                "the run did not learn a bias (some update left b unchanged); pass "
                "fit_bias=False for a run trained with fit_bias=False"
            )
        weights = np.column_stack([history.w, history.b])
    else:
        if np.any(history.b != 0):
            raise ValueError(
                "the run has a bias b != 0, but fit_bias=False: the theorem is about "
                "hyperplanes through the origin; pass fit_bias=True if the run learned "
                "its bias, or train with b0=0"
            )
        weights = history.w
    sample = history.sample
    if sample.size and sample.max() >= space.shape[0]:
        raise ValueError(
            "the run updated on a sample that X does not have; pass the data the run "
            "was trained on"
        )
    steps = np.diff(weights, axis=0)
    expected = lr * y[sample, None] * space[sample]
    size = np.abs(weights[:-1]) + np.abs(weights[1:]) + np.abs(expected)
    if not np.all(np.abs(steps - expected) <= 1e-9 * size):
        raise ValueError(
            "the run's updates are not lr * y_i * x_i for these X, y and "
            f"lr={lr:g}; pass the data, learning rate and fit_bias of the run"
        )
    return weights
