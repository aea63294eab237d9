"""The perceptron learning rule, written the way the book writes it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_bool,
    check_finite,
    check_int,
    check_pm1_labels,
    check_random_state,
    check_real,
    check_vector,
    check_X,
)
from perclab.classifier import LinearClassifier, labels, summary_repr
from perclab.engine import (
    METHODS,
    LinearModel,
    NotConvergedWarning,
    Run,
    TrainingOverflowError,
    UpdateHistory,
    run,
    scan_checks_finite,
)

__all__ = [
    "NotConvergedWarning",
    "TrainResult",
    "TrainingOverflowError",
    "UpdateHistory",
    "predict",
    "train",
]


@dataclass(frozen=True, repr=False)
class TrainResult(LinearClassifier):
    """What :func:`train` returns: the weights, how the run ended, and its history."""

    w: np.ndarray
    b: float
    converged: bool
    epochs: int
    n_updates: int
    mistakes_per_epoch: list[int]
    history: UpdateHistory = field(repr=False)

    def __repr__(self) -> str:
        return summary_repr(self, "converged", "epochs", "n_updates", "w", "b")


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
    return labels(X @ w + b)


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
    method : {"fast", "textbook", "compiled", "blocks"}, default "fast"
        How the mistakes are found; all make the same updates in the same order and
        return bit-identical results. ``"textbook"`` visits the samples one by one in
        Python, as above. ``"compiled"`` runs the same loop compiled with numba (the
        source of ``perclab._compiled`` explains why its decisions are the
        textbook's). ``"blocks"`` scores a block of samples with one float32
        matrix-vector product and decides every sample that the product cannot clear
        with the textbook's own expression (``perclab._blocks``). ``"fast"`` is
        ``"compiled"`` when numba is installed and ``X`` has at least 4096 entries,
        ``"blocks"`` otherwise.

    Returns
    -------
    TrainResult
        ``w``, ``b``, ``converged``, ``epochs`` (the epochs run, counting the final
        clean one), ``n_updates``, ``mistakes_per_epoch`` and ``history``
        (an :class:`UpdateHistory` of every update). The history stores only the
        sample and position of each update; its weights ``history.w``, ``history.b``
        are rebuilt, bit for bit, when first read.

    Raises
    ------
    ValueError
        If ``y`` holds anything but -1 and +1 (``{0, 1}`` labels: use ``2*y - 1``), if the
        shapes do not match, if the data hold NaN or infinity, or if ``method`` is
        not one of the four.
    TypeError
        If a parameter has the wrong type.
    FloatingPointError
        ``perclab.TrainingOverflowError``, if a margin or a weight becomes infinite or
        NaN: scale the data or lower ``lr``. Such a run never counts as converged.

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
    model, loop = fit_linear(
        X, y, w0=w0, b0=b0, lr=lr, fit_bias=fit_bias, max_epochs=max_epochs,
        shuffle=shuffle, random_state=random_state, method=method,
        warn="the perceptron",
    )  # fmt: skip
    return TrainResult(**result_fields(model, loop))


def fit_linear(
    X, y, *, model=LinearModel, w0=None, b0=0.0, lr=1.0, fit_bias=True, max_epochs=1000,
    shuffle=False, random_state=None, method="fast", **run_options,
) -> tuple[LinearModel, Run]:  # fmt: skip
    """The one front door of :func:`train` and every run of a linear rule: validate the
    arguments as :func:`train` documents them, build ``model`` (a
    :class:`perclab.models.LinearModel` class) and run it with
    :func:`perclab.engine.run` (``run_options``: ``warn``, ``hint``,
    ``stop_when_clean``, ``on_epoch_end``). Returns the model and the run."""
    method = _check_method(method)
    # X is never written to (the history checks it is unchanged); the compiled scan
    # tests each row for NaN and infinity as it first meets it, sparing a pass over X
    X = check_X(X, copy=False, finite=False)
    if not scan_checks_finite(model, method, X.size):
        check_finite(X)
    n_samples, n_features = X.shape
    y = check_pm1_labels(y, n_samples)
    w = np.zeros(n_features) if w0 is None else check_vector(w0, n_features, name="w0")
    b = check_real(b0, name="b0")
    lr = check_real(lr, name="lr", positive=True)
    fit_bias = check_bool(fit_bias, name="fit_bias")
    max_epochs = check_int(max_epochs, name="max_epochs", minimum=1)
    shuffle = check_bool(shuffle, name="shuffle")
    rng = check_random_state(random_state)
    trained = model(X, y, w, b, lr, fit_bias)
    loop = run(
        trained, max_epochs=max_epochs, shuffle=shuffle, rng=rng, method=method,
        stacklevel=4, **run_options,
    )  # fmt: skip  # stacklevel: the warning points at the caller of train
    return trained, loop


def result_fields(model: LinearModel, loop: Run) -> dict:
    """The fields every linear run's result shares, as :class:`TrainResult` names them."""
    return {
        "w": model.w,
        "b": float(model.b),
        "converged": loop.converged,
        "epochs": loop.epochs,
        "n_updates": loop.n_updates,
        "mistakes_per_epoch": loop.mistakes_per_epoch,
        "history": loop.history,
    }


def _check_method(method) -> str:
    """Return ``method`` if it names one of train's scans (``perclab.engine.METHODS``)."""
    if not isinstance(method, str):
        raise TypeError(f'method must be a string such as "fast", got {method!r}')
    if method not in METHODS:
        raise ValueError(
            f"method must be one of {METHODS}, got {method!r}; all make the same "
            'updates: "fast" (the default) is the compiled loop when numba is installed '
            'and the block scan otherwise, "textbook" checks one sample at a time in Python'
        )
    return method
