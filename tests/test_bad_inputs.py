"""Inputs a careless user tries: each gets a clear error naming the problem and the fix
(or the correct answer), quickly."""

import warnings

import numpy as np
import pytest

import perclab
from perclab import animation, checks, logistic, optim, plotting, theory, variants, widgets

X2, Y2 = [[1.0, 2.0], [2.0, -1.0]], [1, -1]


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
    ("proof-trace-of-a-train-result",
     lambda: plotting.plot_proof_trace(separable_run()),
     TypeError, r"traces must be a ProofTrace .* got TrainResult; make one with "
                r"perclab.theory.proof_trace"),
    ("build-run-dataset-list", lambda: widgets.build_run(dataset=["separable"]),
     ValueError, r"dataset must be one of .*, got \['separable'\]"),
    ("train-sparse", lambda: perclab.train(sparse_matrix(), Y2),
     TypeError, r"X is a scipy.sparse csr_matrix; .* pass X.toarray\(\)"),
]  # fmt: skip


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


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input_is_refused_with_a_message(call, error, message):
    with pytest.raises(error, match=message):
        call()
