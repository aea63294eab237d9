"""Measuring classifiers in the lab: fit time, predict time and accuracy."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from perclab._validation import check_int

__all__ = ["FitPredictTiming", "time_fit_predict"]


@dataclass(frozen=True)
class FitPredictTiming:
    """What :func:`time_fit_predict` measured, in seconds (best of the repeats)."""

    fit_seconds: float
    predict_seconds: float
    n_test: int
    accuracy: float

    @property
    def seconds_per_query(self) -> float:
        """Predict time divided by the number of test points."""
        return self.predict_seconds / self.n_test


def time_fit_predict(
    model, X_train, y_train, X_test, y_test, *, repeat: int = 3
) -> FitPredictTiming:
    """Fit a scikit-learn classifier, predict the test set, and time both.

    The model is cloned and fitted ``repeat`` times and the fitted model predicts
    ``X_test`` ``repeat`` times; the shortest wall-clock time of each is kept, which
    filters out most of the noise from other work on the machine. Both run on a single
    thread (``threadpoolctl``), so that the times measure work done rather than how
    many processor cores happen to be free. Times still differ between machines:
    compare them with each other, as ratios, not with numbers from elsewhere.

    Parameters
    ----------
    model : scikit-learn classifier
        Not modified; clones of it are fitted.
    X_train, y_train : arrays
    X_test, y_test : arrays
    repeat : int, default 3

    Returns
    -------
    FitPredictTiming
        ``fit_seconds``, ``predict_seconds`` (for the whole test set), ``n_test``,
        ``accuracy`` on the test set, and the property ``seconds_per_query``.

    Examples
    --------
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([-1, -1, 1, 1])
    >>> timing = time_fit_predict(KNeighborsClassifier(n_neighbors=1), X, y, X, y)
    >>> timing.accuracy, timing.n_test, timing.fit_seconds > 0
    (1.0, 4, True)
    """
    from sklearn.base import clone
    from threadpoolctl import threadpool_limits

    for method in ("fit", "predict"):
        if not callable(getattr(model, method, None)):
            raise TypeError(
                f"model must be a classifier with fit and predict methods, got {model!r}"
            )
    repeat = check_int(repeat, name="repeat", minimum=1)
    fit_seconds = predict_seconds = np.inf
    with threadpool_limits(limits=1):
        for _ in range(repeat):
            fresh = clone(model)
            start = time.perf_counter()
            fresh.fit(X_train, y_train)
            fit_seconds = min(fit_seconds, time.perf_counter() - start)
        for _ in range(repeat):
            start = time.perf_counter()
            predicted = fresh.predict(X_test)
            predict_seconds = min(predict_seconds, time.perf_counter() - start)
    y_test = np.asarray(y_test)
    if predicted.shape != y_test.shape:
        raise ValueError(
            f"y_test has shape {y_test.shape} but the model predicted shape "
            f"{predicted.shape}; pass one label per row of X_test"
        )
    return FitPredictTiming(
        fit_seconds=float(fit_seconds),
        predict_seconds=float(predict_seconds),
        n_test=int(y_test.shape[0]),
        accuracy=float(np.mean(predicted == y_test)),
    )
