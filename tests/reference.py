"""Independent reference implementations that the tests compare perclab against.

They are written from the textbook, not from perclab's source, and kept as plain as
possible so that they can be checked by eye:

* :func:`reference_perceptron` is the mistake-driven rule in plain Python loops over
  lists of floats. The update is the same floating-point operation as the book's
  (``w_j += (lr * y_i) * x_ij``), so whenever both make the same mistakes the weights
  agree bit for bit. The mistakes agree unless a score lies within rounding error of 0,
  where the order of summation in ``w @ x_i`` (BLAS may use FMA and blocked sums) could
  decide the sign: that never happens when all numbers are small dyadic rationals (every
  score is then exact, so exact ties are compared too) and has probability ~0 on
  continuous data. The tests keep to such data, and to Iris, whose scores along the
  run stay at least 0.04 away from 0 once w is non-zero.
* :func:`brute_force_max_margin` finds the hard-margin separator by enumerating every
  small set of candidate support vectors, a method that shares nothing with perclab's
  least-distance/KKT solver.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np


@dataclass
class ReferenceRun:
    """The outcome of :func:`reference_perceptron`, with its whole trajectory."""

    w: list[float]
    b: float
    converged: bool
    epochs: int
    mistakes_per_epoch: list[int]
    samples: list[int]  # the sample behind update k is samples[k - 1]
    update_epochs: list[int]  # the epoch (from 1) of update k is update_epochs[k - 1]
    weights: list[list[float]]  # weights[k] is w after k updates; weights[0] the start
    biases: list[float]

    @property
    def n_updates(self) -> int:
        return len(self.samples)


def reference_perceptron(
    X,
    y,
    *,
    w0=None,
    b0=0.0,
    lr=1.0,
    fit_bias=True,
    max_epochs=1000,
    shuffle=False,
    seed=None,
) -> ReferenceRun:
    """The perceptron, exactly as the book states it.

    For each epoch: visit the samples in order (with ``shuffle``, in the order of a fresh
    permutation from one generator ``np.random.default_rng(seed)`` drawn at the start of
    every epoch); a sample with ``y_i * (w @ x_i + b) <= 0`` is a mistake and triggers
    ``w <- w + lr * y_i * x_i`` (and ``b <- b + lr * y_i`` when the bias is learned).
    Stop after the first epoch without a mistake, or after ``max_epochs`` epochs.
    """
    rows = [[float(value) for value in row] for row in np.asarray(X, dtype=float)]
    labels = [float(label) for label in y]
    n_samples, n_features = len(rows), len(rows[0])
    w = [0.0] * n_features if w0 is None else [float(value) for value in w0]
    b = float(b0)
    rng = np.random.default_rng(seed) if shuffle else None

    weights, biases = [list(w)], [b]
    samples, update_epochs, mistakes_per_epoch = [], [], []
    converged = False
    for epoch in range(1, max_epochs + 1):
        if shuffle:
            order = [int(i) for i in rng.permutation(n_samples)]
        else:
            order = list(range(n_samples))
        mistakes = 0
        for i in order:
            x_i, y_i = rows[i], labels[i]
            score = 0.0
            for j in range(n_features):
                score += w[j] * x_i[j]
            if y_i * (score + b) <= 0:
                step = lr * y_i
                for j in range(n_features):
                    w[j] += step * x_i[j]
                if fit_bias:
                    b += step
                mistakes += 1
                samples.append(i)
                update_epochs.append(epoch)
                weights.append(list(w))
                biases.append(b)
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            converged = True
            break
    return ReferenceRun(
        w=w,
        b=b,
        converged=converged,
        epochs=len(mistakes_per_epoch),
        mistakes_per_epoch=mistakes_per_epoch,
        samples=samples,
        update_epochs=update_epochs,
        weights=weights,
        biases=biases,
    )


@dataclass
class BruteForceMargin:
    """The maximum-margin separator found by enumeration: unit ``w``, ``b``, ``gamma``."""

    w: np.ndarray
    b: float
    gamma: float
    support: tuple[int, ...]


def _min_norm_on_equalities(X_s, y_s, fit_bias):
    """Return the ``(w, b)`` of least ``||w||`` with ``y_i (w @ x_i + b) = 1`` on the set,
    or None when no such ``(w, b)`` exists.

    Without a bias this is the minimum-norm solution of ``(y_i x_i) @ w = 1``. With a free
    bias, the first equation gives ``b = y_r - w @ x_r`` (as ``y_r = 1 / y_r``); putting it
    in the others leaves ``y_i (x_i - x_r) @ w = 1 - y_i y_r``, again solved for the
    minimum-norm ``w``. ``np.linalg.lstsq`` returns the minimum-norm least-squares
    solution, so the equalities are checked afterwards.
    """
    if fit_bias:
        x_r, y_r = X_s[0], y_s[0]
        D = y_s[1:, None] * (X_s[1:] - x_r)
        c = 1.0 - y_s[1:] * y_r
    else:
        D = y_s[:, None] * X_s
        c = np.ones(len(y_s))
    w = np.linalg.lstsq(D, c, rcond=None)[0]
    b = float(y_r - w @ x_r) if fit_bias else 0.0
    if np.any(np.abs(y_s * (X_s @ w + b) - 1.0) > 1e-9 * _size(X_s, w, b)):
        return None
    return w, b


def _size(X, w, b):
    """The magnitude of the terms of ``w @ x_i + b``, to make tolerances relative."""
    return 1.0 + np.linalg.norm(X, axis=1) * np.linalg.norm(w) + abs(b)


def brute_force_max_margin(X, y, *, fit_bias=True, feasibility_tol=1e-10):
    """Maximum-margin separator of small data by enumerating candidate support sets.

    For every set ``S`` of 1..d+1 samples (2..d+1 with both classes when the bias is
    free), take the ``(w, b)`` of least norm with ``y_i (w @ x_i + b) = 1`` on ``S``. A
    candidate that satisfies every constraint ``y_i (w @ x_i + b) >= 1`` separates the
    data with margin at least ``1 / ||w||``, so ``1 / ||w|| <= gamma*``; and the optimum
    itself is the candidate of its own support set, which (Carathéodory) can be taken
    with at most d+1 points. So the largest ``1 / ||w||`` over feasible candidates is
    exactly ``gamma*``. Returns None when no candidate is feasible (not separable).
    Costs ``O(n ** (d + 1))`` solves: only for n <= 8 or so, d <= 3.
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n_samples, n_features = X.shape
    best = None
    smallest = 2 if fit_bias else 1
    for size in range(smallest, n_features + 2):
        for support in itertools.combinations(range(n_samples), size):
            S = list(support)
            if fit_bias and np.unique(y[S]).size < 2:
                continue
            candidate = _min_norm_on_equalities(X[S], y[S], fit_bias)
            if candidate is None:
                continue
            w, b = candidate
            norm = float(np.linalg.norm(w))
            slack = y * (X @ w + b) - 1.0
            if norm == 0.0 or np.any(slack < -feasibility_tol * _size(X, w, b)):
                continue
            if best is None or 1.0 / norm > best.gamma:
                best = BruteForceMargin(w / norm, b / norm, 1.0 / norm, support)
    return best
