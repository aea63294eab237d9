"""What every linear classifier in perclab shares, in one home each.

* :func:`labels`: scores to labels, +1 on the boundary (``w @ x + b >= 0``);
* :func:`count_mistakes`: the perceptron's own test ``y_i (w @ x_i + b) <= 0``, so a
  point on the boundary is a mistake whatever its label;
* :class:`LinearClassifier`: ``decision_function`` and ``predict`` of a result with
  weights ``w`` and a bias ``b``;
* :func:`summary_repr`: the one-line ``__repr__`` of a result.
"""

from __future__ import annotations

import numbers

import numpy as np

from perclab._validation import check_X

__all__ = ["LinearClassifier", "check_features", "count_mistakes", "labels", "summary_repr"]


def labels(scores) -> np.ndarray:
    """Labels -1 and +1 from scores, +1 on the boundary (a score of 0)."""
    return np.where(np.asarray(scores) >= 0, 1, -1)


def count_mistakes(X, y, w, b) -> int:
    """How many samples of checked ``X``, ``y`` have ``y_i (w @ x_i + b) <= 0``."""
    return int(np.count_nonzero(y * (X @ w + b) <= 0))


def check_features(X, n_features: int) -> np.ndarray:
    """``X`` checked, with the ``n_features`` features of the training data."""
    X = check_X(X)
    if X.shape[1] != n_features:
        raise ValueError(
            f"X has {X.shape[1]} features but the model was trained on {n_features}; "
            "pass data with the features used in training"
        )
    return X


class LinearClassifier:
    """``decision_function`` and ``predict`` for a result with fields ``w`` and ``b``."""

    def decision_function(self, X) -> np.ndarray:
        """Return ``X @ w + b``: the signed score, proportional to the distance."""
        return check_features(X, self.w.shape[0]) @ self.w + self.b

    def predict(self, X) -> np.ndarray:
        """Return the labels ``sign(X @ w + b)`` in {-1, +1}, with +1 on the boundary."""
        return labels(self.decision_function(X))


def _shown(value) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=4, threshold=6)
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.6g}"
    return repr(value)


def summary_repr(result, *names: str, **values) -> str:
    """``Name(field=value, ...)`` for the fields ``names`` of ``result`` and then
    ``values``: arrays shortened, floats to six significant digits."""
    shown = {name: getattr(result, name) for name in names} | values
    inner = ", ".join(f"{name}={_shown(value)}" for name, value in shown.items())
    return f"{type(result).__name__}({inner})"
