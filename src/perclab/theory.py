"""The quantities of the convergence theorem: radius, margin, maximum margin, bound.

The perceptron's mistake bound is ``R**2 / gamma**2``. Both numbers depend on the space
the perceptron works in. A perceptron that learns a bias ``b`` is the same as one
without a bias acting on the points ``(x, 1)`` (bias absorption), so with
``fit_bias=True`` the bound lives in that space: ``R = max ||(x_i, 1)||`` and ``gamma``
is the largest margin of a hyperplane through the origin of that space.

The maximum-margin separator is computed exactly: a non-negative least-squares solve
(Lawson and Hanson's least-distance programme) finds the support vectors, the
Karush-Kuhn-Tucker equations on those support vectors are then solved directly, and the
answer is accepted only when it satisfies every optimality condition to rounding error.
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
    check_two_classes,
    check_vector,
    check_X,
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

# Relative tolerance for accepting an optimality condition as satisfied.
_KKT_TOL = 1e-9


class MaxMargin(NamedTuple):
    """The maximum-margin separator: unit normal ``w``, bias ``b`` and margin ``gamma``."""

    w: np.ndarray
    b: float
    gamma: float


def absorb_bias(X, value: float = 1.0) -> np.ndarray:
    """Append a constant column to ``X``.

    With ``value=1`` the hyperplane ``w @ x + b = 0`` becomes ``(w, b) @ (x, 1) = 0``, a
    hyperplane through the origin one dimension up. With ``value=-1`` it is the
    threshold convention: ``w @ x >= theta`` becomes ``(w, theta) @ (x, -1) >= 0``.

    Examples
    --------
    >>> absorb_bias([[2.0, 3.0], [4.0, 5.0]])
    array([[2., 3., 1.],
           [4., 5., 1.]])
    """
    X = check_X(X)
    value = check_real(value, name="value")
    if value == 0:
        raise ValueError("value must be non-zero; a constant 0 feature cannot carry a bias")
    return np.hstack([X, np.full((X.shape[0], 1), value)])


def radius(X, *, fit_bias: bool = False) -> float:
    """Return ``R = max_i ||x_i||``, measured from the origin.

    This is not the radius of the smallest ball around the data: the theorem needs the
    distance from the origin. With ``fit_bias=True`` the norms are those of the
    bias-absorbed points ``(x_i, 1)``, the space of a perceptron that learns a bias.

    Examples
    --------
    >>> radius([[3.0, 4.0], [1.0, 0.0]])
    5.0
    >>> round(radius([[3.0, 4.0]], fit_bias=True) ** 2, 12)
    26.0
    """
    X = check_X(X)
    if check_bool(fit_bias, name="fit_bias"):
        X = absorb_bias(X)
    return float(np.max(row_lengths(X)))


def row_lengths(A) -> np.ndarray:
    """The Euclidean length of every row of ``A``, without overflow or underflow.

    Each row is divided by its largest entry before squaring (``np.linalg.norm``
    squares first: rows of size ``1e200`` come out infinite, rows of size ``1e-170``
    zero).

    Examples
    --------
    >>> row_lengths([[3.0, 4.0], [3e200, 4e200], [3e-170, 4e-170]])
    array([5.e+000, 5.e+200, 5.e-170])
    """
    A = np.atleast_2d(np.asarray(A, dtype=float))
    largest = np.max(np.abs(A), axis=1)
    scaled = A / np.where(largest > 0, largest, 1.0)[:, None]
    return largest * np.sqrt(np.einsum("ij,ij->i", scaled, scaled))


def length(v) -> float:
    """The Euclidean length of the vector ``v``, without overflow or underflow."""
    return float(row_lengths(np.ravel(v)[None, :])[0])


def margin(X, y, w, b: float = 0.0) -> float:
    """Return the geometric margin ``min_i y_i (w @ x_i + b) / ||w||`` of a hyperplane.

    It is positive exactly when the hyperplane separates the data, and then it is the
    distance from the hyperplane to the closest point. It is negative or zero when some
    point is misclassified or on the hyperplane.

    Examples
    --------
    >>> margin([[0.0, 1.0], [1.0, 0.0]], [1, -1], w=[-1.0, 1.0])
    0.7071067811865475
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    norm = length(w)
    if norm == 0:
        raise ValueError("w is the zero vector, which defines no hyperplane; pass w != 0")
    return float(np.min(y * (X @ w + b)) / norm)


def is_separable(X, y, *, fit_bias: bool = True) -> bool:
    """Whether some hyperplane separates the two classes strictly.

    A linear programme decides it: find ``(w, b)`` with ``y_i (w @ x_i + b) >= 1`` for
    every ``i``. It is feasible exactly when some hyperplane has every sample strictly
    on its label's side, since any strict separator, multiplied by a large enough
    number, meets all the constraints. The objective is 0: any feasible point will do.

    The answer does not change when a column of ``(x_i, 1)`` is multiplied by a
    positive number, nor when a whole constraint is. So the constraint rows
    ``y_i (x_i, 1)`` are first scaled column by column, then row by row, to length 1:
    data measured in units of ``1e-150`` or ``1e150`` get the same answer as data near
    1. A separator the solver reports is checked: every scaled constraint must be
    positive.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    fit_bias : bool, default True
        Allow an offset ``b``. With ``False`` the hyperplane passes through the origin.

    Returns
    -------
    bool

    Raises
    ------
    RuntimeError
        If the solver fails, or reports a separator that does not separate the scaled
        data (a margin too small for double precision).

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]
    >>> is_separable(X, [-1, -1, 1, 1])  # XOR
    False
    >>> is_separable(X, [-1, 1, 1, 1])  # OR
    True
    >>> is_separable([[1.0], [2.0], [4.0], [5.0]], [-1, -1, 1, 1], fit_bias=False)
    False
    """
    from scipy.optimize import linprog

    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    fit_bias = check_bool(fit_bias, name="fit_bias")
    M = y[:, None] * (absorb_bias(X) if fit_bias else X)  # rows y_i (x_i, 1)
    columns = row_lengths(M.T)
    M = M / np.where(columns > 0, columns, 1.0)
    rows = row_lengths(M)
    M = M / np.where(rows > 0, rows, 1.0)[:, None]  # a zero row stays 0: never >= 1
    n_samples, n_cols = M.shape
    result = linprog(
        np.zeros(n_cols),
        A_ub=-M,
        b_ub=-np.ones(n_samples),
        bounds=(None, None),
        method="highs",
    )
    if result.status == 2:  # infeasible: no separator
        return False
    if result.status != 0:
        raise RuntimeError(
            f"the linear programme of is_separable failed ({result.message}); "
            "check the data for extreme values"
        )
    if not np.all(M @ result.x > 0):
        raise RuntimeError(
            "the linear programme found a separator that does not separate the data "
            "in floating point: the margin is too small for double precision to decide"
        )
    return True


def max_margin(X, y, *, fit_bias: bool = True) -> MaxMargin:
    """Return the exact hard-margin separator of linearly separable data.

    Solves ``min ||w||`` subject to ``y_i (w @ x_i + b) >= 1`` (with ``b = 0`` when
    ``fit_bias=False``; the bias is not penalised) and rescales the answer to a unit
    normal vector, so that ``margin(X, y, w, b) == gamma``.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    fit_bias : bool, default True
        Allow an offset ``b``. With ``False`` the hyperplane passes through the origin.

    Returns
    -------
    MaxMargin
        ``(w, b, gamma)`` with ``||w|| = 1``.

    Raises
    ------
    ValueError
        If no hyperplane (through the origin, when ``fit_bias=False``) separates the data.
    RuntimeError
        If the data are separable (``perclab.theory.is_separable`` finds a separator)
        but the maximum-margin separator cannot be certified in double precision.

    Examples
    --------
    >>> w, b, gamma = max_margin([[0.0, 0.0], [2.0, 0.0]], [-1, 1])
    >>> w.round(12), round(b, 12), round(gamma, 12)
    (array([1., 0.]), -1.0, 1.0)
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    fit_bias = check_bool(fit_bias, name="fit_bias")
    if fit_bias:
        check_two_classes(y)

    # Work on centred (when b is free) and rescaled data: the problem is invariant
    # under both, and the solver is better conditioned on points of norm <= 1.
    shift = X.mean(axis=0) if fit_bias else np.zeros(X.shape[1])
    scale = np.max(row_lengths(X - shift))
    if scale == 0:  # every sample is the same point (the origin, without a bias)
        if fit_bias:
            problem = "every sample is the same point, and it carries both labels"
        else:
            problem = "every sample is the zero vector, which lies on every such hyperplane"
        raise ValueError(f"the data are not linearly separable: {problem}; check the data")
    Z = (X - shift) / scale
    A = y[:, None] * Z  # the constraints read A @ w + y * b >= 1

    try:
        w_z, b_z = _solve_hard_margin(A, y, fit_bias)
    except ValueError:
        if not is_separable(X, y, fit_bias=fit_bias):
            raise
        raise RuntimeError(
            "the maximum-margin solver could not certify that the data are linearly "
            "separable, yet a linear programme (is_separable) finds a separator: the "
            "margin is too small compared with the size of the data for the solver; "
            "standardise the features (e.g. sklearn's StandardScaler) and retry"
        ) from None
    w = w_z / scale
    b = b_z - w @ shift
    norm = length(w)
    w_unit, b_unit = w / norm, b / norm
    gamma = float(np.min(y * (X @ w_unit + b_unit)))
    return MaxMargin(w=w_unit, b=float(b_unit), gamma=gamma)


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
        return (
            f"ProofTrace(n_updates={self.n_updates}, gamma={self.gamma:.6g}, "
            f"R={self.R:.6g}, bound={self.bound:.6g})"
        )


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


def _solve_hard_margin(A: np.ndarray, y: np.ndarray, fit_bias: bool):
    """Solve ``min ||w||`` s.t. ``A @ w + y * b >= 1`` exactly; return ``(w, b)``."""
    # A free bias is approached by a bias feature of size c, whose weight is penalised
    # by 1 / c**2; a large c gives the right support vectors, which are then solved
    # exactly. Without a bias, one solve with c = 0 is already the exact problem.
    for c in (10.0, 1e3, 1e5) if fit_bias else (0.0,):
        G = np.hstack([A, c * y[:, None]]) if fit_bias else A
        multipliers = _least_distance_multipliers(G)
        if multipliers is None:
            where = "" if fit_bias else " by a hyperplane through the origin"
            hint = "" if fit_bias else " (try fit_bias=True)"
            raise ValueError(
                f"the data are not linearly separable{where}{hint}, so no maximum-margin "
                "separator exists; check the labels, or use a method made for "
                "non-separable data"
            )
        support = np.flatnonzero(multipliers > 0)
        solution = _kkt_solve(A[support], y[support], fit_bias)
        if solution is not None and _is_optimal(A, y, *solution, support, fit_bias):
            return solution
    raise RuntimeError(
        "the data look separable, but the maximum-margin separator could not be "
        f"certified to a relative accuracy of {_KKT_TOL:g}; the margin is probably too "
        "small compared with the size of the data for double precision. Rescale or "
        "deduplicate the data."
    )


def _least_distance_multipliers(G: np.ndarray):
    """Solve ``min ||v||`` s.t. ``G @ v >= 1`` (Lawson and Hanson's least-distance
    programme); return the constraints' multipliers, or None if it is infeasible.

    A constraint with a positive multiplier is active: its sample is a support vector.
    """
    n_rows, n_cols = G.shape
    E = np.vstack([G.T, np.ones((1, n_rows))])
    f = np.zeros(n_cols + 1)
    f[-1] = 1.0
    u, _ = nonnegative_least_squares(E, f)
    residual = E @ u - f
    if -residual[-1] <= 1e-12:  # the constraints cannot all hold
        return None
    return u


def _kkt_solve(A_s: np.ndarray, y_s: np.ndarray, fit_bias: bool):
    """Make every support constraint hold with equality; return ``(w, b)``."""
    if A_s.shape[0] == 0:
        return None
    K = A_s @ A_s.T
    m = K.shape[0]
    if fit_bias:
        M = np.block([[K, y_s[:, None]], [y_s[None, :], np.zeros((1, 1))]])
        rhs = np.append(np.ones(m), 0.0)
    else:
        M, rhs = K, np.ones(m)
    sol = np.linalg.lstsq(M, rhs, rcond=None)[0]
    for _ in range(3):  # iterative refinement: M is often ill-conditioned
        sol += np.linalg.lstsq(M, rhs - M @ sol, rcond=None)[0]
    alpha, b = sol[:m], (float(sol[m]) if fit_bias else 0.0)
    return A_s.T @ alpha, b


def _is_optimal(A, y, w, b, support, fit_bias) -> bool:
    """Check the optimality conditions: feasibility and non-negative multipliers."""
    if not np.all(A @ w + y * b >= 1 - _KKT_TOL):
        return False
    # Dual feasibility: w = A_s.T @ alpha (and y_s @ alpha = 0) for some alpha >= 0.
    E = A[support].T
    target = w
    if fit_bias:
        E = np.vstack([E, y[support][None, :]])
        target = np.append(w, 0.0)
    _, residual = nonnegative_least_squares(E, target)
    return residual <= _KKT_TOL * max(1.0, np.linalg.norm(target))


def nonnegative_least_squares(E: np.ndarray, f: np.ndarray):
    """``min ||E @ x - f||`` over ``x >= 0``: the minimiser and its residual norm.

    scipy's ``nnls`` first; its answer is kept only if it meets the optimality
    conditions of the problem (the gradient ``E.T @ (f - E @ x)`` is zero where
    ``x > 0`` and not positive where ``x = 0``), since some scipy releases (the 1.15
    series, the last for Python 3.10) return a point that is not the minimiser, with a
    residual of 0. Otherwise scipy's bounded-variable least squares solves it, and the
    entries at the bound are set to exactly 0 (the support vectors are the others). The
    residual is computed here, never taken from the solver.
    """
    from scipy.optimize import lsq_linear, nnls

    x, _ = nnls(E, f, maxiter=50 * max(E.shape))
    if not _nnls_optimal(E, f, x):
        x = lsq_linear(E, f, bounds=(0.0, np.inf), method="bvls").x
        # rounding leaves ~1e-17 where the bound is active: the zeros are exact zeros
        x = np.where(x > 1e-13 * x.max(initial=0.0), x, 0.0)
    return x, float(np.linalg.norm(E @ x - f))


def _nnls_optimal(E, f, x) -> bool:
    gradient = E.T @ (f - E @ x)
    scale = np.linalg.norm(E) * max(np.linalg.norm(f), np.linalg.norm(E @ x), 1e-300)
    tol = 1e-10 * scale
    free = x > 0
    return bool(
        np.all(x >= 0)
        and np.all(np.abs(gradient[free]) <= tol)
        and np.all(gradient[~free] <= tol)
    )
