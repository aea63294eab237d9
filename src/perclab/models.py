"""The models that :func:`perclab.engine.run` trains: each owns its rule.

A model says how sure it is of sample ``i`` (``margin(i)``), when that is a mistake
(``margin(i) <= threshold``), what an update does (``update(i)``) and how to rebuild
the weights after every update from the samples that triggered them (``replay``). The
three sit side by side in one class, so a rule is read, and changed, in one place.

A fast path (``perclab._blocks``, ``perclab._compiled``) implements one rule: the
linear one of :class:`LinearModel`, with the model's own ``threshold``. It serves only
the classes in ``FAST_PATH_MODELS``, by exact class: a subclass that overrides
``margin``, ``update`` or ``replay`` runs the textbook loop, whatever its parents
allow. :func:`serve_fast_paths` adds a class that keeps the linear rule.

Changing the linear rule touches two files: a new mistake test (another ``threshold``)
only the model class, which every path reads; a new update this module
(``LinearModel.update`` and ``replay``, side by side) and ``perclab._compiled``,
whose compiled loop makes the update itself. The block scan calls ``update``.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "FAST_PATH_MODELS",
    "LinearModel",
    "Model",
    "TrainingOverflowError",
    "is_mistake",
    "overflow_error",
    "serve_fast_paths",
    "textbook_epoch",
    "textbook_step",
]


class TrainingOverflowError(FloatingPointError):
    """A margin or a weight became infinite or NaN during training."""


def overflow_error(what: str, sample: int, epoch: int) -> TrainingOverflowError:
    return TrainingOverflowError(
        f"training overflowed: {what} (sample {sample}, epoch {epoch}) is infinite "
        "or NaN; scale the data (e.g. standardise the columns of X) or lower the "
        "learning rate lr"
    )


class Model:
    """What :func:`perclab.engine.run` needs of a model: labels ``y``, ``margin(i)``,
    ``update(i)`` (False if it left a weight infinite or NaN) and the ``threshold`` at
    or below which a margin is a mistake. ``replay`` rebuilds the weights after each
    update; a model without weights to rebuild returns None."""

    threshold = 0.0

    def margin(self, i) -> float:
        """Sample ``i``'s functional margin under the current weights (for the data
        set's functional margins see :func:`perclab.losses.functional_margins`, for its
        geometric margin :func:`perclab.margin`)."""
        raise NotImplementedError

    def update(self, i) -> bool:
        raise NotImplementedError

    def replay(self, sample):
        return None


class LinearModel(Model):
    """The textbook perceptron: ``margin(i) = y_i * (w @ x_i + b)``, a mistake when it
    is ``<= threshold`` (0), and an update adds ``lr * y_i * x_i`` to ``w`` (and
    ``lr * y_i`` to ``b`` when ``fit_bias``)."""

    def __init__(self, X, y, w, b, lr, fit_bias):
        self.X, self.y, self.w, self.b = X, y, w, b
        self.lr, self.fit_bias = lr, fit_bias
        self.w0, self.b0 = w.copy(), b  # the start, to rebuild the history from

    def margin(self, i) -> float:
        x_i, y_i, w, b = self.X[i], self.y[i], self.w, self.b
        return y_i * (w @ x_i + b)

    def update(self, i) -> bool:
        x_i, y_i = self.X[i], self.y[i]
        self.w += self.lr * y_i * x_i
        if self.fit_bias:
            self.b += self.lr * y_i
        return math.isfinite(self.b) and bool(np.isfinite(self.w).all())

    def replay(self, sample) -> tuple[np.ndarray, np.ndarray]:
        """The weights after each update made on ``sample`` (row 0: the start):
        ``w_k = w_{k-1} + (lr * y_i) * x_i`` as a running sum in the loop's own order,
        so the rows are bit for bit the weights the loop held."""
        steps = self.lr * self.y[sample]  # lr * y_i, as update computes it
        w = np.empty((len(sample) + 1, self.X.shape[1]))
        w[0] = self.w0
        np.multiply(steps[:, None], self.X[sample], out=w[1:])
        np.cumsum(w, axis=0, out=w)
        b = np.full(len(sample) + 1, self.b0)
        if self.fit_bias:
            b[1:] = steps
            np.cumsum(b, out=b)
        return w, b


FAST_PATH_MODELS = {LinearModel}  # the classes whose rule the fast paths implement


def serve_fast_paths(cls):
    """Let the fast paths train ``cls``, a :class:`LinearModel` that keeps its rule
    (it may change ``threshold``, not ``margin``, ``update`` or ``replay``)."""
    if not (isinstance(cls, type) and issubclass(cls, LinearModel)):
        raise TypeError(f"the fast paths serve LinearModel subclasses only, got {cls!r}")
    changed = [
        name
        for name in ("margin", "update", "replay")
        if getattr(cls, name) is not getattr(LinearModel, name)
    ]
    if changed:
        raise TypeError(
            f"the fast paths implement LinearModel's rule; {cls.__name__} changes "
            f"{', '.join(changed)}: train it with the textbook loop"
        )
    FAST_PATH_MODELS.add(cls)
    return cls


def is_mistake(model, i, epoch) -> bool:
    """The textbook's test of sample ``i``: ``margin(i) <= threshold``."""
    margin = model.margin(i)
    if not math.isfinite(margin):
        raise overflow_error("the margin y_i * (w @ x_i + b)", int(i), epoch)
    return margin <= model.threshold


def textbook_step(model, i, position, epoch, log) -> None:
    """The textbook's test and update for one sample."""
    if is_mistake(model, i, epoch):
        if not model.update(i):
            raise overflow_error("a weight after the update", int(i), epoch)
        log.record(i, position)


def textbook_epoch(model, order, epoch, log) -> None:
    """One pass over the data, sample by sample, as the book writes it."""
    for position, i in enumerate(order):
        textbook_step(model, i, position, epoch, log)
