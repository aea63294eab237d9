"""The NumPy fast path: the textbook's decisions, found a block of samples at a time.

Used by :mod:`perclab.engine` when numba is not installed (and for tiny data sets).
"""

from __future__ import annotations

import math

import numpy as np

from perclab.models import is_mistake, overflow_error, textbook_step


class BlockScan:
    """The fast path: the textbook's decisions, found a block of samples at a time.

    The weights change only at a mistake, so between two mistakes every sample is scored
    with the same ``(w, b)``. The scan scores a block of samples with one matrix-vector
    product, jumps to the first mistake, updates, and goes on from the sample after it.

    **Exact.** The block product only *clears* samples; it never decides a mistake. It
    runs in single precision, on a float32 copy of ``X`` (half the memory to read), so
    its margins differ from the textbook's. For any order of summation, with or without
    FMA, the float32 score of sample i differs from the exact ``w @ x_i + b`` by at
    most about ``(n_features + 5) * 2**-24 * S_i``, where ``S_i = sum_j |w_j x_ij| +
    |b|``, and the textbook's float64 score by far less; underflow adds at most about
    ``(n_features + 2) * 2**-149 * (size + row_size[i])``. By Cauchy-Schwarz,
    ``S_i <= sqrt(n_features + 1) * size * row_size[i]``, where ``size`` is the largest
    of ``|w_j|`` and ``|b|`` and ``row_size[i]`` the length of ``(x_i, 1)``. The block
    margins are divided by ``row_size`` (which keeps their signs), so one threshold
    serves every row:
    ``threshold = 2 (n_features + 6) sqrt(n_features + 1) 2**-24 size + 2**-100``,
    about twice the bound. A sample whose scaled block margin is above it has a
    positive textbook margin ``y_i * (w @ x_i + b)``: it is cleared. A rule with a
    threshold ``t`` other than 0 (a mistake when the margin is ``<= t``) subtracts
    ``t / row_size[i]``, rounded to float32 (a relative error of at most ``2**-23``,
    and ``t / row_size[i] <= |t|``), and adds ``2**-21 |t| + 2**-100`` to the
    threshold, which covers that rounding and the subtraction's. Every other sample
    is decided by the textbook's own expression on the same float64 arrays, so every
    decision is the textbook's, ties and near-ties included. When ``size *
    max(row_size) >= 2**100`` float32 could overflow, and every sample is decided by
    that expression.

    **Fast.** Block sizes adapt to how often mistakes occur. The scan keeps an estimate
    ``gap`` of the distance between mistakes (a moving average, raised by every clean
    stretch). Where mistakes are dense (``gap < min_block``) it checks samples one at a
    time, like the textbook loop. Otherwise a block costs a fixed overhead, worth
    ``overhead_rows`` rows, plus one row per sample, and the rows scored after a mistake
    are wasted, which makes ``sqrt(2 * overhead_rows * gap)`` the block size of least
    expected cost.
    """

    min_block = 8
    max_block_elements = 2**20  # a block holds at most this many entries of X
    float32_limit = 2.0**100  # below it, float32 neither overflows nor loses the bound

    def __init__(self, model):
        X, y, t = model.X, model.y, float(model.threshold)
        n_features = X.shape[1]
        self.X, self.y = X, y
        row_size = np.sqrt(np.einsum("ij,ij->i", X, X) + 1.0)
        self.max_row_size = float(row_size.max())
        limit = self.float32_limit
        self.can_clear = self.max_row_size < limit and abs(t) < limit
        self.offsets32 = None  # t / row_size, when the threshold t != 0
        self.order, self.buffer = None, None  # a shuffled epoch's order; its rows
        if self.can_clear:
            self.X32 = X.astype(np.float32)
            self.scales32 = (y / row_size).astype(np.float32)
            if t != 0:
                self.offsets32 = (t / row_size).astype(np.float32)
        self.rel_tol = 2.0 * (n_features + 6) * math.sqrt(n_features + 1) * 2.0**-24
        self.abs_tol = 2.0**-100 + (2.0**-21 * abs(t) + 2.0**-100 if t != 0 else 0.0)
        self.max_block = max(self.min_block, self.max_block_elements // n_features)
        # about 10 us a block against (4 + 0.2 * n_features) ns a row
        self.overhead_rows = 50_000 // (20 + n_features)
        self.gap = 1.0  # estimated distance between mistakes
        self.run = 0  # samples checked since the last mistake
        self.clearing = None  # _clearing(w, b) for the current w, b; None: not yet

    def _clearing(self, w: np.ndarray, b):
        """``(w, b, threshold)`` in float32 for the block product, or False if it
        cannot clear any sample (float32 could overflow)."""
        # NaN or infinity in w makes size NaN or infinite (a NaN goes first in max), and
        # the test below fails for both; b stays finite or infinite (lr is finite)
        size = max(float(np.abs(w).max()), abs(float(b)))
        if not (self.can_clear and size * self.max_row_size < self.float32_limit):
            return False
        threshold = self.rel_tol * size + self.abs_tol
        return w.astype(np.float32), np.float32(b), np.float32(threshold)

    def _arrange(self, order) -> None:
        """Note this epoch's order: a shuffled one is read block by block, each block's
        rows gathered into one reused buffer (X itself is never copied whole)."""
        self.order = None if isinstance(order, range) else np.asarray(order)

    def _suspects(self, start, stop, clearing):
        """Offsets from ``start`` of the samples in ``start:stop`` not cleared."""
        w32, b32, threshold = clearing
        if self.order is None:  # the natural order
            rows, scales = self.X32[start:stop], self.scales32[start:stop]
            offsets = None if self.offsets32 is None else self.offsets32[start:stop]
        else:
            samples = self.order[start:stop]
            if self.buffer is None:
                self.buffer = np.empty((self.max_block, self.X32.shape[1]), np.float32)
            rows = np.take(self.X32, samples, axis=0, out=self.buffer[: stop - start])
            scales = self.scales32[samples]
            offsets = None if self.offsets32 is None else self.offsets32[samples]
        # Some BLAS builds raise a spurious "invalid value" flag in float32 products; a
        # NaN or infinite margin could only ever make a sample a suspect, never clear it,
        # because the textbook's own test decides every suspect.
        with np.errstate(invalid="ignore", over="ignore"):
            margins = rows @ w32
            margins += b32
            margins *= scales
            if offsets is not None:  # the rule's threshold t, scaled as the margins
                margins -= offsets
        return np.flatnonzero(~(margins > threshold))

    def _block_size(self) -> int:
        best = int(math.sqrt(2.0 * self.overhead_rows * max(self.gap, self.run)))
        return min(max(best, self.min_block), self.max_block)

    def _count_mistake_after(self, clean: int) -> None:
        """Update the estimated gap: a mistake came ``clean`` samples after the block
        started (and ``run`` samples before it)."""
        self.gap = 0.75 * self.gap + 0.25 * (self.run + clean + 1)
        self.run = 0

    def epoch(self, model, order, epoch, log) -> None:
        """One pass with the same updates as the textbook's epoch."""
        self._arrange(order)
        start, n_samples = 0, len(order)
        while start < n_samples:
            if max(self.gap, self.run) < self.min_block:  # mistakes are dense
                start = self._one_at_a_time(model, order, start, epoch, log)
                continue
            stop = min(start + self._block_size(), n_samples)
            offset = self._first_mistake(model, order, start, stop, epoch)
            if offset is None:
                self.run += stop - start
                start = stop
                continue
            i = order[start + offset]
            if not model.update(i):  # the textbook's update
                raise overflow_error("a weight after the update", int(i), epoch)
            log.record(i, start + offset)
            self.clearing = None
            self._count_mistake_after(offset)
            start += offset + 1

    def _first_mistake(self, model, order, start, stop, epoch):
        """Offset from ``start`` of the first mistake in ``start:stop``, or None."""
        if self.clearing is None:
            self.clearing = self._clearing(model.w, model.b)
        if self.clearing is False:  # float32 could overflow: check every sample
            offsets = range(stop - start)
        else:
            offsets = self._suspects(start, stop, self.clearing)
        for offset in offsets:
            if is_mistake(model, order[start + offset], epoch):  # the textbook's test
                return int(offset)
        return None

    def _one_at_a_time(self, model, order, start, epoch, log):
        """The textbook loop from ``start`` while mistakes stay dense; returns the
        position after the last sample checked."""
        for position in range(start, len(order)):
            before = log.count
            textbook_step(model, order[position], position, epoch, log)
            if log.count > before:
                self.clearing = None
                self._count_mistake_after(0)
            else:
                self.run += 1
                if self.run >= self.min_block:  # no longer dense: score blocks
                    return position + 1
        return len(order)
