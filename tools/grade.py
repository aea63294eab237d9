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
costs the case it stops; a new process goes on with the next). Where Linux allows (see
``Sandbox``), it also gets namespaces of its own: its own process tree, no network, and a
file system holding only its interpreter, its packages, perclab and the grading tools,
read-only, beside its scratch folder; no capabilities; as root, a user id of its own; not
as root, a user namespace of its own. It gets the notebook's code, then (once that code
has run) the cases; it returns plain data.

The answers are scored here, by otter-grader's runner of test files: each question's
test file is the one in the exercise's ``autograder.zip`` (``tools/autograder.py``), run
in this process with the answers sent back in place of the function
(``grading_cases.Sent``). Its expected values are computed here and compared here, so no
replacement of numpy's, perclab's or otter's functions inside the submission's process
counts, and ``make grade`` and ``otter run`` judge an answer alike. The folder's
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
import textwrap
import time
import warnings
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import autograder
import grading_cases

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
# the submissions' interpreter: this one, by a path without "..", which a file system
# holding only the interpreter's own folders can follow (symbolic links are kept: a
# virtual environment is known by the path it is started from)
PYTHON = os.path.abspath(sys.executable)
MAX_NOTEBOOK = 20_000_000  # bytes of a submitted notebook
MAX_OUTPUT = 50_000_000  # bytes a submission's process may send back
# processes a question may end (an exit call, a crash) before the rest of its cases fail:
# the first costs the case it stops, and a new process goes on with the next case
ENDINGS = 2
UID_BASE = 0x6B000000  # user ids of the submissions' processes (root only): unused ids
# ... 4096 of them for each run of the grader, apart from those of another run at the same
# time (by its process id): a run ends every process of the user ids it gives out
UIDS_PER_RUN = 4096


@dataclass
class Limits:
    notebook_seconds: float = 60.0  # the notebook's top-level code
    question_seconds: float = 30.0  # one question's cases and its self-check
    memory_mb: int = 3000  # address space
    file_mb: int = 16  # largest file it may write
    scratch_mb: int = 64  # all it may write (in namespaces: its scratch folder in memory)
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


# The trusted side: otter's test files, run here on the answers sent back
def prepare(check: str, key: int) -> None:
    """Make the question's cases and expected values (once, before any submission runs:
    the grader's threads then only read them)."""
    grading_cases.frozen_positions(check)
    grading_cases.expected(check, key)


def test_file(question: autograder.Question, key: int):
    """The question's otter test file, the one in the zip (with grading_cases imported,
    not copied in), ready to run."""
    with warnings.catch_warnings():  # otter imports widgets that warn of old traits
        warnings.simplefilter("ignore", DeprecationWarning)
        from otter.test_files import ExceptionTestFile

    text = "from grading_cases import *\n" + autograder.test_file(question, key)
    return ExceptionTestFile.from_string(text, path=f"tests/{question.name}.py")


def run_tests(question: autograder.Question, key: int, sent: grading_cases.Sent):
    """otter's test file of the question, run on the answers ``sent``: its results."""
    tests = test_file(question, key)
    tests.run({question.name: sent})
    return tests


def decode(data):
    """An answer sent by the submission's process, as Python and numpy values."""
    if not isinstance(data, dict) or len(data) not in (1, 3):
        return _opaque("unreadable")
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
    if kind == "search" and isinstance(value, str):
        return _Search(value)  # judged in a process of its own: see judge_searches
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
            return _opaque("unreadable array")
        if list(array.shape) != data.get("shape"):
            return _opaque("unreadable array")
        return array
    return _opaque(str(value)[:100])


class _Search:
    """select_model's search as the submission's process pickled it (base64 text)."""

    def __init__(self, data: str):
        self.data = data


class _Opaque:
    """What the function returned when it is not plain data (its type's name)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"<{self.name}>"


def _opaque(name: str) -> _Opaque:
    """An answer that is not plain data, of a class named as the answer's type was (so
    that feedback says "got generator", not the grader's own name for it)."""
    named = re.sub(r"\W", "_", name).strip("_")[:60] or "object"
    return type(named, (_Opaque,), {})(name)


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


# Each submission's process starts in namespaces of its own (util-linux's unshare; not
# run as root, inside a user namespace of its own, where the kernel allows one): its own
# process tree (every process of it ends with it), no network, and a file system of its
# own that holds only what its Python needs: the interpreter and the packages of its
# environment, perclab's source and the two grading tools it runs, /usr and /etc, all
# read-only; an empty /tmp and /dev/shm of 16 MB; and its scratch folder. Nothing else
# of the machine is there: no home folder, no submission, no solution or key, no other
# copy of the repository. Then it drops every capability (setpriv), and as root its user
# id too, where the interpreter can run under another.
_ROOTFS = """
set -e
PATH=/usr/sbin:/usr/bin:/sbin:/bin
root=$1; scratch=$2; shift 2
mount -t tmpfs -o size=4m,mode=0755 none "$root"
mkdir -p "$root/tmp" "$root/proc" "$root/dev/shm"
mount -t tmpfs -o size=16m,mode=1777 none "$root/tmp"
for top in bin sbin lib lib32 lib64 libx32; do
    if [ -L "/$top" ]; then ln -s "$(readlink "/$top")" "$root/$top"; fi
done
while [ "$1" != "--" ]; do
    mkdir -p "$root$1"
    mount --rbind "$1" "$root$1"
    mount -o remount,bind,ro "$root$1"
    shift
done
shift
while [ "$1" != "--" ]; do
    mount -t tmpfs -o size=4k,mode=0 none "$root$1"
    shift
done
shift
mkdir -p "$root$scratch"
mount -t tmpfs -o size=${SCRATCH_MB:-64}m,mode=1777 none "$root$scratch"
mount -t proc proc "$root/proc"
for node in null zero full random urandom; do
    touch "$root/dev/$node"
    mount --bind "/dev/$node" "$root/dev/$node"
done
mount -t tmpfs -o size=16m,mode=1777 none "$root/dev/shm"
mount -o remount,bind,ro "$root"
exec chroot "$root" /bin/sh -c 'cd "$0" && exec "$@"' "$scratch" "$@"
"""
_DROP = [
    "setpriv",
    "--inh-caps=-all",
    "--ambient-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
]
_CHILD_PATH = (
    "import json, sys; print(json.dumps([sys.prefix, sys.base_prefix, *sys.path]))"
)


def _outermost(paths) -> list[str]:
    """The folders among ``paths`` that lie in none of the others, sorted."""
    folders = sorted({str(Path(p).resolve()) for p in paths if p and Path(p).is_dir()})
    kept: list[str] = []
    for folder in folders:
        if not any(Path(folder).is_relative_to(k) for k in kept):
            kept.append(folder)
    return kept


class Sandbox:
    """What this machine allows: namespaces and a file system of their own, separate
    user ids (root only)."""

    def __init__(self, hidden: list[Path]):
        self.root = Path(tempfile.mkdtemp(prefix="perclab-root-"))
        os.chmod(self.root, 0o755)
        self.namespaces = self.separate_ids = False
        self.shown: list[str] = []
        self.hidden: list[str] = []
        self.user = os.geteuid() != 0  # a user namespace too: not run as root
        try:
            self.shown = self._shown()
        except (OSError, ValueError, subprocess.SubprocessError):
            return
        # what must stay unseen, should it lie inside a folder shown
        self.hidden = [
            str(path)
            for path in (p.resolve() for p in hidden)
            if path.is_dir() and any(path.is_relative_to(s) for s in self.shown)
        ]
        test = [PYTHON, "-I", "-c", "import numpy, perclab.checks"]
        scratch = Path(tempfile.mkdtemp(prefix="perclab-probe-"))
        try:
            for uid in ([self.uid(0, probe=True)] if not self.user else []) + [None]:
                if uid is not None:
                    os.chown(scratch, uid, uid)
                probe = self._command(scratch, uid, test, probe=True)
                ran = subprocess.run(
                    probe,
                    check=False,
                    cwd=scratch,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    timeout=60,
                )
                if ran.returncode == 0:
                    self.namespaces, self.separate_ids = True, uid is not None
                    break
        except (OSError, subprocess.SubprocessError):  # no unshare here, or no setpriv
            pass
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _shown(self) -> list[str]:
        """The folders the submission's interpreter reads: its environment and its
        installation, every folder of its import path, the grading tools; /usr, /etc."""
        paths = json.loads(
            subprocess.run(
                [PYTHON, "-I", "-c", _CHILD_PATH],
                capture_output=True,
                text=True,
                check=True,
                timeout=60,
            ).stdout
        )
        executable = Path(sys.executable).resolve()
        return _outermost(["/usr", "/etc", *paths, str(executable.parent), str(TOOLS)])

    def _command(self, scratch: Path, uid, command, probe=False) -> list[str]:
        if not (self.namespaces or probe):
            return command
        ids = [] if uid is None else [f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
        user = ["--user", "--map-root-user"] if self.user else []
        return [
            "unshare",
            *user,
            "--pid",
            "--fork",
            "--kill-child",
            "--mount",
            "--net",
            "--propagation",
            "private",
            "--",
            "/bin/sh",
            "-c",
            _ROOTFS,
            "sh",
            str(self.root),
            str(scratch),
            *self.shown,
            "--",
            *self.hidden,
            "--",
            *_DROP,
            *ids,
            "--",
            *command,
        ]

    def command(self, scratch: Path, uid, script: str = "grade_child.py") -> list[str]:
        child = [PYTHON, "-I", str(TOOLS / script), str(TOOLS)]
        return self._command(scratch, uid, child)

    def uid(self, index: int, probe: bool = False) -> int | None:
        """The user id of the submission ``index`` of this run, or None (as the grader)."""
        if not (self.separate_ids or probe):
            return None
        run = os.getpid() % ((2**31 - UID_BASE) // UIDS_PER_RUN)
        return UID_BASE + run * UIDS_PER_RUN + index % UIDS_PER_RUN

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def __str__(self):
        words = "own process group, with limits"
        if not self.namespaces:
            return words + ", under your user id (no namespaces here: see grade.py)"
        words += ", own process, mount and network namespaces (no network)"
        words += ", a file system of its own (read-only; only Python, its packages and "
        words += "perclab), no capabilities"
        if self.user:
            return words + ", in a user namespace of its own"
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

    def __init__(
        self,
        scratch: Path,
        limits: Limits,
        uid: int | None,
        sandbox: Sandbox,
        script: str = "grade_child.py",
    ):
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
            "SCRATCH_MB": str(limits.scratch_mb),  # the size of its scratch file system
        }
        self.uid = uid
        self.process = subprocess.Popen(
            sandbox.command(scratch, uid, script),
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
    key: int,
    limits: Limits,
    uid: int | None,
    sandbox: Sandbox,
) -> Outcome:
    """Run the submission's functions on every case in its own process; score them here,
    with otter's test files."""
    outcome = Outcome(file=file, exercise=exercise)
    asked = autograder.questions(exercise)
    answers: dict[tuple[str, int], object] = {}  # (question, case) -> answer or failure
    reports: dict[str, str] = {}
    graded = [
        (q.name, k, c)
        for q in asked
        for k, c in enumerate(grading_cases.cases(q.check, key))
    ]
    remaining = [(name, k) for name, k, _ in graded]
    hidden = {(name, k) for name, k, case in graded if case.hidden}
    cells, notes = code_cells(notebook), []

    def sent(q) -> grading_cases.Sent:
        mine = {k: _plain(got) for (name, k), got in answers.items() if name == q.name}
        return grading_cases.Sent(mine, reports.get(q.name, ""))

    def failing() -> list[str]:
        """The questions with a failing public case, whose self-check report is wanted."""
        return [q.name for q in asked if not run_tests(q, key, sent(q)).passed_all_public]

    ended: dict[str, int] = {}  # question -> processes it ended
    # all its processes together: a slow notebook run again after each crash stops here
    total = limits.notebook_seconds + limits.question_seconds * (len(asked) + 1)
    end = time.monotonic() + total
    for _ in range(1 + ENDINGS * len(asked)):
        if not remaining or time.monotonic() >= end:
            break
        problem = _run_once(
            cells,
            asked,
            remaining,
            key,
            limits,
            (uid, sandbox),
            answers,
            (reports, failing, hidden),
            (notes, ended, end),
        )
        if problem:
            outcome.problem = problem
            break
    judge_searches(answers, key, limits, uid, sandbox)
    why = "not graded: the submission's process kept ending"
    if time.monotonic() >= end:
        why = f"not graded: the submission used up its time ({total:g} s in all)"
    for name, k in remaining:
        answers.setdefault((name, k), _Failed(why))
    for q in asked:
        report = grading_cases.report(q.check, sent(q))
        outcome.scores[q.name], text = _score(q, run_tests(q, key, sent(q)), report)
        outcome.feedback.append(text)
    if outcome.problem:
        outcome.feedback.insert(0, f"The notebook could not be graded: {outcome.problem}")
    outcome.feedback[:0] = list(dict.fromkeys(notes))[:5]  # each process repeats them
    return outcome


def judge_searches(answers: dict, key: int, limits: Limits, uid, sandbox) -> None:
    """Replace each pickled search among ``answers`` by its facts, judged by
    ``tools/grade_judge.py`` in a process of its own (no code of the learner's runs
    there: it unpickles only classes of scikit-learn, perclab and numpy)."""
    searches = {
        item: got.value.data
        for item, got in answers.items()
        if isinstance(got, _Answer) and isinstance(got.value, _Search)
    }
    if not searches:
        return
    scratch = Path(tempfile.mkdtemp(prefix="perclab-judge-"))
    if uid is not None:
        os.chown(scratch, uid, uid)
    os.chmod(scratch, 0o700)
    judge = _Child(scratch, limits, uid, sandbox, script="grade_judge.py")
    try:
        pickled = [[k, data] for (_, k), data in searches.items()]
        judge.send({"key": key, "searches": pickled})
        message = judge.next(time.monotonic() + limits.question_seconds)
    finally:
        judge.end()
        shutil.rmtree(scratch, ignore_errors=True)
    facts = message.get("facts") if message.get("kind") == "facts" else None
    for item in searches:
        found = facts.get(str(item[1])) if isinstance(facts, dict) else None
        if isinstance(found, dict):
            value = {name: found.get(name) for name in ("problem", "predictions")}
            answers[item] = _Answer(value, {})
        else:
            answers[item] = _Failed("the returned search could not be judged (no answer)")


def _plain(got):
    """An answer as grading_cases.Sent holds it: (value, after) or the reason."""
    if isinstance(got, _Answer):
        return (got.value, {int(i): v for i, v in got.after.items() if str(i).isdigit()})
    return got.why if isinstance(got, _Failed) else "no answer"


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


def _run_once(cells, asked, remaining, key, limits, where, answers, wanted, kept) -> str:
    """One process: run the notebook, answer the remaining public cases, report on the
    questions that fail one, then answer the remaining hidden cases. Returns a fatal
    problem, or "" (a stopped case is recorded; the next process goes on)."""
    (uid, sandbox), (reports, failing, hidden), (notes, ended, end) = where, wanted, kept
    scratch = Path(tempfile.mkdtemp(prefix="perclab-grade-"))
    if uid is not None:
        os.chown(scratch, uid, uid)
    os.chmod(scratch, 0o700)
    child = _Child(scratch, limits, uid, sandbox)
    try:
        child.send(cells)
        # whatever the process sends, it ends by then: its notebook, each question once
        # (public and hidden cases together), the reports
        last = time.monotonic() + limits.notebook_seconds
        last = min(end, last + limits.question_seconds * (2 * len(asked) + 1))
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
            if kind == "timeout" and time.monotonic() >= end:
                return "its processes, run again after each crash, used up its time"
            if kind == "timeout":
                return f"its code did not finish within {limits.notebook_seconds:g} s"
            if kind == "too_much":
                return "it wrote more output than the grader reads"
            return "its process ended while running the notebook (an exit call or a crash)"
        left = {q.name: limits.question_seconds for q in asked}  # each question's time
        public = [item for item in remaining if item not in hidden]
        if public:  # no key yet: nothing it learns here is of the hidden cases
            stop = _answers(child, None, public, asked, limits, (left, last), answers,
                            remaining, ended)  # fmt: skip
            if stop is not None:
                return stop
            failed = failing()
            names = [[q.name, q.check] for q in asked if q.name in failed]
            child.send({"reports": names})
            wait = limits.question_seconds * (1 + len(names))
            deadline = min(last, time.monotonic() + wait)
            while True:
                message = child.next(deadline)
                kind, name = message.get("kind"), message.get("name")
                if kind == "report" and name in [n for n, _ in names]:
                    reports[str(name)] = str(message.get("text", ""))[:4000]
                elif kind in ("reported", "timeout", "ended", "too_much", "garbled"):
                    break  # feedback only: a report that does not come is left out
                else:
                    return "its process sent the grader a message out of turn"
            if kind != "reported":
                return ""
        rest = [item for item in remaining if item in hidden]
        if rest:  # from here on, what it sends reaches the feedback as pass or fail only
            stop = _answers(child, key, rest, asked, limits, (left, last), answers,
                            remaining, ended)  # fmt: skip
            if stop is not None:
                return stop
        child.send({"end": True})
        return ""
    finally:
        child.end()
        shutil.rmtree(scratch, ignore_errors=True)


def _answers(child, key, items, asked, limits, clocks, answers, remaining, ended):
    """Ask the process for ``items`` (question, case) and record its answers. None when
    all came; else "" (a case stopped, recorded) or a fatal problem."""
    left, last = clocks
    work = [
        {"name": q.name, "check": q.check, "cases": [k for n, k in items if n == q.name]}
        for q in asked
        if any(n == q.name for n, _ in items)
    ]
    child.send({"key": key, "questions": work})
    asked_for = set(items)
    running, since = None, time.monotonic()
    deadline = since + limits.question_seconds  # until the first case begins

    def charge():  # the time the running question has used
        if running is not None:
            left[running[0]] -= time.monotonic() - since

    while True:
        message = child.next(min(deadline, last))
        kind = message.get("kind")
        item = (message.get("name"), message.get("case"))
        if kind == "case" and item in asked_for and item in remaining:
            if running is None or running[0] != item[0]:  # a question begins
                charge()
                since = time.monotonic()
                deadline = since + left[item[0]]
            running = item
        elif kind == "answer" and running == item and item in remaining:
            remaining.remove(item)
            answers[item] = _Answer.of(message)
        elif kind == "answered" and asked_for.isdisjoint(remaining):
            charge()
            return None
        elif kind in ("timeout", "ended", "too_much", "garbled", "crash"):
            if running is None:
                return _stopped(kind)
            why = {
                "timeout": f"did not finish within {limits.question_seconds:g} s",
                "ended": "the process ended during this case (an exit call or a crash)",
            }.get(kind, "sent more output than the grader reads")
            ended_again = (
                "not graded: the function ended its process (an exit call or a crash) "
                f"{ENDINGS} times"
                if kind == "ended"
                else why
            )
            name = running[0]
            if kind == "ended":
                ended[name] = ended.get(name, 0) + 1
            for item in [item for item in remaining if item[0] == name]:
                if kind == "ended" and item != running and ended[name] < ENDINGS:
                    continue  # the next process goes on with the next case
                remaining.remove(item)
                answers[item] = _Failed(why if item == running else ended_again)
            return ""
        else:  # only a submission writing to the grader's channel does this
            return "its process sent the grader a message out of turn"


def _stopped(kind: str) -> str:
    return {
        "timeout": "it did not finish in time",
        "too_much": "it wrote more output than the grader reads",
    }.get(kind, "its process ended unexpectedly")


def _score(q, tests, report: str = "") -> tuple[float, str]:
    """The question's points and its feedback, from its test file's results: public
    results in full, hidden ones counted; ``report``, the self-check's (or "")."""
    passed = {"public": 0, "hidden": 0}
    total = {"public": 0, "hidden": 0}
    first_public = None
    for result in tests.test_case_results:
        side = "hidden" if result.test_case.hidden else "public"
        total[side] += 1
        passed[side] += bool(result.passed)
        if not (result.passed or result.test_case.hidden or first_public):
            message = result.message or ""
            first_public = message.partition("\nAssertionError: ")[2] or message
    points = round(float(tests.score), 4)
    head = (
        f"{q.name}: {points:g} of {autograder.POINTS} point "
        f"({passed['public']} of {total['public']} public cases and "
        f"{passed['hidden']} of {total['hidden']} hidden cases pass)"
    )
    lines = [head]
    if first_public:  # the self-check's report when it has one, else the case
        lines.append(textwrap.indent(report or first_public.strip(), "  "))
    failed_hidden = total["hidden"] - passed["hidden"]
    if failed_hidden:
        plural = " fails" if failed_hidden == 1 else "s fail"
        cases = f"{failed_hidden} hidden case{plural}"
        kinds = "other data of the kinds above, or edge cases (ties, one sample, integer "
        kinds += "inputs, large and small scales, ...)"
        if first_public:
            lines.append(f"  {cases} too: {kinds}.")
        else:
            lines.append(
                f"  {cases}: {kinds}. Every public case passes, so look for what they do "
                "not show: a score of exactly 0 with weights that are not 0, one sample or "
                "feature, integer inputs, other scales, the defaults."
            )
    return points, "\n".join(lines)


# The folder
def _read(folder: Path) -> list[tuple[str, bytes | None]]:
    """Each notebook's name and bytes (None for a symbolic link, which is not followed)."""
    found: list[tuple[str, bytes | None]] = []
    for path in sorted(folder.glob("*.ipynb")):
        if path.is_symlink():
            found.append((path.name, None))
        elif path.is_file():
            with open(path, "rb") as file:
                found.append((path.name, file.read(MAX_NOTEBOOK + 1)))
    return found


def _notebook(data: bytes) -> dict:
    """A submitted notebook as nbformat 4 (an older one is converted, as Jupyter would);
    ValueError names what it is instead."""
    import nbformat

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    parsed = json.loads(text)
    if not isinstance(parsed, dict) or not isinstance(parsed.get("nbformat"), int):
        raise ValueError("JSON, but not a Jupyter notebook (no nbformat)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            notebook = nbformat.reads(text, as_version=4)
    except Exception as exc:  # nbformat's own errors name the problem
        raise ValueError(f"not a notebook nbformat can read: {exc}"[:160]) from exc
    cells = notebook.get("cells")
    if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
        raise ValueError("a notebook without a list of cells")
    return notebook


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
    submissions = _read(folder)  # all of them, before any submission runs
    # what a submission could copy answers from: the solutions, the catalogues of
    # learner solutions, the built book (solutions included), the key and the zips
    hidden = [ROOT / "_build", autograder.SOLUTIONS, ROOT / "tests", folder, *secrets]
    sandbox = Sandbox([path.resolve() for path in hidden])
    try:
        outcomes = _grade_all(submissions, known, key, limits, jobs, sandbox, progress)
    finally:
        sandbox.close()
    _write(folder, outcomes, known)
    return outcomes


def _grade_all(submissions, known, key, limits, jobs, sandbox, progress) -> list[Outcome]:
    from tqdm import tqdm

    if progress:
        print(f"Each submission runs in its {sandbox}.", file=sys.stderr)
    outcomes: list[Outcome] = []
    todo = []
    for index, (name, data) in enumerate(submissions):
        try:
            if data is None:
                raise ValueError("a symbolic link, which is not read: hand in the file")
            if len(data) > MAX_NOTEBOOK:
                raise ValueError("larger than 20 MB")
            notebook = _notebook(data)
        except (ValueError, RecursionError) as exc:
            exercise = exercise_of(name, {}, known)  # by its name: a row with zeros
            zeros = (
                {q.name: 0.0 for q in autograder.questions(exercise)} if exercise else {}
            )
            problem = f"not a readable notebook ({exc})"[:200]
            outcomes.append(Outcome(name, exercise, zeros, problem))
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
            prepare(q.check, key)  # made before any submission runs
        todo.append((name, notebook, exercise, sandbox.uid(index)))
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [
            pool.submit(grade, n, nb, ex, key, limits, uid, sandbox)
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
