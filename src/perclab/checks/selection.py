"""Check for Exercise 11: cross-validated model selection on a real data set."""

from __future__ import annotations

import numpy as np

from perclab.checks import _core
from perclab.checks._core import (
    CheckResult,
    _finish,
    _isolated,
    _not_implemented,
    _rng,
    _short,
)

_N_CASES = 5
_WHERE = "Exercise 11, select_model"

# ----------------------------------------------------------------------------------
# Exercise 11: model selection on a real data set
# ----------------------------------------------------------------------------------


def _dense(Z):
    return Z.toarray() if hasattr(Z, "toarray") else np.asarray(Z, dtype=float)


def _same_transform(a, b, probe) -> bool:
    A, B = _dense(a.transform(probe)), _dense(b.transform(probe))
    return A.shape == B.shape and bool(np.allclose(A, B, rtol=1e-9, atol=1e-12))


def _fitted_on(step, Z_fit, y_fit, Z_all, y_all) -> str:
    """Which data a fitted pipeline step saw: "fit" (exactly the training rows passed
    in), "all" (the whole data set), "other", or "unknown" (it cannot be told, e.g. a
    step that is random, or one that cannot be refitted here)."""
    from sklearn.base import clone

    probe = Z_fit[:10]
    try:
        if _same_transform(step, clone(step).fit(Z_fit, y_fit), probe):
            return "fit"
        if not _same_transform(
            clone(step).fit(Z_fit, y_fit), clone(step).fit(Z_fit, y_fit), probe
        ):
            return "unknown"  # not reproducible: refitting it tells nothing
        if Z_all is not None and _same_transform(
            step, clone(step).fit(Z_all, y_all), probe
        ):
            return "all"
    except Exception:
        return "unknown"
    return "other"


def _leak_problem(best, X_fit, y_fit, X_all, y_all) -> str | None:
    """Follow the data through the fitted steps before the model; each fitted step must
    have seen exactly the training rows passed in."""
    Z_fit, Z_all = X_fit, X_all
    for name, step in best.steps[:-1]:
        if step is None or step == "passthrough" or not hasattr(step, "transform"):
            continue
        seen = _fitted_on(step, Z_fit, y_fit, Z_all, y_all)
        if seen == "all":
            return (
                f"The pipeline step {name!r} was fitted on the whole data set: "
                "select_model must use only the X_train and y_train it is given; the "
                "test set takes no part in selection."
            )
        if seen == "other":
            return (
                f"The fitted pipeline step {name!r} did not see exactly the X_train "
                "passed in: fit the search on the arguments, select_model(X_train, "
                "y_train), and nothing else."
            )
        try:
            Z_fit = _dense(step.transform(Z_fit))
            Z_all = _dense(step.transform(Z_all)) if Z_all is not None else None
        except Exception:
            return None
    return None


def _no_effect(search, X_fit, y_fit) -> str | None:
    """When every candidate scores the same, refit two of them: a search whose candidates
    all give the same model searches nothing."""
    from sklearn.base import clone

    scores = np.asarray(search.cv_results_["mean_test_score"], dtype=float)
    if np.nanmax(scores) > np.nanmin(scores) or not hasattr(search, "estimator"):
        return None
    params = search.cv_results_["params"]
    outputs = []
    for p in (params[0], params[-1]):
        model = clone(search.estimator).set_params(**clone(p, safe=False))
        model.fit(X_fit, y_fit)
        method = next(
            m
            for m in ("decision_function", "predict_proba", "predict")
            if hasattr(model, m)
        )
        outputs.append(np.asarray(getattr(model, method)(X_fit), dtype=float))
    if outputs[0].shape == outputs[1].shape and np.allclose(outputs[0], outputs[1]):
        searched = sorted({key for p in params for key in p})
        return (
            f"Every candidate gives the same model: the setting you search "
            f"({', '.join(searched)}) changes nothing, so nothing is selected. Search "
            "a parameter that acts, e.g. C of LogisticRegression, or alpha of "
            "Perceptron together with penalty='l2' (alpha does nothing without a "
            "penalty)."
        )
    return None


def _selection_problem(search, X_fit, y_fit, X_all, y_all) -> str | None:
    """What is wrong with a returned search, or None; ``X_fit`` is what it was given."""
    from sklearn.pipeline import Pipeline

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
    n_splits = getattr(search, "n_splits_", 0)
    if n_splits < 3:
        return f"Use at least 3 cross-validation folds (got {n_splits})."
    best = search.best_estimator_
    steps = best.steps[:-1] if isinstance(best, Pipeline) else []
    if not any(hasattr(step, "transform") for _, step in steps):
        return (
            "Put the scaler inside the Pipeline, e.g. make_pipeline(StandardScaler(), "
            "model): then every cross-validation fold fits it on its own training part "
            "and the validation part stays unseen."
        )
    return _leak_problem(best, X_fit, y_fit, X_all, y_all) or _no_effect(
        search, X_fit, y_fit
    )


def _scoring_name(search) -> str:
    scoring = getattr(search, "scoring", None)
    if scoring is None:
        return "accuracy"
    if isinstance(scoring, str):
        return scoring
    return getattr(scoring, "__name__", type(scoring).__name__)


# Modules a solution commonly imports inside select_model. They are imported before the
# clock starts: the check's child process inherits them, and a slow first import (seconds
# on a busy machine) does not count against the solution.
_SKLEARN_MODULES = (
    "sklearn.base",
    "sklearn.decomposition",
    "sklearn.feature_selection",
    "sklearn.impute",
    "sklearn.linear_model",
    "sklearn.metrics",
    "sklearn.model_selection",
    "sklearn.neighbors",
    "sklearn.pipeline",
    "sklearn.preprocessing",
    "sklearn.svm",
)


def _prepare():
    """Import the common modules and split the data, outside the time limit."""
    import importlib

    for name in _SKLEARN_MODULES:
        importlib.import_module(name)
    from sklearn.model_selection import train_test_split

    from perclab.datasets import load_breast_cancer

    X, y = load_breast_cancer()
    return X, y, *train_test_split(X, y, test_size=0.25, stratify=y, random_state=0)


def _evaluate(select_model, data, report) -> None:
    X, y, X_train, X_test, y_train, y_test = data
    subset = _rng(17).choice(len(X_train), size=200, replace=False)
    calls = [
        ("the training set", X_train, y_train),
        ("a random subset of 200 training rows", X_train[subset], y_train[subset]),
    ]
    searches = []
    for k, (about, X_fit, y_fit) in enumerate(calls):
        report(("case", k))
        try:
            search = select_model(X_fit.copy(), y_fit.copy())
        except NotImplementedError:
            report(("final", False, _not_implemented(11, "select_model")))
            return
        except Exception as exc:
            lines = [
                f"{_WHERE} on {about} raised {type(exc).__name__}: "
                f"{_short(str(exc).splitlines()[0] if str(exc) else '', 160)}",
                f"  inputs:   X_train of shape {X_fit.shape}, y_train of shape "
                f"{y_fit.shape}",
            ]
            line, hint = _core._where_raised(exc), _core._exception_hint(exc)
            lines += [f"  at:       {line}"] if line else []
            lines += [f"  hint: {hint}"] if hint else []
            report(("final", False, "\n".join(lines)))
            return
        problem = _selection_problem(search, X_fit, y_fit, X, y)
        if problem:
            report(("final", False, f"{_WHERE} on {about} fails.\n  hint: {problem}"))
            return
        searches.append(search)
    search = searches[0]
    predicted = np.asarray(search.best_estimator_.predict(X_test))
    test_score = float(np.mean(predicted == y_test))
    if not 0.9 <= test_score <= 1.0:
        report(
            (
                "final",
                False,
                f"{_WHERE} fails: the accuracy on the held-out test set is "
                f"{test_score:.3f}, below 0.9.\n  hint: is the model a classifier of "
                "y (labels -1 and +1), fitted on scaled features? A scaled linear "
                "model reaches about 0.95 here.",
            )
        )
        return
    report(
        (
            "final",
            True,
            f"All {_N_CASES} cases pass: cross-validated score "
            f"{float(search.best_score_):.3f} ({_scoring_name(search)}), test accuracy "
            f"{test_score:.3f}.",
        )
    )


def check_model_selection(select_model) -> CheckResult:
    """Check ``select_model(X_train, y_train)``: cross-validated selection of a pipeline.

    The data are the breast-cancer data that ship with scikit-learn
    (:func:`perclab.datasets.load_breast_cancer`); the check holds out a stratified
    quarter as a test set and passes only the rest to ``select_model``, which must return
    a fitted search object (``GridSearchCV`` or alike). What can be verified from
    behaviour, and is, for any pipeline and any ``scoring``:

    1. the result is a fitted search with ``cv_results_``, a ``best_estimator_`` and at
       least two candidate settings, cross-validated with at least 3 folds;
    2. the chosen estimator is a Pipeline with at least one fitted step (a scaler, a
       feature selector, ...) before the model, so that every fold fits its own;
    3. every fitted step saw exactly the training rows passed in, not the whole data set
       (followed through the pipeline, so a selector before the scaler is fine);
       a step whose refit is not reproducible (random) is not judged;
    4. the same holds on a second call with a random subset of the training rows (the
       function uses its arguments);
    5. the candidates differ: when all of them score the same, two are refitted and must
       give different models (``alpha`` of a ``Perceptron`` without a penalty does
       nothing); and the accuracy of the chosen model on the held-out test set, which
       the check computes after selection, is at least 0.9.

    What cannot be verified: whether the grid itself was chosen by looking at the test
    set. Scaler statistics are compared to 1e-9. The whole check, both calls included,
    has the same time limit as every check; the search runs in one process (``n_jobs``
    has no effect inside the check), and the common scikit-learn modules are imported
    before the clock starts.

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
    All 5 cases pass: cross-validated score 0.9... (accuracy), test accuracy 0.9...
    """
    if not callable(select_model):
        return _finish(
            False,
            _N_CASES,
            "Pass the function itself, e.g. check_model_selection(select_model), not "
            f"the result of calling it (got {type(select_model).__name__}).",
        )
    seconds = _core._CHECK_SECONDS
    data = _prepare()

    def work(report):
        import joblib

        # One process: starting worker processes (n_jobs=-1) costs more than the small
        # search gains, and workers would outlive a check stopped at its limit.
        with joblib.parallel_config(backend="sequential"):
            _evaluate(select_model, data, report)

    messages, finished = _isolated(work, seconds)
    abouts = ("the training set", "a random subset of 200 training rows")

    def on_timeout(k, finished):
        if finished:
            return f"{_WHERE} on {abouts[k]}: the check's process ended abruptly."
        return (
            f"{_WHERE} on {abouts[k]} did not finish: the check stopped at its limit of "
            f"{seconds:g} s.\n  hint: search a smaller grid, or fewer folds; is "
            "max_iter reasonable?"
        )

    return _core._outcome("select_model", _N_CASES, messages, finished, on_timeout)
