"""Grading a class: the autograder (tools/autograder.py) and the grader's scoring.

The catalogues of learner solutions are scored by the grader's own code in this process
(the answers made plain data as the submission's process makes them): every wrong
solution loses points, every correct one gets full marks. The hidden cases are other
data, and edge cases that a solution tuned to the other cases gets wrong; one ``otter
run`` with a generated zip gives a solution full marks.
tests/test_grading_folders.py grades folders through make grade's processes.
"""

import importlib
import json
import re
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import nbformat
import numpy as np
import pytest
from grading_kit import KEY, ROOT, autograder, grade, grade_child, grading_cases

from perclab.checks import selection

QUESTIONS = {q.check: q for e in autograder.exercises() for q in autograder.questions(e)}


def points(check: str, func, key: int = KEY) -> float:
    """The points ``func`` earns as the answer to ``check``'s question: its answers made
    plain data as the submission's process makes them, then scored by the question's
    otter test file, as make grade scores them."""
    question = QUESTIONS[check]
    frozen = grading_cases.frozen_positions(check)
    answers = {}
    for k, case in enumerate(grading_cases.cases(check, key)):
        with warnings.catch_warnings():  # a warning is no error in a submission's process
            warnings.simplefilter("ignore")
            message = grade_child.answer_case(func, case, frozen)
        message = json.loads(json.dumps(message))
        got = grade._Answer.of(message)
        if isinstance(got, grade._Answer) and isinstance(got.value, grade._Search):
            # what tools/grade_judge.py does with it, in a process of its own
            facts = grading_cases.search_facts(got.value.data, case)
            got = grade._Answer(facts, {})
        answers[k] = grade._plain(got)
    tests = grade.run_tests(question, key, grading_cases.Sent(answers))
    return grade._score(question, tests)[0]


CATALOGUES = ["catalogue", *(f"catalogue_heldout{s}" for s in ("", 2, 3, 4, 5, 6))]
SLOW = "check_model_selection"  # a grid search per call: only a few of its rows here


def _rows(name: str, kind: str):
    module = importlib.import_module(name)
    rows = module.WRONG if kind == "wrong" else module.CORRECT
    rows = [(row[0].__name__, row[1]) for row in rows]
    rows = [(check, func) for check, func in rows if not func.__name__.endswith("forever")]
    slow = [row for row in rows if row[0] == SLOW]
    return [row for row in rows if row[0] != SLOW] + slow[: 2 if name == "catalogue" else 0]


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_wrong_solution_of_the_catalogues_loses_points(name):
    kept = [f.__name__ for check, f in _rows(name, "wrong") if points(check, f) >= 1]
    assert not kept, f"wrong solutions with full marks: {kept}"


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_correct_solution_of_the_catalogues_gets_full_marks(name):
    docked = [(f.__name__, p) for c, f in _rows(name, "correct") if (p := points(c, f)) < 1]
    assert not docked, f"correct solutions that lose points: {docked}"


def test_hidden_cases_are_other_data_and_catch_a_solution_tuned_to_the_public_ones():
    public = grading_cases.spec("check_predict_labels").cases
    graded = grading_cases.cases("check_predict_labels", KEY)
    assert sum(case.hidden for case in graded) >= 10
    fingerprint = grading_cases._fingerprint
    assert [(c.about, fingerprint(c.args), c.hidden) for c in graded[: len(public)]] == [
        (c.about, fingerprint(c.args), False) for c in public
    ]
    others = grading_cases.cases("check_predict_labels", KEY + 1)
    assert [c.about for c in others] == [c.about for c in graded]
    differ = [
        grading_cases._fingerprint(a.args) != grading_cases._fingerprint(b.args)
        for a, b in zip(graded, others, strict=True)
    ]
    assert differ == [case.hidden for case in graded]  # the key draws the hidden ones
    for check in QUESTIONS:  # every question has hidden cases
        assert any(case.hidden for case in grading_cases.cases(check, KEY)), check

    # the public answers looked up by input, anything else wrong: the hidden cases fail
    spec, answers = grading_cases.spec("check_predict_labels"), {}
    for case in public:
        answers[grading_cases._fingerprint(case.args)] = spec.reference(*case.args)

    def memorised(X, w, b):
        return answers.get(grading_cases._fingerprint((X, w, b)), [1] * len(X))

    share = points("check_predict_labels", memorised)
    assert share < 1
    assert share == pytest.approx(
        1 - sum(case.hidden for case in graded) / len(graded), abs=0.15
    )


def test_every_question_has_hidden_edge_cases_of_fixed_kinds_drawn_with_the_key():
    for check in QUESTIONS:
        graded = grading_cases.cases(check, KEY)
        edges = [case for case in graded if case.edge]
        assert len(edges) >= 3, check
        assert all(case.hidden for case in edges), check
        others = [c for c in grading_cases.cases(check, KEY + 1) if c.edge]
        assert [c.about for c in others] == [c.about for c in edges], check
        fingerprint = grading_cases._fingerprint
        pairs = zip(edges, others, strict=True)
        assert any(fingerprint(a.args) != fingerprint(b.args) for a, b in pairs), check


def _tuned(check: str, rule):
    """A function right on every public and reseeded case of ``check`` (it looks them up)
    that answers anything else with ``rule``: only the edge cases can tell."""
    graded, values = grading_cases.cases(check, KEY), grading_cases.expected(check, KEY)
    known = {
        grading_cases._fingerprint(case.args): value
        for case, value in zip(graded, values, strict=True)
        if not case.edge
    }
    return lambda *args: known.get(grading_cases._fingerprint(args), rule(*args))


def _tie(case) -> bool:
    """Whether a case of is_mistake or perceptron_gradient has a tie at a nonzero point."""
    if len(case.args) == 4:  # is_mistake(x, y, w, b)
        x, y, w, b = (np.asarray(a, float) for a in case.args)
        return bool(y * (w @ x + b) == 0)
    w, X, y = (np.asarray(a, float) for a in case.args)
    return bool(np.any((y * (X @ w) == 0) & X.any(axis=1)))


@pytest.mark.parametrize(
    "check, strict, other, right",
    [
        (
            "check_is_mistake",
            lambda x, y, w, b: bool(y * (np.dot(w, x) + b) < 0),
            "check_predict_labels",
            lambda X, w, b: np.where(np.asarray(X) @ w + b >= 0, 1, -1),
        ),
        (
            "check_perceptron_gradient",
            lambda w, X, y: -((y * (X @ w) < 0) * y) @ X / len(y),
            "check_perceptron_loss",
            lambda w, X, y: np.mean(np.maximum(0, -y * (X @ w))),
        ),
    ],
)
def test_a_solution_tuned_to_the_public_and_reseeded_cases_loses_points_on_the_edges(
    check, strict, other, right
):
    """A strict < 0 test, right on every case but the edge cases, loses exactly the edge
    cases with a tie at w != 0 on its own question; the exercise's other question, right,
    keeps its point."""
    graded = grading_cases.cases(check, KEY)
    tied = [case for case in graded if case.edge and _tie(case)]
    assert len(tied) >= 2
    share = points(check, _tuned(check, strict))
    assert share == pytest.approx(1 - len(tied) / len(graded), abs=1e-4)
    assert points(other, right) == 1


def _select_model(scaler):
    """A select_model: ``scaler`` then logistic regression, two settings, 3 folds."""

    def select_model(X_train, y_train):
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import GridSearchCV
        from sklearn.pipeline import Pipeline

        pipeline = Pipeline([("scale", scaler()), ("model", LogisticRegression())])
        return GridSearchCV(pipeline, {"model__C": [0.1, 1.0]}, cv=3).fit(X_train, y_train)

    return select_model


def test_a_search_with_a_class_of_ones_own_is_refused_by_the_check_and_the_grader():
    """A search is judged apart from the learner's code, so it must be built of known
    classes: a scaler class of one's own is named by the self-check and earns nothing
    when graded, where the same search with StandardScaler gets every case, the hidden
    one with a measurement that never varies included."""
    from sklearn.base import BaseEstimator, TransformerMixin
    from sklearn.preprocessing import StandardScaler

    from perclab import checks

    class OwnScaler(TransformerMixin, BaseEstimator):
        def fit(self, X, y=None):
            self.mean_, self.std_ = X.mean(axis=0), X.std(axis=0)
            self.n_samples_seen_ = len(X)
            return self

        def transform(self, X):
            return (X - self.mean_) / self.std_

    edges = [case.about for case in grading_cases.cases(SLOW, KEY) if case.edge]
    assert any("never varies" in about for about in edges)
    assert points(SLOW, _select_model(StandardScaler)) == 1
    assert points(SLOW, _select_model(OwnScaler)) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = checks.check_model_selection(_select_model(OwnScaler))
    assert not report.passed
    assert "Build the search from scikit-learn's and perclab's classes" in report.message


def test_a_search_of_epochs_that_change_nothing_on_some_hidden_data_keeps_its_points():
    """A perceptron's epochs are a setting that acts, but on a hidden subset where it
    converges within the fewest epochs searched, every candidate gives the same model:
    the grader's other data do not count that against the search (the self-check's own
    data still catch alpha without a penalty, which never acts)."""

    def select_model(X_train, y_train):
        from sklearn.model_selection import GridSearchCV
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        from perclab import Perceptron

        pipeline = make_pipeline(StandardScaler(), Perceptron())
        grid = {"perceptron__max_epochs": [5, 20, 50]}
        return GridSearchCV(pipeline, grid, cv=3).fit(X_train, y_train)

    key = 5  # a key whose hidden 200 training rows the perceptron separates in 5 epochs
    hidden = [
        c for c in grading_cases.cases(SLOW, key) if c.hidden and c.aspect == "search"
    ]
    with warnings.catch_warnings():  # capped perceptron runs do not converge
        warnings.simplefilter("ignore")
        same = [  # the self-check's rule, which on these data would fail the search
            selection._selection_problem(
                select_model(*case.args), *case.args, *case.evaluate
            )
            for case in hidden
        ]
    assert any(problem and "Every candidate gives the same" in problem for problem in same)
    assert points(SLOW, select_model, key) == 1


class _Evil:
    def __reduce__(self):
        import os

        return (os.system, ("true",))


@pytest.mark.parametrize(
    "thing, refused",
    [
        (_Evil(), "posix.system is not a class"),  # a call of anything at all
        (lambda: None, "Can't pickle"),  # never leaves the learner's process
        ([].__len__, "attribute"),  # getattr only of public names
    ],
)
def test_a_search_is_unpickled_with_known_classes_only(thing, refused):
    """select_model's search is judged apart from the learner's code: what it returns
    unpickles only as classes of scikit-learn, perclab and numpy."""
    import base64
    import pickle

    case = grading_cases.cases(SLOW, KEY)[0]
    try:
        data = base64.b64encode(pickle.dumps(thing)).decode()
    except Exception as exc:  # what the learner's process does then: the case fails
        assert refused in str(exc)
        return
    facts = grading_cases.search_facts(data, case)
    assert "judged apart from your notebook" in facts["problem"]
    assert refused in facts["problem"]


def test_otter_run_with_the_generated_zip_gives_a_solution_full_marks(tmp_path):
    zip_path = autograder.build("02_one_update", KEY, out=tmp_path / "02")
    names = zipfile.ZipFile(zip_path).namelist()
    assert {
        "run_autograder",
        "setup.sh",
        "otter_config.json",
        "tests/one_update.py",
    } <= set(names)
    student = nbformat.read(tmp_path / "02" / "02_one_update.ipynb", as_version=4)
    assert student.metadata[autograder.METADATA]["exercise"] == "02_one_update"
    assert "### BEGIN SOLUTION" not in json.dumps(student.cells)
    submission = tmp_path / "02_one_update.ipynb"
    submission.write_bytes((autograder.SOLUTIONS / "02_one_update.ipynb").read_bytes())
    otter = Path(sys.executable).with_name("otter")
    subprocess.run(
        [str(otter), "run", "-a", str(zip_path), "-o", str(tmp_path), str(submission)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    results = json.loads((tmp_path / "results.json").read_text())
    graded = [test for test in results["tests"] if test.get("max_score")]
    assert [(t["name"], t["score"], t["max_score"]) for t in graded] == [
        ("one_update", pytest.approx(1.0), pytest.approx(1.0))
    ]
    assert graded[0]["visibility"] == "hidden"  # the hidden cases' results: after grading


SLIPS = [  # exercise, function, the solution's line, the slip, what its feedback says
    (
        "03_training_loop",
        "train_until_clean",
        "for epoch in range(1, max_epochs + 1):",
        "for epoch in range(1, max_epochs):",
        "n_updates is wrong (it should be 20)",
    ),
    (
        "02_one_update",
        "one_update",
        "return w + lr * y * x, b + lr * y",
        "w += lr * y * x\n        return w, b + lr * y",
        "changed its argument w in place",
    ),
]


@pytest.mark.parametrize("exercise, function, line, slip, said", SLIPS)
def test_make_grade_and_otter_run_judge_a_wrong_submission_alike(
    tmp_path, exercise, function, line, slip, said
):
    """make grade scores with the zip's own test file through otter's runner: on a
    solution with a slip (one epoch too few; a step that changes w in place), ``otter run``
    with the zip and ``make grade`` give the same partial score."""
    zip_path = autograder.build(exercise, KEY, out=tmp_path / "zip")
    with zipfile.ZipFile(zip_path) as archive:
        shipped = archive.read(f"tests/{function}.py").decode()
    (question,) = autograder.questions(exercise)
    assert shipped.endswith(autograder.test_file(question, KEY))  # what make grade runs
    wrong = nbformat.read(autograder.SOLUTIONS / f"{exercise}.ipynb", as_version=4)
    (cell,) = [c for c in wrong.cells if f"def {function}(" in c.source]
    assert line in cell.source
    cell.source = cell.source.replace(line, slip)
    folder = tmp_path / "submissions"
    folder.mkdir()
    nbformat.write(wrong, folder / f"{exercise}_slip.ipynb")
    otter = Path(sys.executable).with_name("otter")
    subprocess.run(
        [str(otter), "run", "-a", str(zip_path), "-o", str(tmp_path),
         str(folder / f"{exercise}_slip.ipynb")],
        check=True, capture_output=True, cwd=tmp_path,
    )  # fmt: skip
    results = json.loads((tmp_path / "results.json").read_text())
    by_otter = sum(test["score"] for test in results["tests"] if test.get("max_score"))
    (outcome,) = grade.grade_folder(folder, key=KEY, progress=False)
    mine = outcome.scores[function]
    assert 0 < mine < 1 and mine == pytest.approx(by_otter, abs=1e-4), (mine, by_otter)
    assert said in (folder / "feedback" / f"{exercise}_slip.txt").read_text()


def test_the_instructors_page_states_the_limits_and_points_make_grade_uses():
    text = " ".join((ROOT / "book" / "instructors.md").read_text(encoding="utf-8").split())
    limits = grade.Limits()
    assert f"memory ({limits.memory_mb} MB of address space)" in text
    assert f"a wall-clock limit per question ({limits.question_seconds:g} s)" in text
    assert f"for the notebook's own code ({limits.notebook_seconds:g} s)" in text
    assert grade.ENDINGS == 2 and "the same function has ended two processes" in text
    assert f"a file system of {limits.scratch_mb} MB in memory" in text
    assert "a graded question worth one point" in text and autograder.POINTS == 1
    assert "`make autograder` writes, for each exercise, a" in text  # no count by hand


@pytest.mark.parametrize(
    "folder, message",
    [
        (ROOT / "no such folder", "is not a folder: make grade SUBMISSIONS=<folder>"),
        (ROOT, "put the submitted notebooks in a folder of their own"),
        (ROOT.parent, "holds the repository itself"),
    ],
)
def test_make_grade_refuses_a_folder_it_cannot_grade_safely(folder, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        grade.grade_folder(folder, key=KEY, progress=False)
