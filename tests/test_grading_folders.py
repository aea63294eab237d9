"""make grade (tools/grade.py) on folders of notebooks, through its processes.

The solutions get full marks; a notebook is recognised by its metadata or its file name;
a wrong function loses points on its own question only; each kind of hostile submission
gets no marks it did not earn, changes no other grade and does not stop the run.
"""

import csv
import os
import re
import socket
import subprocess
import time
from pathlib import Path

import nbformat
import pytest
from grading_kit import KEY, ROOT, autograder, grade, grading_cases

LIMITS = grade.Limits(notebook_seconds=12, question_seconds=4, memory_mb=1500)
# the solutions never hang: make grade's own limits, so that a busy machine cannot fail
# select_model's eight grid searches
SOLVED = grade.Limits(memory_mb=1500)
ROOT_ONLY = pytest.mark.skipif(
    os.geteuid() != 0, reason="namespaces and read-only files need root (see grade.py)"
)


# Submissions as learners hand them in
PREDICT = """
def predict_labels(X, w, b):
    return np.where(np.asarray(X) @ w + b >= 0, 1, -1)
"""
MISTAKE = """
def is_mistake(x, y, w, b):
    return y * (np.dot(w, x) + b) <= 0
"""
WRONG_MISTAKE = """
def is_mistake(x, y, w, b):
    return y * (np.dot(w, x) + b) < 0
"""


def notebook(*cells, metadata=None) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(metadata=metadata or {})
    nb.cells = [nbformat.v4.new_code_cell("import numpy as np\nfrom perclab import checks")]
    nb.cells += [nbformat.v4.new_code_cell(cell.strip("\n")) for cell in cells]
    return nb


def write(folder: Path, name: str, nb) -> None:
    nbformat.write(nb, folder / name)


def completed(exercise: str) -> nbformat.NotebookNode:
    """The autograder's student notebook with each stub replaced by the solution's cell."""
    student = autograder.student(exercise)
    solution = nbformat.read(autograder.SOLUTIONS / f"{exercise}.ipynb", as_version=4)
    defined = {}
    for cell in solution.cells:
        for name in re.findall(r"^def (\w+)\(", cell.source, re.MULTILINE):
            defined.setdefault(name, cell.source)
    for cell in student.cells:
        if "raise NotImplementedError" in cell.source:
            cell.source = defined[re.search(r"^def (\w+)\(", cell.source, re.M).group(1)]
    return student


@pytest.fixture(scope="module")
def solutions(tmp_path_factory):
    """Every solution notebook, graded as it is (recognised by its file name)."""
    folder = tmp_path_factory.mktemp("solutions")
    for exercise in autograder.exercises():
        source = autograder.SOLUTIONS / f"{exercise}.ipynb"
        (folder / source.name).write_bytes(source.read_bytes())
    write(folder, "handed_in.ipynb", completed("04_bias_absorption"))
    edition = ROOT / "jupyter" / "exercises" / "02_one_update.ipynb"
    (folder / "my_notebook.ipynb").write_bytes(edition.read_bytes())  # still the stub
    outcomes = grade.grade_folder(folder, limits=SOLVED, key=KEY, progress=False)
    return folder, {outcome.file: outcome for outcome in outcomes}


def test_the_solutions_get_full_marks(solutions):
    folder, outcomes = solutions
    for exercise in autograder.exercises():
        outcome = outcomes[f"{exercise}.ipynb"]
        assert outcome.exercise == exercise and not outcome.problem
        assert outcome.scores == {q.name: 1 for q in autograder.questions(exercise)}
        feedback = (folder / "feedback" / f"{exercise}.txt").read_text()
        assert "raised" not in feedback, feedback  # the hidden-test cells are left out


def test_a_notebook_is_recognised_by_its_metadata_and_graded_into_the_csv(solutions):
    folder, outcomes = solutions
    handed_in, stub = outcomes["handed_in.ipynb"], outcomes["my_notebook.ipynb"]
    assert handed_in.exercise == "04_bias_absorption"  # the autograder's metadata
    assert handed_in.scores == {"absorb_bias": 1, "train_absorbed": 1}
    assert stub.exercise == "02_one_update"  # the Jupyter edition's metadata
    assert stub.scores == {"one_update": 0}
    feedback = (folder / "feedback" / "my_notebook.txt").read_text()
    assert "Exercise 2 is not implemented yet" in feedback
    with open(folder / "grades.csv", newline="") as file:
        rows = {row["file"]: row for row in csv.DictReader(file)}
    assert set(rows) == {f"{e}.ipynb" for e in autograder.exercises()} | {
        "handed_in.ipynb",
        "my_notebook.ipynb",
    }
    assert rows["handed_in.ipynb"]["score"] == "2" == rows["handed_in.ipynb"]["max_score"]
    assert rows["handed_in.ipynb"]["train_absorbed"] == "1"
    assert rows["handed_in.ipynb"]["pocket"] == ""
    assert rows["my_notebook.ipynb"]["one_update"] == "0"


# Hostile submissions, each of one kind, graded together in one folder
def _hostile(
    folder: Path, secret: Path, elsewhere: Path, port: int
) -> dict[str, nbformat.NotebookNode]:
    escape = f"""
import os, time
if os.fork() == 0:  # a process that outlives the submission and rewrites the grades
    os.setsid()
    time.sleep(2)
    with open({str(folder / "grades.csv")!r}, "w") as file:
        file.write("file,score\\nall,100\\n")
    os._exit(0)
"""
    vandal = f"""
import glob, os, shutil
for path in glob.glob({str(folder)!r} + "/*"):
    try:
        os.remove(path)
    except OSError:
        pass
try:
    with open({str(folder / "grades.csv")!r}, "w") as file:
        file.write("file,score\\n")
except OSError:
    pass
shutil.rmtree(os.getcwd(), ignore_errors=True)  # its own scratch copy
"""
    other = folder / "01_predict_and_ties_ada.ipynb"
    solution = autograder.SOLUTIONS / "01_predict_and_ties.ipynb"
    reader = f"""
import socket
found = []
paths = ({str(secret / "hidden_key")!r}, {str(other)!r}, {str(solution)!r},
         {str(elsewhere / "solutions.ipynb")!r})  # the last: a copy nobody named
for path in paths:
    try:
        found.append(open(path).read())
    except OSError:
        pass
try:  # a server of the grading machine
    found.append(socket.create_connection(("127.0.0.1", {port}), timeout=2))
except OSError:
    pass

def is_mistake(x, y, w, b):  # right only if it read what it must not
    return (y * (np.dot(w, x) + b) <= 0) if found else "could not read"
"""
    patcher = """
import numpy as np, perclab.checks, perclab.checks._core, sys
np.allclose = lambda *a, **k: True
np.array_equal = lambda *a, **k: True
np.isclose = lambda a, b, **k: np.ones(np.shape(a), dtype=bool)
perclab.checks._core._mismatch = lambda *a, **k: None
perclab.checks.check_is_mistake = lambda f: perclab.checks.CheckResult(True, 1, "ok")
import otter.test_files.abstract_test as otter_tests
otter_tests.TestFile.grade = property(lambda self: 1.0)

def is_mistake(x, y, w, b):
    return "anything"
"""
    saboteur = """
import sys
for name in ("cases", "spec", "frozen_positions", "selection_judge"):
    setattr(sys.modules["grading_cases"], name, lambda *a, **k: None)
"""
    return {
        "01_predict_and_ties_ada.ipynb": notebook(PREDICT, MISTAKE),  # the reference
        "01_predict_and_ties_bo.ipynb": notebook(PREDICT, WRONG_MISTAKE),
        "01_predict_and_ties_loops.ipynb": notebook(
            PREDICT,
            "def is_mistake(x, y, w, b):\n    while True:\n        try:\n"
            "            pass\n        except:\n            pass",
        ),
        "01_predict_and_ties_loops_on_top.ipynb": notebook(
            PREDICT, MISTAKE, "import time\nwhile True:\n    time.sleep(0.01)"
        ),
        "01_predict_and_ties_memory.ipynb": notebook(
            PREDICT,
            "hog = []\ndef is_mistake(x, y, w, b):\n    while True:\n"
            "        hog.append(np.empty(10**6))",
        ),
        "01_predict_and_ties_prints.ipynb": notebook(
            "import os\nprint('x' * 30_000_000)\nos.write(1, b'y' * 5_000_000)\n"
            "os.write(2, b'z' * 5_000_000)",
            PREDICT.replace("return", "print('w' * 10**6)\n    return"),
            MISTAKE,
        ),
        "01_predict_and_ties_exits.ipynb": notebook(
            "import sys\nsys.exit(3)",
            PREDICT,
            "import os\ndef is_mistake(x, y, w, b):\n    os._exit(0)",
        ),
        "01_predict_and_ties_exits_first.ipynb": notebook(
            "import os\ndef predict_labels(X, w, b):\n    os._exit(0)", MISTAKE
        ),
        "01_predict_and_ties_exits_on_top.ipynb": notebook(
            PREDICT, MISTAKE, "import os\nos._exit(0)"
        ),
        "01_predict_and_ties_vandal.ipynb": notebook(
            vandal, escape, PREDICT, WRONG_MISTAKE
        ),
        "01_predict_and_ties_reader.ipynb": notebook(PREDICT, reader),
        "01_predict_and_ties_patcher.ipynb": notebook(PREDICT, patcher),
        "01_predict_and_ties_saboteur.ipynb": notebook(PREDICT, WRONG_MISTAKE, saboteur),
    }


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder, secret = tmp_path_factory.mktemp("class"), tmp_path_factory.mktemp("secret")
    (secret / "hidden_key").write_text(f"{KEY}\n")
    elsewhere = tmp_path_factory.mktemp("elsewhere")  # not among the secrets named
    (elsewhere / "solutions.ipynb").write_text("the answers\n")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        for name, nb in _hostile(folder, secret, elsewhere, port).items():
            write(folder, name, nb)
        start = time.monotonic()
        outcomes = grade.grade_folder(
            folder, limits=LIMITS, key=KEY, progress=False, secrets=(secret,)
        )
    seconds = time.monotonic() - start
    grades = (folder / "grades.csv").read_text()
    time.sleep(max(0.0, 3.0 - seconds))  # past the escaped process's moment
    return folder, {o.file: o for o in outcomes}, grades


def _scores(hostile, name):
    return hostile[1][f"01_predict_and_ties_{name}.ipynb"].scores


def test_the_run_goes_on_and_each_submission_keeps_its_earned_points(hostile):
    folder, outcomes, _ = hostile
    assert len(outcomes) == 13
    assert _scores(hostile, "ada") == {"predict_labels": 1, "is_mistake": 1}
    assert _scores(hostile, "bo")["predict_labels"] == 1
    assert 0 < _scores(hostile, "bo")["is_mistake"] < 1  # only the ties fail
    feedback = (folder / "feedback" / "01_predict_and_ties_bo.txt").read_text()
    assert "Exercise 1, is_mistake: case" in feedback and "hint:" in feedback  # the check's


def test_a_submission_that_loops_forever_is_stopped(hostile):
    assert _scores(hostile, "loops") == {"predict_labels": 1, "is_mistake": 0}
    on_top = hostile[1]["01_predict_and_ties_loops_on_top.ipynb"]
    assert "did not finish within 12 s" in on_top.problem
    assert set(on_top.scores.values()) == {0}


def test_a_submission_that_allocates_without_bound_is_stopped(hostile):
    assert _scores(hostile, "memory") == {"predict_labels": 1, "is_mistake": 0}
    feedback = "\n".join(hostile[1]["01_predict_and_ties_memory.ipynb"].feedback)
    assert "raised MemoryError" in feedback  # at its memory limit, not at the time limit


def test_a_submission_that_prints_megabytes_is_graded_as_usual(hostile):
    assert _scores(hostile, "prints") == {"predict_labels": 1, "is_mistake": 1}


def test_a_submission_that_exits_loses_only_what_the_exit_stops(hostile):
    assert _scores(hostile, "exits") == {"predict_labels": 1, "is_mistake": 0}
    # a function that ends its process on every case loses its question, not the next
    assert _scores(hostile, "exits_first") == {"predict_labels": 0, "is_mistake": 1}
    on_top = hostile[1]["01_predict_and_ties_exits_on_top.ipynb"]
    assert "ended while running the notebook" in on_top.problem
    assert set(on_top.scores.values()) == {0}


def test_a_submission_that_replaces_the_comparisons_earns_nothing_by_it(hostile):
    assert _scores(hostile, "patcher") == {"predict_labels": 1, "is_mistake": 0}
    # the grader's own helpers in its process replaced: no marks for the wrong function
    assert _scores(hostile, "saboteur")["is_mistake"] == 0


@ROOT_ONLY
def test_a_submission_cannot_read_the_hidden_tests_the_solutions_or_the_network(hostile):
    assert _scores(hostile, "reader") == {"predict_labels": 1, "is_mistake": 0}


@ROOT_ONLY
def test_a_submission_cannot_delete_or_rewrite_files_nor_the_grades(hostile):
    folder, outcomes, grades = hostile
    assert _scores(hostile, "vandal")["is_mistake"] < 1
    assert {p.name for p in folder.glob("*.ipynb")} == set(outcomes)  # none deleted
    assert (folder / "grades.csv").read_text() == grades  # the escaped process is gone
    assert grades.startswith("file,exercise,score,max_score,predict_labels")
    assert len(grades.splitlines()) == 14


@ROOT_ONLY
def test_every_process_of_a_submissions_user_id_is_ended():
    uid = grade.UID_BASE + 999_999  # a user id of its own, as each submission gets
    escaped = [
        subprocess.Popen(  # outside any process group the grader would end
            ["sleep", "60"], preexec_fn=grade._limit_uid(uid), start_new_session=True
        )
        for _ in range(3)
    ]
    assert sorted(grade._processes(uid)) == sorted(p.pid for p in escaped)
    assert grade.sweep(uid)
    assert [p.wait(timeout=5) for p in escaped] == [-9, -9, -9]
    assert grade._processes(uid) == []


SPY = """
import sys
calls = []

def is_mistake(x, y, w, b):  # wrong on ties; says what it has seen, wherever it can
    calls.append(x)
    print(f"calls={len(calls)}")  # the self-check's report holds what the checked prints
    frame, found = sys._getframe(), []
    while frame is not None:  # the grader's key, should it be anywhere on the stack
        found += [v["key"] for v in frame.f_locals.values()
                  if isinstance(v, dict) and v.get("key") is not None]
        frame = frame.f_back
    if found:
        raise ValueError(f"key={found[0]}")
    return y * (np.dot(w, x) + b) < 0
"""


def test_no_feedback_carries_what_a_submission_learns_of_the_hidden_cases(tmp_path):
    """The hidden cases are asked last, after the self-check's report, and their key
    reaches the process only then: a function that prints how often it has been called
    and raises with any key it finds on its stack shows, in its feedback, only calls of
    the public cases and no key."""
    write(tmp_path, "01_predict_and_ties_spy.ipynb", notebook(PREDICT, SPY))
    (outcome,) = grade.grade_folder(tmp_path, limits=LIMITS, key=KEY, progress=False)
    assert 0 < outcome.scores["is_mistake"] < 1  # only the ties fail
    feedback = (tmp_path / "feedback" / "01_predict_and_ties_spy.txt").read_text()
    public = [c for c in grading_cases.cases("check_is_mistake", KEY) if not c.hidden]
    seen = [int(n) for n in re.findall(r"calls=(\d+)", feedback)]
    assert seen and min(seen) == len(public) + 1, feedback  # its first call by the check
    assert str(KEY) not in feedback and "key=" not in feedback


BY_PERCLAB = """
import warnings, perclab
def train_until_clean(X, y, max_epochs=100):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = perclab.train(X, y, max_epochs=max_epochs)
    return r.w, r.b, r.n_updates, r.epochs
"""


def test_a_tie_of_a_hidden_case_is_a_tie_however_the_scores_are_summed(tmp_path):
    """With this key, the hidden tiny-values case of the training loop once held a score
    that is exactly 0 by the rule but not in X @ w's rounding, and a correct loop that
    sums otherwise lost that case; scaled by a power of two, its scores are exact."""
    key = 3894331155746724455
    write(tmp_path, "03_training_loop_perclab.ipynb", notebook(BY_PERCLAB))
    (outcome,) = grade.grade_folder(tmp_path, key=key, progress=False)
    assert outcome.scores == {"train_until_clean": 1}


FILLER = """
import os
written = 0
for k in range(100):  # 100 MB into its scratch folder, 1 MB a file
    try:
        with open(f"fill{k}", "wb") as file:
            file.write(bytes(2**20))
        written += 1
    except OSError:
        break

def is_mistake(x, y, w, b):  # right only if it could write all of it
    return (y * (np.dot(w, x) + b) <= 0) if written == 100 else "disk full"
"""


@ROOT_ONLY
def test_a_submission_cannot_fill_the_disk(tmp_path):
    """Its scratch folder is a file system of its own, of 64 MB, in memory."""
    write(tmp_path, "01_predict_and_ties_filler.ipynb", notebook(PREDICT, FILLER))
    (outcome,) = grade.grade_folder(tmp_path, limits=LIMITS, key=KEY, progress=False)
    assert grade.Limits().scratch_mb == 64
    assert outcome.scores == {"predict_labels": 1, "is_mistake": 0}


def test_a_slow_notebook_that_crashes_again_and_again_stops_at_its_time(tmp_path):
    """Each crash runs the notebook again; all its processes together get the notebook's
    time and one question's time per question and one more."""
    crasher = "import os, time\ntime.sleep(3)\n"
    crasher += "def predict_labels(X, w, b):\n    os._exit(0)"
    write(tmp_path, "01_predict_and_ties_crasher.ipynb", notebook(crasher, MISTAKE))
    limits = grade.Limits(notebook_seconds=5, question_seconds=1, memory_mb=1500)
    total = limits.notebook_seconds + limits.question_seconds * 3
    start = time.monotonic()
    (outcome,) = grade.grade_folder(tmp_path, limits=limits, key=KEY, progress=False)
    assert time.monotonic() - start < total + 4
    assert outcome.scores == {"predict_labels": 0, "is_mistake": 0}
    feedback = (tmp_path / "feedback" / "01_predict_and_ties_crasher.txt").read_text()
    assert f"used up its time ({total:g} s in all)" in feedback


def test_links_old_notebooks_and_other_json_are_each_named_in_the_csv(tmp_path):
    old = nbformat.v3.new_notebook(
        worksheets=[nbformat.v3.new_worksheet(cells=[
            nbformat.v3.new_code_cell("import numpy as np"),
            nbformat.v3.new_code_cell(PREDICT.strip()),
            nbformat.v3.new_code_cell(MISTAKE.strip()),
        ])]
    )  # fmt: skip
    (tmp_path / "01_predict_and_ties_v3.ipynb").write_text(nbformat.writes(old, version=3))
    (tmp_path / "01_predict_and_ties_list.ipynb").write_text("[1, 2, 3]")
    (tmp_path / "01_predict_and_ties_link.ipynb").symlink_to(
        tmp_path / "01_predict_and_ties_v3.ipynb"
    )
    outcomes = grade.grade_folder(tmp_path, limits=LIMITS, key=KEY, progress=False)
    got = {o.file.removeprefix("01_predict_and_ties_"): o for o in outcomes}
    assert got["v3.ipynb"].scores == {"predict_labels": 1, "is_mistake": 1}  # converted
    assert "not a Jupyter notebook" in got["list.ipynb"].problem
    assert "a symbolic link, which is not read" in got["link.ipynb"].problem
    with open(tmp_path / "grades.csv", newline="") as file:
        rows = {row["file"]: row for row in csv.DictReader(file)}
    assert rows["01_predict_and_ties_link.ipynb"]["score"] == "0"


ONE_SETTING = """
def select_model(X_train, y_train):  # one setting, two folds: not a search
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipeline = make_pipeline(StandardScaler(), LogisticRegression())
    return GridSearchCV(pipeline, {"logisticregression__C": [1.0]}, cv=2).fit(
        X_train, y_train
    )
"""
SELECTION_PATCH = """
import perclab.checks.selection as selection
selection._selection_problem = lambda *args, **kwargs: None
selection.portable = lambda data: (None, None)
"""


def test_replacing_the_search_check_earns_select_model_nothing(tmp_path):
    """select_model's searches are judged in a process of their own: a submission that
    replaces the check in its own process scores as it would without."""
    write(tmp_path, "11_model_selection_plain.ipynb", notebook(ONE_SETTING))
    patched = notebook(ONE_SETTING, SELECTION_PATCH)
    write(tmp_path, "11_model_selection_patched.ipynb", patched)
    patched, plain = grade.grade_folder(tmp_path, key=KEY, progress=False)
    assert plain.file.endswith("plain.ipynb")
    assert patched.scores == plain.scores and plain.scores["select_model"] < 1


FORGER = """
import itertools, json, os, time
channels = [int(fd) for fd in os.listdir("/proc/self/fd") if int(fd) > 2]

def forge(message):  # to every descriptor it has: one of them is the grader's channel
    for fd in channels:
        try:
            os.write(fd, (json.dumps(message) + "\\n").encode())
        except OSError:
            pass

forge({"kind": "ready"})
for k in itertools.count():  # cases of both questions in turn, as if they were running
    forge({"kind": "case", "name": ("predict_labels", "is_mistake")[k % 2], "case": 0})
    forge({"kind": "answer", "name": "is_mistake", "case": 0, "value": {"bool": False}})
    forge({"kind": "answered"})
    time.sleep(0.05)
"""


def test_a_submission_that_writes_to_the_graders_channel_stops_only_itself(tmp_path):
    write(tmp_path, "01_predict_and_ties_ada.ipynb", notebook(PREDICT, MISTAKE))
    write(tmp_path, "01_predict_and_ties_forger.ipynb", notebook(PREDICT, MISTAKE, FORGER))
    limits = grade.Limits(notebook_seconds=6, question_seconds=2, memory_mb=1500)
    start = time.monotonic()
    outcomes = grade.grade_folder(tmp_path, limits=limits, key=KEY, progress=False)
    assert time.monotonic() - start < 20  # not a deadline renewed by every message
    ada, forger = outcomes
    assert ada.scores == {"predict_labels": 1, "is_mistake": 1}
    assert forger.problem and sum(forger.scores.values()) < 1
