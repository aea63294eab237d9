"""Check for Exercise 11: cross-validated model selection on a real data set."""

from __future__ import annotations

import numpy as np

from perclab.checks import _core
from perclab.checks._core import (
    CheckResult,
    _call,
    _finish,
    _not_implemented,
    _rng,
    _TooSlow,
)

# ----------------------------------------------------------------------------------
# Exercise 11: model selection on a real data set
# ----------------------------------------------------------------------------------


def _scaler_steps(search):
    """The fitted steps from ``sklearn.preprocessing`` before the final estimator."""
    from sklearn.pipeline import Pipeline

    best = getattr(search, "best_estimator_", None)
    if not isinstance(best, Pipeline):
        return None
    return [
        step
        for _, step in best.steps[:-1]
        if type(step).__module__.startswith("sklearn.preprocessing")
    ]


def _fitted_on(step, X) -> bool:
    """Whether ``step`` transforms like a fresh copy of itself fitted on exactly ``X``."""
    from sklearn.base import clone

    fresh = clone(step).fit(X)
    probe = np.vstack([X[:5], X[:5] * 2.0 + 1.0])
    return bool(
        np.allclose(step.transform(probe), fresh.transform(probe), rtol=1e-9, atol=1e-12)
    )


def _selection_problem(search, X_fit, X_all) -> str | None:
    """What is wrong with a returned search, or None; ``X_fit`` is what it was given."""
    needed = ("cv_results_", "best_params_", "best_score_")
    if not all(hasattr(search, name) for name in needed):
        return (
            "Return the fitted search object, e.g. "
            "GridSearchCV(pipeline, grid).fit(X_train, y_train); "
            f"got {type(search).__name__}, which has no cv_results_."
        )
    if not hasattr(search, "best_estimator_"):
        return (
            "The search has no best_estimator_: keep refit=True, so the chosen setting is "
            "refitted on all of X_train."
        )
    if len(search.cv_results_["params"]) < 2:
        return (
            "Search over at least two candidate settings; with one there is nothing "
            "to select."
        )
    if getattr(search, "n_splits_", 0) < 3:
        n_splits = getattr(search, "n_splits_", 0)
        return f"Use at least 3 cross-validation folds (got {n_splits})."
    scalers = _scaler_steps(search)
    if not scalers:
        return (
            "Put the scaler inside the Pipeline, e.g. make_pipeline(StandardScaler(), "
            "model): then every cross-validation fold fits it on its own training part "
            "and the validation part stays unseen."
        )
    for step in scalers:
        if _fitted_on(step, X_fit):
            continue
        if X_all is not None and _fitted_on(step, X_all):
            return (
                "The model was fitted on the whole data set: select_model must use only "
                "the X_train and y_train it is given; the test set takes no part in "
                "selection."
            )
        return (
            "The fitted scaler did not see exactly the X_train passed in: fit the search "
            "on the arguments, select_model(X_train, y_train), and nothing else."
        )
    return None


def check_model_selection(select_model) -> CheckResult:
    """Check ``select_model(X_train, y_train)``: cross-validated selection of a pipeline.

    The data are the breast-cancer data that ship with scikit-learn
    (:func:`perclab.datasets.load_breast_cancer`); the check holds out a stratified
    quarter as a test set and passes only the rest to ``select_model``, which must return
    a fitted search object (``GridSearchCV`` or alike). What can be verified from
    behaviour, and is:

    1. the result is a fitted search with ``cv_results_``, a ``best_estimator_`` and at
       least two candidate settings, cross-validated with at least 3 folds;
    2. the searched estimator is a Pipeline with a scaler (a step from
       ``sklearn.preprocessing``) before the model, so that every fold fits its own;
    3. the fitted scaler saw exactly the training rows passed in, not the whole data set;
    4. the same holds on a second call with a random subset of the training rows (the
       function uses its arguments);
    5. the cross-validated score is in [0.9, 1] and so is the accuracy on the held-out
       test set, which the check computes after selection.

    What cannot be verified: whether the grid itself was chosen by looking at the test
    set. Numbers are compared with tolerances (scaler statistics to 1e-9).

    Parameters
    ----------
    select_model : callable
        ``select_model(X_train, y_train)`` returning a fitted search object.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import GridSearchCV
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> def select_model(X_train, y_train):
    ...     pipeline = make_pipeline(StandardScaler(), LogisticRegression())
    ...     grid = {"logisticregression__C": [0.1, 1.0]}
    ...     return GridSearchCV(pipeline, grid, cv=3).fit(X_train, y_train)
    >>> result = check_model_selection(select_model)  # doctest: +ELLIPSIS
    All 5 cases pass: cross-validated score 0.9..., accuracy on the held-out test set 0.9...
    """
    from sklearn.model_selection import train_test_split

    from perclab.datasets import load_breast_cancer

    n_cases = 5
    X, y = load_breast_cancer()
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.25, stratify=y, random_state=0
    )
    subset = _rng(17).choice(len(X_train), size=200, replace=False)
    where = "Exercise 11, select_model"
    calls = [
        ("the training set", X_train, y_train),
        ("a random subset of 200 training rows", X_train[subset], y_train[subset]),
    ]
    searches, limit = [], 12 * _core._CASE_SECONDS
    for about, X_fit, y_fit in calls:
        try:
            search = _call(select_model, (X_fit, y_fit), limit)
        except NotImplementedError:
            return _not_implemented(11, "select_model", n_cases)
        except _TooSlow:
            return _finish(
                False,
                n_cases,
                f"{where} on {about} did not finish within {limit:g} s.\n"
                "  hint: search a smaller grid, or fewer folds.",
            )
        except Exception as exc:
            return _finish(
                False,
                n_cases,
                f"{where} on {about} raised {type(exc).__name__}: {exc}\n"
                f"  inputs:   X_train of shape {X_fit.shape}, "
                f"y_train of shape {y_fit.shape}",
            )
        problem = _selection_problem(search, X_fit, X)
        if problem:
            return _finish(False, n_cases, f"{where} on {about} fails.\n  hint: {problem}")
        searches.append(search)
    search = searches[0]
    cv_score = float(search.best_score_)
    test_score = float(np.mean(search.best_estimator_.predict(X_test) == y_test))
    if not 0.9 <= cv_score <= 1.0:
        return _finish(
            False,
            n_cases,
            f"{where} fails: the cross-validated score is {cv_score:.3f}, outside [0.9, 1]."
            "\n  hint: with the features scaled, a linear model should reach about 0.95.",
        )
    if not 0.9 <= test_score <= 1.0:
        return _finish(
            False,
            n_cases,
            f"{where} fails: the accuracy on the held-out test set is {test_score:.3f}, "
            "outside [0.9, 1].\n  hint: is the model a classifier of y, fitted on scaled "
            "features?",
        )
    return _finish(
        True,
        n_cases,
        f"All {n_cases} cases pass: cross-validated score {cv_score:.3f}, accuracy on the "
        f"held-out test set {test_score:.3f}.",
    )
