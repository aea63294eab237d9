"""Checks for Exercises 5-6: radius, margin, the mistake bound, and the proof on a run."""

from __future__ import annotations

import warnings

import numpy as np

from perclab.checks._core import (
    _WORKED_X,
    _WORKED_Y,
    CheckResult,
    _Case,
    _rng,
    _run,
    _score,
    _Spec,
)
from perclab.perceptron import train as _train
from perclab.theory import absorb_bias as _absorb_bias
from perclab.theory import margin as _margin
from perclab.theory import radius as _radius

# ----------------------------------------------------------------------------------
# Exercise 5: radius, margin and the mistake bound
# ----------------------------------------------------------------------------------


def _cases_radius() -> list[_Case]:
    cluster = np.array([[10.0, 10.0], [11.0, 10.0], [10.0, 11.5]])
    cases = [
        _Case("two points, no bias", (np.array([[3.0, 4.0], [1.0, 0.0]]), False)),
        _Case("two points, bias absorbed", (np.array([[3.0, 4.0], [1.0, 0.0]]), True)),
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
    return cases


def _absorbed(X, fit_bias):
    X = np.asarray(X, float)
    return np.hstack([X, np.ones((X.shape[0], 1))]) if fit_bias else X


def _row_norms(X, fit_bias):
    return np.linalg.norm(_absorbed(X, fit_bias), axis=1)


def check_radius(radius) -> CheckResult:
    """Check ``radius(X, fit_bias=False)``: ``R = max_i ||x_i||``, from the origin.

    With ``fit_bias=True`` the norms are those of the absorbed points ``(x_i, 1)``. The
    reference is :func:`perclab.radius`. Compared with a relative tolerance of 1e-12.

    Parameters
    ----------
    radius : callable
        ``radius(X, fit_bias=False)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def radius(X, fit_bias=False):
    ...     if fit_bias:
    ...         X = np.column_stack([X, np.ones(len(X))])
    ...     return np.linalg.norm(X, axis=1).max()
    >>> check_radius(radius).passed
    All 20 cases pass.
    True
    """

    def centred(X, fit_bias=False):
        X = np.asarray(X, float)
        Z = np.hstack([X, np.ones((len(X), 1))]) if fit_bias else X
        return float(np.max(np.linalg.norm(Z - Z.mean(axis=0), axis=1)))

    spec = _Spec(
        exercise=5,
        name="radius",
        samples=(0, None),
        combine="take the largest of the norms.",
        rule=(
            "The rule: R = max_i ||x_i||, the Euclidean norm of each row (sample), with "
            "x_i extended by a 1 when fit_bias=True."
        ),
        params=("X", "fit_bias"),
        reference=lambda X, fit_bias=False: _radius(X, fit_bias=bool(fit_bias)),
        cases=_cases_radius(),
        rtol=1e-12,
        atol=1e-12,
        wrong=[
            (
                "R is measured from the origin, not from the centre of the data.",
                centred,
            ),
            (
                "With fit_bias=True measure the absorbed points (x_i, 1): "
                "R^2 = max ||x_i||^2 + 1.",
                lambda X, fit_bias=False: float(np.max(_row_norms(X, False))),
            ),
            (
                "Absorb the bias only when fit_bias=True.",
                lambda X, fit_bias=False: float(np.max(_row_norms(X, True))),
            ),
            (
                "You returned R^2; return R, the largest norm itself.",
                lambda X, fit_bias=False: float(np.max(_row_norms(X, fit_bias))) ** 2,
            ),
            (
                "R is the largest norm (max), not the mean norm.",
                lambda X, fit_bias=False: float(np.mean(_row_norms(X, fit_bias))),
            ),
            (
                "Take the Euclidean norm of each row (each sample), "
                "np.linalg.norm(X, axis=1), not the largest entry.",
                lambda X, fit_bias=False: float(np.max(np.abs(np.asarray(X, float)))),
            ),
            (
                "Take the norm of each row (each sample), np.linalg.norm(X, axis=1); "
                "axis=0 gives the norm of each column (feature).",
                lambda X, fit_bias=False: float(
                    np.max(np.linalg.norm(_absorbed(X, fit_bias), axis=0))
                ),
            ),
            (
                "Absorbing adds 1 under the square root: ||(x_i, 1)|| = "
                "sqrt(||x_i||^2 + 1), not ||x_i|| + 1.",
                lambda X, fit_bias=False: (
                    float(np.max(_row_norms(X, False))) + (1.0 if fit_bias else 0.0)
                ),
            ),
            (
                "That is the norm of the whole matrix: take the norm of each row "
                "(each sample) with np.linalg.norm(X, axis=1), then the largest.",
                lambda X, fit_bias=False: float(np.linalg.norm(_absorbed(X, fit_bias))),
            ),
        ],
    )
    return _run(spec, radius)


def _cases_margin() -> list[_Case]:
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 3.0]])
    y = np.array([1, -1, 1])
    w = np.array([-1.0, 1.0])
    cases = [
        _Case("the line x2 = x1", (X, y, w, 0.0)),
        _Case("the same line with w scaled by 10", (X, y, 10 * w, 0.0)),
        _Case("a line with a bias", (X, y, w, 0.5)),
        _Case("a misclassified point: the margin is negative", (X, -y, w, 0.0)),
        _Case(
            "a point on the line: the margin is 0",
            (np.vstack([X, [1.0, 1.0]]), np.r_[y, 1], w, 0.0),
        ),
        _Case("labels as floats", (X, y.astype(float), w, -0.25)),
        _Case(
            "a single sample",
            (np.array([[3.0, 4.0]]), np.array([1]), np.array([0.6, 0.8]), 0.0),
        ),
        _Case(
            "integer input",
            (np.array([[2, 1], [1, 3]]), np.array([-1, 1]), np.array([-2, 2]), 1),
        ),
    ]
    rng = _rng(8)
    for k in range(12):
        n, d = int(rng.integers(1, 9)), int(rng.integers(1, 4))
        X_k = rng.normal(size=(n, d))
        w_k = rng.normal(size=d) * float(rng.choice([0.1, 1.0, 7.0]))
        y_k = np.where(rng.random(n) < 0.5, -1, 1)
        cases.append(
            _Case(
                f"random data, seed 8, draw {k + 1}", (X_k, y_k, w_k, float(rng.normal()))
            )
        )
    return cases


def check_margin(margin) -> CheckResult:
    """Check ``margin(X, y, w, b=0.0)``: ``min_i y_i (w @ x_i + b) / ||w||``.

    The geometric margin of the hyperplane in the space of ``X``. It is negative when a
    point is misclassified and does not change when ``(w, b)`` is scaled. The reference
    is :func:`perclab.margin`. Compared with a tolerance of 1e-12.

    Parameters
    ----------
    margin : callable
        ``margin(X, y, w, b=0.0)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def margin(X, y, w, b=0.0):
    ...     return np.min(y * (X @ w + b)) / np.linalg.norm(w)
    >>> check_margin(margin).passed
    All 20 cases pass.
    True
    """

    def parts(X, y, w, b):
        y = np.asarray(y, float)
        return y, _score(X, w, b), np.linalg.norm(np.asarray(w, float))

    def variant(kind):
        def wrong(X, y, w, b=0.0):
            y, score, norm = parts(X, y, w, b)
            if kind == "raw":
                return float(np.min(y * score))
            if kind == "abs":
                return float(np.min(np.abs(score)) / norm)
            if kind == "mean":
                return float(np.mean(y * score) / norm)
            if kind == "no bias":
                return float(np.min(y * _score(X, w, 0.0)) / norm)
            if kind == "bias not times y":
                return float(np.min(y * _score(X, w, 0.0) + float(b)) / norm)
            if kind == "max":
                return float(np.max(y * score) / norm)
            if kind == "l1":
                return float(np.min(y * score) / np.sum(np.abs(np.asarray(w, float))))
            if kind == "absorbed":
                return float(np.min(y * score) / np.hypot(norm, float(b)))
            return float(np.min(y * score) / norm**2)

        return wrong

    spec = _Spec(
        exercise=5,
        name="margin",
        samples=(0, 1),
        combine="take the smallest of the values y_i (w @ x_i + b), then divide by ||w||.",
        rule=("The rule: min_i y_i (w @ x_i + b) / ||w||."),
        params=("X", "y", "w", "b"),
        reference=lambda X, y, w, b=0.0: _margin(X, y, w, float(b)),
        cases=_cases_margin(),
        rtol=1e-12,
        atol=1e-12,
        wrong=[
            (
                "Divide by ||w||: the geometric margin must not change when w and b are "
                "scaled.",
                variant("raw"),
            ),
            (
                "Multiply by the label y instead of taking absolute values: a "
                "misclassified point must make the margin negative.",
                variant("abs"),
            ),
            (
                "The margin is the smallest value over the samples (min), not the mean.",
                variant("mean"),
            ),
            ("The bias is missing: use y_i (w @ x_i + b).", variant("no bias")),
            (
                "In the space of X divide by ||w|| only; dividing by ||(w, b)|| is the "
                "margin in the absorbed space.",
                variant("absorbed"),
            ),
            ("Divide by ||w||, not by ||w||^2.", variant("squared")),
            (
                "Multiply the whole score, bias included, by the label: "
                "y_i (w @ x_i + b); y * X @ w + b leaves b outside.",
                variant("bias not times y"),
            ),
            (
                "The margin is the smallest value over the samples (min), not the "
                "largest: the closest point decides.",
                variant("max"),
            ),
            (
                "Divide by the Euclidean norm ||w|| = sqrt(sum w_j^2), np.linalg.norm(w), "
                "not by the sum of |w_j|.",
                variant("l1"),
            ),
        ],
    )
    return _run(spec, margin)


def _ref_mistake_bound(X, y, w, b):
    R = _radius(X, fit_bias=True)
    gamma = _margin(_absorb_bias(X), y, np.append(np.asarray(w, float), float(b)))
    return R**2 / gamma**2


def _cases_bound() -> list[_Case]:
    from perclab.datasets import make_separable

    X = np.array([[1.0], [2.0], [4.0]])
    cases = [
        _Case("three points on a line", (X, np.array([-1, 1, 1]), np.array([1.0]), -1.5)),
        _Case(
            "the same separator scaled by 4",
            (X, np.array([-1, 1, 1]), np.array([4.0]), -6.0),
        ),
        _Case(
            "a separator through the origin (b = 0)",
            (
                np.array([[1.0, 2.0], [2.0, -1.0]]),
                np.array([1, -1]),
                np.array([-1.0, 1.0]),
                0.0,
            ),
        ),
        _Case(
            "a single sample",
            (np.array([[3.0, 4.0]]), np.array([-1.0]), np.array([0.0, -1.0]), 0.5),
        ),
        _Case(
            "the worked example and a separator of it",
            (_WORKED_X, _WORKED_Y, np.array([-4.0, 5.2]), -2.0),
        ),
    ]
    for k in range(10):
        X_k, y_k, (w_star, b_star) = make_separable(
            int(3 + 3 * k), n_features=1 + k % 3, margin=0.2, coef=True, random_state=k
        )
        scale = 1.0 + k
        cases.append(
            _Case(
                f"make_separable(random_state={k}) and its true separator",
                (X_k, y_k.astype(float) if k % 2 else y_k, scale * w_star, scale * b_star),
            )
        )
    return cases


def check_mistake_bound(mistake_bound) -> CheckResult:
    """Check ``mistake_bound(X, y, w, b)``: Novikoff's ``R**2 / gamma**2`` for a separator.

    The perceptron learns a bias, so both numbers live in the absorbed space:
    ``R = max ||(x_i, 1)||`` and ``gamma = min y_i (w @ x_i + b) / ||(w, b)||``, the
    margin of the given separator ``(w, b)``. Every case gives a separating ``(w, b)``.
    The reference uses :func:`perclab.radius` and :func:`perclab.margin`. Compared with
    a relative tolerance of 1e-9.

    Parameters
    ----------
    mistake_bound : callable
        ``mistake_bound(X, y, w, b)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def mistake_bound(X, y, w, b):
    ...     Z = np.column_stack([X, np.ones(len(X))])
    ...     v = np.append(w, b)
    ...     R = np.linalg.norm(Z, axis=1).max()
    ...     gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    ...     return (R / gamma) ** 2
    >>> check_mistake_bound(mistake_bound).passed
    All 15 cases pass.
    True
    """

    def variant(*, absorb_R=True, absorb_gamma=True, power=2, invert=False, centre=False):
        def wrong(X, y, w, b):
            X, y, w = np.asarray(X, float), np.asarray(y, float), np.asarray(w, float)
            Z = np.hstack([X, np.ones((len(X), 1))]) if absorb_R else X
            if centre:
                Z = Z - Z.mean(axis=0)
            R = float(np.max(np.linalg.norm(Z, axis=1)))
            norm = (
                np.hypot(np.linalg.norm(w), float(b)) if absorb_gamma else np.linalg.norm(w)
            )
            gamma = float(np.min(y * (X @ w + b)) / norm)
            ratio = gamma / R if invert else R / gamma
            return ratio**power

        return wrong

    spec = _Spec(
        exercise=5,
        name="mistake_bound",
        samples=(0, 1),
        combine="R is the largest norm over the samples and gamma the smallest margin.",
        rule=(
            "The rule: R^2 / gamma^2 with R = max ||(x_i, 1)|| and gamma = min y_i (w @ "
            "x_i + b) / ||(w, b)||."
        ),
        params=("X", "y", "w", "b"),
        reference=_ref_mistake_bound,
        cases=_cases_bound(),
        rtol=1e-9,
        atol=0.0,
        wrong=[
            (
                "Measure R after bias absorption, R = max ||(x_i, 1)||, and the margin "
                "with ||(w, b)||: the bound lives in the absorbed space.",
                variant(absorb_R=False, absorb_gamma=False),
            ),
            (
                "Measure R after bias absorption: R = max ||(x_i, 1)||, not max ||x_i||.",
                variant(absorb_R=False),
            ),
            (
                "Normalise the margin by ||(w, b)||, the separator's length in the "
                "absorbed space, not by ||w||.",
                variant(absorb_gamma=False),
            ),
            (
                "R is measured from the origin, not from the centre of the data.",
                variant(centre=True),
            ),
            ("The bound is (R / gamma)^2: square the ratio.", variant(power=1)),
            (
                "Square gamma too: the bound is R^2 / gamma^2.",
                lambda X, y, w, b: (
                    variant()(X, y, w, b)
                    * _margin(_absorb_bias(X), y, np.append(np.asarray(w, float), float(b)))
                ),
            ),
            ("The bound is R^2 / gamma^2, not gamma^2 / R^2.", variant(invert=True)),
        ],
    )
    return _run(spec, mistake_bound)


# ----------------------------------------------------------------------------------
# Exercise 6: the proof's two inequalities on a run
# ----------------------------------------------------------------------------------


def _ref_proof_steps(W, w_star):
    W, w_star = np.asarray(W, float), np.asarray(w_star, float)
    gains = np.diff(W @ w_star)
    growths = np.diff(np.sum(W * W, axis=1))
    return gains, growths


def _cases_proof() -> list[_Case]:
    from perclab.datasets import make_separable
    from perclab.theory import max_margin

    def run_history(X, y):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = _train(X, y).history
        W = np.column_stack([history.w, history.b])
        w_star = max_margin(_absorb_bias(X), y, fit_bias=False).w
        return W, w_star

    cases = [
        _Case(
            "no update: W holds only the start",
            (np.zeros((1, 3)), np.array([0.6, 0.0, 0.8])),
        ),
        _Case(
            "a single update",
            (np.array([[0.0, 0.0, 0.0], [1.0, 2.0, 1.0]]), np.array([0.0, 0.6, 0.8])),
        ),
        _Case("the worked example's run", run_history(_WORKED_X, _WORKED_Y)),
        _Case(
            "integer weights",
            (np.array([[0, 0], [1, 1], [3, 0], [2, 2]]), np.array([0.8, 0.6])),
        ),
    ]
    for k in range(8):
        X, y = make_separable(
            int(4 + 4 * k), n_features=2 + k % 2, margin=0.3, random_state=k
        )
        cases.append(
            _Case(
                f"a perceptron run on make_separable(random_state={k})", run_history(X, y)
            )
        )
    rng = _rng(9)
    for k in range(4):
        d = int(rng.integers(2, 5))
        W = np.cumsum(rng.normal(size=(int(rng.integers(2, 7)), d)), axis=0)
        u = rng.normal(size=d)
        cases.append(
            _Case(f"random weights, seed 9, draw {k + 1}", (W, u / np.linalg.norm(u)))
        )
    return cases


def check_proof_steps(proof_steps) -> CheckResult:
    """Check ``proof_steps(W, w_star)``: what each update adds in the convergence proof.

    ``W`` holds the weights after 0, 1, ..., K updates, one per row (in the absorbed
    space, ``(w, b)``); ``w_star`` is a unit separator. Return ``(gains, growths)``, two
    arrays of length K with

    ``gains[k - 1] = w_k @ w_star - w_{k-1} @ w_star`` (the proof: at least gamma) and
    ``growths[k - 1] = ||w_k||^2 - ||w_{k-1}||^2`` (the proof: at most R^2).

    The reference is two ``np.diff``. Compared with a tolerance of 1e-9 relative and
    1e-9 * (1 + max ||w_k||^2) absolute, since a difference of squared norms cancels.

    Parameters
    ----------
    proof_steps : callable
        ``proof_steps(W, w_star)`` returning ``(gains, growths)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def proof_steps(W, w_star):
    ...     return np.diff(W @ w_star), np.diff((W**2).sum(axis=1))
    >>> check_proof_steps(proof_steps).passed
    All 16 cases pass.
    True
    """
    cases = _cases_proof()
    scale = max(
        1.0,
        max(
            float(np.max(np.sum(np.asarray(c.args[0], float) ** 2, axis=1))) for c in cases
        ),
    )

    def steps(W, w_star, gains, growths):
        return gains(np.asarray(W, float), np.asarray(w_star, float)), growths(
            np.asarray(W, float)
        )

    sq = lambda W: np.sum(W * W, axis=1)  # noqa: E731
    spec = _Spec(
        exercise=6,
        name="proof_steps",
        rule=(
            "The rule: gains = differences of W @ w_star between consecutive rows, "
            "growths = differences of the squared row norms ||w_k||^2."
        ),
        params=("W", "w_star"),
        reference=_ref_proof_steps,
        cases=cases,
        outputs=("gains", "growths"),
        rtol=1e-9,
        atol=1e-9 * scale,
        wrong=[
            (
                "Return the increase at each update, w_k @ w_star - w_{k-1} @ w_star, "
                "not the running value w_k @ w_star.",
                lambda W, u: steps(
                    W, u, lambda W, u: (W @ u)[1:], lambda W: np.diff(sq(W))
                ),
            ),
            (
                "Use squared norms: growths[k-1] = ||w_k||^2 - ||w_{k-1}||^2.",
                lambda W, u: steps(
                    W, u, lambda W, u: np.diff(W @ u), lambda W: np.diff(np.sqrt(sq(W)))
                ),
            ),
            (
                "Subtract the earlier weights from the later ones (w_k minus w_{k-1}): "
                "your differences have the wrong sign.",
                lambda W, u: steps(
                    W, u, lambda W, u: -np.diff(W @ u), lambda W: -np.diff(sq(W))
                ),
            ),
            (
                "||w_k - w_{k-1}||^2 = ||x||^2 is not what the proof bounds: it needs "
                "||w_k||^2 - ||w_{k-1}||^2 = 2 y w_{k-1} @ x + ||x||^2.",
                lambda W, u: steps(
                    W, u, lambda W, u: np.diff(W @ u), lambda W: sq(np.diff(W, axis=0))
                ),
            ),
            (
                "Square the norms before taking the difference: ||w_k||^2 - "
                "||w_{k-1}||^2, not (||w_k|| - ||w_{k-1}||)^2.",
                lambda W, u: steps(
                    W,
                    u,
                    lambda W, u: np.diff(W @ u),
                    lambda W: np.diff(np.sqrt(sq(W))) ** 2,
                ),
            ),
            (
                "Return the differences between consecutive rows (np.diff), one value "
                "per update, not the values themselves: W has K + 1 rows because its "
                "first row is the start.",
                lambda W, u: steps(W, u, lambda W, u: W @ u, lambda W: sq(W)),
            ),
        ],
    )
    return _run(spec, proof_steps)
