"""Check for Exercise 11: cross-validated model selection on a real data set."""

from __future__ import annotations

import numpy as np

from perclab.checks import _core
from perclab.checks._core import CheckResult

_N_CASES = 5
_WHERE = "Exercise 11, select_model"
_ABOUT = ("the training set", "a random subset of 200 training rows")


def _dense(Z):
    return Z.toarray() if hasattr(Z, "toarray") else np.asarray(Z, dtype=float)


def _same_transform(a, b, probe) -> bool:
    A, B = _dense(a.transform(probe)), _dense(b.transform(probe))
    return A.shape == B.shape and bool(np.allclose(A, B, rtol=1e-9, atol=1e-12))


def _fitted_on(step, Z_fit, y_fit, Z_all, y_all) -> str:
    """Which data a fitted pipeline step saw: "fit" (exactly the rows passed in), "all"
    (the whole data set), "other", or "unknown" (a random step, or one that cannot be
    refitted here)."""
    from sklearn.base import clone

    def refit(Z, y):
        return clone(step).fit(Z, y)

    probe = Z_fit[:10]
    try:
        if _same_transform(step, refit(Z_fit, y_fit), probe):
            return "fit"
        if not _same_transform(refit(Z_fit, y_fit), refit(Z_fit, y_fit), probe):
            return "unknown"  # not reproducible: refitting it tells nothing
        if Z_all is not None and _same_transform(step, refit(Z_all, y_all), probe):
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
            n = np.ravel(getattr(step, "n_samples_seen_", -1))[0]
            rows = f" (it saw {n} rows of {len(X_fit)})" if 0 <= n < len(X_fit) else ""
            return (
                f"The fitted pipeline step {name!r} did not see exactly the X_train "
                f"passed in{rows}: fit the search on all the training rows, "
                "select_model(X_train, y_train), and nothing else; cross-validation "
                "makes its own splits, so no extra train_test_split is needed."
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
        methods = ("decision_function", "predict_proba", "predict")
        method = next(m for m in methods if hasattr(model, m))
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
    if scoring is None or isinstance(scoring, str):
        return "accuracy" if scoring is None else scoring
    return getattr(scoring, "__name__", type(scoring).__name__)


# The sklearn modules a solution commonly imports. They are imported before the clock
# starts: the check's child inherits them, and a slow first import does not count.
_SKLEARN_MODULES = (
    "base decomposition feature_selection impute linear_model metrics model_selection "
    "neighbors pipeline preprocessing svm"
).split()


def _prepare():
    """Import the common modules and split the data, outside the time limit."""
    import importlib

    for name in _SKLEARN_MODULES:
        importlib.import_module(f"sklearn.{name}")
    from sklearn.model_selection import train_test_split

    from perclab.datasets import load_breast_cancer

    X, y = load_breast_cancer()
    return X, y, *train_test_split(X, y, test_size=0.25, stratify=y, random_state=0)


def _evaluate(select_model, data, report) -> None:
    X, y, X_train, X_test, y_train, y_test = data
    subset = _core._rng(17).choice(len(X_train), size=200, replace=False)
    calls = [(X_train, y_train), (X_train[subset], y_train[subset])]
    searches = []
    for k, (about, (X_fit, y_fit)) in enumerate(zip(_ABOUT, calls, strict=True)):
        report(("case", k))
        try:
            search = select_model(X_fit.copy(), y_fit.copy())
        except NotImplementedError:
            return report(("final", False, _core._not_implemented(11, "select_model")))
        except Exception as exc:
            shapes = f"X_train of shape {X_fit.shape}, y_train of shape {y_fit.shape}"
            text = _core._raised(f"{_WHERE} on {about}", shapes, exc)
            return report(("final", False, text))
        problem = _selection_problem(search, X_fit, y_fit, X, y)
        if problem:
            return report(
                ("final", False, f"{_WHERE} on {about} fails.\n  hint: {problem}")
            )
        searches.append(search)
    search = searches[0]
    test_score = float(
        np.mean(np.asarray(search.best_estimator_.predict(X_test)) == y_test)
    )
    if not 0.9 <= test_score <= 1.0:
        text = (
            f"{_WHERE} fails: the accuracy on the held-out test set is {test_score:.3f}, "
            "below 0.9.\n  hint: is the model a classifier of y (labels -1 and +1), fitted "
            "on scaled features? A scaled linear model reaches about 0.95 here."
        )
        return report(("final", False, text))
    score, name = float(search.best_score_), _scoring_name(search)
    text = f"All {_N_CASES} cases pass: cross-validated score {score:.3f} ({name}), test"
    report(("final", True, f"{text} accuracy {test_score:.3f}."))


def check_model_selection(select_model) -> CheckResult:
    """Check ``select_model(X_train, y_train)``: cross-validated selection of a pipeline.

    On the breast-cancer data (:func:`perclab.datasets.load_breast_cancer`) the check
    holds out a stratified quarter as a test set and passes the rest to ``select_model``,
    which must return a fitted search object (``GridSearchCV`` or alike). For any
    pipeline and ``scoring`` the 5 cases verify: (1) a fitted search with
    ``cv_results_``, a ``best_estimator_``, at least two candidates and 3 folds; (2) a
    Pipeline with a fitted step (scaler, selector, ...) before the model; (3) every
    fitted step saw exactly the training rows passed in (scaler statistics compared to
    1e-9; a step whose refit is random is not judged); (4) the same on a random subset of
    200 rows; (5) candidates that differ (when all score the same, two are refitted and
    must differ) and a test accuracy of at least 0.9. Whether the grid was chosen by
    looking at the test set cannot be verified. The search runs in one process, with the
    common scikit-learn modules imported before the clock starts.
    """
    if not callable(select_model):
        return _core._not_callable(
            "model_selection", "select_model", select_model, _N_CASES
        )
    seconds = _core._CHECK_SECONDS
    data = _prepare()

    def work(report):
        import joblib

        # One process: starting worker processes (n_jobs=-1) costs more than the small
        # search gains, and workers would outlive a check stopped at its limit.
        with joblib.parallel_config(backend="sequential"):
            _evaluate(select_model, data, report)

    messages, finished = _core._isolated(work, seconds)

    def on_timeout(k, finished):
        if finished:
            return f"{_WHERE} on {_ABOUT[k]}: the check's process ended abruptly."
        return (
            f"{_WHERE} on {_ABOUT[k]} did not finish: the check stopped at its limit of "
            f"{seconds:g} s.\n  hint: search a smaller grid, or fewer folds; is "
            "max_iter reasonable?"
        )

    return _core._outcome("select_model", _N_CASES, messages, finished, on_timeout)
