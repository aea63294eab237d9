"""Check for Exercise 11: cross-validated model selection on a real data set."""

from __future__ import annotations

import builtins
import importlib
import inspect
import io
import pickle

import numpy as np

from perclab.checks import _core
from perclab.checks._core import CheckResult
from perclab.checks._core import not_callable as _not_callable
from perclab.checks._core import registered as _registered

_N_CASES = 5
_WHERE = "Exercise 11, select_model"
_ABOUT = ("the training set", "a random subset of 200 training rows")


def _dense(Z):
    return Z.toarray() if hasattr(Z, "toarray") else np.asarray(Z, dtype=float)


def _same_transform(a, b, probe) -> bool:
    A, B = _dense(a.transform(probe)), _dense(b.transform(probe))
    return A.shape == B.shape and bool(np.allclose(A, B, rtol=1e-9, atol=1e-12))


def _fitted_on(step, Z_fit, y_fit, Z_all, y_all) -> str:
    """The data a fitted pipeline step saw: "fit" (the rows passed in), "all" (the whole
    data set), "other", or "unknown" (a random step, or one that cannot be refitted)."""
    from sklearn.base import clone

    probe = Z_fit[:10]
    try:
        if _same_transform(step, clone(step).fit(Z_fit, y_fit), probe):
            return "fit"
        if not _same_transform(*[clone(step).fit(Z_fit, y_fit) for _ in range(2)], probe):
            return "unknown"  # not reproducible: refitting it tells nothing
        if _same_transform(step, clone(step).fit(Z_all, y_all), probe):
            return "all"
    except Exception:
        return "unknown"
    return "other"


def _selection_problem(search, X_fit, y_fit, X_all, y_all, acting=True) -> str | None:
    """What is wrong with a returned search, or None; ``X_fit`` is what it was given.

    ``acting``: also require that the candidates do not all give the same model, which
    catches a setting that never acts (alpha without a penalty) on this check's data; on
    other data a setting that acts may still change nothing (a perceptron that converges
    before the fewest epochs searched), so the grader's other data leave it out."""
    from sklearn.base import clone
    from sklearn.pipeline import Pipeline

    needed = ("cv_results_", "best_params_", "best_score_")
    if not all(hasattr(search, name) for name in needed):
        return (
            "Return the fitted search object, e.g. GridSearchCV(pipeline, grid).fit("
            f"X_train, y_train); got {type(search).__name__}, which has no cv_results_."
        )
    if not hasattr(search, "best_estimator_"):
        return (
            "The search has no best_estimator_: keep refit=True, so the chosen setting is "
            "refitted on all of X_train."
        )
    params = search.cv_results_["params"]
    if len(params) < 2:
        return (
            "Search over at least two candidate settings; with one there is nothing "
            "to select."
        )
    if (n_splits := getattr(search, "n_splits_", 0)) < 3:
        return f"Use at least 3 cross-validation folds (got {n_splits})."
    best = search.best_estimator_
    steps = best.steps[:-1] if isinstance(best, Pipeline) else []
    steps = [(name, step) for name, step in steps if hasattr(step, "transform")]
    if not steps:
        return (
            "Put the scaler inside the Pipeline, e.g. make_pipeline(StandardScaler(), "
            "model): then every cross-validation fold fits it on its own training part "
            "and the validation part stays unseen."
        )
    # Follow the data through the fitted steps: each must have seen exactly X_fit.
    Z_fit, Z_all = X_fit, X_all
    for name, step in steps:
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
            Z_fit, Z_all = _dense(step.transform(Z_fit)), _dense(step.transform(Z_all))
        except Exception:
            break
    # When every candidate scores the same, two of them refitted must differ.
    scores = np.asarray(search.cv_results_["mean_test_score"], dtype=float)
    if not acting or np.nanmax(scores) > np.nanmin(scores):
        return None
    if not hasattr(search, "estimator"):
        return None
    outputs = []
    for p in (params[0], params[-1]):
        model = clone(search.estimator).set_params(**clone(p, safe=False))
        model.fit(X_fit, y_fit)
        methods = ("decision_function", "predict_proba", "predict")
        method = next(m for m in methods if hasattr(model, m))
        outputs.append(np.asarray(getattr(model, method)(X_fit), dtype=float))
    if outputs[0].shape != outputs[1].shape or not np.allclose(outputs[0], outputs[1]):
        return None
    return (
        "Every candidate gives the same model: the setting you search "
        f"({', '.join(sorted({key for p in params for key in p}))}) changes nothing, so "
        "nothing is selected. Search a parameter that acts, e.g. C of LogisticRegression, "
        "or alpha of Perceptron together with penalty='l2' (alpha does nothing without a "
        "penalty)."
    )


# A search must be judged apart from the learner's code (a grader runs their notebook in a
# process of its own, where a check could be replaced): it is pickled there and unpickled
# where it is judged, with nothing but the classes of scikit-learn, perclab and numpy (and
# the metrics and statistics a search holds), so no code of the learner's runs there.
_PICKLE_FUNCTIONS = {
    ("copyreg", "_reconstructor"),
    ("functools", "partial"),
    ("collections", "OrderedDict"),
    ("collections", "defaultdict"),
    ("numpy.core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"),
    ("numpy.core.numeric", "_frombuffer"),
    ("numpy._core.numeric", "_frombuffer"),
    ("numpy.ma.core", "_mareconstruct"),
    ("numpy.random._pickle", "__randomstate_ctor"),
    ("numpy.random._pickle", "__bit_generator_ctor"),
    ("numpy.random._pickle", "__generator_ctor"),
}
_PICKLE_BUILTINS = {
    "object", "set", "frozenset", "slice", "complex", "bytearray", "tuple", "list",
    "dict", "int", "float", "str", "bool", "range", "bytes",
}  # fmt: skip
_PICKLE_PACKAGES = ("sklearn", "perclab", "numpy", "scipy")
# and the functions a search may hold: its scorers' metrics, its selectors' statistics
_PICKLE_FUNCTION_MODULES = ("sklearn.metrics", "sklearn.feature_selection")


def _public_getattr(obj, name: str):
    """getattr for pickles of bound methods, refusing every private or special name."""
    if not isinstance(name, str) or name.startswith("_"):
        raise pickle.UnpicklingError(f"attribute {name!r} refused")
    return getattr(obj, name)


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if module == "builtins" and name == "getattr":
            return _public_getattr
        if module == "builtins" and name in _PICKLE_BUILTINS:
            return getattr(builtins, name)
        if (module, name) in _PICKLE_FUNCTIONS:
            return getattr(importlib.import_module(module), name)
        if module.split(".")[0] in _PICKLE_PACKAGES and not name.startswith("__"):
            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, (type, np.ufunc)) and "." not in name:
                return found
            if module.startswith(_PICKLE_FUNCTION_MODULES) and inspect.isfunction(found):
                return found
        raise pickle.UnpicklingError(
            f"{module}.{name} is not a class of scikit-learn, perclab or numpy"
        )


_PORTABLE = (
    "Build the search from scikit-learn's and perclab's classes alone, with no class, "
    "function or lambda of your own, so that it can be saved and judged apart from your "
    "notebook, as a grader does"
)


def _not_portable(exc: Exception) -> str:
    return f"{_PORTABLE} ({type(exc).__name__}: {str(exc)[:200]})."


def portable(data: bytes):
    """The search pickled in ``data``, unpickled with known classes only, and None; or
    None and what is wrong."""
    try:
        return _Unpickler(io.BytesIO(data)).load(), None
    except Exception as exc:
        return None, _not_portable(exc)


def _portable_problem(search) -> str | None:
    """None when ``search`` pickles and unpickles with known classes only."""
    try:
        data = pickle.dumps(search)
    except Exception as exc:
        return _not_portable(exc)
    return portable(data)[1]


def _prepare():
    """Import the sklearn modules a solution commonly imports (the check's child inherits
    them) and split the data, before the clock starts."""
    import importlib

    modules = "base decomposition feature_selection impute linear_model metrics "
    for name in (modules + "model_selection neighbors pipeline preprocessing svm").split():
        importlib.import_module(f"sklearn.{name}")
    from sklearn.model_selection import train_test_split

    from perclab.datasets import load_breast_cancer

    X, y = load_breast_cancer()
    return X, y, *train_test_split(X, y, test_size=0.25, stratify=y, random_state=0)


def _evaluate(select_model, data, report) -> tuple[bool, str]:
    """Run the cases, reporting each; return whether they pass and the report."""
    X, y, X_train, X_test, y_train, y_test = data
    subset = _core.seeded_rng(17).choice(len(X_train), size=200, replace=False)
    calls = [(X_train, y_train), (X_train[subset], y_train[subset])]
    searches = []
    for k, (about, (X_fit, y_fit)) in enumerate(zip(_ABOUT, calls, strict=True)):
        report(("case", k))
        try:
            searches.append(select_model(X_fit.copy(), y_fit.copy()))
        except NotImplementedError:
            return False, _core.not_implemented(11, "select_model")
        except Exception as exc:
            shapes = f"X_train of shape {X_fit.shape}, y_train of shape {y_fit.shape}"
            return False, _core.report_raised(f"{_WHERE} on {about}", shapes, exc)
        problem = _selection_problem(searches[-1], X_fit, y_fit, X, y)
        if problem := problem or _portable_problem(searches[-1]):
            return False, f"{_WHERE} on {about} fails.\n  hint: {problem}"
    predicted = np.asarray(searches[0].best_estimator_.predict(X_test))
    test_score = float(np.mean(predicted == y_test))
    if not 0.9 <= test_score <= 1.0:
        return False, (
            f"{_WHERE} fails: the accuracy on the held-out test set is {test_score:.3f}, "
            "below 0.9.\n  hint: is the model a classifier of y (labels -1 and +1), fitted "
            "on scaled features? A scaled linear model reaches about 0.95 here."
        )
    scoring = getattr(searches[0], "scoring", None)
    name = "accuracy" if scoring is None else scoring
    if not isinstance(name, str):
        name = getattr(scoring, "__name__", type(scoring).__name__)
    text = f"cross-validated score {float(searches[0].best_score_):.3f} ({name})"
    return True, f"All {_N_CASES} cases pass: {text}, test accuracy {test_score:.3f}."


@_registered
def check_model_selection(select_model) -> CheckResult:
    """Check ``select_model(X_train, y_train)``: cross-validated selection of a pipeline.

    The breast-cancer data (:func:`perclab.datasets.load_breast_cancer`) less a stratified
    test quarter go to ``select_model``, which must return a fitted search object
    (``GridSearchCV`` or alike). For any pipeline and ``scoring`` the 5 cases verify: (1)
    ``cv_results_``, a ``best_estimator_``, at least two candidates and 3 folds; (2) a
    Pipeline with a fitted step (scaler, selector, ...) before the model; (3) every fitted
    step saw exactly the training rows passed in (to 1e-9; a step whose refit is random is
    not judged); (4) the same on 200 random training rows; (5) candidates that differ (when
    all score the same, two are refitted) and a test accuracy of at least 0.9. Whether the
    grid was chosen by looking at the test set cannot be verified. The search runs in one
    process, common scikit-learn modules imported beforehand.
    """
    if not callable(select_model):
        return _not_callable("model_selection", "select_model", select_model, _N_CASES)
    data = _prepare()

    def work(report):
        import joblib

        # One process: workers cost more than they gain here, and outlive a stopped check.
        with joblib.parallel_config(backend="sequential"):
            report(("final", *_evaluate(select_model, data, report)))

    messages, finished = _core.isolated(work, _core.CHECK_SECONDS)

    def on_timeout(k, finished):
        if finished:
            return f"{_WHERE} on {_ABOUT[k]}: the check's process ended abruptly."
        return (
            f"{_WHERE} on {_ABOUT[k]} did not finish: the check stopped at its limit of "
            f"{_core.CHECK_SECONDS:g} s.\n  hint: search a smaller grid, or fewer "
            "folds; is max_iter reasonable?"
        )

    return _core.report_outcome("select_model", _N_CASES, messages, finished, on_timeout)
