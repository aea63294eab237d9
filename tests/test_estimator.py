"""perclab.Perceptron: the scikit-learn classifier around train.

(The full sklearn.utils.estimator_checks suite is run elsewhere.)
"""

import warnings

import numpy as np
import pytest
from reference import reference_perceptron
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import perclab
from perclab.datasets import load_iris_2d, make_separable, make_xor


def test_fit_returns_self_with_fitted_attributes():
    X, y = make_separable(40, n_features=3, random_state=0)
    model = perclab.Perceptron()
    assert model.fit(X, y) is model
    ref = reference_perceptron(X, y)
    assert model.coef_.shape == (1, 3)
    assert model.intercept_.shape == (1,)
    assert np.array_equal(model.coef_[0], ref.w)
    assert model.intercept_[0] == ref.b
    assert model.classes_.tolist() == [-1, 1]
    assert model.n_iter_ == ref.epochs
    assert model.n_updates_ == ref.n_updates
    assert model.converged_ is True
    assert model.mistakes_per_epoch_ == ref.mistakes_per_epoch
    assert model.n_features_in_ == 3
    assert np.array_equal(model.predict(X), y)
    assert model.score(X, y) == 1.0


def test_init_only_stores_parameters():
    model = perclab.Perceptron(
        lr=0.5, fit_bias=False, max_epochs=7, shuffle=True, random_state=3
    )
    assert model.get_params() == {
        "lr": 0.5,
        "fit_bias": False,
        "max_epochs": 7,
        "shuffle": True,
        "random_state": 3,
    }
    assert not any(name.endswith("_") for name in vars(model))
    # invalid values are only reported by fit, scikit-learn style
    bad = perclab.Perceptron(lr=-1.0)
    with pytest.raises(ValueError, match="lr must be > 0"):
        bad.fit([[0.0], [1.0]], [-1, 1])


@pytest.mark.parametrize(
    ("labels", "positive"),
    [
        (np.array(["setosa", "versicolor"]), "versicolor"),
        (np.array(["yes", "no"]), "yes"),  # sorted: classes_ = ['no', 'yes']
        (np.array([0, 1]), 1),
        (np.array([3, 7]), 7),
        (np.array([1, -1]), 1),
    ],
    ids=["species", "yes-no", "zero-one", "three-seven", "minus-plus"],
)
def test_any_two_labels_classes_1_is_the_positive_class(labels, positive):
    X, y = load_iris_2d()
    named = np.where(y == 1, labels[0], labels[1])
    signs = np.where(named == positive, 1, -1)  # the book's encoding, done by hand
    model = perclab.Perceptron().fit(X, named)
    assert model.classes_[1] == positive
    assert sorted(model.classes_.tolist()) == model.classes_.tolist()
    ref = reference_perceptron(X, signs)
    assert np.array_equal(model.coef_[0], ref.w)
    assert model.intercept_[0] == ref.b
    assert np.array_equal(model.predict(X), named)
    assert model.predict(X).dtype == named.dtype
    decision = model.decision_function(X)
    assert np.array_equal(decision > 0, named == positive)


def test_zero_one_labels_equal_train_on_two_y_minus_one():
    X, y01 = make_separable(50, n_features=2, random_state=4)
    y01 = (y01 + 1) // 2
    model = perclab.Perceptron().fit(X, y01)
    result = perclab.train(X, 2 * y01 - 1)
    assert np.array_equal(model.coef_[0], result.w)
    assert model.intercept_[0] == result.b


def test_parameters_reach_train():
    X, y = make_separable(40, n_features=2, margin=0.05, random_state=2)
    model = perclab.Perceptron(lr=0.25, shuffle=True, random_state=9).fit(X, y)
    ref = reference_perceptron(X, y, lr=0.25, shuffle=True, seed=9)
    assert np.array_equal(model.coef_[0], ref.w)
    assert model.intercept_[0] == ref.b
    no_bias = perclab.Perceptron(fit_bias=False, max_epochs=3)
    with pytest.warns(ConvergenceWarning):
        no_bias.fit(*make_xor(20, random_state=0))
    assert no_bias.intercept_[0] == 0.0
    assert no_bias.n_iter_ == 3


def test_non_converging_fit_warns_convergence_warning_only():
    X, y = make_xor(40, random_state=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = perclab.Perceptron(max_epochs=10).fit(X, y)
    categories = [w.category for w in caught]
    assert categories == [ConvergenceWarning]
    assert "linearly separable" in str(caught[0].message)
    assert model.converged_ is False
    assert model.n_iter_ == 10
    with pytest.warns(ConvergenceWarning, match="max_epochs=10") as record:
        perclab.Perceptron(max_epochs=10).fit(X, y)
    assert record[0].filename == __file__  # points at the caller of fit


def test_predict_before_fit_says_call_fit():
    X, _ = load_iris_2d()
    model = perclab.Perceptron()
    for method in (model.predict, model.decision_function):
        with pytest.raises(NotFittedError, match="'fit'"):
            method(X)


def test_three_classes_are_refused():
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(ValueError, match="binary"):
        perclab.Perceptron().fit(X, [0, 1, 2, 0, 1, 2])


def test_one_class_is_refused():
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(ValueError, match="2 classes"):
        perclab.Perceptron().fit(X, np.ones(6))


def test_predict_checks_the_number_of_features():
    X, y = load_iris_2d()
    model = perclab.Perceptron().fit(X, y)
    with pytest.raises(ValueError, match="features"):
        model.predict(np.ones((3, 3)))


def test_clone_and_get_params_round_trip():
    model = perclab.Perceptron(lr=2.0, fit_bias=False, max_epochs=50, random_state=1)
    copy = clone(model)
    assert copy is not model
    assert copy.get_params() == model.get_params()
    again = perclab.Perceptron(**model.get_params())
    assert again.get_params() == model.get_params()
    model.set_params(lr=0.5, shuffle=True)
    assert model.lr == 0.5 and model.shuffle is True
    # clone of a fitted model is unfitted
    X, y = load_iris_2d()
    fitted = perclab.Perceptron().fit(X, y)
    with pytest.raises(NotFittedError):
        clone(fitted).predict(X)
    assert "lr=2.0" in repr(perclab.Perceptron(lr=2.0))


def test_cross_val_score():
    X, y = load_iris_2d()
    names = np.where(y == 1, "versicolor", "setosa")
    scores = cross_val_score(perclab.Perceptron(), X, names, cv=5)
    assert scores.shape == (5,)
    assert np.all(scores >= 0.9)


def test_pipeline_with_standard_scaler():
    X, y = load_iris_2d()
    pipeline = make_pipeline(StandardScaler(), perclab.Perceptron()).fit(X, y)
    Z = StandardScaler().fit_transform(X)
    ref = reference_perceptron(Z, y)
    assert np.array_equal(pipeline[-1].coef_[0], ref.w)
    assert pipeline[-1].intercept_[0] == ref.b
    assert pipeline.score(X, y) == 1.0


def test_grid_search_over_lr_and_fit_bias():
    X, y = load_iris_2d()
    grid = GridSearchCV(
        perclab.Perceptron(max_epochs=200),
        {"lr": [0.5, 2.0], "fit_bias": [True, False]},
        cv=3,
        error_score="raise",
    )
    with warnings.catch_warnings():
        # Iris is not separable by a line through the origin: fit_bias=False folds
        # stop at max_epochs, which is expected here.
        warnings.simplefilter("ignore", ConvergenceWarning)
        grid.fit(X, y)
    assert len(grid.cv_results_["params"]) == 4
    assert grid.best_params_["fit_bias"] is True  # a bias is needed for Iris
    best = grid.best_estimator_
    ref = reference_perceptron(X, y, lr=grid.best_params_["lr"])
    assert np.array_equal(best.coef_[0], ref.w)
    assert best.intercept_[0] == ref.b
