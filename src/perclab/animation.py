"""A training run as an animation that plays in a web page, with no Python running.

:func:`animate_training` turns the history of a run into a matplotlib animation, one
frame per update (or an even sample of them), and :func:`to_html` turns that into a
self-contained piece of HTML: the frames as embedded PNG images, a slider and buttons to
play, pause and step. The book shows it as is; nothing is fetched from the network.
"""

from __future__ import annotations

import io
import re
from html import escape

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.patches import Polygon

from perclab._validation import (
    check_history,
    check_int,
    check_pm1_labels,
    check_real,
    check_X,
)
from perclab.classifier import count_mistakes, summary_repr
from perclab.plotting import LINE_COLOR, REGION_COLORS, UPDATE_COLOR, plot_data

__all__ = ["TrainingAnimation", "animate_training", "frame_updates", "to_html"]


def frame_updates(n_updates: int, max_frames: int) -> np.ndarray:
    """The updates that get a frame: all of them, or ``max_frames`` spread evenly.

    The first and the last update are always included.

    Examples
    --------
    >>> frame_updates(5, 10)
    array([1, 2, 3, 4, 5])
    >>> frame_updates(100, 5)
    array([  1,  26,  51,  75, 100])
    """
    n_updates = check_int(n_updates, name="n_updates", minimum=1)
    max_frames = check_int(max_frames, name="max_frames", minimum=2)
    if n_updates <= max_frames:
        return np.arange(1, n_updates + 1)
    # floor(t + 1/2) rounds and, unlike np.round, never maps two points a step >= 1
    # apart to the same integer
    return np.floor(np.linspace(1, n_updates, max_frames) + 0.5).astype(int)


class TrainingAnimation(FuncAnimation):
    """A :class:`~matplotlib.animation.FuncAnimation` of a training run.

    Frame ``j`` shows the state after update ``updates[j]``; :meth:`show_update` draws
    the state after any update ``k``.
    """

    def __init__(self, fig, show_update, updates: np.ndarray, n_updates: int, interval):
        self.updates = updates
        self.n_updates = n_updates
        self._show_update = show_update
        super().__init__(
            fig,
            show_update,
            frames=[int(k) for k in updates],
            interval=interval,
            repeat=False,
            blit=False,
        )

    def show_update(self, k: int):
        """Draw the state after update ``k``; return the artists that changed."""
        k = check_int(k, name="k", minimum=1)
        if k > self.n_updates:
            raise ValueError(
                f"the run made {self.n_updates} updates, so k must be between 1 and "
                f"{self.n_updates}, got {k}"
            )
        return self._show_update(k)

    def __repr__(self) -> str:
        shown = {"n_frames": len(self.updates), "n_updates": self.n_updates}
        return summary_repr(self, **shown, interval=self._interval)


def animate_training(
    result, X, y, *, max_frames: int = 30, interval: float = 500, dpi: float = 80
) -> TrainingAnimation:
    """Animate a training run of 2-D data, one frame per update.

    Frame ``j`` shows the state after update ``k = anim.updates[j]``: the decision
    regions and the line ``w_k @ x + b_k = 0`` (solid), the line before the update
    (dashed), the sample that triggered it (circled), and the counts: the update, its
    epoch, and how many training points ``w_k`` misclassifies. A run with more than
    ``max_frames`` updates is shown at ``max_frames`` updates spread evenly over it,
    always including the first and the last (:func:`frame_updates`).

    The figure is closed before it is returned, so a notebook shows only the animation
    (through :func:`to_html`), not a still copy of the figure.

    Parameters
    ----------
    result : TrainResult
        A run of :func:`perclab.train` with at least one update.
    X : array of shape (n_samples, 2)
    y : array of shape (n_samples,)
    max_frames : int, default 30
        At least 2.
    interval : float, default 500
        Milliseconds between frames when playing.
    dpi : float, default 80
        Resolution of the frames; with ``max_frames`` it sets the size of the HTML.

    Returns
    -------
    TrainingAnimation
        A :class:`~matplotlib.animation.FuncAnimation`, with ``updates`` (the update
        shown in each frame) and :meth:`~TrainingAnimation.show_update`.

    Examples
    --------
    >>> from perclab import train
    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> y = [-1, 1, -1, 1, 1, -1]
    >>> anim = animate_training(train(X, y), X, y, max_frames=3, dpi=20)
    >>> anim.updates  # 18 updates, three frames
    array([ 1, 10, 18])
    >>> html = to_html(anim)
    >>> html.count('] = "data:image/png;base64,')  # one embedded image per frame
    3
    """
    X = check_X(X)
    if X.shape[1] != 2:
        raise ValueError(
            f"the animation draws 2-D data, but X has {X.shape[1]} features; select two "
            "columns, e.g. X[:, [0, 1]]"
        )
    y = check_pm1_labels(y, X.shape[0])
    history = check_history(result)
    if len(history) == 0:
        raise ValueError(
            "the run made no updates, so there is nothing to animate; its starting "
            "weights already classify every point correctly"
        )
    updates = frame_updates(len(history), max_frames)
    interval = check_real(interval, name="interval", positive=True)
    dpi = check_real(dpi, name="dpi", positive=True)

    # a fixed layout: a layout engine would measure every text again in every frame
    fig, ax = plt.subplots(figsize=(6.0, 4.3), dpi=dpi)
    fig.subplots_adjust(left=0.12, right=0.7, bottom=0.11, top=0.87)
    fig.set_facecolor("white")
    ax.set_facecolor("white")
    show_update = _Frames(ax, history, X, y)
    anim = TrainingAnimation(fig, show_update, updates, len(history), interval)
    plt.close(fig)
    return anim


class _Frames:
    """The artists of the animation, and how to set them to the state after update k."""

    def __init__(self, ax, history, X, y):
        self.ax, self.history, self.X, self.y = ax, history, X, y
        pad = 0.1 * (X.max(axis=0) - X.min(axis=0)) + 0.3
        self.low, self.high = X.min(axis=0) - pad, X.max(axis=0) + pad
        (x0, y0), (x1, y1) = self.low, self.high
        self.box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        negative_tint, positive_tint = REGION_COLORS.colors
        self.regions = {
            sign: ax.add_patch(Polygon(self.box, closed=True, color=tint, lw=0, zorder=0))
            for sign, tint in ((1, positive_tint), (-1, negative_tint))
        }
        plot_data(X, y, ax)
        # plain-text labels: mathtext would be laid out again in every frame
        for points in ax.collections:
            points.set_label(points.get_label().strip("$").replace("-", "\u2212"))
        ax.set_xlabel("x\u2081")
        ax.set_ylabel("x\u2082")
        (self.before,) = ax.plot([], [], color="#777777", ls="--", lw=1.5, label="before")
        (self.after,) = ax.plot([], [], color=LINE_COLOR, lw=2, label="after")
        self.sample = ax.scatter(
            [], [], s=200, facecolors="none", edgecolors=UPDATE_COLOR, linewidths=2,
            zorder=4, label="sample of\nthe update",
        )  # fmt: skip
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), framealpha=1)

    def _line(self, line, w, b):
        """Put ``line`` on ``w @ x + b = 0`` across the view (empty when ``w = 0``)."""
        norm = np.linalg.norm(w)
        if norm == 0:
            line.set_data([], [])
            return
        unit = w / norm
        centre = (self.low + self.high) / 2
        foot = centre - (unit @ centre + b / norm) * unit
        span = 2 * np.linalg.norm(self.high - self.low)
        points = foot + np.array([-span, span])[:, None] * np.array([-unit[1], unit[0]])
        line.set_data(points[:, 0], points[:, 1])

    def _half_plane(self, patch, scores):
        """Show on ``patch`` the part of the view where the score is >= 0.

        ``scores`` are the scores of the corners of the view; the part is the polygon
        of the corners with a score >= 0 and the points where an edge crosses 0.
        """
        corners = []
        for j in range(4):
            p, q = self.box[j], self.box[(j + 1) % 4]
            s_p, s_q = scores[j], scores[(j + 1) % 4]
            if s_p >= 0:
                corners.append(p)
            if s_p * s_q < 0:
                corners.append(p + (q - p) * s_p / (s_p - s_q))
        patch.set_visible(len(corners) >= 3)
        if len(corners) >= 3:
            patch.set_xy(np.array(corners))

    def __call__(self, k: int):
        history, X, y = self.history, self.X, self.y
        w, b = history.w[k], float(history.b[k])
        i = int(history.sample[k - 1])
        corner_scores = self.box @ w + b
        for sign, patch in self.regions.items():
            self._half_plane(patch, sign * corner_scores)
        self._line(self.before, history.w[k - 1], float(history.b[k - 1]))
        self._line(self.after, w, b)
        self.sample.set_offsets([X[i]])
        wrong = count_mistakes(X, y, w, b)
        label = "+1" if y[i] > 0 else "\u22121"  # a true minus sign
        title = self.ax.set_title(
            f"Update {k} of {len(history)} (epoch {int(history.epoch[k - 1])}): "
            f"sample {i}, y = {label}\n"
            f"afterwards {wrong} of {len(y)} misclassified"
        )
        return [*self.regions.values(), self.before, self.after, self.sample, title]


# The buttons of matplotlib's HTML player show Font Awesome icons from a CDN; plain
# characters need no network and no icon font.
_BUTTON_TEXT = {
    "fa fa-minus": "\u2212",
    "fa fa-fast-backward": "|\u25c0\ufe0e\u25c0\ufe0e",
    "fa fa-step-backward": "|\u25c0\ufe0e",
    "fa fa-play fa-flip-horizontal": "\u25c0\ufe0e",
    "fa fa-pause": "\u275a\u275a",
    "fa fa-play": "\u25b6\ufe0e",
    "fa fa-step-forward": "\u25b6\ufe0e|",
    "fa fa-fast-forward": "\u25b6\ufe0e\u25b6\ufe0e|",
    "fa fa-plus": "+",
}
_ICON_FONT = re.compile(r'<link rel="stylesheet"\s+href="[^"]*font-awesome[^"]*">\s*')


def to_html(
    anim,
    *,
    max_bytes: int = 2_000_000,
    alt: str = "Animation of a perceptron training run, one frame per update",
) -> str:
    """Render an animation as self-contained HTML (matplotlib's JavaScript player).

    The frames are embedded as PNG images at the figure's resolution. The player's
    buttons are labelled with plain characters instead of icons from a web font, so the
    page needs nothing from the network. matplotlib drops frames beyond its
    ``animation.embed_limit`` setting; the limit is raised for the call so that either
    every frame is embedded or the size check fails.

    Parameters
    ----------
    anim : matplotlib.animation.Animation
        For example from :func:`animate_training`.
    max_bytes : int, default 2_000_000
        The largest HTML accepted, in bytes.
    alt : str
        Alternative text of the frame image, for readers who cannot see it; the frame
        slider is labelled too.

    Returns
    -------
    str
        The HTML; show it in a notebook with ``IPython.display.HTML(html)``.

    Raises
    ------
    ValueError
        If the HTML is larger than ``max_bytes``: make fewer frames (``max_frames``) or
        lower the resolution (``dpi``).

    Examples
    --------
    >>> from perclab import train
    >>> X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    >>> html = to_html(animate_training(train(X, y), X, y, dpi=20))
    >>> html.count("<button"), "font-awesome" in html
    (9, False)
    >>> 'alt="Animation of a perceptron training run' in html
    True
    """
    max_bytes = check_int(max_bytes, name="max_bytes", minimum=1)
    _refuse_if_clearly_too_large(anim, max_bytes)
    embed_limit_mb = max(mpl.rcParams["animation.embed_limit"], 1.01 * max_bytes / 2**20)
    settings = {
        "animation.embed_limit": embed_limit_mb,
        "animation.frame_format": "png",
        "savefig.dpi": "figure",
    }
    with mpl.rc_context(settings):
        html = anim.to_jshtml()
    html = _ICON_FONT.sub("", html)
    html = html.replace('<img id="_anim_img', f'<img alt="{escape(alt)}" id="_anim_img', 1)
    html = html.replace(
        '<input id="_anim_slider',
        '<input aria-label="frame (update number)" id="_anim_slider',
        1,
    )
    for icon, text in _BUTTON_TEXT.items():
        html = html.replace(f'<i class="{icon}"></i>', text)
    size = len(html.encode("utf-8"))
    if size > max_bytes:
        raise ValueError(
            f"the animation's HTML takes {size:,} bytes, more than "
            f"max_bytes={max_bytes:,}; make it smaller with fewer frames "
            "(max_frames=...) or a lower resolution (dpi=...) in animate_training"
        )
    return html


def _refuse_if_clearly_too_large(anim, max_bytes: int) -> None:
    """Render one frame of a :class:`TrainingAnimation`; refuse before rendering the
    rest when the frames would clearly not fit (a quarter over ``max_bytes``; the exact
    size is checked after rendering)."""
    updates = getattr(anim, "updates", None)
    if updates is None or len(updates) < 2:
        return
    anim.show_update(int(updates[0]))
    buffer = io.BytesIO()
    anim._fig.savefig(buffer, format="png", dpi="figure")
    estimate = len(updates) * len(buffer.getvalue()) * 4 // 3  # base64: 4 bytes per 3
    if estimate > 1.25 * max_bytes:
        # a frame was drawn: matplotlib need not warn that the animation never rendered
        anim._draw_was_started = True
        raise ValueError(
            f"the animation's {len(updates)} frames would take about {estimate:,} bytes "
            f"of HTML, more than max_bytes={max_bytes:,}; make it smaller with fewer "
            "frames (max_frames=...) or a lower resolution (dpi=...) in animate_training"
        )
