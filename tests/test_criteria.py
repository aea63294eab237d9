"""perclab.criteria: error functions by hand and by property; stopping rules vs train."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import perclab
from perclab import criteria
from perclab.criteria import (
    distance_error,
    geometric_distance_error,
    n_misclassified,
    train_with_stopping,
)
from perclab.datasets import load_iris_2d, make_small_margin, make_xor

# Three points and the line x2 = x1: (2, 1) is on the wrong side with score -1, (1, 3) on
# the right side, (1, 1) exactly on the line.
X3 = np.array([[2.0, 1.0], [1.0, 3.0], [1.0, 1.0]])
Y3 = np.array([1, 1, -1])
W_DIAG = np.array([-1.0, 1.0])


# ------------------------------------------------------------------ error functions


def test_n_misclassified_counts_the_boundary_as_a_mistake():
    assert n_misclassified(X3, Y3, W_DIAG) == 2  # (2, 1) wrong, (1, 1) on the line
    assert n_misclassified(X3, Y3, -W_DIAG) == 2  # (1, 3) wrong, (1, 1) on the line
    assert n_misclassified(X3, Y3, W_DIAG, b=0.5) == 2  # (1, 1) now +0.5, label -1
    assert n_misclassified(X3, Y3, W_DIAG, b=-0.5) == 1  # only (2, 1), score -1.5
    assert n_misclassified(X3, Y3, [0.0, 0.0]) == 3


def test_distance_error_by_hand():
    # E = sum over mistakes of |score|; the point on the line adds nothing
    assert distance_error(X3, Y3, W_DIAG) == 1.0
    assert distance_error(X3, Y3, -W_DIAG) == 2.0  # (1, 3) scores -2, label +1
    assert distance_error(X3, Y3, W_DIAG, b=0.5) == 0.5 + 0.5  # (2, 1): -0.5; (1, 1): 0.5
    assert distance_error(X3, Y3, 3 * W_DIAG) == 3.0  # E grows with ||w||


def test_distance_error_is_zero_at_zero_weights_although_every_point_is_wrong():
    assert distance_error(X3, Y3, [0.0, 0.0]) == 0.0
    assert n_misclassified(X3, Y3, [0.0, 0.0]) == 3


def test_distance_error_is_not_a_count():
    # one mistake, far on the wrong side
    X, y = np.array([[10.0, 0.0], [0.0, 1.0]]), np.array([-1, 1])
    assert n_misclassified(X, y, [1.0, 1.0]) == 1
    assert distance_error(X, y, [1.0, 1.0]) == 10.0


def test_geometric_distance_error_sums_euclidean_distances():
    # (2, 1) is at distance 1/sqrt(2) from x2 = x1
    assert geometric_distance_error(X3, Y3, W_DIAG) == pytest.approx(1 / np.sqrt(2))
    assert geometric_distance_error(X3, Y3, 5 * W_DIAG) == pytest.approx(1 / np.sqrt(2))


finite = st.floats(-10, 10, allow_nan=False, allow_infinity=False)


@st.composite
def problems(draw):
    """Small data, labels and a hyperplane, some points exactly on it."""
    n = draw(st.integers(1, 12))
    d = draw(st.integers(1, 4))
    X = draw(hnp.arrays(np.float64, (n, d), elements=finite))
    y = draw(hnp.arrays(np.int64, n, elements=st.sampled_from([-1, 1])))
    w = draw(hnp.arrays(np.float64, d, elements=finite))
    b = draw(finite)
    return X, y, w, b


@given(problems())
def test_distance_error_is_the_sum_of_the_mistakes_scores(problem):
    X, y, w, b = problem
    score = X @ w + b
    # the syllabus formula equals sum_i max(0, -y_i s_i): a mistake adds |s_i|
    assert distance_error(X, y, w, b) == pytest.approx(
        np.sum(np.maximum(0.0, -y * score)), rel=1e-12, abs=1e-12
    )
    wrong = y * score < 0
    assert distance_error(X, y, w, b) == pytest.approx(
        np.abs(score[wrong]).sum(), rel=1e-12, abs=1e-12
    )
    assert n_misclassified(X, y, w, b) == np.count_nonzero(y * score <= 0)
    assert distance_error(X, y, w, b) >= 0


@given(problems(), st.floats(0.01, 100))
def test_distance_error_scales_and_the_geometric_one_does_not(problem, c):
    X, y, w, b = problem
    E = distance_error(X, y, w, b)
    assert distance_error(X, y, c * w, c * b) == pytest.approx(c * E, rel=1e-9, abs=1e-9)
    assert n_misclassified(X, y, c * w, c * b) == n_misclassified(X, y, w, b)
    if np.linalg.norm(w) > 1e-3:
        G = geometric_distance_error(X, y, w, b)
        assert G == pytest.approx(E / np.linalg.norm(w), rel=1e-12, abs=1e-12)
        assert geometric_distance_error(X, y, c * w, c * b) == pytest.approx(
            G, rel=1e-9, abs=1e-9
        )


def test_geometric_distance_error_refuses_zero_weights():
    with pytest.raises(ValueError, match="zero vector"):
        geometric_distance_error(X3, Y3, [0.0, 0.0])


# ---------------------------------------------------------------- train_with_stopping


def iris():
    return load_iris_2d()


def worked():
    X = np.array([[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]])
    return X, np.array([-1, 1, -1, 1, 1, -1])


def small_margin():
    return make_small_margin(40, random_state=3)


RUNS = [
    pytest.param(worked, {}, id="worked"),
    pytest.param(iris, {}, id="iris"),
    pytest.param(small_margin, {"shuffle": True, "random_state": 7}, id="shuffled"),
    pytest.param(small_margin, {"fit_bias": False, "max_epochs": 30}, id="no-bias-capped"),
    pytest.param(worked, {"lr": 0.5, "w0": [1.0, -2.0], "b0": 0.25}, id="lr-w0-b0"),
    pytest.param(lambda: make_xor(20, random_state=1), {"max_epochs": 25}, id="xor-capped"),
]


def train_quietly(X, y, **kwargs):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=perclab.NotConvergedWarning)
        return perclab.train(X, y, **kwargs)


@pytest.mark.parametrize(("data", "kwargs"), RUNS)
def test_rule_clean_is_exactly_train(data, kwargs):
    X, y = data()
    run = train_with_stopping(X, y, rule="clean", **kwargs)
    expected = train_quietly(X, y, **kwargs)
    assert run.stop_reason == ("clean" if expected.converged else "max_epochs")
    assert np.array_equal(run.w, expected.w) and run.b == expected.b
    assert run.epochs == expected.epochs
    assert run.n_updates == expected.n_updates
    assert run.mistakes_per_epoch == expected.mistakes_per_epoch
    for name in ("sample", "epoch", "w", "b"):
        assert np.array_equal(getattr(run.history, name), getattr(expected.history, name))


@pytest.mark.parametrize(("data", "kwargs"), RUNS)
def test_per_epoch_errors_are_those_of_the_weights_at_the_end_of_each_epoch(data, kwargs):
    X, y = data()
    run = train_with_stopping(X, y, rule="clean", **kwargs)
    ends = np.cumsum(run.mistakes_per_epoch)  # history row of the end of each epoch
    for e, k in enumerate(ends):
        w, b = run.history.w[k], run.history.b[k]
        assert run.n_misclassified[e] == n_misclassified(X, y, w, b)
        assert run.distance_error[e] == distance_error(X, y, w, b)


def test_rule_max_epochs_runs_every_epoch_even_after_a_clean_one():
    X, y = worked()
    clean = train_with_stopping(X, y, rule="clean")
    assert clean.epochs == 8
    run = train_with_stopping(X, y, rule="max_epochs", max_epochs=12)
    assert run.stop_reason == "max_epochs" and run.epochs == 12
    assert run.mistakes_per_epoch == clean.mistakes_per_epoch + [0] * 4
    assert run.n_misclassified[7:] == [0] * 5
    assert np.array_equal(run.w, clean.w) and run.b == clean.b


def test_rule_max_epochs_cuts_off_with_mistakes_left():
    X, y = worked()
    run = train_with_stopping(X, y, rule="max_epochs", max_epochs=4)
    assert run.epochs == 4 and run.n_misclassified == [1, 1, 1, 2]
    assert run.mistakes_per_epoch == [6, 1, 2, 2]


def test_rule_error_plateau_by_hand():
    # distance errors per epoch on the worked example: 0.73, 6.32, 0.70, 3.28, 1.31, ...
    X, y = worked()
    clean = train_with_stopping(X, y, rule="clean")
    assert np.allclose(clean.distance_error[:6], [0.73, 6.32, 0.70, 3.28, 1.31, 4.1])
    first = train_with_stopping(X, y, rule="error_plateau")
    assert (first.stop_reason, first.epochs) == ("error_plateau", 2)  # 6.32 >= 0.73
    assert first.n_misclassified[-1] == 1
    # patience 2: 6.32 (no new best), 0.70 (new best), 3.28, 1.31 (two without) -> 5
    assert train_with_stopping(X, y, rule="error_plateau", patience=2).epochs == 5
    # patience 3: 3.28, 1.31, 4.1 -> 6
    assert train_with_stopping(X, y, rule="error_plateau", patience=3).epochs == 6
    # patience 4: epoch 7 leaves no mistake (E = 0, a new best), epoch 8 is clean
    late = train_with_stopping(X, y, rule="error_plateau", patience=4)
    assert (late.stop_reason, late.epochs, late.n_misclassified[-1]) == ("clean", 8, 0)
    assert late.distance_error[6] == 0.0 and late.mistakes_per_epoch[6] == 2


@given(st.integers(0, 10_000), st.integers(1, 4))
def test_rule_error_plateau_stops_at_the_first_epoch_the_rule_names(seed, patience):
    X, y = make_small_margin(20, random_state=seed)
    run = train_with_stopping(X, y, rule="error_plateau", patience=patience, max_epochs=200)
    errors = run.distance_error
    if run.stop_reason == "error_plateau":
        best_before = min(errors[: run.epochs - patience])
        assert min(errors[run.epochs - patience :]) >= best_before
    # no earlier epoch met the rule (and none was clean)
    for e in range(patience + 1, run.epochs):
        assert min(errors[e - patience : e]) < min(errors[: e - patience])
    assert all(m > 0 for m in run.mistakes_per_epoch[:-1])
    if run.stop_reason == "clean":
        assert run.mistakes_per_epoch[-1] == 0 and run.n_misclassified[-1] == 0
    # the updates are train's, up to where the rule stopped
    full = train_with_stopping(X, y, rule="clean", max_epochs=200)
    k = run.n_updates
    assert np.array_equal(run.history.w, full.history.w[: k + 1])


@pytest.mark.parametrize("rule", criteria.RULES)
def test_every_rule_ends_on_data_that_are_not_separable(rule):
    X, y = make_xor(40, random_state=0)
    run = train_with_stopping(X, y, rule=rule, max_epochs=50)  # no warning escapes
    assert run.epochs <= 50
    assert run.stop_reason in ("max_epochs", "error_plateau")
    assert run.n_misclassified[-1] > 0


def test_a_run_stopped_by_its_rule_does_not_warn():
    # the rules decide what an epoch with mistakes means: no NotConvergedWarning
    # (warnings are errors in this suite), on data no line separates
    X, y = make_xor(40, noise=0.1, random_state=0)
    for rule in criteria.RULES:
        run = train_with_stopping(X, y, rule=rule, max_epochs=5)
        assert run.mistakes_per_epoch[-1] > 0


def test_repr_says_why_it_stopped():
    run = train_with_stopping(*worked(), rule="error_plateau")
    text = repr(run)
    assert text.startswith("StoppingResult(rule='error_plateau'")
    assert "stop_reason='error_plateau'" in text and "epochs=2" in text


# ------------------------------------------------------------------------ bad input

BAD_INPUT = [
    ("rule-unknown", {"rule": "never"}, ValueError, "rule must be one of"),
    ("rule-not-a-string", {"rule": 1}, TypeError, "rule must be a string"),
    ("patience-0", {"patience": 0}, ValueError, "patience must be >= 1"),
    ("patience-float", {"patience": 1.5}, TypeError, "patience must be an integer"),
    ("max_epochs-0", {"max_epochs": 0}, ValueError, "max_epochs must be >= 1"),
    ("lr-0", {"lr": 0.0}, ValueError, "lr must be > 0"),
    ("w0-length", {"w0": [1.0]}, ValueError, "w0 must be a vector of length 2"),
    ("labels-0-1", {"y": [0, 1, 0, 1, 1, 0]}, ValueError, r"2\*y - 1"),
    ("X-1-D", {"X": np.ones(6)}, ValueError, "got a 1-D array"),
    ("shuffle-not-bool", {"shuffle": "yes"}, TypeError, "shuffle must be True or False"),
]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [pytest.param(kw, error, match, id=name) for name, kw, error, match in BAD_INPUT],
)
def test_train_with_stopping_refuses_bad_input(kwargs, error, match):
    X, y = worked()
    arguments = {"X": X, "y": y, **kwargs}
    with pytest.raises(error, match=match):
        train_with_stopping(arguments.pop("X"), arguments.pop("y"), **arguments)


@pytest.mark.parametrize(
    ("function", "args", "error", "match"),
    [
        (n_misclassified, (X3, Y3, [1.0]), ValueError, "w must be a vector of length 2"),
        (distance_error, (X3, [0, 1, 1], W_DIAG), ValueError, r"2\*y - 1"),
        (distance_error, (X3, Y3, W_DIAG, float("nan")), ValueError, "b must be finite"),
        (geometric_distance_error, (X3, Y3[:2], W_DIAG), ValueError, "different lengths"),
    ],
)
def test_error_functions_refuse_bad_input(function, args, error, match):
    with pytest.raises(error, match=match):
        function(*args)


# ------------------------------------------- the update rule's theorems (chapter 2)


@given(st.integers(0, 10_000), st.integers(-6, 6))
def test_from_zero_a_power_of_two_learning_rate_only_rescales_exactly(seed, p):
    # same mistakes in the same order, and (w, b) = eta * (w, b) of eta = 1, bit for bit
    X, y = make_small_margin(15, random_state=seed)
    eta = 2.0**p
    # a run need not converge for the claim; 50 epochs keep the test fast
    one = train_quietly(X, y, method="textbook", max_epochs=50)
    run = train_quietly(X, y, lr=eta, method="textbook", max_epochs=50)
    assert np.array_equal(run.history.sample, one.history.sample)
    assert np.array_equal(run.history.w, eta * one.history.w)
    assert np.array_equal(run.history.b, eta * one.history.b)


@given(
    st.tuples(st.integers(-5, 5), st.integers(-5, 5)).filter(any),
    st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
)
def test_one_positive_example_costs_floor_plus_one_updates(x, w0):
    # from w0, without a bias: max(0, floor(-w0.x / ||x||^2) + 1) updates, exactly,
    # including starts whose score lands exactly on 0 (integers make those common)
    x, w0 = np.array(x, float), np.array(w0, float)
    run = perclab.train([x], [1], w0=w0, fit_bias=False)
    assert run.n_updates == max(0, int(np.floor(-(w0 @ x) / (x @ x))) + 1)
    assert run.epochs == run.n_updates + 1  # one example: one update per epoch
