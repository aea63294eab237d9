"""perclab.plotting: inspected through its artists and data, never its pixels."""

import colorsys

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb, to_rgba
from matplotlib.figure import Figure
from matplotlib.text import Annotation

import perclab
from perclab.datasets import load_iris_2d
from perclab.plotting import (
    plot_data,
    plot_decision_regions,
    plot_hyperplane,
    plot_update,
)

# Okabe and Ito's colour-blind-safe palette
OKABE_ITO = {
    "#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"
}  # fmt: skip
WHITE = (1.0, 1.0, 1.0, 1.0)


@pytest.fixture(autouse=True)
def _no_show(monkeypatch):
    """The package must never call show: make it fail loudly if it does."""

    def refuse(*args, **kwargs):
        raise AssertionError("plt.show() was called inside perclab")

    monkeypatch.setattr(plt, "show", refuse)
    monkeypatch.setattr(Figure, "show", refuse)


@pytest.fixture
def data():
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.5], [-1.0, -0.5], [0.5, 2.0]])
    y = np.array([1, -1, 1, -1, 1])
    return X, y


def scatter_by_label(ax):
    return {
        c.get_label(): c
        for c in ax.collections
        if c.get_label() in ("$y = -1$", "$y = +1$")
    }


def arrows(ax):
    """(start, end) of every annotation that draws an arrow."""
    return [
        (np.asarray(a.xyann, float), np.asarray(a.xy, float))
        for a in ax.texts
        if isinstance(a, Annotation) and a.arrow_patch is not None
    ]


def assert_on_line(line, w, b):
    x, y = line.get_data()
    points = np.column_stack([x, y])
    assert np.allclose(points @ np.asarray(w) + b, 0.0, atol=1e-9 * max(1.0, abs(b)))


def hue(color):
    return colorsys.rgb_to_hsv(*to_rgb(color))[0]


def hue_distance(a, b):
    d = abs(hue(a) - hue(b))
    return min(d, 1 - d)


# ------------------------------------------------------------------------- plot_data


def test_plot_data_one_marker_and_colour_per_class(data):
    X, y = data
    ax = plot_data(X, y)
    assert isinstance(ax, Axes)
    by_label = scatter_by_label(ax)
    assert set(by_label) == {"$y = -1$", "$y = +1$"}
    neg, pos = by_label["$y = -1$"], by_label["$y = +1$"]
    assert np.array_equal(neg.get_offsets(), X[y == -1])
    assert np.array_equal(pos.get_offsets(), X[y == 1])
    # different colours, both colour-blind safe
    neg_colour, pos_colour = neg.get_facecolor()[0], pos.get_facecolor()[0]
    assert not np.allclose(neg_colour, pos_colour)
    palette = [to_rgba(c) for c in OKABE_ITO]
    assert any(np.allclose(neg_colour, c) for c in palette)
    assert any(np.allclose(pos_colour, c) for c in palette)
    # different markers: different marker paths
    neg_marker = neg.get_paths()[0].vertices
    pos_marker = pos.get_paths()[0].vertices
    assert neg_marker.shape != pos_marker.shape or not np.allclose(neg_marker, pos_marker)


def test_plot_data_labels_and_legend(data):
    X, y = data
    ax = plot_data(X, y)
    assert ax.get_xlabel() and ax.get_ylabel()
    legend = ax.get_legend()
    assert legend is not None
    assert sorted(t.get_text() for t in legend.get_texts()) == ["$y = +1$", "$y = -1$"]
    named = plot_data(X, y, feature_names=("stripes", "mane"))
    assert (named.get_xlabel(), named.get_ylabel()) == ("stripes", "mane")


def test_plot_data_class_names(data):
    # the book's motivating example names the classes
    X, y = data
    ax = plot_data(X, y, class_names={-1: "tiger", 1: "lion"})
    by_label = {c.get_label(): c for c in ax.collections}
    assert np.array_equal(by_label["tiger"].get_offsets(), X[y == -1])
    assert np.array_equal(by_label["lion"].get_offsets(), X[y == 1])
    assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == ["lion", "tiger"]
    default = scatter_by_label(plot_data(X, y))["$y = -1$"]
    assert np.allclose(by_label["tiger"].get_facecolor(), default.get_facecolor())


def test_plot_data_draws_on_the_given_axes(data):
    X, y = data
    fig, (left, right) = plt.subplots(1, 2, facecolor="none")
    assert plot_data(X, y, right) is right
    assert len(left.collections) == 0 and len(right.collections) == 2
    assert to_rgba(fig.get_facecolor()) == WHITE  # opaque, even if it was not
    assert to_rgba(right.get_facecolor()) == WHITE


def test_plot_data_with_one_class(data):
    X, _ = data
    ax = plot_data(X, np.ones(len(X)))
    assert set(scatter_by_label(ax)) == {"$y = +1$"}


# -------------------------------------------------------------------- plot_hyperplane


@pytest.mark.parametrize(
    ("w", "b"),
    [([-1.0, 1.0], 0.0), ([1.0, 0.0], -0.5), ([0.0, 2.0], 1.0), ([3.0, -1.0], 2.0)],
    ids=["diagonal", "vertical", "horizontal", "steep"],
)
def test_plot_hyperplane_draws_the_line_and_keeps_the_limits(w, b):
    fig, ax = plt.subplots()
    ax.set_xlim(-2.0, 3.0)
    ax.set_ylim(-1.5, 2.5)
    assert plot_hyperplane(w, b, ax) is ax
    assert ax.get_xlim() == (-2.0, 3.0)
    assert ax.get_ylim() == (-1.5, 2.5)
    assert len(ax.lines) == 1
    line = ax.lines[0]
    assert_on_line(line, w, b)
    # it crosses the whole view: both ends lie outside it
    x, y = line.get_data()
    for end in (0, -1):
        assert not (-2.0 <= x[end] <= 3.0 and -1.5 <= y[end] <= 2.5)
    # the normal vector is drawn as an arrow pointing along w, starting on the line
    ((start, end),) = arrows(ax)
    assert np.isclose(np.asarray(w) @ start + b, 0.0, atol=1e-9)
    step = end - start
    assert np.isclose(abs(np.dot(step, w)), np.linalg.norm(step) * np.linalg.norm(w))
    assert np.dot(step, w) > 0
    assert to_rgba(fig.get_facecolor()) == WHITE


def test_plot_hyperplane_keeps_autoscaled_limits_of_the_data(data):
    # Drawn after the data, the (long) line must not zoom the view out.
    X, y = data
    ax = plot_data(X, y)
    limits = ax.get_xlim(), ax.get_ylim()
    plot_hyperplane([1.0, 2.0], -1.0, ax)
    assert (ax.get_xlim(), ax.get_ylim()) == limits
    plot_hyperplane([1.0, 0.0], 0.25, ax, label="vertical")
    assert (ax.get_xlim(), ax.get_ylim()) == limits


def test_plot_hyperplane_normal_at_a_chosen_point():
    _, ax = plt.subplots()
    ax.set_xlim(-3, 3)
    ax.set_ylim(-3, 3)
    w, b, anchor = np.array([1.0, 1.0]), -1.0, np.array([2.0, -2.0])
    plot_hyperplane(w, b, ax, normal_at=anchor)
    ((start, end),) = arrows(ax)
    assert np.isclose(w @ start + b, 0.0, atol=1e-12)  # on the line
    offset = anchor - start  # the nearest point: the offset is along w
    assert np.isclose(abs(offset @ w), np.linalg.norm(offset) * np.linalg.norm(w))
    assert np.allclose(start, [2.5, -1.5])
    step = end - start
    assert step @ w > 0 and np.isclose(step @ w, np.linalg.norm(step) * np.linalg.norm(w))


def test_plot_hyperplane_without_normal_and_with_a_label():
    _, ax = plt.subplots()
    ax = plot_hyperplane([1.0, 1.0], -1.0, ax, normal=False, label="boundary")
    assert arrows(ax) == []
    assert ax.lines[0].get_label() == "boundary"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["boundary"]


def test_plot_hyperplane_makes_its_own_axes():
    ax = plot_hyperplane([-1.0, 1.0])
    assert isinstance(ax, Axes) and len(ax.lines) == 1
    assert_on_line(ax.lines[0], [-1.0, 1.0], 0.0)
    assert to_rgba(ax.figure.get_facecolor()) == WHITE


# -------------------------------------------------------------- plot_decision_regions


def _region_check(ax, score):
    """The shaded image says +1 exactly where score >= 0, in the +1 class's hue."""
    (image,) = ax.images
    regions = np.asarray(image.get_array())
    n_rows, n_cols = regions.shape
    left, right, bottom, top = image.get_extent()
    xs, ys = np.linspace(left, right, n_cols), np.linspace(bottom, top, n_rows)
    g1, g2 = np.meshgrid(xs, ys)
    scores = score(np.column_stack([g1.ravel(), g2.ravel()])).reshape(g1.shape)
    assert image.origin == "lower"
    clear = np.abs(scores) > 1e-9
    assert np.array_equal((regions > 0.5)[clear], (scores >= 0)[clear])
    assert np.any(scores[clear] > 0) and np.any(scores[clear] < 0)
    colours = image.to_rgba(regions)[..., :3]
    positive = np.unique(colours[clear & (scores > 0)], axis=0)
    negative = np.unique(colours[clear & (scores < 0)], axis=0)
    assert len(positive) == 1 and len(negative) == 1
    style = perclab.plotting.CLASS_STYLE
    assert hue_distance(positive[0], style[1]["color"]) < 0.05
    assert hue_distance(negative[0], style[-1]["color"]) < 0.05


def test_plot_decision_regions_from_a_hyperplane(data):
    X, y = data
    w, b = np.array([-1.0, 1.0]), 0.3
    ax = plot_decision_regions(X, y, w=w, b=b, resolution=60)
    assert isinstance(ax, Axes)
    _region_check(ax, lambda points: points @ w + b)
    # the data are drawn on top and fit inside the view
    assert set(scatter_by_label(ax)) == {"$y = -1$", "$y = +1$"}
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert x0 < X[:, 0].min() and X[:, 0].max() < x1
    assert y0 < X[:, 1].min() and X[:, 1].max() < y1
    assert to_rgba(ax.figure.get_facecolor()) == WHITE


def test_plot_decision_regions_from_a_model():
    X, y = load_iris_2d()
    model = perclab.Perceptron().fit(X, y)
    _, ax = plt.subplots()
    assert plot_decision_regions(X, y, model=model, ax=ax, resolution=80) is ax
    _region_check(ax, lambda points: points @ model.coef_[0] + model.intercept_[0])


def test_plot_decision_regions_needs_exactly_one_of_w_and_model(data):
    X, y = data
    with pytest.raises(ValueError, match="exactly one of w"):
        plot_decision_regions(X, y)
    model = perclab.Perceptron().fit(X, y)
    with pytest.raises(ValueError, match="exactly one of w"):
        plot_decision_regions(X, y, w=[1.0, 0.0], model=model)


# ------------------------------------------------------------------------ plot_update


def test_plot_update_draws_before_and_after(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    history = result.history
    for k in (2, 5, result.n_updates):
        fig, ax = plt.subplots()
        assert plot_update(result, k, X, y, ax) is ax
        i = int(history.sample[k - 1])
        assert ax.get_title().startswith(f"Update {k}: sample {i} ")
        assert f"y = {y[i]:+d}" in ax.get_title()
        lines = {line.get_label(): line for line in ax.lines}
        assert set(lines) == {"before", "after"}
        assert lines["before"].get_linestyle() == "--"
        assert lines["after"].get_linestyle() == "-"
        assert_on_line(lines["before"], history.w[k - 1], history.b[k - 1])
        assert_on_line(lines["after"], history.w[k], history.b[k])
        # the sample behind the update is circled
        circled = [c for c in ax.collections if np.array_equal(c.get_offsets(), [X[i]])]
        assert circled
        # w_k = w_{k-1} + step, drawn as arrows
        drawn = arrows(ax)
        assert any(
            np.allclose(s, history.w[k - 1]) and np.allclose(e, history.w[k])
            for s, e in drawn
        )
        assert any(np.allclose(s, 0) and np.allclose(e, history.w[k]) for s, e in drawn)
        assert ax.get_legend() is not None
        assert to_rgba(fig.get_facecolor()) == WHITE


def test_plot_update_first_update_from_zero_has_no_before_line():
    X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    result = perclab.train(X, y, fit_bias=False)
    ax = plot_update(result, 1, X, y)
    assert ax.get_title() == "Update 1: sample 0 (y = +1)"
    assert [line.get_label() for line in ax.lines] == ["after"]
    assert_on_line(ax.lines[0], result.history.w[1], 0.0)


def test_plot_update_when_the_update_returns_to_zero_weights():
    # The same point with both labels: w goes 0 -> x -> 0. After update 2 no line
    # exists; the figure must still be drawn (the data, the before line, the arrows).
    X, y = np.array([[1.0, 0.5], [1.0, 0.5]]), np.array([1, -1])
    with pytest.warns(perclab.NotConvergedWarning):
        result = perclab.train(X, y, fit_bias=False, max_epochs=2)
    assert np.array_equal(result.history.w[2], [0.0, 0.0])
    ax = plot_update(result, 2, X, y)
    assert ax.get_title().startswith("Update 2: sample 1")
    assert [line.get_label() for line in ax.lines] == ["before"]


def test_plot_update_refuses_k_out_of_range(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    for k in (0, result.n_updates + 1):
        with pytest.raises(ValueError, match="k must be"):
            plot_update(result, k, X, y)


def test_decision_regions_refuse_a_model_whose_labels_are_not_plus_minus_one():
    # A model fitted on {1, 2} would otherwise be shaded as all +1 without a word.
    from sklearn.neighbors import KNeighborsClassifier

    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    model = KNeighborsClassifier(n_neighbors=1).fit(X, [1, 2, 1, 2])
    with pytest.raises(ValueError, match="must return -1 and \\+1"):
        plot_decision_regions(X, [-1, 1, -1, 1], model=model)
