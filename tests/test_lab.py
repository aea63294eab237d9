"""perclab.lab.time_fit_predict: what it fits, what it measures, and bad input.

No test here depends on how fast the machine is: the timings are only checked to be
positive and finite, and the repeat count and cloning are checked by counting calls.
"""

import math

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.neighbors import KNeighborsClassifier

import perclab
from perclab.lab import FitPredictTiming, time_fit_predict

X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [3.0, 3.0], [4.0, 3.0], [3.0, 4.0]])
Y = np.array([-1, -1, -1, 1, 1, 1])


CALLS = {}  # what CountingClassifier and its clones were asked to do


class CountingClassifier(ClassifierMixin, BaseEstimator):
    """Predicts one label everywhere and counts the calls made on it and its clones."""

    def __init__(self, label=1):
        self.label = label

    def fit(self, X, y):
        CALLS["fit"] += 1
        CALLS["fitted_instances"].add(id(self))
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        CALLS["predict"] += 1
        return np.full(len(X), self.label)


def test_accuracy_and_fields_with_a_real_model():
    timing = time_fit_predict(KNeighborsClassifier(n_neighbors=1), X, Y, X, Y)
    assert isinstance(timing, FitPredictTiming)
    assert timing.accuracy == 1.0 and timing.n_test == 6
    for seconds in (timing.fit_seconds, timing.predict_seconds, timing.seconds_per_query):
        assert 0 < seconds < math.inf
    assert timing.seconds_per_query == timing.predict_seconds / 6


@pytest.mark.parametrize("repeat", [1, 4])
def test_fits_fresh_clones_and_repeats(repeat):
    CALLS.update(fit=0, predict=0, fitted_instances=set())
    model = CountingClassifier(label=-1)
    timing = time_fit_predict(model, X, Y, X[:4], Y[:4], repeat=repeat)
    assert CALLS["fit"] == repeat
    assert CALLS["predict"] == repeat
    assert id(model) not in CALLS["fitted_instances"]  # not modified
    assert len(CALLS["fitted_instances"]) == repeat
    assert timing.accuracy == 0.75  # three of the four test labels are -1


def test_works_with_the_perceptron_estimator():
    timing = time_fit_predict(perclab.Perceptron(), X, Y, X, Y, repeat=2)
    assert timing.accuracy == 1.0


BAD_INPUT = [
    ("repeat-0", {"repeat": 0}, ValueError, "repeat must be >= 1"),
    ("repeat-float", {"repeat": 2.0}, TypeError, "repeat must be an integer"),
    ("not-a-model", {"model": "knn"}, TypeError, "fit and predict methods"),
    ("y_test-length", {"y_test": Y[:3]}, ValueError, "one label per row of X_test"),
]


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input(changes, error, message):
    arguments = {"model": KNeighborsClassifier(n_neighbors=1), "y_test": Y} | changes
    model, y_test = arguments.pop("model"), arguments.pop("y_test")
    with pytest.raises(error, match=message):
        time_fit_predict(model, X, Y, X, y_test, **arguments)
