"""Checks for Exercises 1-4: the sign, one update, the training loop, bias absorption."""

from __future__ import annotations

from functools import partial

import numpy as np

from perclab.checks import _core
from perclab.checks._core import WORKED_X as _WORKED_X
from perclab.checks._core import WORKED_Y as _WORKED_Y
from perclab.checks._core import XOR_X as _XOR_X
from perclab.checks._core import XOR_Y as _XOR_Y
from perclab.checks._core import Case as _Case
from perclab.checks._core import CheckResult
from perclab.checks._core import registered as _registered
from perclab.checks._probes import started_elsewhere
from perclab.losses import functional_margins as _functional_margins
from perclab.perceptron import predict as _predict
from perclab.perceptron import train as _train
from perclab.theory import absorb_bias as _absorb_bias

_BIAS_TIMES_Y = (
    "Multiply the whole score, bias included, by the label: y * (w @ x + b). "
    "y * w @ x + b multiplies only w @ x."
)
_KINDS = ("random small integers", "random real numbers")


def _draw(rng, k, *parts):
    """Per ``(size, high[, dtype])``: integers in -high..high if k is even, else normal."""
    if k % 2:
        return [rng.normal(size=size) for size, *_ in parts]
    return [rng.integers(-h, h + 1, s).astype(t[0] if t else float) for s, h, *t in parts]


# Exercise 1: predicting with sign, and the tie at 0
def _of_score(f):
    return lambda X, w, b: f(_core.raw_score(X, w, b))


def _margin(x, y, w, b):
    return float(_functional_margins([x], [y], w, float(b))[0])


_PREDICT_WRONG = {  # hint: the wrong version that earns it
    "On the boundary (score exactly 0) you returned 0: np.sign(0) is 0, which is not a "
    "label. Return +1 where w @ x + b >= 0 and -1 elsewhere.": _of_score(np.sign),
    "A point with score exactly 0 gets +1 in this book; you gave it -1. Use >= 0, not "
    "> 0.": _of_score(lambda s: np.where(s > 0, 1, -1)),
    "Wrong sign: +1 belongs to the side where w @ x + b > 0, the side that w points "
    "to.": lambda X, w, b: -_predict(X, w, float(b)),
    "The score is w @ x + b: add the bias, do not subtract it.": lambda X, w, b: _predict(
        X, w, -float(b)
    ),
    "You returned labels 0 and 1; the labels are -1 and +1.": lambda X, w, b: np.maximum(
        _predict(X, w, float(b)), 0
    ),
    "You returned labels 0 and 1 (and 0 on the boundary); the labels are -1 and +1, with "
    "+1 where w @ x + b >= 0.": _of_score(lambda s: np.maximum(np.sign(s), 0)),
}
_MISTAKE_WRONG = {
    "On the boundary you seem to compare the prediction (+1 there) with the label. "
    "Training counts a point with score exactly 0 as a mistake whatever its label: test "
    "y * (w @ x + b) <= 0.": lambda x, y, w, b: bool(_predict([x], w, b)[0] != y),
    "A point with y (w @ x + b) = 0 is a mistake too: use <= 0, not < "
    "0.": lambda x, y, w, b: _margin(x, y, w, b) < 0,
    "You returned True for correctly classified points: a mistake is y (w @ x + b) <= "
    "0.": lambda x, y, w, b: _margin(x, y, w, b) > 0,
    "You returned True for correctly classified points: the test is y (w @ x + b) <= 0, "
    "not >= 0.": lambda x, y, w, b: _margin(x, y, w, b) >= 0,
    _BIAS_TIMES_Y: lambda x, y, w, b: _margin(x, y, w, 0.0) + b <= 0,
}


@_registered
def check_predict_labels(predict_labels) -> CheckResult:
    """Check ``predict_labels(X, w, b)``: +1 where ``w @ x + b >= 0``, -1 elsewhere, one
    label per row (ints or floats, list or array), exactly as :func:`perclab.predict`, on
    ties, zeros, the bias alone, integer inputs, one feature and random data."""
    z = [0, 0]
    table = [  # (about, X, w, b); the arrays have b's type, int only for integer inputs
        ("one point on the +1 side", [[2, 1]], [1, 0], 0.0),
        ("one point on the -1 side", [[-2, 1]], [1, 0], 0.0),
        ("a point exactly on the boundary (score 0)", [[1, 1]], [-1, 1], 0.0),
        ("zero weights and zero bias: every score is 0", [[1, 2], [-3, 0.5], z], z, 0.0),
        ("zero weights: the bias alone decides", [[1, 2], [-3, 0.5]], z, -1.0),
        ("the score is 0 only because of the bias", [[1, 2], [2, 2]], [1, 1], -3.0),
        ("the zero vector among the points", [[0, 0], [1, 0], [-1, 0]], [1, 2], -0.5),
        ("integer inputs", [[2, 1], [1, 3], [2, 2]], [-1, 1], 0),
        ("one feature", [[-2], [0], [1.5], [3]], [2], -3.0),
    ]
    cases = [
        _Case(a, (np.array(X, type(b)), np.array(w, type(b)), b)) for a, X, w, b in table
    ]
    rng = _core.seeded_rng(1)
    for k in range(16):
        n, d = int(rng.integers(1, 9)), int(rng.integers(1, 4))
        X, w, b = _draw(rng, k, ((n, d), 3), (d, 2), ((), 2))
        about = _KINDS[k % 2] + ("" if k % 2 else " (ties likely)")
        cases.append(_Case(f"{about}, seed 1, draw {k + 1}", (X, w, float(b))))
    spec = _core.Spec(
        exercise=1,
        name="predict_labels",
        params=("X", "w", "b"),
        reference=lambda X, w, b: _predict(X, w, float(b)),
        cases=cases,
        diagnosis=_core.Diagnosis(
            samples=(0, None),
            combine="return one label per row of X, in the order of the rows.",
            shape_hint="Return one label per row of X (an array or a list), not a single "
            "label: work on all rows at once (np.where) or loop over them.",
            rule="The rule: +1 where w @ x + b >= 0, -1 elsewhere, one label per row of X.",
            wrong=_PREDICT_WRONG,
        ),
    )
    return _core.run_check(spec, predict_labels)


@_registered
def check_is_mistake(is_mistake) -> CheckResult:
    """Check ``is_mistake(x, y, w, b)``: True exactly when ``y * (w @ x + b) <= 0`` (ties
    with either label), compared exactly (numpy booleans, 1/0 pass) with the sign of
    :func:`perclab.losses.functional_margins`: both sides, ties, zeros, the bias, random
    data."""
    w = np.array([-1.0, 1.0])
    table = [
        ("a correctly classified +1 point", [1.0, 3.0], 1, w, 0.0),
        ("a correctly classified -1 point", [2.0, 1.0], -1, w, 0.0),
        ("a misclassified point", [1.0, 3.0], -1, w, 0.0),
        (f"on the boundary, label -1: {_core.TIE}", [1.0, 1.0], -1, w, 0.0),
        (f"on the boundary, label +1: {_core.TIE}", [1.0, 1.0], 1, w, 0.0),
        ("zero weights and bias", [2.0, 5.0], 1, np.zeros(2), 0.0),
        ("the zero vector x, b = 0", [0.0, 0.0], -1, w, 0.0),
        ("the zero vector x, b > 0, label +1", [0.0, 0.0], 1, w, 0.5),
        ("the bias makes it a mistake", [1.0, 2.0], 1, w, -1.5),
        ("label -1 given as a float", [1.0, 3.0], -1.0, w, 0.0),
        ("label +1 given as a float", [1.0, 3.0], 1.0, w, 0.0),
        ("integer inputs", [3, 1], -1, np.array([1, -2]), 1),
    ]
    cases = [_Case(about, (np.array(x), y, w, b)) for about, x, y, w, b in table]
    rng = _core.seeded_rng(2)
    for k in range(14):
        d, y = int(rng.integers(1, 4)), int(rng.choice([-1, 1]))
        x, w_k, b = _draw(rng, k, (d, 3), (d, 2), ((), 2))
        cases.append(_Case(f"{_KINDS[k % 2]}, seed 2, draw {k + 1}", (x, y, w_k, float(b))))
    spec = _core.Spec(
        exercise=1,
        name="is_mistake",
        params=("x", "y", "w", "b"),
        reference=lambda x, y, w, b: _margin(x, y, w, b) <= 0,
        cases=cases,
        diagnosis=_core.Diagnosis(
            rule="The rule: a mistake is y * (w @ x + b) <= 0 (ties count).",
            wrong=_MISTAKE_WRONG,
        ),
    )
    return _core.run_check(spec, is_mistake)


# Exercises 2 and 3: one update step; the training loop and its stopping rule
def _update(w, b, x, y, lr=1.0, **options):
    run = _train([x], [y], w0=w, b0=float(b), lr=float(lr), max_epochs=1, **options)
    return run.w, run.b


_TESTS = {  # the mistake test y (w @ x + b) <= 0, and slips of it
    "<= 0": lambda w, b, x, y: y * (w @ x + b) <= 0,
    "< 0": lambda w, b, x, y: y * (w @ x + b) < 0,
    "always": lambda w, b, x, y: True,
    "no b": lambda w, b, x, y: y * (w @ x) <= 0,
    "y w @ x + b": lambda w, b, x, y: y * (w @ x) + b <= 0,
    "predict != y": lambda w, b, x, y: (w @ x + b >= 0) != (y > 0),
}
_STEPS = {  # the step (lr y x, lr y) of (w, b) on a mistake, and slips of it
    "right": lambda lr, y, x, b: (lr * y * x, lr * y),
    "no y": lambda lr, y, x, b: (lr * x, lr),
    "no y in w": lambda lr, y, x, b: (lr * x, lr * y),
    "minus": lambda lr, y, x, b: (-lr * y * x, -lr * y),
    "b without lr": lambda lr, y, x, b: (lr * y * x, y),
    "b in w": lambda lr, y, x, b: (lr * y * (x + b), lr * y),
}


def _loop(X, y, max_epochs=100, w=None, b=0.0, lr=1.0, test="<= 0", step="right", stop=""):
    """The perceptron's loop with one slip: in the mistake test, the step or ``stop``."""
    X, y = np.asarray(X, float), np.asarray(y, float)
    w = np.zeros(X.shape[1]) if w is None else np.asarray(w, float)
    b, n_updates, mistakes, epoch = float(b), 0, 0, 0
    for epoch in range(1, max_epochs + 1):
        mistakes = mistakes if stop == "cumulative" else 0
        n_updates = 0 if stop == "reset" else n_updates
        start = (w, b)
        for x_i, y_i in zip(X, y, strict=True):
            if _TESTS[test](*(start if stop == "stale" else (w, b)), x_i, y_i):
                dw, db = _STEPS[step](lr, y_i, x_i, b)
                w, b, mistakes, n_updates = w + dw, b + db, mistakes + 1, n_updates + 1
            elif stop == "sample":
                return w, b, n_updates, epoch
        if mistakes == 0:
            break
    short = stop == "zero-based" or (stop == "uncounted" and mistakes == 0)
    return w, b, n_updates, epoch - short


def _update_slip(**slip):
    return lambda w, b, x, y, lr=1.0: _loop([x], [y], 1, w, b, lr, **slip)[:2]


_UPDATE_WRONG = {
    "No update happened on a point exactly on the boundary. Training treats a score of "
    "exactly 0 as a mistake whatever the label (perhaps you compared predict(x), which is "
    "+1 there, with y): test y * (w @ x + b) <= 0.": _update_slip(test="predict != y"),
    "No update happened on a point with y (w @ x + b) = 0: that is a mistake too. Use <= "
    "0, not < 0.": _update_slip(test="< 0"),
    "You updated on a correctly classified point: update only when y (w @ x + b) <= "
    "0.": _update_slip(test="always"),
    "The update moves the wrong way: on a mistake w becomes w + lr * y * x and b becomes "
    "b + lr * y (plus, with the label's sign).": _update_slip(step="minus"),
    _BIAS_TIMES_Y: _update_slip(test="y w @ x + b"),
    "Return the new weights w + lr * y * x, not the step lr * y * x alone (and b + lr * y "
    "for the bias).": lambda w, b, x, y, lr=1.0: (
        _update(np.zeros(len(w)), 0.0, x, y, lr) if y * (w @ x + b) <= 0 else (w, b)
    ),
    "The bias step must be scaled by the learning rate too: b + lr * y.": _update_slip(
        step="b without lr"
    ),
    "The bias went into the weight step: the weight step is lr * y * x; the bias gets its "
    "own step, b + lr * y.": _update_slip(step="b in w"),
    "The mistake test leaves out the bias: a mistake is y * (w @ x + b) <= 0, with b in "
    "the score.": _update_slip(test="no b"),
    "The weight step leaves out the label: on a mistake w becomes w + lr * y * x (the "
    "bias step, b + lr * y, is right).": _update_slip(step="no y in w"),
}
_TRAIN_WRONG = {
    "Your updates leave out the label: on a mistake w becomes w + y * x and b becomes "
    "b + y, towards the correct side.": partial(_loop, step="no y"),
    "Training stopped at the first correctly classified sample. The stopping rule is a "
    "whole sweep over the data without a mistake.": partial(_loop, stop="sample"),
    "The updates go the wrong way: on a mistake w becomes w + y * x and b becomes b + "
    "y.": partial(_loop, step="minus"),
    "You updated on correctly classified points too: update only when y (w @ x + b) <= "
    "0.": partial(_loop, test="always"),
    "The weights are right but epochs is one short: count the final clean sweep, the one "
    "that shows there is nothing left to fix.": partial(_loop, stop="uncounted"),
    "The mistakes of a sweep were found all at once, with the weights of its start: test "
    "each sample with the current w and b, just before its own update (one at a "
    "time).": partial(_loop, stop="stale"),
    "epochs is one short: count the sweeps from 1 (return epoch + 1 when you loop over "
    "range(max_epochs)).": partial(_loop, stop="zero-based"),
    "Count the mistakes of each sweep afresh: set the counter to 0 at the start of every "
    "sweep, or the loop never sees a clean sweep.": partial(_loop, stop="cumulative"),
    "n_updates counts only the last sweep: count the updates of the whole run; set the "
    "counter to 0 once, before the loop over sweeps.": partial(_loop, stop="reset"),
    "The bias is missing from the test: a mistake is y (w @ x + b) <= 0.": partial(
        _loop, test="no b"
    ),
    _BIAS_TIMES_Y: partial(_loop, test="y w @ x + b"),
    "No update happened on a point exactly on the boundary: training treats a score of 0 "
    "as a mistake whatever the label (predict gives +1 there): test y (w @ x + b) <= "
    "0.": partial(_loop, test="predict != y"),
}


@_registered
def check_one_update(one_update) -> CheckResult:
    """Check ``one_update(w, b, x, y, lr=1.0)``: ``(w + lr * y * x, b + lr * y)`` if
    ``y * (w @ x + b) <= 0``, else ``(w, b)``, ``w`` and ``x`` left unchanged; within
    1e-12 of one epoch of :func:`perclab.train`, on ties, zeros, rates and random data."""
    w, ones, z = [-1.0, 1.0], [1.0, 1.0], [0.0, 0.0]
    table = [
        ("zero weights and bias, label -1: the score is 0", z, 0.0, [1.0, 2.0], -1),
        ("zero weights and bias, label +1: the score is 0", z, 0.0, [1.0, 2.0], 1),
        ("a correctly classified point: nothing changes", w, 0.0, [1.0, 3.0], 1),
        ("a misclassified point", w, 0.0, [1.0, 3.0], -1),
        (f"on the boundary, label -1: {_core.TIE}", w, 0.0, [2.0, 2.0], -1),
        (f"on the boundary, label +1: {_core.TIE}", w, 0.0, [2.0, 2.0], 1),
        ("the zero vector x with b = 0", w, 0.0, z, 1),
        ("the zero vector x with b > 0, label +1", w, 0.5, z, 1),
        ("only the bias makes it a mistake", ones, -3.0, ones, 1),
        ("learning rate 0.5, a mistake", w, 1.0, [3.0, 1.0], 1, 0.5),
        ("learning rate 2, a mistake", w, 0.0, [1.0, 2.0], -1, 2.0),
        ("learning rate 2, correctly classified", w, 0.0, [1.0, 2.0], 1, 2.0),
        ("label -1 given as a float", w, 0.0, [1.0, 3.0], -1.0),
        ("integer x", w, 0.0, [4, 1], 1),
        ("one feature", [2.0], -1.0, [0.5], -1),
    ]
    cases = [_Case(r[0], (np.array(r[1]), r[2], np.array(r[3]), *r[4:])) for r in table]
    rng = _core.seeded_rng(3)
    for k in range(20):
        d = int(rng.integers(1, 5))
        y = int(rng.choice([-1, 1])) if k % 3 else float(rng.choice([-1.0, 1.0]))
        lr = float(rng.choice([0.25, 0.5, 1.0, 2.0]))
        w_k, x, b = _draw(rng, k, (d, 2), (d, 3, int), ((), 2))
        about = f"{_KINDS[k % 2]}, seed 3, draw {k + 1}"
        cases.append(_Case(about, (w_k, float(b), x, y, lr)))
    no_y = (
        "Your step leaves out the label: on a mistake move by lr * y * x (and b by lr * "
        "y), towards the correct side."
    )
    spec = _core.Spec(
        exercise=2,
        name="one_update",
        params=("w", "b", "x", "y", "lr=1.0"),
        reference=_update,
        cases=cases,
        outputs=("w_new", "b_new"),
        frozen=("w", "x"),
        rtol=1e-12,
        atol=1e-12,
        diagnosis=_core.Diagnosis(
            rule="The rule: if y * (w @ x + b) <= 0, return (w + lr * y * x, b + lr * y), "
            "otherwise (w, b) unchanged.",
            probes=[(no_y, _update_slip(step="no y"))],
            wrong=_UPDATE_WRONG,
        ),
    )
    return _core.run_check(spec, one_update)


def _ref_train(X, y, max_epochs=100, **options):
    run = _train(X, y, max_epochs=int(max_epochs), **options)
    return run.w, run.b, run.n_updates, run.epochs


def _cases_training(seed: int) -> list[_Case]:
    """Training sets for the exercises that run the perceptron from zero."""
    X_int = [[2, 1], [1, 3], [3, 3], [0, 2]]
    table = [
        ("a single sample, label +1", [[1.0, 2.0]], [1]),
        ("a single sample, label -1 as a float", [[2.0, -1.0]], [-1.0]),
        ("a single sample at the origin", [[0.0, 0.0]], [1]),
        ("two points that need a bias", [[1.0], [2.0]], [-1, 1]),
        ("the six-point worked example", _WORKED_X, _WORKED_Y),
        ("XOR, not separable: stop after max_epochs = 5", _XOR_X, _XOR_Y, 5),
        ("the worked example with max_epochs = 2", _WORKED_X, _WORKED_Y * 1.0, 2),
        ("integer features, labels as floats", X_int, [-1.0, 1.0, -1.0, 1.0]),
    ]
    cases = [_Case(r[0], (np.array(r[1]), np.array(r[2]), *r[3:])) for r in table]
    rng = _core.seeded_rng(seed)
    for k in range(14):
        n, d = int(rng.integers(2, 13)), int(rng.integers(1, 4))
        X, y = _core.integer_separable(rng, n, d, as_float=k % 3 != 0)
        about = f"separable small integers, seed {seed}, draw {k + 1}"
        cases.append(_Case(about, (X, _core.as_labels(y, k % 2 == 1))))
    return cases


def valid_run_elsewhere(spec: _core.Spec, answers: dict) -> str:
    """A relation for the training checks: the learner's ``w, b`` separate every set the
    reference's run separates but are not its weights on one (a shuffled order)."""
    differ = False
    for j, answer in answers.items():
        X, y = (np.asarray(a, float) for a in spec.cases[j].args[:2])
        w, b = spec.reference(*spec.cases[j].args)[:2]
        if np.all(y * (X @ w + b) > 0):  # the reference's run separates these data
            try:
                w_i, b_i = np.asarray(answer[0], float), float(answer[1])
                if not np.all(y * (X @ w_i + b_i) > 0):
                    return ""
            except (TypeError, ValueError, IndexError):
                return ""
            differ = differ or not (np.array_equal(w_i, w) and b_i == b)
    hint = (
        "Your w, b separate the training data but are not the weights of this run: sweep "
        "the samples in the given order, i = 0, 1, ..., n - 1 (no shuffling), from w = 0, "
        "b = 0, and update only when y (w @ x + b) <= 0, by exactly y x and y."
    )
    return hint if differ else ""


@_registered
def check_train_until_clean(train_until_clean) -> CheckResult:
    """Check ``train_until_clean(X, y, max_epochs=100)``: from ``w = 0, b = 0`` sweep in
    order, update on mistakes, stop after a clean sweep (counted) or ``max_epochs``; return
    ``(w, b, n_updates, epochs)`` exactly as :func:`perclab.train`: integers, ties, XOR."""
    spec = _core.Spec(
        exercise=3,
        name="train_until_clean",
        params=("X", "y", "max_epochs=100"),
        reference=_ref_train,
        cases=_cases_training(4),
        outputs=("w", "b", "n_updates", "epochs"),
        diagnosis=_core.Diagnosis(
            rule="The rule: from w = 0, b = 0 sweep the samples in order, update on y (w @ "
            "x + b) <= 0, stop after a sweep without mistakes or max_epochs sweeps; epochs "
            "counts the sweeps made.",
            wrong=_TRAIN_WRONG,
            sweep=(0, 1),
            relations=[valid_run_elsewhere],
            probes=started_elsewhere(_ref_train),
            slow_hint="Does your loop stop after max_epochs sweeps when the data are not "
            "separable?",
        ),
    )
    return _core.run_check(spec, train_until_clean)


# Exercise 4: bias absorption
def _absorbed(X, y, max_epochs=100, *, value=1.0, fit_bias=False, add_b=False, b_at=-1):
    """Training on ``X`` absorbed with the constant ``value``, b the weight at ``b_at``
    (None: all weights as w, b = 0); ``add_b``: the second bias added to the last weight."""
    run = _train(_absorb_bias(X, value), y, fit_bias=fit_bias, max_epochs=max_epochs)
    v = np.r_[run.w[:-1], run.w[-1] + run.b * add_b]
    return (v, 0.0) if b_at is None else (np.delete(v, b_at), v[b_at])


def _ref_absorbed(X, y, max_epochs=100, **options):
    return _ref_train(X, y, max_epochs, **options)[:2]


_ABSORB_WRONG = {
    "Put the constant column last: append the column of ones at the end, so that the "
    "last weight is the bias.": lambda X: np.roll(_absorb_bias(X), 1, axis=1),
    "The constant must be 1; a column of zeros carries no bias.": lambda X: np.pad(
        X, ((0, 0), (0, 1))
    ),
    "A constant -1 is the threshold convention (the last weight is then theta = -b); here "
    "the constant is +1.": lambda X: _absorb_bias(X, -1.0),
    "You appended a row; append a column instead, one constant 1 per sample.": lambda X: (
        np.pad(X, ((0, 1), (0, 0)), constant_values=1)
    ),
}
_ABSORBED_WRONG = {
    "No bias was learned: train on the absorbed data, X with a column of ones appended, "
    "and read b off the last weight.": lambda *a: _ref_absorbed(*a, fit_bias=False),
    "Train the absorbed data with fit_bias=False: the column of ones already carries the "
    "bias, and a second bias doubles its steps.": (
        lambda *a: _absorbed(*a, fit_bias=True),
        lambda *a: _absorbed(*a, fit_bias=True, add_b=True),
    ),
    "With a constant -1 the last weight is theta = -b: return b = -theta (or append +1 "
    "instead).": lambda *a: _absorbed(*a, value=-1.0),
    "The column of ones is the last column, so b = v[-1] and w = v[:-1] (not v[0] and "
    "v[1:]).": lambda *a: _absorbed(*a, b_at=0),
    "Your w still holds the bias weight: split the absorbed weights, w = v[:-1] (all "
    "but the last) and b = v[-1].": (
        lambda *a: (np.r_[_ref_absorbed(*a)], _ref_absorbed(*a)[1]),
        lambda *a: _absorbed(*a, b_at=None),
    ),
}


@_registered
def check_absorb_bias(absorb_bias) -> CheckResult:
    """Check ``absorb_bias(X)``: ``X`` with a last column of ones, shape ``(n, d + 1)``,
    compared exactly with :func:`perclab.absorb_bias` on one sample, one feature,
    integer input, zeros and random data."""
    table = [
        ("two samples, two features", [[2.0, 3.0], [4.0, 5.0]]),
        ("a single sample", [[1.5, -2.0, 0.5]]),
        ("one feature", [[1.0], [2.0], [-3.0]]),
        ("integer input", [[1, 2], [3, 4], [5, 6]]),
        ("all zeros", np.zeros((3, 2))),
        ("a square matrix", [[1.0, 2.0], [3.0, 4.0]]),
    ]
    cases = [_Case(about, (np.array(X),)) for about, X in table]
    rng = _core.seeded_rng(5)
    for k in range(4):
        X = rng.normal(size=(int(rng.integers(1, 8)), int(rng.integers(1, 5))))
        cases.append(_Case(f"random data, seed 5, draw {k + 1}", (X,)))
    spec = _core.Spec(
        exercise=4,
        name="absorb_bias",
        params=("X",),
        reference=_absorb_bias,
        cases=cases,
        diagnosis=_core.Diagnosis(
            rule="The rule: X with one more column, all ones, at the end: shape "
            "(n, d + 1).",
            wrong=_ABSORB_WRONG,
        ),
    )
    return _core.run_check(spec, absorb_bias)


@_registered
def check_train_absorbed(train_absorbed) -> CheckResult:
    """Check ``train_absorbed(X, y, max_epochs=100)``: train *without* a bias on the
    points ``(x, 1)``, split the weights into ``(w, b)``; exactly as :func:`perclab.train`
    *with* a bias on ``X``, on the cases of :func:`check_train_until_clean`."""
    spec = _core.Spec(
        exercise=4,
        name="train_absorbed",
        params=("X", "y", "max_epochs=100"),
        reference=_ref_absorbed,
        cases=_cases_training(6),
        outputs=("w", "b"),
        diagnosis=_core.Diagnosis(
            rule="The rule: train without a bias on X with a column of ones appended (same "
            "updates, same stopping rule), then w is all but the last weight and b the "
            "last.",
            sweep=(0, 1),
            relations=[valid_run_elsewhere],
            probes=started_elsewhere(_ref_absorbed),
            wrong=_ABSORBED_WRONG,
            slow_hint="Pass max_epochs on, so that training stops on data that are not "
            "separable.",
        ),
    )
    return _core.run_check(spec, train_absorbed)
