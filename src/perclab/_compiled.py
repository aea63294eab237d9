"""The textbook loop compiled with numba: the same decisions, the same weights.

:mod:`perclab.engine` imports this module only when numba is installed and the data are
large enough to repay loading it; without numba, training uses :mod:`perclab._blocks`.

**Exact.** The update is the textbook's, ``w_j += (lr * y_i) * x_ij`` one entry at a
time, in float64, in the same order and without fused multiply-adds, so the weights are
bit for bit the textbook's. The *test* uses a faster score than the textbook's ``w @
x_i + b``: the products summed in whatever order vectorises best, in float64, or in
single precision on a float32 copy of ``X`` (half the memory to read) where ``X`` is
large and updates are rare; where they are dense, two samples at a time (the second
score corrected for the first's update, :func:`scan_pairs`), so that no decision
waits for the previous update (:class:`CompiledScan` chooses, epoch by epoch). The
fast score only ever decides a sample whose margin is far from zero; everything else
goes back to Python, where the textbook's own expression decides it.

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
float64 (about twice the bound while ``length * row_size[i] < 2**100``), a margin
``y_i * score`` above the threshold has a positive textbook margin (the sample is
correct) and one below its negative a negative textbook margin (a mistake). When
``length * row_size[i] >= 2**100`` sample ``i`` is not decided by the fast score. At the
zero start every margin is within the threshold, and so is any exact tie on integer
data; elsewhere such samples are rare.

A rule whose mistakes are margins ``<= t`` (the model's ``threshold``) compares
``margin - t`` with the same threshold plus ``2**-50 |t|``, which covers the rounding
of the subtraction; with ``t = 0`` the subtraction is exact and changes nothing.
"""

from __future__ import annotations

import math

import numpy as np

from perclab._validation import check_finite
from perclab.models import overflow_error, textbook_step

try:
    import numba
except ImportError:  # perclab.engine then never uses this module (it still imports)
    numba = None

DONE, UNDECIDED, OVERFLOW, LEFTOVER, NONFINITE = 0, 1, 2, 3, 4
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


# Reassociation here too: a row's length only bounds the rounding error.
@_jit(fastmath={"reassoc", "nsz", "contract"})
def _row_size(X, i):
    """The length of ``(x_i, 1)``."""
    s = 1.0
    for j in range(X.shape[1]):
        s += X[i, j] * X[i, j]
    return math.sqrt(s)


@_jit()
def _copy_row(X, i, Xs):
    """Row ``i`` of ``X`` into ``Xs``, in its precision."""
    for j in range(X.shape[1]):
        Xs[i, j] = X[i, j]


@_jit()
def _prepare(X, Xs, copy, row_size):
    """Every row's ``row_size`` (the length of ``(x_i, 1)``) and, if ``copy``, the rows
    of ``X`` into ``Xs`` in its precision. (Here and in :func:`scan` the two calls are
    written out: a function of its own around them keeps the sum from being
    vectorised.)"""
    for i in range(X.shape[0]):
        row_size[i] = _row_size(X, i)
        if copy:
            _copy_row(X, i, Xs)


@_jit()
def _length(w, b):
    """The length of ``(w, b)``; infinity if it overflows, NaN if a weight is infinite
    or NaN. Weights below about 1e-154 have squares that underflow: then the length is
    measured on the weights divided by the largest, so that it is never too small."""
    squared = _squared_length(w, b)
    if not squared < np.inf:
        return np.inf if _all_finite(w, b) else np.nan
    if squared < 2.0**-900:  # the squares may have underflowed
        largest = abs(b)
        for j in range(w.shape[0]):
            largest = max(largest, abs(w[j]))
        if largest == 0.0:
            return 0.0
        scaled = (b / largest) ** 2
        for j in range(w.shape[0]):
            scaled += (w[j] / largest) ** 2
        return largest * math.sqrt(scaled)
    return math.sqrt(squared)


@_jit()
def scan(
    X, Xs, ws, y, order, start, w, box, lr, fit_bias, row_size, tols, samples, positions,
    fill, X32,
):  # fmt: skip
    """Scan ``order[start:]``; update ``w`` and ``box[0]`` (the bias) in place.

    ``Xs`` is ``X`` or its float32 copy: the fast score is computed in its precision,
    with the weights ``ws`` (``w`` itself, or a float32 array that scan fills) and
    ``tols = (rel_tol, abs_tol, t, t_tol)`` for the threshold: a mistake is a margin
    ``<= t``, and ``t_tol`` covers the rounding of ``margin - t``. ``box[1]`` is the
    largest ``row_size`` known. With ``fill``, each row's ``row_size`` is computed
    (and the row copied into ``X32`` if that is not empty) when the scan first meets
    it. Writes the sample and position of each update into ``samples`` and
    ``positions`` from entry 0. Returns ``(status, position, n_updates)``: ``DONE`` at
    the end of the order, ``UNDECIDED`` at a sample the fast score cannot decide,
    ``OVERFLOW`` after an update that left a weight infinite or NaN, ``NONFINITE`` at
    a row whose length is infinite or NaN, before it is used, unless ``box[2]`` says
    that every entry of ``X`` is known to be finite (the row's squares then overflowed).
    """
    rel_tol, abs_tol, t, t_tol = tols[0], tols[1], tols[2], tols[3]
    b = box[0]  # finite: every update that scan or Python made was checked
    n_out = 0
    max_row_size = box[1]
    fill_copy = fill and X32.shape[0] > 0
    copy = Xs.itemsize != X.itemsize  # ws is a float32 copy of w
    if copy:
        for j in range(w.shape[0]):
            ws[j] = w[j]
    bs_box = np.empty(1, Xs.dtype)
    bs_box[0] = b
    bs = bs_box[0]
    length = _length(w, b)
    since_exact = 0  # updates since length was computed; until then it is a bound
    known_finite = box[2] != 0.0
    for p in range(start, order.shape[0]):
        i = order[p]
        if fill:  # the row's length (and its copy into X32) when first met
            size = _row_size(X, i)
            row_size[i] = size
            if fill_copy:
                _copy_row(X, i, X32)
            if not (size < np.inf or known_finite):  # NaN or infinity in the row?
                box[0], box[1] = b, max_row_size
                return NONFINITE, p, n_out
            max_row_size = max(max_row_size, size)
        margin = y[i] * np.float64(_score(ws, Xs, i, bs)) - t
        if length * row_size[i] < SCORE_LIMIT:
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
            samples[n_out] = i
            positions[n_out] = p
            n_out += 1
            # ||(w + s x_i, b + s)|| <= ||(w, b)|| + |s| row_size[i]: a bound for a few
            # updates; the exact length every 16, and whenever the bound is large
            length = (length + abs(step) * row_size[i]) * (1.0 + 2.0**-40)
            since_exact += 1
            if since_exact >= 16 or not length * max_row_size < SCORE_LIMIT:
                length, since_exact = _length(w, b), 0
                if math.isnan(length):  # a weight is infinite or NaN
                    box[0], box[1] = b, max_row_size
                    return OVERFLOW, p, n_out
            continue
        box[0], box[1] = b, max_row_size
        return UNDECIDED, p, n_out
    box[0], box[1] = b, max_row_size
    return DONE, order.shape[0], n_out


# Reassociation only in the scores, as in _score: never in the update.
@_jit(fastmath={"reassoc", "nsz", "contract"})
def _pair_scores(w, X, i0, i1, b, bias):
    """``w @ x_i0 + b``, ``w @ x_i1 + b`` and ``x_i0 @ x_i1 + bias`` in one pass."""
    s0 = 0.0
    s1 = 0.0
    g = 0.0
    for j in range(w.shape[0]):
        u, v = X[i0, j], X[i1, j]
        s0 += w[j] * u
        s1 += w[j] * v
        g += u * v
    return s0 + b, s1 + b, g + bias


@_jit()
def scan_pairs(
    X, y, order, start, w, box, lr, fit_bias, row_size, tols, samples, positions
):  # fmt: skip
    """Scan ``order[start:]`` two samples at a time, in float64, for dense updates;
    the arguments and statuses are :func:`scan`'s, ``tols`` with ``pair_tol`` as a
    fifth entry, and ``LEFTOVER`` where :func:`scan` must go on (the last sample of an
    odd order, or weights so large that the bound below no longer holds).

    Both scores of a pair, ``w @ x_i0 + b`` and ``w @ x_i1 + b``, and ``x_i0 @ x_i1
    (+ 1 with a bias)`` come from one pass, with the weights before the pair. An
    update at ``i0`` changes the second score by ``step * (x_i0 @ x_i1 + 1)``, which
    is added to it, so neither decision waits for the other's update. Both updates are
    made without a branch: no update adds ``0 * x``, which leaves every weight as it
    is unless it is ``-0.0`` (the caller uses :func:`scan` then). The second score's
    error bound is the first's, plus the rounding of the correction and of the update,
    for the length bound ``length + |step| row_size[i0]``: ``pair_tol`` is
    ``rel_tol`` with ``n_features + 7`` for ``n_features + 2``.
    """
    rel_tol, abs_tol, t, t_tol, pair_tol = tols[0], tols[1], tols[2], tols[3], tols[4]
    b = box[0]
    max_row_size = box[1]
    bias = 1.0 if fit_bias else 0.0
    length = _length(w, b)
    since_exact = 0
    n_out = 0
    p = start
    while p + 1 < order.shape[0]:
        i0, i1 = order[p], order[p + 1]
        r0, r1 = row_size[i0], row_size[i1]
        # bounds on the length after an update at i0, and after both: larger than
        # needed where there is none, so that no threshold waits for a decision
        length1 = (length + abs(lr) * r0) * (1.0 + 2.0**-40)
        length2 = (length1 + abs(lr) * r1) * (1.0 + 2.0**-40)
        if not length2 * max_row_size < SCORE_LIMIT:  # scan checks each update
            break
        threshold0 = (rel_tol * length + abs_tol) * r0 + t_tol
        threshold1 = (pair_tol * length1 + abs_tol) * r1 + t_tol
        s0, s1, g = _pair_scores(w, X, i0, i1, b, bias)
        margin0 = y[i0] * s0 - t
        if not abs(margin0) > threshold0:  # (no short-circuit `or`: no branch)
            box[0] = b
            return UNDECIDED, p, n_out
        mistake0 = margin0 < -threshold0
        step0 = lr * y[i0] if mistake0 else 0.0
        margin1 = y[i1] * (s1 + step0 * g) - t
        decided1 = abs(margin1) > threshold1
        mistake1 = margin1 < -threshold1
        step1 = lr * y[i1] if mistake1 else 0.0
        if fit_bias:
            b += step0
        for j in range(w.shape[0]):
            w[j] += step0 * X[i0, j]  # the textbook's update, or + 0 * x_i0
        samples[n_out] = i0
        positions[n_out] = p
        n_out += mistake0
        if not decided1:
            box[0] = b
            return UNDECIDED, p + 1, n_out
        if fit_bias:
            b += step1
        for j in range(w.shape[0]):
            w[j] += step1 * X[i1, j]
        samples[n_out] = i1
        positions[n_out] = p + 1
        n_out += mistake1
        length = length2
        since_exact += 1
        if since_exact >= 8:  # pairs since the exact length
            length, since_exact = _length(w, b), 0
        p += 2
    box[0] = b
    return LEFTOVER, p, n_out


class CompiledScan:
    """Epochs of :class:`perclab.models.LinearModel` run by :func:`scan` and
    :func:`scan_pairs`, in the precision and the way that suit what the scan meets.

    Where the last epoch updated more than ``dense_above`` of the samples (in the
    first epoch: where its first ``probe_rows`` samples updated more than
    ``probe_dense_above`` of them, as any start makes more at first),
    :func:`scan_pairs` in float64, with no copy to keep in step (and none made). Elsewhere
    :func:`scan`: in order, for an ``X`` of more than ``single_above_bytes`` and a run
    of at least ``single_min_epochs`` epochs, in float32 on a copy of ``X`` (half the
    memory to read; making it costs about what five epochs save); in a shuffled order,
    and for a smaller ``X`` or a shorter run, in float64 on ``X`` itself (rows read at
    random cost about as much in either precision, and the float64 scan keeps no copy
    of the weights in step).
    The first epoch in order scores in float64 and measures each row's length as it
    goes (filling the float32 copy of a large ``X`` on the way, for later epochs if
    their updates are rare); a shuffled run measures them in one ordered pass first.

    **Finite.** Measuring a row is also its test for NaN and infinity: a row whose
    length is not finite stops the scan before the row is used, and ``X`` is then
    tested entry by entry (:func:`perclab._validation.check_finite`), which raises the
    front door's ``ValueError`` for NaN or infinity; where every entry is finite (the
    squares of a row overflowed) the scan goes on. So the front door need not read
    ``X`` a second time to test it (:func:`perclab.engine.scan_checks_finite`).
    """

    single_above_bytes = 2**22  # float64 X larger than this: float32 for rare updates
    single_min_epochs = 8  # in runs of at least this many epochs (the copy costs ~5)
    dense_above = 0.1  # updates per sample above which a pass goes by pairs
    probe_rows = 1024  # the first epoch goes by pairs if its first samples updated
    probe_dense_above = 0.3  # more than this (any start has many updates at first)
    fill_while_scanning = True  # False: lengths and copy made before the first epoch

    def __init__(self, model, max_epochs=None):
        X = np.ascontiguousarray(model.X)
        n_samples, n_features = X.shape
        self.X = X
        t = float(model.threshold)  # a mistake: a margin <= t
        t_tols = [t, 2.0**-50 * abs(t) if t != 0 else 0.0]
        tols64 = [4.0 * (n_features + 2) * 2.0**-53, (n_features + 2) * 2.0**-970]
        self.tols64 = np.array([*tols64, *t_tols])
        self.pair_tols = np.array([*tols64, *t_tols, 4.0 * (n_features + 7) * 2.0**-53])
        # X32: the float32 copy of X, allocated when first filled (None: not yet)
        self.X32, self.w32 = None, np.empty(n_features, dtype=np.float32)
        # half the memory to read, in runs long enough to repay the copy
        self.can_single = X.nbytes > self.single_above_bytes and (
            max_epochs is None or max_epochs >= self.single_min_epochs
        )
        if self.can_single:
            tols = [2.0 * (n_features + 6) * 2.0**-24, 2.0**-100]
        else:  # small enough for the cache: score in float64, no copy to keep in step
            tols = tols64
        self.tols = np.array([*tols, *t_tols])  # for the scores of X32, if any
        self.row_size = np.empty(n_samples)
        # the bias, the largest row_size known, 1 once X is known to be finite
        self.box = np.array([0.0, 1.0, 0.0])
        self.measured = self.copied = False  # row_size, X32 filled
        if not self.fill_while_scanning:
            self._prepare()
        dtype = np.int32 if n_samples < 2**31 else np.int64  # as the log's
        self.positions = np.empty(n_samples, dtype)  # where the log stores none
        self.natural = np.arange(n_samples, dtype=np.intp)
        self.no_copy = np.empty((0, 0), dtype=np.float32)
        self.rate = None  # updates per sample in the last epoch

    def _prepare(self, copy=True) -> None:
        """Every row's length (and the float32 copy, if any and ``copy``) in one pass."""
        copy = copy and self.can_single
        _prepare(self.X, self._copy_target() if copy else self.no_copy, copy, self.row_size)
        self.box[1] = self.row_size.max()
        if not self.box[1] < np.inf:  # NaN or infinity in X, or overflowed squares
            self._check_finite()
        self.measured, self.copied = True, copy

    def _copy_target(self) -> np.ndarray:
        """The array for the float32 copy of ``X``, allocated on first use."""
        if self.X32 is None:
            self.X32 = np.empty(self.X.shape, dtype=np.float32)
        return self.X32

    def _check_finite(self) -> None:
        """Raise the front door's ``ValueError`` if ``X`` holds NaN or infinity; else
        note that it is finite, so that a row whose squares overflow goes on."""
        check_finite(self.X, name="X")
        self.box[2] = 1.0

    def epoch(self, model, order, epoch, log) -> None:
        shuffled = not isinstance(order, range)
        dense = self.rate is not None and self.rate > self.dense_above
        # rows read at random: the float64 rows cost no more than a copy's
        single = self.can_single and not (dense or shuffled)
        if not shuffled:
            order = self.natural
        elif not self.measured:  # one pass in order, not the rows at random
            self._prepare(copy=False)
        if single and self.measured and not self.copied:
            self._prepare()
        pairs = dense and self.measured and not _signed_zeros(model)
        before = log.count
        position, n = 0, order.shape[0]
        # the first epoch: its first probe_rows samples say whether updates are dense
        probe = min(n, self.probe_rows) if self.rate is None else 0
        while position < n:
            self.box[0] = model.b
            samples, positions = log.room(n - position)  # the scans write into the log
            positions = self.positions if positions is None else positions
            if pairs:
                status, position, n_out = scan_pairs(
                    self.X, model.y, order, position, model.w, self.box, model.lr,
                    model.fit_bias, self.row_size, self.pair_tols, samples, positions,
                )  # fmt: skip
            else:
                stop = probe if position < probe else n
                status, position, n_out = self._scan(
                    model, order[:stop], position, single, samples, positions
                )
            model.b = float(self.box[0])
            log.commit(n_out)
            if status == OVERFLOW:
                raise overflow_error("a weight after the update", order[position], epoch)
            if status == NONFINITE:  # raises for NaN or infinity; scan then goes on
                self._check_finite()
            if status == UNDECIDED:  # the textbook's own expression decides
                textbook_step(model, order[position], position, epoch, log)
                position += 1
            if status == LEFTOVER:
                pairs = False
            if probe and position >= probe:  # dense from the start: go on by pairs
                if log.count - before > self.probe_dense_above * position:
                    if not self.measured:
                        self._prepare(copy=False)  # the float32 copy is left unmade
                    single, pairs = False, not _signed_zeros(model)
                probe = 0
        if not self.measured:
            self.measured = True
            self.copied = single  # filled in this epoch along with the lengths
        self.rate = (log.count - before) / max(n, 1)

    def _scan(self, model, order, position, single, samples, positions):
        """:func:`scan` from ``position``: in float32 if ``single`` and the copy is
        made, else in float64, measuring the rows (and filling the copy if
        ``single``) in the first epoch."""
        X32, fill = self.no_copy, not self.measured
        if single and self.copied:
            Xs, ws, tols = self.X32, self.w32, self.tols
        else:
            Xs, ws, tols = self.X, model.w, self.tols64
            if fill and single:
                X32 = self._copy_target()
        return scan(
            self.X, Xs, ws, model.y, order, position, model.w, self.box, model.lr,
            model.fit_bias, self.row_size, tols, samples, positions, fill, X32,
        )  # fmt: skip


def _signed_zeros(model) -> bool:
    """Whether a weight or the bias is ``-0.0``, which ``+ 0 * x`` would turn into 0."""
    w = model.w
    return bool(np.any(np.signbit(w) & (w == 0))) or (
        model.b == 0 and math.copysign(1, model.b) < 0
    )
