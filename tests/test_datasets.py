"""perclab.datasets: generators with a known separator, XOR, and the two loaders."""

import numpy as np
import pytest

import perclab
from perclab.datasets import (
    Separator,
    load_breast_cancer,
    load_iris_2d,
    make_separable,
    make_small_margin,
    make_xor,
)

GENERATORS = [make_separable, make_small_margin]
GENERATOR_IDS = ["make_separable", "make_small_margin"]


def assert_pm1_labels_with_both_classes(y, n_samples):
    assert y.shape == (n_samples,)
    assert set(np.unique(y).tolist()) == {-1, 1}


@pytest.mark.parametrize("maker", GENERATORS, ids=GENERATOR_IDS)
@pytest.mark.parametrize(("n_samples", "n_features"), [(2, 1), (7, 2), (50, 3), (101, 10)])
def test_generators_shapes_and_labels(maker, n_samples, n_features):
    X, y = maker(n_samples, n_features=n_features, random_state=0)
    assert X.shape == (n_samples, n_features)
    assert X.dtype == np.float64
    assert_pm1_labels_with_both_classes(y, n_samples)
    assert np.sum(y == -1) == n_samples // 2  # half, rounded down, are -1


@pytest.mark.parametrize("maker", GENERATORS, ids=GENERATOR_IDS)
def test_generators_are_seeded(maker):
    X1, y1 = maker(30, n_features=3, random_state=5)
    X2, y2 = maker(30, n_features=3, random_state=5)
    X3, _ = maker(30, n_features=3, random_state=6)
    assert np.array_equal(X1, X2) and np.array_equal(y1, y2)
    assert not np.array_equal(X1, X3)
    # a Generator is used as is (and advanced): two calls differ
    rng = np.random.default_rng(5)
    assert np.array_equal(maker(30, n_features=3, random_state=rng)[0], X1)
    assert not np.array_equal(maker(30, n_features=3, random_state=rng)[0], X1)


@pytest.mark.parametrize("maker", GENERATORS, ids=GENERATOR_IDS)
def test_generators_do_not_touch_global_random_state(maker):
    # numpy's legacy global generator is exactly what must stay untouched
    before = np.random.get_state()  # noqa: NPY002
    maker(20, random_state=3)
    maker(20)  # unseeded: fresh entropy, still not the global state
    after = np.random.get_state()  # noqa: NPY002
    assert np.array_equal(before[1], after[1]) and before[2:] == after[2:]


@pytest.mark.parametrize("through_origin", [False, True], ids=["offset", "origin"])
@pytest.mark.parametrize("maker", GENERATORS, ids=GENERATOR_IDS)
@pytest.mark.parametrize(
    ("seed", "n_features", "margin"), [(0, 1, 0.3), (1, 2, 0.1), (2, 3, 0.02), (3, 5, 0.5)]
)
def test_generators_true_separator_has_the_requested_margin(
    maker, through_origin, seed, n_features, margin
):
    X, y, separator = maker(
        40,
        n_features=n_features,
        margin=margin,
        through_origin=through_origin,
        coef=True,
        random_state=seed,
    )
    assert isinstance(separator, Separator)
    w, b = separator
    assert w.shape == (n_features,)
    assert np.isclose(np.linalg.norm(w), 1.0, rtol=1e-12)
    assert np.isclose(np.min(y * (X @ w + b)), margin, rtol=1e-12)
    if through_origin:
        assert b == 0.0
    else:
        assert -0.5 <= b <= 0.5
    # coef=True returns the same data as coef=False
    X_plain, y_plain = maker(
        40,
        n_features=n_features,
        margin=margin,
        through_origin=through_origin,
        random_state=seed,
    )
    assert np.array_equal(X, X_plain) and np.array_equal(y, y_plain)
    # the maximum margin is at least the true separator's
    best = perclab.max_margin(X, y, fit_bias=not through_origin)
    assert best.gamma >= margin * (1 - 1e-9)


def test_offsets_vary_with_the_seed():
    offsets = {make_separable(10, coef=True, random_state=s)[2].b for s in range(10)}
    assert len(offsets) == 10


def test_small_margin_crowds_points_near_the_separator():
    # band is the mean extra distance: most points lie well within 2 * band + margin
    X, y, (w, b) = make_small_margin(
        2000, margin=0.01, band=0.05, coef=True, random_state=0
    )
    distance = y * (X @ w + b)
    assert np.isclose(distance.min(), 0.01, rtol=1e-12)
    assert 0.03 < np.mean(distance - 0.01) < 0.07
    X_wide, y_wide, (w_wide, b_wide) = make_separable(
        2000, margin=0.01, coef=True, random_state=0
    )
    assert np.median(y_wide * (X_wide @ w_wide + b_wide)) > 5 * np.median(distance)


# -------------------------------------------------------------------------------- XOR


@pytest.mark.parametrize("seed", range(6))
def test_xor_labels_follow_the_cluster_signs(seed):
    X, y = make_xor(200, noise=0.2, random_state=seed)
    assert X.shape == (200, 2)
    assert_pm1_labels_with_both_classes(y, 200)
    # noise 0.2 keeps every point in its centre's quadrant (for these seeds)
    expected = np.where((X[:, 0] > 0) != (X[:, 1] > 0), 1, -1)
    assert np.array_equal(y, expected)
    with pytest.raises(ValueError, match="not linearly separable"):
        perclab.max_margin(X, y)


@pytest.mark.parametrize("n_samples", [4, 5, 7, 40])
def test_xor_without_noise_sits_on_the_centres(n_samples):
    X, y = make_xor(n_samples, noise=0.0, random_state=0)
    centres = {(1.0, 1.0): -1, (-1.0, 1.0): 1, (-1.0, -1.0): -1, (1.0, -1.0): 1}
    counts = dict.fromkeys(centres, 0)
    for point, label in zip(map(tuple, X.tolist()), y.tolist(), strict=True):
        assert centres[point] == label
        counts[point] += 1
    assert max(counts.values()) - min(counts.values()) <= 1  # shared out evenly
    with pytest.raises(ValueError, match="not linearly separable"):
        perclab.max_margin(X, y)


def test_xor_is_seeded():
    assert np.array_equal(make_xor(20, random_state=1)[0], make_xor(20, random_state=1)[0])
    assert not np.array_equal(
        make_xor(20, random_state=1)[0], make_xor(20, random_state=2)[0]
    )


# ---------------------------------------------------------------------------- loaders


def test_load_iris_2d():
    from sklearn.datasets import load_iris

    X, y = load_iris_2d()
    assert X.shape == (100, 2) and y.shape == (100,)
    assert np.array_equal(y[:50], -np.ones(50))  # setosa
    assert np.array_equal(y[50:], np.ones(50))  # versicolor
    iris = load_iris()
    assert np.array_equal(X, iris.data[:100][:, [0, 2]])
    assert iris.feature_names[0].startswith("sepal length")
    assert iris.feature_names[2].startswith("petal length")
    assert perclab.max_margin(X, y).gamma > 0  # linearly separable


def test_load_iris_2d_returns_a_fresh_copy():
    X, _ = load_iris_2d()
    X[0, 0] = -100.0
    assert load_iris_2d()[0][0, 0] != -100.0


def test_load_breast_cancer():
    from sklearn.datasets import load_breast_cancer as sklearn_load

    X, y = load_breast_cancer()
    assert X.shape == (569, 30) and y.shape == (569,)
    assert set(np.unique(y).tolist()) == {-1, 1}
    assert np.sum(y == -1) == 212  # malignant
    data = sklearn_load()
    assert np.array_equal(X, data.data)
    assert np.array_equal(y == -1, data.target_names[data.target] == "malignant")
