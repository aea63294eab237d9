"""train's fast paths make exactly the textbook loop's updates, in the same order.

Every test trains with ``method="textbook"`` and with each fast path (``"blocks"``,
the NumPy scan; ``"compiled"``, the numba loop, when numba is installed; and
``"fast"``, the default), and requires the same run bit for bit: the same mistakes per
epoch, the same update history, ``w`` and ``b`` equal under ``np.array_equal`` and
``==``, and the same warnings (or the same overflow error). The data cover exact ties
(small integers, where scores of exactly 0 are common), near ties (scores within
rounding of 0, which only the textbook's expression may decide, also inside the fast
scores), continuous and non-separable data, extreme scales, and data sets large enough
for the block sizes to adapt.
"""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import perclab
from perclab import _blocks, engine
from perclab.datasets import make_separable, make_small_margin, make_xor
from perclab.margin_perceptron import margin_perceptron

FAST_METHODS = ["blocks", "fast"]
if engine.compiled_available():  # the compiled loop: "compiled32" with float32 scores
    # from the first epoch on, "compiledfill32" from the second (the copy filled in the
    # first), "compiledpairs" by pairs after the first epoch, "compiledprobe" by pairs
    # from the fifth sample of the first epoch on where the first four hold a mistake
    # (the float32 copy then made for a later epoch with few mistakes, if any)
    FAST_METHODS += [
        "compiled", "compiled32", "compiledfill32", "compiledpairs", "compiledprobe",
    ]  # fmt: skip
COMPILED_SETTINGS = {
    "compiled32": {
        "single_above_bytes": 0,
        "single_min_epochs": 1,
        "fill_while_scanning": False,
    },
    "compiledfill32": {"single_above_bytes": 0, "single_min_epochs": 1},
    "compiledpairs": {"dense_above": -1.0},
    "compiledprobe": {
        "single_above_bytes": 0,
        "single_min_epochs": 1,
        "probe_rows": 4,
        "probe_dense_above": 0.2,
        "dense_above": 0.2,
    },
}


# the rules the fast paths implement: the perceptron's (a mistake: a margin <= 0) and
# the margin perceptron's (<= 1)
TRAINERS = [perclab.train, margin_perceptron]
trainers = pytest.mark.parametrize("trainer", TRAINERS, ids=["train", "margin"])


def run(X, y, method, trainer=perclab.train, **kwargs):
    """Train with ``method``; return the result (or the overflow error's message) and
    the warnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if method in COMPILED_SETTINGS:
                from perclab import _compiled

                with pytest.MonkeyPatch.context() as patch:
                    for name, value in COMPILED_SETTINGS[method].items():
                        patch.setattr(_compiled.CompiledScan, name, value)
                    result = trainer(X, y, method="compiled", **kwargs)
            else:
                result = trainer(X, y, method=method, **kwargs)
        except perclab.TrainingOverflowError as error:
            result = str(error)
    return result, [(w.category, str(w.message)) for w in caught]


def assert_fast_equals_textbook(X, y, trainer=perclab.train, **kwargs):
    """Every fast path gives the textbook's run, bit for bit (or the same overflow
    error); return the last fast run."""
    for method in FAST_METHODS:
        fast = assert_same_run(X, y, method, trainer, **kwargs)
    return fast


def assert_same_run(X, y, method, trainer=perclab.train, **kwargs):
    textbook, textbook_warnings = run(X, y, "textbook", trainer, **kwargs)
    fast, fast_warnings = run(X, y, method, trainer, **kwargs)
    if isinstance(textbook, str):
        assert fast == textbook  # the same overflow error, at the same update
        assert fast_warnings == textbook_warnings
        return fast
    assert fast.mistakes_per_epoch == textbook.mistakes_per_epoch
    assert (fast.converged, fast.epochs, fast.n_updates) == (
        textbook.converged,
        textbook.epochs,
        textbook.n_updates,
    )
    assert np.array_equal(fast.history.sample, textbook.history.sample)
    assert np.array_equal(fast.history.position, textbook.history.position)
    assert np.array_equal(fast.history.epoch, textbook.history.epoch)
    assert np.array_equal(fast.history.w, textbook.history.w, equal_nan=True)
    assert np.array_equal(fast.history.b, textbook.history.b, equal_nan=True)
    assert np.array_equal(fast.w, textbook.w, equal_nan=True)
    assert fast.b == textbook.b or (np.isnan(fast.b) and np.isnan(textbook.b))
    assert type(fast.b) is float
    assert fast_warnings == textbook_warnings
    return fast


# ---------------------------------------------------------------------- strategies

LEARNING_RATES = st.one_of(
    st.sampled_from([1.0, 0.5, 2.0, 0.1, 0.3, 1.7, 1e-3, 1e3]),
    st.floats(0.01, 10.0),
)


@st.composite
def training_options(draw, n_features):
    """Keyword arguments of train: bias or not, shuffle with a seed, a start, a rate."""
    options = {
        "fit_bias": draw(st.booleans()),
        "lr": draw(LEARNING_RATES),
        "max_epochs": draw(st.integers(1, 30)),
    }
    if draw(st.booleans()):
        options.update(shuffle=True, random_state=draw(st.integers(0, 2**32 - 1)))
    if draw(st.booleans()):
        options["w0"] = draw(
            hnp.arrays(np.float64, n_features, elements=st.floats(-3, 3, width=32))
        )
        options["b0"] = draw(st.floats(-3, 3))
    return options


@st.composite
def integer_data(draw, max_samples=30):
    """Small integers with any labels: exact ties are common, separable or not."""
    n_samples = draw(st.integers(1, max_samples))
    n_features = draw(st.integers(1, 5))
    X = draw(hnp.arrays(np.float64, (n_samples, n_features), elements=st.integers(-3, 3)))
    y = draw(hnp.arrays(np.int64, n_samples, elements=st.sampled_from([-1, 1])))
    return X, y


@st.composite
def float_data(draw):
    """Arbitrary finite floats with any labels."""
    n_samples = draw(st.integers(1, 40))
    n_features = draw(st.integers(1, 6))
    elements = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
    X = draw(hnp.arrays(np.float64, (n_samples, n_features), elements=elements))
    y = draw(hnp.arrays(np.int64, n_samples, elements=st.sampled_from([-1, 1])))
    return X, y


@st.composite
def generated_data(draw, n_samples):
    """perclab's separable generators, optionally with some labels flipped."""
    maker = draw(st.sampled_from([make_separable, make_small_margin]))
    X, y = maker(
        draw(n_samples),
        n_features=draw(st.integers(1, 12)),
        margin=draw(st.floats(0.001, 0.2)),
        random_state=draw(st.integers(0, 2**32 - 1)),
    )
    flips = draw(st.integers(0, 3))
    y[:flips] = -y[:flips]  # a few flipped labels make the data non-separable
    return X, y


@st.composite
def near_tie_data(draw):
    """Points within rounding of the hyperplane of the start ``(w0, b0)``, or of the
    margin-1 hyperplane on their side (the margin perceptron's ties).

    Their margins are ``0`` (or 1) or a few ulps either side, so the block product cannot
    clear them and the textbook's expression must decide each one.
    """
    n_samples = draw(st.integers(2, 300))
    n_features = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    w0 = rng.normal(size=n_features)
    b0 = float(rng.normal())
    X = rng.normal(size=(n_samples, n_features))
    y = np.where(rng.random(n_samples) < 0.5, -1, 1)
    level = rng.integers(0, 2, size=n_samples)  # the margin perceptron's ties are at 1
    X[:, 0] -= (X @ w0 + b0 - level * y) / w0[0]  # onto w0 @ x + b0 = level * y
    X[:, 0] += rng.integers(-3, 4, size=n_samples) * np.spacing(X[:, 0])
    return X, y, w0, b0


# ------------------------------------------------------------------ property tests


@trainers
@given(st.data())
def test_integer_data_with_ties(trainer, data):
    X, y = data.draw(integer_data())
    assert_fast_equals_textbook(X, y, trainer, **data.draw(training_options(X.shape[1])))


@trainers
@given(st.data())
def test_float_data(trainer, data):
    X, y = data.draw(float_data())
    assert_fast_equals_textbook(X, y, trainer, **data.draw(training_options(X.shape[1])))


@trainers
@settings(max_examples=40)
@given(st.data())
def test_generated_data(trainer, data):
    X, y = data.draw(generated_data(st.integers(2, 300)))
    assert_fast_equals_textbook(X, y, trainer, **data.draw(training_options(X.shape[1])))


@trainers
@settings(max_examples=40)
@given(near_tie_data(), st.booleans(), LEARNING_RATES)
def test_near_ties_are_decided_by_the_textbook_expression(trainer, data, fit_bias, lr):
    X, y, w0, b0 = data
    kwargs = {"w0": w0, "b0": b0, "fit_bias": fit_bias, "lr": lr, "max_epochs": 3}
    assert_fast_equals_textbook(X, y, trainer, **kwargs)


@trainers
def test_weights_whose_squares_underflow_are_measured_to_scale(trainer):
    """Weights of 3e-180 (data of 3e20, lr = 1e-200) have squares below the smallest
    double: measured by their squares, the length of (w, b) came out 0, the fast score's
    threshold too small, and a rounding error of 1e-175 decided a sample that the
    textbook finds correct (2 updates in the first epoch against 1)."""
    X = np.array([[-3.0, 3.0], [3.0, 3.0]]) * 1e20
    assert_fast_equals_textbook(X, np.array([-1, -1]), trainer, lr=1e-200, max_epochs=4)


@trainers
@settings(max_examples=30)
@given(
    integer_data(max_samples=60),
    st.sampled_from([1e-300, 1e-160, 1e-40, 1e-20, 1e20, 1e30, 1e40, 1e160, 1e300]),
    st.sampled_from([1e-200, 1e-30, 1.0, 1e30, 1e200]),
)
def test_extreme_scales(trainer, data, scale, lr):
    # Where float32 would overflow or lose the bound, nothing is cleared and the
    # textbook expression decides every sample; where float64 overflows, every path
    # raises the same TrainingOverflowError.
    X, y = data
    assert_fast_equals_textbook(X * scale, y, trainer, lr=lr, max_epochs=4)


@trainers
@settings(max_examples=12)
@given(st.data())
def test_many_samples_adapt_the_blocks(trainer, data):
    X, y = data.draw(generated_data(st.integers(300, 3000)))
    assert_fast_equals_textbook(X, y, trainer, **data.draw(training_options(X.shape[1])))


# ------------------------------------------------------------ the paths exercised


class BlockSpy:
    """Record, epoch by epoch, the blocks that BlockScan scores, and count the
    suspects that it re-checks with the textbook's expression."""

    def __init__(self, monkeypatch):
        self.blocks, self.suspects = [], 0  # blocks[e]: sizes of the blocks of epoch e + 1
        suspects, epoch = _blocks.BlockScan._suspects, _blocks.BlockScan.epoch

        def spy_suspects(scan, start, stop, clearing):
            offsets = suspects(scan, start, stop, clearing)
            self.blocks[-1].append(stop - start)
            self.suspects += len(offsets)
            return offsets

        def spy_epoch(scan, *args):
            self.blocks.append([])
            return epoch(scan, *args)

        monkeypatch.setattr(_blocks.BlockScan, "_suspects", spy_suspects)
        monkeypatch.setattr(_blocks.BlockScan, "epoch", spy_epoch)


def test_block_sizes_adapt_to_the_rate_of_mistakes(monkeypatch):
    spy = BlockSpy(monkeypatch)
    X, y = make_separable(3000, n_features=10, margin=0.05, random_state=3)
    result = assert_same_run(X, y, "blocks")
    assert result.converged and result.epochs > 5 and len(spy.blocks) == result.epochs
    assert result.mistakes_per_epoch[0] > 10 * result.mistakes_per_epoch[-2]
    # many mistakes: many short blocks; a clean epoch: a few long ones
    first, last = spy.blocks[0], spy.blocks[-1]
    assert len(first) > 10 * len(last)
    assert 2 * np.median(first) < np.median(last)
    assert sum(last) == len(X)  # the clean epoch scores every sample once


def test_suspects_that_are_not_mistakes_are_passed(monkeypatch):
    # 400 points a few ulps on the right side of w0 @ x = 0: the block product cannot
    # tell them from mistakes, and the textbook expression says that none is one.
    spy = BlockSpy(monkeypatch)
    x_1 = np.abs(np.random.default_rng(0).normal(size=400)) + 0.1
    X = np.column_stack([x_1, x_1 * (1 + 4 * np.finfo(float).eps)])
    w0 = np.array([-1.0, 1.0])
    assert np.all(X @ w0 > 0) and np.all(X @ w0 < 1e-14)
    result = assert_same_run(X, np.ones(400), "blocks", w0=w0, fit_bias=False)
    assert (result.converged, result.n_updates) == (True, 0)
    assert spy.suspects > 300


def test_exact_and_near_ties_in_a_long_run():
    # integer data with many samples: exact zeros appear in blocks, not just at the start
    rng = np.random.default_rng(7)
    X = rng.integers(-2, 3, size=(2000, 3)).astype(float)
    y = np.where(X @ [1, -2, 1] + 1 >= 0, 1, -1)
    assert_fast_equals_textbook(X, y, max_epochs=50)
    assert_fast_equals_textbook(X, y, fit_bias=False, max_epochs=10)


@pytest.mark.parametrize("shuffle_seed", [None, 0, 123])
def test_non_separable_xor_for_a_fixed_number_of_epochs(shuffle_seed):
    X, y = make_xor(500, noise=0.3, random_state=1)
    kwargs = {"max_epochs": 20, "lr": 0.7, "w0": [0.25, -0.5], "b0": 0.1}
    if shuffle_seed is not None:
        kwargs.update(shuffle=True, random_state=shuffle_seed)
    result = assert_fast_equals_textbook(X, y, **kwargs)
    assert not result.converged


def test_fast_is_the_compiled_loop_on_large_data_and_the_block_scan_on_small(
    monkeypatch,
):
    calls = []
    epoch = _blocks.BlockScan.epoch

    def counted(scan, *args):
        calls.append(1)
        return epoch(scan, *args)

    monkeypatch.setattr(_blocks.BlockScan, "epoch", counted)
    X, y = make_separable(200, n_features=3, random_state=0)
    result = perclab.train(X, y)
    assert len(calls) == result.epochs  # small: the block scan
    X, y = make_separable(2000, n_features=3, random_state=0)
    calls.clear()
    perclab.train(X, y)
    if engine.compiled_available():
        assert calls == []  # large: the compiled loop
    monkeypatch.setattr(engine, "_NUMBA", False)  # as if numba were not installed
    calls.clear()
    result = perclab.train(X, y)
    assert len(calls) == result.epochs


@pytest.mark.parametrize(
    ("method", "error", "message"),
    [
        ("quick", ValueError, r"method must be one of .*, got 'quick'; all make"),
        ("Fast", ValueError, r"must be one of .*, got 'Fast'"),
        ("", ValueError, r"must be one of .*, got ''"),
        (None, TypeError, r'method must be a string such as "fast", got None'),
        (1, TypeError, r'a string such as "fast", got 1'),
    ],
)
def test_unknown_method_is_refused(method, error, message):
    with pytest.raises(error, match=message):
        perclab.train([[1.0], [-1.0]], [1, -1], method=method)


def test_a_nan_block_margin_makes_a_suspect_without_a_warning():
    """Some BLAS builds flag a spurious invalid value in the float32 product. A NaN (or
    infinite) block margin must never clear a sample: it is passed to the textbook test,
    and no RuntimeWarning escapes (warnings are errors in this suite)."""
    X = np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -1.0]])
    y = np.array([1, 1, -1])
    model = engine.LinearModel(X, y, np.zeros(2), 0.0, 1.0, True)
    scan = _blocks.BlockScan(model)
    clearing = scan._clearing(np.array([1.0, 1.0]), 0.0)
    assert scan._suspects(0, 3, clearing).tolist() == []  # all three are cleared
    scan.X32[1, 0] = np.nan  # the float32 rows that the block product reads
    scan.X32[2, 1] = np.inf
    assert scan._suspects(0, 3, clearing).tolist() == [1, 2]
    scan._arrange(np.array([2, 0, 1]))  # a shuffled order: the rows gathered by block
    assert scan._suspects(0, 3, clearing).tolist() == [0, 2]


# --------------------------------------------- near-ties inside the fast scores


def near_tie_after_a_clean_stretch(n_before=50, n_after=20):
    """A mistake by a hair, reached by the fast score after a stretch of clean samples.

    With ``w0 = (1, 1, 1)`` the sample ``(1, -1 - 2**-30, 2**-31)`` has the textbook
    margin ``-2**-31`` (a mistake), but in float32 its second entry rounds to -1 and the
    fast score is ``+2**-31``: only the threshold keeps the fast paths from clearing
    it. The clean samples before it put the block scan into block mode.
    """
    clean = np.tile([1.0, 0.0, 0.0], (n_before, 1))
    tie = np.array([[1.0, -1.0 - 2.0**-30, 2.0**-31]])
    X = np.vstack([clean, tie, np.tile([0.0, 0.0, 1.0], (n_after, 1))])
    kwargs = {"w0": np.ones(3), "fit_bias": False, "max_epochs": 3}
    return X, np.ones(X.shape[0]), kwargs


def without_threshold(monkeypatch, method):
    """Set the fast path's clearing threshold to (almost) 0: rel_tol = 0."""
    if method == "blocks":
        init = _blocks.BlockScan.__init__

        def patched(scan, model, *args):
            init(scan, model, *args)
            scan.rel_tol = 0.0

        monkeypatch.setattr(_blocks.BlockScan, "__init__", patched)
    else:
        from perclab import _compiled

        init = _compiled.CompiledScan.__init__

        def patched(scan, model, *args):
            init(scan, model, *args)
            scan.tols = np.array([0.0, *scan.tols[1:]])

        monkeypatch.setattr(_compiled.CompiledScan, "__init__", patched)


def score_in_float32(monkeypatch):
    """Make the compiled loop score in float32 on small data too, from the start."""
    from perclab import _compiled

    for name, value in COMPILED_SETTINGS["compiled32"].items():
        monkeypatch.setattr(_compiled.CompiledScan, name, value)


@pytest.mark.parametrize("method", [m for m in FAST_METHODS if m != "fast"])
def test_a_near_tie_met_by_the_fast_score_is_decided_by_the_textbook(method):
    X, y, kwargs = near_tie_after_a_clean_stretch()
    w0 = kwargs["w0"]
    assert y[50] * (w0 @ X[50]) < 0  # a mistake for the textbook ...
    assert y[50] * (w0.astype(np.float32) @ X[50].astype(np.float32)) > 0  # not float32
    result = assert_same_run(X, y, method, **kwargs)
    assert result.history.sample[0] == 50


@pytest.mark.parametrize(
    "method", [m for m in FAST_METHODS if m in ("blocks", "compiled32")]
)
def test_without_the_threshold_the_near_tie_test_fails(monkeypatch, method):
    # the guard is what makes the fast paths exact: without it they clear the mistake
    X, y, kwargs = near_tie_after_a_clean_stretch()
    if method == "compiled32":  # the near-tie is one for float32 scores
        score_in_float32(monkeypatch)
        method = "compiled"
    without_threshold(monkeypatch, method)
    textbook = perclab.train(X, y, method="textbook", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        fast = perclab.train(X, y, method=method, **kwargs)
    assert textbook.n_updates >= 1 and fast.n_updates == 0
    with pytest.raises(AssertionError):
        assert_same_run(X, y, method, **kwargs)


# ------------------------------------------------------------ the margin perceptron


def reference_margin_perceptron(X, y, *, lr=1.0, fit_bias=True, max_epochs=1000):
    """The margin perceptron as the book would write it."""
    w, b, updates = np.zeros(X.shape[1]), 0.0, []
    for _ in range(max_epochs):
        before = len(updates)
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 1:
                w += lr * y[i] * X[i]
                if fit_bias:
                    b += lr * y[i]
                updates.append(i)
        if len(updates) == before:
            break
    return w, b, updates


@settings(max_examples=60)
@given(integer_data(), st.booleans(), LEARNING_RATES, st.integers(1, 20))
def test_the_margin_perceptron_is_its_textbook_loop(data, fit_bias, lr, max_epochs):
    X, y = data
    w, b, updates = reference_margin_perceptron(
        X, y, lr=lr, fit_bias=fit_bias, max_epochs=max_epochs
    )
    result, _ = run(X, y, "textbook", margin_perceptron, lr=lr, fit_bias=fit_bias,
                    max_epochs=max_epochs)  # fmt: skip
    assert np.array_equal(result.w, w) and result.b == b
    assert result.history.sample.tolist() == updates


def near_margin_tie_after_a_clean_stretch(n_before=50, n_after=20):
    """A margin of 1 - 0.4 * 2**-14: an update for the margin perceptron, but in float32
    the first entry rounds to 1025 and the margin is 1 + 2**-15."""
    clean = np.tile([3.0, 0.0, 0.0], (n_before, 1))
    tie = np.array([[1025.0 - 0.9 * 2.0**-14, -1024.0, 0.5 * 2.0**-14]])
    X = np.vstack([clean, tie, np.tile([0.0, 0.0, 3.0], (n_after, 1))])
    kwargs = {"w0": np.ones(3), "fit_bias": False, "max_epochs": 3}
    return X, np.ones(X.shape[0]), kwargs


@pytest.mark.parametrize("method", [m for m in FAST_METHODS if m != "fast"])
def test_a_near_margin_tie_is_decided_by_the_textbook(method):
    X, y, kwargs = near_margin_tie_after_a_clean_stretch()
    w0 = kwargs["w0"]
    assert w0 @ X[50] <= 1  # an update for the textbook's margin perceptron ...
    assert w0.astype(np.float32) @ X[50].astype(np.float32) > 1  # ... not in float32
    result = assert_same_run(X, y, method, margin_perceptron, **kwargs)
    assert result.history.sample[0] == 50


@pytest.mark.parametrize(
    "method", [m for m in FAST_METHODS if m in ("blocks", "compiled32")]
)
def test_without_the_threshold_the_margin_tie_is_missed(monkeypatch, method):
    # the guard that makes the fast paths exact for a threshold of 1: without it they
    # clear the update
    X, y, kwargs = near_margin_tie_after_a_clean_stretch()
    if method == "compiled32":
        score_in_float32(monkeypatch)
        method = "compiled"
    if method == "blocks":
        init = _blocks.BlockScan.__init__

        def patched(scan, model, *args):
            init(scan, model, *args)
            scan.rel_tol = scan.abs_tol = 0.0

        monkeypatch.setattr(_blocks.BlockScan, "__init__", patched)
    else:
        from perclab import _compiled

        init = _compiled.CompiledScan.__init__

        def patched(scan, model, *args):
            init(scan, model, *args)
            scan.tols = np.array([0.0, 0.0, scan.tols[2], 0.0])

        monkeypatch.setattr(_compiled.CompiledScan, "__init__", patched)
    textbook = margin_perceptron(X, y, method="textbook", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        fast = margin_perceptron(X, y, method=method, **kwargs)
    assert textbook.history.sample[0] == 50 and fast.history.sample[:1].tolist() != [50]


# ------------------------------------------------------------- the scan by pairs


def near_tie_for_the_corrected_score():
    """Data on which the second score of a pair, corrected for the first's update,
    rounds to the other side of 0 from the textbook's score (found by a search)."""
    third = 1.0 / 3.0
    X = np.array([3.0, -2 + third, -4 + third, 4.0, -2 + third, 4.0, -4.0])[:, None]
    y = np.array([1, 1, 1, 1, 1, -1, 1])
    return X, y, {"max_epochs": 4, "lr": third, "fit_bias": False}


@pytest.mark.skipif(not engine.compiled_available(), reason="needs numba")
def test_by_pairs_a_near_tie_of_the_corrected_score_is_decided_by_the_textbook():
    X, y, kwargs = near_tie_for_the_corrected_score()
    assert_same_run(X, y, "compiledpairs", **kwargs)


@pytest.mark.skipif(not engine.compiled_available(), reason="needs numba")
def test_without_the_pair_threshold_the_near_tie_test_fails(monkeypatch):
    from perclab import _compiled

    X, y, kwargs = near_tie_for_the_corrected_score()
    init = _compiled.CompiledScan.__init__

    def patched(scan, model, *args):
        init(scan, model, *args)
        scan.pair_tols = np.array([*scan.pair_tols[:4], 0.0])  # pair_tol = 0
        scan.pair_tols[1] = 0.0  # and abs_tol

    monkeypatch.setattr(_compiled.CompiledScan, "__init__", patched)
    monkeypatch.setattr(_compiled.CompiledScan, "dense_above", -1.0)
    textbook, fast = run(X, y, "textbook", **kwargs)[0], run(X, y, "compiled", **kwargs)[0]
    assert fast.history.sample.tolist() != textbook.history.sample.tolist()


@pytest.mark.skipif(not engine.compiled_available(), reason="needs numba")
def test_by_pairs_a_negative_zero_weight_stays_negative_zero(monkeypatch):
    # no update adds 0 * x, which would turn -0.0 into 0.0: such runs go one by one
    from perclab import _compiled

    monkeypatch.setattr(_compiled.CompiledScan, "dense_above", -1.0)
    # every update adds lr * (-1) * 0 = -0.0 to w[0], which keeps it -0.0
    X = np.column_stack([np.zeros(40), np.random.default_rng(0).normal(size=40)])
    y = -np.ones(40)
    kwargs = {"w0": np.array([-0.0, 1.0]), "max_epochs": 3, "fit_bias": False}
    fast = run(X, y, "compiled", **kwargs)[0]
    textbook = run(X, y, "textbook", **kwargs)[0]
    assert textbook.epochs == 3 and np.signbit(textbook.w[0])
    assert np.array_equal(np.signbit(fast.w), np.signbit(textbook.w))


# ------------------------------------------------ what the compiled scan reads and copies

needs_numba = pytest.mark.skipif(not engine.compiled_available(), reason="needs numba")


def spy_on_compiled_scans(monkeypatch, **settings):
    """Record every CompiledScan made, with ``settings`` as its class attributes."""
    from perclab import _compiled

    scans = []
    init = _compiled.CompiledScan.__init__

    def recorded(scan, model, *args):
        init(scan, model, *args)
        scans.append(scan)

    monkeypatch.setattr(_compiled.CompiledScan, "__init__", recorded)
    for name, value in settings.items():
        monkeypatch.setattr(_compiled.CompiledScan, name, value)
    return scans


@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("method", [*FAST_METHODS, "textbook"])
def test_nan_or_infinity_anywhere_in_X_is_the_front_doors_error(method, bad, shuffle):
    # the compiled scan tests each row as it measures it (the front door leaves the
    # test to it); every path raises the same ValueError, before any update uses it
    X, y = make_separable(1500, n_features=4, random_state=0)  # 6000 entries: compiled
    for row in (0, 1, 1499):
        X_bad = X.copy()
        X_bad[row, 2] = bad
        with pytest.raises(ValueError, match="X contains NaN or infinity; remove"):
            run(X_bad, y, method, shuffle=shuffle, random_state=3, max_epochs=4)


@needs_numba
def test_the_front_door_leaves_the_finite_test_to_the_compiled_scan_only():
    X_size = 5000
    assert engine.scan_checks_finite(engine.LinearModel, "compiled", 4)
    assert engine.scan_checks_finite(engine.LinearModel, "fast", X_size)
    assert not engine.scan_checks_finite(engine.LinearModel, "fast", 100)  # blocks
    assert not engine.scan_checks_finite(engine.LinearModel, "blocks", X_size)
    assert not engine.scan_checks_finite(engine.LinearModel, "textbook", X_size)

    class Other(engine.LinearModel):  # a rule no fast path serves: the textbook loop
        pass

    assert not engine.scan_checks_finite(Other, "compiled", X_size)


@needs_numba
@pytest.mark.filterwarnings("ignore::perclab.NotConvergedWarning")
def test_a_shuffled_run_reads_X_itself_and_copies_nothing(monkeypatch):
    # rows visited in a permuted order are read from X where they are: no float32 copy
    # (even where an ordered run would make one) and no rows gathered
    import tracemalloc

    scans = spy_on_compiled_scans(monkeypatch, single_above_bytes=0, single_min_epochs=1)
    X, y = make_separable(4000, n_features=50, margin=0.03, random_state=0)
    perclab.train(X, y, max_epochs=2, shuffle=True, random_state=0)  # compiled once
    tracemalloc.start()
    try:
        result = perclab.train(X, y, max_epochs=5, shuffle=True, random_state=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.n_updates > 0 and not scans[-1].copied
    assert np.shares_memory(scans[-1].X, X)
    assert peak < X.nbytes / 4  # a float32 copy alone would take X.nbytes / 2
    perclab.train(X, y, max_epochs=2)  # in order, the same X makes its float32 copy
    assert scans[-1].copied


@needs_numba
@pytest.mark.filterwarnings("ignore::perclab.NotConvergedWarning")
def test_dense_updates_make_no_float32_copy(monkeypatch):
    # the first probe_rows samples of the first epoch say that updates are dense: the
    # rest of it goes by pairs in float64, and no float32 copy is made for it
    scans = spy_on_compiled_scans(monkeypatch, single_above_bytes=0, single_min_epochs=1)
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(5000, 20)), rng.choice([-1.0, 1.0], size=5000)
    textbook = perclab.train(X, y, max_epochs=3, method="textbook")
    result = perclab.train(X, y, max_epochs=3)
    assert scans[-1].rate > scans[-1].dense_above and not scans[-1].copied
    assert np.array_equal(result.history.sample, textbook.history.sample)
    assert np.array_equal(result.w, textbook.w) and result.b == textbook.b


@needs_numba
@pytest.mark.filterwarnings("ignore::perclab.NotConvergedWarning")
def test_only_a_run_long_enough_to_repay_it_makes_the_float32_copy(monkeypatch):
    scans = spy_on_compiled_scans(monkeypatch, single_above_bytes=0)
    X, y = make_separable(4000, n_features=50, margin=0.03, random_state=0)
    from perclab._compiled import CompiledScan

    short = CompiledScan.single_min_epochs - 1
    perclab.train(X, y, max_epochs=short)
    assert scans[-1].X32 is None and not scans[-1].copied
    perclab.train(X, y, max_epochs=short + 1)
    assert scans[-1].copied
