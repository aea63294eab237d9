"""Error functions and stopping rules: when is a perceptron done training?

Two error functions measure how wrong a hyperplane ``w @ x + b = 0`` is on the data:

* :func:`n_misclassified` counts the mistakes, the points with ``y_i (w @ x_i + b) <= 0``
  (the same test the training rule uses, so a point on the boundary is a mistake);
* :func:`distance_error` is ``E(w) = 1/2 sum_i |s_i (sign(s_i) - y_i)|`` with the score
  ``s_i = w @ x_i + b``. A correctly classified point adds nothing and a misclassified one
  adds ``|s_i|``, which is ``||w||`` times its distance to the hyperplane. It is not a
  count. :func:`geometric_distance_error` divides by ``||w||`` and so sums the distances
  themselves.

:func:`train_with_stopping` trains one epoch at a time and stops by one of three rules:
after a clean sweep, after a fixed number of sweeps, or when the distance error stops
decreasing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_int,
    check_pm1_labels,
    check_real,
    check_vector,
    check_X,
)
from perclab.classifier import count_mistakes, summary_repr
from perclab.engine import UpdateHistory
from perclab.losses import perceptron_loss
from perclab.perceptron import fit_linear, result_fields

__all__ = [
    "RULES",
    "StoppingResult",
    "distance_error",
    "geometric_distance_error",
    "n_misclassified",
    "train_with_stopping",
]

#: The stopping rules of :func:`train_with_stopping`.
RULES = ("clean", "max_epochs", "error_plateau")


def _scores(X, y, w, b):
    """Validate the arguments and return the scores ``X @ w + b`` and the labels."""
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    b = check_real(b, name="b")
    return X @ w + b, y, w


def n_misclassified(X, y, w, b: float = 0.0) -> int:
    """Count the mistakes of the hyperplane ``w @ x + b = 0``: ``y_i (w @ x_i + b) <= 0``.

    A point exactly on the hyperplane counts as a mistake, as in the training rule, so
    the zero weights misclassify every point.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,)
        Labels, only -1 and +1.
    w : array of shape (n_features,)
    b : float, default 0.0

    Returns
    -------
    int

    Examples
    --------
    >>> X, y = [[2.0, 1.0], [1.0, 3.0], [1.0, 1.0]], [-1, 1, 1]
    >>> n_misclassified(X, y, w=[-1.0, 1.0])  # the third point lies on the line
    1
    >>> n_misclassified(X, y, w=[0.0, 0.0])
    3
    """
    X = check_X(X)
    y = check_pm1_labels(y, X.shape[0])
    w = check_vector(w, X.shape[1], name="w")
    return count_mistakes(X, y, w, check_real(b, name="b"))


def distance_error(X, y, w, b: float = 0.0) -> float:
    """The distance error ``E = 1/2 sum_i |s_i (sign(s_i) - y_i)|`` of a hyperplane.

    Here ``s_i = w @ x_i + b`` is the score of ``x_i``.

    For a correctly classified point ``sign(s_i) = y_i`` and the term is 0; for a
    misclassified one ``sign(s_i) = -y_i`` and the term is ``|s_i|``, which is ``||w||``
    times the distance of ``x_i`` to the hyperplane. So ``E`` is the sum of
    ``max(0, -y_i s_i)``: it measures how far the mistakes lie on the wrong side; it is
    not their number.

    ``sign(0)`` is taken to be 0 (NumPy's ``np.sign``), but any value gives the same
    ``E``: the term of a point with ``s_i = 0`` is ``|0 * (...)| = 0``. So a point on the
    boundary adds nothing although the training rule counts it as a mistake, and at
    ``w = 0, b = 0`` the error is 0 while every point is misclassified.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,)
        Labels, only -1 and +1.
    w : array of shape (n_features,)
    b : float, default 0.0

    Returns
    -------
    float
        ``E >= 0``.

    Examples
    --------
    >>> X, y = [[2.0, 1.0], [1.0, 3.0], [3.0, 0.0]], [1, 1, -1]
    >>> distance_error(X, y, w=[-1.0, 1.0])  # only (2, 1) is wrong, with score -1
    1.0
    >>> distance_error(X, y, w=[0.0, 0.0])  # every point on the "boundary"
    0.0
    """
    s, y, _ = _scores(X, y, w, b)
    # each term is |s_i| on a mistake and 0 otherwise: the perceptron loss max(0, -m_i)
    return float(np.sum(perceptron_loss(y * s)))


def geometric_distance_error(X, y, w, b: float = 0.0) -> float:
    """The sum of the distances of the misclassified points to the hyperplane.

    This is ``distance_error(X, y, w, b) / ||w||``. Unlike the distance error it does not
    change when ``(w, b)`` is multiplied by a positive number. Points on the hyperplane
    are at distance 0 and add nothing.

    Raises
    ------
    ValueError
        If ``w`` is the zero vector, which defines no hyperplane.

    Examples
    --------
    >>> X, y = [[2.0, 1.0], [1.0, 3.0], [3.0, 0.0]], [1, 1, -1]
    >>> round(geometric_distance_error(X, y, w=[-1.0, 1.0]), 6)  # 1 / sqrt(2)
    0.707107
    """
    s, y, w = _scores(X, y, w, b)
    norm = float(np.linalg.norm(w))
    if norm == 0:
        raise ValueError(
            "w is the zero vector, which defines no hyperplane and no distances; "
            "use distance_error, or pass w != 0"
        )
    return float(np.sum(perceptron_loss(y * s))) / norm


@dataclass(frozen=True, repr=False)
class StoppingResult:
    """What :func:`train_with_stopping` returns.

    ``n_misclassified[e - 1]`` and ``distance_error[e - 1]`` are measured on the whole
    training set with the weights at the end of epoch ``e``; ``mistakes_per_epoch[e - 1]``
    is the number of updates made during epoch ``e``. ``history`` records every update
    as in :class:`perclab.UpdateHistory`, with epochs counted across the whole run.
    """

    w: np.ndarray
    b: float
    rule: str
    stop_reason: str
    epochs: int
    n_updates: int
    mistakes_per_epoch: list[int]
    n_misclassified: list[int]
    distance_error: list[float]
    history: UpdateHistory = field(repr=False)

    def __repr__(self) -> str:
        names = ("rule", "stop_reason", "epochs", "n_updates")
        last = {"n_misclassified": self.n_misclassified[-1]}
        last["distance_error"] = self.distance_error[-1]
        return summary_repr(self, *names, **last, w=self.w, b=self.b)


def train_with_stopping(
    X,
    y,
    *,
    rule: str = "clean",
    max_epochs: int = 1000,
    patience: int = 1,
    w0=None,
    b0: float = 0.0,
    lr: float = 1.0,
    fit_bias: bool = True,
    shuffle: bool = False,
    random_state=None,
) -> StoppingResult:
    """Train a perceptron one epoch at a time and stop by a chosen rule.

    The run is :func:`perclab.train`'s loop (``perclab.engine.run``) with a hook
    after every epoch, so the updates are exactly those of :func:`perclab.train`. After
    every epoch both error functions are measured on the whole training set. The rules:

    ``"clean"``
        Stop after the first epoch without a mistake (zero training errors). This is
        :func:`perclab.train`'s own rule, and gives the same run.
    ``"max_epochs"``
        Run exactly ``max_epochs`` epochs. Epochs after a clean one change nothing.
    ``"error_plateau"``
        Stop when :func:`distance_error` has not fallen below its smallest value so far
        for ``patience`` epochs in a row, or after a clean epoch. The comparison starts
        with epoch 1: at ``w = 0, b = 0`` the distance error is 0, which no later epoch
        could beat.

    Every rule stops after ``max_epochs`` epochs at the latest, so the runner ends on
    data that are not linearly separable, where no epoch is ever clean.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,)
        Labels, only -1 and +1.
    rule : {"clean", "max_epochs", "error_plateau"}, default "clean"
    max_epochs : int, default 1000
        The most epochs any rule runs (and the number that ``"max_epochs"`` runs).
    patience : int, default 1
        For ``"error_plateau"``: how many epochs in a row without a new smallest
        distance error end the run.
    w0, b0, lr, fit_bias, shuffle, random_state
        As in :func:`perclab.train`.

    Returns
    -------
    StoppingResult
        The final ``w`` and ``b``, the ``rule``, ``stop_reason`` (``"clean"``,
        ``"max_epochs"`` or ``"error_plateau"``), ``epochs``, ``n_updates``,
        ``mistakes_per_epoch``, the per-epoch ``n_misclassified`` and
        ``distance_error``, and the ``history`` of every update.

    Raises
    ------
    ValueError
        If ``rule`` is not one of the three, or an argument fails the checks of
        :func:`perclab.train`.

    Examples
    --------
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> run = train_with_stopping(X, y, rule="clean")
    >>> run.stop_reason, run.epochs, run.n_updates
    ('clean', 8, 18)
    >>> run.n_misclassified  # after each epoch
    [1, 1, 1, 2, 1, 1, 0, 0]
    >>> plateau = train_with_stopping(X, y, rule="error_plateau")
    >>> plateau.stop_reason, plateau.epochs, [round(e, 2) for e in plateau.distance_error]
    ('error_plateau', 2, [0.73, 6.32])
    >>> train_with_stopping(X, y, rule="max_epochs", max_epochs=4).n_misclassified
    [1, 1, 1, 2]
    """
    rule = _check_rule(rule)
    patience = check_int(patience, name="patience", minimum=1)
    misclassified: list[int] = []
    errors: list[float] = []
    plateau = {"best": np.inf, "since_best": 0}

    def measure(model) -> bool:
        """After every epoch: both error functions; True ends the run on a plateau."""
        misclassified.append(n_misclassified(model.X, model.y, model.w, model.b))
        errors.append(distance_error(model.X, model.y, model.w, model.b))
        if rule != "error_plateau":
            return False
        if errors[-1] < plateau["best"]:
            plateau.update(best=errors[-1], since_best=0)
        else:
            plateau["since_best"] += 1
        return plateau["since_best"] >= patience

    model, loop = fit_linear(
        X, y, w0=w0, b0=b0, lr=lr, fit_bias=fit_bias, max_epochs=max_epochs,
        shuffle=shuffle, random_state=random_state,
        stop_when_clean=rule != "max_epochs", on_epoch_end=measure,
    )  # fmt: skip
    if loop.converged:
        stop_reason = "clean"
    elif rule == "error_plateau" and plateau["since_best"] >= patience:
        stop_reason = "error_plateau"
    else:
        stop_reason = "max_epochs"
    fields = result_fields(model, loop)
    del fields["converged"]  # said by stop_reason
    return StoppingResult(
        **fields,
        rule=rule,
        stop_reason=stop_reason,
        n_misclassified=misclassified,
        distance_error=errors,
    )


def _check_rule(rule) -> str:
    if not isinstance(rule, str):
        raise TypeError(f"rule must be a string, one of {RULES}, got {rule!r}")
    if rule not in RULES:
        raise ValueError(
            f"rule must be one of {RULES}, got {rule!r}: stop after a clean epoch, "
            "after max_epochs epochs, or when the distance error stops decreasing"
        )
    return rule
