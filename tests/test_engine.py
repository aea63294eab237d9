"""Every variant built on perclab.engine behaves exactly as its own loop did.

tests/frozen.py keeps the loops that the engine replaced. On integer data (where exact
ties are common) and on continuous data, separable or not, with and without a bias and
shuffling, each variant must return what its frozen loop returns, bit for bit; the
fast paths are also run with numba hidden.
"""

import subprocess
import sys
import textwrap
import warnings

import frozen
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import perclab
from perclab import (
    animation,
    checks,
    criteria,
    engine,
    logistic,
    models,
    optim,
    plotting,
    theory,
    variants,
    widgets,
)


@st.composite
def data(draw, max_samples=25):
    """Small integers (exact ties) or floats, with any labels."""
    n_samples = draw(st.integers(1, max_samples))
    n_features = draw(st.integers(1, 4))
    if draw(st.booleans()):
        elements = st.integers(-3, 3).map(float)
    else:
        elements = st.floats(-5, 5, allow_nan=False, allow_infinity=False)
    X = draw(hnp.arrays(np.float64, (n_samples, n_features), elements=elements))
    y = draw(hnp.arrays(np.float64, n_samples, elements=st.sampled_from([-1.0, 1.0])))
    return X, y


@st.composite
def run_options(draw):
    options = {"fit_bias": draw(st.booleans())}
    if draw(st.booleans()):
        options.update(shuffle=True, random_state=draw(st.integers(0, 2**32 - 1)))
    return options


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        return function(*args, **kwargs)


@settings(max_examples=150)
@given(data(), run_options(), st.integers(1, 60), st.booleans())
def test_pocket_is_unchanged(Xy, options, max_epochs, ratchet):
    X, y = Xy
    new = variants.pocket(X, y, max_epochs=max_epochs, ratchet=ratchet, **options)
    old = frozen.pocket(X, y, max_epochs=max_epochs, ratchet=ratchet, **options)
    assert new.pocket_updates.tolist() == old["pocket_updates"]
    assert np.array_equal(new.w, old["w"]) and new.b == old["b"]
    # a run that repeats itself stops early (without shuffling), the same up to there
    n_epochs, n_updates = new.epochs, new.n_updates
    if n_epochs < len(old["mistakes_per_epoch"]):
        assert new.cycle_period is not None and not options.get("shuffle")
    assert new.mistakes_per_epoch == old["mistakes_per_epoch"][:n_epochs]
    assert np.array_equal(new.history.w, old["history_w"][: n_updates + 1])
    assert np.array_equal(new.history.b, old["history_b"][: n_updates + 1])


@settings(max_examples=60)
@given(data(), run_options(), st.integers(1, 12))
def test_averaged_and_voted_are_unchanged(Xy, options, epochs):
    X, y = Xy
    old = frozen.counted_run(X, y, epochs, **options)
    averaged = variants.averaged_perceptron(X, y, epochs=epochs, **options)
    voted = variants.voted_perceptron(X, y, epochs=epochs, **options)
    assert np.array_equal(averaged.w, old["averaged_w"]) and averaged.b == old["averaged_b"]
    assert averaged.mistakes_per_epoch == old["mistakes_per_epoch"]
    assert np.array_equal(voted.w, old["weights"])
    assert np.array_equal(voted.b, old["biases"])
    assert np.array_equal(voted.counts, old["counts"])


@settings(max_examples=40)
@given(
    data(), run_options(), st.integers(1, 20), st.sampled_from(["linear", "poly", "rbf"])
)
def test_kernel_perceptron_is_unchanged(Xy, options, max_epochs, name):
    X, y = Xy
    kernel = {
        "linear": variants.linear_kernel,
        "poly": variants.polynomial_kernel(2),
        "rbf": variants.rbf_kernel(0.5),
    }[name]
    new = quiet(variants.kernel_perceptron, X, y, kernel=kernel, max_epochs=max_epochs,
                **options)  # fmt: skip
    old = frozen.kernel_perceptron(kernel(X, X), y, max_epochs=max_epochs, **options)
    assert np.array_equal(new.mistake_counts, old["alpha"]) and new.b == old["b"]
    assert new.update_samples.tolist() == old["update_samples"]
    assert new.mistakes_per_epoch == old["mistakes_per_epoch"]


@settings(max_examples=40)
@given(data(), run_options(), st.integers(1, 15), st.floats(0.1, 3.0))
def test_perceptron_sgd_is_unchanged(Xy, options, n_epochs, lr):
    X, y = Xy
    new = quiet(optim.perceptron_sgd, X, y, max_epochs=n_epochs, lr=lr, **options)
    old = frozen.perceptron_sgd(X, y, n_epochs=n_epochs, lr=lr, **options)
    assert np.array_equal(new.w, old["w"]) and new.b == old["b"]
    assert new.mistakes_per_epoch == old["mistakes_per_epoch"]
    assert np.array_equal(new.history.sample, old["sample"])
    assert np.array_equal(new.history.w, old["history_w"])
    assert np.array_equal(new.history.b, old["history_b"])


@settings(max_examples=40)
@given(
    data(),
    run_options(),
    st.sampled_from(criteria.RULES),
    st.integers(1, 12),
    st.integers(1, 3),
)
def test_train_with_stopping_is_unchanged(Xy, options, rule, max_epochs, patience):
    X, y = Xy
    kwargs = {"rule": rule, "max_epochs": max_epochs, "patience": patience, **options}
    new = criteria.train_with_stopping(X, y, **kwargs)
    old = frozen.train_with_stopping(X, y, **kwargs)
    assert np.array_equal(new.w, old["w"]) and new.b == old["b"]
    assert new.stop_reason == old["stop_reason"]
    assert new.mistakes_per_epoch == old["mistakes_per_epoch"]
    assert new.history.sample.tolist() == old["sample"]
    assert new.n_misclassified == old["n_misclassified"]
    assert new.distance_error == old["distance_error"]


@settings(max_examples=40)
@given(data(max_samples=40), run_options(), st.integers(1, 20))
def test_train_is_unchanged(Xy, options, max_epochs):
    X, y = Xy
    old = frozen.train(X, y, max_epochs=max_epochs, **options)
    for method in ("textbook", "fast"):
        new = quiet(perclab.train, X, y, max_epochs=max_epochs, method=method, **options)
        assert np.array_equal(new.w, old["w"]) and new.b == old["b"]
        assert new.mistakes_per_epoch == old["mistakes_per_epoch"]
        assert np.array_equal(new.history.sample, old["sample"])
        assert np.array_equal(new.history.epoch, old["epoch"])
        assert np.array_equal(new.history.w, old["history_w"])
        assert np.array_equal(new.history.b, old["history_b"])


# ------------------------------------------------------------------ the history


def test_the_history_stores_samples_and_rebuilds_the_weights_bit_for_bit():
    X, y = perclab.datasets.make_separable(300, n_features=4, random_state=2)
    result = perclab.train(X, y, lr=0.3, w0=[0.1, -0.2, 0.3, 0.01], b0=0.7)
    history = result.history
    assert history._w is None  # only the samples were stored
    old = frozen.train(X, y, lr=0.3, w0=[0.1, -0.2, 0.3, 0.01], b0=0.7)
    assert np.array_equal(history.w, old["history_w"])
    assert np.array_equal(history.b, old["history_b"])
    assert np.array_equal(history.w[-1], result.w) and history.b[-1] == result.b


def test_rebuilding_a_history_beyond_its_budget_is_refused(monkeypatch):
    X, y = perclab.datasets.make_separable(300, n_features=4, random_state=2)
    history = perclab.train(X, y).history
    monkeypatch.setattr(engine, "HISTORY_BUDGET_BYTES", 100)
    with pytest.raises(MemoryError, match=r"rebuilding the weights of \d+ updates takes"):
        history.w  # noqa: B018


# ------------------------------------------------------------ overflow and numba


@pytest.mark.parametrize("method", ["textbook", "blocks", "compiled", "fast"])
def test_overflow_is_an_error_not_a_convergence(method):
    if method == "compiled" and not engine.compiled_available():
        pytest.skip("numba is not installed")
    with pytest.raises(perclab.TrainingOverflowError, match="lower the learning rate"):
        perclab.train([[10.0], [0.0]], [1, 1], lr=1e308, method=method)
    X = np.vstack([np.full((3000, 2), 1e300), np.full((3000, 2), -1e300)])
    y = np.r_[np.ones(3000), -np.ones(3000)]
    with pytest.raises(perclab.TrainingOverflowError, match="scale the data"):
        perclab.train(X, -y, lr=10.0, method=method)


def test_overflow_in_the_averaged_perceptron_is_an_error():
    with pytest.raises(perclab.TrainingOverflowError):
        variants.averaged_perceptron([[1e308], [-1e308]], [-1, -1], epochs=3)


HIDE_NUMBA = """
import sys
sys.modules["numba"] = None  # import numba now raises ImportError
import numpy as np
import perclab
from perclab import engine
assert not engine.compiled_available()
X, y = perclab.datasets.make_separable(3000, n_features=5, random_state=1)
fast = perclab.train(X, y)
textbook = perclab.train(X, y, method="textbook")
assert np.array_equal(fast.history.w, textbook.history.w)
from perclab.margin_perceptron import margin_perceptron
fast = margin_perceptron(X, y)
textbook = margin_perceptron(X, y, method="textbook")
assert fast.n_updates > 0 and np.array_equal(fast.history.w, textbook.history.w)
assert "perclab._compiled" not in sys.modules
try:
    perclab.train(X, y, method="compiled")
except ImportError as error:
    print("refused:", error)
print("ok", fast.n_updates)
"""


def test_without_numba_perclab_imports_and_trains_with_the_block_scan():
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(HIDE_NUMBA)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "refused: " in out and "numba" in out
    assert out.strip().splitlines()[-1].startswith("ok ")


NO_CACHE_DIR = """
import numba
njit = numba.njit


def njit_without_cache(*args, cache=False, **kwargs):
    if cache:  # what numba raises when it finds no writable cache directory
        raise RuntimeError("cannot cache function: no locator available")
    return njit(*args, **kwargs)


numba.njit = njit_without_cache
import numpy as np
import perclab
X, y = perclab.datasets.make_separable(3000, n_features=5, random_state=1)
fast = perclab.train(X, y, method="compiled")
textbook = perclab.train(X, y, method="textbook")
assert np.array_equal(fast.history.w, textbook.history.w)
print("ok")
"""


@pytest.mark.skipif(not engine.compiled_available(), reason="numba is not installed")
def test_without_a_writable_cache_the_loop_is_compiled_in_memory():
    out = subprocess.run(
        [sys.executable, "-c", NO_CACHE_DIR], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "ok"


# ------------------------------------------------ bad input: sizes, types, overflow

X2, Y2 = [[1.0, 2.0], [2.0, -1.0]], [1, -1]


def _strings(A, B):
    return [["a"] * len(B)] * len(A)


def huge_animation():
    X, y = perclab.datasets.make_xor(400, noise=0.3, random_state=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        result = perclab.train(X, y, max_epochs=50)
    return animation.to_html(animation.animate_training(result, X, y, max_frames=1000))


def sparse_matrix():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    return scipy_sparse.csr_matrix(np.array(X2))


def separable_run():
    X, y = perclab.datasets.make_separable(20, random_state=0)
    return perclab.train(X, y)


BAD_INPUT = [
    ("overflow-train", lambda: perclab.train([[10.0], [0.0]], [1, 1], lr=1e308),
     perclab.TrainingOverflowError, r"overflowed: a weight .* lower the learning rate"),
    ("overflow-pocket", lambda: variants.pocket([[1e308], [-1e308]], [-1, -1]),
     perclab.TrainingOverflowError, "scale the data"),
    ("overflow-sgd", lambda: optim.perceptron_sgd([[1e308], [-1e308]], [-1, -1]),
     perclab.TrainingOverflowError, "scale the data"),
    ("pocket-shuffled-huge-max-epochs",
     lambda: variants.pocket(*perclab.datasets.make_xor(40, random_state=0),
                             max_epochs=10**9, shuffle=True),
     ValueError, r"shuffle=True the run cannot stop .* lower max_epochs to at most "
                 r"25000 or use shuffle=False"),
    ("pocket-no-cycle-stop-huge-max-epochs",
     lambda: variants.pocket(*perclab.datasets.make_xor(40, random_state=0),
                             max_epochs=10**9, stop_at_cycle=False),
     ValueError, r"stop_at_cycle=False the run .* at most 25000 or leave stop_at_cycle"),
    ("gram-too-large", lambda: variants.kernel_perceptron(np.zeros((12_000, 1)),
                                                           np.ones(12_000)),
     ValueError, r"12000 x 12000 kernel matrix would take 1.07 GiB, over the limit"),
    ("kernel-not-numbers", lambda: variants.kernel_perceptron(X2, Y2, kernel=_strings),
     TypeError, "kernel.* must return a matrix of numbers, got list"),
    ("separable-too-many", lambda: perclab.datasets.make_separable(10**12),
     ValueError, r"X of 1000000000000 samples and 2 features would take .* GiB"),
    ("small-margin-too-many",
     lambda: perclab.datasets.make_small_margin(10**6, n_features=10**4),
     ValueError, "over the limit of 1 GiB; ask for fewer"),
    ("xor-too-many", lambda: perclab.datasets.make_xor(10**12),
     ValueError, "X of 1000000000000 samples would take"),
    ("orthonormal-too-many", lambda: perclab.datasets.make_orthonormal(10**6),
     ValueError, "X of 1000000 samples and 1000000 features"),
    ("descent-too-many-steps",
     lambda: optim.gradient_descent(lambda t: t, 0.0, schedule=0.1, n_steps=10**9),
     ValueError, "the path of 1000000000 steps would take"),
    ("sgd-too-many-epochs",
     lambda: optim.sgd(lambda t, i: t, 0.0, 10, schedule=0.1, n_epochs=10**9),
     ValueError, r"\(1000000000 epochs\) would take"),
    ("regions-resolution",
     lambda: perclab.plotting.plot_decision_regions(X2, Y2, w=[1.0, 0.0], resolution=10**5),
     ValueError, "a grid of 100000 x 100000 points would take .* smaller resolution"),
    ("probability-resolution",
     lambda: perclab.logistic.plot_probability(X2, Y2, w=[1.0, 0.0], resolution=10**5),
     ValueError, "a grid of 100000 x 100000 points"),
    ("ax-not-axes", lambda: perclab.plotting.plot_data(X2, Y2, ax="left"),
     TypeError, "ax must be a matplotlib Axes, got str"),
    ("update-not-a-run", lambda: perclab.plotting.plot_update((1, 2), 1, X2, Y2),
     TypeError, r"result must be what perclab.train returns \(a TrainResult\), got tuple"),
    ("trace-not-a-run", lambda: perclab.theory.proof_trace("run", X2, Y2),
     TypeError, "result must be what perclab.train returns"),
    ("animation-not-a-run",
     lambda: perclab.animation.animate_training({"w": 1}, X2, Y2),
     TypeError, "got dict"),
    ("animation-too-large", huge_animation,
     ValueError, r"1000 frames would take about .* bytes of HTML, more than max_bytes"),
    ("kernel-factory-uncalled",
     lambda: variants.kernel_perceptron(X2, Y2, kernel=variants.polynomial_kernel),
     TypeError, r"kernel=polynomial_kernel is the function that makes the kernel.*"
                r"call it: kernel=polynomial_kernel\(degree=2\)"),
    ("rbf-factory-uncalled",
     lambda: variants.kernel_perceptron(X2, Y2, kernel=variants.rbf_kernel),
     TypeError, r"call it: kernel=rbf_kernel\(gamma=1.0\)"),
    ("gradient-none", lambda: optim.gradient_descent(lambda w: None, 0.0, schedule=0.1),
     TypeError, "returned None at step 1: did you forget the return statement"),
    ("sgd-gradient-none", lambda: optim.sgd(lambda w, i: None, 0.0, 3, schedule=0.1),
     TypeError, "returned None at step 1"),
    ("logistic-huge-features",
     lambda: logistic.fit_logistic([[1e200], [-1e200]], [1, -1]),
     perclab.TrainingOverflowError, r"X is too large .* scale the data"),
    ("xor-huge-noise", lambda: perclab.datasets.make_xor(8, noise=1e308),
     ValueError, "noise must be at most 1e300, got 1e.308: larger noise makes infinite"),
    ("regions-model-without-predict",
     lambda: plotting.plot_decision_regions(X2, Y2, model=object()),
     TypeError, "model must have a predict method, got object"),
    ("update-of-another-run", lambda: plotting.plot_update(separable_run(), 1, X2, Y2),
     ValueError, "pass the data the run was trained on"),
    ("update-of-other-data-of-the-same-shape",
     lambda: plotting.plot_update(
         separable_run(), 1, *perclab.datasets.make_separable(20, random_state=1)),
     ValueError, "update 1 of the run is not a step along y_i x_i .* pass the data"),
    ("proof-trace-of-a-train-result",
     lambda: plotting.plot_proof_trace(separable_run()),
     TypeError, r"traces must be a ProofTrace .* got TrainResult; make one with "
                r"perclab.theory.proof_trace"),
    ("build-run-dataset-list", lambda: widgets.build_run(dataset=["separable"]),
     ValueError, r"dataset must be one of .*, got \['separable'\]"),
    ("train-sparse", lambda: perclab.train(sparse_matrix(), Y2),
     TypeError, r"X is a scipy.sparse csr_matrix; .* pass X.toarray\(\)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input_is_refused_with_a_message(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_huge_power_gives_a_step_of_zero_not_an_overflow():
    assert optim.Schedule(1.0, power=2000)(2) == 0.0
    assert optim.Schedule(1.0, power=2000)([1, 2]).tolist() == [1.0, 0.0]


def test_predict_labels_of_shape_n_by_1_is_told_the_shape():
    def predict_labels(X, w, b):
        return np.where(np.asarray(X) @ w + b >= 0, 1, -1).reshape(-1, 1)

    result = checks.check_predict_labels(predict_labels)
    assert not result.passed
    assert "yours has shape (1, 1) (np.ravel?)" in result.message


def test_a_proof_trace_is_still_accepted():
    X, y = perclab.datasets.make_separable(20, random_state=0)
    trace = theory.proof_trace(perclab.train(X, y), X, y)
    assert len(plotting.plot_proof_trace([trace])) == 2


@pytest.mark.parametrize("scale", [1e-170, 1e-100, 1.0, 1e100, 1e200])
def test_norms_neither_overflow_nor_underflow(scale):
    X = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 1.0], [2.0, 1.0]]) * scale
    y = [-1, 1, -1, 1]
    assert perclab.radius(X) == pytest.approx(np.sqrt(5.0) * scale, rel=1e-15)
    w, b, gamma = perclab.max_margin(X, y)
    assert gamma == pytest.approx(scale, rel=1e-9)
    assert b == pytest.approx(-scale, rel=1e-9)
    assert np.allclose(w, [1.0, 0.0], atol=1e-9)
    assert perclab.margin(X, y, w=[1.0 / scale, 0.0], b=-1.0) == pytest.approx(scale)
    assert perclab.margin([[1.0], [-1.0]], [1, -1], w=[scale]) == 1.0


def test_overflow_in_fit_logistic_is_an_error():
    with pytest.raises(perclab.TrainingOverflowError, match="fit_logistic overflowed"):
        perclab.logistic.fit_logistic([[1e300], [-1e300]], [1, -1], lr=1e10, max_iter=5)


def test_a_history_whose_data_changed_after_training_is_refused():
    # train does not copy float64 data; rebuilding the weights from changed data would
    # give another run, so it is refused
    X, y = perclab.datasets.make_separable(300, n_features=4, random_state=2)
    result = perclab.train(X, y)
    X[result.history.sample[0]] += 1.0
    with pytest.raises(RuntimeError, match="X was changed in place after training"):
        result.history.w  # noqa: B018


def test_one_name_per_setting_with_the_older_names_still_accepted():
    X, y = perclab.datasets.make_separable(40, n_features=2, random_state=0)
    new = optim.perceptron_sgd(X, y, max_epochs=3)
    with pytest.warns(DeprecationWarning, match="n_epochs is the older name of max_epochs"):
        old = optim.perceptron_sgd(X, y, n_epochs=3)
    assert np.array_equal(new.w, old.w) and new.epochs == old.epochs
    # both names is an error, even when max_epochs is given its default value
    for max_epochs in (3, 1000):
        with pytest.raises(TypeError, match="not both"):
            optim.perceptron_sgd(X, y, max_epochs=max_epochs, n_epochs=4)
    fit = perclab.logistic.fit_logistic(X, y, fit_bias=False)
    with pytest.warns(DeprecationWarning, match="pass fit_bias=... instead"):
        old_fit = perclab.logistic.fit_logistic(X, y, fit_intercept=False)
    assert np.array_equal(fit.w, old_fit.w) and fit.b == 0.0
    with pytest.raises(TypeError, match="not both"):
        perclab.logistic.fit_logistic(X, y, fit_bias=True, fit_intercept=False)


# ------------------------------------------------- the model owns its rule


class ShiftedMargin(engine.LinearModel):
    """A subclass that changes the rule: a mistake when y_i (w @ x_i + b) <= 1."""

    def margin(self, i):
        return super().margin(i) - 1.0


def run_model(model_class, X, y, scan):
    model = model_class(X, y.astype(float), np.zeros(X.shape[1]), 0.0, 1.0, True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        return engine.run(
            model, max_epochs=1000, shuffle=False, rng=np.random.default_rng(0), method=scan
        )


SCANS = ["fast", "blocks"] + (["compiled"] if engine.compiled_available() else [])


@pytest.mark.parametrize("scan", SCANS)
@pytest.mark.parametrize(("n_samples", "n_features"), [(200, 3), (3000, 5)])
def test_a_subclass_that_changes_the_margin_gets_no_fast_path(scan, n_samples, n_features):
    # the fast paths implement LinearModel's rule; a subclass that overrides margin
    # must run its own rule, on every scan (before, "fast" made 19 updates, not 68)
    X, y = perclab.datasets.make_separable(n_samples, n_features=n_features, random_state=0)
    textbook = run_model(ShiftedMargin, X, y, "textbook")
    fast = run_model(ShiftedMargin, X, y, scan)
    plain = run_model(engine.LinearModel, X, y, "textbook")
    assert textbook.n_updates != plain.n_updates  # the subclass's rule is another one
    assert fast.n_updates == textbook.n_updates
    assert np.array_equal(fast.history.sample, textbook.history.sample)
    assert np.array_equal(fast.model.w, textbook.model.w)
    assert fast.mistakes_per_epoch == textbook.mistakes_per_epoch


def test_the_issue_case_of_the_shifted_margin():
    X, y = perclab.datasets.make_separable(200, n_features=3, random_state=0)
    assert run_model(ShiftedMargin, X, y, "fast").n_updates == 68


def test_only_a_class_that_keeps_the_linear_rule_may_serve_the_fast_paths():
    with pytest.raises(TypeError, match="ShiftedMargin changes margin: train it with"):
        models.serve_fast_paths(ShiftedMargin)
    with pytest.raises(TypeError, match="LinearModel subclasses only"):
        models.serve_fast_paths(object)
    assert ShiftedMargin not in models.FAST_PATH_MODELS
