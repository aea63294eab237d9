"""The perceptron learning rule, written the way the book writes it."""

from __future__ import annotations

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
    """Training stopped at ``max_epochs`` with mistakes left in the last epoch."""


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
        shapes do not match, or if the data hold NaN or infinity.
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

    w_history, b_history = [w.copy()], [b]
    samples, epochs_of_update = [], []
    mistakes_per_epoch: list[int] = []
    converged = False
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(n_samples) if shuffle else range(n_samples)
        mistakes = 0
        for i in order:
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:
                w += lr * y_i * x_i
                if fit_bias:
                    b += lr * y_i
                mistakes += 1
                samples.append(i)
                epochs_of_update.append(epoch)
                w_history.append(w.copy())
                b_history.append(b)
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
    history = UpdateHistory(
        sample=np.asarray(samples, dtype=np.intp),
        epoch=np.asarray(epochs_of_update, dtype=np.intp),
        w=np.vstack(w_history),
        b=np.asarray(b_history, dtype=float),
    )
    return TrainResult(
        w=w,
        b=float(b),
        converged=converged,
        epochs=len(mistakes_per_epoch),
        n_updates=len(samples),
        mistakes_per_epoch=mistakes_per_epoch,
        history=history,
    )
