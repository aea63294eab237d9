"""Perceptrons beyond the separable case: pocket, averaged, voted and kernel.

All four start from zero weights and run the rule of :func:`perclab.train`: labels are
-1 and +1, a sample with ``y_i * (w @ x_i + b) <= 0`` is a mistake, and a mistake adds
``y_i * x_i`` to ``w`` (and ``y_i`` to ``b`` when ``fit_bias``). They visit the samples
in the same order as :func:`perclab.train` (with ``shuffle=True``, a fresh permutation
from ``np.random.default_rng(random_state)`` in every epoch), so on the same data and
seed they all make the very same updates; they differ in what they keep and return.
There is no learning rate: from zero weights it would only rescale ``w`` and ``b``.

* :func:`pocket` keeps the best weights seen so far (Gallant's pocket algorithm with
  ratchet).
* :func:`averaged_perceptron` and :func:`voted_perceptron` keep every weight vector
  ``w_k`` with its survival count ``v_k`` (Freund and Schapire): the averaged
  perceptron predicts with ``sign((sum_k v_k w_k) @ x)``, the voted one with
  ``sign(sum_k v_k sign(w_k @ x))``.
* :func:`kernel_perceptron` is the dual form ``f(x) = sum_i c_i y_i K(x_i, x) + b``,
  where ``c_i`` counts the mistakes made on sample ``i`` (``mistake_counts``).

Each stops after ``max_epochs`` (or exactly ``epochs``) passes, so each terminates on
data that no hyperplane separates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_bool,
    check_int,
    check_memory,
    check_pm1_labels,
    check_random_state,
    check_real,
    check_X,
)
from perclab.classifier import (
    LinearClassifier,
    check_features,
    count_mistakes,
    labels,
    summary_repr,
)
from perclab.engine import CycleWatch, LinearModel, UpdateHistory, run
from perclab.models import Model

__all__ = [
    "AveragedResult",
    "KernelResult",
    "PocketResult",
    "VotedResult",
    "averaged_perceptron",
    "kernel_perceptron",
    "linear_kernel",
    "pocket",
    "polynomial_kernel",
    "quadratic_features",
    "rbf_kernel",
    "voted_perceptron",
]

_CHUNK = 2048  # query rows scored at a time, to keep the score matrices small
POCKET_MAX_STEPS = 10**6  # samples visited by a pocket run that cannot stop at a cycle


# ------------------------------------------------------------------------ shared parts


def _check_data(X, y):
    X = check_X(X)
    return X, check_pm1_labels(y, X.shape[0])


def _check_run(fit_bias, shuffle, random_state):
    fit_bias = check_bool(fit_bias, name="fit_bias")
    shuffle = check_bool(shuffle, name="shuffle")
    return fit_bias, shuffle, check_random_state(random_state)


# ----------------------------------------------------------------------------- pocket


@dataclass(frozen=True, repr=False)
class PocketResult(LinearClassifier):
    """What :func:`pocket` returns: the pocket weights and the run that produced them.

    ``w`` and ``b`` are the pocket weights, with ``n_errors`` training errors.
    ``history`` holds every weight vector the perceptron visited (row ``k``: after ``k``
    updates), and ``pocket_updates`` the rows the pocket took, in order, starting with
    row 0 (the zero start); the pocket's weights are ``history.w[pocket_updates[-1]]``.
    """

    w: np.ndarray
    b: float
    n_errors: int
    converged: bool
    epochs: int
    n_updates: int
    mistakes_per_epoch: list[int]
    pocket_updates: np.ndarray = field(repr=False)
    history: UpdateHistory = field(repr=False)
    cycle_period: int | None = None

    def __repr__(self) -> str:
        names = ("n_errors", "converged", "epochs", "n_updates")
        changes = len(self.pocket_updates) - 1
        return summary_repr(self, *names, pocket_changes=changes, w=self.w, b=self.b)


def pocket(
    X,
    y,
    *,
    max_epochs: int = 100,
    ratchet: bool = True,
    fit_bias: bool = True,
    shuffle: bool = False,
    random_state=None,
    stop_at_cycle: bool = True,
) -> PocketResult:
    """The pocket algorithm: run the perceptron, keep the best weights in a pocket.

    The perceptron runs as in :func:`perclab.train`; alongside it the *pocket* holds one
    weight vector, at first the zero start. With ``ratchet=True`` every new weight vector
    is a candidate: its training error (the number of samples with
    ``y_i (w @ x_i + b) <= 0``, the perceptron's own mistake test, counted on the whole
    training set) is computed, and it goes into the pocket only when that error is
    *strictly lower* than the pocket's. So the pocket's error never goes up, and the
    pocket ends up holding the first of the
    visited weight vectors with the fewest training errors. (Gallant checks the error
    only when the current weights have just classified more samples in a row than the
    pocket's did; checking every vector costs ``O(n_samples * n_features)`` per update
    and makes the pocket the best of all the weights visited.) A point on the boundary
    counts as an error whatever its label, as in training; so the zero start gets every
    sample wrong.

    With ``ratchet=False`` it is Gallant's pocket without the ratchet: the current
    weights go into the pocket whenever their run of consecutive correct
    classifications becomes longer than the longest run of the pocket's weights. That
    needs no pass over the data, but a long run can be luck, and the pocket's training
    error can go up.

    Training stops after an epoch without mistakes (the data are then separated) or
    after ``max_epochs``; it is meant for data that no hyperplane separates, so hitting
    ``max_epochs`` gives no warning. Without shuffling it also stops once the
    perceptron's run repeats itself exactly (the weights at the end of an epoch equal
    those at the end of an earlier one; :class:`perclab.engine.CycleWatch`), one period
    after finding it: no later epoch could show the pocket a weight vector, or a run
    of correct classifications, that it has not seen, so the pocket is what
    ``max_epochs`` epochs would give; ``cycle_period`` is then the period in epochs, and
    ``epochs``, ``n_updates`` and ``history`` describe the epochs run.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    max_epochs : int, default 100
        Upper bound on the passes over the data.
    ratchet : bool, default True
        Accept a candidate only if its training error is strictly lower.
    fit_bias : bool, default True
    shuffle : bool, default False
        Visit the samples in a new random order in every epoch.
    random_state : None, int or numpy Generator
    stop_at_cycle : bool, default True
        Stop one period after the run repeats itself (without shuffling); False runs
        every epoch up to ``max_epochs``, with the same pocket.

    Returns
    -------
    PocketResult

    Raises
    ------
    ValueError
        If ``max_epochs * n_samples`` is over ``POCKET_MAX_STEPS`` (a million) and the
        run cannot stop at a cycle (``shuffle=True`` or ``stop_at_cycle=False``, refused
        at once) or has not stopped at one within that many visits: lower
        ``max_epochs``.

    Examples
    --------
    >>> X = [[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [4.0, 2.0], [2.0, 1.5], [1.5, 3.5]]
    >>> y = [1, 1, -1, -1, 1, -1]  # the last label is noise: no line gets them all
    >>> result = pocket(X, y, max_epochs=20)
    >>> result.n_errors, result.converged
    (1, False)
    >>> result.pocket_updates.tolist()  # rows of result.history the pocket took
    [0, 1, 7]
    >>> result.n_updates  # the perceptron itself kept cycling
    77
    >>> result.predict(X).tolist()  # wrong only on the noisy last point
    [1, 1, -1, -1, 1, 1]
    """
    X, y = _check_data(X, y)
    max_epochs = check_int(max_epochs, name="max_epochs", minimum=1)
    ratchet = check_bool(ratchet, name="ratchet")
    stop_at_cycle = check_bool(stop_at_cycle, name="stop_at_cycle")
    fit_bias, shuffle, rng = _check_run(fit_bias, shuffle, random_state)
    n_samples, n_features = X.shape
    most = max(POCKET_MAX_STEPS // n_samples, 1)  # epochs; one is always allowed
    if (shuffle or not stop_at_cycle) and max_epochs > most:
        _refuse_pocket_epochs(max_epochs, n_samples, most, shuffle, stop_at_cycle)

    model = LinearModel(X, y, np.zeros(n_features), 0.0, 1.0, fit_bias)
    watch = CycleWatch(model) if stop_at_cycle and not shuffle else None
    epochs = min(max_epochs, most)  # a run that has not repeated itself by then: refused
    loop = run(model, max_epochs=epochs, shuffle=shuffle, rng=rng, on_epoch_end=watch)
    if epochs < max_epochs and not loop.converged and watch.stop_after != 0:
        _refuse_pocket_epochs(max_epochs, n_samples, most, shuffle, stop_at_cycle)
    mistakes_per_epoch = loop.mistakes_per_epoch
    if ratchet:
        pocket_updates = _ratchet(X, y, loop.history)
    else:
        pocket_updates = _longest_runs(loop.steps(), loop.epochs * n_samples)

    history = loop.history
    best = pocket_updates[-1]
    w_pocket, b_pocket = history.w[best].copy(), float(history.b[best])
    return PocketResult(
        w=w_pocket,
        b=b_pocket,
        n_errors=count_mistakes(X, y, w_pocket, b_pocket),
        converged=mistakes_per_epoch[-1] == 0,
        epochs=len(mistakes_per_epoch),
        n_updates=len(history),
        mistakes_per_epoch=mistakes_per_epoch,
        pocket_updates=np.asarray(pocket_updates, dtype=np.intp),
        history=history,
        cycle_period=None if watch is None else watch.period,
    )


def _refuse_pocket_epochs(max_epochs, n_samples, most, shuffle, stop_at_cycle):
    """Refuse a pocket run that has not stopped at a cycle in ``most`` epochs (or cannot
    stop at one) and would visit more than ``POCKET_MAX_STEPS`` samples (each may be an
    update that the ratchet checks on the whole training set)."""
    if shuffle:
        why = "with shuffle=True the run cannot stop when it repeats itself (every "
        why += "epoch has a new order)"
        fix = "or use shuffle=False, whose run stops once it repeats itself exactly"
    elif not stop_at_cycle:
        why = "with stop_at_cycle=False the run does not stop when it repeats itself"
        fix = "or leave stop_at_cycle=True"
    else:
        why = f"the run did not repeat itself exactly in {most} epochs"
        fix = "(a run on data that no hyperplane separates may never repeat exactly)"
    raise ValueError(
        f"pocket: {why}, and max_epochs={max_epochs} epochs of {n_samples} samples are "
        f"up to {max_epochs * n_samples} updates, over the {POCKET_MAX_STEPS} that it "
        f"checks in a few seconds; lower max_epochs to at most {most} {fix}"
    )


def _ratchet(X, y, history: UpdateHistory) -> list[int]:
    """The rows of ``history`` the ratcheted pocket takes: each strictly better than the
    pocket before it, counted on the whole training set."""
    taken = [0]
    pocket_errors = count_mistakes(X, y, history.w[0], history.b[0])
    for k in range(1, len(history) + 1):
        errors = count_mistakes(X, y, history.w[k], history.b[k])
        if errors < pocket_errors:  # the ratchet: strictly better only
            taken.append(k)
            pocket_errors = errors
    return taken


def _longest_runs(steps: np.ndarray, n_steps: int) -> list[int]:
    """The rows the pocket takes without the ratchet: each weight vector whose run of
    consecutive correct classifications outlasts the pocket's longest run.

    ``w_k`` is born at step ``steps[k - 1]`` and classifies correctly every step until
    the next update; ``w_0`` from step 0.
    """
    born = np.concatenate([[-1], steps])  # w_0 has no update step of its own
    ends = np.concatenate([steps, [n_steps]])
    runs = ends - born - 1
    taken, pocket_run = [0], 0
    for k, length in enumerate(runs.tolist()):
        if length > pocket_run:
            if taken[-1] != k:
                taken.append(k)
            pocket_run = length
    return taken


# ------------------------------------------------------------------ averaged and voted


def _counted_run(X, y, epochs, fit_bias, shuffle, rng):
    """Run the perceptron for exactly ``epochs`` passes and count survivals.

    Returns the visited weights (row ``k``: after ``k`` updates), their biases, the
    survival counts ``v_k`` (the number of sample steps after which ``w_k`` was the
    current weight vector, the step that created it included) and the mistakes of each
    epoch. The counts add up to ``epochs * n_samples``.
    """
    model = LinearModel(X, y, np.zeros(X.shape[1]), 0.0, 1.0, fit_bias)
    loop = run(model, max_epochs=epochs, shuffle=shuffle, rng=rng, stop_when_clean=False)
    n_steps = epochs * X.shape[0]
    # w_k is current from its update step to the step before the next update
    counts = np.diff(np.concatenate([[0], loop.steps(), [n_steps]])).astype(np.int64)
    return loop.history.w, loop.history.b, counts, loop.mistakes_per_epoch


@dataclass(frozen=True, repr=False)
class AveragedResult(LinearClassifier):
    """What :func:`averaged_perceptron` returns.

    ``w`` and ``b`` are the averages ``sum_k v_k w_k / sum_k v_k`` (and the same for the
    biases), ``final_w`` and ``final_b`` the plain perceptron's last weights.
    ``n_steps = sum_k v_k = epochs * n_samples``.
    """

    w: np.ndarray
    b: float
    final_w: np.ndarray
    final_b: float
    epochs: int
    n_steps: int
    n_updates: int
    mistakes_per_epoch: list[int]

    def __repr__(self) -> str:
        return summary_repr(self, "epochs", "n_steps", "n_updates", "w", "b")


def averaged_perceptron(
    X,
    y,
    *,
    epochs: int = 10,
    fit_bias: bool = True,
    shuffle: bool = False,
    random_state=None,
) -> AveragedResult:
    """The averaged perceptron: the plain run, predicting with its average weights.

    The perceptron runs for exactly ``epochs`` passes (an epoch without mistakes does
    not stop it: the average still moves towards the final weights). Let ``w_k`` be the
    weights after ``k`` updates and ``v_k`` the number of sample steps after which
    ``w_k`` was the current weight vector. The result predicts with

    ``w = sum_k v_k w_k / sum_k v_k``  and  ``b = sum_k v_k b_k / sum_k v_k``,

    the mean of the weights after each of the ``epochs * n_samples`` steps. Freund and
    Schapire state it without the division, which predicts the same; with it, ``w`` and
    ``b`` are what scikit-learn's ``SGDClassifier(loss="perceptron", average=True,
    learning_rate="constant", eta0=1, alpha=0, penalty=None, shuffle=False, tol=None)``
    computes.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    epochs : int, default 10
        The number of passes over the data.
    fit_bias : bool, default True
    shuffle : bool, default False
    random_state : None, int or numpy Generator

    Returns
    -------
    AveragedResult

    Examples
    --------
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> result = averaged_perceptron(X, y, epochs=10)
    >>> result.n_steps, result.n_updates, result.final_w, result.final_b
    (60, 18, array([-4. ,  5.2]), -2.0)
    >>> result.w.round(4), round(result.b, 4)
    (array([-3.425 ,  4.0733]), -1.2)
    >>> result.predict(X).tolist() == y
    True
    """
    X, y = _check_data(X, y)
    epochs = check_int(epochs, name="epochs", minimum=1)
    fit_bias, shuffle, rng = _check_run(fit_bias, shuffle, random_state)
    weights, biases, counts, mistakes_per_epoch = _counted_run(
        X, y, epochs, fit_bias, shuffle, rng
    )
    n_steps = int(counts.sum())
    return AveragedResult(
        w=counts @ weights / n_steps,
        b=float(counts @ biases / n_steps),
        final_w=weights[-1].copy(),
        final_b=float(biases[-1]),
        epochs=epochs,
        n_steps=n_steps,
        n_updates=len(counts) - 1,
        mistakes_per_epoch=mistakes_per_epoch,
    )


@dataclass(frozen=True, repr=False)
class VotedResult:
    """What :func:`voted_perceptron` returns: every weight vector and its count.

    Row ``k`` of ``w`` and entry ``k`` of ``b`` are the weights after ``k`` updates (row
    0 is the zero start), and ``counts[k]`` is the number of sample steps they survived.
    """

    w: np.ndarray
    b: np.ndarray
    counts: np.ndarray
    epochs: int
    mistakes_per_epoch: list[int]

    @property
    def n_updates(self) -> int:
        return int(self.w.shape[0] - 1)

    def decision_function(self, X) -> np.ndarray:
        """Return the vote ``sum_k v_k sign(w_k @ x + b_k)`` (+1 on each boundary)."""
        X = check_features(X, self.w.shape[1])
        voters = self.counts > 0
        W, b, c = self.w[voters], self.b[voters], self.counts[voters].astype(float)
        votes = np.empty(X.shape[0])
        step = max(1, _CHUNK * 64 // max(1, W.shape[0]))
        for start in range(0, X.shape[0], step):
            chunk = X[start : start + step]
            votes[start : start + step] = labels(chunk @ W.T + b) @ c
        return votes

    def predict(self, X) -> np.ndarray:
        """Return the sign of the vote in {-1, +1}, +1 when the vote is tied."""
        return labels(self.decision_function(X))

    def __repr__(self) -> str:
        n_vectors, n_steps = self.w.shape[0], self.counts.sum()
        return summary_repr(self, "epochs", n_vectors=n_vectors, n_steps=n_steps)


def voted_perceptron(
    X,
    y,
    *,
    epochs: int = 10,
    fit_bias: bool = True,
    shuffle: bool = False,
    random_state=None,
) -> VotedResult:
    """The voted perceptron: every weight vector of the run votes, weighted by survival.

    The run is that of :func:`averaged_perceptron` (exactly ``epochs`` passes). Every
    visited weight vector ``(w_k, b_k)`` is kept with its survival count ``v_k``, and a
    point is labelled by the weighted vote

    ``sign(sum_k v_k sign(w_k @ x + b_k))``.

    The averaged perceptron moves the sum inside the sign, ``sign((sum_k v_k w_k) @ x +
    sum_k v_k b_k)``: it is one hyperplane, the vote in general is not.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    epochs : int, default 10
    fit_bias : bool, default True
    shuffle : bool, default False
    random_state : None, int or numpy Generator

    Returns
    -------
    VotedResult

    Examples
    --------
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> voted = voted_perceptron(X, y, epochs=10)
    >>> voted.n_updates, int(voted.counts.sum())
    (18, 60)
    >>> voted.counts[-3:].tolist()  # the last vector survived 19 of the 60 steps
    [5, 1, 19]
    >>> voted.predict(X).tolist() == y
    True
    """
    X, y = _check_data(X, y)
    epochs = check_int(epochs, name="epochs", minimum=1)
    fit_bias, shuffle, rng = _check_run(fit_bias, shuffle, random_state)
    weights, biases, counts, mistakes_per_epoch = _counted_run(
        X, y, epochs, fit_bias, shuffle, rng
    )
    return VotedResult(
        w=weights,
        b=biases,
        counts=counts,
        epochs=epochs,
        mistakes_per_epoch=mistakes_per_epoch,
    )


# ---------------------------------------------------------------------------- kernels


def linear_kernel(A, B) -> np.ndarray:
    """The linear kernel ``K(a, b) = a @ b``, for all pairs of rows: ``A @ B.T``.

    Examples
    --------
    >>> linear_kernel([[1.0, 2.0]], [[3.0, 4.0], [1.0, 0.0]])
    array([[11.,  1.]])
    """
    A, B = _check_pair(A, B)
    return A @ B.T


@dataclass(frozen=True)
class _PolynomialKernel:
    degree: int
    coef0: float

    def __call__(self, A, B) -> np.ndarray:
        A, B = _check_pair(A, B)
        return (self.coef0 + A @ B.T) ** self.degree

    def __repr__(self) -> str:
        return f"polynomial_kernel(degree={self.degree}, coef0={self.coef0:g})"


@dataclass(frozen=True)
class _RBFKernel:
    gamma: float

    def __call__(self, A, B) -> np.ndarray:
        A, B = _check_pair(A, B)
        squared = np.sum(A**2, axis=1)[:, None] + np.sum(B**2, axis=1)[None, :]
        squared -= 2.0 * (A @ B.T)
        return np.exp(-self.gamma * np.maximum(squared, 0.0))

    def __repr__(self) -> str:
        return f"rbf_kernel(gamma={self.gamma:g})"


def polynomial_kernel(degree: int = 2, coef0: float = 1.0):
    """Return the polynomial kernel ``K(a, b) = (coef0 + a @ b) ** degree``.

    The result is a function of two arrays of rows, returning the matrix of all
    ``K(a_i, b_j)``. With ``coef0 > 0`` it is the inner product of feature vectors
    holding every monomial of degree up to ``degree`` (a constant among them), so a
    hyperplane in that space is a polynomial boundary of that degree in the original
    one. For ``degree=2`` the feature map is :func:`quadratic_features`.

    Parameters
    ----------
    degree : int, default 2
        At least 1.
    coef0 : float, default 1.0
        At least 0.

    Examples
    --------
    >>> kernel = polynomial_kernel(2, coef0=1.0)
    >>> kernel
    polynomial_kernel(degree=2, coef0=1)
    >>> kernel([[1.0, 1.0]], [[1.0, -1.0], [2.0, 0.0]])
    array([[1., 9.]])
    """
    degree = check_int(degree, name="degree", minimum=1)
    coef0 = check_real(coef0, name="coef0")
    if coef0 < 0:
        raise ValueError(
            f"coef0 must be >= 0, got {coef0}; with a negative coef0 the polynomial "
            "is not an inner product of feature vectors"
        )
    return _PolynomialKernel(degree=degree, coef0=coef0)


def rbf_kernel(gamma: float = 1.0):
    """Return the Gaussian (RBF) kernel ``K(a, b) = exp(-gamma * ||a - b||**2)``.

    Its feature space has infinitely many dimensions, and ``K(x, x) = 1``, so
    ``R = 1`` there.

    Parameters
    ----------
    gamma : float, default 1.0
        Width parameter, > 0; larger values make the boundary follow the data closer.

    Examples
    --------
    >>> kernel = rbf_kernel(0.5)
    >>> kernel([[0.0, 0.0]], [[0.0, 0.0], [2.0, 0.0]]).round(6)
    array([[1.      , 0.135335]])
    """
    gamma = check_real(gamma, name="gamma", positive=True)
    return _RBFKernel(gamma=gamma)


def quadratic_features(X, *, coef0: float = 1.0) -> np.ndarray:
    """The feature map of the degree-2 polynomial kernel: ``phi(a) @ phi(b) = (coef0 +
    a @ b) ** 2``.

    For ``x`` in ``d`` dimensions, ``phi(x)`` lists ``coef0``, then ``sqrt(2 * coef0) *
    x_i`` for every ``i``, then ``x_i ** 2`` for every ``i``, then ``sqrt(2) * x_i * x_j``
    for every ``i < j``: ``1 + 2d + d(d - 1)/2`` numbers. Expanding the square
    ``(coef0 + sum_i a_i b_i) ** 2`` term by term gives exactly the products of these
    entries.

    Examples
    --------
    >>> quadratic_features([[1.0, 2.0]]).round(4)
    array([[1.    , 1.4142, 2.8284, 1.    , 4.    , 2.8284]])
    >>> a, b = np.array([[1.0, 2.0]]), np.array([[3.0, -1.0]])
    >>> inner = (quadratic_features(a) @ quadratic_features(b).T)[0, 0]
    >>> round(float(inner), 12), (1 + 3 - 2) ** 2
    (4.0, 4)
    """
    X = check_X(X)
    coef0 = check_real(coef0, name="coef0")
    if coef0 < 0:
        raise ValueError(f"coef0 must be >= 0, got {coef0}")
    i, j = np.triu_indices(X.shape[1], k=1)
    return np.hstack(
        [
            np.full((X.shape[0], 1), coef0),
            math.sqrt(2.0 * coef0) * X,
            X**2,
            math.sqrt(2.0) * X[:, i] * X[:, j],
        ]
    )


def _check_pair(A, B):
    A, B = check_X(A, name="A"), check_X(B, name="B")
    if A.shape[1] != B.shape[1]:
        raise ValueError(
            f"A and B must have the same number of features, got {A.shape[1]} and "
            f"{B.shape[1]}"
        )
    return A, B


def _gram(kernel, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """``kernel(A, B)`` as a finite float matrix of shape (len(A), len(B))."""
    values = kernel(A, B)
    try:
        K = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            "kernel(A, B) must return a matrix of numbers, got "
            f"{type(values).__name__}; see perclab.variants.linear_kernel"
        ) from None
    expected = (A.shape[0], B.shape[0])
    if K.shape != expected:
        raise ValueError(
            f"kernel(A, B) must return the matrix of all K(a_i, b_j), of shape "
            f"{expected}, got shape {K.shape}; see perclab.variants.linear_kernel"
        )
    if not np.all(np.isfinite(K)):
        raise ValueError("the kernel returned NaN or infinity; check its parameters")
    return K


# ------------------------------------------------------------------ kernel perceptron


class _DualModel(Model):
    """The perceptron in dual form, for :func:`perclab.engine.run`:
    ``margin(i) = y_i * (sum_j c_j y_j K[j, i] + b)``; an update adds 1 to ``c_i``
    (and ``y_i`` to ``b`` when ``fit_bias``)."""

    def __init__(self, K, y, fit_bias):
        self.K, self.y, self.fit_bias = K, y, fit_bias
        self.mistake_counts = np.zeros(y.shape[0], dtype=np.int64)
        self.b = 0.0

    def margin(self, i) -> float:
        c, y, K, b = self.mistake_counts, self.y, self.K, self.b
        return y[i] * ((c * y) @ K[:, i] + b)

    def update(self, i) -> bool:
        self.mistake_counts[i] += 1
        if self.fit_bias:
            self.b += self.y[i]
        return True


@dataclass(frozen=True, repr=False)
class KernelResult:
    """What :func:`kernel_perceptron` returns: the dual weights and the run.

    The classifier is ``f(x) = sum_i c[i] * y[i] * kernel(X[i], x) + b``, where
    ``c = mistake_counts``: ``mistake_counts[i]`` counts the updates made on sample
    ``i``, and ``update_samples`` lists the sample behind each update, in order.
    """

    mistake_counts: np.ndarray
    b: float
    X: np.ndarray = field(repr=False)
    y: np.ndarray = field(repr=False)
    kernel: object
    converged: bool
    epochs: int
    n_updates: int
    mistakes_per_epoch: list[int]
    update_samples: np.ndarray = field(repr=False)

    @property
    def alpha(self) -> np.ndarray:
        """``mistake_counts``: the same counts, under the name the dual-form literature
        uses (read-only)."""
        return self.mistake_counts

    def decision_function(self, X) -> np.ndarray:
        """Return ``sum_i c_i y_i K(x_i, x) + b`` for every row ``x`` of ``X``."""
        X = check_features(X, self.X.shape[1])
        support = self.mistake_counts > 0
        X_s, coef = self.X[support], (self.mistake_counts * self.y)[support]
        scores = np.full(X.shape[0], self.b)
        if coef.size:
            for start in range(0, X.shape[0], _CHUNK):
                chunk = X[start : start + _CHUNK]
                scores[start : start + _CHUNK] += _gram(self.kernel, chunk, X_s) @ coef
        return scores

    def predict(self, X) -> np.ndarray:
        """Return the sign of the decision function in {-1, +1}, +1 on the boundary."""
        return labels(self.decision_function(X))

    def __repr__(self) -> str:
        n_support = np.count_nonzero(self.mistake_counts)
        names = ("kernel", "converged", "epochs", "n_updates")
        return summary_repr(self, *names, n_support=n_support, b=self.b)


def kernel_perceptron(
    X,
    y,
    *,
    kernel=linear_kernel,
    fit_bias: bool = True,
    max_epochs: int = 1000,
    shuffle: bool = False,
    random_state=None,
) -> KernelResult:
    """The perceptron in dual form, with a kernel in place of the inner product.

    From zero weights, every weight vector of the perceptron is a sum of the samples it
    erred on, ``w = sum_i c_i y_i x_i``, where ``c_i`` counts the updates made on
    sample ``i``. So ``w @ x = sum_i c_i y_i (x_i @ x)``, and the whole algorithm can
    be run with inner products only. Replacing ``x_i @ x`` by ``K(x_i, x) = phi(x_i) @
    phi(x)`` runs the perceptron on the features ``phi(x)`` without computing them:

    ``if y_i * (sum_j c_j y_j K(x_j, x_i) + b) <= 0: c_i += 1`` (and ``b += y_i``
    when ``fit_bias``). The counts ``c`` are returned as ``mistake_counts``.

    With ``linear_kernel`` this makes exactly the updates of :func:`perclab.train`.
    Training stops after an epoch without mistakes or after ``max_epochs``. The
    ``n_samples`` by ``n_samples`` kernel matrix is computed once.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    kernel : callable, default linear_kernel
        ``kernel(A, B)`` returns the matrix of ``K(a_i, b_j)`` for the rows of ``A`` and
        ``B``: :func:`linear_kernel`, :func:`polynomial_kernel` or :func:`rbf_kernel`.
    fit_bias : bool, default True
        Learn a bias ``b`` (the same as adding 1 to the kernel). A polynomial kernel
        with ``coef0 > 0`` already holds a constant feature.
    max_epochs : int, default 1000
    shuffle : bool, default False
    random_state : None, int or numpy Generator

    Returns
    -------
    KernelResult

    Warns
    -----
    NotConvergedWarning
        If the last epoch still had mistakes: the data may not be separable in the
        kernel's feature space.

    Examples
    --------
    >>> X = [[1.0, 1.0], [-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0]]
    >>> y = [-1, -1, 1, 1]  # XOR
    >>> result = kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False)
    >>> result.converged, result.n_updates, result.mistake_counts.tolist()
    (True, 4, [1, 1, 1, 1])
    >>> result.predict(X).tolist()
    [-1, -1, 1, 1]
    """
    X, y = _check_data(X, y)
    if not callable(kernel):
        raise TypeError(
            f"kernel must be a function kernel(A, B), got {kernel!r}; use e.g. "
            "perclab.variants.polynomial_kernel(2)"
        )
    if kernel in (polynomial_kernel, rbf_kernel):
        raise TypeError(
            f"kernel={kernel.__name__} is the function that makes the kernel, not the "
            f"kernel; call it: kernel={kernel.__name__}("
            f"{'degree=2' if kernel is polynomial_kernel else 'gamma=1.0'})"
        )
    fit_bias, shuffle, rng = _check_run(fit_bias, shuffle, random_state)
    max_epochs = check_int(max_epochs, name="max_epochs", minimum=1)
    n_samples = X.shape[0]
    check_memory(
        8 * n_samples**2,
        what=f"the {n_samples} x {n_samples} kernel matrix",
        fix="train on a subsample, or on explicit features with perclab.train",
    )
    model = _DualModel(_gram(kernel, X, X), y, fit_bias)
    loop = run(
        model,
        max_epochs=max_epochs,
        shuffle=shuffle,
        rng=rng,
        warn="the kernel perceptron",
        hint="the data may not be separable in the kernel's feature space.",
    )
    counts, b, update_samples = model.mistake_counts, model.b, loop.history.sample
    mistakes_per_epoch, converged = loop.mistakes_per_epoch, loop.converged
    return KernelResult(
        mistake_counts=counts,
        b=float(b),
        X=X,
        y=y,
        kernel=kernel,
        converged=converged,
        epochs=len(mistakes_per_epoch),
        n_updates=len(update_samples),
        mistakes_per_epoch=mistakes_per_epoch,
        update_samples=np.asarray(update_samples, dtype=np.intp),
    )
