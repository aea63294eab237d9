"""Checks for Exercises 1-4: the sign, one update, the training loop, bias absorption."""

from __future__ import annotations

import numpy as np

from perclab.checks._core import (
    _TIE,
    _WORKED_X,
    _WORKED_Y,
    _XOR_X,
    _XOR_Y,
    CheckResult,
    _Case,
    _integer_separable,
    _labels,
    _rng,
    _run,
    _score,
    _Spec,
)
from perclab.checks._probes import started_elsewhere
from perclab.perceptron import predict as _predict
from perclab.perceptron import train as _train
from perclab.theory import absorb_bias as _absorb_bias

_BIAS_TIMES_Y = (
    "Multiply the whole score, bias included, by the label: y * (w @ x + b). "
    "y * w @ x + b multiplies only w @ x."
)

# ----------------------------------------------------------------------------------
# Exercise 1: predicting with sign, and the tie at 0
# ----------------------------------------------------------------------------------


def _cases_predict() -> list[_Case]:
    cases = [
        _Case(
            "one point on the +1 side", (np.array([[2.0, 1.0]]), np.array([1.0, 0.0]), 0.0)
        ),
        _Case(
            "one point on the -1 side", (np.array([[-2.0, 1.0]]), np.array([1.0, 0.0]), 0.0)
        ),
        _Case(
            "a point exactly on the boundary (score 0)",
            (np.array([[1.0, 1.0]]), np.array([-1.0, 1.0]), 0.0),
        ),
        _Case(
            "zero weights and zero bias: every score is 0",
            (np.array([[1.0, 2.0], [-3.0, 0.5], [0.0, 0.0]]), np.zeros(2), 0.0),
        ),
        _Case(
            "zero weights: the bias alone decides",
            (np.array([[1.0, 2.0], [-3.0, 0.5]]), np.zeros(2), -1.0),
        ),
        _Case(
            "the score is 0 only because of the bias",
            (np.array([[1.0, 2.0], [2.0, 2.0]]), np.array([1.0, 1.0]), -3.0),
        ),
        _Case(
            "the zero vector among the points",
            (np.array([[0.0, 0.0], [1.0, 0.0], [-1.0, 0.0]]), np.array([1.0, 2.0]), -0.5),
        ),
        _Case("integer inputs", (np.array([[2, 1], [1, 3], [2, 2]]), np.array([-1, 1]), 0)),
        _Case(
            "one feature", (np.array([[-2.0], [0.0], [1.5], [3.0]]), np.array([2.0]), -3.0)
        ),
    ]
    rng = _rng(1)
    for k in range(16):
        n, d = int(rng.integers(1, 9)), int(rng.integers(1, 4))
        if k % 2 == 0:
            X = rng.integers(-3, 4, size=(n, d)).astype(float)
            w = rng.integers(-2, 3, size=d).astype(float)
            b = float(rng.integers(-2, 3))
            about = "random small integers (ties likely)"
        else:
            X, w, b = rng.normal(size=(n, d)), rng.normal(size=d), float(rng.normal())
            about = "random real numbers"
        cases.append(_Case(f"{about}, seed 1, draw {k + 1}", (X, w, b)))
    return cases


def check_predict_labels(predict_labels) -> CheckResult:
    """Check ``predict_labels(X, w, b)``: labels ``sign(X @ w + b)``, +1 on the boundary.

    The reference is :func:`perclab.predict`. Labels are compared exactly; ints or floats,
    a list or an array all pass. The cases include points exactly on the boundary, zero
    weights, the bias deciding alone, the zero vector, integer inputs and one feature.

    Parameters
    ----------
    predict_labels : callable
        ``predict_labels(X, w, b)`` returning one label per row of ``X``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def predict_labels(X, w, b):
    ...     return np.where(X @ w + b >= 0, 1, -1)
    >>> check_predict_labels(predict_labels).passed
    All 25 cases pass.
    True
    """

    def with_sign(X, w, b):
        return np.sign(_score(X, w, b))

    def strict(X, w, b):
        return np.where(_score(X, w, b) > 0, 1, -1)

    def flipped(X, w, b):
        return np.where(_score(X, w, b) >= 0, -1, 1)

    def no_bias(X, w, b):
        return np.where(_score(X, w, 0.0) >= 0, 1, -1)

    def minus_bias(X, w, b):
        return np.where(_score(X, w, -float(b)) >= 0, 1, -1)

    def zero_one(X, w, b):
        return np.where(_score(X, w, b) >= 0, 1, 0)

    def zero_one_strict(X, w, b):
        return np.where(_score(X, w, b) > 0, 1, 0)

    spec = _Spec(
        exercise=1,
        name="predict_labels",
        samples=(0, None),
        combine="return one label per row of X, in the order of the rows.",
        shape_hint="Return one label per row of X (an array or a list), not a single "
        "label: work on all rows at once (np.where) or loop over them.",
        rule=("The rule: +1 where w @ x + b >= 0, -1 elsewhere, one label per row of X."),
        params=("X", "w", "b"),
        reference=lambda X, w, b: _predict(X, w, float(b)),
        cases=_cases_predict(),
        wrong=[
            (
                "On the boundary (score exactly 0) you returned 0: np.sign(0) is 0, which "
                "is not a label. Return +1 where w @ x + b >= 0 and -1 elsewhere.",
                with_sign,
            ),
            (
                "A point with score exactly 0 gets +1 in this book; you gave it -1. "
                "Use >= 0, not > 0.",
                strict,
            ),
            ("The bias is missing: the score is w @ x + b.", no_bias),
            (
                "Wrong sign: +1 belongs to the side where w @ x + b > 0, the side "
                "that w points to.",
                flipped,
            ),
            ("The score is w @ x + b: add the bias, do not subtract it.", minus_bias),
            ("You returned labels 0 and 1; the labels are -1 and +1.", zero_one),
            (
                "You returned labels 0 and 1 (and 0 on the boundary); the labels are "
                "-1 and +1, with +1 where w @ x + b >= 0.",
                zero_one_strict,
            ),
        ],
    )
    return _run(spec, predict_labels)


def _cases_mistake() -> list[_Case]:
    w, b = np.array([-1.0, 1.0]), 0.0
    cases = [
        _Case("a correctly classified +1 point", (np.array([1.0, 3.0]), 1, w, b)),
        _Case("a correctly classified -1 point", (np.array([2.0, 1.0]), -1, w, b)),
        _Case("a misclassified point", (np.array([1.0, 3.0]), -1, w, b)),
        _Case(f"on the boundary, label -1: {_TIE}", (np.array([1.0, 1.0]), -1, w, b)),
        _Case(f"on the boundary, label +1: {_TIE}", (np.array([1.0, 1.0]), 1, w, b)),
        _Case("zero weights and bias", (np.array([2.0, 5.0]), 1, np.zeros(2), 0.0)),
        _Case("the zero vector x, b = 0", (np.zeros(2), -1, w, 0.0)),
        _Case("the zero vector x, b > 0, label +1", (np.zeros(2), 1, w, 0.5)),
        _Case("the bias makes it a mistake", (np.array([1.0, 2.0]), 1, w, -1.5)),
        _Case("label -1 given as a float", (np.array([1.0, 3.0]), -1.0, w, b)),
        _Case("label +1 given as a float", (np.array([1.0, 3.0]), 1.0, w, b)),
        _Case("integer inputs", (np.array([3, 1]), -1, np.array([1, -2]), 1)),
    ]
    rng = _rng(2)
    for k in range(14):
        d = int(rng.integers(1, 4))
        y = int(rng.choice([-1, 1]))
        if k % 2 == 0:
            x = rng.integers(-3, 4, size=d).astype(float)
            w_k = rng.integers(-2, 3, size=d).astype(float)
            b_k, about = float(rng.integers(-2, 3)), "random small integers"
        else:
            x, w_k, b_k = rng.normal(size=d), rng.normal(size=d), float(rng.normal())
            about = "random real numbers"
        cases.append(_Case(f"{about}, seed 2, draw {k + 1}", (x, y, w_k, b_k)))
    return cases


def _ref_is_mistake(x, y, w, b):
    return bool(float(y) * (np.dot(np.asarray(w, float), np.asarray(x, float)) + b) <= 0)


def check_is_mistake(is_mistake) -> CheckResult:
    """Check ``is_mistake(x, y, w, b)``: True exactly when ``y * (w @ x + b) <= 0``.

    A point on the boundary is a mistake whatever its label, although
    :func:`perclab.predict` labels it +1. True/False (or numpy booleans, or 1/0) are
    compared exactly. Cases: both sides, ties with either label, zero weights, the zero
    vector, the bias deciding, labels as ints or floats, random data.

    Parameters
    ----------
    is_mistake : callable
        ``is_mistake(x, y, w, b)`` for one sample ``x`` with label ``y``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> def is_mistake(x, y, w, b):
    ...     return y * (w @ x + b) <= 0
    >>> check_is_mistake(is_mistake).passed
    All 26 cases pass.
    True
    """

    def margin_of(x, y, w, b):
        return float(y) * _score(np.asarray(x, float)[None, :], w, b)[0]

    spec = _Spec(
        exercise=1,
        name="is_mistake",
        rule=("The rule: a mistake is y * (w @ x + b) <= 0 (ties count)."),
        params=("x", "y", "w", "b"),
        reference=_ref_is_mistake,
        cases=_cases_mistake(),
        wrong=[
            (
                "On the boundary you seem to compare the prediction (+1 there) with the "
                "label. Training counts a point with score exactly 0 as a mistake "
                "whatever its label: test y * (w @ x + b) <= 0.",
                lambda x, y, w, b: bool(np.where(_score([x], w, b) >= 0, 1, -1)[0] != y),
            ),
            (
                "A point with y (w @ x + b) = 0 is a mistake too: use <= 0, not < 0.",
                lambda x, y, w, b: bool(margin_of(x, y, w, b) < 0),
            ),
            (
                "The label is missing: multiply the score by y.",
                lambda x, y, w, b: bool(margin_of(x, 1, w, b) <= 0),
            ),
            (
                "You returned True for correctly classified points: a mistake is "
                "y (w @ x + b) <= 0.",
                lambda x, y, w, b: bool(margin_of(x, y, w, b) > 0),
            ),
            (
                "The bias is missing: the score is w @ x + b.",
                lambda x, y, w, b: bool(margin_of(x, y, w, 0.0) <= 0),
            ),
            (
                _BIAS_TIMES_Y,
                lambda x, y, w, b: bool(margin_of(x, y, w, 0.0) + float(b) <= 0),
            ),
            (
                "You returned True for correctly classified points: a mistake is "
                "y (w @ x + b) <= 0.",
                lambda x, y, w, b: bool(margin_of(x, y, w, b) >= 0),
            ),
        ],
    )
    return _run(spec, is_mistake)


# ----------------------------------------------------------------------------------
# Exercise 2: one update step
# ----------------------------------------------------------------------------------


def _ref_one_update(w, b, x, y, lr=1.0):
    result = _train([x], [y], w0=w, b0=float(b), lr=float(lr), max_epochs=1)
    return result.w, float(result.b)


def _cases_one_update() -> list[_Case]:
    w = np.array([-1.0, 1.0])
    cases = [
        _Case(
            "zero weights and bias, label -1: the score is 0",
            (np.zeros(2), 0.0, np.array([1.0, 2.0]), -1),
        ),
        _Case(
            "zero weights and bias, label +1: the score is 0",
            (np.zeros(2), 0.0, np.array([1.0, 2.0]), 1),
        ),
        _Case(
            "a correctly classified point: nothing changes",
            (w, 0.0, np.array([1.0, 3.0]), 1),
        ),
        _Case("a misclassified point", (w, 0.0, np.array([1.0, 3.0]), -1)),
        _Case(f"on the boundary, label -1: {_TIE}", (w, 0.0, np.array([2.0, 2.0]), -1)),
        _Case(f"on the boundary, label +1: {_TIE}", (w, 0.0, np.array([2.0, 2.0]), 1)),
        _Case("the zero vector x with b = 0", (w, 0.0, np.zeros(2), 1)),
        _Case("the zero vector x with b > 0, label +1", (w, 0.5, np.zeros(2), 1)),
        _Case(
            "only the bias makes it a mistake",
            (np.array([1.0, 1.0]), -3.0, np.array([1.0, 1.0]), 1),
        ),
        _Case("learning rate 0.5, a mistake", (w, 1.0, np.array([3.0, 1.0]), 1, 0.5)),
        _Case("learning rate 2, a mistake", (w, 0.0, np.array([1.0, 2.0]), -1, 2.0)),
        _Case(
            "learning rate 2, correctly classified", (w, 0.0, np.array([1.0, 2.0]), 1, 2.0)
        ),
        _Case("label -1 given as a float", (w, 0.0, np.array([1.0, 3.0]), -1.0)),
        _Case("integer x", (w, 0.0, np.array([4, 1]), 1)),
        _Case("one feature", (np.array([2.0]), -1.0, np.array([0.5]), -1)),
    ]
    rng = _rng(3)
    for k in range(20):
        d = int(rng.integers(1, 5))
        y = int(rng.choice([-1, 1])) if k % 3 else float(rng.choice([-1.0, 1.0]))
        lr = float(rng.choice([0.25, 0.5, 1.0, 2.0]))
        if k % 2 == 0:
            w_k = rng.integers(-2, 3, size=d).astype(float)
            x, b = rng.integers(-3, 4, size=d), float(rng.integers(-2, 3))
            about = "random small integers"
        else:
            w_k, x, b = rng.normal(size=d), rng.normal(size=d), float(rng.normal())
            about = "random real numbers"
        cases.append(_Case(f"{about}, seed 3, draw {k + 1}", (w_k, b, x, y, lr)))
    return cases


def _step(w, b, x, y, lr, *, update, w_sign=1, b_step=None):
    w, x = np.asarray(w, float), np.asarray(x, float)
    if not update:
        return w, float(b)
    b_step = lr * y if b_step is None else b_step
    return w + w_sign * lr * y * x, float(b) + w_sign * b_step


def check_one_update(one_update) -> CheckResult:
    """Check ``one_update(w, b, x, y, lr=1.0)``: one step of the perceptron rule.

    On a mistake, ``y * (w @ x + b) <= 0``, it returns ``(w + lr * y * x, b + lr * y)``,
    otherwise ``(w, b)`` unchanged. The reference is one epoch of :func:`perclab.train`
    on the single sample. Compared with a tolerance of 1e-12 (relative and absolute),
    since ``lr * y * x`` may be rounded in a different order; the decision itself is
    exact on the integer cases, where ties occur.

    Parameters
    ----------
    one_update : callable
        ``one_update(w, b, x, y, lr=1.0)`` returning ``(w_new, b_new)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> def one_update(w, b, x, y, lr=1.0):
    ...     if y * (w @ x + b) <= 0:
    ...         return w + lr * y * x, b + lr * y
    ...     return w, b
    >>> check_one_update(one_update).passed
    All 35 cases pass.
    True
    """

    def decide(w, b, x, y):
        return float(y) * (np.dot(np.asarray(w, float), np.asarray(x, float)) + b)

    spec = _Spec(
        exercise=2,
        name="one_update",
        rule=(
            "The rule: if y * (w @ x + b) <= 0, return (w + lr * y * x, b + lr * y), "
            "otherwise (w, b) unchanged."
        ),
        params=("w", "b", "x", "y", "lr=1.0"),
        reference=_ref_one_update,
        cases=_cases_one_update(),
        outputs=("w_new", "b_new"),
        frozen=("w", "x"),
        rtol=1e-12,
        atol=1e-12,
        probes=[
            (
                "Your step leaves out the label: on a mistake move by lr * y * x "
                "(and b by lr * y), towards the correct side.",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, 1, lr, update=decide(w, b, x, y) <= 0
                ),
            ),
        ],
        wrong=[
            (
                "No update happened on a point exactly on the boundary. Training treats "
                "a score of exactly 0 as a mistake whatever the label (perhaps you "
                "compared predict(x), which is +1 there, with y): test "
                "y * (w @ x + b) <= 0.",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=(1 if decide(w, b, x, 1) >= 0 else -1) != y
                ),
            ),
            (
                "No update happened on a point with y (w @ x + b) = 0: that is a "
                "mistake too. Use <= 0, not < 0.",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=decide(w, b, x, y) < 0
                ),
            ),
            (
                "You updated on a correctly classified point: update only when "
                "y (w @ x + b) <= 0.",
                lambda w, b, x, y, lr=1.0: _step(w, b, x, y, lr, update=True),
            ),
            (
                "The update moves the wrong way: on a mistake w becomes w + lr * y * x "
                "and b becomes b + lr * y (plus, with the label's sign).",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=decide(w, b, x, y) <= 0, w_sign=-1
                ),
            ),
            (
                "The bias was not updated: on a mistake b changes too, to b + lr * y.",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=decide(w, b, x, y) <= 0, b_step=0.0
                ),
            ),
            (
                "The learning rate is missing: the step is lr * y * x (and lr * y for b).",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, 1.0, update=decide(w, b, x, y) <= 0
                ),
            ),
            (
                _BIAS_TIMES_Y,
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=decide(w, b, x, y) - float(y) * b + b <= 0
                ),
            ),
            (
                "Return the new weights w + lr * y * x, not the step lr * y * x alone "
                "(and b + lr * y for the bias).",
                lambda w, b, x, y, lr=1.0: (
                    (lr * float(y) * np.asarray(x, float), lr * float(y))
                    if decide(w, b, x, y) <= 0
                    else (np.asarray(w, float), float(b))
                ),
            ),
            (
                "The bias step must be scaled by the learning rate too: b + lr * y.",
                lambda w, b, x, y, lr=1.0: _step(
                    w, b, x, y, lr, update=decide(w, b, x, y) <= 0, b_step=float(y)
                ),
            ),
        ],
    )
    return _run(spec, one_update)


# ----------------------------------------------------------------------------------
# Exercise 3: the training loop and its stopping rule
# ----------------------------------------------------------------------------------


def _ref_train_until_clean(X, y, max_epochs=100, *, w0=None, b0=0.0):
    result = _train(X, y, w0=w0, b0=b0, max_epochs=int(max_epochs))
    return result.w, float(result.b), result.n_updates, result.epochs


def _cases_training(seed: int) -> list[_Case]:
    """Training sets for the exercises that run the perceptron from zero."""
    cases = [
        _Case("a single sample, label +1", (np.array([[1.0, 2.0]]), np.array([1]))),
        _Case(
            "a single sample, label -1 as a float",
            (np.array([[2.0, -1.0]]), np.array([-1.0])),
        ),
        _Case("a single sample at the origin", (np.array([[0.0, 0.0]]), np.array([1]))),
        _Case(
            "two points that need a bias",
            (np.array([[1.0], [2.0]]), np.array([-1, 1])),
        ),
        _Case("the six-point worked example", (_WORKED_X, _WORKED_Y)),
        _Case(
            "XOR, not separable: stop after max_epochs = 5",
            (_XOR_X, _XOR_Y, 5),
        ),
        _Case(
            "the worked example with max_epochs = 2",
            (_WORKED_X, _WORKED_Y.astype(float), 2),
        ),
        _Case(
            "integer features, labels as floats",
            (np.array([[2, 1], [1, 3], [3, 3], [0, 2]]), np.array([-1.0, 1.0, -1.0, 1.0])),
        ),
    ]
    rng = _rng(seed)
    for k in range(14):
        n, d = int(rng.integers(2, 13)), int(rng.integers(1, 4))
        X, y = _integer_separable(rng, n, d, as_float=k % 3 != 0)
        cases.append(
            _Case(
                f"separable small integers, seed {seed}, draw {k + 1}",
                (X, _labels(y, k % 2 == 1)),
            )
        )
    return cases


def _loop(
    X,
    y,
    max_epochs=100,
    *,
    test=None,
    bias=True,
    sign=1,
    stop="sweep",
    count_last=True,
    score=None,
    label=True,
):
    """A training loop with one thing changed, to recognise common slips."""
    X, y = np.asarray(X, float), np.asarray(y, float)
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    test = test or (lambda m: m <= 0)
    epochs_allowed = max_epochs - 1 if stop == "range" else max_epochs
    score = score or (lambda w, b, x_i, y_i: y_i * (w @ x_i + b))
    mistakes = 0
    for epoch in range(1, epochs_allowed + 1):
        mistakes = mistakes if stop == "cumulative" else 0
        for x_i, y_i in zip(X, y, strict=True):
            if test(score(w, b, x_i, y_i)):
                step = y_i if label else 1.0
                w = w + sign * step * x_i
                b = b + (sign * step if bias else 0.0)
                mistakes, n_updates = mistakes + 1, n_updates + 1
            elif stop == "sample":
                return w, b, n_updates, epoch
        if stop == "once" or mistakes == 0:
            if stop == "zero-based":
                return w, b, n_updates, epoch - 1
            return w, b, n_updates, epoch if count_last or mistakes else epoch - 1
    return w, b, n_updates, epochs_allowed - (stop == "zero-based")


_TRAIN_WRONG = [
    (
        "Your updates leave out the label: on a mistake w becomes w + y * x and b "
        "becomes b + y, towards the correct side.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, label=False),
    ),
    (
        "Training stopped at the first correctly classified sample. The stopping rule "
        "is a whole sweep over the data without a mistake.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, stop="sample"),
    ),
    (
        "Only one sweep was made (a return or break inside the loop over sweeps?): "
        "repeat the sweeps until one of them has no mistake (or max_epochs are done).",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, stop="once"),
    ),
    (
        "A point with y (w @ x + b) = 0 must trigger an update (from w = 0 every point "
        "does): use <= 0, not < 0.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, test=lambda m: m < 0),
    ),
    (
        "The bias was never updated: on a mistake b becomes b + y.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, bias=False),
    ),
    (
        "The updates go the wrong way: on a mistake w becomes w + y * x and b becomes "
        "b + y.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, sign=-1),
    ),
    (
        "You updated on correctly classified points too: update only when "
        "y (w @ x + b) <= 0.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, test=lambda m: True),
    ),
    (
        "The weights are right but epochs is one short: count the final clean sweep, "
        "the one that shows there is nothing left to fix.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, count_last=False),
    ),
    (
        "epochs is one short: count the sweeps from 1 (return epoch + 1 when "
        "you loop over range(max_epochs)).",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, stop="zero-based"),
    ),
    (
        "Count the mistakes of each sweep afresh: set the counter to 0 at the start "
        "of every sweep, or the loop never sees a clean sweep.",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, stop="cumulative"),
    ),
    (
        "The bias is missing from the test: a mistake is y (w @ x + b) <= 0.",
        lambda X, y, max_epochs=100: _loop(
            X, y, max_epochs, score=lambda w, b, x_i, y_i: y_i * (w @ x_i)
        ),
    ),
    (
        _BIAS_TIMES_Y,
        lambda X, y, max_epochs=100: _loop(
            X, y, max_epochs, score=lambda w, b, x_i, y_i: y_i * (w @ x_i) + b
        ),
    ),
    (
        "No update happened on a point exactly on the boundary: training treats a "
        "score of 0 as a mistake whatever the label (predict gives +1 there): test "
        "y (w @ x + b) <= 0.",
        lambda X, y, max_epochs=100: _loop(
            X,
            y,
            max_epochs,
            score=lambda w, b, x_i, y_i: 1.0 if (w @ x_i + b >= 0) == (y_i > 0) else -1.0,
        ),
    ),
    (
        "Your loop runs at most max_epochs - 1 sweeps: use range(max_epochs) (or "
        "range(1, max_epochs + 1)).",
        lambda X, y, max_epochs=100: _loop(X, y, max_epochs, stop="range"),
    ),
]


def check_train_until_clean(train_until_clean) -> CheckResult:
    """Check ``train_until_clean(X, y, max_epochs=100)``: the whole training loop.

    Start at ``w = 0, b = 0``; sweep the samples in order, updating on every mistake;
    stop after the first sweep without a mistake, or after ``max_epochs`` sweeps. Return
    ``(w, b, n_updates, epochs)``, where ``epochs`` counts the sweeps made, the final
    clean one included. The reference is :func:`perclab.train`. Compared exactly: the
    data are small integers (or the book's worked example), so every score and weight is
    exact and ties at 0 really happen.

    Parameters
    ----------
    train_until_clean : callable
        ``train_until_clean(X, y, max_epochs=100)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def train_until_clean(X, y, max_epochs=100):
    ...     w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    ...     for epoch in range(1, max_epochs + 1):
    ...         mistakes = 0
    ...         for x_i, y_i in zip(X, y):
    ...             if y_i * (w @ x_i + b) <= 0:
    ...                 w, b = w + y_i * x_i, b + y_i
    ...                 mistakes, n_updates = mistakes + 1, n_updates + 1
    ...         if mistakes == 0:
    ...             break
    ...     return w, b, n_updates, epoch
    >>> check_train_until_clean(train_until_clean).passed
    All 22 cases pass.
    True
    """
    spec = _Spec(
        exercise=3,
        name="train_until_clean",
        rule=(
            "The rule: from w = 0, b = 0 sweep the samples in order, update on y (w @ x + "
            "b) <= 0, stop after a sweep without mistakes or max_epochs sweeps; epochs "
            "counts the sweeps made."
        ),
        params=("X", "y", "max_epochs=100"),
        reference=_ref_train_until_clean,
        cases=_cases_training(4),
        outputs=("w", "b", "n_updates", "epochs"),
        wrong=_TRAIN_WRONG,
        sweep=(0, 1),
        probes=started_elsewhere(_ref_train_until_clean),
        slow_hint="Does your loop stop after max_epochs sweeps when the data are not "
        "separable?",
    )
    return _run(spec, train_until_clean)


# ----------------------------------------------------------------------------------
# Exercise 4: bias absorption
# ----------------------------------------------------------------------------------


def check_absorb_bias(absorb_bias) -> CheckResult:
    """Check ``absorb_bias(X)``: ``X`` with a last column of ones, shape ``(n, d + 1)``.

    The reference is :func:`perclab.absorb_bias`. Compared exactly. Cases: one sample,
    one feature, integer input, zeros, random data.

    Parameters
    ----------
    absorb_bias : callable
        ``absorb_bias(X)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import numpy as np
    >>> def absorb_bias(X):
    ...     return np.column_stack([X, np.ones(len(X))])
    >>> check_absorb_bias(absorb_bias).passed
    All 10 cases pass.
    True
    """
    rng = _rng(5)
    cases = [
        _Case("two samples, two features", (np.array([[2.0, 3.0], [4.0, 5.0]]),)),
        _Case("a single sample", (np.array([[1.5, -2.0, 0.5]]),)),
        _Case("one feature", (np.array([[1.0], [2.0], [-3.0]]),)),
        _Case("integer input", (np.array([[1, 2], [3, 4], [5, 6]]),)),
        _Case("all zeros", (np.zeros((3, 2)),)),
        _Case("a square matrix", (np.array([[1.0, 2.0], [3.0, 4.0]]),)),
    ]
    for k in range(4):
        shape = (int(rng.integers(1, 8)), int(rng.integers(1, 5)))
        cases.append(_Case(f"random data, seed 5, draw {k + 1}", (rng.normal(size=shape),)))

    def column(value, first=False):
        def variant(X):
            X = np.asarray(X, float)
            const = np.full((X.shape[0], 1), value)
            return np.hstack([const, X] if first else [X, const])

        return variant

    spec = _Spec(
        exercise=4,
        name="absorb_bias",
        rule=("The rule: X with one more column, all ones, at the end: shape (n, d + 1)."),
        params=("X",),
        reference=_absorb_bias,
        cases=cases,
        wrong=[
            (
                "Put the constant column last, so that the last weight is the bias.",
                column(1.0, first=True),
            ),
            ("The constant must be 1; a column of zeros carries no bias.", column(0.0)),
            (
                "A constant -1 is the threshold convention (the last weight is then "
                "theta = -b); here the constant is +1.",
                column(-1.0),
            ),
            (
                "You appended a row; append a column instead, one constant 1 per sample.",
                lambda X: np.vstack([X, np.ones((1, np.shape(X)[1]))]),
            ),
        ],
    )
    return _run(spec, absorb_bias)


def _ref_train_absorbed(X, y, max_epochs=100, *, w0=None, b0=0.0):
    result = _train(X, y, w0=w0, b0=b0, max_epochs=int(max_epochs))
    return result.w, float(result.b)


def check_train_absorbed(train_absorbed) -> CheckResult:
    """Check ``train_absorbed(X, y, max_epochs=100)``: a bias learned without a bias.

    Train the perceptron *without* a bias on the absorbed points ``(x, 1)`` and split the
    weights back into ``(w, b)``. The reference is :func:`perclab.train` *with* a bias on
    ``X``: the two runs make the same updates. Compared exactly (small-integer data, so
    both runs are exact).

    Parameters
    ----------
    train_absorbed : callable
        ``train_absorbed(X, y, max_epochs=100)`` returning ``(w, b)``.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> import perclab
    >>> def train_absorbed(X, y, max_epochs=100):
    ...     run = perclab.train(
    ...         perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs
    ...     )
    ...     return run.w[:-1], run.w[-1]
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", perclab.NotConvergedWarning)
    ...     check_train_absorbed(train_absorbed).passed
    All 22 cases pass.
    True
    """

    def run(X, y, max_epochs, value, fit_bias, split):
        X = np.asarray(X, float)
        Z = np.hstack([X, np.full((X.shape[0], 1), value)])
        result = _train(Z, y, fit_bias=fit_bias, max_epochs=int(max_epochs))
        return split(result.w)

    def not_absorbed(X, y, max_epochs=100):
        result = _train(X, y, fit_bias=False, max_epochs=int(max_epochs))
        return result.w, 0.0

    spec = _Spec(
        exercise=4,
        name="train_absorbed",
        rule=(
            "The rule: train without a bias on X with a column of ones appended (same "
            "updates, same stopping rule), then w is all but the last weight and b the "
            "last."
        ),
        params=("X", "y", "max_epochs=100"),
        reference=_ref_train_absorbed,
        sweep=(0, 1),
        probes=started_elsewhere(_ref_train_absorbed),
        cases=_cases_training(6),
        outputs=("w", "b"),
        wrong=[
            (
                "No bias was learned: train on the absorbed data, X with a column of "
                "ones appended, and read b off the last weight.",
                not_absorbed,
            ),
            (
                "Train the absorbed data with fit_bias=False: the column of ones already "
                "carries the bias, and a second bias doubles its steps.",
                lambda X, y, max_epochs=100: run(
                    X, y, max_epochs, 1.0, True, lambda w: (w[:-1], w[-1])
                ),
            ),
            (
                "With a constant -1 the last weight is theta = -b: return b = -theta "
                "(or append +1 instead).",
                lambda X, y, max_epochs=100: run(
                    X, y, max_epochs, -1.0, False, lambda w: (w[:-1], w[-1])
                ),
            ),
        ],
        slow_hint="Pass max_epochs on, so that training stops on data that are not "
        "separable.",
    )
    return _run(spec, train_absorbed)
