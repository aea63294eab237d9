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


class _Captured(Exception):
    def __init__(self, spec):
        super().__init__("captured")
        self.spec = spec


def _capture(spec, func):
    raise _Captured(spec)


@contextlib.contextmanager
def _patched(key: int | None):
    """The checks' runner replaced by a capture; their seeds mixed with ``key``."""
    names = ("_run", "_rng")
    saved = [(m, n, getattr(m, n)) for m in _MODULES for n in names if hasattr(m, n)]
    for module, name, _ in saved:
        if name == "_run":
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
    with _patched(key):
        try:
            _CHECKS[check](_capture)
        except _Captured as captured:
            return captured.spec
    raise ValueError(f"{check} does not run through the checks' runner")


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
    public = spec(check).cases
    seen = {_fingerprint(case.args) for case in public}
    graded = [GradedCase(case.about, case.args, False) for case in public]
    for case in spec(check, key).cases:
        if _fingerprint(case.args) not in seen:
            seen.add(_fingerprint(case.args))
            about = re.sub(r"(random_state=|seed )\d+", r"\1(hidden)", case.about)
            graded.append(GradedCase(about, case.args, True))
    return graded
