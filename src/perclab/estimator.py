"""A scikit-learn classifier around :func:`perclab.train`."""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from perclab.perceptron import NotConvergedWarning, train

__all__ = ["Perceptron"]


class Perceptron(ClassifierMixin, BaseEstimator):
    """The perceptron as a scikit-learn classifier, for pipelines and model selection.

    It trains with :func:`perclab.train` (the same rule, the same order). Any two class
    labels are accepted: ``classes_[1]`` plays the role of +1 and ``classes_[0]`` of -1.

    Parameters
    ----------
    lr : float, default 1.0
        Learning rate η > 0.
    fit_bias : bool, default True
        Learn the bias (``intercept_``).
    max_epochs : int, default 1000
        Upper bound on the passes over the data.
    shuffle : bool, default False
        Visit the samples in a new random order in every epoch.
    random_state : None, int or numpy Generator
        Seed for the shuffling.

    Attributes
    ----------
    coef_ : ndarray of shape (1, n_features)
    intercept_ : ndarray of shape (1,)
    classes_ : ndarray of shape (2,)
    n_iter_ : int
        Epochs run, counting the final clean one.
    n_updates_ : int
    converged_ : bool
    mistakes_per_epoch_ : list of int
    result_ : TrainResult
        The whole run, with its update history.
    n_features_in_ : int

    Examples
    --------
    >>> from perclab.datasets import load_iris_2d
    >>> X, y = load_iris_2d()
    >>> names = np.where(y == 1, "versicolor", "setosa")
    >>> model = Perceptron().fit(X, names)
    >>> model.classes_.tolist(), model.n_updates_, model.score(X, names)
    (['setosa', 'versicolor'], 10, 1.0)
    """

    def __init__(
        self,
        *,
        lr: float = 1.0,
        fit_bias: bool = True,
        max_epochs: int = 1000,
        shuffle: bool = False,
        random_state=None,
    ):
        self.lr = lr
        self.fit_bias = fit_bias
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.random_state = random_state

    def fit(self, X, y):
        """Train on ``X`` and two-class labels ``y``; return ``self``."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        if self.classes_.size == 1:
            raise ValueError(
                f"y holds one class ({self.classes_[0]!r}); a classifier needs samples "
                "of 2 classes to separate"
            )
        if self.classes_.size > 2:
            raise ValueError(
                "Only binary classification is supported. Perceptron needs exactly 2 "
                f"classes in y, got {self.classes_.size}: {self.classes_[:5]}; for more "
                "classes wrap it in sklearn.multiclass.OneVsRestClassifier"
            )
        signs = np.where(y == self.classes_[1], 1, -1)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", NotConvergedWarning)
            result = train(
                X,
                signs,
                lr=self.lr,
                fit_bias=self.fit_bias,
                max_epochs=self.max_epochs,
                shuffle=self.shuffle,
                random_state=self.random_state,
            )
        for warning in caught:
            category = (
                ConvergenceWarning
                if issubclass(warning.category, NotConvergedWarning)
                else warning.category
            )
            warnings.warn(str(warning.message), category, stacklevel=2)
        self.coef_ = result.w[np.newaxis, :]
        self.intercept_ = np.array([result.b])
        self.n_iter_ = result.epochs
        self.n_updates_ = result.n_updates
        self.converged_ = result.converged
        self.mistakes_per_epoch_ = result.mistakes_per_epoch
        self.result_ = result
        return self

    def decision_function(self, X) -> np.ndarray:
        """Return ``X @ coef_.ravel() + intercept_``: positive means ``classes_[1]``."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict(self, X) -> np.ndarray:
        """Return ``classes_[1]`` where the score is >= 0 and ``classes_[0]`` elsewhere."""
        scores = self.decision_function(X)  # checks first that fit was called
        return self.classes_[(scores >= 0).astype(int)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags
