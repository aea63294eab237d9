"""Bad input across the public API: one table, one message that names each problem."""

import numpy as np
import pytest

import perclab
from perclab import datasets, theory

X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
Y = np.array([1, -1, 1])


def train(X=X, y=Y, **kwargs):
    """A call of train on the small valid data set, with some arguments replaced."""
    return lambda: perclab.train(X, y, **kwargs)


def plotting(name, *args, **kwargs):
    return lambda: getattr(perclab.plotting, name)(*args, **kwargs)


NAN_X = X.copy()
NAN_X[1, 0] = np.nan
INF_X = X.copy()
INF_X[2, 1] = -np.inf

BAD_INPUT = [
    # labels
    ("labels-0-1", train(y=[1, 0, 1]), ValueError, r"map \{0, 1\} labels with 2\*y - 1"),
    ("labels-0-1-bool", train(y=np.array([True, False, True])), ValueError, r"2\*y - 1"),
    ("labels-1-2", train(y=[1, 2, 1]), ValueError, r"only -1 and \+1, got \[1 2\]"),
    (
        "labels-strings",
        train(y=np.array(["a", "b", "a"])),
        TypeError,
        r"numbers -1 and \+1",
    ),
    ("labels-one-string", train(y="abc"), TypeError, "got a string"),
    ("labels-scalar", train(y=1), ValueError, r"y must be 1-D .*got shape \(\)"),
    ("labels-wrong-length", train(y=[1, -1]), ValueError, "different lengths"),
    ("labels-2-D", train(y=Y[:, None]), ValueError, r"y must be 1-D.*y\.ravel\(\)"),
    # features
    ("X-1-D", train(X=np.array([1.0, 2.0, 3.0])), ValueError, r"2-D.*got a 1-D array"),
    ("X-3-D", train(X=np.zeros((3, 2, 2))), ValueError, r"2-D .*got shape \(3, 2, 2\)"),
    ("X-empty", train(X=np.empty((0, 2)), y=[]), ValueError, r"empty \(0 samples\)"),
    ("X-no-features", train(X=np.empty((3, 0))), ValueError, "0 features"),
    ("X-NaN", train(X=NAN_X), ValueError, "NaN or infinity"),
    ("X-inf", train(X=INF_X), ValueError, "NaN or infinity"),
    (
        "X-strings",
        train(X=[["a", "b"], ["c", "d"], ["e", "f"]]),
        TypeError,
        "must hold numbers",
    ),
    (
        "X-objects",
        train(X=np.array([[1, None], [0, 1], [1, 1]])),
        TypeError,
        "dtype object",
    ),
    ("X-a-string", train(X="0 1; 1 0"), TypeError, "got a string"),
    (
        "X-ragged",
        train(X=[[0.0, 1.0], [1.0], [2.0, 2.0]]),
        ValueError,
        "rows of equal length",
    ),
    ("X-complex", train(X=X + 1j), TypeError, "real numbers"),
    # training parameters
    ("lr-0", train(lr=0), ValueError, "lr must be > 0"),
    ("lr-negative", train(lr=-1), ValueError, "lr must be > 0, got -1"),
    ("lr-nan", train(lr=float("nan")), ValueError, "lr must be finite"),
    ("lr-inf", train(lr=float("inf")), ValueError, "lr must be finite"),
    ("lr-string", train(lr="1"), TypeError, "lr must be a real number, got '1'"),
    ("lr-bool", train(lr=True), TypeError, "lr must be a real number"),
    ("max_epochs-0", train(max_epochs=0), ValueError, "max_epochs must be >= 1, got 0"),
    ("max_epochs-float", train(max_epochs=2.5), TypeError, "max_epochs must be an integer"),
    ("max_epochs-bool", train(max_epochs=True), TypeError, "max_epochs must be an integer"),
    (
        "w0-wrong-length",
        train(w0=[1.0, 2.0, 3.0]),
        ValueError,
        "w0 must be a vector of length 2",
    ),
    ("w0-NaN", train(w0=[np.nan, 0.0]), ValueError, "w0 contains NaN"),
    ("w0-text", train(w0=["a", "b"]), TypeError, "w0 must be a vector of numbers"),
    ("b0-NaN", train(b0=float("nan")), ValueError, "b0 must be finite"),
    ("b0-vector", train(b0=[0.0]), TypeError, "b0 must be a real number"),
    ("fit_bias-string", train(fit_bias="yes"), TypeError, "fit_bias must be True or False"),
    ("fit_bias-int", train(fit_bias=1), TypeError, "fit_bias must be True or False"),
    ("shuffle-string", train(shuffle="no"), TypeError, "shuffle must be True or False"),
    (
        "random_state-negative",
        train(random_state=-1),
        ValueError,
        "random_state must be >= 0",
    ),
    (
        "random_state-string",
        train(random_state="a"),
        TypeError,
        "random_state must be None",
    ),
    (
        "random_state-float",
        train(shuffle=True, random_state=1.5),
        TypeError,
        "random_state must be None",
    ),
    # theory
    ("margin-zero-w", lambda: theory.margin(X, Y, [0.0, 0.0]), ValueError, "zero vector"),
    (
        "margin-labels-0-1",
        lambda: theory.margin(X, [1, 0, 0], [1.0, 0.0]),
        ValueError,
        r"2\*y",
    ),
    (
        "margin-w-length",
        lambda: theory.margin(X, Y, [1.0]),
        ValueError,
        "vector of length 2",
    ),
    (
        "max_margin-one-class",
        lambda: theory.max_margin(X, [1, 1, 1], fit_bias=True),
        ValueError,
        "single class",
    ),
    (
        "max_margin-all-zero",
        lambda: theory.max_margin(np.zeros((3, 2)), Y, fit_bias=False),
        ValueError,
        "zero vector",
    ),
    (
        "mistake_bound-labels-1-2",
        lambda: theory.mistake_bound(X, [1, 2, 2]),
        ValueError,
        r"only -1 and \+1",
    ),
    ("radius-1-D", lambda: theory.radius([1.0, 2.0]), ValueError, "got a 1-D array"),
    (
        "radius-fit_bias-None",
        lambda: theory.radius(X, fit_bias=None),
        TypeError,
        "fit_bias",
    ),
    ("absorb_bias-zero", lambda: theory.absorb_bias(X, 0.0), ValueError, "non-zero"),
    (
        "predict-w-length",
        lambda: perclab.predict(X, [1.0, 2.0, 3.0]),
        ValueError,
        "length 2",
    ),
    # datasets
    (
        "make_separable-n-1",
        lambda: datasets.make_separable(1),
        ValueError,
        "n_samples must be >= 2",
    ),
    (
        "make_separable-margin-0",
        lambda: datasets.make_separable(margin=0),
        ValueError,
        "margin must be > 0",
    ),
    (
        "make_separable-margin-nan",
        lambda: datasets.make_separable(margin=float("nan")),
        ValueError,
        "margin must be finite",
    ),
    (
        "make_separable-features-0",
        lambda: datasets.make_separable(n_features=0),
        ValueError,
        "n_features must be >= 1",
    ),
    (
        "make_separable-n-float",
        lambda: datasets.make_separable(10.0),
        TypeError,
        "n_samples must be an integer",
    ),
    (
        "make_separable-seed",
        lambda: datasets.make_separable(random_state=-3),
        ValueError,
        "random_state must be >= 0",
    ),
    (
        "make_small_margin-band-0",
        lambda: datasets.make_small_margin(band=0),
        ValueError,
        "band must be > 0",
    ),
    (
        "make_xor-noise-negative",
        lambda: datasets.make_xor(noise=-1),
        ValueError,
        "noise must be >= 0",
    ),
    ("make_xor-n-3", lambda: datasets.make_xor(3), ValueError, "n_samples must be >= 4"),
    # plotting
    (
        "plot_data-3-D",
        plotting("plot_data", np.ones((3, 3)), Y),
        ValueError,
        "2-D data, but X has 3 features",
    ),
    ("plot_data-labels-0-1", plotting("plot_data", X, [0, 1, 1]), ValueError, r"2\*y - 1"),
    (
        "plot_data-class_names-key",
        plotting("plot_data", X, Y, class_names={0: "tiger", 1: "lion"}),
        ValueError,
        r"class_names keys must be -1 and \+1",
    ),
    (
        "plot_hyperplane-zero-w",
        plotting("plot_hyperplane", [0.0, 0.0]),
        ValueError,
        "zero vector",
    ),
    (
        "plot_hyperplane-3-D-w",
        plotting("plot_hyperplane", [1.0, 0.0, 0.0]),
        ValueError,
        "length 2",
    ),
    (
        "plot_decision_regions-3-D",
        plotting("plot_decision_regions", np.ones((3, 3)), Y, w=[1.0, 0.0, 0.0]),
        ValueError,
        "3 features",
    ),
    (
        "plot_decision_regions-resolution",
        plotting("plot_decision_regions", X, Y, w=[1.0, 0.0], resolution=1),
        ValueError,
        "resolution must be >= 2",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [pytest.param(call, error, match, id=name) for name, call, error, match in BAD_INPUT],
)
def test_bad_input_is_refused_with_a_message_that_names_it(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_table_ids_are_unique():
    names = [name for name, *_ in BAD_INPUT]
    assert len(names) == len(set(names))


def test_validation_happens_before_any_work():
    # A bad lr on non-separable data fails at once, not after max_epochs of training.
    X_xor, y_xor = datasets.make_xor(40, random_state=0)
    with pytest.raises(ValueError, match="lr"):
        perclab.train(X_xor, y_xor, lr=0, max_epochs=10**9)


def test_result_decision_function_checks_the_number_of_features():
    result = perclab.train(X, Y)
    with pytest.raises(ValueError, match="X has 3 features but the model was trained on 2"):
        result.decision_function(np.ones((2, 3)))


def test_accepted_inputs_are_converted():
    # lists, ints, numpy integer scalars and bool features are all valid
    result = perclab.train(
        [[0, 1], [1, 0], [2, 2]],
        [1, -1, 1],
        lr=np.int64(2),
        max_epochs=np.int64(50),
        random_state=np.int64(1),
    )
    assert result.converged
    assert result.w.dtype == np.float64
    assert perclab.train(np.array([[True, False], [False, True]]), [1, -1]).converged
