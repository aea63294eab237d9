"""The textbook loop compiled with numba: the same decisions, the same weights.

:mod:`perclab.engine` imports this module only when numba is installed and the data are
large enough to repay loading it; without numba, training uses :mod:`perclab._blocks`.

**Exact.** The update is the textbook's, ``w_j += (lr * y_i) * x_ij`` one entry at a
time, in float64, in the same order and without fused multiply-adds, so the weights are
bit for bit the textbook's. The *test* uses a faster score than the textbook's ``w @
x_i + b``: the products summed in whatever order vectorises best, in float64 when ``X``
fits in the cache and otherwise in single precision on a float32 copy of ``X`` (half
the memory to read). The fast score only ever decides a sample whose margin is far
from zero; everything else goes back to Python, where the textbook's own expression
decides it.

The bound: for any order of summation, with or without fused multiply-adds, a score
computed with unit roundoff ``u`` differs from the exact ``w @ x_i + b`` by at most
about ``(n_features + 5) u S_i``, where ``S_i = sum_j |w_j x_ij| + |b|`` (for float32
this includes rounding ``w`` and ``x_i`` to float32, as in :mod:`perclab._blocks`);
the textbook's float64 score is as close. Underflow adds at most about ``(n_features
+ 2) t (length + row_size[i])``, with ``t`` the smallest subnormal. By Cauchy-Schwarz
``S_i <= length row_size[i]``, where ``length`` is the length of ``(w, b)`` and
``row_size[i]`` that of ``(x_i, 1)`` (each computed to a relative error of about
``n_features 2**-53``; between exact computations, every 16 updates, ``length`` is the
upper bound ``length + |lr y_i| row_size[i]`` of the triangle inequality, which only
makes the threshold larger). So with

``threshold_i = (rel_tol length + abs_tol) row_size[i]``,

``rel_tol = 2 (n_features + 6) 2**-24``, ``abs_tol = 2**-100`` for float32 and
``rel_tol = 4 (n_features + 2) 2**-53``, ``abs_tol = (n_features + 2) 2**-970`` for
float64 (about twice the bound while ``length * max(row_size) < 2**100``), a margin
``y_i * score`` above the threshold has a positive textbook margin (the sample is
correct) and one below its negative a negative textbook margin (a mistake). When
``length * max(row_size) >= 2**100`` no sample is decided by the fast score. At the
zero start every margin is within the threshold, and so is any exact tie on integer
data; elsewhere such samples are rare.

A rule whose mistakes are margins ``<= t`` (the model's ``threshold``) compares
``margin - t`` with the same threshold plus ``2**-50 |t|``, which covers the rounding
of the subtraction; with ``t = 0`` the subtraction is exact and changes nothing.
"""

from __future__ import annotations

import math

import numpy as np

from perclab.models import overflow_error, textbook_step

try:
    import numba
except ImportError:  # perclab.engine then never uses this module (it still imports)
    numba = None

DONE, UNDECIDED, OVERFLOW = 0, 1, 2
SCORE_LIMIT = 2.0**100  # below it, float32 neither overflows nor loses the bound


def _jit(**options):
    """numba.njit with its compiled code cached on disk where that is possible."""

    def decorate(function):
        if numba is None:
            return function
        try:
            return numba.njit(cache=True, **options)(function)
        except RuntimeError:  # no writable cache directory: compile in memory only
            return numba.njit(**options)(function)

    return decorate


# Reassociation only here, for the score that clears samples: never in the update.
@_jit(fastmath={"reassoc", "nsz", "contract"})
def _score(ws, Xs, i, bs):
    """``ws @ Xs[i] + bs`` in the precision of ``Xs`` (float32 or float64)."""
    s = bs * 0
    for j in range(ws.shape[0]):
        s += ws[j] * Xs[i, j]
    return s + bs


# Reassociation here too: the squared length only bounds the rounding error.
@_jit(fastmath={"reassoc", "nsz", "contract"})
def _squared_length(w, b):
    s = b * b
    for j in range(w.shape[0]):
        s += w[j] * w[j]
    return s


@_jit()
def _all_finite(w, b):
    if not abs(b) < np.inf:
        return False
    for j in range(w.shape[0]):
        if not abs(w[j]) < np.inf:
            return False
    return True


@_jit()
def _prepare(X, Xs, copy, row_size):
    """In one pass: ``row_size[i]``, the length of ``(x_i, 1)``, and, if ``copy``, the
    entries of ``X`` into ``Xs`` in its precision."""
    for i in range(X.shape[0]):
        s = 1.0
        for j in range(X.shape[1]):
            s += X[i, j] * X[i, j]
            if copy:
                Xs[i, j] = X[i, j]
        row_size[i] = math.sqrt(s)


@_jit()
def _length(w, b):
    """The length of ``(w, b)``; infinity if it overflows, NaN if a weight is infinite
    or NaN."""
    squared = _squared_length(w, b)
    if not squared < np.inf:
        return np.inf if _all_finite(w, b) else np.nan
    return math.sqrt(squared)


@_jit()
def scan(X, Xs, ws, y, order, start, w, b_box, lr, fit_bias, row_size, tols, out):
    """Scan ``order[start:]``; update ``w`` and ``b_box[0]`` in place.

    ``Xs`` is ``X`` or its float32 copy: the fast score is computed in its precision,
    with the weights ``ws`` (``w`` itself, or a float32 array that scan fills) and
    ``tols = (rel_tol, abs_tol, t, t_tol)`` for the threshold: a mistake is a margin
    ``<= t``, and ``t_tol`` covers the rounding of ``margin - t``. Writes the sample and
    position of each update into ``out[:, 0]``, ``out[:, 1]`` from row 0. Returns
    ``(status, position, n_updates)``: ``DONE`` at the end of the order, ``UNDECIDED``
    at a sample the fast score cannot decide, ``OVERFLOW`` after an update that left a
    weight infinite or NaN.
    """
    rel_tol, abs_tol, t, t_tol = tols[0], tols[1], tols[2], tols[3]
    b = b_box[0]  # finite: every update that scan or Python made was checked
    n_out = 0
    max_row_size = row_size.max()
    copy = Xs.itemsize != X.itemsize  # ws is a float32 copy of w
    if copy:
        for j in range(w.shape[0]):
            ws[j] = w[j]
    bs_box = np.empty(1, Xs.dtype)
    bs_box[0] = b
    bs = bs_box[0]
    length = _length(w, b)
    since_exact = 0  # updates since length was computed; until then it is a bound
    for p in range(start, order.shape[0]):
        i = order[p]
        margin = y[i] * np.float64(_score(ws, Xs, i, bs)) - t
        if length * max_row_size < SCORE_LIMIT:
            threshold = (rel_tol * length + abs_tol) * row_size[i] + t_tol
        else:
            threshold = np.inf  # the fast score could overflow: decide nothing
        if margin > threshold:  # correct, as the textbook would find
            continue
        if margin < -threshold:  # a mistake, as the textbook would find
            step = lr * y[i]
            if fit_bias:
                b += step
                bs_box[0] = b
                bs = bs_box[0]
            for j in range(w.shape[0]):
                w[j] += step * X[i, j]  # the textbook's update
            if copy:
                for j in range(w.shape[0]):
                    ws[j] = w[j]
            out[n_out, 0] = i
            out[n_out, 1] = p
            n_out += 1
            # ||(w + s x_i, b + s)|| <= ||(w, b)|| + |s| row_size[i]: a bound for a few
            # updates; the exact length every 16, and whenever the bound is large
            length = (length + abs(step) * row_size[i]) * (1.0 + 2.0**-40)
            since_exact += 1
            if since_exact >= 16 or not length * max_row_size < SCORE_LIMIT:
                length, since_exact = _length(w, b), 0
                if math.isnan(length):  # a weight is infinite or NaN
                    b_box[0] = b
                    return OVERFLOW, p, n_out
            continue
        b_box[0] = b
        return UNDECIDED, p, n_out
    b_box[0] = b
    return DONE, order.shape[0], n_out


class CompiledScan:
    """Epochs of :class:`perclab.engine.LinearModel` run by :func:`scan`."""

    single_above_bytes = 2**22  # float64 X larger than this: score in float32

    def __init__(self, model):
        X = np.ascontiguousarray(model.X)
        n_samples, n_features = X.shape
        self.X = X
        if X.nbytes > self.single_above_bytes:  # half the memory to read per epoch
            self.Xs = np.empty(X.shape, dtype=np.float32)
            self.ws = np.empty(n_features, dtype=np.float32)
            tols = [2.0 * (n_features + 6) * 2.0**-24, 2.0**-100]
        else:  # small enough for the cache: score in float64, no copy to keep in step
            self.Xs, self.ws = X, None  # the score reads w itself
            tols = [4.0 * (n_features + 2) * 2.0**-53, (n_features + 2) * 2.0**-970]
        t = float(model.threshold)  # a mistake: a margin <= t
        self.tols = np.array([*tols, t, 2.0**-50 * abs(t) if t != 0 else 0.0])
        self.row_size = np.empty(n_samples)
        _prepare(
            X, self.Xs, self.Xs is not X, self.row_size
        )  # where float32 overflows, length * max(row_size) is over SCORE_LIMIT
        self.out = np.empty((n_samples, 2), dtype=np.intp)
        self.b_box = np.empty(1)
        self.natural = np.arange(n_samples, dtype=np.intp)

    def epoch(self, model, order, epoch, log) -> None:
        if isinstance(order, range):
            order = self.natural
        position = 0
        while position < order.shape[0]:
            self.b_box[0] = model.b
            status, position, n_out = scan(
                self.X, self.Xs, self.ws if self.ws is not None else model.w, model.y,
                order, position, model.w, self.b_box,
                model.lr, model.fit_bias, self.row_size, self.tols, self.out,
            )  # fmt: skip
            model.b = float(self.b_box[0])
            log.extend(self.out[:n_out, 0], self.out[:n_out, 1])
            if status == OVERFLOW:
                raise overflow_error("a weight after the update", order[position], epoch)
            if status == UNDECIDED:  # the textbook's own expression decides
                textbook_step(model, order[position], position, epoch, log)
                position += 1
