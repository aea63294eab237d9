"""The perceptron learning rule, written the way the book writes it."""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_bool,
    check_int,
    check_pm1_labels,
    check_random_state,
    check_real,
    check_vector,
    check_X,
)

__all__ = ["NotConvergedWarning", "TrainResult", "UpdateHistory", "predict", "train"]


class NotConvergedWarning(UserWarning):
    """Training stopped at its limit (``max_epochs`` for the perceptron and its variants,
    ``max_iter`` for gradient descent) before its stopping rule was met."""


@dataclass(frozen=True, repr=False)
class UpdateHistory:
    """Every update of a training run.

    Row ``k`` of ``w`` and entry ``k`` of ``b`` hold the weights after ``k`` updates, so
    ``w[0]``, ``b[0]`` is the starting point and ``w[-1]``, ``b[-1]`` the final weights.
    ``sample[k - 1]`` and ``epoch[k - 1]`` say which sample (its row in ``X``) triggered
    update ``k`` and in which epoch (counted from 1) it happened.
    """

    sample: np.ndarray
    epoch: np.ndarray
    w: np.ndarray
    b: np.ndarray

    def __len__(self) -> int:
        return int(self.sample.shape[0])

    def __repr__(self) -> str:
        return f"UpdateHistory(n_updates={len(self)}, n_features={self.w.shape[1]})"


@dataclass(frozen=True, repr=False)
class TrainResult:
    """What :func:`train` returns: the weights, how the run ended, and its history."""

    w: np.ndarray
    b: float
    converged: bool
    epochs: int
    n_updates: int
    mistakes_per_epoch: list[int]
    history: UpdateHistory = field(repr=False)

    def decision_function(self, X) -> np.ndarray:
        """Return ``X @ w + b``: the signed score, proportional to the distance."""
        X = check_X(X)
        if X.shape[1] != self.w.shape[0]:
            raise ValueError(
                f"X has {X.shape[1]} features but the weights have {self.w.shape[0]}; "
                "pass data with the features used in training"
            )
        return X @ self.w + self.b

    def predict(self, X) -> np.ndarray:
        """Return the labels ``sign(X @ w + b)`` in {-1, +1}, with +1 on the boundary."""
        return np.where(self.decision_function(X) >= 0, 1, -1)

    def __repr__(self) -> str:
        w = np.array2string(self.w, precision=4, threshold=6)
        return (
            f"TrainResult(converged={self.converged}, epochs={self.epochs}, "
            f"n_updates={self.n_updates}, w={w}, b={self.b:.6g})"
        )


def predict(X, w, b: float = 0.0) -> np.ndarray:
    """Classify the rows of ``X`` with the hyperplane ``w @ x + b = 0``.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    w : array of shape (n_features,)
    b : float, default 0.0

    Returns
    -------
    ndarray of shape (n_samples,)
        +1 where ``w @ x + b >= 0`` and -1 elsewhere. A point exactly on the
        hyperplane is assigned +1 here; the training rule treats it as a mistake.

    Examples
    --------
    >>> predict([[2.0, 1.0], [1.0, 3.0]], w=[-1.0, 1.0])
    array([-1,  1])
    """
    X = check_X(X)
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    return np.where(X @ w + b >= 0, 1, -1)


def train(
    X,
    y,
    *,
    w0=None,
    b0: float = 0.0,
    lr: float = 1.0,
    fit_bias: bool = True,
    max_epochs: int = 1000,
    shuffle: bool = False,
    random_state=None,
    method: str = "fast",
) -> TrainResult:
    """Train a perceptron with the classic mistake-driven rule.

    Samples are visited in order (re-permuted at the start of every epoch when
    ``shuffle=True``). Whenever ``y_i * (w @ x_i + b) <= 0`` the sample is a mistake and

    ``w += lr * y_i * x_i`` and, if ``fit_bias``, ``b += lr * y_i``.

    Training stops after the first epoch without a mistake, or after ``max_epochs``.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
        Finite real features.
    y : array of shape (n_samples,)
        Labels, only -1 and +1.
    w0 : array of shape (n_features,), optional
        Starting weights; zeros when omitted.
    b0 : float, default 0.0
        Starting bias. When ``fit_bias=False`` it stays fixed at this value.
    lr : float, default 1.0
        Learning rate (step size) η > 0.
    fit_bias : bool, default True
        Whether the bias is learned along with ``w``.
    max_epochs : int, default 1000
        Upper bound on the number of passes over the data.
    shuffle : bool, default False
        Visit the samples in a new random order in every epoch.
    random_state : None, int or numpy Generator
        Seed for the shuffling.
    method : {"fast", "textbook"}, default "fast"
        How the mistakes are found; both make the same updates in the same order and
        return bit-identical results. ``"textbook"`` visits the samples one by one, as
        above. ``"fast"`` scores a block of samples with one matrix-vector product,
        jumps to the first mistake, and decides every sample that the product cannot
        clear with the textbook's own expression (the source of
        ``perclab.perceptron`` explains why that is exact). It keeps a float32 copy of
        ``X``.

    Returns
    -------
    TrainResult
        ``w``, ``b``, ``converged``, ``epochs`` (the epochs run, counting the final
        clean one), ``n_updates``, ``mistakes_per_epoch`` and ``history``
        (an :class:`UpdateHistory` of every update).

    Raises
    ------
    ValueError
        If ``y`` holds anything but -1 and +1 (``{0, 1}`` labels: use ``2*y - 1``), if the
        shapes do not match, if the data hold NaN or infinity, or if ``method`` is
        neither ``"fast"`` nor ``"textbook"``.
    TypeError
        If a parameter has the wrong type.

    Warns
    -----
    NotConvergedWarning
        If the last epoch still had mistakes: the data may not be linearly separable.

    Examples
    --------
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> result = train(X, y)
    >>> result.converged, result.epochs, result.n_updates
    (True, 8, 18)
    >>> result.mistakes_per_epoch
    [6, 1, 2, 2, 4, 1, 2, 0]
    >>> result.history.w.shape  # the start plus one row per update
    (19, 2)
    >>> result.w, result.b
    (array([-4. ,  5.2]), -2.0)
    >>> textbook = train(X, y, method="textbook")
    >>> bool(np.array_equal(textbook.history.w, result.history.w))
    True
    """
    X = check_X(X)
    n_samples, n_features = X.shape
    y = check_pm1_labels(y, n_samples)
    w = np.zeros(n_features) if w0 is None else check_vector(w0, n_features, name="w0")
    b = check_real(b0, name="b0")
    lr = check_real(lr, name="lr", positive=True)
    fit_bias = check_bool(fit_bias, name="fit_bias")
    max_epochs = check_int(max_epochs, name="max_epochs", minimum=1)
    shuffle = check_bool(shuffle, name="shuffle")
    rng = check_random_state(random_state)

    method = _check_method(method)

    log = _UpdateLog(w, b)
    scan = _textbook_epoch if method == "textbook" else _BlockScan(X, y).epoch
    mistakes_per_epoch: list[int] = []
    converged = False
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(n_samples) if shuffle else range(n_samples)
        log.epoch = epoch
        updates_before = len(log.samples)
        b = scan(X, y, w, b, order, lr, fit_bias, log)
        mistakes = len(log.samples) - updates_before
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            converged = True
            break

    if not converged:
        warnings.warn(
            f"the perceptron did not converge in max_epochs={max_epochs} epochs "
            f"({mistakes_per_epoch[-1]} mistakes in the last one); the data may not be "
            "linearly separable. Raise max_epochs if they are, or use a variant made for "
            "non-separable data.",
            NotConvergedWarning,
            stacklevel=2,
        )
    return TrainResult(
        w=w,
        b=float(b),
        converged=converged,
        epochs=len(mistakes_per_epoch),
        n_updates=len(log.samples),
        mistakes_per_epoch=mistakes_per_epoch,
        history=log.history(),
    )


_METHODS = ("fast", "textbook")


def _check_method(method) -> str:
    """Return ``method`` if it names one of train's two methods."""
    if not isinstance(method, str):
        raise TypeError(f'method must be the string "fast" or "textbook", got {method!r}')
    if method not in _METHODS:
        raise ValueError(
            f'method must be "fast" or "textbook", got {method!r}; both make the same '
            'updates: "fast" (the default) checks many samples at once, "textbook" one '
            "at a time"
        )
    return method


class _UpdateLog:
    """The update history as it grows: cheap list appends, one copy of ``w`` each."""

    def __init__(self, w: np.ndarray, b: float):
        self.samples: list[int] = []
        self.epochs: list[int] = []
        self.w = [w.copy()]
        self.b = [b]
        self.epoch = 0  # the epoch being run, set by train

    def record(self, i, w: np.ndarray, b: float) -> None:
        self.samples.append(i)
        self.epochs.append(self.epoch)
        self.w.append(w.copy())
        self.b.append(b)

    def history(self) -> UpdateHistory:
        return UpdateHistory(
            sample=np.asarray(self.samples, dtype=np.intp),
            epoch=np.asarray(self.epochs, dtype=np.intp),
            w=np.vstack(self.w),
            b=np.asarray(self.b, dtype=float),
        )


def _textbook_epoch(X, y, w, b, order, lr, fit_bias, log):
    """One pass over the data, sample by sample, as the book writes it.

    Updates ``w`` in place, records every update in ``log`` and returns the new ``b``.
    """
    for i in order:
        x_i, y_i = X[i], y[i]
        if y_i * (w @ x_i + b) <= 0:
            w += lr * y_i * x_i
            if fit_bias:
                b += lr * y_i
            log.record(i, w, b)
    return b


class _BlockScan:
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
    positive textbook margin ``y_i * (w @ x_i + b)``: it is cleared. Every other sample
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

    def __init__(self, X: np.ndarray, y: np.ndarray):
        n_features = X.shape[1]
        self.X, self.y = X, y
        row_size = np.sqrt(np.einsum("ij,ij->i", X, X) + 1.0)
        self.max_row_size = float(row_size.max())
        self.can_clear = self.max_row_size < self.float32_limit
        if self.can_clear:
            self.X32 = X.astype(np.float32)
            self.scales32 = (y / row_size).astype(np.float32)
            self.rows, self.scales = self.X32, self.scales32  # in this epoch's order
        self.rel_tol = 2.0 * (n_features + 6) * math.sqrt(n_features + 1) * 2.0**-24
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
        threshold = self.rel_tol * size + 2.0**-100
        return w.astype(np.float32), np.float32(b), np.float32(threshold)

    def _arrange(self, order) -> None:
        """Put the float32 rows and scales in this epoch's order (copies if shuffled)."""
        if not self.can_clear:
            return
        if isinstance(order, range):
            self.rows, self.scales = self.X32, self.scales32
            return
        if self.rows is self.X32:
            self.rows, self.scales = np.empty_like(self.X32), np.empty_like(self.scales32)
        np.take(self.X32, order, axis=0, out=self.rows)
        np.take(self.scales32, order, out=self.scales)

    def _suspects(self, start, stop, clearing):
        """Offsets from ``start`` of the samples in ``start:stop`` not cleared."""
        w32, b32, threshold = clearing
        # Some BLAS builds raise a spurious "invalid value" flag in float32 products; a
        # NaN or infinite margin could only ever make a sample a suspect, never clear it,
        # because the textbook's own test decides every suspect.
        with np.errstate(invalid="ignore", over="ignore"):
            margins = self.rows[start:stop] @ w32
            margins += b32
            margins *= self.scales[start:stop]
        return np.flatnonzero(~(margins > threshold))

    def _block_size(self) -> int:
        best = int(math.sqrt(2.0 * self.overhead_rows * max(self.gap, self.run)))
        return min(max(best, self.min_block), self.max_block)

    def _count_mistake_after(self, clean: int) -> None:
        """Update the estimated gap: a mistake came ``clean`` samples after the block
        started (and ``run`` samples before it)."""
        self.gap = 0.75 * self.gap + 0.25 * (self.run + clean + 1)
        self.run = 0

    def epoch(self, X, y, w, b, order, lr, fit_bias, log):
        """One pass with the same updates as :func:`_textbook_epoch`; returns ``b``."""
        self._arrange(order)
        start, n_samples = 0, len(order)
        while start < n_samples:
            if max(self.gap, self.run) < self.min_block:  # mistakes are dense
                start, b = self._one_at_a_time(X, y, w, b, order, start, lr, fit_bias, log)
                continue
            stop = min(start + self._block_size(), n_samples)
            offset = self._first_mistake(X, y, w, b, order, start, stop)
            if offset is None:
                self.run += stop - start
                start = stop
                continue
            i = order[start + offset]
            x_i, y_i = X[i], y[i]
            w += lr * y_i * x_i  # the textbook's update
            if fit_bias:
                b += lr * y_i
            log.record(i, w, b)
            self.clearing = None
            self._count_mistake_after(offset)
            start += offset + 1
        return b

    def _first_mistake(self, X, y, w, b, order, start, stop):
        """Offset from ``start`` of the first mistake in ``start:stop``, or None."""
        if self.clearing is None:
            self.clearing = self._clearing(w, b)
        if self.clearing is False:  # float32 could overflow: check every sample
            offsets = range(stop - start)
        else:
            offsets = self._suspects(start, stop, self.clearing)
        for offset in offsets:
            i = order[start + offset]
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:  # the textbook's own test decides
                return int(offset)
        return None

    def _one_at_a_time(self, X, y, w, b, order, start, lr, fit_bias, log):
        """The textbook loop from ``start`` while mistakes stay dense; returns the
        position after the last sample checked, and ``b``."""
        for position in range(start, len(order)):
            i = order[position]
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:
                w += lr * y_i * x_i
                if fit_bias:
                    b += lr * y_i
                log.record(i, w, b)
                self.clearing = None
                self._count_mistake_after(0)
            else:
                self.run += 1
                if self.run >= self.min_block:  # no longer dense: score blocks
                    return position + 1, b
        return len(order), b
