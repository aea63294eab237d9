"""Comparing answers and showing values: what the checks and their probes share."""

from __future__ import annotations

import copy
import warnings

import numpy as np

LINE_WIDTH = 300  # characters at most of a hint line


SOFT_DEADLINE = [float("inf")]  # when the diagnosis's searches give up (set by each check)


def quietly(func, *args):
    """Call a reference or a wrong variant with warnings silenced."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return func(*copy.deepcopy(args))


def as_numbers(value):
    """``value`` as a float array, or None; text such as "+1" is not a number here."""
    try:
        if np.asarray(value).dtype.kind in "USO" and any(
            isinstance(v, (str, bytes)) for v in np.ravel(np.asarray(value, dtype=object))
        ):
            return None
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None


def mismatch_of(expected, received, rtol, atol, names=()) -> str | None:
    """Return None when ``received`` matches ``expected``, else what is different."""
    if received is None:
        return "your function returned None: did you forget the return statement?"
    if isinstance(expected, tuple):
        shown = f" ({', '.join(names)})" if names else ""
        if not isinstance(received, (tuple, list)) or len(received) != len(expected):
            size = len(received) if isinstance(received, (tuple, list)) else "one"
            return f"expected {len(expected)} values{shown}, got {size}"
        for k, (e, r) in enumerate(zip(expected, received, strict=True)):
            problem = mismatch_of(e, r, rtol, atol)
            if problem:
                return f"{names[k] if names else f'value {k + 1}'}: {problem}"
        return None
    if isinstance(expected, bool):
        if isinstance(received, np.ndarray) and received.ndim == 0:
            received = received.item()
        if isinstance(received, (int, np.integer, np.bool_)) and received in (0, 1):
            return None if bool(received) == expected else "wrong value"
        if isinstance(received, np.ndarray) and received.size == 1:
            return f"expected True or False, got an array of shape {received.shape}"
        return (
            f"expected True or False, got {type(received).__name__} {show_value(received)}"
        )
    got = as_numbers(received)
    if got is None:
        return f"expected numbers, got {type(received).__name__}"
    want = np.asarray(expected, dtype=float)
    if got.shape != want.shape:
        return f"expected shape {want.shape}, got shape {got.shape}"
    same = np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)  # 0, 0: exact
    return None if same else "wrong value"


def show_value(value) -> str:
    """A compact one-value display for the report."""
    if callable(value) and not isinstance(value, np.ndarray):
        return getattr(value, "label", getattr(value, "__name__", repr(value)))
    numbers = (int, float, np.number)
    if isinstance(value, (tuple, list)) and not all(isinstance(v, numbers) for v in value):
        inner = ", ".join(show_value(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, np.ndarray):
        out = np.array2string(value, separator=", ", precision=6, threshold=12, edgeitems=3)
        if out.count("\n") > 3:  # a large matrix: its shape is more use than rows
            return f"array of shape {value.shape}"
        return out.replace("\n", "\n" + " " * 14)
    if isinstance(value, np.generic):
        return repr(value.item())
    return shorten(repr(value), 120)


def shorten(text: str, width: int = LINE_WIDTH) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 3] + "..."


def fits_every_answer(spec, variant, answers: dict, k: int) -> bool:
    """Whether the slip ``variant`` (or one of a tuple) gives each answer, case k first."""
    if isinstance(variant, tuple):
        return any(fits_every_answer(spec, one, answers, k) for one in variant)
    for j, received in sorted(answers.items(), key=lambda item: item[0] != k):
        try:
            output = quietly(variant, *spec.cases[j].args)
        except Exception:  # a variant may not apply to this case
            return False
        if mismatch_of(output, received, spec.rtol, spec.atol, spec.outputs) is not None:
            return False
    return True
