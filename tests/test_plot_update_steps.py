"""perclab.plotting.plot_update_steps: the three panels, inspected through their artists."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.text import Annotation

import perclab
from perclab.plotting import plot_update_steps

WHITE = (1.0, 1.0, 1.0, 1.0)


@pytest.fixture(autouse=True)
def _no_show(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("plt.show() was called inside perclab")

    monkeypatch.setattr(plt, "show", refuse)
    monkeypatch.setattr(Figure, "show", refuse)


def lines_by_label(ax):
    return {line.get_label(): line for line in ax.lines}


def on_line(line, w, b):
    x, y = line.get_data()
    points = np.column_stack([x, y])
    return np.allclose(points @ np.asarray(w) + b, 0.0, atol=1e-9 * max(1.0, abs(b)))


def arrows(ax):
    return [
        (np.asarray(a.xyann, float), np.asarray(a.xy, float))
        for a in ax.texts
        if isinstance(a, Annotation) and a.arrow_patch is not None
    ]


def circled(ax, point):
    return [
        c
        for c in ax.collections
        if np.array_equal(c.get_offsets(), [point]) and c.get_sizes()[0] == 260
    ]


@pytest.mark.parametrize("k", [2, 5, 18])
def test_three_panels_before_update_after(worked_example, k):
    X, y = worked_example
    result = perclab.train(X, y)
    h = result.history
    i = int(h.sample[k - 1])
    axes = plot_update_steps(result, k, X, y)
    assert isinstance(axes, tuple) and len(axes) == 3
    before, update, after = axes
    fig = before.figure
    assert update.figure is fig and after.figure is fig
    assert to_rgba(fig.get_facecolor()) == WHITE

    # panel 1: the old line only, dashed; panel 3: the new line only, solid
    assert set(lines_by_label(before)) == {"before"}
    assert on_line(lines_by_label(before)["before"], h.w[k - 1], h.b[k - 1])
    assert lines_by_label(before)["before"].get_linestyle() == "--"
    assert set(lines_by_label(after)) == {"after"}
    assert on_line(lines_by_label(after)["after"], h.w[k], h.b[k])
    assert lines_by_label(after)["after"].get_linestyle() == "-"
    # panel 2: both lines and the vectors w_{k-1} + step = w_k from the origin
    lines = lines_by_label(update)
    assert on_line(lines["before"], h.w[k - 1], h.b[k - 1])
    assert on_line(lines["after"], h.w[k], h.b[k])
    drawn = arrows(update)
    for start, end in [(0, h.w[k - 1]), (h.w[k - 1], h.w[k]), (0, h.w[k])]:
        assert any(np.allclose(s, start) and np.allclose(e, end) for s, e in drawn)
    # the step is lr * y_i * x_i
    assert np.allclose(h.w[k] - h.w[k - 1], y[i] * X[i])

    # the sample is circled in every panel; the panels share their limits
    for ax in axes:
        assert circled(ax, X[i])
        assert ax.get_xlim() == update.get_xlim() and ax.get_ylim() == update.get_ylim()
        assert ax.get_xlabel() == "$x_1$"

    # titles: which update, which sample, and its margin before and after
    margin_before = y[i] * (X[i] @ h.w[k - 1] + h.b[k - 1])
    margin_after = y[i] * (X[i] @ h.w[k] + h.b[k])
    assert before.get_title().startswith(f"Before: sample {i} is wrong\n")
    assert f"= {margin_before:.3g}" in before.get_title()
    assert update.get_title().startswith(f"Update {k}:\n")
    assert f"= {margin_after:.3g}" in after.get_title()
    verdict = "is correct" if margin_after > 0 else "is still wrong"
    assert after.get_title().startswith(f"After: sample {i} {verdict}\n")

    # one legend for the figure, none on the panels
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in axes)
    texts = [t.get_text() for t in fig.legends[0].get_texts()]
    assert texts[-2:] == ["before", "after"]
    assert {"$y = -1$", "$y = +1$"} <= set(texts)


def test_one_update_may_not_be_enough():
    # margin -10 before; one update adds ||x||^2 = 1: still a mistake
    X, y = np.array([[1.0, 0.0]]), np.array([1])
    result = perclab.train(X, y, w0=[-10.0, 0.5], fit_bias=False)
    assert result.n_updates == 11
    before, _, after = plot_update_steps(result, 1, X, y)
    assert "= -10 \\leq 0" in before.get_title()
    assert after.get_title().startswith("After: sample 0 is still wrong")
    assert "= -9 \\leq 0" in after.get_title()
    last = plot_update_steps(result, 11, X, y)[2]
    assert last.get_title().startswith("After: sample 0 is correct")


def test_first_update_from_zero_weights_has_no_old_line():
    X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    result = perclab.train(X, y, fit_bias=False)
    before, _, after = plot_update_steps(result, 1, X, y)
    assert len(before.lines) == 0
    assert any("no boundary" in t.get_text() for t in before.texts)
    assert "= 0 \\leq 0" in before.get_title()
    assert set(lines_by_label(after)) == {"after"}


def test_draws_on_given_axes_and_keeps_their_legends(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    fig, given = plt.subplots(3, 1)
    axes = plot_update_steps(result, 3, X, y, axes=given)
    assert all(a is b for a, b in zip(axes, given, strict=True))
    assert fig.legends == []
    assert all(ax.get_legend() is not None for ax in axes)


def test_refuses_wrong_axes_and_k(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    _, two = plt.subplots(1, 2)
    with pytest.raises(ValueError, match="three Axes"):
        plot_update_steps(result, 1, X, y, axes=two)
    for k in (0, result.n_updates + 1):
        with pytest.raises(ValueError, match="k must be"):
            plot_update_steps(result, k, X, y)
    with pytest.raises(ValueError, match="2-D data"):
        plot_update_steps(result, 1, np.ones((6, 3)), y)


def test_titles_show_the_bias_only_when_it_is_learned(worked_example):
    X, y = worked_example
    k = 3
    without = plot_update_steps(perclab.train(X, y, fit_bias=False), k, X, y)
    for ax, index in [(without[0], "k-1"), (without[2], "k")]:
        assert f"(w_{{{index}}}^\\top x_i)" in ax.get_title()
        assert "b_" not in ax.get_title()
    fixed = perclab.train(X, y, fit_bias=False, b0=-0.5)
    for ax in plot_update_steps(fixed, k, X, y)[::2]:
        assert "x_i - 0.5)" in ax.get_title() and "b_" not in ax.get_title()
    learned = plot_update_steps(perclab.train(X, y), k, X, y)
    assert "x_i + b_{k-1})" in learned[0].get_title()
    assert "x_i + b_{k})" in learned[2].get_title()
