"""Input checks for the public API.

Every public function validates its arguments here, once, at the boundary. Each message
names the problem and says how to fix it. ``assert`` is never used for user input.
"""

from __future__ import annotations

import numbers
import warnings

import numpy as np

MEMORY_BUDGET_BYTES = 2**30  # the most memory one array that a call builds may take

_ENCODE_HINT = "encode two classes as -1 and +1, e.g. np.where(y == positive_class, 1, -1)"


def warn_older_name(old_name: str, name: str, use: str, stacklevel: int = 2) -> None:
    """A DeprecationWarning that ``old_name`` is the older name of ``name``; ``use`` says
    what to write instead. ``stacklevel`` as ``warnings.warn`` takes it in the caller."""
    warnings.warn(
        f"{old_name} is the older name of {name}; {use} instead",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def older_name(value, old_value, *, name: str, old_name: str, stacklevel: int = 3):
    """``value``, or ``old_value`` given under the keyword's older name (with a
    DeprecationWarning); both given is a TypeError. ``value`` is None when not given."""
    if old_value is None:
        return value
    if value is not None:
        raise TypeError(f"pass {name} or its older name {old_name}, not both")
    warn_older_name(old_name, name, f"pass {name}=...", stacklevel=stacklevel)
    return old_value


def check_X(X, *, name: str = "X", copy: bool = True, finite: bool = True) -> np.ndarray:
    """Return ``X`` as a finite 2-D float array with at least one row and one column.

    A copy, unless ``copy=False`` and ``X`` is already a float64 array (for callers
    that never write to it). ``finite=False`` leaves out the test for NaN and infinity,
    for a caller that makes it itself (with :func:`check_finite`) before it uses an
    entry."""
    if isinstance(X, (str, bytes)):
        raise TypeError(f"{name} must be a 2-D array of numbers, got a string")
    if type(X).__module__.startswith("scipy.sparse"):  # without importing scipy
        raise TypeError(
            f"{name} is a scipy.sparse {type(X).__name__}; perclab works on dense "
            f"arrays: pass {name}.toarray()"
        )
    try:
        arr = np.asarray(X)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(
            f"{name} must be a 2-D array with rows of equal length; "
            f"check that every sample has the same number of features ({exc})"
        ) from None
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or arr.dtype == bool
    ):
        raise TypeError(
            f"{name} must hold numbers, got dtype {arr.dtype}; "
            "convert it with np.asarray(..., dtype=float) after encoding any text columns"
        )
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must hold real numbers, got complex dtype {arr.dtype}")
    if arr.ndim == 1:
        raise ValueError(
            f"{name} must be 2-D with shape (n_samples, n_features), got a 1-D array of "
            f"shape {arr.shape}; use X.reshape(-1, 1) for one feature "
            "or X.reshape(1, -1) for one sample"
        )
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-D with shape (n_samples, n_features), got shape {arr.shape}"
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty (0 samples); pass at least one sample")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has 0 features; pass at least one feature column")
    arr = arr.astype(float, copy=copy)
    if finite:
        check_finite(arr, name=name)
    return arr


def check_finite(arr: np.ndarray, *, name: str = "X") -> None:
    """Raise if the 2-D float array ``arr`` holds NaN or infinity."""
    # the sum is finite when every entry is (one pass, no temporary array; einsum's
    # is the quicker); only an infinite or NaN sum needs the entries checked one by one
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.einsum("ij->", arr)
    if not np.isfinite(total) and not np.all(np.isfinite(arr)):
        raise ValueError(
            f"{name} contains NaN or infinity; remove or impute those entries first"
        )


def check_pm1_labels(y, n_samples: int) -> np.ndarray:
    """Return ``y`` as a float array of -1.0 and +1.0 with ``n_samples`` entries."""
    if isinstance(y, (str, bytes)):
        raise TypeError("y must be an array of -1 and +1 labels, got a string")
    arr = np.asarray(y)
    if arr.ndim == 2 and 1 in arr.shape:
        raise ValueError(f"y must be 1-D, got shape {arr.shape}; flatten it with y.ravel()")
    if arr.ndim != 1:
        raise ValueError(f"y must be 1-D with one label per sample, got shape {arr.shape}")
    if arr.shape[0] != n_samples:
        raise ValueError(
            f"X and y have different lengths: X has {n_samples} samples, y has "
            f"{arr.shape[0]} labels; pass one label per row of X"
        )
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or arr.dtype == bool
    ):
        raise TypeError(
            f"y must hold the numbers -1 and +1, got dtype {arr.dtype}; "
            "encode two classes as -1 and +1, e.g. np.where(y == positive_class, 1, -1)"
        )
    if arr.dtype.kind in "iuf" and np.all(np.abs(arr) == 1):  # the common case, at once
        return arr.astype(float)
    values = np.unique(arr)
    if arr.dtype == bool or not np.all(np.isin(values, (-1, 1))):
        shown = np.array2string(values[:6]) + (" ..." if values.size > 6 else "")
        hint = (
            "map {0, 1} labels with 2*y - 1"
            if np.all(np.isin(values, (0, 1)))
            else _ENCODE_HINT
        )
        raise ValueError(f"y must contain only -1 and +1, got {shown}; {hint}")
    return arr.astype(float)


def check_two_classes(y: np.ndarray) -> None:
    """Raise if the -1/+1 labels ``y`` hold only one class."""
    if np.unique(y).size < 2:
        raise ValueError(
            f"y holds a single class ({y[0]:+g}); a separating hyperplane needs "
            "samples of both classes -1 and +1"
        )


def check_vector(w, n_features: int, *, name: str) -> np.ndarray:
    """Return ``w`` as a finite float vector of length ``n_features``."""
    try:
        arr = np.asarray(w, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            f"{name} must be a vector of numbers, got {type(w).__name__}"
        ) from None
    if arr.ndim != 1 or arr.shape[0] != n_features:
        raise ValueError(
            f"{name} must be a vector of length {n_features} (one entry per feature of X), "
            f"got shape {arr.shape}"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinity; pass finite numbers")
    return arr.copy()


def check_real(value, *, name: str, positive: bool = False) -> float:
    """Return ``value`` as a finite float (strictly positive when ``positive``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if positive and value <= 0:
        raise ValueError(f"{name} must be > 0, got {value}; pass a positive number")
    return value


def check_int(value, *, name: str, minimum: int) -> int:
    """Return ``value`` as an int that is at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)


def check_bool(value, *, name: str) -> bool:
    """Return ``value`` as a bool; refuse anything that is not a bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_random_state(random_state) -> np.random.Generator:
    """Return a numpy Generator from None, a non-negative int or a Generator."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if isinstance(random_state, (int, np.integer)) and not isinstance(random_state, bool):
        if random_state < 0:
            raise ValueError(f"random_state must be >= 0, got {random_state}")
        return np.random.default_rng(int(random_state))
    raise TypeError(
        "random_state must be None, a non-negative int or a numpy Generator, "
        f"got {random_state!r}"
    )


def check_memory(n_bytes: int, *, what: str, fix: str) -> None:
    """Refuse, before allocating, an array of ``n_bytes`` over ``MEMORY_BUDGET_BYTES``.

    ``what`` names the array and its size, ``fix`` says what to do instead.
    """
    if n_bytes > MEMORY_BUDGET_BYTES:
        raise ValueError(
            f"{what} would take {n_bytes / 2**30:.3g} GiB, over the limit of "
            f"{MEMORY_BUDGET_BYTES / 2**30:g} GiB; {fix}"
        )


def check_history(result, *, name: str = "result"):
    """Return the update history of a training run, or raise a TypeError that says what
    was expected (a run of perclab.train or a variant that keeps a history)."""
    history = getattr(result, "history", None)
    if history is None or not all(hasattr(history, a) for a in ("w", "b", "sample")):
        raise TypeError(
            f"{name} must be what perclab.train returns (a TrainResult), got "
            f"{type(result).__name__}"
        )
    return history
