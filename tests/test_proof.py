"""The convergence proof, step by step: proof_trace, the bound from a non-zero start,
the tight construction, exact cycles on non-separable data, and their figures.

The two steps of the proof, after every update k of a run from w_0 (in units of lr):
(A) w_k @ w_star >= w_0 @ w_star + k * gamma and (B) ||w_k||**2 <= ||w_0||**2 + k R**2.
"""

import math
import warnings

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from matplotlib.colors import to_rgba

import perclab
from perclab.datasets import make_orthonormal, make_separable, make_small_margin, make_xor
from perclab.plotting import plot_proof_chain, plot_proof_trace
from perclab.theory import (
    Cycle,
    ProofTrace,
    find_cycle,
    mistake_bound_from_start,
    proof_trace,
)

REL = 1e-9  # relative slack for rounding in the inequalities

# The hand-computed run. 1-D points -1 (label -1) and +1 (label +1), with a bias; in the
# absorbed space they are (-1, 1) and (1, 1), so R = sqrt(2). From w = 0, b = 0:
#   sample 0 scores 0, a mistake:          (w, b) = (0, 0) + (-1) * (-1, 1) = (1, -1)
#   sample 1 scores 1 - 1 = 0, a mistake:  (w, b) = (1, -1) + (1, 1) = (2, 0)
#   epoch 2: scores -2 and 2, both right (y * score = 2 > 0): converged, 2 updates.
TINY_X = np.array([[-1.0], [1.0]])
TINY_Y = np.array([-1, 1])
TINY_WEIGHTS = np.array([[0.0, 0.0], [1.0, -1.0], [2.0, 0.0]])


# ------------------------------------------------------------------ hand-computed runs


def test_tiny_run_is_the_hand_computed_one():
    result = perclab.train(TINY_X, TINY_Y)
    assert np.array_equal(
        np.column_stack([result.history.w, result.history.b]), TINY_WEIGHTS
    )
    assert result.mistakes_per_epoch == [2, 0]


def test_proof_trace_against_hand_computation_tight_separator():
    # w_star = (1, 0): y_i x_i @ w_star = 1 for both points, so gamma = 1.
    # w_k @ w_star = 0, 1, 2 = k gamma; ||w_k||^2 = 0, 2, 4 = k R^2: both inequalities
    # hold with equality, and the run makes exactly R^2 / gamma^2 = 2 updates.
    result = perclab.train(TINY_X, TINY_Y)
    trace = proof_trace(result, TINY_X, TINY_Y, [1.0, 0.0])
    assert isinstance(trace, ProofTrace)
    assert np.array_equal(trace.k, [0, 1, 2])
    assert np.array_equal(trace.w_dot_wstar, [0.0, 1.0, 2.0])
    assert np.array_equal(trace.norm_sq, [0.0, 2.0, 4.0])
    assert trace.gamma == 1.0
    assert np.isclose(trace.R, np.sqrt(2.0), rtol=1e-15)
    assert np.isclose(trace.bound, 2.0, rtol=1e-15)
    assert trace.n_updates == 2
    assert np.array_equal(trace.dot_floor, [0.0, 1.0, 2.0])
    assert np.allclose(trace.norm_sq_ceiling, [0.0, 2.0, 4.0], rtol=1e-15)
    assert np.array_equal(trace.gains, [1.0, 1.0])
    assert np.array_equal(trace.growths, [2.0, 2.0])
    assert trace.holds()
    assert repr(trace) == "ProofTrace(n_updates=2, gamma=1, R=1.41421, bound=2)"


def test_proof_trace_against_hand_computation_other_separator():
    # w_star = (2, -1) / sqrt(5): y_i x_i @ w_star = 3 / sqrt(5) and 1 / sqrt(5), so
    # gamma = 1 / sqrt(5); w_k @ w_star = 0, 3 / sqrt(5), 4 / sqrt(5); bound 2 * 5 = 10.
    result = perclab.train(TINY_X, TINY_Y)
    s5 = np.sqrt(5.0)
    trace = proof_trace(result, TINY_X, TINY_Y, np.array([2.0, -1.0]) / s5)
    assert np.allclose(trace.w_dot_wstar, [0.0, 3 / s5, 4 / s5], rtol=1e-15)
    assert np.array_equal(trace.norm_sq, [0.0, 2.0, 4.0])
    assert np.isclose(trace.gamma, 1 / s5, rtol=1e-15)
    assert np.isclose(trace.bound, 10.0, rtol=1e-14)
    assert trace.holds()


def test_proof_trace_default_is_the_maximum_margin_separator():
    # In the absorbed space the widest separator through the origin is (1, 0), gamma 1.
    result = perclab.train(TINY_X, TINY_Y)
    trace = proof_trace(result, TINY_X, TINY_Y)
    assert np.isclose(trace.gamma, 1.0, rtol=1e-12)
    assert np.allclose(trace.w_dot_wstar, [0.0, 1.0, 2.0], rtol=1e-12)
    assert np.isclose(trace.bound, perclab.mistake_bound(TINY_X, TINY_Y), rtol=1e-12)


@pytest.mark.parametrize("lr", [0.25, 1.0, 3.0])
def test_proof_trace_is_in_units_of_the_learning_rate(lr):
    # From w = 0 the learning rate only rescales the weights: the trace is the same.
    result = perclab.train(TINY_X, TINY_Y, lr=lr)
    trace = proof_trace(result, TINY_X, TINY_Y, [1.0, 0.0], lr=lr)
    assert np.allclose(trace.w_dot_wstar, [0.0, 1.0, 2.0], rtol=1e-15)
    assert np.allclose(trace.norm_sq, [0.0, 2.0, 4.0], rtol=1e-15)


def test_holds_detects_a_broken_step():
    # The check can fail: traces that break (A), (B) or the bound are refused.
    good = {
        "k": np.arange(3),
        "w_dot_wstar": np.array([0.0, 1.0, 2.0]),
        "norm_sq": np.array([0.0, 2.0, 4.0]),
        "gamma": 1.0,
        "R": np.sqrt(2.0),
        "bound": 2.0,
    }
    assert ProofTrace(**good).holds()
    broken = [
        {"w_dot_wstar": np.array([0.0, 1.0, 1.9])},  # the second update gained 0.9 < 1
        {"norm_sq": np.array([0.0, 2.0, 4.1])},  # the second update grew 2.1 > 2
        {"bound": 1.5},  # 2 updates > bound
        {"gamma": 1.2},  # gains of 1 < 1.2
    ]
    for change in broken:
        assert not ProofTrace(**{**good, **change}).holds(), change


# --------------------------------------------------------------------- property tests


@st.composite
def separable_data(draw, through_origin=False):
    """Separable data: perclab's generators, or small integer grids labelled by a
    random hyperplane with the points near it removed."""
    if draw(st.booleans()):
        maker = draw(st.sampled_from([make_separable, make_small_margin]))
        X, y = maker(
            draw(st.integers(2, 30)),
            n_features=draw(st.integers(1, 4)),
            margin=draw(st.floats(0.05, 0.8)),
            through_origin=through_origin,
            random_state=draw(st.integers(0, 2**32 - 1)),
        )
        return X, y
    n_features = draw(st.integers(1, 3))
    X = draw(
        hnp.arrays(
            np.float64,
            (draw(st.integers(1, 12)), n_features),
            elements=st.integers(-4, 4).map(float),
        )
    )
    direction = draw(hnp.arrays(np.float64, n_features, elements=st.floats(-1, 1)))
    assume(np.linalg.norm(direction) > 0.1)
    w = direction / np.linalg.norm(direction)
    b = 0.0 if through_origin else draw(st.floats(-1, 1))
    score = X @ w + b
    keep = np.abs(score) >= 0.3
    assume(keep.any())
    return X[keep], np.where(score[keep] > 0, 1, -1)


def _train(X, y, **kwargs):
    """Train with a max_epochs that the bound guarantees is enough: every epoch but the
    last makes an update. A NotConvergedWarning would fail the test."""
    bound = mistake_bound_from_start(
        X,
        y,
        kwargs.get("w0", np.zeros(X.shape[1])),
        kwargs.get("b0", 0.0),
        lr=kwargs.get("lr", 1.0),
        fit_bias=kwargs.get("fit_bias", True),
    )
    return perclab.train(X, y, max_epochs=math.floor(bound) + 2, **kwargs)


@given(separable_data())
def test_both_steps_hold_after_every_update_with_a_bias(data):
    X, y = data
    trace = proof_trace(_train(X, y), X, y)
    R, gamma = trace.R, trace.gamma
    assert np.isclose(R, perclab.radius(X, fit_bias=True), rtol=1e-15)
    assert np.all(trace.gains >= gamma * (1 - REL) - REL * np.sqrt(trace.norm_sq[1:]))
    assert np.all(trace.growths <= R**2 + REL * (trace.norm_sq[1:] + R**2))
    assert np.all(trace.w_dot_wstar >= trace.k * gamma * (1 - REL))
    assert np.all(trace.norm_sq <= trace.k * R**2 * (1 + REL))
    assert trace.n_updates <= R**2 / gamma**2 * (1 + REL)
    assert trace.holds()


@given(separable_data(through_origin=True), st.sampled_from([0.5, 1.0, 7.0]))
def test_both_steps_hold_without_a_bias_for_any_learning_rate(data, lr):
    X, y = data
    result = _train(X, y, fit_bias=False, lr=lr)
    trace = proof_trace(result, X, y, fit_bias=False, lr=lr)
    assert np.all(trace.w_dot_wstar >= trace.k * trace.gamma * (1 - REL))
    assert np.all(trace.norm_sq <= trace.k * trace.R**2 * (1 + REL))
    assert np.isclose(trace.bound, trace.R**2 / trace.gamma**2, rtol=1e-12)
    assert trace.holds()


@given(separable_data(), st.integers(0, 2**32 - 1))
def test_any_separator_gives_a_valid_but_weaker_bound(data, seed):
    # Tilt the best separator a little: it still separates, with a smaller margin,
    # and the proof's steps hold with it too.
    X, y = data
    Z = perclab.absorb_bias(X)
    best, _, gamma_best = perclab.max_margin(Z, y, fit_bias=False)
    tilt = np.random.default_rng(seed).normal(size=best.shape)
    other = best + 0.1 * gamma_best / perclab.radius(Z) * tilt / np.linalg.norm(tilt)
    other /= np.linalg.norm(other)
    result = _train(X, y)
    trace_other = proof_trace(result, X, y, other)
    assert trace_other.holds()
    assert trace_other.gamma <= gamma_best * (1 + REL)
    assert trace_other.bound >= proof_trace(result, X, y).bound * (1 - REL)


# ------------------------------------------------------------- the non-zero start


@given(
    separable_data(),
    st.floats(-20, 20),
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.1, 0.5, 1.0, 4.0]),
    st.booleans(),
)
def test_the_bound_from_a_non_zero_start_is_never_violated(data, size, seed, lr, fit_bias):
    X, y = data
    if not fit_bias:
        try:
            perclab.max_margin(X, y, fit_bias=False)
        except ValueError:
            assume(False)  # not separable through the origin
    rng = np.random.default_rng(seed)
    w0 = size * rng.normal(size=X.shape[1])
    b0 = float(size * rng.normal()) if fit_bias else 0.0
    exact = mistake_bound_from_start(X, y, w0, b0, lr=lr, fit_bias=fit_bias)
    simple = mistake_bound_from_start(X, y, w0, b0, lr=lr, fit_bias=fit_bias, simple=True)
    result = _train(X, y, w0=w0, b0=b0, lr=lr, fit_bias=fit_bias)
    assert result.converged
    assert result.n_updates <= exact * (1 + REL)
    assert exact <= simple * (1 + REL)
    trace = proof_trace(result, X, y, fit_bias=fit_bias, lr=lr)
    assert np.isclose(trace.bound, exact, rtol=1e-9)
    assert trace.holds()
    # the simple bound is R^2 / gamma^2 + 2 ||start|| / (lr gamma)
    start = np.append(w0, b0) if fit_bias else w0
    expected = trace.R**2 / trace.gamma**2 + 2 * np.linalg.norm(start) / (lr * trace.gamma)
    assert np.isclose(simple, expected, rtol=1e-9)


@given(
    st.floats(0.01, 10),
    st.floats(0.01, 1),
    st.floats(-1, 1),
    st.floats(0, 50),
)
def test_the_bound_is_the_largest_root_of_the_quadratic(R, gamma_fraction, cos, rho):
    # (a + k gamma)^2 = rho^2 + k R^2 at k_max, and for every larger k it fails; any k
    # with a + k gamma < 0 lies below k_max.
    from perclab.theory import _bound_from_start

    gamma = gamma_fraction * R  # the margin never exceeds the radius
    a = cos * rho  # |w_0 @ w_star| <= ||w_0||
    k_max = _bound_from_start(R, gamma, a, rho**2)
    assert k_max >= 0
    scale = (abs(a) + k_max * gamma) ** 2 + rho**2 + k_max * R**2
    if k_max > 0:
        assert math.isclose((a + k_max * gamma) ** 2, rho**2 + k_max * R**2,
                            rel_tol=1e-7, abs_tol=1e-9 * scale)  # fmt: skip
    for k in k_max * (1 + np.array([1e-6, 0.01, 1.0, 10.0])) + 1e-6:
        assert (a + k * gamma) ** 2 > rho**2 + k * R**2
    assert k_max >= -a / gamma - 1e-9 * (1 + abs(a) / gamma)
    # the simple bound is never smaller
    assert k_max <= (R**2 / gamma**2 + 2 * rho / gamma) * (1 + 1e-12)


@pytest.mark.parametrize("m", [0, 1, 2, 5, 20, 100])
def test_single_point_started_against_it(m):
    # x = 2, y = +1, no bias, w_0 = -m x: the score -m ||x||^2 rises by ||x||^2 per
    # update and must become > 0, so m + 1 updates. R = gamma = 2, so R^2 / gamma^2 = 1
    # is exceeded for every m >= 1; the bound from the start is 2m + 1 (a = -2m,
    # rho = 2m in units of x), linear in the size of the start like the true count.
    X, y = np.array([[2.0]]), np.array([1])
    w0 = np.array([-2.0 * m])
    result = perclab.train(X, y, w0=w0, fit_bias=False)
    assert result.n_updates == m + 1
    assert mistake_bound_from_start(X, y, w0, fit_bias=False) == 2 * m + 1
    assert mistake_bound_from_start(X, y, w0, fit_bias=False, simple=True) == 2 * m + 1
    assert perclab.mistake_bound(X, y, fit_bias=False) == 1.0
    assert result.n_updates <= 2 * m + 1 < 2 * (m + 1)  # within a factor 2 of the truth


@pytest.mark.parametrize("k", [1, 3, 10])
@pytest.mark.parametrize("eps", [1e-3, 0.5, 4.0])
def test_orthogonal_start_on_the_unit_vectors(k, eps):
    # e_1 .. e_k in R^(k+1), started at eps e_(k+1), orthogonal to every point: every
    # score is still 0 when met, so k updates, as from 0. The bound is
    # k (1 + sqrt(1 + 4 eps^2 / k)) / 2, which tends to k as eps -> 0: tight.
    X, y = make_orthonormal(k, n_features=k + 1)
    w0 = eps * np.eye(k + 1)[k]
    result = perclab.train(X, y, w0=w0, fit_bias=False)
    assert result.n_updates == k
    bound = mistake_bound_from_start(X, y, w0, fit_bias=False)
    assert np.isclose(bound, k * (1 + np.sqrt(1 + 4 * eps**2 / k)) / 2, rtol=1e-9)
    assert k <= bound <= k + eps * np.sqrt(k) * (1 + 1e-9)


@pytest.mark.parametrize("rho", [0.1, 0.5, 0.7, 3.0])
def test_a_start_along_the_separator(rho):
    # w_0 = rho w_star already separates: 0 updates. The bound is
    # max(0, (R^2 - 2 rho gamma) / gamma^2): 0 once rho >= R^2 / (2 gamma).
    X, y = make_orthonormal(2)  # R = 1, w_star = (1, 1) / sqrt(2), gamma = 1 / sqrt(2)
    w_star = np.array([1.0, 1.0]) / np.sqrt(2)
    gamma = 1 / np.sqrt(2)
    w0 = rho * w_star
    assert perclab.train(X, y, w0=w0, fit_bias=False).n_updates == 0
    bound = mistake_bound_from_start(X, y, w0, fit_bias=False, w_star=w_star)
    assert np.isclose(bound, max(0.0, (1 - 2 * rho * gamma) / gamma**2), atol=1e-12)


@given(separable_data(), st.integers(0, 2**32 - 1), st.integers(-3, 3))
def test_only_the_start_over_the_learning_rate_matters(data, seed, exponent):
    # A run with (w_0, lr) is the run with (w_0 / lr, 1), scaled by lr: exactly so for
    # powers of two, which scale floating-point numbers exactly.
    X, y = data
    lr = 2.0**exponent
    rng = np.random.default_rng(seed)
    w0, b0 = rng.normal(size=X.shape[1]), float(rng.normal())
    scaled = _train(X, y, w0=w0, b0=b0, lr=lr)
    unit = _train(X, y, w0=w0 / lr, b0=b0 / lr)
    assert np.array_equal(scaled.history.sample, unit.history.sample)
    assert np.array_equal(scaled.history.w, lr * unit.history.w)
    assert mistake_bound_from_start(X, y, w0, b0, lr=lr) == mistake_bound_from_start(
        X, y, w0 / lr, b0 / lr
    )


def test_the_zero_start_gives_novikoffs_bound():
    X, y = make_separable(30, margin=0.1, random_state=3)
    zero = mistake_bound_from_start(X, y, np.zeros(2))
    assert np.isclose(zero, perclab.mistake_bound(X, y), rtol=1e-12)
    assert mistake_bound_from_start(X, y, np.zeros(2), simple=True) == zero


# ------------------------------------------------------------- the tight construction


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7, 16, 64])
def test_the_unit_vectors_need_exactly_k_updates(k):
    X, y = make_orthonormal(k)
    assert np.array_equal(X, np.eye(k)) and np.array_equal(y, np.ones(k))
    result = perclab.train(X, y, fit_bias=False)
    assert result.n_updates == k
    assert result.mistakes_per_epoch == [k, 0]
    trace = proof_trace(result, X, y, np.ones(k) / np.sqrt(k), fit_bias=False)
    assert trace.R == 1.0
    assert np.isclose(trace.gamma, 1 / np.sqrt(k), rtol=1e-14)
    assert np.isclose(trace.bound, k, rtol=1e-12)
    # every step of the proof holds with equality
    assert np.allclose(trace.w_dot_wstar, trace.k / np.sqrt(k), rtol=1e-14)
    assert np.array_equal(trace.norm_sq, trace.k.astype(float))
    if k <= 16:  # the maximum-margin separator is the same one
        best = perclab.max_margin(X, y, fit_bias=False)
        assert np.allclose(best.w, np.ones(k) / np.sqrt(k), rtol=1e-9)


def test_make_orthonormal_with_extra_features():
    X, y = make_orthonormal(2, n_features=4)
    assert np.array_equal(X, [[1, 0, 0, 0], [0, 1, 0, 0]])
    assert y.dtype.kind == "i" and np.array_equal(y, [1, 1])


# ------------------------------------------------------------ non-separable data


def _run(X, y, max_epochs, **kwargs):
    """Train, expecting (and catching only) the NotConvergedWarning."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=perclab.NotConvergedWarning)
        return perclab.train(X, y, max_epochs=max_epochs, **kwargs)


def _epoch_start_weights(result):
    history = result.history
    before = np.searchsorted(history.epoch, np.arange(result.epochs + 1), side="right")
    return np.column_stack([history.w, history.b])[before]


def test_four_point_xor_returns_to_zero_after_every_epoch():
    X, y = make_xor(4, noise=0.0, random_state=0)
    result = _run(X, y, 10)
    assert not result.converged
    assert find_cycle(result) == Cycle(start=0, period=1, n_updates=4)
    assert np.all(_epoch_start_weights(result) == 0)


@pytest.mark.parametrize("seed", range(4))
def test_cycles_on_integer_xor_repeat_exactly(seed):
    X, y = make_xor(12, noise=0.6, random_state=seed)
    X = np.round(2 * X)  # integer data: every weight is an exact integer
    result = _run(X, y, 200)
    cycle = find_cycle(result)
    assert cycle is not None and cycle.period >= 1 and cycle.n_updates >= 1
    states = _epoch_start_weights(result)
    # no repetition before the cycle closes, and periodic from then on
    firsts = [tuple(s) for s in states[: cycle.start + cycle.period]]
    assert len(set(firsts)) == len(firsts)
    later = states[cycle.start :]
    assert np.array_equal(later[cycle.period :], later[: len(later) - cycle.period])
    updates = np.cumsum([0, *result.mistakes_per_epoch])
    start, stop = cycle.start, cycle.start + cycle.period
    assert cycle.n_updates == updates[stop] - updates[start]


def test_find_cycle_returns_none_when_converged_or_too_short():
    assert find_cycle(perclab.train(TINY_X, TINY_Y)) is None
    X, y = make_xor(12, noise=0.6, random_state=0)
    X = np.round(2 * X)
    cycle = find_cycle(_run(X, y, 200))
    # the weights after epoch start + period repeat: one epoch fewer does not see it
    assert find_cycle(_run(X, y, cycle.start + cycle.period)) == cycle
    short = _run(X, y, cycle.start + cycle.period - 1)
    assert find_cycle(short) is None


# -------------------------------------------------------------------------- figures


@pytest.fixture
def trace():
    return proof_trace(perclab.train(TINY_X, TINY_Y), TINY_X, TINY_Y, [1.0, 0.0])


def test_plot_proof_trace_draws_both_inequalities(trace):
    ax_dot, ax_norm = plot_proof_trace(trace)
    run, floor = ax_dot.lines
    assert np.array_equal(run.get_xdata(), trace.k)
    assert np.array_equal(run.get_ydata(), trace.w_dot_wstar)
    assert np.array_equal(floor.get_ydata(), trace.dot_floor)
    run, ceiling = ax_norm.lines
    assert np.array_equal(run.get_ydata(), trace.norm_sq)
    assert np.array_equal(ceiling.get_ydata(), trace.norm_sq_ceiling)
    for ax in (ax_dot, ax_norm):
        assert ax.get_xlabel() == "updates $k$" and ax.get_ylabel() and ax.get_title()
        assert ax.get_legend() is not None
        assert to_rgba(ax.figure.get_facecolor()) == (1.0, 1.0, 1.0, 1.0)


def test_plot_proof_trace_normalised_overlays_many_runs():
    traces = []
    for seed in range(3):
        X, y = make_separable(20, margin=0.1, random_state=seed)
        traces.append(proof_trace(perclab.train(X, y), X, y))
    _, axes = plt.subplots(1, 2)
    returned = plot_proof_trace(traces, axes, normalise=True)
    assert list(returned) == list(axes)
    ax_dot, ax_norm = axes
    assert len(ax_dot.lines) == len(traces) + 1  # one line per run, one shared floor
    for line, t in zip(ax_dot.lines, traces, strict=False):
        expected = (t.w_dot_wstar - t.w_dot_wstar[0]) / t.gamma
        assert np.allclose(line.get_ydata(), expected, rtol=1e-14)
    for line, t in zip(ax_norm.lines, traces, strict=False):
        expected = (t.norm_sq - t.norm_sq[0]) / t.R**2
        assert np.allclose(line.get_ydata(), expected, rtol=1e-14)
    longest = max(t.n_updates for t in traces)
    for ax in axes:
        shared = ax.lines[-1]
        assert np.array_equal(shared.get_xdata(), np.arange(longest + 1))
        assert np.array_equal(shared.get_ydata(), np.arange(longest + 1))
    labels = [t.get_text() for t in ax_dot.get_legend().get_texts()]
    assert labels == ["runs", "floor (A)"]


def test_plot_proof_chain_squeezes_the_run(trace):
    ax = plot_proof_chain(trace)
    floor, dot, norm, ceiling, bound = ax.lines
    k = floor.get_xdata()
    assert k[0] == 0 and k[-1] >= trace.bound
    assert np.allclose(floor.get_ydata(), k * trace.gamma, rtol=1e-14)
    assert np.allclose(ceiling.get_ydata(), np.sqrt(k) * trace.R, rtol=1e-14)
    assert np.array_equal(dot.get_ydata(), trace.w_dot_wstar)
    assert np.array_equal(norm.get_ydata(), np.sqrt(trace.norm_sq))
    assert bound.get_xdata()[0] == trace.bound
    assert ax.get_legend() is not None


# ------------------------------------------------------------------------- bad input

_RESULT = perclab.train(TINY_X, TINY_Y)
_NO_BIAS = perclab.train(TINY_X, TINY_Y, fit_bias=False, w0=[-1.0])  # 2 updates
_OTHER_X = np.array([[-2.0], [1.0]])


def _trace(**kwargs):
    arguments = {"result": _RESULT, "X": TINY_X, "y": TINY_Y, "w_star": [1.0, 0.0]}
    arguments.update(kwargs)
    return lambda: proof_trace(**arguments)


def _start(**kwargs):
    arguments = {"X": TINY_X, "y": TINY_Y, "w0": [0.5]}
    arguments.update(kwargs)
    return lambda: mistake_bound_from_start(**arguments)


BAD_INPUT = [
    ("w_star-not-unit", _trace(w_star=[2.0, 0.0]), ValueError, r"unit vector.*= 2"),
    ("w_star-too-short", _trace(w_star=[1.0]), ValueError, r"length 2 \(the features"),
    (
        "w_star-not-separating",
        _trace(w_star=[0.6, 0.8]),
        ValueError,
        r"does not separate the data.*-0\.2",
    ),
    ("w_star-NaN", _trace(w_star=[np.nan, 1.0]), ValueError, "NaN or infinity"),
    ("w_star-text", _trace(w_star=["a", "b"]), TypeError, "vector of numbers"),
    ("w_star-2-D", _trace(w_star=[[1.0, 0.0]]), ValueError, r"got shape \(1, 2\)"),
    ("result-not-a-run", _trace(result=[1, 2]), TypeError, "what perclab.train returns"),
    ("bias-run-as-no-bias", _trace(fit_bias=False, w_star=[1.0]), ValueError, "b != 0"),
    (
        "no-bias-run-as-bias",
        _trace(result=_NO_BIAS),
        ValueError,
        "did not learn a bias",
    ),
    ("other-data", _trace(X=_OTHER_X), ValueError, r"not lr \* y_i \* x_i"),
    ("other-lr", _trace(lr=2.0), ValueError, "lr=2"),
    ("other-labels", _trace(y=[1, -1], w_star=None), ValueError, r"not lr \* y_i"),
    (
        "more-features",
        _trace(X=np.array([[-1.0, 0.0], [1.0, 0.0]]), w_star=None),
        ValueError,
        "1 weights but X has 2 features",
    ),
    (
        "not-separable",
        _trace(X=np.zeros((2, 1)), w_star=None),
        ValueError,
        "not linearly separable",
    ),
    ("labels-0-1", _trace(y=[0, 1]), ValueError, r"2\*y - 1"),
    ("lr-0", _trace(lr=0.0), ValueError, "lr must be > 0"),
    ("start-b0-without-bias", _start(b0=1.0, fit_bias=False), ValueError, "b0 must be 0"),
    (
        "start-w0-length",
        _start(w0=[0.5, 0.5]),
        ValueError,
        "w0 must be a vector of length 1",
    ),
    ("start-w_star", _start(w_star=[0.0, 1.0]), ValueError, "does not separate"),
    ("start-lr", _start(lr=-1.0), ValueError, "lr must be > 0"),
    ("start-simple", _start(simple="yes"), TypeError, "simple must be True or False"),
    (
        "start-no-bias-not-separable",
        _start(fit_bias=False, y=[1, 1]),
        ValueError,
        "through the origin",
    ),
    (
        "orthonormal-too-few-features",
        lambda: make_orthonormal(3, n_features=2),
        ValueError,
        "n_features must be >= 3",
    ),
    (
        "orthonormal-empty",
        lambda: make_orthonormal(0),
        ValueError,
        "n_samples must be >= 1",
    ),
    ("find_cycle-not-a-run", lambda: find_cycle("run"), TypeError, "perclab.train"),
    ("plot-trace-not-a-trace", lambda: plot_proof_trace([1]), TypeError, "ProofTrace"),
    ("plot-trace-empty", lambda: plot_proof_trace([]), TypeError, "non-empty"),
    (
        "plot-trace-three-axes",
        lambda: plot_proof_trace(
            proof_trace(_RESULT, TINY_X, TINY_Y), plt.subplots(1, 3)[1]
        ),
        ValueError,
        "two axes, got 3",
    ),
    (
        "plot-chain-two-traces",
        lambda: plot_proof_chain([proof_trace(_RESULT, TINY_X, TINY_Y)] * 2),
        TypeError,
        "one ProofTrace",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input_is_refused_with_a_clear_message(call, error, match):
    with pytest.raises(error, match=match):
        call()
