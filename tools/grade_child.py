"""The process that runs one submission for ``tools/grade.py``: untrusted, and treated so.

Started by the grader in a fresh interpreter (``python -I``), in a scratch folder, with
limits on time, memory, file size and processes (and, where Linux allows, in namespaces
and a read-only file system of its own: see ``grade.Sandbox``). It talks to the grader
over its standard input and a private copy of its standard output, one JSON message a
line:

1. it reads the notebook's code cells, runs them in order (a cell that raises or exits is
   reported and skipped; the self-checks answer nothing here, so the cells that only show
   results after a passing check do not run), and sends ``ready``;
2. only then it reads the work: which questions and which public cases; it builds the
   inputs with ``grading_cases``, calls each function on each case and sends each answer
   as plain data (numbers, lists, booleans, text: never a pickle);
3. then, for the questions the grader names (those with a failing public case), it runs
   the self-check and sends its report, the feedback the learner reads;
4. only then it gets the key of the hidden cases and answers them as in 2: from here on
   nothing it sends reaches the feedback but pass or fail, so what it learns of the
   hidden cases (their inputs, the key) goes nowhere.

It never sees an expected value: the grader computes them in its own process and compares
there, so nothing this process does (replacing numpy's functions, perclab's checks or
their references) can make a wrong answer pass. What the learner's code prints goes to a
bounded buffer; anything written to the real output or error streams is discarded.
"""

import copy
import io
import json
import os
import re
import sys
import traceback

_MAX_ITEMS = 200_000  # numbers at most in one answer
_MAX_TEXT = 4000  # characters at most of a report or an error


class _Bounded(io.TextIOBase):
    """A text stream that keeps the first ``limit`` characters and drops the rest."""

    def __init__(self, limit=_MAX_TEXT):
        self.parts, self.size, self.limit = [], 0, limit

    def writable(self):
        return True

    def write(self, text):
        if self.size < self.limit:
            self.parts.append(str(text)[: self.limit - self.size])
            self.size += len(self.parts[-1])
        return len(text)


def _encode(value, budget):
    """``value`` as JSON-ready plain data; ``budget[0]`` counts the numbers left."""
    import numpy as np

    if value is None:
        return {"none": True}
    if isinstance(value, (bool, np.bool_)):
        return {"bool": bool(value)}
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return {"int": int(value)} if abs(int(value)) < 2**53 else {"num": float(value)}
    if isinstance(value, (float, np.floating)):
        return {"num": float(value)}
    if isinstance(value, str):
        return {"str": value[:200]}
    if isinstance(value, (tuple, list)):
        budget[0] -= len(value)
        if budget[0] < 0:
            return {"other": "a sequence too long to grade"}
        kind = "tuple" if isinstance(value, tuple) else "list"
        return {kind: [_encode(item, budget) for item in value]}
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        budget[0] -= value.size
        if budget[0] < 0:
            return {"other": f"an array of shape {value.shape}, too large to grade"}
        kind = {"b": "bool", "i": "int", "u": "int", "f": "float"}[value.dtype.kind]
        return {"array": value.tolist(), "dtype": kind, "shape": list(value.shape)}
    return {"other": type(value).__name__[:100]}


def answer_case(func, case, frozen=(), calls=None) -> dict:
    """``func`` on one case, as plain data: its answer ("value") or what it raised
    ("raised"), and the arguments at ``frozen`` positions after the call ("after")."""
    if not callable(func):
        return {"missing": True}
    args = copy.deepcopy(case.args)
    try:
        if case.aspect:  # select_model: the search it returns, to be judged elsewhere
            value = {"search": _selection(func, case, {} if calls is None else calls)}
        else:
            value = _encode(func(*args), [_MAX_ITEMS])
    except BaseException as exc:  # sys.exit included: this case fails, not the run
        return {"raised": _error(exc)}
    after = {str(i): _encode(args[i], [_MAX_ITEMS]) for i in frozen if i < len(args)}
    return {"value": value, "after": after}


def _selection(func, case, calls) -> str:
    """The search select_model returns for a case, pickled (base64): judged by the grader
    in a process of its own, never here. One call per distinct training set."""
    import base64
    import pickle

    import grading_cases
    import joblib

    key = grading_cases._fingerprint(case.args)
    if key not in calls:
        calls.clear()  # one search kept at a time
        with joblib.parallel_config(backend="sequential"):
            search = func(*copy.deepcopy(case.args))
        calls[key] = base64.b64encode(pickle.dumps(search)).decode("ascii")
    return calls[key]


def _code(cell_source: str) -> str:
    """A cell's code with IPython's magics and shell lines made into ``pass``."""
    lines = []
    for line in cell_source.split("\n"):
        match = re.match(r"(\s*)[%!]", line)
        lines.append(f"{match.group(1)}pass" if match else line)
    return "\n".join(lines)


def _error(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text[:_MAX_TEXT]


def main(channel) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    printed = _Bounded()
    sys.stdout = sys.stderr = printed
    stdin = sys.stdin

    def send(message):
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    sys.path.insert(0, sys.argv[1])  # tools/, for grading_cases
    import matplotlib

    matplotlib.use("Agg")
    import grading_cases  # before the notebook runs, with the checks as they are

    import perclab.checks

    checks = {name: getattr(perclab.checks, name) for name in perclab.checks.__all__}
    for name in checks:
        if name.startswith("check_"):
            silent = perclab.checks.CheckResult(passed=False, n_cases=0, message="")
            setattr(perclab.checks, name, lambda func, _silent=silent: _silent)

    cells = json.loads(stdin.readline())
    namespace = {"__name__": "__main__"}
    for k, source in enumerate(cells):
        try:
            exec(compile(_code(source), f"<cell {k + 1}>", "exec"), namespace)
        except BaseException as exc:  # the next cells still run
            send({"kind": "cell_error", "cell": k + 1, "error": _error(exc)})
    send({"kind": "ready"})

    for line in stdin:  # the grader's requests, until it says the end
        request = json.loads(line)
        if "questions" in request:  # cases to answer: public ones, then hidden ones
            for question in request["questions"]:
                name, check, wanted = question["name"], question["check"], question["cases"]
                graded = grading_cases.cases(check, request["key"])
                frozen = grading_cases.frozen_positions(check)
                func, calls = namespace.get(name), {}
                for k in wanted:
                    send({"kind": "case", "name": name, "case": k})
                    answer = answer_case(func, graded[k], frozen, calls)
                    send({"kind": "answer", "name": name, "case": k, **answer})
            send({"kind": "answered"})
        elif "reports" in request:  # the questions with a failing public case
            for name, check in request["reports"]:
                func = namespace.get(name)
                if not callable(func) or check not in checks:
                    continue
                sys.stdout = report = _Bounded()
                try:
                    checks[check](func)
                    text = "".join(report.parts)
                except BaseException as exc:
                    text = "".join(traceback.format_exception_only(type(exc), exc))
                sys.stdout = printed
                send({"kind": "report", "name": name, "text": text[:_MAX_TEXT]})
            send({"kind": "reported"})
        else:
            break
    channel.close()
    os._exit(0)


if __name__ == "__main__":
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    try:
        main(out)
    except BaseException as exc:  # the grader's own side failed: say why, in one line
        out.write(json.dumps({"kind": "crash", "error": _error(exc)}) + "\n")
        out.flush()
        os._exit(1)
