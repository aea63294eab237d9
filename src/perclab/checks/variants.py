"""Checks for Exercises 9-10: the pocket algorithm and the kernel perceptron."""

from __future__ import annotations

import numpy as np

from perclab.checks import _core
from perclab.checks._core import WORKED_X as _WORKED_X
from perclab.checks._core import WORKED_Y as _WORKED_Y
from perclab.checks._core import XOR_X as _XOR_X
from perclab.checks._core import XOR_Y as _XOR_Y
from perclab.checks._core import Case as _Case
from perclab.checks._core import CheckResult
from perclab.checks._core import registered as _registered
from perclab.checks._probes import linear_kernel_ab as _linear_kernel
from perclab.perceptron import predict as _predict
from perclab.variants import kernel_perceptron as _kernel_perceptron
from perclab.variants import pocket as _pocket


# Exercise 9: the pocket algorithm
def _ref_pocket(X, y, max_epochs=50):
    run = _pocket(X, y, max_epochs=int(max_epochs), stop_at_cycle=False)
    return run.w, run.b, run.n_errors


def _pocket_pick(X, y, max_epochs=50, *, rows="all", test=None, last=False, **slip):
    """A slip of the pocket: of the weights the reference's run visits (all ``rows``, after
    each sweep, or the final ones) the first (or ``last``) with the fewest errors, counted
    by ``test(margins, y)`` (default margins <= 0; the start w = 0 counts len(y)). Also
    ``bias=False``: errors without b; ``lag=True``: each weight with the previous count."""
    run = _pocket(X, y, max_epochs=int(max_epochs), stop_at_cycle=False)
    W, B, y = run.history.w, run.history.b, np.asarray(y, float)[:, None]
    ks = {"final": [len(B) - 1], "epoch": np.r_[0, np.cumsum(run.mistakes_per_epoch)]}
    ks = np.asarray(ks.get(rows, np.arange(len(B))))
    m = y * (np.asarray(X, float) @ W[ks].T + B[ks] * slip.get("bias", True))
    errors = np.sum(m <= 0 if test is None else test(m, y), axis=0)
    errors[ks == 0] = len(y)
    errors = np.r_[len(y), errors[:-1]] if slip.get("lag") else errors
    j = len(ks) - 1 - np.argmin(errors[::-1]) if last else np.argmin(errors)
    return W[ks[j]], float(B[ks[j]]), int(errors[j])


@_registered
def check_pocket(pocket) -> CheckResult:
    """Check ``pocket(X, y, max_epochs=50)``: the best weights a perceptron run visits.

    Run the perceptron from zero as in Exercise 3; the pocket starts as ``(0, 0)`` with its
    errors (every point: ``y (w @ x + b) = 0`` counts as an error). After every update,
    pocket the new weights if their training errors ``y_i (w @ x_i + b) <= 0`` are strictly
    fewer; stop after a clean sweep or ``max_epochs`` sweeps. The returned ``(w_pocket,
    b_pocket, n_errors)`` must equal those of :func:`perclab.variants.pocket` exactly. The
    17 cases are a single sample, separable data, XOR and noisy small-integer data.
    """
    rng, X5 = _core.seeded_rng(15), np.vstack([_XOR_X, [[2.0, 2.0]]])
    cases = [
        _Case("a single sample", (np.array([[1.0, -1.0]]), np.array([-1]))),
        _Case("separable: the pocket ends with 0 errors", (_WORKED_X, _WORKED_Y)),
        _Case("XOR, 10 epochs", (_XOR_X, _XOR_Y, 10)),
        _Case("XOR with a fifth point, 7 epochs", (X5, np.r_[_XOR_Y, -1], 7)),
        _Case("max_epochs = 1", (_WORKED_X, _WORKED_Y.astype(float), 1)),
    ]
    for k in range(12):
        n, d = int(rng.integers(5, 16)), int(rng.integers(1, 4))
        X, y = _core.integer_separable(rng, n, d, as_float=k % 2 == 0)
        y = _core.as_labels(np.where(rng.random(len(y)) < 0.2, -y, y), k % 3 == 0)
        about = f"small integers, about 20% of labels flipped, seed 15, draw {k + 1}"
        cases.append(_Case(about, (X, y, int(rng.integers(3, 30)))))
    ref, pick = _ref_pocket, _pocket_pick
    wrong = {
        "You returned the last weights: return the pocket, the weights with the fewest "
        "training errors seen during the run.": lambda *a: pick(*a, rows="final"),
        "Replace the pocket only when the new weights make strictly fewer errors; on a "
        "tie keep the older weights.": lambda *a: pick(*a, last=True),
        "The pocket never took new weights: its error count must start at the errors "
        "of the start w = 0, b = 0, which is len(y), not at 0. Count a point with y (w "
        "@ x + b) = 0 as an error, as training does (<= 0, not < "
        "0).": lambda X, *a: (np.zeros(np.shape(X)[1]), 0.0, 0),
        "Count the errors as training counts mistakes, y (w @ x + b) <= 0: a point "
        "with y (w @ x + b) = 0 is an error whatever its label (comparing predictions "
        "with y misses the +1 points on the boundary, the "
        "ties).": lambda *a: pick(*a, test=lambda m, y: (m < 0) | (m == 0) & (y < 0)),
        "The pocket shares its array with w: after best_w = w, an in-place update (w "
        "+= ...) changes the pocket too. Store a copy, w.copy(), or update with w = w "
        "+ y_i * x_i.": lambda *a: (pick(*a, rows="final")[0], *ref(*a)[1:]),
        "Compare with the pocket after every update, not once per sweep.": lambda *a: pick(
            *a, rows="epoch"
        ),
        "You returned the last weights with the best count: return the pocket, the "
        "weights that made that fewest number of errors (store them when the count "
        "improves).": lambda *a: (*pick(*a, rows="final")[:2], ref(*a)[2]),
        "Count a point with y (w @ x + b) = 0 as an error, as training does (<= 0, not "
        "< 0).": lambda *a: pick(*a, test=lambda m, y: m < 0),
        "Count the errors of the new weights, after the update: you counted those of "
        "the weights before it.": lambda *a: pick(*a, lag=True),
        "n_errors counts the points the pocket gets wrong (y (w @ x + b) <= 0), not the "
        "correct ones.": lambda X, y, *a: (*ref(X, y, *a)[:2], len(y) - ref(X, y, *a)[2]),
        "The bias is missing from the error count: count y (w @ x + b) <= 0.": lambda *a: (
            pick(*a, bias=False)
        ),
    }
    spec = _core.Spec(
        exercise=9,
        name="pocket",
        params=("X", "y", "max_epochs=50"),
        reference=ref,
        cases=cases,
        outputs=("w_pocket", "b_pocket", "n_errors"),
        diagnosis=_core.Diagnosis(
            sweep=(0, 1),
            rule="The rule: the perceptron from zero; after each update count the errors "
            "(y (w @ x + b) <= 0) of the new weights and pocket them if strictly fewer; "
            "return the pocket and its error count.",
            wrong=wrong,
            slow_hint="Does your loop stop after max_epochs sweeps? These data are not "
            "separable.",
        ),
    )
    return _core.run_check(spec, pocket)


# Exercise 10: the kernel perceptron on XOR
def _ref_kernel_perceptron(X, y, kernel, epochs=100):
    run = _kernel_perceptron(X, y, kernel=kernel, fit_bias=False, max_epochs=int(epochs))
    return run.mistake_counts.astype(int)


def _poly2_kernel(A, B):
    return (1.0 + _linear_kernel(A, B)) ** 2


def _rbf_kernel(A, B):
    A, B = np.asarray(A, float), np.asarray(B, float)
    sq = np.sum(A**2, axis=1)[:, None] + np.sum(B**2, axis=1)[None, :] - 2 * A @ B.T
    return np.exp(-0.5 * np.maximum(sq, 0.0))


_linear_kernel.label = "linear kernel: A @ B.T"
_poly2_kernel.label = "polynomial kernel: (1 + A @ B.T) ** 2"
_rbf_kernel.label = "Gaussian kernel: exp(-||a - b||^2 / 2)"
_KERNELS = (_poly2_kernel, _rbf_kernel, _linear_kernel)


def _kernel_loop(X, y, kernel, max_epochs=100, *, strict=False, label=True, **slip):
    """Slips of the dual perceptron: test < 0 (``strict``); no labels in the sum (``label``)
    or the test (``test``); sweep-start scores (``batch``); ``stop`` at a correct sample."""
    y = np.asarray(y, float)
    K, counts = np.asarray(kernel(X, X), float), np.zeros(len(y), dtype=int)
    for _ in range(int(max_epochs)):
        start = counts.copy()
        for i in range(len(y)):
            c = start if slip.get("batch") else counts
            m = np.sum(c * (y if label else 1.0) * K[:, i])
            m *= y[i] if slip.get("test", True) else 1.0
            if m < 0 or (m == 0 and not strict):
                counts[i] += 1
            elif slip.get("stop") == "sample":
                return counts
        if np.array_equal(counts, start):
            break
    return counts


@_registered
def check_kernel_perceptron(kernel_perceptron) -> CheckResult:
    """Check ``kernel_perceptron(X, y, kernel, max_epochs=100)``: the dual perceptron.

    ``counts`` starts at 0; sweep the samples in order and add 1 to ``counts[i]`` whenever
    ``y[i] * f_i <= 0``, with ``f_i = sum_j counts[j] y[j] k(x_j, x_i)``; stop after a clean
    sweep or ``max_epochs`` sweeps. ``kernel(A, B)`` returns the matrix of ``k(a, b)`` for
    the rows of ``A`` and ``B``. The reference is :func:`perclab.variants.kernel_perceptron`
    without a bias; counts are compared exactly. The 14 cases are XOR with polynomial,
    Gaussian and linear kernels, ``make_xor`` and separable data.
    """
    from perclab.datasets import make_separable, make_xor

    ref = _ref_kernel_perceptron
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
    for seed in range(5):
        X, y = make_xor(8 + 4 * seed, noise=0.15, random_state=seed)
        about = f"make_xor(random_state={seed}), {_KERNELS[seed % 2].label.split(':')[0]}"
        cases.append(_Case(about, (X, y, _KERNELS[seed % 2])))
    for n, seed in zip(range(6, 16, 3), range(10, 14), strict=True):
        X, y = make_separable(n, margin=0.3, through_origin=True, random_state=seed)
        about = f"separable through the origin, linear kernel, random_state={seed}"
        cases.append(_Case(about, (X, y, _linear_kernel)))
    wrong = {
        "A score of exactly 0 is a mistake (at the start every score is 0): use y_i f_i "
        "<= 0, not < 0.": lambda *a: _kernel_loop(*a, strict=True),
        "Use each update immediately: f_i must use the current counts, as they are when "
        "sample i is visited, not scores computed once at the start of the "
        "sweep.": lambda *a: _kernel_loop(*a, batch=True),
        "The labels weight the sum: f_i = sum_j c_j y_j k(x_j, x_i).": lambda *a: (
            _kernel_loop(*a, label=False)
        ),
        "Return the counts, the number of mistakes on each sample (c_i >= 0); you returned "
        "them times the labels, c_i * y_i.": lambda X, y, *a: ref(X, y, *a) * np.int_(y),
        "A mistake count goes up by 1 (c_i += 1), not by the label: the label enters in "
        "the sum f_i = sum_j c_j y_j K[j, i], not in the "
        "count.": lambda X, y, *a: _kernel_loop(X, y, *a, label=False) * np.int_(y),
        "Multiply the score by the label in the test: a mistake is y_i f_i <= "
        "0.": lambda *a: _kernel_loop(*a, test=False),
        "Training stopped at the first correctly classified sample: stop only after a "
        "whole sweep without a mistake.": lambda *a: _kernel_loop(*a, stop="sample"),
    }
    spec = _core.Spec(
        exercise=10,
        name="kernel_perceptron",
        params=("X", "y", "kernel", "max_epochs=100"),
        reference=ref,
        cases=cases,
        diagnosis=_core.Diagnosis(
            sweep=(0, 1),
            shape_error_hint="kernel(A, B) takes 2-D arrays (rows are points) and returns "
            "a matrix: K = kernel(X, X) once, then K[j, i] = k(x_j, x_i); for one pair use "
            "kernel(X[j:j+1], X[i:i+1])[0, 0].",
            rule="The rule: counts = 0; sweep i in order, f_i = sum_j c_j y_j K[j, i], c_i "
            "+= 1 when y_i f_i <= 0; stop after a clean sweep or max_epochs sweeps.",
            wrong=wrong,
            slow_hint="Does your loop stop after max_epochs sweeps?",
        ),
    )
    return _core.run_check(spec, kernel_perceptron)


@_registered
def check_kernel_predict(kernel_predict) -> CheckResult:
    """Check ``kernel_predict(X_train, y_train, counts, kernel, X_new)``.

    The label of each row ``x`` of ``X_new`` is the sign of ``f(x) = sum_j counts[j]
    y_train[j] k(x_j, x)``, +1 where ``f(x) = 0``: compared exactly with
    :func:`perclab.predict` on the kernel matrix. The 12 cases: XOR with scores of exactly
    0, all counts 0, one new point, labels as floats, random data with each kernel.
    """

    def ref(X_train, y_train, counts, kernel, X_new):
        weights = np.asarray(counts, float) * np.asarray(y_train, float)
        return _predict(np.asarray(kernel(X_train, X_new), float).T, weights)

    def strict(X, y, *a):  # -sign(-f) with sign(0) = +1 is +1 only where f > 0
        return -ref(X, -np.asarray(y, float), *a)

    grid = np.array([[x1, x2] for x1 in (-1.0, 0.0, 1.0) for x2 in (-1.0, 0.0, 1.0)])
    rng, mid = _core.seeded_rng(16), np.array([[0.0, 0.0], [1.0, 1.0]])
    rows = [
        ("XOR corners, every count 1", _XOR_Y, [1, 1, 1, 1], _poly2_kernel, grid),
        ("all counts 0: every score is 0", _XOR_Y, [0, 0, 0, 0], _poly2_kernel, grid),
        ("a score of exactly 0 at the centre", _XOR_Y, [1, 1, 1, 1], _linear_kernel, mid),
        ("one new point", _XOR_Y, [2, 0, 1, 0], _rbf_kernel, np.array([[0.5, 0.5]])),
        ("labels as floats", _XOR_Y.astype(float), [0, 3, 1, 2], _poly2_kernel, grid),
    ]
    cases = [_Case(a, (_XOR_X, y, np.array(c), k, X)) for a, y, c, k, X in rows]
    for k in range(7):
        n = int(rng.integers(1, 8))
        X, y = rng.normal(size=(n, 2)), np.where(rng.random(n) < 0.5, -1, 1)
        about = f"random data, {_KERNELS[k % 3].label.split(':')[0]}, seed 16, draw {k + 1}"
        args = (X, y, rng.integers(0, 4, size=n), _KERNELS[k % 3], rng.normal(size=(5, 2)))
        cases.append(_Case(about, args))
    wrong = {
        "Where f(x) = 0 you returned 0 (np.sign); return +1 there, as perclab.predict "
        "does.": lambda *a: (ref(*a) + strict(*a)) // 2,
        "A score of exactly 0 gets the label +1: use >= 0, not > 0.": strict,
        "The labels weight the sum: f(x) = sum_j c_j y_j k(x_j, "
        "x).": lambda X, y, c, k, X_new: ref(X, np.ones(len(y)), c, k, X_new),
        "You returned labels 0 and 1; the labels are -1 and +1.": lambda *a: (
            (ref(*a) + 1) // 2
        ),
        "kernel(X_train, X_new) has one row per training point, so (counts * "
        "y_train) @ kernel(X_train, X_new) sums over them; the arguments are "
        "swapped.": lambda X, y, c, k, X_new: ref(X, y, c, lambda A, B: k(B, A), X_new),
        "You labelled the training points: predict the new points, one label per row "
        "of X_new, from kernel(X_train, "
        "X_new).": lambda X, y, c, k, X_new: ref(X, y, c, k, X),
    }
    spec = _core.Spec(
        exercise=10,
        name="kernel_predict",
        params=("X_train", "y_train", "counts", "kernel", "X_new"),
        reference=ref,
        cases=cases,
        diagnosis=_core.Diagnosis(
            samples=(4, None),
            combine="return one label per row of X_new, in the order of the rows.",
            shape_error_hint="kernel(X_train, X_new) has one row per training point and "
            "one column per new point, so (counts * y_train) @ kernel(X_train, X_new) "
            "gives one score per new point; check the order of the kernel's arguments (or "
            "transpose the matrix, .T).",
            rule="The rule: f(x) = sum_j c_j y_j k(x_j, x), label +1 where f(x) >= 0, "
            "else -1.",
            wrong=wrong,
        ),
    )
    return _core.run_check(spec, kernel_predict)
