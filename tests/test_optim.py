"""perclab.optim: step sizes, gradient descent, SGD, losses, and the perceptron as SGD."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import perclab
from perclab import optim
from perclab.datasets import make_separable, make_small_margin, make_xor
from perclab.optim import (
    Schedule,
    constant,
    functional_margins,
    gradient_descent,
    hinge_loss,
    inverse_t,
    inverse_t_squared,
    perceptron_loss,
    perceptron_sgd,
    perceptron_subgradient,
    sgd,
    zero_one_loss,
)

# --------------------------------------------------------------------- step sizes


def test_schedules_give_alpha0_over_t_to_the_power():
    t = np.arange(1, 6)
    assert constant(0.3)(t).tolist() == [0.3] * 5
    assert np.array_equal(inverse_t(2.0)(t), 2.0 / t)
    assert np.array_equal(inverse_t_squared(2.0)(t), 2.0 / t**2)
    assert inverse_t(0.5)(4) == 0.125 and isinstance(inverse_t(0.5)(4), float)


@pytest.mark.parametrize(
    ("power", "sum_diverges", "squares_converge"),
    [(0.0, True, False), (0.5, True, False), (0.75, True, True), (1.0, True, True),
     (2.0, False, True)],
)  # fmt: skip
def test_schedule_conditions(power, sum_diverges, squares_converge):
    schedule = Schedule(1.0, power)
    assert schedule.sum_diverges is sum_diverges
    assert schedule.sum_of_squares_converges is squares_converge


def test_schedule_repr():
    assert repr(constant(0.1)) == "Schedule(alpha_t = 0.1)"
    assert repr(inverse_t(0.5)) == "Schedule(alpha_t = 0.5 / t)"
    assert repr(inverse_t_squared(2)) == "Schedule(alpha_t = 2 / t**2)"
    assert repr(Schedule(1.0, 0.75)) == "Schedule(alpha_t = 1 / t**0.75)"


# ---------------------------------------------------------------- gradient descent

W_STAR = np.array([1.0, -2.0])
CURVATURE = np.array([1.0, 0.25])  # f(w) = sum_j c_j (w_j - w*_j)**2 / 2


def quadratic_gradient(w):
    return CURVATURE * (w - W_STAR)


def test_gradient_descent_matches_the_closed_form_on_a_quadratic():
    # w_t - w* = prod_{k <= t} (1 - alpha_k c) (w_0 - w*), coordinatewise
    w0 = np.array([5.0, 3.0])
    for schedule in (constant(0.5), inverse_t(0.5), inverse_t_squared(0.5)):
        path = gradient_descent(quadratic_gradient, w0, schedule=schedule, n_steps=50)
        factors = 1.0 - schedule(np.arange(1, 51))[:, None] * CURVATURE
        expected = W_STAR + np.cumprod(factors, axis=0) * (w0 - W_STAR)
        assert path.w.shape == (51, 2)
        assert np.array_equal(path.w[0], w0)
        assert np.allclose(path.w[1:], expected, rtol=1e-12, atol=1e-14)


def test_constant_and_inverse_t_reach_the_minimum():
    w0 = np.array([5.0, 3.0])
    fast = gradient_descent(quadratic_gradient, w0, schedule=1.0, n_steps=200)
    assert np.allclose(fast.final, W_STAR, atol=1e-12)
    slow = gradient_descent(quadratic_gradient, w0, schedule=inverse_t(6.5), n_steps=2000)
    error = np.abs(slow.w - W_STAR).max(axis=1)
    assert error[-1] < 1e-3 * error[0]
    assert np.all(np.diff(error[10:]) <= 0)  # steadily closer once alpha_t c < 1


def test_inverse_t_squared_stalls_short_of_the_minimum():
    # prod_k (1 - a / k**2) -> sin(pi sqrt(a)) / (pi sqrt(a)) > 0: the iterates stop at a
    # computable distance from w*
    a = 0.5
    path = gradient_descent(
        lambda w: w - 1.0, 5.0, schedule=inverse_t_squared(a), n_steps=20_000
    )
    limit = 1.0 + 4.0 * math.sin(math.pi * math.sqrt(a)) / (math.pi * math.sqrt(a))
    assert path.final == pytest.approx(limit, abs=1e-4)
    assert path.final - 1.0 > 1.4  # a third of the way, and no further
    # the total distance travelled is at most sum(alpha_t) * max |gradient|
    travelled = np.sum(np.abs(np.diff(path.w)))
    assert travelled <= a * math.pi**2 / 6 * 4.0
    assert abs(path.w[-1] - path.w[-1000]) < 1e-4


def test_noisy_gradients_constant_steps_hover_inverse_t_settles():
    rng = np.random.default_rng(0)
    sigma, n_steps = 1.0, 20_000

    def noisy(w):
        return w - 1.0 + sigma * rng.normal()

    hover = gradient_descent(noisy, 5.0, schedule=0.2, n_steps=n_steps)
    settle = gradient_descent(noisy, 5.0, schedule=inverse_t(1.0), n_steps=n_steps)
    # constant alpha: stationary spread sqrt(alpha / (2 - alpha)) sigma = 0.333 sigma
    spread = np.std(hover.w[n_steps // 2 :])
    assert spread == pytest.approx(math.sqrt(0.2 / 1.8) * sigma, rel=0.1)
    # 1/t with alpha0 = 1: w_t - 1 is minus the mean of t noise terms
    assert abs(settle.final - 1.0) < 5 * sigma / math.sqrt(n_steps)
    assert np.std(settle.w[n_steps // 2 :]) < spread / 20


# ------------------------------------------------------------------------------ SGD


@given(
    hnp.arrays(
        np.float64, st.integers(1, 60), elements=st.floats(-1e3, 1e3, allow_nan=False)
    )
)
def test_sgd_with_inverse_t_is_the_running_mean(x):
    # loss (x_i - w)**2 / 2 has gradient w - x_i; alpha_t = 1 / t
    path = sgd(lambda w, i: w - x[i], 0.0, len(x), schedule=inverse_t())
    running_mean = np.cumsum(x) / np.arange(1, len(x) + 1)
    scale = np.max(np.abs(x)) + 1.0
    assert np.allclose(path.w[1:], running_mean, rtol=0, atol=1e-12 * scale)
    assert np.array_equal(path.samples, np.arange(len(x)))


def test_sgd_is_exactly_the_running_mean_on_dyadic_data():
    # the recursion w_t = w_{t-1} - (1/t)(w_{t-1} - x_t) on small integers,
    # checked in exact rational arithmetic against the mean of the first t samples
    from fractions import Fraction

    x = np.array([3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0])
    w = Fraction(0)
    for t, x_t in enumerate(x, start=1):
        w = w - Fraction(1, t) * (w - Fraction(x_t))
        assert w == sum(Fraction(v) for v in x[:t]) / t
    path = sgd(lambda w, i: w - x[i], 0.0, len(x), schedule=inverse_t())
    assert path.final == pytest.approx(float(w), abs=1e-15)


def test_sgd_shuffle_visits_each_sample_once_per_epoch_reproducibly():
    x = np.arange(10.0)
    runs = [
        sgd(lambda w, i: w - x[i], 0.0, 10, schedule=0.1, n_epochs=3, shuffle=True,
            random_state=7)
        for _ in range(2)
    ]  # fmt: skip
    assert np.array_equal(runs[0].samples, runs[1].samples)
    for epoch in range(3):
        assert sorted(runs[0].samples[10 * epoch : 10 * epoch + 10]) == list(range(10))
    assert runs[0].n_steps == 30 and runs[0].w.shape == (31,)
    assert "n_steps=30" in repr(runs[0])


def test_average_of_example_gradients_is_the_full_gradient():
    X, y = make_xor(40, random_state=3)
    rng = np.random.default_rng(1)
    for _ in range(20):
        w, b = rng.normal(size=2), float(rng.normal())
        full = perceptron_subgradient(X, y, w, b)
        parts = [
            perceptron_subgradient(X[i : i + 1], y[i : i + 1], w, b) for i in range(40)
        ]
        assert np.allclose(np.mean([p.w for p in parts], axis=0), full.w / 40, rtol=1e-13)
        assert np.mean([p.b for p in parts]) == pytest.approx(full.b / 40, rel=1e-13)


# -------------------------------------------------------------------------- losses


def test_losses_of_the_margin():
    m = np.array([-3.0, -1.0, 0.0, 0.5, 1.0, 2.0])
    assert zero_one_loss(m).tolist() == [1, 1, 1, 0, 0, 0]
    assert perceptron_loss(m).tolist() == [3, 1, 0, 0, 0, 0]
    assert hinge_loss(m).tolist() == [4, 2, 1, 0.5, 0, 0]
    assert zero_one_loss(0.0) == 1.0 and isinstance(perceptron_loss(-2), float)
    assert not np.signbit(perceptron_loss(0.0))  # +0.0, not -0.0


def _total_perceptron_loss(X, y, w, b):
    return sum(
        max(0.0, -y_i * (float(np.dot(w, x_i)) + b)) for x_i, y_i in zip(X, y, strict=True)
    )


@given(st.integers(0, 2**32 - 1))
def test_perceptron_subgradient_matches_finite_differences(seed):
    # away from the kinks the total loss is linear near w, so central differences are
    # exact up to rounding
    rng = np.random.default_rng(seed)
    X, y = rng.normal(size=(15, 3)), rng.choice([-1, 1], size=15)
    w, b = rng.normal(size=3), float(rng.normal())
    assume(np.min(np.abs(X @ w + b)) > 1e-3)
    g = perceptron_subgradient(X, y, w, b)
    h = 1e-6
    for j in range(3):
        e = np.zeros(3)
        e[j] = h
        slope = _total_perceptron_loss(X, y, w + e, b) - _total_perceptron_loss(
            X, y, w - e, b
        )
        assert slope / (2 * h) == pytest.approx(g.w[j], abs=1e-6)
    slope = _total_perceptron_loss(X, y, w, b + h) - _total_perceptron_loss(X, y, w, b - h)
    assert slope / (2 * h) == pytest.approx(g.b, abs=1e-6)


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_perceptron_subgradient_is_a_subgradient_at_the_kinks(seed):
    # L(v) >= L(w) + g @ (v - w) for every v, with w on the kinks: w = 0 (every margin
    # 0) and integer w on integer data (many margins exactly 0)
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(12, 2)).astype(float)
    y = rng.choice([-1, 1], size=12)
    for w, b in [(np.zeros(2), 0.0), (rng.integers(-2, 3, size=2).astype(float), 1.0)]:
        g = perceptron_subgradient(X, y, w, b)
        base = _total_perceptron_loss(X, y, w, b)
        for _ in range(20):
            v, c = w + rng.normal(size=2), b + rng.normal()
            lower = base + g.w @ (v - w) + g.b * (c - b)
            assert _total_perceptron_loss(X, y, v, c) >= lower - 1e-12


def _reference_error_functions(X, y, w, b):
    """The update-rule chapter's error functions, written out: the count of
    misclassified points (sign(0) = 0 is never a label) and the "distance" error."""
    scores = [float(np.dot(w, x_i)) + b for x_i in X]
    sign = [(s > 0) - (s < 0) for s in scores]
    count = sum(1 for s_i, y_i in zip(sign, y, strict=True) if s_i != y_i)
    distance = 0.5 * sum(
        abs(s * (s_i - y_i)) for s, s_i, y_i in zip(scores, sign, y, strict=True)
    )
    return count, distance


@given(st.integers(0, 2**32 - 1), st.booleans())
def test_error_functions_are_sums_of_losses(seed, integer):
    # integer data and weights put many points exactly on the hyperplane
    rng = np.random.default_rng(seed)
    if integer:
        X = rng.integers(-3, 4, size=(20, 2)).astype(float)
        w, b = rng.integers(-2, 3, size=2).astype(float), float(rng.integers(-1, 2))
    else:
        X, w, b = rng.normal(size=(20, 2)), rng.normal(size=2), float(rng.normal())
    y = rng.choice([-1, 1], size=20)
    count, distance = _reference_error_functions(X, y, w, b)
    m = functional_margins(X, y, w, b)
    assert np.sum(zero_one_loss(m)) == count
    assert np.sum(perceptron_loss(m)) == pytest.approx(distance, rel=1e-12, abs=1e-12)


# -------------------------------------------------------------- the perceptron as SGD


def _assert_same_run(sgd_run, train_run):
    assert np.array_equal(sgd_run.w, train_run.w)
    assert sgd_run.b == train_run.b
    assert sgd_run.converged == train_run.converged
    assert sgd_run.epochs == train_run.epochs
    assert sgd_run.n_updates == train_run.n_updates
    assert sgd_run.mistakes_per_epoch == train_run.mistakes_per_epoch
    for name in ("sample", "epoch", "w", "b"):
        assert np.array_equal(
            getattr(sgd_run.history, name), getattr(train_run.history, name)
        )


def _datasets():
    sets = []
    for seed, d in [(0, 1), (1, 2), (2, 3), (3, 5)]:
        sets.append(
            (f"separable-{seed}", *make_separable(30, n_features=d, random_state=seed))
        )
    for seed in (4, 5):
        sets.append((f"small-margin-{seed}", *make_small_margin(40, random_state=seed)))
    rng = np.random.default_rng(6)
    X = rng.integers(-3, 4, size=(25, 3)).astype(float)  # exact ties on the hyperplane
    score = X @ np.array([1.0, -2.0, 1.0]) + 1.0
    keep = score != 0
    sets.append(("integer-ties", X[keep], np.where(score[keep] > 0, 1, -1)))
    sets.append(("iris", *perclab.datasets.load_iris_2d()))
    return sets


DATASETS = _datasets()
CONFIGS = [
    {},
    {"fit_bias": False},
    {"lr": 0.1},
    {"lr": 3.0, "fit_bias": False},
    {"lr": 0.7, "w0": "ones", "b0": -0.5},
    {"shuffle": True, "random_state": 11},
]


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(map(str, c)) or "defaults"
)
@pytest.mark.parametrize(("name", "X", "y"), DATASETS, ids=[d[0] for d in DATASETS])
def test_perceptron_sgd_is_train(name, X, y, config):
    config = dict(config)
    if not config.get("fit_bias", True):
        X = perclab.absorb_bias(X)  # separable through the origin, one dimension up
    if config.get("w0") == "ones":
        config["w0"] = np.ones(X.shape[1])
    run = perceptron_sgd(X, y, **config)
    assert run.converged
    _assert_same_run(run, perclab.train(X, y, **config))
    _assert_same_run(run, perclab.train(X, y, method="textbook", **config))
    assert run.n_steps == run.epochs * len(y)


def test_perceptron_sgd_is_train_on_non_separable_data():
    X, y = make_xor(30, random_state=0)
    with pytest.warns(perclab.NotConvergedWarning, match="did not converge"):
        run = perceptron_sgd(X, y, max_epochs=7, lr=0.5)
    with pytest.warns(perclab.NotConvergedWarning):
        reference = perclab.train(X, y, max_epochs=7, lr=0.5)
    _assert_same_run(run, reference)
    assert not run.converged and run.epochs == 7


@given(
    hnp.arrays(np.float64, st.tuples(st.integers(1, 15), st.integers(1, 3)),
               elements=st.floats(-5, 5, allow_nan=False)),
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.25, 1.0, 1.7]),
    st.booleans(),
)  # fmt: skip
def test_perceptron_sgd_is_train_on_generated_data(X, seed, lr, fit_bias):
    rng = np.random.default_rng(seed)
    w_true = rng.normal(size=X.shape[1])
    b_true = float(rng.normal()) if fit_bias else 0.0
    score = X @ w_true + b_true
    keep = np.abs(score) > 0.2 * np.linalg.norm(w_true)
    assume(keep.any())
    X, y = X[keep], np.where(score[keep] > 0, 1, -1)
    run = perceptron_sgd(X, y, lr=lr, fit_bias=fit_bias)
    _assert_same_run(run, perclab.train(X, y, lr=lr, fit_bias=fit_bias))


def test_the_kink_convention_is_what_moves_the_perceptron_from_zero():
    # from w = 0 every margin is 0; a step with the subgradient -y x moves, so the run
    # records an update for the very first sample
    X, y = make_separable(10, random_state=0)
    run = perceptron_sgd(X, y)
    assert run.history.sample[0] == 0
    assert np.array_equal(run.history.w[1], y[0] * X[0])
    assert repr(run).startswith("PerceptronSGDResult(converged=True")


def test_theta0_is_still_accepted_as_the_older_name_of_w0():
    new = gradient_descent(quadratic_gradient, [5.0, 3.0], schedule=0.5, n_steps=7)
    with pytest.warns(DeprecationWarning, match="theta0 is the older name of w0"):
        old = gradient_descent(
            quadratic_gradient, theta0=[5.0, 3.0], schedule=0.5, n_steps=7
        )
    assert np.array_equal(old.w, new.w) and old.w[0].tolist() == [5.0, 3.0]
    x = np.array([4.0, 2.0, 0.0, 6.0])
    new = sgd(lambda w, i: w - x[i], 1.0, len(x), schedule=inverse_t())
    with pytest.warns(DeprecationWarning, match="theta0"):
        old = sgd(lambda w, i: w - x[i], theta0=1.0, n_samples=len(x), schedule=inverse_t())
    assert np.array_equal(old.w, new.w) and old.w[0] == 1.0
    assert not hasattr(new, "theta")


def test_margins_is_still_accepted_as_the_older_name_of_functional_margins():
    # one letter from perclab.margin, the geometric margin: the old name warns, naming
    # the new one, and returns the same functional margins, wherever it is imported from
    from perclab import losses

    X, y, w = [[2.0, 1.0], [1.0, 3.0], [1.0, 1.0]], [-1, -1, 1], [-1.0, 1.0]
    new = functional_margins(X, y, w, 0.5)
    assert new.tolist() == [-1 * (-1 + 0.5), -1 * (2 + 0.5), 1 * (0 + 0.5)]
    for old_name in (losses.margins, optim.margins):
        with pytest.warns(
            DeprecationWarning, match="older name of functional_margins"
        ) as seen:
            old = old_name(X, y, w, 0.5)
        assert np.array_equal(old, new)
        assert seen[0].filename == __file__  # the warning points at the call
    assert "margins" not in losses.__all__ and "margins" not in optim.__all__


# -------------------------------------------------------------------------- bad input

X_OK = np.array([[0.0, 1.0], [1.0, 0.0]])
Y_OK = np.array([1, -1])


def _grad_wrong_shape(w):
    return np.zeros(3)


BAD_INPUT = [
    ("schedule-alpha0-zero", lambda: Schedule(0.0, 1.0), ValueError, "alpha0 must be > 0"),
    ("schedule-negative-power", lambda: Schedule(1.0, -1.0), ValueError, "grow without"),
    ("schedule-alpha0-string", lambda: constant("0.1"), TypeError, "real number"),
    ("schedule-t-zero", lambda: inverse_t()(0), ValueError, "counted from t = 1"),
    ("schedule-t-array-zero", lambda: inverse_t()(np.arange(3)), ValueError, "from t = 1"),
    ("schedule-t-float", lambda: inverse_t()(1.5), TypeError, "integer step number"),
    ("gd-grad-not-callable", lambda: gradient_descent(3, 0.0, schedule=0.1), TypeError,
     "grad must be a function"),
    ("gd-bad-schedule", lambda: gradient_descent(abs, 0.0, schedule="1/t"), TypeError,
     r"Schedule \(e\.g\. constant"),
    ("gd-negative-step", lambda: gradient_descent(abs, 0.0, schedule=-0.1), ValueError,
     "alpha0 must be > 0"),
    ("gd-w0-nan", lambda: gradient_descent(abs, np.nan, schedule=0.1), ValueError,
     "w0 contains NaN"),
    ("gd-w0-text", lambda: gradient_descent(abs, "a", schedule=0.1), TypeError,
     "w0 must be a number"),
    ("gd-grad-shape", lambda: gradient_descent(_grad_wrong_shape, [0.0, 0.0], schedule=0.1),
     ValueError, r"gradient has shape \(3,\) but w has shape \(2,\)"),
    ("gd-overflows", lambda: gradient_descent(lambda t: -1e308, 0.0, schedule=1.0,
                                              n_steps=3),
     FloatingPointError, "step 2 overflowed: .*use smaller step sizes"),
    ("gd-gradient-inf", lambda: gradient_descent(lambda t: np.inf, 0.0, schedule=1.0),
     FloatingPointError, "gradient at step 1 is not finite"),
    ("gd-n-steps", lambda: gradient_descent(abs, 0.0, schedule=0.1, n_steps=-1), ValueError,
     "n_steps must be >= 0"),
    ("sgd-n-samples", lambda: sgd(lambda w, i: w, 0.0, 0, schedule=0.1), ValueError,
     "n_samples must be >= 1"),
    ("sgd-grad-not-callable", lambda: sgd(None, 0.0, 3, schedule=0.1), TypeError,
     r"grad_i must be a function \(w, i\)"),
    ("gd-w0-and-theta0", lambda: gradient_descent(abs, 0.0, theta0=0.0, schedule=0.1),
     TypeError, "w0 or its older name theta0, not both"),
    ("gd-no-start", lambda: gradient_descent(abs, schedule=0.1), TypeError,
     "pass the start w0"),
    ("sgd-w0-nan", lambda: sgd(abs, w0=np.nan, n_samples=2, schedule=0.1),
     ValueError, "w0 contains NaN"),
    ("sgd-no-n-samples", lambda: sgd(lambda w, i: w, 0.0, schedule=0.1), TypeError,
     "sgd needs n_samples"),
    ("sgd-shuffle-not-bool", lambda: sgd(lambda w, i: w, 0.0, 3, schedule=0.1,
                                         shuffle="yes"), TypeError, "True or False"),
    ("loss-nan", lambda: perceptron_loss([0.0, np.nan]), ValueError, "margin contains NaN"),
    ("loss-string", lambda: zero_one_loss("1"), TypeError, "got a string"),
    ("loss-bool", lambda: hinge_loss(np.array([True])), TypeError, "real numbers"),
    ("loss-complex", lambda: hinge_loss(np.array([1j])), TypeError, "complex"),
    ("subgradient-labels", lambda: perceptron_subgradient(X_OK, [1, 0], [0.0, 0.0]),
     ValueError, r"map \{0, 1\} labels with 2\*y - 1"),
    ("subgradient-w-length", lambda: perceptron_subgradient(X_OK, Y_OK, [0.0]), ValueError,
     "w must be a vector of length 2"),
    ("margins-X-1-D", lambda: functional_margins([1.0, 2.0], Y_OK, [1.0]), ValueError,
     "2-D"),
    ("psgd-lr-zero", lambda: perceptron_sgd(X_OK, Y_OK, lr=0.0), ValueError, "lr must be"),
    ("psgd-epochs", lambda: perceptron_sgd(X_OK, Y_OK, max_epochs=0), ValueError,
     "max_epochs must be >= 1"),
    ("psgd-w0", lambda: perceptron_sgd(X_OK, Y_OK, w0=[1.0]), ValueError,
     "w0 must be a vector of length 2"),
    ("psgd-fit-bias", lambda: perceptron_sgd(X_OK, Y_OK, fit_bias=1), TypeError,
     "fit_bias must be True or False"),
    ("psgd-random-state", lambda: perceptron_sgd(X_OK, Y_OK, shuffle=True, random_state=-1),
     ValueError, "random_state must be >= 0"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_module_exports():
    assert set(optim.__all__) <= set(dir(optim))


def test_gradient_descent_stops_when_until_says_so():
    # f(w) = (w - 3)**2 / 2 with the step 1 reaches 3 in one step; the gradient is then 0
    path = optim.gradient_descent(
        lambda w: w - 3.0, 0.0, schedule=1.0, n_steps=50, until=lambda g: abs(g) < 1e-12
    )
    assert path.w.tolist() == [0.0, 3.0] and path.n_steps == 1
    full = optim.gradient_descent(lambda w: w - 3.0, 0.0, schedule=1.0, n_steps=50)
    assert full.n_steps == 50
