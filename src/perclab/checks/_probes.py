"""Probes and relations: general diagnoses that hold across the checks.

A probe runs the *reference* on perturbed arguments (the learning rate inverted, one sweep
fewer, ...); a relation links the learner's answer to the reference's (values swapped, a
square, nothing moving, ...). Each is named only when it holds on every answered case.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import numpy as np

from perclab.checks.compare import (
    SOFT_DEADLINE,
    as_numbers,
    fits_every_answer,
    mismatch_of,
    quietly,
)
from perclab.classifier import labels


def _defaults(params) -> dict[int, object]:
    """Position -> default value, from parameters written as ``"lr=1.0"``."""
    written = [(k, p.partition("=")[2]) for k, p in enumerate(params) if "=" in p]
    return {k: float(value) if "." in value else int(value) for k, value in written}


def _position(params, name: str) -> int | None:
    return next((k for k, p in enumerate(params) if p.partition("=")[0] == name), None)


def _with_arg(spec, name: str, change: Callable) -> Callable | None:
    """The reference with ``name`` set to ``change(it)`` (None: its default), or None."""
    k = _position(spec.params, name)
    if k is None:
        return None
    defaults = _defaults(spec.params)

    def variant(*args):
        args = [*args, *(defaults[i] for i in range(len(args), k + 1))]
        args[k] = defaults.get(k, 1000) if change is None else change(args[k])
        return spec.reference(*args)

    return variant


# hint: (parameter, change, ...); None: the default (else 1000). n_steps + 1 is a known slip
_PROBES = {
    "The learning rate divides your step: multiply by lr instead (lr * ...), do not divide "
    "by it.": ("lr", lambda v: 1.0 / v if v else v),
    "Your step ignores the learning rate: multiply the step by lr.": ("lr", lambda v: 1.0),
    "One step too few (an off-by-one in the loop): take exactly n_steps steps, for _ in "
    "range(n_steps).": ("n_steps", lambda v: max(int(v) - 1, 0)),
    "Only the first sweep counts: a return or break inside the loop over sweeps, "
    "a reset to zero at the start of every sweep, or a test for change that "
    "compares w with itself (w_old = w is not a copy when w changes in place: "
    "w_old = w.copy()). Repeat the sweeps until one has no mistake or max_epochs "
    "are done.": ("max_epochs", lambda v: min(int(v), 1)),
    "max_epochs is ignored: stop after at most max_epochs sweeps, the number passed in "
    "(pass it on to any function you call).": ("max_epochs", None, lambda v: 1000),
    "The label is missing: multiply by y (each y_i), so that every point counts on its own "
    "side.": ("y", lambda v: np.ones(np.shape(v)) if np.ndim(v) else 1),
    "The kernel is not used: compute the Gram matrix with kernel(X, X) (kernel(X_train, "
    "X_new) for new points), not X @ X.T.": ("kernel", lambda k: linear_kernel_ab),
    "The counts are missing from the score: weight each training point's term by its "
    "count, f(x) = sum_j c_j y_j k(x_j, x).": ("counts", lambda v: np.ones(np.shape(v))),
    "One sweep too few (an off-by-one in the loop over sweeps): allow max_epochs sweeps, "
    "for _ in range(max_epochs).": ("max_epochs", lambda v: max(int(v) - 1, 0)),
    "One sweep too many (an off-by-one in the loop over sweeps): allow at most max_epochs "
    "sweeps, for _ in range(max_epochs), "
    "not range(max_epochs + 1).": ("max_epochs", lambda v: int(v) + 1),
    "fit_bias is ignored: with fit_bias=True measure the absorbed points (x_i, 1).": (
        "fit_bias",
        lambda v: not v,
    ),
    "The bias b is ignored: add it to the score, w @ x + b.": ("b", lambda v: 0.0),
}


def general_probes(spec) -> list[tuple[str, Callable]]:
    """(hint, variant) for every general probe that fits ``spec``'s signature."""
    probes = [
        (hint, _with_arg(spec, name, change))
        for hint, (name, *changes) in _PROBES.items()
        for change in changes
    ]
    if spec.diagnosis.sweep is not None:
        x_at, y_at = spec.diagnosis.sweep

        def reversed_samples(*args):  # an answer per sample is reversed back
            args, n = list(args), len(args[x_at])
            args[x_at] = np.asarray(args[x_at])[::-1]
            if y_at is not None:
                args[y_at] = np.asarray(args[y_at])[::-1]
            output = spec.reference(*args)
            if isinstance(output, np.ndarray) and output.ndim == 1 and len(output) == n:
                return output[::-1]
            return output

        reverse = "You visit the samples in reverse order: sweep them in the given order, "
        probes.append((reverse + "i = 0, 1, ..., n - 1.", reversed_samples))
    return [(hint, variant) for hint, variant in probes if variant is not None]


START_HINT = (
    "Your run does not start from zero: start from w = np.zeros(d) and b = 0, as the "
    "perceptron does."
)


def started_elsewhere(reference_from: Callable) -> list[tuple[str, Callable]]:
    """(hint, variant) for training: ``reference_from`` started from w = 1, b = 0 or 1."""

    def variant(b0):
        return lambda *args: reference_from(*args, w0=np.ones(np.shape(args[0])[1]), b0=b0)

    return [(START_HINT, variant(0.0)), (START_HINT, variant(1.0))]


def _close(a, b) -> bool:
    try:
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    except (TypeError, ValueError):
        return False
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=1e-6, atol=1e-9))


def _parts(value) -> list:
    return list(value) if isinstance(value, (tuple, list)) else [value]


def _labels_from_scores(expected, received) -> bool:
    want, got = np.asarray(expected), np.asarray(received, dtype=float)
    if want.ndim != 1 or got.shape != want.shape or not set(np.unique(want)) <= {-1, 1}:
        return False
    return bool(np.all(labels(got) == want))  # the scores' labels, +1 on the boundary


def linear_kernel_ab(A, B):
    return np.asarray(A, float) @ np.asarray(B, float).T


def _is_differences(expected, received) -> bool:
    """The values whose differences are expected (one more, or the first one kept)."""
    got, want = np.asarray(received, dtype=float), np.asarray(expected, dtype=float)
    if want.ndim < 1 or got.ndim < 1 or len(got) == 0:
        return got.ndim == 1 and want.shape == (0,)
    diff = np.diff(got, axis=0)
    return _close(diff, want) or (len(got) == len(want) and _close(diff, want[1:]))


def _scalar(value) -> bool:  # a number other than 1
    scalar = np.ndim(value) == 0 and not isinstance(value, (bool, str))
    return scalar and not _close(value, 1.0)


# hint: relation(expected, received), to hold on every answered case (per returned value)
_RELATIONS = {
    "Return labels, -1 and +1 (np.where(score >= 0, 1, -1)), not the scores "
    "themselves.": _labels_from_scores,
    "Your answer is the square of the expected one: take the square root (or do not "
    "square).": lambda e, r: _scalar(e) and _close(r, float(e) ** 2),
    "Your answer is the square root of the expected one: square it.": lambda e, r: (
        _scalar(e) and float(e) > 0 and _close(r, np.sqrt(float(e)))
    ),
    "Your answer is upside down (the reciprocal of the expected one): swap the numerator "
    "and the denominator.": lambda e, r: _scalar(e) and _close(r, 1.0 / float(e)),
    "Return the differences between consecutive rows (np.diff: each value minus the "
    "previous one), not the values themselves.": _is_differences,
    "Your numbers are cut to whole numbers (int(), round(), // or an integer array): keep "
    "them as floats (np.asarray(..., dtype=float), / rather than //).": lambda e, r: any(
        _close(r, cut(np.asarray(e, float)))
        for cut in (np.trunc, np.round, np.floor, np.ceil)
    ),
    "You return whether each point was ever a mistake (0 or 1, True or False), not "
    "how many times: add 1 to its count on every mistake (c[i] += 1), never set "
    "it.": lambda e, r: (
        np.ndim(e) == 1
        and np.all(np.asarray(e, float) >= 0)
        and _close(r, np.asarray(e, float) > 0)
    ),
}


def _safe(relation, expected, received) -> bool:
    try:
        return bool(relation(expected, received))
    except Exception:
        return False


def output_relation(spec, answers: dict, searches: bool = True) -> str:
    """The hint of the first relation (the spec's own, then the general ones) that holds on
    every answered case, or "": each returned value right, or related, on every case."""
    expected = {j: quietly(spec.reference, *spec.cases[j].args) for j in answers}
    own = (relation(spec, answers) for relation in spec.diagnosis.relations)
    hint = next(filter(None, own), "") or _only_one_value(spec, answers, expected)
    hint = hint or _returns_an_argument(spec, answers, expected)
    hint = hint or _rearranged(spec, answers, expected, swap=True)
    if hint:
        return hint
    cases = [(_parts(expected[j]), _parts(answer)) for j, answer in answers.items()]
    if len({len(parts) for case in cases for parts in case}) > 1:
        return ""  # not as many values as expected, or not on every case
    # places[m]: the (expected, answer) pairs of the m-th returned value, one a case
    places = [[(want[m], got[m]) for want, got in cases] for m in range(len(cases[0][0]))]
    right = [all(_close(*pair) for pair in place) for place in places]
    for hint, relation in _RELATIONS.items():
        related = [all(_safe(relation, *pair) for pair in place) for place in places]
        if not all(right) and all(r or q for r, q in zip(right, related, strict=True)):
            return hint
    return (
        _rearranged(spec, answers, expected, swap=False)
        or _never_moves(spec, answers, expected)
        or _whole_numbers(places)
        or (_fewer_rounds(spec, answers) if searches else "")
        or _constant_factor(spec, answers, expected)
    )


def _unlike_expected(answers: dict, expected: dict, holds) -> bool:
    """Whether ``holds(value, j)`` is true of every answer but not of every expected one."""
    every = all(holds(answer, j) for j, answer in answers.items())
    return every and not all(holds(expected[j], j) for j in answers)


def _only_one_value(spec, answers: dict, expected: dict) -> str:
    """The answer is one of the returned values alone, the same one on every case."""
    names, pairs = spec.outputs, [(expected[j], answer) for j, answer in answers.items()]
    alone = all(isinstance(e, tuple) and not isinstance(r, tuple) for e, r in pairs)
    for m, name in enumerate(names):
        if alone and all(_close(e[m], r) for e, r in pairs):
            return (
                f"Expected {len(names)} values ({', '.join(names)}), got one: you "
                f"returned only {name}; return all of them, in that order."
            )
    return ""


def _returns_an_argument(spec, answers: dict, expected: dict) -> str:
    """Every answer is an argument as it was passed in (not every expected one)."""
    for i, param in enumerate(spec.params):

        def passed(value, j, i=i):
            args = spec.cases[j].args
            return len(args) > i and _close(value, args[i])

        if _unlike_expected(answers, expected, passed):
            return (
                f"You returned the argument {param.partition('=')[0]} as it was passed "
                "in: return the new value your function computes (a loop that updates a "
                "copy must return the copy)."
            )
    return ""


def _rearranged(spec, answers: dict, expected: dict, swap: bool) -> str:
    """Two returned values swapped (``swap``), or one holding another's value."""
    names = spec.outputs
    pairs = itertools.combinations if swap else itertools.permutations
    for a, b in pairs(range(len(names)), 2):
        at = {a: b, b: a} if swap else {a: b}  # answer[m] holds expected[at.get(m, m)]
        if all(
            isinstance(answer, (tuple, list))
            and len(answer) == len(names)
            and all(_close(answer[m], expected[j][at.get(m, m)]) for m in range(len(names)))
            for j, answer in answers.items()
        ):
            if swap:
                return (
                    f"The values are in the wrong order ({names[a]} and {names[b]} are in "
                    f"each other's place): return ({', '.join(names)})."
                )
            return (
                f"You returned the value of {names[b]} as {names[a]} too: compute "
                f"{names[a]} on its own (each returned value counts something else)."
            )
    return ""


def _never_moves(spec, answers: dict, expected: dict) -> str:
    """Weights (or counts) that stay 0, or a bias at its start, unlike the reference's."""
    names = spec.outputs or ("w",)
    at = [k for k, n in enumerate(names) if n == "b" or n.startswith("b_")]
    b_at = _position(spec.params, "b")

    def zero(value, j):  # its weights (the values named w..., b... or c...) all 0
        parts = [p for p, n in zip(_parts(value), names, strict=False) if n[0] in "wbc"]
        return bool(parts) and all(_close(p, np.zeros(np.shape(p))) for p in parts)

    def stays(value, j):
        start = 0.0 if b_at is None else spec.cases[j].args[b_at]
        return _close(_parts(value)[at[0]], start)

    if spec.diagnosis.sweep is not None and _unlike_expected(answers, expected, zero):
        return (
            "Nothing ever moves from the start, zero: from w = 0 every score is 0, and a "
            "score of 0 is a mistake (y (w @ x + b) <= 0, not < 0), so the first point "
            "must cause an update."
        )
    if len(at) == 1 and _unlike_expected(answers, expected, stays):
        return (
            f"The bias was never updated ({names[at[0]]} stays at its start): on a "
            "mistake change b too, b + lr * y (b + y when there is no lr)."
        )
    return ""


def _whole(value) -> bool:
    """Whether ``value`` (each of its parts) holds only whole numbers."""
    try:
        v = np.concatenate([np.ravel(np.asarray(p, dtype=float)) for p in _parts(value)])
    except (TypeError, ValueError):
        return False
    return bool(np.all(np.isfinite(v)) and np.all(v == np.round(v)))


def _whole_numbers(places: list) -> str:
    """Where an answer differs it is whole, and the expected one is not everywhere."""
    wrong = [(w, g) for place in places for w, g in place if not _close(g, w)]
    if not all(_whole(g) for _, g in wrong) or all(_whole(w) for w, _ in wrong):
        return ""
    return (
        "Your answers are whole numbers where the expected ones are not: an integer "
        "array (np.zeros(d, dtype=int), or an array built from integer input) cuts every "
        "update. Start from floats: np.zeros(d), np.asarray(w, dtype=float)."
    )


_STOP = {  # for each count: how to stop when it stops too early
    "max_epochs": "Stop only after a whole sweep without a mistake (a flag set anew for "
    "each sample ends up saying only whether the last one was right), or after "
    "max_epochs sweeps.",
    "n_steps": "Take exactly n_steps steps, with no test to stop before.",
}


def _fewer_rounds(spec, answers: dict) -> str:
    """The answers are the reference's after a fixed number of rounds, or fewer on some."""
    for name, unit in (("max_epochs", "sweeps"), ("n_steps", "steps")):
        if _position(spec.params, name) is None:
            continue
        for k in (*range(1, 11), 20, 50, 100, 1000):
            if time.monotonic() > SOFT_DEADLINE[0]:
                return ""
            if fits_every_answer(
                spec, _with_arg(spec, name, lambda v, k=k: k), answers, min(answers)
            ):
                return (
                    f"{name} is ignored: your function always makes {k} {unit}. Use the "
                    f"{name} passed in (and pass it on to any function you call)."
                )
        if _stops_early(spec, name, answers):
            return (
                f"Your function stops too early: on some cases it makes fewer {unit} "
                f"than the rule. {_STOP[name]}"
            )
    return ""


def _stops_early(spec, name: str, answers: dict) -> bool:
    """Whether every answer is the reference's after at most ``name`` rounds, fewer once."""
    at, fewer = _position(spec.params, name), False
    for j, answer in sorted(answers.items(), key=lambda item: item[0] != min(answers)):
        args = list(spec.cases[j].args)
        if len(args) <= at:
            args.append(_defaults(spec.params)[at])
        full = quietly(spec.reference, *args)
        if mismatch_of(full, answer, spec.rtol, spec.atol, spec.outputs) is None:
            continue
        for k in range(int(args[at])):
            if time.monotonic() > SOFT_DEADLINE[0]:
                return False
            try:
                output = quietly(spec.reference, *args[:at], k, *args[at + 1 :])
            except Exception:  # e.g. max_epochs must be at least 1
                continue
            if mismatch_of(output, answer, spec.rtol, spec.atol, spec.outputs) is None:
                fewer = True
                break
            if mismatch_of(output, full, spec.rtol, spec.atol, spec.outputs) is None:
                return False  # converged before: no smaller count gives the answer
        else:
            return False
    return fewer


def _constant_factor(spec, answers: dict, expected: dict) -> str:
    """Every answer is r times the expected one, the same r (not 1) on every case."""
    if spec.rtol == 0 and spec.atol == 0:
        return ""
    per_case = {}  # case -> the ratios answer / expected where the expected value is not 0
    for j, answer in answers.items():
        if isinstance(expected[j], (tuple, bool)):
            return ""
        want, got = np.asarray(expected[j], dtype=float), as_numbers(answer)
        big = np.abs(want) > 1e-9
        if got is None or got.shape != want.shape:
            return ""
        if not np.allclose(got[~big], 0.0, atol=1e-9):
            return ""
        per_case[j] = (got[big] / want[big]).ravel()
    ratios = np.concatenate(list(per_case.values()))
    r = float(np.median(ratios)) if len(ratios) >= 3 else 1.0
    if np.allclose(ratios, r, rtol=1e-6):
        if np.isclose(r, 1.0) or r == 0:
            return ""
        if r == -1:
            slip = "Every answer has the opposite sign of the expected one: a minus sign is"
            return f"{slip} missing or extra. {spec.diagnosis.rule}".strip()
        return (
            f"Every answer is exactly {r:.6g} times the expected one: a constant factor "
            "is wrong (a sum instead of a mean, a missing 1/2 or step size?). "
            f"{spec.diagnosis.rule}"
        ).strip()
    # Else a mean divided by another count k: the answer n / k times the expected one.
    if spec.diagnosis.samples is None:
        return ""
    other = []  # (case, n, k) where k is not n
    for j, ratios in per_case.items():
        if len(ratios) and not np.allclose(ratios, ratios[0], rtol=1e-6):
            return ""
        n = len(spec.cases[j].args[spec.diagnosis.samples[0]])
        k = n / ratios[0] if len(ratios) else n
        if not (np.isfinite(k) and k >= 0.5 and abs(k - round(k)) < 1e-6):
            return ""
        if round(k) != n:
            other.append((j, n, round(k)))
    if not other:
        return ""
    j, n, k = other[0]
    return (
        f"Divide by n, the number of samples (len(y)): the mean is (1/n) times the sum "
        f"over all n samples, mistakes or not; on case {j + 1} you divide by {k}, not by "
        f"n = {n}."
    )
