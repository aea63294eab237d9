"""Gradient descent, stochastic gradient descent, and the perceptron as one of them.

Gradient descent minimises a cost ``f`` by stepping against its gradient,

    w_t = w_{t-1} - alpha_t * grad_f(w_{t-1}),   t = 1, 2, ...

with step sizes ``alpha_t`` from a :class:`Schedule`. Stochastic gradient descent uses,
at step ``t``, the gradient of one example's loss instead of the gradient of the whole
cost.

The classifier losses are functions of the margin ``m = y * (w @ x + b)``, which is
positive when ``x`` is classified correctly. On the perceptron loss ``max(0, -m)``, with
the subgradient ``-y * x`` chosen on every mistake (``m <= 0``, the kink ``m = 0``
included), stochastic gradient descent with the constant step ``lr`` is the perceptron
itself: :func:`perceptron_sgd` makes exactly the updates of :func:`perclab.train`.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from perclab._validation import (
    check_bool,
    check_int,
    check_memory,
    check_random_state,
    check_real,
    older_name,
)
from perclab.classifier import summary_repr
from perclab.engine import UpdateHistory
from perclab.losses import (  # their home is perclab.losses; kept importable from here
    Gradient,
    functional_margins,
    hinge_loss,
    margins,  # noqa: F401 - the older name of functional_margins, for older notebooks
    perceptron_loss,
    perceptron_subgradient,
    zero_one_loss,
)
from perclab.perceptron import fit_linear, result_fields

__all__ = [
    "DescentPath",
    "Gradient",
    "PerceptronSGDResult",
    "Schedule",
    "constant",
    "functional_margins",
    "gradient_descent",
    "hinge_loss",
    "inverse_t",
    "inverse_t_squared",
    "perceptron_loss",
    "perceptron_sgd",
    "perceptron_subgradient",
    "sgd",
    "zero_one_loss",
]

# ----------------------------------------------------------------------- step sizes


@dataclass(frozen=True, repr=False)
class Schedule:
    """Step sizes ``alpha_t = alpha0 / t**power`` for the steps ``t = 1, 2, 3, ...``.

    ``power=0`` is a constant step, ``power=1`` the ``1/t`` schedule. The classic
    conditions for stochastic gradient descent, ``sum(alpha_t) = inf`` and
    ``sum(alpha_t**2) < inf``, hold exactly when ``1/2 < power <= 1``.

    Examples
    --------
    >>> schedule = inverse_t(0.5)
    >>> schedule
    Schedule(alpha_t = 0.5 / t)
    >>> schedule(1), schedule(4)
    (0.5, 0.125)
    >>> schedule.sum_diverges, schedule.sum_of_squares_converges
    (True, True)
    """

    alpha0: float
    power: float

    def __post_init__(self):
        object.__setattr__(self, "alpha0", check_real(self.alpha0, name="alpha0"))
        object.__setattr__(self, "power", check_real(self.power, name="power"))
        if self.alpha0 <= 0:
            raise ValueError(f"alpha0 must be > 0, got {self.alpha0}; steps are positive")
        if self.power < 0:
            raise ValueError(
                f"power must be >= 0, got {self.power}; a negative power makes the "
                "steps grow without bound"
            )

    def __call__(self, t):
        """Return ``alpha_t`` for a step number ``t >= 1`` (or an array of them)."""
        if isinstance(t, (numbers.Integral, np.integer)) and not isinstance(t, bool):
            if t < 1:
                raise ValueError(f"steps are counted from t = 1, got t = {t}")
            with np.errstate(over="ignore"):  # t**power overflows: the step is 0.0
                return float(self.alpha0 / np.float64(t) ** self.power)
        steps = np.asarray(t)
        if steps.dtype == bool or not np.issubdtype(steps.dtype, np.integer):
            raise TypeError(f"t must be an integer step number >= 1, got {t!r}")
        if steps.size and steps.min() < 1:
            raise ValueError(f"steps are counted from t = 1, got t = {steps.min()}")
        with np.errstate(over="ignore"):  # t**power overflows: the step is 0.0
            return self.alpha0 / steps.astype(float) ** self.power

    @property
    def sum_diverges(self) -> bool:
        """Whether ``sum(alpha_t)`` is infinite: the steps can travel any distance."""
        return self.power <= 1

    @property
    def sum_of_squares_converges(self) -> bool:
        """Whether ``sum(alpha_t**2)`` is finite: the noise the steps let in dies out."""
        return self.power > 0.5

    def __repr__(self) -> str:
        if self.power == 0:
            return f"Schedule(alpha_t = {self.alpha0:g})"
        if self.power == 1:
            return f"Schedule(alpha_t = {self.alpha0:g} / t)"
        return f"Schedule(alpha_t = {self.alpha0:g} / t**{self.power:g})"


def constant(alpha: float) -> Schedule:
    """The constant step ``alpha_t = alpha``.

    Examples
    --------
    >>> constant(0.1)
    Schedule(alpha_t = 0.1)
    """
    return Schedule(alpha, 0.0)


def inverse_t(alpha0: float = 1.0) -> Schedule:
    """The step ``alpha_t = alpha0 / t``: it meets both conditions of the theory.

    Examples
    --------
    >>> inverse_t(2.0)(8)
    0.25
    """
    return Schedule(alpha0, 1.0)


def inverse_t_squared(alpha0: float = 1.0) -> Schedule:
    """The step ``alpha_t = alpha0 / t**2``: too fast a decay (``sum(alpha_t)`` is finite).

    Examples
    --------
    >>> inverse_t_squared(1.0).sum_diverges
    False
    """
    return Schedule(alpha0, 2.0)


# ----------------------------------------------------------------- descent methods


@dataclass(frozen=True, repr=False)
class DescentPath:
    """Every iterate of a run of :func:`gradient_descent` or :func:`sgd`.

    ``w[t]`` is the iterate after ``t`` steps (``w[0]`` the start, ``w[-1]`` the
    end); ``step_sizes[t - 1]`` is ``alpha_t``; for :func:`sgd`, ``samples[t - 1]``
    is the example whose gradient step ``t`` used (``None`` for gradient descent).
    """

    w: np.ndarray
    step_sizes: np.ndarray
    schedule: Schedule
    samples: np.ndarray | None = None

    @property
    def final(self) -> np.ndarray:
        """The last iterate, ``w[-1]``."""
        return self.w[-1]

    @property
    def n_steps(self) -> int:
        """The number of steps taken, ``len(w) - 1``."""
        return int(self.step_sizes.shape[0])

    def __repr__(self) -> str:
        final = np.asarray(self.final)
        return summary_repr(self, "n_steps", "schedule", final=final)


def gradient_descent(
    grad: Callable,
    w0=None,
    *,
    schedule: Schedule | float,
    n_steps: int = 100,
    theta0=None,
    until: Callable | None = None,
) -> DescentPath:
    """Run ``w_t = w_{t-1} - alpha_t * grad(w_{t-1})`` for ``n_steps`` steps.

    Parameters
    ----------
    grad : callable
        ``grad(w)`` returns the gradient at ``w``, an array of ``w``'s shape.
        It may be noisy (a stochastic gradient): it is called once per step.
    w0 : float or array
        The start. Its shape is the shape of every iterate.
    schedule : Schedule or float
        The step sizes ``alpha_t``; a number means the constant step ``constant(number)``.
    n_steps : int, default 100
    theta0 : float or array, optional
        The older name of ``w0``, still accepted with a DeprecationWarning.
    until : callable, optional
        ``until(g)`` is called with each gradient before its step; a true result stops
        the run there, with fewer than ``n_steps`` steps.

    Returns
    -------
    DescentPath
        ``w`` of shape ``(n_steps + 1, *w0.shape)`` (fewer rows when ``until``
        stopped it), with ``w[0] == w0``.

    Raises
    ------
    FloatingPointError
        If an iterate or a gradient stops being finite: the steps are too large.

    Examples
    --------
    Minimise ``f(w) = (w - 3)**2 / 2``, whose gradient is ``w - 3``:

    >>> path = gradient_descent(lambda w: w - 3.0, 0.0, schedule=0.5, n_steps=4)
    >>> path.w
    array([0.    , 1.5   , 2.25  , 2.625 , 2.8125])
    """
    if not callable(grad):
        raise TypeError(f"grad must be a function w -> gradient, got {grad!r}")
    w = _check_start(w0, theta0)
    schedule = _check_schedule(schedule)
    n_steps = check_int(n_steps, name="n_steps", minimum=0)
    check_memory(
        8 * (n_steps + 1) * (np.size(w) + 1),
        what=f"the path of {n_steps} steps",
        fix="take fewer steps",
    )
    step_sizes = schedule(np.arange(1, n_steps + 1))
    path = [w]
    for t in range(1, n_steps + 1):
        g = _check_gradient(grad(w.copy()), w.shape, t)
        if until is not None and until(g):
            step_sizes = step_sizes[: t - 1]
            break
        w = _step(w, step_sizes[t - 1], g, t)
        path.append(w)
    return DescentPath(w=np.stack(path), step_sizes=step_sizes, schedule=schedule)


def sgd(
    grad_i: Callable,
    w0=None,
    n_samples: int | None = None,
    *,
    schedule: Schedule | float,
    n_epochs: int = 1,
    shuffle: bool = False,
    random_state=None,
    theta0=None,
) -> DescentPath:
    """Stochastic gradient descent on a cost ``sum_i loss_i(w)`` over examples.

    Step ``t`` (counted from 1 across all epochs) takes the next example ``i`` and sets
    ``w_t = w_{t-1} - alpha_t * grad_i(w_{t-1}, i)``. Each epoch visits every
    example once, in the order ``0, 1, ..., n_samples - 1`` or, with ``shuffle=True``, in a
    fresh random order.

    Parameters
    ----------
    grad_i : callable
        ``grad_i(w, i)`` returns the gradient of example ``i``'s loss at ``w``.
    w0 : float or array
        The start. Its shape is the shape of every iterate.
    n_samples : int
        Number of examples (required).
    schedule : Schedule or float
        The step sizes; a number means a constant step.
    n_epochs : int, default 1
    shuffle : bool, default False
    random_state : None, int or numpy Generator
        Seed for the shuffling.
    theta0 : float or array, optional
        The older name of ``w0``, still accepted with a DeprecationWarning.

    Returns
    -------
    DescentPath
        With ``samples[t - 1]``, the example used at step ``t``.

    Examples
    --------
    With the loss ``(x_i - w)**2 / 2`` and ``alpha_t = 1 / t``, the iterates are the
    running means of the samples:

    >>> x = np.array([4.0, 2.0, 0.0, 6.0])
    >>> path = sgd(lambda w, i: w - x[i], 0.0, len(x), schedule=inverse_t())
    >>> path.w
    array([0., 4., 3., 2., 3.])
    """
    if not callable(grad_i):
        raise TypeError(f"grad_i must be a function (w, i) -> gradient, got {grad_i!r}")
    w = _check_start(w0, theta0)
    if n_samples is None:
        raise TypeError("sgd needs n_samples, the number of examples")
    n_samples = check_int(n_samples, name="n_samples", minimum=1)
    schedule = _check_schedule(schedule)
    n_epochs = check_int(n_epochs, name="n_epochs", minimum=1)
    check_memory(
        8 * n_samples * n_epochs * (np.size(w) + 2),
        what=f"the path of {n_samples * n_epochs} steps ({n_epochs} epochs)",
        fix="run fewer epochs",
    )
    shuffle = check_bool(shuffle, name="shuffle")
    rng = check_random_state(random_state)
    step_sizes = schedule(np.arange(1, n_samples * n_epochs + 1))
    path, samples, t = [w], [], 0
    for _ in range(n_epochs):
        order = rng.permutation(n_samples) if shuffle else range(n_samples)
        for i in order:
            t += 1
            g = _check_gradient(grad_i(w.copy(), int(i)), w.shape, t)
            w = _step(w, step_sizes[t - 1], g, t)
            path.append(w)
            samples.append(int(i))
    return DescentPath(
        w=np.stack(path),
        step_sizes=step_sizes,
        schedule=schedule,
        samples=np.asarray(samples, dtype=np.intp),
    )


def _check_start(w0, theta0) -> np.ndarray:
    """The start ``w0``, also accepted under its older name ``theta0``."""
    w0 = older_name(w0, theta0, name="w0", old_name="theta0", stacklevel=4)
    if w0 is None:
        raise TypeError("pass the start w0, a number or an array of numbers")
    try:
        w = np.array(w0, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"w0 must be a number or an array of numbers, got {w0!r}") from None
    if not np.all(np.isfinite(w)):
        raise ValueError("w0 contains NaN or infinity; start from finite numbers")
    return w


def _check_schedule(schedule) -> Schedule:
    if isinstance(schedule, Schedule):
        return schedule
    if isinstance(schedule, numbers.Real) and not isinstance(schedule, bool):
        return constant(schedule)
    raise TypeError(
        "schedule must be a Schedule (e.g. constant(0.1), inverse_t(), "
        f"inverse_t_squared()) or a positive number, got {schedule!r}"
    )


def _check_gradient(g, shape, t) -> np.ndarray:
    if g is None:
        raise TypeError(
            f"the gradient function returned None at step {t}: did you forget the "
            "return statement?"
        )
    try:
        g = np.asarray(g, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"the gradient must be an array of numbers, got {g!r}") from None
    if g.shape != shape:
        raise ValueError(
            f"the gradient has shape {g.shape} but w has shape {shape}; return one "
            "partial derivative per entry of w"
        )
    if not np.all(np.isfinite(g)):
        raise FloatingPointError(
            f"the gradient at step {t} is not finite: the iterates diverged; use smaller "
            "step sizes"
        )
    return g


def _step(w, alpha, g, t) -> np.ndarray:
    """``w - alpha * g``, refusing to overflow."""
    with np.errstate(over="raise", invalid="raise"):
        try:
            return w - alpha * g
        except FloatingPointError:
            raise FloatingPointError(
                f"step {t} overflowed: the iterates diverged; use smaller step sizes"
            ) from None


# ---------------------------------------------------------- the perceptron as SGD


@dataclass(frozen=True, repr=False)
class PerceptronSGDResult:
    """What :func:`perceptron_sgd` returns; the fields mean what they mean for train.

    ``n_steps`` counts every SGD step (one per example visited); ``n_updates`` only the
    steps whose subgradient was taken on a mistake, the ones :func:`perclab.train`
    calls updates. ``history`` records those, as :class:`perclab.UpdateHistory`.
    """

    w: np.ndarray
    b: float
    converged: bool
    epochs: int
    n_steps: int
    n_updates: int
    mistakes_per_epoch: list[int]
    history: UpdateHistory = field(repr=False)

    def __repr__(self) -> str:
        names = ("converged", "epochs", "n_steps", "n_updates", "w", "b")
        return summary_repr(self, *names)


def perceptron_sgd(
    X,
    y,
    *,
    lr: float = 1.0,
    fit_bias: bool = True,
    w0=None,
    b0: float = 0.0,
    max_epochs: int | None = None,
    shuffle: bool = False,
    random_state=None,
    n_epochs: int | None = None,
) -> PerceptronSGDResult:
    """Stochastic gradient descent on the perceptron loss, with the constant step ``lr``.

    Each step takes the next example's loss ``max(0, -y_i (w @ x_i + b))``, its
    subgradient ``g = (-y_i * x_i, -y_i)`` on a mistake (``y_i (w @ x_i + b) <= 0``) and
    0 otherwise, and sets ``(w, b) <- (w, b) - lr * g`` (``b`` stays at ``b0`` when
    ``fit_bias=False``). After an epoch without a mistake every example's subgradient is
    0, so no later step could move: the run stops there.

    This is :func:`perclab.train` with the same arguments, derived rather than stated:
    with ``g = (-y_i * x_i, -y_i)``, the step ``w - lr * g_w`` is ``w + lr * y_i *
    x_i``, bit for bit (negating is exact, and ``lr * (-y_i x_ij)`` rounds to the
    negative of ``(lr * y_i) x_ij``). So it runs train's loop
    (``perclab.engine.run``) and returns what SGD counts.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,), labels -1 and +1
    lr : float, default 1.0
        The constant step size ``alpha_t = lr``; train's learning rate.
    fit_bias : bool, default True
    w0 : array of shape (n_features,), optional
        Starting weights; zeros when omitted.
    b0 : float, default 0.0
    max_epochs : int, default 1000
        Most passes over the data.
    shuffle : bool, default False
        A fresh random order in every epoch (the same orders as train's, for the same
        ``random_state``).
    random_state : None, int or numpy Generator
    n_epochs : int, optional
        The older name of ``max_epochs``, still accepted with a DeprecationWarning.

    Returns
    -------
    PerceptronSGDResult

    Warns
    -----
    NotConvergedWarning
        If the last epoch still had mistakes.

    Examples
    --------
    >>> from perclab import train
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> run = perceptron_sgd(X, y)
    >>> run.converged, run.epochs, run.n_steps, run.n_updates, run.w, run.b
    (True, 8, 48, 18, array([-4. ,  5.2]), -2.0)
    >>> bool(np.array_equal(run.history.w, train(X, y).history.w))
    True
    """
    max_epochs = older_name(max_epochs, n_epochs, name="max_epochs", old_name="n_epochs")
    max_epochs = 1000 if max_epochs is None else max_epochs
    model, loop = fit_linear(
        X, y, w0=w0, b0=b0, lr=lr, fit_bias=fit_bias, max_epochs=max_epochs,
        shuffle=shuffle, random_state=random_state, warn="SGD on the perceptron loss",
    )  # fmt: skip
    return PerceptronSGDResult(
        **result_fields(model, loop), n_steps=loop.epochs * model.y.shape[0]
    )
