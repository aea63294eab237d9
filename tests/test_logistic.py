"""perclab.logistic: stable sigmoid and loss, the gradient, and agreement with sklearn."""

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perclab
from perclab import logistic
from perclab.datasets import load_iris_2d, make_separable, make_small_margin, make_xor
from perclab.logistic import (
    LogisticNotConvergedWarning,
    fit_logistic,
    logistic_gradient,
    logistic_loss,
    logistic_objective,
    plot_probability,
    sigmoid,
)

# ------------------------------------------------------- stability at extreme margins

HUGE = np.finfo(float).max


@pytest.mark.parametrize(
    ("m", "loss", "p"),
    [
        (0.0, math.log(2.0), 0.5),
        (1e3, 0.0, 1.0),  # exp(-1000) is below the smallest double
        (-1e3, 1e3, 0.0),
        (1e308, 0.0, 1.0),
        (-1e308, 1e308, 0.0),
        (HUGE, 0.0, 1.0),
        (-HUGE, HUGE, 0.0),
        (np.inf, 0.0, 1.0),
        (-np.inf, np.inf, 0.0),
        (800.0, 0.0, 1.0),
        (-800.0, 800.0, 0.0),
    ],
)
def test_extreme_margins_give_the_limits_without_warnings(m, loss, p):
    # warnings are errors (pyproject): an overflow in exp would fail this test
    assert logistic_loss(m) == loss
    assert sigmoid(m) == p
    assert logistic_loss(np.array([m]))[0] == loss


def test_no_warning_or_nan_over_the_whole_float_range():
    m = np.concatenate([-np.logspace(308, -300, 500), [0.0], np.logspace(-300, 308, 500)])
    for values in (logistic_loss(m), sigmoid(m)):
        assert np.all(np.isfinite(values))
    assert np.all(np.diff(logistic_loss(m)) <= 0)  # decreasing in the margin
    assert np.all(np.diff(sigmoid(m)) >= 0)


def _exact_loss(m):
    with mpmath.workdps(60):
        return float(mpmath.log1p(mpmath.exp(-mpmath.mpf(m))))


def _exact_sigmoid(m):
    with mpmath.workdps(60):
        return float(1 / (1 + mpmath.exp(-mpmath.mpf(m))))


@pytest.mark.parametrize(
    "m", [-745.0, -700.0, -40.0, -36.5, -1.0, -1e-9, 1e-12, 1e-5, 0.5, 20.0, 37.0, 300.0,
          700.0, 745.0]
)  # fmt: skip
def test_full_relative_precision(m):
    # a few units in the last place of 60-digit values, in both tails
    assert logistic_loss(m) == pytest.approx(_exact_loss(m), rel=4e-16, abs=0)
    assert sigmoid(m) == pytest.approx(_exact_sigmoid(m), rel=4e-16, abs=0)


@given(st.floats(-700, 700))
def test_identities(m):
    # ln(1 + e^-m) - ln(1 + e^m) = -m, and sigmoid(m) + sigmoid(-m) = 1
    assert logistic_loss(m) - logistic_loss(-m) == pytest.approx(-m, abs=1e-12)
    assert sigmoid(m) + sigmoid(-m) == pytest.approx(1.0, abs=1e-15)


def test_naive_formula_overflows_where_ours_does_not():
    # the reason for the care: the textbook formula overflows (a warning, an error here)
    with pytest.raises(RuntimeWarning, match="overflow"):
        np.log(1.0 + np.exp(np.array([1e3])))
    assert logistic_loss(-1e3) == 1e3


def test_gradient_at_extreme_weights_is_finite():
    X, y = make_separable(20, random_state=0)
    for scale in (1e3, 1e300):
        for sign in (1.0, -1.0):
            g = logistic_gradient(X, y, sign * scale * np.ones(2), 0.0, C=np.inf)
            assert np.all(np.isfinite(g.w)) and np.isfinite(g.b)


# ------------------------------------------------------------------------ gradient


def _central_differences(X, y, w, b, C, h=1e-6):
    def J(w_, b_):
        return logistic_objective(X, y, w_, b_, C=C)

    grad_w = np.empty_like(w)
    for j in range(len(w)):
        e = np.zeros_like(w)
        e[j] = h
        grad_w[j] = (J(w + e, b) - J(w - e, b)) / (2 * h)
    return grad_w, (J(w, b + h) - J(w, b - h)) / (2 * h)


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1), st.sampled_from([0.1, 1.0, np.inf]))
def test_gradient_matches_central_differences(seed, C):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(1, 20)), int(rng.integers(1, 5))
    X, y = rng.normal(size=(n, d)), rng.choice([-1, 1], size=n)
    w, b = rng.normal(scale=2.0, size=d), float(rng.normal())
    g = logistic_gradient(X, y, w, b, C=C)
    fd_w, fd_b = _central_differences(X, y, w, b, C)
    exact, approx = np.r_[g.w, g.b], np.r_[fd_w, fd_b]
    assert np.linalg.norm(exact - approx) <= 1e-6 * max(np.linalg.norm(exact), 1e-3)


def test_gradient_of_one_example_is_minus_y_x_sigmoid_of_minus_margin():
    rng = np.random.default_rng(0)
    for _ in range(50):
        x, y, w, b = (
            rng.normal(size=3),
            rng.choice([-1, 1]),
            rng.normal(size=3),
            rng.normal(),
        )
        m = y * (w @ x + b)
        g = logistic_gradient(x[None, :], [y], w, b, C=np.inf)
        expected = -y * x / (1 + math.exp(m))
        assert np.allclose(g.w, expected, rtol=1e-14, atol=0)
        assert g.b == pytest.approx(-y / (1 + math.exp(m)), rel=1e-14)


def test_penalty_enters_objective_and_gradient():
    X, y = make_xor(12, random_state=1)
    w, b = np.array([0.3, -0.7]), 0.2
    plain = logistic_objective(X, y, w, b, C=np.inf)
    assert logistic_objective(X, y, w, b, C=2.0) == pytest.approx(plain + (w @ w) / 4.0)
    g_plain, g_pen = (logistic_gradient(X, y, w, b, C=C) for C in (np.inf, 2.0))
    assert np.allclose(g_pen.w, g_plain.w + w / 2.0) and g_pen.b == g_plain.b


# ---------------------------------------------------------- fitting, and sklearn


def _noisy(seed, n=120, flip=0.15):
    X, y = make_separable(n, margin=0.05, random_state=seed)
    flips = np.random.default_rng(seed).random(n) < flip
    return X, np.where(flips, -y, y)


DATASETS = {
    "xor": make_xor(80, random_state=0),
    "noisy": _noisy(1),
    "separable": make_separable(50, margin=0.2, random_state=2),
    "small-margin": make_small_margin(60, random_state=3),
    "separable-4d": make_separable(60, n_features=4, random_state=4),
    "iris-centred": (lambda X, y: ((X - X.mean(axis=0)) / X.std(axis=0), y))(
        *load_iris_2d()
    ),
}


@pytest.mark.parametrize("fit_intercept", [True, False])
@pytest.mark.parametrize("C", [0.01, 0.3, 3.0])
@pytest.mark.parametrize("name", list(DATASETS))
def test_agrees_with_scikit_learn(name, C, fit_intercept):
    from sklearn.linear_model import LogisticRegression

    X, y = DATASETS[name]
    fit = fit_logistic(X, y, C=C, fit_bias=fit_intercept, tol=1e-10, max_iter=50_000)
    sk = LogisticRegression(C=C, fit_intercept=fit_intercept, tol=1e-12, max_iter=10_000)
    sk.fit(X, y)
    assert fit.converged
    ours = np.r_[fit.w, fit.b]
    theirs = np.r_[sk.coef_[0], sk.intercept_[0] if fit_intercept else 0.0]
    assert np.max(np.abs(ours - theirs)) <= 1e-5 * np.max(np.abs(theirs))
    # the same objective, to rounding; ours is sklearn's divided by C
    J_ours = logistic_objective(X, y, fit.w, fit.b, C=C)
    J_theirs = logistic_objective(X, y, theirs[:-1], theirs[-1], C=C)
    assert J_ours <= J_theirs * (1 + 1e-12)
    assert np.array_equal(fit.predict(X), np.where(sk.decision_function(X) >= 0, 1, -1))


def test_agrees_with_scikit_learn_without_penalty_on_overlapping_data():
    from sklearn.linear_model import LogisticRegression

    X, y = DATASETS["noisy"]
    fit = fit_logistic(X, y, C=np.inf, tol=1e-10, max_iter=50_000)
    sk = LogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    theirs = np.r_[sk.coef_[0], sk.intercept_[0]]
    assert np.max(np.abs(np.r_[fit.w, fit.b] - theirs)) <= 1e-5 * np.max(np.abs(theirs))


def test_every_step_lowers_the_objective_with_the_default_step():
    for X, y in DATASETS.values():
        fit = fit_logistic(X, y, C=1.0)
        assert np.all(np.diff(fit.objective_path) <= 1e-12 * fit.objective_path[0])
        assert fit.objective_path.shape == (fit.n_iter + 1,)
        assert fit.w_path.shape == (fit.n_iter + 1, X.shape[1])
        assert np.array_equal(fit.w_path[-1], fit.w) and fit.b_path[-1] == fit.b


def test_separable_without_penalty_the_norm_grows_and_never_converges():
    X, y = make_separable(40, margin=0.3, random_state=5)
    with pytest.warns(LogisticNotConvergedWarning, match="no minimiser exists"):
        fit = fit_logistic(X, y, C=np.inf, max_iter=3000)
    norms = np.linalg.norm(np.c_[fit.w_path, fit.b_path], axis=1)
    assert not fit.converged and fit.n_iter == 3000
    assert np.all(np.diff(norms[1:]) > 0)
    assert norms[3000] > norms[300] + 1.0  # about log(t) growth: still climbing
    # while each penalised fit converges, and larger C gives a larger norm
    sizes = [np.linalg.norm(fit_logistic(X, y, C=C).w) for C in (0.1, 1.0, 10.0)]
    assert sizes[0] < sizes[1] < sizes[2]
    assert issubclass(LogisticNotConvergedWarning, perclab.NotConvergedWarning)


def test_fit_without_intercept_keeps_b_zero_and_warm_start_is_used():
    X, y = DATASETS["noisy"]
    fit = fit_logistic(X, y, fit_bias=False, b0=5.0)
    assert fit.b == 0.0 and np.all(fit.b_path == 0.0)
    warm = fit_logistic(X, y, fit_bias=False, w0=fit.w)
    assert warm.n_iter == 0 and np.array_equal(warm.w, fit.w)
    fixed = fit_logistic(X, y, lr=0.001, max_iter=20_000)
    assert fixed.lr == 0.001 and fixed.converged


def test_probability_prediction_and_repr():
    X, y = DATASETS["xor"]
    fit = fit_logistic(X, y)
    p = fit.predict_probability(X)
    assert np.all((p > 0) & (p < 1))
    assert np.array_equal(fit.predict(X), np.where(p >= 0.5, 1, -1))
    assert np.allclose(p, sigmoid(X @ fit.w + fit.b))
    assert repr(fit).startswith("LogisticFit(C=1, converged=True, n_iter=")
    with pytest.raises(ValueError, match="X has 3 features but the model was trained on 2"):
        fit.predict(np.zeros((2, 3)))


# ------------------------------------------------------------------------- plotting


def test_plot_probability_draws_contours_data_and_legend():
    import matplotlib.pyplot as plt

    X, y = make_xor(20, random_state=0)
    _, ax = plt.subplots()
    out = plot_probability(X, y, w=[1.0, -0.5], b=0.2, ax=ax, levels=(0.25, 0.5, 0.75))
    assert out is ax
    filled, lines = ax.collections[0], ax.collections[1]
    assert [float(v) for v in lines.levels] == [0.25, 0.5, 0.75]
    assert list(lines.get_linewidths()) == [0.9, 2.2, 0.9]  # the boundary is thicker
    assert filled.levels[0] == 0.0 and filled.levels[-1] == 1.0
    assert len(ax.texts) >= 3  # contour labels
    assert ax.get_legend() is not None and ax.get_xlabel() == "$x_1$"
    assert ax.figure.get_facecolor()[:3] == (1.0, 1.0, 1.0)


# ------------------------------------------------------------------------ bad input

X_OK = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
Y_OK = np.array([1, -1, 1])

BAD_INPUT = [
    ("sigmoid-nan", lambda: sigmoid([0.0, np.nan]), ValueError, "z contains NaN"),
    ("sigmoid-string", lambda: sigmoid("0"), TypeError, "z must be a number"),
    ("loss-object", lambda: logistic_loss(np.array([None])), TypeError, "real numbers"),
    ("C-zero", lambda: fit_logistic(X_OK, Y_OK, C=0.0), ValueError, "C must be > 0"),
    ("C-negative", lambda: logistic_objective(X_OK, Y_OK, [0.0, 0.0], C=-1), ValueError,
     "C must be > 0"),
    ("C-nan", lambda: logistic_gradient(X_OK, Y_OK, [0.0, 0.0], C=np.nan), ValueError,
     "C must be > 0"),
    ("C-string", lambda: fit_logistic(X_OK, Y_OK, C="1"), TypeError, "C must be a posit"),
    ("C-bool", lambda: fit_logistic(X_OK, Y_OK, C=True), TypeError, "C must be a posit"),
    ("labels-0-1", lambda: fit_logistic(X_OK, [1, 0, 1]), ValueError, r"2\*y - 1"),
    ("X-NaN", lambda: fit_logistic([[np.nan, 0.0], [0.0, 1.0]], [1, -1]), ValueError,
     "NaN or infinity"),
    ("w-length", lambda: logistic_objective(X_OK, Y_OK, [0.0]), ValueError,
     "w must be a vector of length 2"),
    ("lr-zero", lambda: fit_logistic(X_OK, Y_OK, lr=0.0), ValueError, "lr must be > 0"),
    ("tol-zero", lambda: fit_logistic(X_OK, Y_OK, tol=0.0), ValueError, "tol must be > 0"),
    ("max-iter", lambda: fit_logistic(X_OK, Y_OK, max_iter=-1), ValueError,
     "max_iter must be >= 0"),
    ("fit-bias", lambda: fit_logistic(X_OK, Y_OK, fit_bias="yes"), TypeError,
     "True or False"),
    ("plot-3-features", lambda: plot_probability(np.zeros((2, 3)), [1, -1], w=[1.0, 0.0]),
     ValueError, "2-D data"),
    ("plot-levels-1", lambda: plot_probability(X_OK, Y_OK, w=[1.0, 0.0], levels=(0.5, 1.0)),
     ValueError, "strictly between 0 and 1"),
    ("plot-levels-order", lambda: plot_probability(X_OK, Y_OK, w=[1.0, 0.0],
                                                   levels=(0.7, 0.3)),
     ValueError, "increasing"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_max_iter_zero_warns_and_returns_the_start():
    with pytest.warns(LogisticNotConvergedWarning):
        fit = fit_logistic(X_OK, Y_OK, max_iter=0)
    assert fit.n_iter == 0 and np.all(fit.w == 0)


def test_module_exports():
    assert set(logistic.__all__) <= set(dir(logistic))
