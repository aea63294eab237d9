"""perclab.animation: which updates get frames, what a frame shows, and the HTML."""

import re

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.animation import FuncAnimation

import perclab
from perclab.animation import TrainingAnimation, animate_training, frame_updates, to_html
from perclab.datasets import make_small_margin

EMBEDDED_FRAME = re.compile(r'frames\[(\d+)\] = "data:image/png;base64,')


def embedded_frames(html):
    return [int(i) for i in EMBEDDED_FRAME.findall(html)]


@pytest.fixture
def long_run():
    X, y = make_small_margin(30, random_state=2)
    return perclab.train(X, y), X, y


def render(anim):
    """Render, which every animation must be before it is garbage-collected."""
    return to_html(anim)


# ------------------------------------------------------------------- frame_updates


def test_frame_updates_small_runs_get_every_update():
    assert frame_updates(1, 2).tolist() == [1]
    assert frame_updates(7, 7).tolist() == list(range(1, 8))


def test_frame_updates_by_hand():
    assert frame_updates(100, 5).tolist() == [1, 26, 51, 75, 100]
    assert frame_updates(10, 2).tolist() == [1, 10]
    # round-half-to-even would give 2, 2 for 1.5 and 2.5; these must stay distinct
    assert frame_updates(4, 3).tolist() == [1, 3, 4]


@given(st.integers(1, 100_000), st.integers(2, 300))
def test_frame_updates_sample_evenly_and_keep_first_and_last(n_updates, max_frames):
    ks = frame_updates(n_updates, max_frames)
    assert len(ks) == min(n_updates, max_frames)
    assert ks[0] == 1 and ks[-1] == n_updates
    gaps = np.diff(ks)
    assert np.all(gaps >= 1)
    if len(gaps):
        assert gaps.max() - gaps.min() <= 1  # as even as integers allow


# ---------------------------------------------------------------- animate_training


def test_animation_has_one_frame_per_update_of_a_short_run():
    X = np.array([[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0]])
    y = np.array([-1, 1, -1, 1])
    result = perclab.train(X, y)
    assert result.n_updates == 4
    anim = animate_training(result, X, y, max_frames=40, dpi=20)
    assert isinstance(anim, FuncAnimation) and isinstance(anim, TrainingAnimation)
    assert anim.updates.tolist() == [1, 2, 3, 4]
    assert repr(anim) == "TrainingAnimation(n_frames=4, n_updates=4, interval=500)"
    html = render(anim)
    assert embedded_frames(html) == [0, 1, 2, 3]


def test_long_run_is_sampled_with_first_and_last(long_run):
    result, X, y = long_run
    assert result.n_updates > 20
    anim = animate_training(result, X, y, max_frames=4, dpi=20)
    assert len(anim.updates) == 4
    assert anim.updates[0] == 1 and anim.updates[-1] == result.n_updates
    assert embedded_frames(render(anim)) == [0, 1, 2, 3]


def test_the_figure_is_closed(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, dpi=20, max_frames=2)
    assert anim._fig.number not in plt.get_fignums()
    render(anim)


def area(polygon):
    x, y = polygon.T
    return 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))


def check_frame(anim, result, X, y, k):
    """The state after update k: regions, lines, circled sample and counts."""
    h = result.history
    artists = anim.show_update(k)
    positive, negative, before, after, sample, title = artists
    w, b = h.w[k], h.b[k]
    i = int(h.sample[k - 1])
    for line, row in [(after, k), (before, k - 1)]:
        xs, ys = line.get_data()
        if np.any(h.w[row]):
            points = np.column_stack([xs, ys])
            assert np.allclose(points @ h.w[row] + h.b[row], 0.0, atol=1e-9)
        else:
            assert len(xs) == 0
    assert np.array_equal(sample.get_offsets(), [X[i]])
    # the shaded regions: the parts of the view where w_k @ x + b_k >= 0 and <= 0
    ax = anim._fig.axes[0]
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    view = (x1 - x0) * (y1 - y0)
    shown = [p for p in (positive, negative) if p.get_visible()]
    assert sum(area(p.get_xy()) for p in shown) == pytest.approx(view)
    tol = 1e-9 * (1 + np.abs(w).sum() * max(map(abs, (x0, x1, y0, y1))) + abs(b))
    if positive.get_visible():
        assert np.all(positive.get_xy() @ w + b >= -tol)
    if negative.get_visible():
        assert np.all(negative.get_xy() @ w + b <= tol)
    wrong = int(np.count_nonzero(y * (X @ w + b) <= 0))
    label = "+1" if y[i] > 0 else "\u22121"
    assert title.get_text() == (
        f"Update {k} of {len(h)} (epoch {h.epoch[k - 1]}): sample {i}, y = {label}\n"
        f"afterwards {wrong} of {len(y)} misclassified"
    )


def test_first_and_last_frames_show_the_history_rows(long_run):
    result, X, y = long_run
    anim = animate_training(result, X, y, max_frames=2, dpi=20)
    check_frame(anim, result, X, y, int(anim.updates[0]))
    check_frame(anim, result, X, y, int(anim.updates[-1]))
    check_frame(anim, result, X, y, 7)  # any update can be drawn
    # the last frame of a converged run misclassifies nothing
    last_title = anim.show_update(result.n_updates)[-1].get_text()
    assert last_title.endswith(f"afterwards 0 of {len(y)} misclassified")
    render(anim)


def test_frames_follow_the_animation_sequence(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    anim = animate_training(result, X, y, max_frames=3, dpi=20)
    assert list(anim.new_saved_frame_seq()) == anim.updates.tolist()
    render(anim)


def test_white_background_and_legend(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, dpi=20, max_frames=2)
    fig = anim._fig
    assert mpl.colors.to_rgba(fig.get_facecolor()) == (1.0, 1.0, 1.0, 1.0)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels[:2] == ["y = \u22121", "y = +1"] and "after" in labels
    render(anim)


# ------------------------------------------------------------------------- to_html


def test_html_plays_offline(worked_example):
    X, y = worked_example
    html = to_html(animate_training(perclab.train(X, y), X, y, max_frames=3, dpi=20))
    assert "font-awesome" not in html and "https://" not in html
    assert 'class="fa' not in html  # every icon was replaced by a character
    buttons = re.findall(r"<button[^>]*>(.*?)</button>", html, flags=re.S)
    assert len(buttons) == 9 and all(b.strip() for b in buttons)
    assert "anim" in html and ".play_animation()" in html


def test_size_cap_raises_and_names_the_fix(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, max_frames=2, dpi=20)
    size = len(to_html(anim).encode())
    with pytest.raises(ValueError, match=r"more than max_bytes.*max_frames.*dpi"):
        to_html(anim, max_bytes=size - 1)
    assert len(to_html(anim, max_bytes=size)) > 0


def test_the_embed_limit_never_drops_frames(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, max_frames=3, dpi=20)
    with mpl.rc_context({"animation.embed_limit": 0.001}):  # about 1 kB
        html = to_html(anim)
        assert mpl.rcParams["animation.embed_limit"] == 0.001  # restored
    assert embedded_frames(html) == [0, 1, 2]


def test_dpi_sets_the_frame_size(worked_example):
    X, y = worked_example
    result = perclab.train(X, y)
    small = to_html(animate_training(result, X, y, max_frames=2, dpi=20))
    large = to_html(animate_training(result, X, y, max_frames=2, dpi=60))
    assert len(large) > 2 * len(small)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda r, X, y: animate_training(r, X, y, max_frames=1), ValueError, ">= 2"),
        (lambda r, X, y: animate_training(r, X, y, dpi=0), ValueError, "dpi must be > 0"),
        (
            lambda r, X, y: animate_training(r, X, y, interval=-1),
            ValueError,
            "interval must be > 0",
        ),
        (
            lambda r, X, y: animate_training(r, np.ones((6, 3)), y),
            ValueError,
            "2-D data",
        ),
        (lambda r, X, y: animate_training(r, X, [0, 1] * 3), ValueError, r"2\*y - 1"),
        (
            lambda r, X, y: animate_training(perclab.train([[1.0]], [1], w0=[1.0]), X, y),
            ValueError,
            "no updates",
        ),
        (lambda r, X, y: frame_updates(0, 5), ValueError, "n_updates must be >= 1"),
    ],
    ids=[
        "max_frames-1",
        "dpi-0",
        "interval-negative",
        "3-D",
        "labels",
        "no-updates",
        "n-0",
    ],
)
def test_bad_input(worked_example, call, error, match):
    X, y = worked_example
    result = perclab.train(X, y)
    with pytest.raises(error, match=match):
        call(result, X, y)


def test_show_update_refuses_k_out_of_range(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, dpi=20, max_frames=2)
    with pytest.raises(ValueError, match="k must be between 1 and 18"):
        anim.show_update(19)
    render(anim)


def test_to_html_refuses_a_bad_cap(worked_example):
    X, y = worked_example
    anim = animate_training(perclab.train(X, y), X, y, dpi=20, max_frames=2)
    with pytest.raises(ValueError, match="max_bytes must be >= 1"):
        to_html(anim, max_bytes=0)
    render(anim)


def test_a_line_outside_the_view_shades_it_all_one_class():
    # the first update, on (4, 1) with y = -1, gives w = (-4, -1), b = -1: every point
    # of the view (where x1, x2 > 0) scores negative
    X = np.array([[4.0, 1.0], [5.0, 4.0], [4.5, 1.5], [6.0, 4.5]])
    y = np.array([-1, 1, -1, 1])
    result = perclab.train(X, y)
    assert np.array_equal(result.history.w[1], [-4.0, -1.0])
    anim = animate_training(result, X, y, max_frames=2, dpi=20)
    check_frame(anim, result, X, y, 1)
    positive, negative = anim.show_update(1)[:2]
    assert not positive.get_visible() and negative.get_visible()
    render(anim)


def test_to_html_describes_the_frames_for_screen_readers():
    X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    anim = animate_training(perclab.train(X, y), X, y, dpi=20)
    html = to_html(anim, alt='Run on "two" points & one update')
    assert 'alt="Run on &quot;two&quot; points &amp; one update" id="_anim_img' in html
    assert '<input aria-label="frame (update number)" id="_anim_slider' in html
