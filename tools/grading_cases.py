"""The graded cases of a question: the self-check's own cases, and hidden ones.

A check of ``perclab.checks`` builds its cases and reference and hands them to the
checks' runner. :func:`cases` calls the check with that runner replaced, so the cases are
the check's own, never a copy. The hidden cases come from the same check with its random
draws reseeded by a secret key: other data of the same kinds, which the public self-check
never shows. Only numpy and perclab are imported here: the grading process of a
submission imports this module too, to build the inputs it calls the learner's function
with (the expected values are computed elsewhere, in the grader's own process).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

import numpy as np

import perclab.checks
import perclab.datasets
from perclab.checks import _core, gradients, perceptron, selection, theory, variants

_MODULES = (_core, gradients, perceptron, selection, theory, variants)
# the data generators the checks call with a fixed random_state, where they find them
_GENERATORS = (
    (perclab.datasets, "make_separable"),
    (perclab.datasets, "make_xor"),
    (theory, "_make_separable"),
)


@dataclass
class GradedCase:
    about: str
    args: tuple
    hidden: bool
    aspect: str = ""  # select_model only: "search" or "accuracy" (see selection_cases)
    evaluate: tuple = ()  # select_model only: held-out rows and their labels


class _Captured(Exception):
    def __init__(self, spec):
        super().__init__("captured")
        self.spec = spec


def _capture(spec, func):
    raise _Captured(spec)


@contextlib.contextmanager
def _patched(key: int | None):
    """The checks' runner replaced by a capture; their seeds mixed with ``key``."""
    names = ("_run", "run_check", "_rng", "seeded_rng")  # as each module names them
    saved = [(m, n, getattr(m, n)) for m in _MODULES for n in names if hasattr(m, n)]
    for module, name, _ in saved:
        if name in ("_run", "run_check"):
            setattr(module, name, _capture)
        elif key is not None:
            setattr(module, name, lambda seed: np.random.default_rng([seed, key]))
    if key is not None:
        for module, name in _GENERATORS:
            saved.append((module, name, getattr(module, name)))
            setattr(module, name, _reseeded(getattr(module, name), key))
    try:
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)


_CHECKS = {name: getattr(perclab.checks, name) for name in perclab.checks.__all__}


def _reseeded(generator, key: int):
    def draw(*args, random_state=None, **kwargs):
        seed = int(np.random.default_rng([int(random_state or 0), key]).integers(2**31))
        return generator(*args, random_state=seed, **kwargs)

    return draw


def spec(check: str, key: int | None = None):
    """The specification (cases, reference, tolerances) that ``check`` runs."""
    if check == SELECTION:
        return _core.Spec(11, "select_model", ("X_train", "y_train"), None, [])
    with _patched(key):
        try:
            _CHECKS[check](_capture)
        except _Captured as captured:
            return captured.spec
    raise ValueError(f"{check} does not run through the checks' runner")


def frozen_positions(check: str) -> list[int]:
    """The positions of the arguments the exercise says to leave unchanged."""
    found = spec(check)
    names = [param.partition("=")[0] for param in found.params]
    return [i for i, name in enumerate(names) if name in found.frozen]


def _fingerprint(args) -> str:
    parts = []
    for value in args:
        if callable(value) and not isinstance(value, np.ndarray):
            parts.append(getattr(value, "label", getattr(value, "__name__", "f")))
        else:
            parts.append(repr(np.asarray(value).tolist()))
    return "|".join(parts)


def cases(check: str, key: int) -> list[GradedCase]:
    """The public cases of ``check``, then the hidden ones drawn with ``key``.

    A hidden case is a case of the reseeded check that the public check does not hold
    (its fixed edge cases come back unchanged and are not counted twice).
    """
    if check == SELECTION:
        return selection_cases(key)
    public = spec(check).cases
    seen = {_fingerprint(case.args) for case in public}
    graded = [GradedCase(case.about, case.args, False) for case in public]
    for case in spec(check, key).cases:
        if _fingerprint(case.args) not in seen:
            seen.add(_fingerprint(case.args))
            about = re.sub(r"(random_state=|seed )\d+", r"\1(hidden)", case.about)
            graded.append(GradedCase(about, case.args, True))
    return graded


# Exercise 11: select_model returns a fitted search, which is not plain data
SELECTION = "check_model_selection"
SEARCH = (
    "a fitted search: cv_results_, best_estimator_, two candidates or more, 3 folds or "
    "more, a fitted step before the model that saw exactly these rows"
)


def selection_cases(key: int) -> list[GradedCase]:
    """The cases of ``select_model``: the self-check's data, and hidden splits.

    A "search" case asks the self-check's question of the returned search
    (``perclab.checks.selection``); an "accuracy" case asks for the predictions of its best
    estimator on held-out rows, which the grader scores (at least 0.9 correct).
    """
    from sklearn.model_selection import train_test_split

    X, y, X_train, X_test, y_train, y_test = selection._prepare()
    subset = _core.seeded_rng(17).choice(len(X_train), size=200, replace=False)
    other = np.random.default_rng([17, key]).choice(len(X_train), size=200, replace=False)
    split = int(np.random.default_rng([0, key]).integers(1, 2**31))
    X_fit, X_held, y_fit, y_held = train_test_split(
        X, y, test_size=0.25, stratify=y, random_state=split
    )
    return [
        GradedCase(
            f"the training set: {SEARCH}", (X_train, y_train), False, "search", (X, y)
        ),
        GradedCase(
            f"200 random training rows: {SEARCH}",
            (X_train[subset], y_train[subset]),
            False,
            "search",
            (X, y),
        ),
        GradedCase(
            "the held-out test quarter: at least 0.9 of it predicted right",
            (X_train, y_train),
            False,
            "accuracy",
            (X_test, y_test),
        ),
        GradedCase(
            f"200 other training rows: {SEARCH}",
            (X_train[other], y_train[other]),
            True,
            "search",
            (X, y),
        ),
        GradedCase(
            "another split: at least 0.9 of its test quarter predicted right",
            (X_fit, y_fit),
            True,
            "accuracy",
            (X_held, y_held),
        ),
    ]


def selection_facts(search, case: GradedCase) -> dict:
    """What a "search" or "accuracy" case needs of the returned search, as plain data."""
    if case.aspect == "search":
        return {"problem": selection._selection_problem(search, *case.args, *case.evaluate)}
    predicted = np.asarray(search.best_estimator_.predict(case.evaluate[0]), dtype=float)
    return {"predictions": predicted.ravel().tolist()}


def selection_judge(case: GradedCase, facts) -> str | None:
    """None when the facts pass the case, else what is wrong."""
    if not isinstance(facts, dict):
        return "select_model did not return a fitted search"
    if case.aspect == "search":
        problem = facts.get("problem", "no answer")
        return None if problem is None else str(problem)[:600]
    labels = np.asarray(case.evaluate[1], dtype=float)
    try:
        predicted = np.asarray(facts.get("predictions"), dtype=float)
    except (TypeError, ValueError):
        return "the predictions are not numbers"
    if predicted.shape != labels.shape:
        return f"expected {labels.size} predictions, got shape {predicted.shape}"
    accuracy = float(np.mean(predicted == labels))
    return None if accuracy >= 0.9 else f"accuracy {accuracy:.3f}, below 0.9"
