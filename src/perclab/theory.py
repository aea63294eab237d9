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

__all__ = ["MaxMargin", "absorb_bias", "margin", "max_margin", "mistake_bound", "radius"]

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
    return float(np.max(np.linalg.norm(X, axis=1)))


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
    norm = np.linalg.norm(w)
    if norm == 0:
        raise ValueError("w is the zero vector, which defines no hyperplane; pass w != 0")
    return float(np.min(y * (X @ w + b)) / norm)


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
    scale = np.max(np.linalg.norm(X - shift, axis=1))
    if scale == 0:  # every sample is the same point (the origin, without a bias)
        if fit_bias:
            problem = "every sample is the same point, and it carries both labels"
        else:
            problem = "every sample is the zero vector, which lies on every such hyperplane"
        raise ValueError(f"the data are not linearly separable: {problem}; check the data")
    Z = (X - shift) / scale
    A = y[:, None] * Z  # the constraints read A @ w + y * b >= 1

    w_z, b_z = _solve_hard_margin(A, y, fit_bias)
    w = w_z / scale
    b = b_z - w @ shift
    norm = np.linalg.norm(w)
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
    from scipy.optimize import nnls

    n_rows, n_cols = G.shape
    E = np.vstack([G.T, np.ones((1, n_rows))])
    f = np.zeros(n_cols + 1)
    f[-1] = 1.0
    u, _ = nnls(E, f, maxiter=50 * max(n_rows, n_cols + 1))
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
    from scipy.optimize import nnls

    if not np.all(A @ w + y * b >= 1 - _KKT_TOL):
        return False
    # Dual feasibility: w = A_s.T @ alpha (and y_s @ alpha = 0) for some alpha >= 0.
    E = A[support].T
    target = w
    if fit_bias:
        E = np.vstack([E, y[support][None, :]])
        target = np.append(w, 0.0)
    _, residual = nnls(E, target, maxiter=50 * max(E.shape))
    return residual <= _KKT_TOL * max(1.0, np.linalg.norm(target))
