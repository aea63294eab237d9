"""The geometry of separable data: bias absorption, lengths, radius, margin, and the
maximum-margin separator.

A perceptron that learns a bias ``b`` is the same as one without a bias acting on the
points ``(x, 1)`` (bias absorption, :func:`perclab.absorb_bias`). The radius ``R`` and the
margin ``gamma`` of the convergence theorem (:mod:`perclab.theory`) are measured here.

The maximum-margin separator is computed exactly: a non-negative least-squares solve
(Lawson and Hanson's least-distance programme) finds the support vectors, the
Karush-Kuhn-Tucker equations on those support vectors are then solved directly, and the
answer is accepted only when it satisfies every optimality condition to rounding error.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from perclab._validation import (
    check_bool,
    check_pm1_labels,
    check_real,
    check_two_classes,
    check_vector,
    check_X,
)

__all__ = [
    "MaxMargin",
    "absorb_bias",
    "is_separable",
    "length",
    "margin",
    "max_margin",
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

    One of three margins, kept apart by their names: this *geometric* margin is one
    number for the whole data set, in units of length;
    :func:`perclab.losses.functional_margins` gives the *functional* margins
    ``y_i (w @ x_i + b)``, one per sample, unscaled; and a training model's
    ``margin(i)`` (:mod:`perclab.models`) is sample ``i``'s functional margin under the
    weights the training loop holds.

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
