"""perclab.theory: radius, margin, the exact maximum margin and the mistake bound."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from reference import brute_force_max_margin

import perclab
from perclab.datasets import load_iris_2d, make_separable, make_small_margin, make_xor

RTOL = 1e-8  # "exact": agreement with an independent method to 1e-8 relative

# ---------------------------------------------------------------------------- radius


def test_radius_is_measured_from_the_origin():
    assert perclab.radius([[3.0, 4.0], [1.0, 0.0]]) == 5.0
    # far from the origin: not the radius of the smallest enclosing ball (which is 1)
    assert perclab.radius([[10.0, 0.0], [12.0, 0.0]]) == 12.0
    assert perclab.radius([[-6.0, 8.0], [1.0, 1.0]]) == 10.0


def test_radius_with_bias_uses_the_absorbed_points():
    X = np.array([[3.0, 4.0], [1.0, 0.0]])
    assert np.isclose(perclab.radius(X, fit_bias=True), np.sqrt(26.0), rtol=1e-15)
    assert perclab.radius([[0.0, 0.0]], fit_bias=True) == 1.0
    assert perclab.radius([[0.0, 0.0]], fit_bias=False) == 0.0
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 4))
    expected = max(np.sqrt(sum(v * v for v in row) + 1.0) for row in X.tolist())
    assert np.isclose(perclab.radius(X, fit_bias=True), expected, rtol=1e-14)


def test_absorb_bias_and_the_threshold_convention():
    X = np.array([[2.0, 3.0], [4.0, 5.0]])
    assert np.array_equal(perclab.absorb_bias(X), [[2.0, 3.0, 1.0], [4.0, 5.0, 1.0]])
    assert np.array_equal(
        perclab.absorb_bias(X, -1.0), [[2.0, 3.0, -1.0], [4.0, 5.0, -1.0]]
    )
    # w @ x + b == (w, b) @ (x, 1)  and  w @ x - theta == (w, theta) @ (x, -1)
    w, b = np.array([0.5, -2.0]), 1.5
    assert np.array_equal(perclab.absorb_bias(X) @ np.append(w, b), X @ w + b)
    assert np.array_equal(perclab.absorb_bias(X, -1.0) @ np.append(w, b), X @ w - b)


# ---------------------------------------------------------------------------- margin


def test_margin_known_values():
    X = [[0.0, 1.0], [1.0, 0.0]]
    assert np.isclose(perclab.margin(X, [1, -1], w=[-1.0, 1.0]), 1 / np.sqrt(2), rtol=1e-15)
    # the same line facing the wrong way misclassifies both points: negative
    assert np.isclose(perclab.margin(X, [1, -1], w=[1.0, -1.0]), -1 / np.sqrt(2))
    # 1-D, threshold at 2.5: distances 1.5, 0.5, 0.5, 1.5
    X1 = [[1.0], [2.0], [3.0], [4.0]]
    assert perclab.margin(X1, [-1, -1, 1, 1], w=[1.0], b=-2.5) == 0.5
    assert perclab.margin(X1, [-1, -1, 1, 1], w=[2.0], b=-5.0) == 0.5
    # one point misclassified by 0.5: the margin is -0.5; one on the line: 0
    assert perclab.margin(X1, [-1, -1, 1, 1], w=[1.0], b=-3.5) == -0.5
    assert perclab.margin(X1, [-1, -1, 1, 1], w=[1.0], b=-3.0) == 0.0


@given(
    st.integers(0, 2**32 - 1),
    st.floats(1e-3, 1e3),
)
def test_margin_is_invariant_to_positive_scaling(seed, scale):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 3))
    y = rng.choice([-1, 1], size=12)
    w, b = rng.normal(size=3), float(rng.normal())
    expected = min(
        yi * (sum(wj * xj for wj, xj in zip(w, xi, strict=True)) + b)
        for xi, yi in zip(X.tolist(), y, strict=True)
    ) / np.sqrt(sum(wj * wj for wj in w))
    assert np.isclose(perclab.margin(X, y, w, b), expected, rtol=1e-12, atol=1e-14)
    assert np.isclose(perclab.margin(X, y, scale * w, scale * b), expected, rtol=1e-12)


# ------------------------------------------------------------------- maximum margin


def assert_matches_brute_force(X, y, fit_bias):
    expected = brute_force_max_margin(X, y, fit_bias=fit_bias)
    assert expected is not None, "the test data should be separable"
    found = perclab.max_margin(X, y, fit_bias=fit_bias)
    assert np.isclose(np.linalg.norm(found.w), 1.0, rtol=1e-12)
    assert np.isclose(found.gamma, expected.gamma, rtol=RTOL, atol=0)
    assert np.allclose(found.w, expected.w, rtol=RTOL, atol=RTOL)
    assert np.isclose(found.b, expected.b, rtol=RTOL, atol=RTOL)
    if not fit_bias:
        assert found.b == 0.0
    assert np.isclose(perclab.margin(X, y, found.w, found.b), found.gamma, rtol=1e-12)
    return found


def _brute_force_cases():
    cases = []
    for n_features in (2, 3):
        for fit_bias in (True, False):
            for seed in range(8):
                n_samples = 5 + seed % 4
                cases.append(
                    pytest.param(
                        n_samples,
                        n_features,
                        fit_bias,
                        seed,
                        id=f"d{n_features}-{'bias' if fit_bias else 'origin'}-s{seed}",
                    )
                )
    return cases


@pytest.mark.parametrize(
    ("n_samples", "n_features", "fit_bias", "seed"), _brute_force_cases()
)
def test_max_margin_equals_brute_force(n_samples, n_features, fit_bias, seed):
    maker = make_separable if seed % 2 else make_small_margin
    X, y = maker(
        n_samples,
        n_features=n_features,
        margin=0.05 * (1 + seed),
        through_origin=not fit_bias,
        random_state=seed,
    )
    assert_matches_brute_force(X, y, fit_bias)


@given(
    hnp.arrays(
        np.float64,
        st.tuples(st.integers(2, 8), st.integers(1, 3)),
        elements=st.integers(-3, 3).map(float),
    ),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_max_margin_equals_brute_force_on_integer_grids(X, fit_bias, seed):
    # Small integer grids: duplicates, collinear points and several support vectors
    # at once, the degenerate cases of the KKT system.
    rng = np.random.default_rng(seed)
    w = rng.integers(-3, 4, size=X.shape[1]).astype(float)
    b = float(rng.integers(-2, 3)) / 2 if fit_bias else 0.0
    score = X @ w + b
    keep = score != 0
    X, y = X[keep], np.where(score[keep] > 0, 1, -1)
    assume(y.size >= 1 and np.any(w != 0))
    if fit_bias:
        assume(np.unique(y).size == 2)
    assert_matches_brute_force(X, y, fit_bias)


@pytest.mark.parametrize("scale", [1e-3, 1.0, 1e4])
@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "origin"])
def test_max_margin_equals_brute_force_at_other_scales(fit_bias, scale):
    X, y = make_separable(
        7, n_features=3, margin=0.1, through_origin=not fit_bias, random_state=99
    )
    found = assert_matches_brute_force(scale * X, y, fit_bias)
    unscaled = perclab.max_margin(X, y, fit_bias=fit_bias)
    assert np.isclose(found.gamma, scale * unscaled.gamma, rtol=RTOL)


def test_max_margin_known_values():
    # 1-D: the threshold halfway between 2 and 3
    w, b, gamma = perclab.max_margin([[1.0], [2.0], [3.0], [4.0]], [-1, -1, 1, 1])
    assert np.allclose([w[0], b, gamma], [1.0, -2.5, 0.5], rtol=1e-12)
    # two points: the perpendicular bisector
    w, b, gamma = perclab.max_margin([[0.0, 0.0], [2.0, 2.0]], [-1, 1])
    assert np.allclose(w, [np.sqrt(0.5), np.sqrt(0.5)], rtol=1e-12)
    assert np.isclose(b, -np.sqrt(2.0), rtol=1e-12)
    assert np.isclose(gamma, np.sqrt(2.0), rtol=1e-12)
    # through the origin, one point: its own direction
    w, b, gamma = perclab.max_margin([[3.0, 4.0]], [-1], fit_bias=False)
    assert np.allclose(w, [-0.6, -0.8], rtol=1e-12) and b == 0.0
    assert np.isclose(gamma, 5.0, rtol=1e-12)


def test_max_margin_of_iris_2d():
    # Setosa and versicolor are split by petal length alone: setosa's longest petal is
    # 1.9 cm, versicolor's shortest 3.0 cm, so the best line is petal length = 2.45
    # with margin 0.55 (it cannot be wider: the KKT check below certifies optimality).
    from sklearn.datasets import load_iris

    iris = load_iris()
    petal = iris.data[:100, 2]
    longest_setosa = petal[iris.target[:100] == 0].max()
    shortest_versicolor = petal[iris.target[:100] == 1].min()
    X, y = load_iris_2d()
    w, b, gamma = perclab.max_margin(X, y)
    assert np.isclose(gamma, (shortest_versicolor - longest_setosa) / 2, rtol=1e-9)
    assert np.allclose(w, [0.0, 1.0], rtol=0, atol=1e-9)
    assert np.isclose(b, -(shortest_versicolor + longest_setosa) / 2, rtol=1e-9)
    assert_kkt_certificate(X, y, w, b, gamma)


def assert_kkt_certificate(X, y, w, b, gamma):
    """Check that (w, b) is optimal for min ||v|| s.t. y_i (v @ x_i + c) >= 1, with
    v = w / gamma and c = b / gamma: primal feasibility, and multipliers alpha >= 0 on
    the active constraints with v = sum alpha_i y_i x_i and sum alpha_i y_i = 0."""
    from scipy.optimize import nnls

    v, c = w / gamma, b / gamma
    slack = y * (X @ v + c)
    assert np.all(slack >= 1 - 1e-9)
    active = np.flatnonzero(slack <= 1 + 1e-9)
    assert active.size >= 2
    E = np.vstack([(y[active, None] * X[active]).T, y[active][None, :]])
    alpha, residual = nnls(E, np.append(v, 0.0))
    assert residual <= 1e-9 * np.linalg.norm(v)
    assert np.all(alpha >= 0) and alpha.sum() > 0


def test_max_margin_of_iris_2d_agrees_with_a_hard_margin_svm():
    from sklearn.svm import SVC

    X, y = load_iris_2d()
    w, b, gamma = perclab.max_margin(X, y)
    svm = SVC(kernel="linear", C=1e10, tol=1e-12).fit(X, y)
    norm = np.linalg.norm(svm.coef_)
    assert np.isclose(gamma, 1 / norm, rtol=1e-4)
    assert np.allclose(w, svm.coef_.ravel() / norm, rtol=1e-4, atol=1e-4)
    assert np.isclose(b, svm.intercept_[0] / norm, rtol=1e-4)


@pytest.mark.parametrize("seed", range(5))
def test_max_margin_satisfies_kkt_on_larger_data(seed):
    # Too many points for the brute force: certify optimality directly.
    X, y = make_separable(60, n_features=3, margin=0.05, random_state=seed)
    w, b, gamma = perclab.max_margin(X, y)
    assert np.isclose(np.linalg.norm(w), 1.0, rtol=1e-12)
    assert np.isclose(perclab.margin(X, y, w, b), gamma, rtol=1e-12)
    assert_kkt_certificate(X, y, w, b, gamma)


# ---------------------------------------------------------------------- mistake bound


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "origin"])
def test_mistake_bound_is_R2_over_gamma2_in_the_right_space(fit_bias, seed):
    X, y = make_separable(
        7, n_features=2, margin=0.1, through_origin=not fit_bias, random_state=seed
    )
    space = np.column_stack([X, np.ones(len(X))]) if fit_bias else X
    gamma = brute_force_max_margin(space, y, fit_bias=False).gamma
    R2 = max(float(x @ x) for x in space)
    expected = R2 / gamma**2
    assert np.isclose(perclab.mistake_bound(X, y, fit_bias=fit_bias), expected, rtol=RTOL)
    assert np.isclose(perclab.radius(X, fit_bias=fit_bias) ** 2, R2, rtol=1e-14)


def test_mistake_bound_known_value():
    # 1-D points 1, 2, 3, 4 labelled -, -, +, +. Absorbed, they are (x, 1), so
    # R^2 = 4^2 + 1 = 17. Through the origin of that space the widest separator rests on
    # (2, 1) and (3, 1): u @ (3, 1) = -u @ (2, 1) gives u = (2, -5) / sqrt(29) and
    # gamma = 1 / sqrt(29) ((1, 1) and (4, 1) are at 3 / sqrt(29)). Bound: 17 * 29.
    X = np.array([[1.0], [2.0], [3.0], [4.0]])
    y = np.array([-1, -1, 1, 1])
    u, _, gamma = perclab.max_margin(perclab.absorb_bias(X), y, fit_bias=False)
    assert np.allclose(u, np.array([2.0, -5.0]) / np.sqrt(29), rtol=1e-12)
    assert np.isclose(gamma, 1 / np.sqrt(29), rtol=1e-12)
    assert np.isclose(perclab.mistake_bound(X, y), 17 * 29, rtol=1e-9)
    assert perclab.train(X, y).n_updates <= 17 * 29


# ---------------------------------------------------------------- not separable data


@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "origin"])
@pytest.mark.parametrize("function", [perclab.max_margin, perclab.mistake_bound])
def test_xor_is_not_separable(function, fit_bias):
    X, y = make_xor(40, random_state=1)
    with pytest.raises(ValueError, match="not linearly separable"):
        function(X, y, fit_bias=fit_bias)


def test_mistake_bound_with_bias_does_not_tell_to_pass_fit_bias_true():
    # The user already asked for fit_bias=True; the message must not suggest it.
    X, y = make_xor(40, random_state=1)
    with pytest.raises(ValueError, match="not linearly separable") as info:
        perclab.mistake_bound(X, y, fit_bias=True)
    assert "fit_bias=True" not in str(info.value)
    assert "through the origin" not in str(info.value)


def test_identical_points_with_both_labels_are_reported_as_not_separable():
    # Two copies of the same point with opposite labels: no hyperplane separates them.
    # The points are not zero, so the message must not claim that they are.
    with pytest.raises(ValueError, match="not linearly separable") as info:
        perclab.max_margin([[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]], [-1, 1, 1])
    assert "zero vector" not in str(info.value)


@pytest.mark.parametrize("function", [perclab.max_margin, perclab.mistake_bound])
def test_separable_only_with_a_bias(function):
    # All x > 0: a threshold at 2.5 separates them, no line through the origin does.
    X = np.array([[1.0], [2.0], [3.0], [4.0]])
    y = np.array([-1, -1, 1, 1])
    with pytest.raises(ValueError, match=r"through the origin \(try fit_bias=True\)"):
        function(X, y, fit_bias=False)
    function(X, y, fit_bias=True)  # with a bias they are separable: no error
    # the same in 2-D: two clusters on the same side of the origin
    X2 = np.array([[1.0, 1.0], [1.2, 0.9], [3.0, 3.0], [3.1, 2.8]])
    with pytest.raises(ValueError, match="try fit_bias=True"):
        function(X2, y, fit_bias=False)


def test_max_margin_needs_both_classes_only_with_a_bias():
    X = [[1.0, 2.0], [2.0, 1.0]]
    with pytest.raises(ValueError, match="single class"):
        perclab.max_margin(X, [1, 1], fit_bias=True)
    w, _, gamma = perclab.max_margin(X, [1, 1], fit_bias=False)
    assert np.allclose(w, [np.sqrt(0.5), np.sqrt(0.5)], rtol=1e-12)
    assert np.isclose(gamma, 3 / np.sqrt(2), rtol=1e-12)


# ------------------------------------------------------------------ is_separable


def test_is_separable_on_xor_and_on_separable_data():
    X, y = make_xor(40, random_state=1)
    assert not perclab.theory.is_separable(X, y)
    assert not perclab.theory.is_separable(X, y, fit_bias=False)
    for seed in range(5):
        X, y = make_separable(60, n_features=3, margin=0.01, random_state=seed)
        assert perclab.theory.is_separable(X, y)


def test_a_point_with_both_labels_is_not_separable():
    rng = np.random.default_rng(4)
    X, y = make_separable(20, margin=0.2, random_state=4)
    X = np.vstack([X, X[7]])
    y = np.append(y, -y[7])
    assert perclab.theory.is_separable(X[:-1], y[:-1])
    assert not perclab.theory.is_separable(X, y)
    assert not perclab.theory.is_separable(rng.normal(size=(1, 3)).repeat(2, 0), [1, -1])


@pytest.mark.parametrize("factor", [1e-150, 1e150])
def test_is_separable_does_not_depend_on_the_units(factor):
    X, y = make_separable(50, margin=0.05, random_state=2)
    assert perclab.theory.is_separable(factor * X, y)
    X_xor, y_xor = make_xor(30, random_state=2)
    assert not perclab.theory.is_separable(factor * X_xor, y_xor)
    # one column in tiny units, the other in huge ones
    assert perclab.theory.is_separable(X * [1e-150, 1e150], y)


def test_is_separable_through_the_origin_or_with_a_bias():
    X, y = [[1.0], [2.0], [4.0], [5.0]], [-1, -1, 1, 1]
    assert not perclab.theory.is_separable(X, y, fit_bias=False)
    assert perclab.theory.is_separable(X, y, fit_bias=True)
    # a zero point lies on every hyperplane through the origin
    assert not perclab.theory.is_separable([[0.0, 0.0], [1.0, 1.0]], [1, 1], fit_bias=False)
    assert perclab.theory.is_separable([[0.0, 0.0], [1.0, 1.0]], [1, 1], fit_bias=True)


@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "origin"])
def test_is_separable_agrees_with_max_margin(fit_bias):
    rng = np.random.default_rng(11)
    outcomes = []
    for _ in range(150):
        n = int(rng.integers(3, 12))
        X = rng.normal(size=(n, 2)) + (0 if fit_bias else rng.normal(size=2) * 2)
        y = rng.choice([-1.0, 1.0], size=n)
        if fit_bias and np.unique(y).size < 2:
            y[0] = -y[1]
        try:
            perclab.max_margin(X, y, fit_bias=fit_bias)
            by_max_margin = True
        except ValueError:
            by_max_margin = False
        assert perclab.theory.is_separable(X, y, fit_bias=fit_bias) == by_max_margin
        outcomes.append(by_max_margin)
    assert 20 < sum(outcomes) < 130  # both answers occur often


@pytest.mark.parametrize(
    ("X", "y", "error", "match"),
    [
        ([1.0, 2.0], [1, -1], ValueError, "2-D"),
        ([[1.0], [np.nan]], [1, -1], ValueError, "NaN"),
        ([[1.0], [2.0]], [1, 0], ValueError, "2\\*y - 1"),
        ([[1.0], [2.0]], [1], ValueError, "different lengths"),
    ],
)
def test_is_separable_rejects_bad_input(X, y, error, match):
    with pytest.raises(error, match=match):
        perclab.theory.is_separable(X, y)
    with pytest.raises(TypeError, match="fit_bias"):
        perclab.theory.is_separable([[1.0], [2.0]], [1, -1], fit_bias=1)


def test_raw_breast_cancer_is_separable_and_max_margin_does_not_deny_it():
    # 30 raw features of very different sizes: the LP finds a separator
    X, y = perclab.datasets.load_breast_cancer()
    assert perclab.theory.is_separable(X, y)
    for function in (perclab.max_margin, perclab.mistake_bound):
        try:
            function(X, y, fit_bias=True)
        except ValueError as error:  # pragma: no cover - the defect this guards
            pytest.fail(f"{function.__name__} claims non-separability: {error}")
        except RuntimeError as error:
            assert "could not certify" in str(error)
            assert "not linearly separable" not in str(error)


def _wrong_nnls(E, f, maxiter=None):
    """What scipy 1.15's nnls returns on some small problems: a point that is not the
    minimiser, with a residual of 0."""
    return np.full(E.shape[1], 0.5), 0.0


def test_a_wrong_nnls_answer_is_caught_and_solved_again(monkeypatch):
    import scipy.optimize

    from perclab.geometry import nonnegative_least_squares

    E = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    f = np.array([3.0, 2.0, 1.0])  # unconstrained fit (4, -1); the NNLS optimum (2, 0)
    monkeypatch.setattr(scipy.optimize, "nnls", _wrong_nnls)
    x, residual = nonnegative_least_squares(E, f)
    assert np.allclose(x, [2.0, 0.0], atol=1e-12)
    assert np.isclose(residual, np.sqrt(2.0), rtol=1e-12)


@pytest.mark.parametrize(
    ("maker", "n_features", "margin", "through_origin", "seed"),
    [(make_separable, 1, 0.3, True, 0), (make_small_margin, 3, 0.02, False, 2)],
)
def test_max_margin_does_not_trust_a_wrong_nnls(
    monkeypatch, maker, n_features, margin, through_origin, seed
):
    # two data sets on which scipy 1.15.3's nnls made max_margin fail
    import scipy.optimize

    X, y = maker(
        40, n_features=n_features, margin=margin, through_origin=through_origin,
        random_state=seed,
    )  # fmt: skip
    expected = perclab.theory.max_margin(X, y, fit_bias=not through_origin)
    monkeypatch.setattr(scipy.optimize, "nnls", _wrong_nnls)
    found = perclab.theory.max_margin(X, y, fit_bias=not through_origin)
    assert np.isclose(found.gamma, expected.gamma, rtol=1e-9)
    assert np.allclose(found.w, expected.w, rtol=1e-9) and np.isclose(found.b, expected.b)
    assert found.gamma >= margin * (1 - 1e-12)
