"""The perceptron loop that :func:`perclab.train` and every variant share.

One epoch visits the samples in order (or in a fresh permutation when shuffling) and
runs the textbook rule on each::

    if y_i * (w @ x_i + b) <= 0:      # a mistake (a tie counts as one)
        w += lr * y_i * x_i
        b += lr * y_i                 # when the bias is learned

:func:`run` repeats epochs until one is clean (or until ``max_epochs``), records which
sample triggered each update, counts the mistakes of every epoch and warns when it
stopped at its limit. A variant plugs in through two small hooks instead of copying
the loop:

* a *model* (:mod:`perclab.models`) with ``margin(i)`` (the left-hand side
  ``y_i * (w @ x_i + b)``), the ``threshold`` at or below which it is a mistake,
  ``update(i)`` and ``replay``; :class:`LinearModel` is the textbook's, the kernel
  perceptron brings its own dual one;
* ``on_epoch_end(model)``, called after every epoch, which may end the run.

Everything a variant keeps about the run (the weights after each update, how long each
survived) follows from the :class:`UpdateHistory`, which stores only the sample and
position of each update and rebuilds the weights when they are asked for.

Three scans run the linear model's epochs, all making the textbook's decisions in the
textbook's order, bit for bit (the tests compare them). The two fast ones implement
the linear rule with the model's threshold, and serve only the model classes in
``perclab.models.FAST_PATH_MODELS`` (by exact class); every other model runs the
textbook loop:

* ``"textbook"``: the loop above, in Python;
* ``"compiled"``: the same loop compiled with numba (``perclab._compiled``), used
  when numba is installed; epoch by epoch it scores in float64 or, for a large ``X``
  visited in order with rare updates over enough epochs, in float32, and where
  updates are dense it decides two samples at a time; a shuffled epoch reads the
  rows of ``X`` where they are, in its order. Measuring each row's length as it
  first meets it is also its test for NaN and infinity, which the front door then
  leaves to it;
* ``"blocks"``: a NumPy scan that clears blocks of samples with one matrix product
  (``perclab._blocks``), used without numba.

A non-finite margin or weight is an error, never a clean epoch: training raises
:class:`TrainingOverflowError`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from perclab.classifier import summary_repr
from perclab.models import (
    FAST_PATH_MODELS,
    LinearModel,
    TrainingOverflowError,
    textbook_epoch,
)

__all__ = [
    "CycleWatch",
    "LinearModel",
    "NotConvergedWarning",
    "Run",
    "TrainingOverflowError",
    "UpdateHistory",
    "run",
]

HISTORY_BUDGET_BYTES = 2 * 2**30  # the most memory the rebuilt weights may take
NOT_SEPARABLE_HINT = (
    "the data may not be linearly separable. Raise max_epochs if they are, or use a "
    "variant made for non-separable data."
)
_COMPILED_MIN_ENTRIES = 4096  # smaller data: the compiled loop is not worth loading
METHODS = ("fast", "textbook", "compiled", "blocks")  # train's method=: the scans


class NotConvergedWarning(UserWarning):
    """Training stopped at its limit (``max_epochs`` for the perceptron and its variants,
    ``max_iter`` for gradient descent) before its stopping rule was met."""


# --------------------------------------------------------------------------- history


class UpdateHistory:
    """Every update of a training run.

    Row ``k`` of ``w`` and entry ``k`` of ``b`` hold the weights after ``k`` updates, so
    ``w[0]``, ``b[0]`` is the starting point and ``w[-1]``, ``b[-1]`` the final weights.
    ``sample[k - 1]`` and ``epoch[k - 1]`` say which sample (its row in ``X``) triggered
    update ``k`` and in which epoch (counted from 1) it happened.

    **Stored compactly.** A run records only the sample and the position in its epoch
    of each update (8 bytes per update; ``epoch`` follows from the mistakes per
    epoch). ``w`` and ``b`` are rebuilt the first time
    they are read, by replaying the updates: ``w_k = w_{k-1} + (lr * y_i) * x_i`` is a
    running sum in the loop's own order, so the rebuilt rows are bit for bit the weights
    the loop held. Rebuilding takes ``(n_updates + 1) * (n_features + 1)`` floats; more
    than ``HISTORY_BUDGET_BYTES`` (2 GiB) is refused with a ``MemoryError``.
    """

    def __init__(
        self, sample, epoch=None, w=None, b=None, *, model=None, position=None,
        mistakes_per_epoch=None,
    ):  # fmt: skip
        self.sample = np.asarray(sample)
        self._epoch = None if epoch is None else np.asarray(epoch, dtype=np.intp)
        self._mistakes_per_epoch = mistakes_per_epoch  # to rebuild epoch from
        self.position = position
        self._w = None if w is None else np.asarray(w, dtype=float)
        self._b = None if b is None else np.asarray(b, dtype=float)
        self._model = model  # its replay rebuilds w and b
        # the final w, which the rebuilt history must end with
        self._final = None if model is None else np.array(model.w, copy=True)

    def __len__(self) -> int:
        return int(self.sample.shape[0])

    @property
    def epoch(self) -> np.ndarray:
        if self._epoch is None:
            counts = self._mistakes_per_epoch
            self._epoch = np.repeat(np.arange(1, len(counts) + 1, dtype=np.intp), counts)
        return self._epoch

    @property
    def w(self) -> np.ndarray:
        if self._w is None:
            self._rebuild()
        return self._w

    @property
    def b(self) -> np.ndarray:
        if self._b is None:
            self._rebuild()
        return self._b

    @property
    def n_features(self) -> int:
        return int(self._model.X.shape[1] if self._w is None else self._w.shape[1])

    def _rebuild(self) -> None:
        rows, n_features = len(self) + 1, self.n_features
        needed = rows * (n_features + 1) * 8
        if needed > HISTORY_BUDGET_BYTES:
            raise MemoryError(
                f"rebuilding the weights of {rows - 1} updates takes {needed / 2**30:.1f} "
                f"GiB, over the {HISTORY_BUDGET_BYTES / 2**30:g} GiB budget; train for "
                "fewer epochs, or use sample and epoch, which are stored"
            )
        w, b = self._model.replay(self.sample)  # the model's own update, replayed
        if self._final is not None and not np.array_equal(w[-1], self._final):
            raise RuntimeError(
                "the update history cannot be rebuilt: X was changed in place after "
                "training; train again, or pass a copy of X to train"
            )
        self._w, self._b = w, b

    def __repr__(self) -> str:
        return summary_repr(self, n_updates=len(self), n_features=self.n_features)


# ------------------------------------------------------------------------- the loop


class _Log:
    """The updates as they happen: the sample and the position in its epoch of each
    (in the natural order the position is the sample, and is not stored twice).

    They are stored in one array for each, grown by doubling. A scan that finds many
    updates at once writes them straight into it: :meth:`room` gives it the free
    entries, :meth:`commit` keeps those it wrote. :meth:`arrays` returns views, which
    keep the spare room too (at most two entries per sample, plus as many as the
    updates take)."""

    def __init__(self, n_samples: int, natural_order: bool = False):
        self.dtype = np.int32 if n_samples < 2**31 else np.int64
        self.natural_order = natural_order
        self._samples = np.empty(0, self.dtype)  # entries [:stored] hold updates
        self._positions = None if natural_order else np.empty(0, self.dtype)
        self.stored = 0
        self.samples: list[int] = []  # recorded one at a time, not yet stored
        self.positions: list[int] = []
        self.count = 0  # stored or not

    def record(self, i, position) -> None:
        self.samples.append(int(i))
        self.positions.append(int(position))
        self.count += 1

    def room(self, size: int) -> tuple[np.ndarray, np.ndarray | None]:
        """Views of the next ``size`` free entries for samples and for positions (None
        in the natural order), for a scan to write updates into from entry 0."""
        self._flush()
        self._reserve(size)
        end = self.stored + size
        positions = None if self.natural_order else self._positions[self.stored : end]
        return self._samples[self.stored : end], positions

    def commit(self, n_updates: int) -> None:
        """Keep the first ``n_updates`` entries written into :meth:`room`'s views."""
        self.stored += n_updates
        self.count += n_updates

    def _reserve(self, size: int) -> None:
        end = self.stored + size
        if end > self._samples.shape[0]:
            capacity = max(end, 2 * self._samples.shape[0])
            self._samples = _grown(self._samples, self.stored, capacity)
            if not self.natural_order:
                self._positions = _grown(self._positions, self.stored, capacity)

    def _flush(self) -> None:
        if self.samples:
            end = self.stored + len(self.samples)
            self._reserve(len(self.samples))
            self._samples[self.stored : end] = self.samples
            if not self.natural_order:
                self._positions[self.stored : end] = self.positions
            self.stored = end
            self.samples, self.positions = [], []

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The samples and the positions of every update."""
        self._flush()
        samples = self._samples[: self.stored]
        if self.natural_order:
            return samples, samples
        return samples, self._positions[: self.stored]


def _grown(array: np.ndarray, used: int, capacity: int) -> np.ndarray:
    """A new array of ``capacity`` entries that starts with ``array[:used]``."""
    grown = np.empty(capacity, array.dtype)
    grown[:used] = array[:used]
    return grown


@dataclass
class Run:
    """What :func:`run` returns: the model at the end and what the loop counted."""

    model: object
    converged: bool
    mistakes_per_epoch: list
    history: UpdateHistory

    @property
    def epochs(self) -> int:
        return len(self.mistakes_per_epoch)

    @property
    def n_updates(self) -> int:
        return len(self.history)

    def steps(self) -> np.ndarray:
        """The step (counted from 0 over the whole run) of each update."""
        n_samples = self.model.y.shape[0]
        epoch = self.history.epoch.astype(np.int64)
        return (epoch - 1) * n_samples + self.history.position


class CycleWatch:
    """An ``on_epoch_end`` hook that ends a run once it repeats itself exactly.

    With the samples visited in a fixed order, the weights at the end of an epoch decide
    every later epoch: once they equal the weights at the end of an earlier epoch, the
    run repeats the epochs in between for ever. Brent's algorithm finds the repetition
    keeping one earlier state (compared bit for bit), at most about twice as many epochs
    after it began. The hook then lets the run go on for one more period, so that every
    weight vector of the cycle has been seen, each with its whole run of correct
    classifications, and ends it: a variant that keeps the best weights seen (the
    pocket) ends with what ``max_epochs`` epochs would give it. ``period`` is the
    length of the cycle in epochs, None until one is found.
    """

    def __init__(self, model):
        self.saved, self.power, self.length = self._state(model), 1, 0
        self.period, self.stop_after = None, None

    @staticmethod
    def _state(model):
        return model.w.tobytes(), np.float64(model.b).tobytes()

    def __call__(self, model) -> bool:
        if self.stop_after is not None:
            self.stop_after -= 1
            return self.stop_after == 0
        state = self._state(model)
        self.length += 1
        if state == self.saved:  # back where it was `length` epochs ago
            self.period = self.stop_after = self.length
            return False
        if self.length == self.power:  # Brent: keep every power-of-two-th state
            self.saved, self.power, self.length = state, 2 * self.power, 0
        return False


def run(
    model,
    *,
    max_epochs: int,
    shuffle: bool,
    rng: np.random.Generator,
    stop_when_clean: bool = True,
    on_epoch_end=None,
    warn: str | None = None,
    hint: str = NOT_SEPARABLE_HINT,
    method: str = "fast",
    stacklevel: int = 3,
) -> Run:
    """Run epochs of the perceptron rule on ``model`` until a clean one.

    Parameters
    ----------
    model : LinearModel or an object with ``margin(i)``, ``update(i)``, ``y``
    max_epochs : int
    shuffle : bool
        Visit the samples in ``rng.permutation(n_samples)``, drawn afresh every epoch.
    rng : numpy Generator
    stop_when_clean : bool, default True
        Stop after the first epoch without a mistake.
    on_epoch_end : callable, optional
        ``on_epoch_end(model)`` after every epoch; a true result ends the run.
    warn : str, optional
        If given and the run stopped at ``max_epochs`` with mistakes in its last epoch,
        warn with :class:`NotConvergedWarning`; ``warn`` names the algorithm and
        ``hint`` says what that may mean.
    method : {"fast", "textbook", "compiled", "blocks"}
        How the linear model's epochs are scanned, as :func:`perclab.train` names it
        (other models: always "textbook").
        "fast" is "compiled" when numba is installed and the data are not tiny,
        "blocks" otherwise. All make the same updates.
    stacklevel : int, default 3
        Where the warning points: 3 is the caller of the function that called run.
    """
    n_samples = model.y.shape[0]
    epoch_scan = _scanner(model, method, max_epochs)
    log = _Log(n_samples, natural_order=not shuffle)
    mistakes_per_epoch, converged, stopped = [], False, False
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(n_samples) if shuffle else range(n_samples)
        before = log.count
        with np.errstate(over="ignore", invalid="ignore"):  # detected and raised below
            epoch_scan(model, order, epoch, log)
        mistakes_per_epoch.append(log.count - before)
        converged = stop_when_clean and mistakes_per_epoch[-1] == 0
        stopped = on_epoch_end is not None and bool(on_epoch_end(model))
        if converged or stopped:
            break

    if warn is not None and not (converged or stopped) and mistakes_per_epoch[-1] > 0:
        warnings.warn(
            f"{warn} did not converge in max_epochs={max_epochs} epochs "
            f"({mistakes_per_epoch[-1]} mistakes in the last one); {hint}",
            NotConvergedWarning,
            stacklevel=stacklevel,
        )
    samples, positions = log.arrays()
    history = UpdateHistory(
        samples,
        model=model if isinstance(model, LinearModel) else None,
        position=positions,
        mistakes_per_epoch=mistakes_per_epoch,
    )
    return Run(model, converged, mistakes_per_epoch, history)


def _scanner(model, method, max_epochs=None):
    scan = _scan_name(type(model), method, model.X.size if hasattr(model, "X") else 0)
    if scan == "textbook":
        return textbook_epoch  # a fast path serves only the rule it implements
    if scan == "compiled":
        if not compiled_available():
            raise ImportError(
                'method="compiled" needs numba, which is not installed; install it '
                '(pip install numba) or use method="fast", which works without it'
            )
        from perclab._compiled import CompiledScan

        return CompiledScan(model, max_epochs).epoch
    from perclab._blocks import BlockScan

    return BlockScan(model).epoch


def _scan_name(model_class, method: str, size: int) -> str:
    """The scan ("textbook", "compiled" or "blocks") that :func:`run` uses for a model
    of ``model_class`` on an ``X`` of ``size`` entries."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if model_class not in FAST_PATH_MODELS or method == "textbook":
        return "textbook"
    if method == "fast":
        big = size >= _COMPILED_MIN_ENTRIES
        return "compiled" if big and compiled_available() else "blocks"
    return method


def scan_checks_finite(model_class, method: str, size: int) -> bool:
    """Whether :func:`run` will scan a model of ``model_class`` on an ``X`` of ``size``
    entries with the compiled scan, which tests each row of ``X`` for NaN and infinity
    before it uses it (as it measures the row's length), so that the caller need not
    read ``X`` once more to test it (:func:`perclab.perceptron.fit_linear`)."""
    return _scan_name(model_class, method, size) == "compiled" and compiled_available()


def compiled_available() -> bool:
    """Whether numba can be imported (it is then used for the linear model's loop)."""
    global _NUMBA
    if _NUMBA is None:
        try:
            import numba  # noqa: F401
        except ImportError:
            _NUMBA = False
        else:
            _NUMBA = True
    return _NUMBA


_NUMBA = None  # unknown until first asked
