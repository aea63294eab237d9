"""perclab.variants: pocket, averaged, voted and kernel perceptrons.

The averaged perceptron is compared with scikit-learn's SGDClassifier. Its perceptron
loss (``Hinge(threshold=0)``) updates exactly when ``y * (w @ x + b) <= 0``, by
``eta0 * y * x`` (and ``eta0 * y`` on the intercept), and with ``average=True`` it keeps
the running mean of the weights after *every* sample step, updates or not, from the
first step on (``average_coef += (coef - average_coef) / t`` in ``_sgd_fast.pyx.tp``).
That is ``sum_k c_k w_k / sum_k c_k`` with Freund and Schapire's survival counts
``c_k``, which is what ``averaged_perceptron`` returns. Freund and Schapire write the sum
without the division (the same predictions, ``epochs * n_samples`` times larger
weights), and a mean over the weight vectors alone, one term per update, would be a
different classifier; ``test_averages_over_steps_not_over_updates`` shows the difference.
"""

import dataclasses
import itertools
import math
import warnings

import frozen
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import perclab
from perclab import engine
from perclab.datasets import load_iris_2d, make_separable, make_small_margin, make_xor
from perclab.variants import (
    averaged_perceptron,
    kernel_perceptron,
    linear_kernel,
    pocket,
    polynomial_kernel,
    quadratic_features,
    rbf_kernel,
    voted_perceptron,
)

XOR4 = make_xor(4, noise=0.0, random_state=0)


def _noisy(seed, n_samples=60, n_features=2, flip=0.15):
    """Separable data with a fraction ``flip`` of the labels flipped."""
    rng = np.random.default_rng(seed)
    X, y = make_separable(n_samples, n_features=n_features, margin=0.05, random_state=rng)
    return X, np.where(rng.random(n_samples) < flip, -y, y)


def _integer_data(seed, n_samples=20, n_features=3):
    """Small integers: every score is exact, so ties at 0 are decided identically."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n_samples, n_features)).astype(float)
    return X, rng.choice([-1, 1], size=n_samples)


def _train(X, y, **kwargs):
    """perclab.train, with its warning on data that it cannot separate silenced."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=perclab.NotConvergedWarning)
        return perclab.train(X, y, **kwargs)


def _errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


def _visited_errors(X, y, result):
    """Training errors of every weight vector of a pocket run, in order."""
    history = result.history
    return [_errors(X, y, w, b) for w, b in zip(history.w, history.b, strict=True)]


DATASETS = {
    "xor": make_xor(40, noise=0.3, random_state=0),
    "separable-3d": make_separable(50, n_features=3, margin=0.1, random_state=1),
    "small-margin": make_small_margin(60, random_state=2),
    "iris-2d": load_iris_2d(),
    "noisy-5d": _noisy(3, n_samples=80, n_features=5),
}

# ------------------------------------------------------------- averaged vs scikit-learn


@pytest.mark.parametrize("name", DATASETS)
@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "no-bias"])
@pytest.mark.parametrize("epochs", [1, 3, 10])
def test_averaged_equals_sklearn_sgd_averaging(name, fit_bias, epochs):
    from sklearn.linear_model import SGDClassifier

    X, y = DATASETS[name]
    sgd = SGDClassifier(
        loss="perceptron",
        learning_rate="constant",
        eta0=1,
        alpha=0,
        penalty=None,
        average=True,
        shuffle=False,
        fit_intercept=fit_bias,
        max_iter=epochs,
        tol=None,
    ).fit(X, y)
    result = averaged_perceptron(X, y, epochs=epochs, fit_bias=fit_bias)
    scale = np.max(np.abs(result.w))
    # the two sum in different orders: agreement to a few units of rounding
    assert np.allclose(sgd.coef_[0], result.w, rtol=1e-12, atol=1e-12 * scale)
    assert math.isclose(sgd.intercept_[0], result.b, rel_tol=1e-12, abs_tol=1e-12 * scale)
    assert np.array_equal(sgd.predict(X), result.predict(X))


@pytest.mark.parametrize("name", DATASETS)
def test_final_weights_equal_sklearn_without_averaging(name):
    from sklearn.linear_model import SGDClassifier

    X, y = DATASETS[name]
    sgd = SGDClassifier(
        loss="perceptron",
        learning_rate="constant",
        eta0=1,
        alpha=0,
        penalty=None,
        shuffle=False,
        max_iter=5,
        tol=None,
    ).fit(X, y)
    result = averaged_perceptron(X, y, epochs=5)
    assert np.array_equal(sgd.coef_[0], result.final_w)
    assert sgd.intercept_[0] == result.final_b


def test_averages_over_steps_not_over_updates():
    X, y = DATASETS["xor"]
    voted = voted_perceptron(X, y, epochs=4)
    averaged = averaged_perceptron(X, y, epochs=4)
    over_updates = voted.w[1:].mean(axis=0)  # one term per update: another classifier
    assert not np.allclose(averaged.w, over_updates, rtol=1e-3)
    assert np.allclose(averaged.w, voted.counts @ voted.w / (4 * len(y)), rtol=1e-12)


# ------------------------------------------------------- one run behind all the variants


@pytest.mark.parametrize("name", DATASETS)
@pytest.mark.parametrize("shuffle_seed", [None, 0, 7])
def test_variants_make_the_updates_of_train(name, shuffle_seed):
    X, y = DATASETS[name]
    kwargs = {"shuffle": shuffle_seed is not None, "random_state": shuffle_seed}
    plain = _train(X, y, max_epochs=6, **kwargs)
    voted = voted_perceptron(X, y, epochs=6, **kwargs)
    averaged = averaged_perceptron(X, y, epochs=6, **kwargs)
    packed = pocket(X, y, max_epochs=6, **kwargs)
    assert np.array_equal(voted.w, plain.history.w)
    assert np.array_equal(voted.b, plain.history.b)
    assert np.array_equal(packed.history.w, plain.history.w)
    assert np.array_equal(packed.history.sample, plain.history.sample)
    assert np.array_equal(averaged.final_w, plain.w)
    assert averaged.final_b == plain.b
    assert averaged.n_updates == voted.n_updates == plain.n_updates
    # train stops at a clean epoch, the averaged and voted runs go on without updates
    n = len(plain.mistakes_per_epoch)
    assert averaged.mistakes_per_epoch[:n] == plain.mistakes_per_epoch
    assert not any(averaged.mistakes_per_epoch[n:])


# ------------------------------------------------------------------------------- voted


def _reference_vote(X, weights, biases, counts):
    """The vote written out: one weight vector at a time, one point at a time."""
    labels = []
    for x in X:
        total = 0
        for w, b, c in zip(weights, biases, counts, strict=True):
            total += c * (1 if w @ x + b >= 0 else -1)
        labels.append(1 if total >= 0 else -1)
    return np.array(labels)


@pytest.mark.parametrize("name", DATASETS)
def test_voted_counts_and_averaged_relationship(name):
    X, y = DATASETS[name]
    voted = voted_perceptron(X, y, epochs=5)
    averaged = averaged_perceptron(X, y, epochs=5)
    assert voted.counts.sum() == 5 * len(y) == averaged.n_steps
    assert voted.counts[0] == 0  # the first step always updates from w = 0
    assert np.all(voted.counts[1:] >= 1)  # a vector counts the step that made it
    total = voted.counts.sum()
    assert np.allclose(averaged.w, voted.counts @ voted.w / total, rtol=1e-13, atol=0)
    assert math.isclose(averaged.b, voted.counts @ voted.b / total, abs_tol=1e-12)


@pytest.mark.parametrize("name", ["xor", "noisy-5d", "small-margin"])
def test_voted_predicts_the_weighted_vote(name):
    X, y = DATASETS[name]
    voted = voted_perceptron(X, y, epochs=3)
    queries = np.random.default_rng(0).normal(size=(50, X.shape[1]))
    expected = _reference_vote(queries, voted.w, voted.b, voted.counts)
    assert np.array_equal(voted.predict(queries), expected)
    assert np.array_equal(
        voted.predict(X), _reference_vote(X, voted.w, voted.b, voted.counts)
    )


def test_voted_scores_many_queries_in_chunks():
    X, y = DATASETS["xor"]
    voted = voted_perceptron(X, y, epochs=10)
    queries = np.random.default_rng(1).normal(size=(3000, 2))
    assert 3000 > 2048 * 64 // voted.w.shape[0]  # more than one chunk
    W, b, c = voted.w, voted.b, voted.counts
    direct = np.where(queries @ W.T + b >= 0, 1, -1) @ c
    assert np.array_equal(voted.decision_function(queries), direct)


def test_voted_and_averaged_on_separable_data_separate_it():
    X, y = make_separable(40, margin=0.2, random_state=4)
    assert np.array_equal(voted_perceptron(X, y, epochs=20).predict(X), y)
    assert np.array_equal(averaged_perceptron(X, y, epochs=20).predict(X), y)


# ------------------------------------------------------------------------------ pocket


@st.composite
def noisy_data(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    n_samples = draw(st.integers(2, 40))
    n_features = draw(st.integers(1, 4))
    flip = draw(st.floats(0.0, 0.4))
    X, y = _noisy(seed, n_samples, n_features, flip)
    return X, y, draw(st.one_of(st.none(), st.integers(0, 1000)))


@given(noisy_data(), st.booleans())
def test_pocket_ratchet_and_best_of_visited(data, fit_bias):
    X, y, seed = data
    result = pocket(
        X, y, max_epochs=8, fit_bias=fit_bias, shuffle=seed is not None, random_state=seed
    )
    visited = _visited_errors(X, y, result)
    taken = [visited[k] for k in result.pocket_updates]
    assert result.pocket_updates[0] == 0
    assert visited[0] == len(y)  # the zero start: every score is 0, every sample an error
    assert all(later < earlier for earlier, later in itertools.pairwise(taken))  # ratchet
    best = int(np.argmin(visited))  # the first of the best
    assert result.pocket_updates[-1] == best
    assert np.array_equal(result.w, result.history.w[best])
    assert result.b == result.history.b[best]
    assert result.n_errors == visited[best] == _errors(X, y, result.w, result.b)
    # no worse than the plain perceptron's last weights
    assert result.n_errors <= visited[-1]


def test_pocket_without_ratchet_can_get_worse():
    # the plain pocket keeps the weights with the longest run of correct
    # classifications, which need not be the ones with the fewest training errors
    worse = better = 0
    for seed in range(8):
        X, y = _noisy(seed, n_samples=40, flip=0.25)
        plain = pocket(X, y, max_epochs=10, ratchet=False)
        ratchet = pocket(X, y, max_epochs=10)
        assert np.array_equal(plain.history.w, ratchet.history.w)  # the same run
        assert ratchet.n_errors <= plain.n_errors
        visited = _visited_errors(X, y, plain)
        taken = [visited[k] for k in plain.pocket_updates]
        worse += any(later > earlier for earlier, later in itertools.pairwise(taken))
        better += ratchet.n_errors < plain.n_errors
    assert worse > 0 and better > 0


def test_pocket_without_ratchet_takes_record_runs():
    X, y = _noisy(5, n_samples=30, flip=0.2)
    result = pocket(X, y, max_epochs=5, ratchet=False)
    # replay the run: the pocket takes the current weights when their run of correct
    # classifications beats the record
    history, expected = result.history, [0]
    w, b, run, record, k = np.zeros(2), 0.0, 0, 0, 0
    for _ in range(result.epochs):
        for i in range(len(y)):
            if y[i] * (w @ X[i] + b) <= 0:
                k += 1
                w, b, run = history.w[k], history.b[k], 0
            else:
                run += 1
                if run > record:
                    record = run
                    if expected[-1] != k:
                        expected.append(k)
    assert result.pocket_updates.tolist() == expected


def test_pocket_on_separable_data_converges_like_train():
    X, y = make_separable(50, margin=0.1, random_state=6)
    result = pocket(X, y, max_epochs=100)
    plain = perclab.train(X, y)
    assert result.converged and result.n_errors == 0
    assert result.epochs == plain.epochs and result.mistakes_per_epoch[-1] == 0
    assert np.array_equal(result.w, plain.w) and result.b == plain.b


def test_pocket_known_run():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0], [2.0, 2.0]])
    y = np.array([-1, -1, 1, 1, -1])
    result = pocket(X, y, max_epochs=20)
    # w = 0 makes every point a mistake (5); after the first update (w = 0, b = -1)
    # only the two +1 points are; no later weights the run visits do better
    assert result.pocket_updates.tolist() == [0, 1]
    visited = _visited_errors(X, y, result)
    assert [visited[k] for k in (0, 1)] == [5, 2]
    assert min(visited) == 2 and result.n_errors == 2
    assert (result.w.tolist(), result.b) == ([0.0, 0.0], -1.0)
    # the run repeats itself with a period of one epoch: the pocket stops a period
    # after Brent's search finds it, before max_epochs
    assert not result.converged and result.cycle_period == 1 and result.epochs == 17


# ------------------------------------------------------------------- kernel perceptron


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "no-bias"])
def test_linear_kernel_makes_the_mistakes_of_train(seed, fit_bias):
    X, y = _integer_data(seed)
    kwargs = {"fit_bias": fit_bias, "max_epochs": 8, "shuffle": seed % 2 == 1}
    plain = _train(X, y, random_state=seed, **kwargs)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=perclab.NotConvergedWarning)
        dual = kernel_perceptron(X, y, kernel=linear_kernel, random_state=seed, **kwargs)
    assert np.array_equal(dual.update_samples, plain.history.sample)
    assert dual.mistakes_per_epoch == plain.mistakes_per_epoch
    assert dual.converged == plain.converged
    assert np.array_equal(X.T @ (dual.mistake_counts * y), plain.w)  # w = sum c_i y_i x_i
    assert dual.b == plain.b
    assert np.array_equal(
        np.bincount(plain.history.sample, minlength=len(y)), dual.mistake_counts
    )


def test_alpha_is_a_read_only_alias_of_the_mistake_counts():
    X, y = XOR4
    result = kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False)
    assert result.mistake_counts.tolist() == [1, 1, 1, 1]
    assert result.alpha is result.mistake_counts
    with pytest.raises(AttributeError):
        result.alpha = np.zeros(4)
    assert "alpha" not in {f.name for f in dataclasses.fields(result)}


@pytest.mark.parametrize("name", ["separable-3d", "iris-2d", "small-margin"])
def test_linear_kernel_equals_train_on_continuous_data(name):
    X, y = DATASETS[name]
    plain = perclab.train(X, y)
    dual = kernel_perceptron(X, y)
    assert np.array_equal(dual.update_samples, plain.history.sample)
    assert np.allclose(X.T @ (dual.mistake_counts * y), plain.w, rtol=1e-12)
    queries = np.random.default_rng(2).normal(size=(40, X.shape[1]))
    assert np.allclose(dual.decision_function(queries), plain.decision_function(queries))


def test_polynomial_kernel_separates_xor():
    X, y = XOR4
    result = kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False)
    assert result.converged and result.n_updates == 4
    assert np.array_equal(result.predict(X), y)
    X, y = make_xor(200, noise=0.2, random_state=3)
    result = kernel_perceptron(X, y, kernel=polynomial_kernel(2))
    assert result.converged and np.array_equal(result.predict(X), y)
    # a line cannot: the plain perceptron keeps making mistakes
    assert not _train(X, y, max_epochs=50).converged


def test_rbf_kernel_separates_xor_and_a_ring():
    X, y = make_xor(100, noise=0.3, random_state=4)
    result = kernel_perceptron(X, y, kernel=rbf_kernel(1.0))
    assert result.converged and np.array_equal(result.predict(X), y)
    rng = np.random.default_rng(5)
    X = rng.uniform(-2, 2, size=(150, 2))
    r = np.linalg.norm(X, axis=1)
    keep = np.abs(r - 1.2) > 0.1
    X, y = X[keep], np.where(r[keep] < 1.2, 1, -1)
    result = kernel_perceptron(X, y, kernel=rbf_kernel(2.0))
    assert result.converged and np.array_equal(result.predict(X), y)


@pytest.mark.parametrize("data", ["xor4", "xor-noisy"])
def test_kernel_perceptron_equals_train_on_the_feature_map(data):
    X, y = XOR4 if data == "xor4" else make_xor(60, noise=0.2, random_state=7)
    dual = kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False)
    Phi = quadratic_features(X)
    primal = perclab.train(Phi, y, fit_bias=False)
    assert np.array_equal(dual.update_samples, primal.history.sample)
    assert np.allclose(Phi.T @ (dual.mistake_counts * y), primal.w, rtol=1e-12, atol=1e-12)
    queries = np.random.default_rng(3).normal(size=(30, 2))
    assert np.allclose(
        dual.decision_function(queries),
        quadratic_features(queries) @ primal.w,
        rtol=1e-10,
        atol=1e-10,
    )


def test_kernel_bound_on_xor4_is_four_and_a_half():
    X, y = XOR4
    Phi = quadratic_features(X)
    gamma = perclab.max_margin(Phi, y, fit_bias=False).gamma
    R2 = np.max(np.diag(polynomial_kernel(2)(X, X)))
    assert R2 == 9.0  # (1 + ||x||^2)^2 with ||x||^2 = 2
    assert math.isclose(gamma, math.sqrt(2.0), rel_tol=1e-9)
    result = kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False)
    assert result.n_updates == 4 <= R2 / gamma**2


@st.composite
def quadratic_separable(draw):
    """Points labelled by a random quadratic boundary, those within 0.3 of it (measured
    in the feature space of the kernel) dropped."""
    n_samples = draw(st.integers(2, 25))
    coords = st.floats(-2, 2, allow_nan=False, allow_infinity=False)
    X = draw(hnp.arrays(np.float64, (n_samples, 2), elements=coords))
    u = draw(hnp.arrays(np.float64, 6, elements=st.floats(-1, 1)))
    assume(np.linalg.norm(u) > 0.1)
    u = u / np.linalg.norm(u)
    distance = quadratic_features(X) @ u
    keep = np.abs(distance) >= 0.3
    assume(keep.sum() >= 1)
    return X[keep], np.where(distance[keep] > 0, 1, -1)


@given(quadratic_separable())
def test_kernel_perceptron_obeys_the_bound_in_feature_space(data):
    X, y = data
    kernel = polynomial_kernel(2)
    R2 = float(np.max(np.diag(kernel(X, X))))
    gamma = perclab.max_margin(quadratic_features(X), y, fit_bias=False).gamma
    bound = R2 / gamma**2
    result = kernel_perceptron(
        X, y, kernel=kernel, fit_bias=False, max_epochs=math.ceil(bound) + 1
    )
    assert result.converged
    assert result.n_updates <= bound * (1 + 1e-9)
    assert np.array_equal(result.predict(X), y)


@given(
    hnp.arrays(
        np.float64,
        st.tuples(st.integers(1, 6), st.integers(1, 4)),
        elements=st.floats(-3, 3),
    ),
    st.floats(0, 3),
)
def test_quadratic_features_are_the_polynomial_kernel(X, coef0):
    Phi = quadratic_features(X, coef0=coef0)
    d = X.shape[1]
    assert Phi.shape == (X.shape[0], 1 + 2 * d + d * (d - 1) // 2)
    K = polynomial_kernel(2, coef0=coef0)(X, X)
    assert np.allclose(Phi @ Phi.T, K, rtol=1e-12, atol=1e-12 * max(1.0, np.abs(K).max()))


def test_kernels_known_values():
    A = np.array([[1.0, 2.0], [0.0, -1.0]])
    B = np.array([[3.0, 1.0]])
    assert linear_kernel(A, B).tolist() == [[5.0], [-1.0]]
    assert polynomial_kernel(3, coef0=1.0)(A, B).tolist() == [[216.0], [0.0]]
    assert polynomial_kernel(1, coef0=0.0)(A, B).tolist() == [[5.0], [-1.0]]
    K = rbf_kernel(0.5)(A, B)
    assert np.allclose(K, np.exp(-0.5 * np.array([[5.0], [13.0]])), rtol=1e-15)
    assert np.allclose(np.diag(rbf_kernel(3.0)(A, A)), 1.0)


def test_kernel_perceptron_warns_when_it_cannot_separate():
    X = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    y = np.array([1, -1, 1])  # one point with both labels
    with pytest.warns(perclab.NotConvergedWarning, match="feature space"):
        result = kernel_perceptron(X, y, kernel=rbf_kernel(1.0), max_epochs=5)
    assert not result.converged and result.epochs == 5


def test_kernel_decision_function_in_chunks():
    X, y = make_xor(80, noise=0.2, random_state=8)
    result = kernel_perceptron(X, y, kernel=polynomial_kernel(2))
    queries = np.random.default_rng(4).normal(size=(5000, 2))
    direct = polynomial_kernel(2)(queries, X) @ (result.mistake_counts * y) + result.b
    assert np.allclose(result.decision_function(queries), direct, rtol=1e-12, atol=1e-9)


def test_reprs():
    X, y = XOR4
    assert repr(polynomial_kernel(2)) == "polynomial_kernel(degree=2, coef0=1)"
    assert repr(rbf_kernel(0.5)) == "rbf_kernel(gamma=0.5)"
    text = repr(kernel_perceptron(X, y, kernel=polynomial_kernel(2), fit_bias=False))
    assert text.startswith("KernelResult(kernel=polynomial_kernel(degree=2, coef0=1)")
    assert "n_support=4" in text
    assert repr(pocket(X, y, max_epochs=3)).startswith("PocketResult(n_errors=")
    assert "n_steps=12" in repr(averaged_perceptron(X, y, epochs=3))
    assert repr(voted_perceptron(X, y, epochs=3)).startswith("VotedResult(epochs=3")


# ------------------------------------------------------------------------ bad input

X_OK = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
Y_OK = np.array([1, -1, 1])
FITTED = averaged_perceptron(X_OK, Y_OK, epochs=2)


def _call(function, **kwargs):
    arguments = {"X": X_OK, "y": Y_OK} | kwargs
    return lambda: function(arguments.pop("X"), arguments.pop("y"), **arguments)


def _wrong_shape_kernel(A, B):
    return np.zeros((A.shape[0], 1))


BAD_INPUT = [
    ("pocket-labels-0-1", _call(pocket, y=[1, 0, 1]), ValueError, r"2\*y - 1"),
    ("pocket-X-1-D", _call(pocket, X=[1.0, 2.0, 3.0]), ValueError, "got a 1-D array"),
    ("pocket-max_epochs-0", _call(pocket, max_epochs=0), ValueError, "max_epochs must"),
    ("pocket-ratchet-str", _call(pocket, ratchet="yes"), TypeError, "ratchet must be"),
    ("pocket-shuffle-int", _call(pocket, shuffle=1), TypeError, "shuffle must be"),
    ("averaged-epochs-0", _call(averaged_perceptron, epochs=0), ValueError, "epochs"),
    (
        "averaged-epochs-float",
        _call(averaged_perceptron, epochs=2.0),
        TypeError,
        "epochs must be an integer",
    ),
    ("averaged-y-length", _call(averaged_perceptron, y=[1, -1]), ValueError, "lengths"),
    (
        "voted-X-NaN",
        _call(voted_perceptron, X=[[0, 1], [np.nan, 0], [2, 2]]),
        ValueError,
        "NaN",
    ),
    (
        "voted-fit_bias-None",
        _call(voted_perceptron, fit_bias=None),
        TypeError,
        "fit_bias must be",
    ),
    (
        "voted-random_state",
        _call(voted_perceptron, shuffle=True, random_state=-1),
        ValueError,
        "random_state must be >= 0",
    ),
    (
        "kernel-not-callable",
        _call(kernel_perceptron, kernel="rbf"),
        TypeError,
        "kernel must be a function",
    ),
    (
        "kernel-wrong-shape",
        _call(kernel_perceptron, kernel=_wrong_shape_kernel),
        ValueError,
        r"of shape \(3, 3\), got shape \(3, 1\)",
    ),
    (
        "kernel-not-finite",
        _call(kernel_perceptron, kernel=lambda A, B: np.full((len(A), len(B)), np.inf)),
        ValueError,
        "NaN or infinity",
    ),
    (
        "kernel-labels-strings",
        _call(kernel_perceptron, y=np.array(["a", "b", "a"])),
        TypeError,
        "numbers -1 and",
    ),
    ("poly-degree-0", lambda: polynomial_kernel(0), ValueError, "degree must be >= 1"),
    ("poly-degree-float", lambda: polynomial_kernel(2.5), TypeError, "degree must be an"),
    ("poly-coef0-negative", lambda: polynomial_kernel(2, -1.0), ValueError, "coef0"),
    ("rbf-gamma-0", lambda: rbf_kernel(0.0), ValueError, "gamma must be > 0"),
    ("rbf-gamma-str", lambda: rbf_kernel("1"), TypeError, "gamma must be a real"),
    (
        "kernel-feature-mismatch",
        lambda: linear_kernel([[1.0, 2.0]], [[1.0, 2.0, 3.0]]),
        ValueError,
        "same number of features, got 2 and 3",
    ),
    (
        "quadratic-coef0",
        lambda: quadratic_features(X_OK, coef0=-2.0),
        ValueError,
        "coef0 must be >= 0",
    ),
    (
        "predict-wrong-features",
        lambda: FITTED.predict([[1.0, 2.0, 3.0]]),
        ValueError,
        "X has 3 features but the model was trained on 2",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("ratchet", [True, False])
def test_pocket_on_xor_with_a_huge_max_epochs_stops_where_the_run_cycles(ratchet):
    # the run on XOR repeats itself from the first epoch: the pocket stops there, with
    # the pocket that any number of epochs would give
    X = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    y = np.array([-1, 1, -1, 1])
    huge = pocket(X, y, max_epochs=10**9, ratchet=ratchet)
    assert huge.cycle_period is not None and huge.epochs < 10
    old = frozen.pocket(X, y, max_epochs=50, ratchet=ratchet)
    assert huge.pocket_updates.tolist() == old["pocket_updates"]
    assert np.array_equal(huge.w, old["w"]) and huge.b == old["b"]


def test_a_pocket_that_stopped_without_the_extra_period_could_differ(monkeypatch):
    # the period run after the cycle is found is what keeps the pocket unchanged: a
    # run on these data whose longest stretch of correct classifications comes late
    call = engine.CycleWatch.__call__

    def at_once(watch, model):  # stop as soon as the cycle is found
        return call(watch, model) or watch.period is not None

    found = []
    for seed in range(300):
        rng = np.random.default_rng(seed)
        X = rng.integers(-2, 3, size=(5, 2)).astype(float)
        y = np.where(rng.random(5) < 0.5, -1, 1)
        old = frozen.pocket(X, y, max_epochs=80, ratchet=False)
        with monkeypatch.context() as patch:
            patch.setattr(engine.CycleWatch, "__call__", at_once)
            early = pocket(X, y, max_epochs=80, ratchet=False)
        if early.pocket_updates.tolist() != old["pocket_updates"]:
            found.append(seed)
            new = pocket(X, y, max_epochs=80, ratchet=False)
            assert new.pocket_updates.tolist() == old["pocket_updates"]
    assert found  # without the extra period some pockets differ


def test_the_pocket_on_noisy_xor_with_a_huge_max_epochs_is_refused_in_seconds():
    # without shuffling the run is deterministic, but on these continuous data it never
    # repeats itself exactly: after POCKET_MAX_STEPS visits the pocket says so
    X, y = make_xor(40, random_state=0)
    with pytest.raises(ValueError, match="did not repeat itself exactly in 25000 epochs"):
        pocket(X, y, max_epochs=10**9)
