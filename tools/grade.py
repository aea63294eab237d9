"""Grade a folder of submitted notebooks: ``make grade SUBMISSIONS=<folder>``.

Every ``*.ipynb`` of the folder is a submission of one exercise, recognised by the
metadata of the autograder's student notebook (``perclab_grading``) or of the Jupyter
edition (``perclab_edition``), else by the exercise's name at the start of the file name
(``03_training_loop_ada.ipynb``). Each question (a function the exercise asks for) is
worth one point, shared equally by its cases: the self-check's and the hidden ones
(``tools/grading_cases.py``, with the key of ``make autograder``).

A submission is untrusted code. Each runs in its own process (``tools/grade_child.py``), a
fresh interpreter in a scratch folder, with limits on CPU time, memory, file size and
open files, ended with its whole process group at a wall-clock limit (a crash or a hang
costs the case it stops; a new process goes on with the next). When the grader runs as
root, it also gets namespaces of its own (see ``Sandbox``): its own process tree and a
read-only view of the files in which the submissions and the grading key are hidden, no
capabilities, and a user id of its own where the interpreter allows. It gets the
notebook's code, then (once that code has run) the cases; it returns plain data. The
expected values are computed here and compared here, so no replacement of numpy's,
perclab's or otter's functions inside the submission's process counts. The folder's
notebooks are read before any runs, and the grades and feedback are written after all
have run.

Writes ``<folder>/grades.csv`` (``file, exercise, score, max_score`` and one column per
question) and ``<folder>/feedback/<notebook>.txt``, and prints a summary.
"""

from __future__ import annotations

import argparse
import csv
import ctypes
import json
import os
import re
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import autograder
import grading_cases

from perclab.checks import _core, compare

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
MAX_NOTEBOOK = 20_000_000  # bytes of a submitted notebook
MAX_OUTPUT = 50_000_000  # bytes a submission's process may send back
MAX_RUNS = 4  # processes per submission: a crash or a hang costs one, then it goes on
UID_BASE = 0x6B000000  # user ids of the submissions' processes (root only): unused ids


@dataclass
class Limits:
    notebook_seconds: float = 60.0  # the notebook's top-level code
    question_seconds: float = 30.0  # one question's cases and its self-check
    memory_mb: int = 3000  # address space
    file_mb: int = 16  # largest file it may write
    processes: int = 64  # processes and threads of its user id (root only)


@dataclass
class Outcome:
    file: str
    exercise: str = ""
    scores: dict[str, float] = field(default_factory=dict)  # question -> points
    problem: str = ""  # why it could not be graded at all
    feedback: list[str] = field(default_factory=list)


# Recognising a submission
def exercise_of(name: str, notebook: dict, known: list[str]) -> str:
    """The exercise of a submission, from its metadata or its file name, or ""."""
    metadata = notebook.get("metadata", {}) if isinstance(notebook, dict) else {}
    tagged = metadata.get(autograder.METADATA, {})
    if isinstance(tagged, dict) and tagged.get("exercise") in known:
        return tagged["exercise"]
    source = metadata.get("perclab_edition", {})
    source = source.get("source", "") if isinstance(source, dict) else ""
    for exercise in known:
        if re.search(rf"\b{re.escape(exercise)}\.ipynb", str(source)):
            return exercise
    matching = [exercise for exercise in known if name.startswith(exercise)]
    return max(matching, key=len, default="")


def code_cells(notebook: dict) -> list[str]:
    """The notebook's code, less the hidden-test cells of a solution notebook.

    A solution (``exercises/solutions/``) keeps the instructor's hidden tests in cells
    that begin with ``### BEGIN HIDDEN TESTS``; the student notebooks have none. They
    call the self-checks, which are silenced while grading, so graded as code they would
    only add failures to the feedback of a correct notebook.
    """
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    out = []
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else str(source)
            if not source.lstrip().startswith(HIDDEN_TESTS):
                out.append(source)
    return out


HIDDEN_TESTS = "### BEGIN HIDDEN TESTS"


# The trusted side: cases and expected values
class Expected:
    """Each question's graded cases and their expected values, computed here once."""

    def __init__(self, key: int):
        self.key, self.cache = key, {}

    def __call__(self, check: str):
        if check not in self.cache:
            spec = grading_cases.spec(check)
            graded = grading_cases.cases(check, self.key)
            values = [
                None if case.aspect else compare.quietly(spec.reference, *case.args)
                for case in graded
            ]
            self.cache[check] = (spec, graded, values)
        return self.cache[check]


def decode(data):
    """An answer sent by the submission's process, as Python and numpy values."""
    if not isinstance(data, dict) or len(data) not in (1, 3):
        return _Opaque("unreadable")
    kind, value = next(iter(data.items()))
    if kind == "none":
        return None
    if kind == "bool":
        return bool(value)
    if kind == "int" and isinstance(value, int):
        return value
    if kind == "num" and isinstance(value, (int, float)):
        return float(value)
    if kind == "str":
        return str(value)
    if kind == "facts" and isinstance(value, dict):
        return {"problem": value.get("problem"), "predictions": value.get("predictions")}
    if kind in ("tuple", "list") and isinstance(value, list):
        items = [decode(item) for item in value]
        return tuple(items) if kind == "tuple" else items
    if kind == "array":
        dtype = {"bool": bool, "int": np.int64, "float": float}.get(
            data.get("dtype"), float
        )
        try:
            array = np.array(value, dtype=dtype)
        except (TypeError, ValueError, OverflowError):
            return _Opaque("unreadable array")
        if list(array.shape) != data.get("shape"):
            return _Opaque("unreadable array")
        return array
    return _Opaque(str(value)[:100])


class _Opaque:
    """What the function returned when it is not plain data (its type's name)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"<{self.name}>"


# The untrusted side: one process, with limits
def _limit(limits: Limits, uid: int | None, switch: bool = True):
    """Limits for the process about to start, and its user id (``switch``: here; else
    setpriv switches it, inside the namespaces). It dies with the grader's thread."""

    def apply():
        if sys.platform == "linux":  # PR_SET_PDEATHSIG: SIGKILL when the grader dies
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)
        seconds = int(limits.notebook_seconds + 8 * limits.question_seconds) + 1
        memory = limits.memory_mb * 2**20
        for which, value in (
            (resource.RLIMIT_CPU, seconds),
            (resource.RLIMIT_AS, memory),
            (resource.RLIMIT_FSIZE, limits.file_mb * 2**20),
            (resource.RLIMIT_NOFILE, 256),
            (resource.RLIMIT_CORE, 0),
        ):
            resource.setrlimit(which, (value, value))
        if uid is not None:
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.processes, limits.processes))
        if uid is not None and switch:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)

    return apply


def _end(process: subprocess.Popen, uid: int | None) -> None:
    """End the process, its group, and (as root) every process of its user id."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()
    if uid is not None:  # a process that left the group (setsid) still has the user id
        sweep(uid)


def sweep(uid: int) -> bool:
    """End every process of the user id ``uid``; whether none is left."""
    for _ in range(20):
        left = _processes(uid)
        if not left:
            return True
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.01)
    return not _processes(uid)


def _limit_uid(uid: int):
    def apply():
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)

    return apply


# As root, each submission's process starts in namespaces of its own (util-linux's unshare):
# its own process tree (every process of it ends with it), no network, its own view of the
# file system (read-only, but for its scratch folder; the submissions folder, the
# solutions, the tests' catalogues and _build/, with the grading key and the zips, covered
# by empty, unreadable file systems; a private /dev/shm; /sys hidden), then drops every
# capability (setpriv), and its user id too where it can.
_MOUNTS = """
set -e
scratch=$1; shift
mount --bind "$scratch" "$scratch"
mount -t tmpfs -o size=16m,mode=1777 none /dev/shm
mount -t tmpfs -o size=4k,mode=0 none /sys
while [ "$1" != "--" ]; do mount -t tmpfs -o size=4k,mode=0 none "$1"; shift; done
shift
mount -o remount,bind,ro /
exec "$@"
"""
_DROP = [
    "setpriv",
    "--inh-caps=-all",
    "--ambient-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
]


class Sandbox:
    """What this machine allows: namespaces (root only), separate user ids."""

    def __init__(self, hidden: list[Path]):
        self.hidden = [str(path) for path in hidden if path.is_dir()]
        self.namespaces = self.separate_ids = False
        if os.geteuid() != 0:
            return
        probe = self._command(Path(tempfile.gettempdir()), None, ["true"], probe=True)
        self.namespaces = subprocess.run(probe, check=False).returncode == 0
        test = [sys.executable, "-I", "-c", "import numpy, perclab.checks"]
        try:
            run = subprocess.run(
                test,
                preexec_fn=_limit_uid(UID_BASE),
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            self.separate_ids = run.returncode == 0
        except OSError:  # the interpreter is in a folder that user id cannot enter
            self.separate_ids = False

    def _command(self, scratch: Path, uid, command, probe=False) -> list[str]:
        if not (self.namespaces or probe):
            return command
        ids = [] if uid is None else [f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
        return [
            "unshare",
            "--pid",
            "--fork",
            "--kill-child",
            "--mount",
            "--mount-proc",
            "--net",
            "--propagation",
            "private",
            "--",
            "/bin/sh",
            "-c",
            _MOUNTS,
            "sh",
            str(scratch),
            *self.hidden,
            "--",
            *_DROP,
            *ids,
            "--",
            *command,
        ]

    def command(self, scratch: Path, uid) -> list[str]:
        child = [sys.executable, "-I", str(TOOLS / "grade_child.py"), str(TOOLS)]
        return self._command(scratch, uid, child)

    def uid(self, index: int) -> int | None:
        return UID_BASE + index if self.separate_ids else None

    def __str__(self):
        if os.geteuid() != 0:
            return (
                "own process group, with limits, under your user id (run as root for more)"
            )
        words = "own process group, with limits"
        if self.namespaces:
            words += ", own process and mount namespaces, no network, read-only files"
            words += ", no capabilities"
        return words + (", own user id" if self.separate_ids else ", user id 0")


def _processes(uid: int) -> list[int]:
    """The live processes whose real user id is ``uid`` (zombies are ended already)."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        zombie = re.search(r"^State:\s+Z", text, re.MULTILINE)
        if re.search(rf"^Uid:\s+{uid}\s", text, re.MULTILINE) and not zombie:
            found.append(int(status.parent.name))
    return found


class _Child:
    """One process of a submission and its messages, read with deadlines."""

    def __init__(self, scratch: Path, limits: Limits, uid: int | None, sandbox: Sandbox):
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(scratch),
            "TMPDIR": str(scratch),
            "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": str(scratch),
            "NUMBA_CACHE_DIR": str(scratch),
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
            "NUMBA_NUM_THREADS": "1",
            "LANG": "C.UTF-8",
        }
        self.uid = uid
        self.process = subprocess.Popen(
            sandbox.command(scratch, uid),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=scratch,
            env=env,
            start_new_session=True,
            preexec_fn=_limit(limits, uid, switch=not sandbox.namespaces),
        )
        self.buffer, self.received = b"", 0

    def send(self, message) -> bool:
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def next(self, deadline: float):
        """The next message; ("timeout",) at the deadline; ("ended",) when it ended."""
        out = self.process.stdout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return {"kind": "timeout"}
            ready, _, _ = select.select([out], [], [], left)
            if not ready:
                continue
            chunk = os.read(out.fileno(), 1 << 16)
            if not chunk:
                return {"kind": "ended"}
            self.received += len(chunk)
            if self.received > MAX_OUTPUT:
                return {"kind": "too_much"}
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return {"kind": "garbled"}
        return message if isinstance(message, dict) else {"kind": "garbled"}

    def end(self):
        _end(self.process, self.uid)
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except OSError:  # a write still buffered for a process that has ended
                pass


# Grading one submission
def grade(
    file: str,
    notebook: dict,
    exercise: str,
    expected: Expected,
    limits: Limits,
    uid: int | None,
    sandbox: Sandbox,
) -> Outcome:
    """Run the submission's functions on every case; score them here."""
    outcome = Outcome(file=file, exercise=exercise)
    asked = autograder.questions(exercise)
    specs = {q.name: expected(q.check) for q in asked}
    answers: dict[tuple[str, int], object] = {}  # (question, case) -> answer or failure
    reports: dict[str, str] = {}
    remaining = [(q.name, k) for q in asked for k in range(len(specs[q.name][1]))]
    cells, notes = code_cells(notebook), []

    def failing() -> list[str]:
        """The questions with a failing public case, whose self-check report is wanted."""
        names = []
        for q in asked:
            spec, graded, values = specs[q.name]
            for k, case in enumerate(graded):
                got = answers.get((q.name, k))
                if not case.hidden and judge(q, spec, case, values[k], got) is not None:
                    names.append(q.name)
                    break
        return names

    for _ in range(MAX_RUNS):
        if not remaining:
            break
        problem = _run_once(
            cells,
            asked,
            remaining,
            expected.key,
            limits,
            (uid, sandbox),
            answers,
            (reports, failing),
            notes,
        )
        if problem:
            outcome.problem = problem
            break
    for name, k in remaining:
        answers.setdefault(
            (name, k), _Failed("not graded: the submission's process kept ending")
        )
    for q in asked:
        spec, graded, values = specs[q.name]
        outcome.scores[q.name], text = _score(q, spec, graded, values, answers, reports)
        outcome.feedback.append(text)
    if outcome.problem:
        outcome.feedback.insert(0, f"The notebook could not be graded: {outcome.problem}")
    outcome.feedback[:0] = list(dict.fromkeys(notes))[:5]  # each process repeats them
    return outcome


class _Answer:
    """A returned value, and the arguments the exercise says to leave unchanged after."""

    def __init__(self, value, after: dict):
        self.value, self.after = value, after

    @classmethod
    def of(cls, message: dict):
        """From a message of the submission's process: {"value": ..., "after": ...}."""
        if "value" not in message:
            why = f"raised {str(message.get('raised'))[:300]}"
            return _Failed(why if "raised" in message else "the function is not defined")
        after = message.get("after")
        after = after if isinstance(after, dict) else {}
        return cls(decode(message["value"]), {k: decode(v) for k, v in after.items()})


class _Failed:
    def __init__(self, why: str):
        self.why = why


def _run_once(cells, asked, remaining, key, limits, where, answers, wanted, notes) -> str:
    """One process: run the notebook, then the remaining cases. Returns a fatal problem."""
    (uid, sandbox), (reports, failing) = where, wanted
    scratch = Path(tempfile.mkdtemp(prefix="perclab-grade-"))
    if uid is not None:
        os.chown(scratch, uid, uid)
    os.chmod(scratch, 0o700)
    child = _Child(scratch, limits, uid, sandbox)
    try:
        child.send(cells)
        # whatever the process sends, it ends by then: its notebook, each question once
        last = time.monotonic() + limits.notebook_seconds
        last += limits.question_seconds * (2 * len(asked) + 1)
        deadline = time.monotonic() + limits.notebook_seconds
        while True:
            message = child.next(min(deadline, last))
            kind = message.get("kind")
            if kind == "cell_error":
                notes.append(
                    f"Cell {message.get('cell')} raised {str(message.get('error'))[:300]}"
                )
                continue
            if kind == "ready":
                break
            if kind == "timeout":
                return f"its code did not finish within {limits.notebook_seconds:g} s"
            if kind == "too_much":
                return "it wrote more output than the grader reads"
            return "its process ended while running the notebook (an exit call or a crash)"
        wanted: dict[str, list[int]] = {}
        for name, k in remaining:
            wanted.setdefault(name, []).append(k)
        work = [
            {"name": q.name, "check": q.check, "cases": wanted[q.name]}
            for q in asked
            if q.name in wanted
        ]
        child.send({"key": key, "questions": work})
        running, deadline = None, time.monotonic() + limits.question_seconds
        started, requested = set(), set(remaining)  # each question's time starts once
        while True:
            message = child.next(min(deadline, last))
            kind = message.get("kind")
            item = (message.get("name"), message.get("case"))
            pending = not requested.isdisjoint(remaining)  # cases asked, not answered
            if kind == "case" and running != "reports" and item in remaining:
                if item[0] not in started:
                    started.add(item[0])
                    deadline = time.monotonic() + limits.question_seconds
                running = item
            elif kind == "answer" and running == item and item in remaining:
                remaining.remove(item)
                answers[item] = _Answer.of(message)
            elif kind == "answered" and running != "reports" and not pending:
                names = failing()
                child.send({"reports": names})
                running = "reports"  # every answer is in: what follows is feedback only
                deadline = time.monotonic() + limits.question_seconds * (1 + len(names))
            elif kind == "report" and running == "reports" and item[0] in names:
                reports[str(item[0])] = str(message.get("text", ""))[:4000]
            elif kind == "done" and running == "reports":
                return ""
            elif kind in ("timeout", "ended", "too_much", "garbled", "crash"):
                if running == "reports":
                    return ""
                if running is None:
                    return _stopped(kind)
                why = {
                    "timeout": f"did not finish within {limits.question_seconds:g} s",
                    "ended": "the process ended during this case (an exit call or a crash)",
                }.get(kind, "sent more output than the grader reads")
                for item in [item for item in remaining if item[0] == running[0]]:
                    if kind == "ended" and item != running:
                        continue  # the next process goes on with the next case
                    remaining.remove(item)
                    answers[item] = _Failed(why)
                return ""
            else:  # only a submission writing to the grader's channel does this
                return "its process sent the grader a message out of turn"
    finally:
        child.end()
        shutil.rmtree(scratch, ignore_errors=True)


def _stopped(kind: str) -> str:
    return {
        "timeout": "it did not finish in time",
        "too_much": "it wrote more output than the grader reads",
    }.get(kind, "its process ended unexpectedly")


def judge(q, spec, case, want, got) -> str | None:
    """None when the answer ``got`` to ``case`` passes, else what is wrong."""
    if isinstance(got, _Failed):
        return got.why
    if not isinstance(got, _Answer):
        return "no answer"
    for position, after in got.after.items():
        i = int(position) if str(position).isdigit() else -1
        if 0 <= i < len(case.args) and _core._changed(case.args[i], after):
            param = spec.params[i].partition("=")[0]
            return f"changed its argument {param} in place, which the exercise leaves as is"
    if case.aspect:
        return grading_cases.selection_judge(case, got.value)
    try:
        return compare.mismatch_of(want, got.value, spec.rtol, spec.atol, spec.outputs)
    except Exception as exc:  # an answer of a shape the comparison cannot read
        return f"unreadable answer ({type(exc).__name__})"


def _score(q, spec, graded, values, answers, reports) -> tuple[float, str]:
    """The question's points and its feedback: public results in full, hidden counted."""
    passed = {"public": 0, "hidden": 0}
    total = {"public": 0, "hidden": 0}
    first_public, failed_hidden = None, 0
    for k, (case, want) in enumerate(zip(graded, values, strict=True)):
        side = "hidden" if case.hidden else "public"
        total[side] += 1
        got = answers.get((q.name, k), _Failed("not graded"))
        problem = judge(q, spec, case, want, got)
        if problem is None:
            passed[side] += 1
        elif case.hidden:
            failed_hidden += 1
        elif first_public is None:
            first_public = (k, case, problem)
    n = total["public"] + total["hidden"]
    points = round(autograder.POINTS * (passed["public"] + passed["hidden"]) / n, 4)
    head = (
        f"{q.name}: {points:g} of {autograder.POINTS} point "
        f"({passed['public']} of {total['public']} public cases and "
        f"{passed['hidden']} of {total['hidden']} hidden cases pass)"
    )
    lines = [head]
    if first_public is not None:
        k, case, problem = first_public
        report = reports.get(q.name, "").strip()
        if report and not report.startswith("All "):
            lines.append(report)
        else:
            lines.append(f"  case {k + 1} ({case.about}): {problem}")
    if failed_hidden:
        lines.append(
            f"  {failed_hidden} hidden case{'s' if failed_hidden > 1 else ''} fail: other "
            "data of the kinds above, or edge cases (ties, one sample, integer inputs, "
            "large and small scales, ...); a function that passes the self-check by its "
            "inputs rather than its rule fails here."
        )
    return points, "\n".join(lines)


# The folder
def _read(folder: Path) -> list[tuple[str, bytes]]:
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as file:
                found.append((path.name, file.read(MAX_NOTEBOOK + 1)))
    return found


def grade_folder(
    folder: Path,
    *,
    limits: Limits | None = None,
    jobs: int = 2,
    key: int | None = None,
    progress: bool = True,
    secrets: tuple[Path, ...] = (),
) -> list[Outcome]:
    """Grade every notebook of ``folder``; write grades.csv and feedback/; return them.

    ``secrets``: folders the submissions must not see besides the folder itself and
    ``_build/autograder`` (the key and the zips)."""
    from tqdm import tqdm

    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder: make grade SUBMISSIONS=<folder>")
    if ROOT.resolve().is_relative_to(folder.resolve()):
        raise ValueError(
            f"{folder} holds the repository itself, which the submissions must not see: "
            "put the submitted notebooks in a folder of their own"
        )
    limits = limits or Limits()
    key = autograder.hidden_key() if key is None else key
    known = autograder.exercises()
    expected = Expected(key)
    submissions = _read(folder)  # all of them, before any submission runs
    # what a submission could copy answers from: the solutions, the catalogues of
    # learner solutions, the built book (solutions included), the key and the zips
    hidden = [ROOT / "_build", autograder.SOLUTIONS, ROOT / "tests", folder, *secrets]
    sandbox = Sandbox([path.resolve() for path in hidden])
    if progress:
        print(f"Each submission runs in its {sandbox}.", file=sys.stderr)
    outcomes: list[Outcome] = []
    todo = []
    for index, (name, data) in enumerate(submissions):
        try:
            if len(data) > MAX_NOTEBOOK:
                raise ValueError("larger than 20 MB")
            notebook = json.loads(data)
        except (ValueError, RecursionError) as exc:
            outcomes.append(Outcome(name, problem=f"not a readable notebook ({exc})"[:200]))
            continue
        exercise = exercise_of(name, notebook, known)
        if not exercise:
            outcomes.append(
                Outcome(
                    name,
                    problem=(
                        "no exercise recognised: name the file after its exercise, e.g. "
                        f"{known[0]}_yourname.ipynb"
                    ),
                )
            )
            continue
        for q in autograder.questions(exercise):
            expected(q.check)  # computed before any submission runs
        todo.append((name, notebook, exercise, sandbox.uid(index)))
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [
            pool.submit(grade, n, nb, ex, expected, limits, uid, sandbox)
            for n, nb, ex, uid in todo
        ]
        bar = tqdm(
            as_completed(futures),
            total=len(futures),
            unit="notebook",
            disable=not progress,
            file=sys.stderr,
        )
        for future in bar:
            outcomes.append(future.result())
    outcomes.sort(key=lambda outcome: outcome.file)
    _write(folder, outcomes, known)
    return outcomes


def _write(folder: Path, outcomes: list[Outcome], known: list[str]) -> None:
    columns = [q.name for exercise in known for q in autograder.questions(exercise)]
    with open(folder / "grades.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["file", "exercise", "score", "max_score", *columns])
        for outcome in outcomes:
            asked = autograder.questions(outcome.exercise) if outcome.exercise else []
            row = [
                outcome.file,
                outcome.exercise,
                f"{sum(outcome.scores.values()):g}" if asked else 0,
                len(asked) * autograder.POINTS,
            ]
            row += [
                f"{outcome.scores[c]:g}" if c in outcome.scores else "" for c in columns
            ]
            writer.writerow(row)
    feedback = folder / "feedback"
    feedback.mkdir(exist_ok=True)
    for outcome in outcomes:
        lines = [f"{outcome.file} ({outcome.exercise or 'exercise not recognised'})"]
        lines += outcome.feedback or [outcome.problem]
        (feedback / f"{Path(outcome.file).stem}.txt").write_text(
            "\n\n".join(lines) + "\n", encoding="utf-8"
        )


def summary(outcomes: list[Outcome]) -> str:
    graded = [o for o in outcomes if o.exercise and not o.problem]
    failed = [o for o in outcomes if o not in graded]
    lines = [f"graded: {len(graded)}; failed to run or not recognised: {len(failed)}"]
    columns = [q.name for e in autograder.exercises() for q in autograder.questions(e)]
    means: dict[str, list[float]] = {name: [] for name in columns}
    for outcome in outcomes:
        for name, points in outcome.scores.items():
            means.setdefault(name, []).append(points)
    means = {name: values for name, values in means.items() if values}
    for name, values in means.items():
        lines.append(
            f"  {name:<22} mean {np.mean(values):.3f} of {autograder.POINTS} "
            f"({len(values)} submissions)"
        )
    for outcome in failed:
        lines.append(f"  {outcome.file}: {outcome.problem}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--jobs", type=int, default=2, help="submissions graded at once")
    parser.add_argument("--notebook-seconds", type=float, default=Limits.notebook_seconds)
    parser.add_argument("--question-seconds", type=float, default=Limits.question_seconds)
    parser.add_argument("--memory-mb", type=int, default=Limits.memory_mb)
    args = parser.parse_args(argv)
    limits = Limits(args.notebook_seconds, args.question_seconds, args.memory_mb)
    try:
        outcomes = grade_folder(args.folder, limits=limits, jobs=args.jobs)
    except ValueError as exc:
        parser.error(str(exc))
    print(summary(outcomes))
    print(f"wrote {args.folder / 'grades.csv'} and {args.folder / 'feedback'}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
