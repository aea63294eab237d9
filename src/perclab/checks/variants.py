"""Checks for Exercises 9-10: the pocket algorithm and the kernel perceptron."""

from __future__ import annotations

import numpy as np

from perclab.checks._core import (
    _WORKED_X,
    _WORKED_Y,
    _XOR_X,
    _XOR_Y,
    CheckResult,
    _Case,
    _integer_separable,
    _labels,
    _rng,
    _run,
    _Spec,
)

# ----------------------------------------------------------------------------------
# Exercise 9: the pocket algorithm
# ----------------------------------------------------------------------------------


def _errors(X, y, w, b, test=None):
    y = np.asarray(y, float)
    margins = y * (np.asarray(X, float) @ w + b)
    return int(np.sum(margins <= 0 if test is None else test(margins, y)))


def _ref_pocket(X, y, max_epochs=50):
    return _pocket_loop(X, y, max_epochs)


def _pocket_loop(
    X, y, max_epochs=50, *, keep=None, test=None, when="update", last=False, alias=False
):
    """The pocket algorithm (with ratchet); the keywords make the known slips."""
    X, y = np.asarray(X, float), np.asarray(y, float)
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b = w.copy(), b
    best = _errors(X, y, w, b, test)
    keep = keep or (lambda new, old: new < old)
    for _ in range(int(max_epochs)):
        mistakes = 0
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                if alias:  # an in-place update, seen by a pocket that shares w
                    w += y_i * x_i
                else:
                    w = w + y_i * x_i
                b = b + y_i
                mistakes += 1
                if when == "update" and keep(_errors(X, y, w, b, test), best):
                    best_w = w if alias else w.copy()
                    best_b, best = b, _errors(X, y, w, b, test)
        if when == "epoch" and keep(_errors(X, y, w, b, test), best):
            best_w, best_b, best = w.copy(), b, _errors(X, y, w, b, test)
        if mistakes == 0:
            break
    if last:
        return w, float(b), _errors(X, y, w, b)
    return best_w, float(best_b), best


def _cases_pocket() -> list[_Case]:
    rng = _rng(15)
    cases = [
        _Case("a single sample", (np.array([[1.0, -1.0]]), np.array([-1]))),
        _Case("separable: the pocket ends with 0 errors", (_WORKED_X, _WORKED_Y)),
        _Case("XOR, 10 epochs", (_XOR_X, _XOR_Y, 10)),
        _Case(
            "XOR with a fifth point, 7 epochs",
            (np.vstack([_XOR_X, [[2.0, 2.0]]]), np.r_[_XOR_Y, -1], 7),
        ),
        _Case("max_epochs = 1", (_WORKED_X, _WORKED_Y.astype(float), 1)),
    ]
    for k in range(12):
        n, d = int(rng.integers(5, 16)), int(rng.integers(1, 4))
        X, y = _integer_separable(rng, n, d, as_float=k % 2 == 0)
        flip = rng.random(len(y)) < 0.2
        y = np.where(flip, -y, y)
        cases.append(
            _Case(
                f"small integers, about 20% of labels flipped, seed 15, draw {k + 1}",
                (X, _labels(y, k % 3 == 0), int(rng.integers(3, 30))),
            )
        )
    return cases


def check_pocket(pocket) -> CheckResult:
    """Check ``pocket(X, y, max_epochs=50)``: the best weights a perceptron run visits.

    Run the perceptron from zero as in Exercise 3. The pocket starts as ``(0, 0)``, which
    misclassifies every point. After every update count the training errors of the new
    weights (``y_i (w @ x_i + b) <= 0``, ties count as errors); if there are strictly
    fewer than the pocket's, copy the weights into the pocket. Stop after a clean sweep or
    ``max_epochs`` sweeps and return ``(w_pocket, b_pocket, n_errors)``. The reference is
    ``_ref_pocket`` in this module, not :func:`perclab.variants.pocket`: that one counts
    errors as :func:`perclab.predict` labels (a point on the boundary is +1), this
    exercise counts ties as errors, as training does. Compared exactly (small-integer
    data).

    Parameters
    ----------
    pocket : callable
        ``pocket(X, y, max_epochs=50)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def pocket(X, y, max_epochs=50):
    ...     def errors(w, b):
    ...         return int(np.sum(y * (X @ w + b) <= 0))
    ...     w, b = np.zeros(X.shape[1]), 0.0
    ...     best = (w, b, errors(w, b))
    ...     for _ in range(max_epochs):
    ...         clean = True
    ...         for x_i, y_i in zip(X, y):
    ...             if y_i * (w @ x_i + b) <= 0:
    ...                 w, b, clean = w + y_i * x_i, b + y_i, False
    ...                 if errors(w, b) < best[2]:
    ...                     best = (w, b, errors(w, b))
    ...         if clean:
    ...             break
    ...     return best
    >>> check_pocket(pocket).passed
    All 17 cases pass.
    True
    """
    spec = _Spec(
        exercise=9,
        name="pocket",
        sweep=(0, 1),
        rule=(
            "The rule: the perceptron from zero; after each update count the errors (y (w "
            "@ x + b) <= 0) of the new weights and pocket them if strictly fewer; return "
            "the pocket and its error count."
        ),
        params=("X", "y", "max_epochs=50"),
        reference=_ref_pocket,
        cases=_cases_pocket(),
        outputs=("w_pocket", "b_pocket", "n_errors"),
        wrong=[
            (
                "You returned the last weights: return the pocket, the weights with the "
                "fewest training errors seen during the run.",
                lambda X, y, max_epochs=50: _pocket_loop(X, y, max_epochs, last=True),
            ),
            (
                "Replace the pocket only when the new weights make strictly fewer errors; "
                "on a tie keep the older weights.",
                lambda X, y, max_epochs=50: _pocket_loop(
                    X, y, max_epochs, keep=lambda n, o: n <= o
                ),
            ),
            (
                "Count a point with y (w @ x + b) = 0 as an error, as training does "
                "(<= 0, not < 0).",
                lambda X, y, max_epochs=50: _pocket_loop(
                    X, y, max_epochs, test=lambda m, y: m < 0
                ),
            ),
            (
                "Count the errors as training does: a point with y (w @ x + b) = 0 is "
                "an error whatever its label (comparing predictions with y misses the "
                "+1 points on the boundary).",
                lambda X, y, max_epochs=50: _pocket_loop(
                    X, y, max_epochs, test=lambda m, y: (m < 0) | ((m == 0) & (y < 0))
                ),
            ),
            (
                "The pocket shares its array with w: after best_w = w, an in-place "
                "update (w += ...) changes the pocket too. Store a copy, w.copy(), "
                "or update with w = w + y_i * x_i.",
                lambda X, y, max_epochs=50: _pocket_loop(X, y, max_epochs, alias=True),
            ),
            (
                "Compare with the pocket after every update, not once per sweep.",
                lambda X, y, max_epochs=50: _pocket_loop(X, y, max_epochs, when="epoch"),
            ),
        ],
        slow_hint="Does your loop stop after max_epochs sweeps? These data are not "
        "separable.",
    )
    return _run(spec, pocket)


# ----------------------------------------------------------------------------------
# Exercise 10: the kernel perceptron on XOR
# ----------------------------------------------------------------------------------


def _linear_kernel(A, B):
    return np.asarray(A, float) @ np.asarray(B, float).T


def _poly2_kernel(A, B):
    return (1.0 + np.asarray(A, float) @ np.asarray(B, float).T) ** 2


def _rbf_kernel(A, B):
    A, B = np.asarray(A, float), np.asarray(B, float)
    sq = np.sum(A**2, axis=1)[:, None] + np.sum(B**2, axis=1)[None, :] - 2 * A @ B.T
    return np.exp(-0.5 * np.maximum(sq, 0.0))


_linear_kernel.label = "linear kernel: A @ B.T"
_poly2_kernel.label = "polynomial kernel: (1 + A @ B.T) ** 2"
_rbf_kernel.label = "Gaussian kernel: exp(-||a - b||^2 / 2)"


def _ref_kernel_perceptron(X, y, kernel, max_epochs=100):
    from perclab.variants import kernel_perceptron

    run = kernel_perceptron(X, y, kernel=kernel, fit_bias=False, max_epochs=int(max_epochs))
    return run.mistake_counts.astype(int)


def _kernel_loop(
    X,
    y,
    kernel,
    max_epochs=100,
    *,
    test=None,
    label=True,
    stop="sweep",
    signed=False,
    test_label=True,
):
    """The kernel perceptron (dual form); the keywords make the known slips."""
    y = np.asarray(y, float)
    K = np.asarray(kernel(X, X), float)
    counts = np.zeros(len(y), dtype=int)
    test = test or (lambda m: m <= 0)
    for _ in range(int(max_epochs)):
        mistakes = 0
        for i in range(len(y)):
            f_i = np.sum(counts * (y if label else 1.0) * K[:, i])
            if test((y[i] if test_label else 1.0) * f_i):
                counts[i] += 1
                mistakes += 1
        if mistakes == 0 or stop == "once":
            break
    return counts * y.astype(int) if signed else counts


def _cases_kernel() -> list[_Case]:
    from perclab.datasets import make_separable, make_xor

    cases = [
        _Case("the four XOR corners, polynomial kernel", (_XOR_X, _XOR_Y, _poly2_kernel)),
        _Case("XOR with labels as floats", (_XOR_X, _XOR_Y.astype(float), _poly2_kernel)),
        _Case("a single sample", (np.array([[1.0, 2.0]]), np.array([-1]), _poly2_kernel)),
        _Case(
            "XOR with the linear kernel: not separable, 6 epochs",
            (_XOR_X, _XOR_Y, _linear_kernel, 6),
        ),
        _Case("XOR corners, Gaussian kernel", (_XOR_X, _XOR_Y, _rbf_kernel)),
    ]
    for k in range(5):
        X, y = make_xor(8 + 4 * k, noise=0.15, random_state=k)
        kernel = _poly2_kernel if k % 2 == 0 else _rbf_kernel
        cases.append(
            _Case(
                f"make_xor(random_state={k}), {kernel.label.split(':')[0]}", (X, y, kernel)
            )
        )
    for k in range(4):
        X, y = make_separable(
            6 + 3 * k, margin=0.3, through_origin=True, random_state=10 + k
        )
        cases.append(
            _Case(
                f"separable through the origin, linear kernel, random_state={10 + k}",
                (X, y, _linear_kernel),
            )
        )
    return cases


def check_kernel_perceptron(kernel_perceptron) -> CheckResult:
    """Check ``kernel_perceptron(X, y, kernel, max_epochs=100)``: the dual perceptron.

    ``counts`` starts at 0 and ``counts[i]`` counts the mistakes made on sample ``i``. The
    score of sample ``i`` is ``f_i = sum_j counts[j] y[j] k(x_j, x_i)``; sweep the samples
    in order and add 1 to ``counts[i]`` whenever ``y[i] * f_i <= 0``; stop after a clean
    sweep or ``max_epochs`` sweeps. ``kernel(A, B)`` returns the matrix of ``k(a, b)``
    for the rows of ``A`` and ``B``. The reference is
    :func:`perclab.variants.kernel_perceptron` without a bias. Counts are compared
    exactly.

    Parameters
    ----------
    kernel_perceptron : callable
        ``kernel_perceptron(X, y, kernel, max_epochs=100)`` returning ``counts``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def kernel_perceptron(X, y, kernel, max_epochs=100):
    ...     K = kernel(X, X)
    ...     counts = np.zeros(len(y), dtype=int)
    ...     for _ in range(max_epochs):
    ...         clean = True
    ...         for i in range(len(y)):
    ...             if y[i] * np.sum(counts * y * K[:, i]) <= 0:
    ...                 counts[i] += 1
    ...                 clean = False
    ...         if clean:
    ...             break
    ...     return counts
    >>> check_kernel_perceptron(kernel_perceptron).passed
    All 14 cases pass.
    True
    """
    spec = _Spec(
        exercise=10,
        name="kernel_perceptron",
        sweep=(0, 1),
        shape_error_hint="kernel(A, B) takes 2-D arrays (rows are points) and returns "
        "a matrix: K = kernel(X, X) once, then K[j, i] = k(x_j, x_i); for one pair use "
        "kernel(X[j:j+1], X[i:i+1])[0, 0].",
        rule=(
            "The rule: counts = 0; sweep i in order, f_i = sum_j c_j y_j K[j, i], "
            "c_i += 1 when y_i f_i <= 0; stop after a clean sweep or max_epochs "
            "sweeps."
        ),
        params=("X", "y", "kernel", "max_epochs=100"),
        reference=_ref_kernel_perceptron,
        cases=_cases_kernel(),
        wrong=[
            (
                "A score of exactly 0 is a mistake (at the start every score is 0): "
                "use y_i f_i <= 0, not < 0.",
                lambda X, y, k, max_epochs=100: _kernel_loop(
                    X, y, k, max_epochs, test=lambda m: m < 0
                ),
            ),
            (
                "The labels weight the sum: f_i = sum_j c_j y_j k(x_j, x_i).",
                lambda X, y, k, max_epochs=100: _kernel_loop(
                    X, y, k, max_epochs, label=False
                ),
            ),
            (
                "Return the number of mistakes on each sample (c_i >= 0); you "
                "returned c_i * y_i.",
                lambda X, y, k, max_epochs=100: _kernel_loop(
                    X, y, k, max_epochs, signed=True
                ),
            ),
            (
                "Only one sweep was made (a return or break inside the loop over "
                "sweeps?): repeat the sweeps until one has no mistake (or max_epochs are "
                "done).",
                lambda X, y, k, max_epochs=100: _kernel_loop(
                    X, y, k, max_epochs, stop="once"
                ),
            ),
            (
                "Multiply the score by the label in the test: a mistake is y_i f_i <= 0.",
                lambda X, y, k, max_epochs=100: _kernel_loop(
                    X, y, k, max_epochs, test_label=False
                ),
            ),
        ],
        slow_hint="Does your loop stop after max_epochs sweeps?",
    )
    return _run(spec, kernel_perceptron)


def _ref_kernel_predict(X_train, y_train, counts, kernel, X_new):
    scores = (np.asarray(counts, float) * np.asarray(y_train, float)) @ np.asarray(
        kernel(X_train, X_new), float
    )
    return np.where(scores >= 0, 1, -1)


def check_kernel_predict(kernel_predict) -> CheckResult:
    """Check ``kernel_predict(X_train, y_train, counts, kernel, X_new)``.

    The label of each row ``x`` of ``X_new`` is the sign of
    ``f(x) = sum_j counts[j] y_train[j] k(x_j, x)``, with +1 when ``f(x) = 0``. The
    reference is ``_ref_kernel_predict`` in this module. Labels are compared exactly.

    Parameters
    ----------
    kernel_predict : callable
        ``kernel_predict(X_train, y_train, counts, kernel, X_new)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def kernel_predict(X_train, y_train, counts, kernel, X_new):
    ...     f = (counts * y_train) @ kernel(X_train, X_new)
    ...     return np.where(f >= 0, 1, -1)
    >>> check_kernel_predict(kernel_predict).passed
    All 12 cases pass.
    True
    """
    grid = np.array([[x1, x2] for x1 in (-1.0, 0.0, 1.0) for x2 in (-1.0, 0.0, 1.0)])
    counts_xor = np.array([1, 1, 1, 1])
    cases = [
        _Case(
            "XOR corners, every count 1", (_XOR_X, _XOR_Y, counts_xor, _poly2_kernel, grid)
        ),
        _Case(
            "all counts 0: every score is 0",
            (_XOR_X, _XOR_Y, np.zeros(4, int), _poly2_kernel, grid),
        ),
        _Case(
            "a score of exactly 0 at the centre",
            (
                _XOR_X,
                _XOR_Y,
                counts_xor,
                _linear_kernel,
                np.array([[0.0, 0.0], [1.0, 1.0]]),
            ),
        ),
        _Case(
            "one new point",
            (_XOR_X, _XOR_Y, np.array([2, 0, 1, 0]), _rbf_kernel, np.array([[0.5, 0.5]])),
        ),
        _Case(
            "labels as floats",
            (_XOR_X, _XOR_Y.astype(float), np.array([0, 3, 1, 2]), _poly2_kernel, grid),
        ),
    ]
    rng = _rng(16)
    for k in range(7):
        n = int(rng.integers(1, 8))
        X = rng.normal(size=(n, 2))
        y = np.where(rng.random(n) < 0.5, -1, 1)
        kernel = (_poly2_kernel, _rbf_kernel, _linear_kernel)[k % 3]
        cases.append(
            _Case(
                f"random data, {kernel.label.split(':')[0]}, seed 16, draw {k + 1}",
                (X, y, rng.integers(0, 4, size=n), kernel, rng.normal(size=(5, 2))),
            )
        )

    def variant(*, strict=False, label=True, zero=False, swapped=False, low=-1):
        def wrong(X_train, y_train, counts, kernel, X_new):
            weights = np.asarray(counts, float) * (
                np.asarray(y_train, float) if label else 1.0
            )
            K = kernel(X_new, X_train) if swapped else kernel(X_train, X_new)
            f = weights @ np.asarray(K, float)
            if zero:
                return np.sign(f)
            if low == 0:
                return np.where(f >= 0, 1, 0)
            return np.where(f > 0 if strict else f >= 0, 1, -1)

        return wrong

    spec = _Spec(
        exercise=10,
        name="kernel_predict",
        samples=(4, None),
        combine="return one label per row of X_new, in the order of the rows.",
        shape_error_hint="kernel(X_train, X_new) has one row per training point and one "
        "column per new point, so (counts * y_train) @ kernel(X_train, X_new) gives one "
        "score per new point; check the order of the kernel's arguments.",
        rule=(
            "The rule: f(x) = sum_j c_j y_j k(x_j, x), label +1 where f(x) >= 0, else -1."
        ),
        params=("X_train", "y_train", "counts", "kernel", "X_new"),
        reference=_ref_kernel_predict,
        cases=cases,
        wrong=[
            (
                "Where f(x) = 0 you returned 0 (np.sign); return +1 there, as "
                "perclab.predict does.",
                variant(zero=True),
            ),
            (
                "A score of exactly 0 gets the label +1: use >= 0, not > 0.",
                variant(strict=True),
            ),
            (
                "The labels weight the sum: f(x) = sum_j c_j y_j k(x_j, x).",
                variant(label=False),
            ),
            ("You returned labels 0 and 1; the labels are -1 and +1.", variant(low=0)),
            (
                "kernel(X_train, X_new) has one row per training point, so "
                "(counts * y_train) @ kernel(X_train, X_new) sums over them; the "
                "arguments are swapped.",
                variant(swapped=True),
            ),
        ],
    )
    return _run(spec, kernel_predict)
