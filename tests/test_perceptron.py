"""perclab.train: exact agreement with the reference rule and with scikit-learn."""

import warnings

import numpy as np
import pytest
from reference import reference_perceptron

import perclab
from perclab.datasets import load_iris_2d, make_separable, make_small_margin, make_xor

# --------------------------------------------------------------------------- helpers


def _hyperplane_labelled(seed, n_samples, n_features, *, integer=False, bias=True):
    """Random points labelled by a random hyperplane, points on it dropped.

    Integer coordinates and weights make exact zero scores common during training, so
    they exercise the ``<= 0`` convention.
    """
    rng = np.random.default_rng(seed)
    if integer:
        X = rng.integers(-3, 4, size=(n_samples, n_features)).astype(float)
        w = rng.integers(-2, 3, size=n_features)
        b = int(rng.integers(-1, 2)) if bias else 0
    else:
        X = rng.normal(size=(n_samples, n_features))
        w = rng.normal(size=n_features)
        b = float(rng.normal()) if bias else 0.0
    score = X @ w + b
    keep = np.abs(score) > 1e-9
    return X[keep], np.where(score[keep] > 0, 1, -1)


def _datasets():
    """(id, X, y) of many small data sets: separable, tied, through the origin, XOR."""
    sets = []
    for seed, n_features in [(0, 1), (1, 2), (2, 2), (3, 3), (4, 5), (5, 8)]:
        X, y = make_separable(30, n_features=n_features, margin=0.05, random_state=seed)
        sets.append((f"separable-s{seed}-d{n_features}", X, y))
    for seed in (6, 7):
        X, y = make_small_margin(40, n_features=2, margin=0.02, random_state=seed)
        sets.append((f"small-margin-s{seed}", X, y))
    for seed, n_features in [(8, 2), (9, 3), (10, 4)]:
        X, y = _hyperplane_labelled(seed, 25, n_features, integer=True)
        sets.append((f"integer-ties-s{seed}-d{n_features}", X, y))
    X, y = _hyperplane_labelled(11, 20, 3, bias=False)
    sets.append(("gaussian-through-origin", X, y))
    X, y = make_xor(24, noise=0.3, random_state=12)
    sets.append(("xor", X, y))
    return sets


DATASETS = _datasets()
DATASET_IDS = [name for name, _, _ in DATASETS]

# Configurations whose numbers are all dyadic (lr, w0, b0 sums of powers of two): on
# integer data every score is then computed exactly, whatever the summation order.
EXACT_CONFIGS = {
    "defaults": {},
    "lr-8": {"lr": 8.0},
    "w0-b0": {"w0": "ramp", "b0": -0.75},
    "w0-b0-lr": {"w0": "ramp", "b0": 0.5, "lr": 0.25},
    "no-bias": {"fit_bias": False},
    "no-bias-fixed-b0": {"fit_bias": False, "b0": 0.25},
    "shuffle-seed-0": {"shuffle": True, "random_state": 0},
    "shuffle-seed-42-lr": {"shuffle": True, "random_state": 42, "lr": 0.5},
}
# With other numbers a score that is 0 in exact arithmetic comes out as +-1e-16 or 0
# depending on the order of summation (numpy's dot goes through BLAS), so these are
# compared only on data without ties (continuous features).
INEXACT_CONFIGS = {
    "lr-0.3": {"lr": 0.3},
    "w0-b0-lr-0.7": {
        "w0": [0.3, -1.1, 0.7, 0.2, -0.6, 0.9, 1.3, -0.4],
        "b0": 0.1,
        "lr": 0.7,
    },
    "shuffle-seed-5-lr-1.3": {"shuffle": True, "random_state": 5, "lr": 1.3},
}


def _cases():
    cases = []
    for name, X, y in DATASETS:
        configs = dict(EXACT_CONFIGS)
        if not name.startswith("integer"):
            configs.update(INEXACT_CONFIGS)
        for config_name, config in configs.items():
            cases.append(pytest.param(name, X, y, config, id=f"{name}-{config_name}"))
    return cases


def _resolve(config, n_features):
    kwargs = dict(config)
    if kwargs.get("w0") == "ramp":
        kwargs["w0"] = np.resize([-1.0, 0.5, 1.5, -0.25], n_features)
    elif "w0" in kwargs:
        kwargs["w0"] = np.resize(kwargs["w0"], n_features)
    return kwargs


def _reference_kwargs(kwargs):
    ref = dict(kwargs)
    ref["seed"] = ref.pop("random_state", None)
    return ref


def train_expecting(X, y, expect_converged, **kwargs):
    """Call train, requiring the NotConvergedWarning exactly when no convergence is
    expected (any other warning fails the test, as warnings are errors)."""
    if expect_converged:
        return perclab.train(X, y, **kwargs)
    with pytest.warns(perclab.NotConvergedWarning, match="linearly separable"):
        return perclab.train(X, y, **kwargs)


def assert_same_run(result, ref, w0=None, b0=0.0):
    """The TrainResult equals the reference run exactly, history included."""
    assert np.array_equal(result.w, np.array(ref.w))
    assert result.b == ref.b
    assert result.converged is ref.converged
    assert result.epochs == ref.epochs
    assert result.n_updates == ref.n_updates
    assert result.mistakes_per_epoch == ref.mistakes_per_epoch
    history = result.history
    assert len(history) == ref.n_updates
    assert np.array_equal(history.sample, ref.samples)
    assert np.array_equal(history.epoch, ref.update_epochs)
    assert np.array_equal(history.w, np.array(ref.weights))
    assert np.array_equal(history.b, ref.biases)
    # the bookkeeping identities of the result itself
    n_features = result.w.shape[0]
    assert history.w.shape == (result.n_updates + 1, n_features)
    assert history.b.shape == (result.n_updates + 1,)
    start = np.zeros(n_features) if w0 is None else w0
    assert np.array_equal(history.w[0], start)
    assert history.b[0] == b0
    assert np.array_equal(history.w[-1], result.w)
    assert history.b[-1] == result.b
    assert sum(result.mistakes_per_epoch) == result.n_updates
    assert len(result.mistakes_per_epoch) == result.epochs
    assert (result.mistakes_per_epoch[-1] == 0) is result.converged
    # updates are listed epoch by epoch, and each epoch's count matches
    assert np.all(np.diff(history.epoch) >= 0)
    counts = np.bincount(history.epoch, minlength=result.epochs + 1)[1:]
    assert counts.tolist() == result.mistakes_per_epoch


# --------------------------------------------------------------- the exact comparison


@pytest.mark.parametrize(("name", "X", "y", "config"), _cases())
def test_train_equals_reference_exactly(name, X, y, config):
    kwargs = _resolve(config, X.shape[1])
    kwargs["max_epochs"] = 40 if name == "xor" else 3000
    ref = reference_perceptron(X, y, **_reference_kwargs(kwargs))
    result = train_expecting(X, y, ref.converged, **kwargs)
    assert_same_run(result, ref, w0=kwargs.get("w0"), b0=kwargs.get("b0", 0.0))


def test_reference_comparison_covers_both_outcomes():
    # The table above must hold runs that converge and runs that do not, and runs
    # with exact ties (a score of exactly 0 after the first update).
    outcomes = set()
    for _, X, y in DATASETS:
        outcomes.add(reference_perceptron(X, y, max_epochs=40).converged)
    assert outcomes == {True, False}
    X, y = DATASETS[DATASET_IDS.index("integer-ties-s8-d2")][1:]
    ref = reference_perceptron(X, y)
    ties = 0
    for k, i in enumerate(ref.samples):
        w, b = np.array(ref.weights[k]), ref.biases[k]
        ties += k > 0 and w @ X[i] + b == 0
    assert ties > 0


def test_hand_worked_run_with_ties():
    # From w = 0 the first point has score 0 and must be updated on; then the second
    # point has score (1, 0) @ (0, 1) = 0 and must be updated on too.
    X = np.array([[1.0, 0.0], [0.0, 1.0]])
    result = perclab.train(X, [1, 1], fit_bias=False)
    assert np.array_equal(result.w, [1.0, 1.0])
    assert result.b == 0.0
    assert result.mistakes_per_epoch == [2, 0]
    assert result.history.sample.tolist() == [0, 1]
    assert np.array_equal(result.history.w, [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])


def test_hand_worked_run_with_bias_and_a_tie():
    # x0 = (1, 1), y0 = +1: score 0, update to w = (1, 1), b = 1.
    # x1 = (-1, 0), y1 = -1: score -1 + 1 = 0, a tie, update to w = (2, 1), b = 0.
    # epoch 2: scores 3 and -2 have the right signs: converged.
    result = perclab.train([[1.0, 1.0], [-1.0, 0.0]], [1, -1])
    assert np.array_equal(result.history.w, [[0.0, 0.0], [1.0, 1.0], [2.0, 1.0]])
    assert result.history.b.tolist() == [0.0, 1.0, 0.0]
    assert result.mistakes_per_epoch == [2, 0]
    assert (result.epochs, result.n_updates, result.converged) == (2, 2, True)


@pytest.mark.parametrize(("name", "X", "y"), DATASETS, ids=DATASET_IDS)
def test_first_sample_always_triggers_an_update_from_zero(name, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)  # XOR: irrelevant
        result = perclab.train(X, y, max_epochs=3)
    assert result.history.sample[0] == 0
    assert result.history.epoch[0] == 1
    assert np.array_equal(result.history.w[1], y[0] * X[0])
    assert result.history.b[1] == y[0]


def test_result_types():
    X, y = make_separable(20, random_state=0)
    result = perclab.train(X, y)
    assert isinstance(result, perclab.TrainResult)
    assert isinstance(result.history, perclab.UpdateHistory)
    assert type(result.b) is float
    assert type(result.converged) is bool
    assert type(result.epochs) is int
    assert type(result.n_updates) is int
    assert all(type(m) is int for m in result.mistakes_per_epoch)
    assert result.w.dtype == np.float64
    assert result.history.sample.dtype.kind == "i"
    assert result.history.epoch.dtype.kind == "i"
    assert f"n_updates={result.n_updates}" in repr(result)
    assert "converged=True" in repr(result)
    assert f"UpdateHistory(n_updates={result.n_updates}" in repr(result.history)


def test_train_does_not_modify_its_inputs():
    X, y = make_separable(20, random_state=3)
    w0 = np.array([0.5, -0.5])
    X_copy, y_copy, w0_copy = X.copy(), y.copy(), w0.copy()
    result = perclab.train(X, y, w0=w0, b0=1.0)
    assert result.n_updates > 0
    assert np.array_equal(X, X_copy)
    assert np.array_equal(y, y_copy)
    assert np.array_equal(w0, w0_copy)
    assert result.w is not w0


def test_fit_bias_false_keeps_b0_fixed():
    X, y = make_separable(30, margin=0.05, through_origin=True, random_state=1)
    result = perclab.train(X, y, fit_bias=False)
    assert result.n_updates > 1
    assert np.all(result.history.b == 0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        shifted = perclab.train(X, y, fit_bias=False, b0=-0.3, max_epochs=50)
    assert np.all(shifted.history.b == -0.3)
    assert shifted.b == -0.3


# ------------------------------------------------------------------------- shuffling


def test_shuffle_is_reproducible_and_seed_dependent():
    X, y = make_separable(30, margin=0.05, random_state=4)
    first = perclab.train(X, y, shuffle=True, random_state=7)
    again = perclab.train(X, y, shuffle=True, random_state=7)
    other = perclab.train(X, y, shuffle=True, random_state=8)
    assert np.array_equal(first.history.sample, again.history.sample)
    assert np.array_equal(first.w, again.w)
    assert not np.array_equal(first.history.sample, other.history.sample)


def test_shuffle_accepts_a_generator_like_a_seed():
    X, y = make_separable(30, margin=0.05, random_state=5)
    from_seed = perclab.train(X, y, shuffle=True, random_state=11)
    from_generator = perclab.train(
        X, y, shuffle=True, random_state=np.random.default_rng(11)
    )
    assert np.array_equal(from_seed.history.sample, from_generator.history.sample)
    assert np.array_equal(from_seed.w, from_generator.w)


def test_random_state_is_ignored_without_shuffle():
    X, y = make_separable(30, margin=0.05, random_state=6)
    plain = perclab.train(X, y)
    seeded = perclab.train(X, y, random_state=123)
    assert np.array_equal(plain.history.sample, seeded.history.sample)
    assert np.array_equal(plain.w, seeded.w)


def test_shuffle_draws_the_first_order_from_the_seed():
    # Five copies of x = 1 with label +1: from w = 0 only the first sample visited is a
    # mistake (score 0); after it w = 1 classifies all. So the single update names the
    # first entry of the first permutation drawn from default_rng(seed).
    X = np.ones((5, 1))
    y = np.ones(5)
    for seed in range(6):
        result = perclab.train(X, y, fit_bias=False, shuffle=True, random_state=seed)
        first = int(np.random.default_rng(seed).permutation(5)[0])
        assert result.history.sample.tolist() == [first]


# ---------------------------------------------------------------- non-separable data


def test_xor_stops_at_max_epochs_with_a_warning(xor_data):
    X, y = xor_data
    with pytest.warns(perclab.NotConvergedWarning, match="linearly separable") as record:
        result = perclab.train(X, y, max_epochs=30)
    assert result.converged is False
    assert result.epochs == 30
    assert len(result.mistakes_per_epoch) == 30
    assert result.mistakes_per_epoch[-1] > 0
    assert "max_epochs=30" in str(record[0].message)
    # stacklevel: the warning points at the caller, not at perclab's internals
    assert record[0].filename == __file__


def test_train_never_hangs(xor_data):
    X, y = xor_data
    with pytest.warns(perclab.NotConvergedWarning):
        result = perclab.train(X, y, max_epochs=5)
    assert result.epochs == 5
    assert not result.converged


def test_not_converged_when_max_epochs_too_small_for_separable_data():
    X, y = load_iris_2d()
    with pytest.warns(perclab.NotConvergedWarning, match="max_epochs=3"):
        result = perclab.train(X, y, max_epochs=3)
    assert (result.converged, result.epochs) == (False, 3)
    assert result.mistakes_per_epoch == [2, 2, 3]


def test_converging_in_exactly_max_epochs_is_converged():
    # Iris needs 6 epochs (the sixth is clean): max_epochs=6 is enough, no warning.
    X, y = load_iris_2d()
    result = perclab.train(X, y, max_epochs=6)
    assert result.converged and result.epochs == 6


# ----------------------------------------------------------------------------- Iris

IRIS_MISTAKES_PER_EPOCH = [2, 2, 3, 2, 1, 0]


def test_iris_2d_converges_with_ten_updates():
    X, y = load_iris_2d()
    result = perclab.train(X, y)
    ref = reference_perceptron(X, y)
    assert result.converged
    assert result.n_updates == 10
    assert result.mistakes_per_epoch == IRIS_MISTAKES_PER_EPOCH
    assert ref.mistakes_per_epoch == IRIS_MISTAKES_PER_EPOCH
    assert_same_run(result, ref)
    assert np.array_equal(result.predict(X), y)


# ---------------------------------------------------------------------- learning rate

SCALING_SETS = [DATASETS[i] for i in range(len(DATASETS)) if DATASET_IDS[i] != "xor"]


@pytest.mark.parametrize("lr", [0.5, 2.0, 8.0, 0.125])
@pytest.mark.parametrize(
    ("name", "X", "y"), SCALING_SETS, ids=[name for name, _, _ in SCALING_SETS]
)
def test_learning_rate_only_rescales_from_zero_exactly(name, X, y, lr):
    # With a power of two every product and sum scales exactly, so the same points are
    # mistakes and the weights are exactly lr times those of lr = 1.
    base = perclab.train(X, y)
    scaled = perclab.train(X, y, lr=lr)
    assert scaled.mistakes_per_epoch == base.mistakes_per_epoch
    assert np.array_equal(scaled.history.sample, base.history.sample)
    assert np.array_equal(scaled.history.w, lr * base.history.w)
    assert np.array_equal(scaled.history.b, lr * base.history.b)


@pytest.mark.parametrize("lr", [0.1, 0.3, 3.7])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_learning_rate_only_rescales_from_zero_up_to_rounding(seed, lr):
    X, y = make_separable(40, n_features=3, margin=0.05, random_state=seed)
    base = perclab.train(X, y)
    scaled = perclab.train(X, y, lr=lr)
    assert scaled.mistakes_per_epoch == base.mistakes_per_epoch
    assert np.array_equal(scaled.history.sample, base.history.sample)
    assert np.allclose(scaled.w, lr * base.w, rtol=1e-12, atol=0)
    assert np.isclose(scaled.b, lr * base.b, rtol=1e-12, atol=0)


def test_learning_rate_matters_from_a_nonzero_start(worked_example):
    X, y = worked_example
    start = {"w0": [1.0, -1.0], "b0": 0.5}
    runs = {lr: perclab.train(X, y, lr=lr, **start) for lr in (0.5, 1.0, 2.0)}
    for lr, result in runs.items():
        ref = reference_perceptron(X, y, lr=lr, **start)
        assert result.mistakes_per_epoch == ref.mistakes_per_epoch
    sequences = {tuple(result.history.sample) for result in runs.values()}
    assert len(sequences) == 3


# --------------------------------------------------------------------- scikit-learn


def _sklearn_perceptron(X, y, *, max_iter, fit_intercept=True):
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    model = Perceptron(
        shuffle=False,
        tol=None,
        penalty=None,
        eta0=1.0,
        max_iter=max_iter,
        fit_intercept=fit_intercept,
    )
    with warnings.catch_warnings():
        # scikit-learn may say that it stopped at max_iter; the comparison is the point
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(X, y)
    assert model.classes_.tolist() == [-1, 1]
    return model.coef_.ravel(), float(model.intercept_[0])


SKLEARN_SETS = [
    (seed, n_features, margin)
    for seed, n_features, margin in [
        (0, 1, 0.1),
        (1, 2, 0.05),
        (2, 2, 0.2),
        (3, 3, 0.05),
        (4, 4, 0.1),
        (5, 6, 0.05),
        (6, 10, 0.1),
        (7, 2, 0.01),
    ]
]


@pytest.mark.parametrize(
    ("seed", "n_features", "margin"),
    SKLEARN_SETS,
    ids=[f"s{s}-d{d}-m{m}" for s, d, m in SKLEARN_SETS],
)
def test_equals_sklearn_perceptron_on_separable_data(seed, n_features, margin):
    X, y = make_separable(60, n_features=n_features, margin=margin, random_state=seed)
    result = perclab.train(X, y)
    assert result.converged
    coef, intercept = _sklearn_perceptron(X, y, max_iter=result.epochs)
    assert np.array_equal(result.w, coef)
    assert result.b == intercept


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_equals_sklearn_perceptron_without_intercept(seed):
    X, y = make_separable(
        50, n_features=3, margin=0.05, through_origin=True, random_state=seed
    )
    result = perclab.train(X, y, fit_bias=False)
    assert result.converged and result.b == 0.0
    coef, intercept = _sklearn_perceptron(X, y, max_iter=result.epochs, fit_intercept=False)
    assert np.array_equal(result.w, coef)
    assert intercept == 0.0


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_equals_sklearn_perceptron_on_integer_data_with_ties(seed):
    X, y = _hyperplane_labelled(seed, 25, 3, integer=True)
    result = perclab.train(X, y)
    coef, intercept = _sklearn_perceptron(X, y, max_iter=result.epochs)
    assert np.array_equal(result.w, coef)
    assert result.b == intercept


@pytest.mark.parametrize("fit_bias", [True, False], ids=["bias", "no-bias"])
def test_equals_sklearn_perceptron_on_xor_after_fixed_epochs(xor_data, fit_bias):
    X, y = xor_data
    with pytest.warns(perclab.NotConvergedWarning, match="linearly separable"):
        result = perclab.train(X, y, fit_bias=fit_bias, max_epochs=25)
    coef, intercept = _sklearn_perceptron(X, y, max_iter=25, fit_intercept=fit_bias)
    assert np.array_equal(result.w, coef)
    assert result.b == intercept


# ------------------------------------------------------------------- predict helpers


def test_predict_and_decision_function(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    assert np.array_equal(result.predict(X), y)
    assert np.array_equal(result.decision_function(X), X @ result.w + result.b)
    assert np.array_equal(perclab.predict(X, result.w, result.b), y)


def test_predict_puts_the_boundary_in_the_positive_class():
    # the line x2 = x1 (w = (-1, 1), b = 0): on it +1, above +1, below -1
    X = [[1.0, 1.0], [0.0, 2.0], [2.0, 0.0]]
    assert perclab.predict(X, [-1.0, 1.0]).tolist() == [1, 1, -1]
    # shifted by b = 2 the line passes through (2, 0), which is then +1
    assert perclab.predict(X, [-1.0, 1.0], 2.0).tolist() == [1, 1, 1]
    assert perclab.predict(X, [1.0, -1.0], -2.0).tolist() == [-1, -1, 1]


def test_import_perclab_stays_light():
    # scikit-learn and matplotlib load only when the estimator or the plots are used
    import subprocess
    import sys

    code = (
        "import sys, perclab; "
        "print(sorted(m for m in ('sklearn', 'matplotlib') if m in sys.modules)); "
        "print(perclab.Perceptron.__name__, perclab.plotting.plot_data.__name__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[]", "Perceptron plot_data"]
    with pytest.raises(AttributeError, match="no attribute 'percepton'"):
        perclab.percepton  # noqa: B018
