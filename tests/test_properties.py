"""Property tests of the convergence theorem (Novikoff; Block) and of the proof's steps.

On any linearly separable data the perceptron converges, separates the data, and makes
at most ``R**2 / gamma**2`` updates. The proof's two halves hold after every update k:
``(w_k, b_k) @ u >= k * gamma`` and ``||(w_k, b_k)||**2 <= k * R**2``.
"""

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from reference import reference_perceptron

import perclab
from perclab.datasets import make_separable, make_small_margin

REL = 1e-9  # relative slack for rounding in the inequalities


@st.composite
def generated_separable(draw, through_origin=False):
    """Separable data from perclab's generators with drawn size, dimension and margin."""
    maker = draw(st.sampled_from([make_separable, make_small_margin]))
    n_samples = draw(st.integers(2, 40))
    n_features = draw(st.integers(1, 5))
    margin = draw(st.floats(0.05, 1.0))
    seed = draw(st.integers(0, 2**32 - 1))
    X, y = maker(
        n_samples,
        n_features=n_features,
        margin=margin,
        through_origin=through_origin,
        random_state=seed,
    )
    return X, y


@st.composite
def arbitrary_separable(draw, through_origin=False):
    """Arbitrary small float arrays labelled by a random hyperplane; the points within
    0.2 of the hyperplane are discarded so that the margin stays reasonable."""
    n_samples = draw(st.integers(1, 20))
    n_features = draw(st.integers(1, 4))
    coords = st.floats(-5, 5, allow_nan=False, allow_infinity=False)
    X = draw(hnp.arrays(np.float64, (n_samples, n_features), elements=coords))
    direction = draw(hnp.arrays(np.float64, n_features, elements=st.floats(-1, 1)))
    norm = np.linalg.norm(direction)
    assume(norm > 0.1)
    w = direction / norm
    b = 0.0 if through_origin else draw(st.floats(-1, 1))
    distance = X @ w + b
    keep = np.abs(distance) >= 0.2
    assume(keep.any())
    return X[keep], np.where(distance[keep] > 0, 1, -1)


def separable(through_origin=False):
    return st.one_of(
        generated_separable(through_origin=through_origin),
        arbitrary_separable(through_origin=through_origin),
    )


def _train_within_the_bound(X, y, fit_bias):
    """Train with max_epochs one above the bound: the theorem says that is enough, as
    every epoch but the last makes an update. Warnings are errors, so a
    NotConvergedWarning would fail the test."""
    bound = perclab.mistake_bound(X, y, fit_bias=fit_bias)
    result = perclab.train(X, y, fit_bias=fit_bias, max_epochs=math.ceil(bound) + 1)
    return result, bound


@given(separable())
def test_converges_separates_and_obeys_the_bound(data):
    X, y = data
    result, bound = _train_within_the_bound(X, y, fit_bias=True)
    assert result.converged
    assert np.all(y * (X @ result.w + result.b) > 0)
    assert result.n_updates <= bound * (1 + REL)


@given(separable(through_origin=True))
def test_without_bias_converges_and_obeys_the_bound(data):
    X, y = data
    result, bound = _train_within_the_bound(X, y, fit_bias=False)
    assert result.converged
    assert result.b == 0.0
    assert np.all(y * (X @ result.w) > 0)
    assert result.n_updates <= bound * (1 + REL)


@given(separable())
def test_proof_inequalities_hold_after_every_update(data):
    X, y = data
    Z = perclab.absorb_bias(X)  # the bias-learning perceptron is this one, no bias
    u, b_u, gamma = perclab.max_margin(Z, y, fit_bias=False)
    R = perclab.radius(X, fit_bias=True)
    assert b_u == 0.0
    assert np.isclose(np.linalg.norm(u), 1.0, rtol=1e-12)
    result, _ = _train_within_the_bound(X, y, fit_bias=True)
    weights = np.column_stack([result.history.w, result.history.b])  # (w_k, b_k)
    k = np.arange(len(weights))
    progress = weights @ u
    assert np.all(progress >= k * gamma * (1 - REL))  # each update gains >= gamma
    assert np.all(np.sum(weights**2, axis=1) <= k * R**2 * (1 + REL))  # at most R**2
    # and chained: k gamma <= ||w_k|| <= sqrt(k) R
    norms = np.linalg.norm(weights, axis=1)
    assert np.all(k * gamma <= norms * (1 + REL))
    assert np.all(norms <= np.sqrt(k) * R * (1 + REL))


@given(separable(through_origin=True))
def test_proof_inequalities_without_bias(data):
    X, y = data
    u, _, gamma = perclab.max_margin(X, y, fit_bias=False)
    R = perclab.radius(X, fit_bias=False)
    result, _ = _train_within_the_bound(X, y, fit_bias=False)
    weights = result.history.w
    k = np.arange(len(weights))
    assert np.all(weights @ u >= k * gamma * (1 - REL))
    assert np.all(np.sum(weights**2, axis=1) <= k * R**2 * (1 + REL))


@pytest.mark.parametrize("k", range(1, 13))
def test_bound_is_tight_on_the_unit_vectors(k):
    # e_1 .. e_k, all +1, no bias: each e_i scores 0 when first met, so every one is an
    # update; then w = (1, ..., 1) classifies all. R = 1 and gamma = 1 / sqrt(k).
    X = np.eye(k)
    y = np.ones(k)
    result = perclab.train(X, y, fit_bias=False)
    assert result.n_updates == k
    assert result.mistakes_per_epoch == [k, 0]
    assert np.array_equal(result.w, np.ones(k))
    assert np.isclose(perclab.mistake_bound(X, y, fit_bias=False), k, rtol=1e-9)
    assert np.isclose(perclab.max_margin(X, y, fit_bias=False).gamma, 1 / np.sqrt(k))


@given(separable(), st.integers(-4, 4))
def test_learning_rate_power_of_two_rescales_exactly(data, exponent):
    X, y = data
    lr = 2.0**exponent
    base = perclab.train(X, y)
    scaled = perclab.train(X, y, lr=lr)
    assert scaled.mistakes_per_epoch == base.mistakes_per_epoch
    assert np.array_equal(scaled.history.sample, base.history.sample)
    assert np.array_equal(scaled.w, lr * base.w)
    assert scaled.b == lr * base.b


@given(
    generated_separable(),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 2**32 - 1)),
)
def test_train_equals_reference_on_generated_data(data, fit_bias, shuffle_seed):
    X, y = data
    shuffle = shuffle_seed is not None
    ref = reference_perceptron(
        X, y, fit_bias=fit_bias, max_epochs=30, shuffle=shuffle, seed=shuffle_seed
    )
    kwargs = {"fit_bias": fit_bias, "max_epochs": 30, "shuffle": shuffle}
    if ref.converged:
        result = perclab.train(X, y, random_state=shuffle_seed, **kwargs)
    else:  # without a bias the data need not be separable
        with pytest.warns(perclab.NotConvergedWarning):
            result = perclab.train(X, y, random_state=shuffle_seed, **kwargs)
    assert np.array_equal(result.w, ref.w)
    assert result.b == ref.b
    assert result.mistakes_per_epoch == ref.mistakes_per_epoch
    assert np.array_equal(result.history.sample, ref.samples)
    assert np.array_equal(result.history.w, np.array(ref.weights))
