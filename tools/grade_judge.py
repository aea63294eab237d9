"""The process that judges ``select_model``'s searches for ``tools/grade.py``.

A search is a fitted object, which cannot leave the submission's process as plain data,
and a check run there could be replaced by the submission. So the submission's process
sends the search pickled, and this process judges it: started like a submission's
process (``python -I``, in the same sandbox), it runs no code of the learner's. It reads
one JSON line, ``{"key": KEY, "searches": [[k, base64 pickle], ...]}``, and for each
asks ``grading_cases.search_facts`` about case ``k`` of select_model's cases: it unpickles
the search with ``perclab.checks.selection.portable`` (classes of scikit-learn, perclab
and numpy only) and then asks the check's questions. It writes one line,
``{"kind": "facts", "facts": {k: {"problem": ..., "predictions": ...}}}``.
"""

import json
import os
import sys


def main() -> None:
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # what scikit-learn prints goes nowhere
    sys.path.insert(0, sys.argv[1])  # tools/, for grading_cases
    import warnings

    import grading_cases

    warnings.simplefilter("ignore")
    request = json.loads(sys.stdin.readline())
    graded = grading_cases.cases(grading_cases.SELECTION, request["key"])
    facts = {}
    for k, data in request["searches"]:
        found = grading_cases.search_facts(str(data), graded[int(k)])
        problem, predictions = found.get("problem"), found.get("predictions")
        facts[str(k)] = {
            "problem": None if problem is None else str(problem)[:4000],
            "predictions": None if predictions is None else [float(p) for p in predictions],
        }
    out.write(json.dumps({"kind": "facts", "facts": facts}) + "\n")
    out.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
