"""Figures for the book: data, hyperplanes, decision regions and single updates.

Every function takes ``ax=None`` (a new figure is made when it is None), draws on the
axes and returns them; none calls ``plt.show()``. Classes get colour-blind-safe colours
(Okabe and Ito's palette) and distinct markers, and figures get an opaque background so
that they stay readable on a dark page.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap

from perclab import classifier
from perclab._validation import (
    check_history,
    check_int,
    check_memory,
    check_pm1_labels,
    check_real,
    check_vector,
    check_X,
)

__all__ = [
    "CLASS_STYLE",
    "plot_data",
    "plot_decision_regions",
    "plot_hyperplane",
    "plot_proof_chain",
    "plot_proof_trace",
    "plot_update",
    "plot_update_steps",
]

#: Colour, marker and legend label of each class.
CLASS_STYLE = {
    -1: {"color": "#D55E00", "marker": "s", "label": "$y = -1$"},
    1: {"color": "#0072B2", "marker": "o", "label": "$y = +1$"},
}
# shared with perclab.animation and perclab.logistic
REGION_COLORS = ListedColormap(["#F6D5C2", "#CFE3F2"])  # light tints of the classes
LINE_COLOR = "#000000"
UPDATE_COLOR = "#009E73"


def check_axes(ax):
    """``ax``, or a new Axes when None, with an opaque white background."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4.5))
    if not isinstance(ax, Axes):
        raise TypeError(
            f"ax must be a matplotlib Axes, got {type(ax).__name__}; pass e.g. "
            "plt.subplots()[1], or leave ax=None for a new figure"
        )
    ax.figure.set_facecolor("white")
    ax.set_facecolor("white")
    return ax


def check_plot_data(X, y):
    """``X`` and ``y`` checked for a 2-D plot."""
    X = check_X(X)
    if X.shape[1] != 2:
        raise ValueError(
            f"these plots draw 2-D data, but X has {X.shape[1]} features; select two "
            "columns, e.g. X[:, [0, 1]]"
        )
    return X, check_pm1_labels(y, X.shape[0])


def plot_data(
    X,
    y,
    ax=None,
    *,
    feature_names=("$x_1$", "$x_2$"),
    class_names=None,
    size: float = 36,
):
    """Scatter 2-D data, one colour and marker per class, with axis labels and a legend.

    ``class_names`` maps -1 and +1 to legend labels, e.g. ``{-1: "tiger", 1: "lion"}``.

    Examples
    --------
    >>> ax = plot_data([[0.0, 1.0], [1.0, 0.0]], [1, -1])
    >>> len(ax.collections), ax.get_xlabel()
    (2, '$x_1$')
    """
    X, y = check_plot_data(X, y)
    names = {label: CLASS_STYLE[label]["label"] for label in (-1, 1)}
    if class_names is not None:
        unknown = set(class_names) - {-1, 1}
        if unknown:
            raise ValueError(
                f"class_names keys must be -1 and +1, got {sorted(unknown)}; "
                'pass e.g. {-1: "tiger", 1: "lion"}'
            )
        names.update(class_names)
    ax = check_axes(ax)
    for label in (-1, 1):
        style = CLASS_STYLE[label]
        mask = y == label
        if mask.any():
            ax.scatter(
                X[mask, 0],
                X[mask, 1],
                s=size,
                c=style["color"],
                marker=style["marker"],
                label=names[label],
                edgecolors="white",
                linewidths=0.6,
                zorder=3,
            )
    ax.set_xlabel(feature_names[0])
    ax.set_ylabel(feature_names[1])
    ax.legend(loc="best", framealpha=1)
    return ax


def plot_hyperplane(
    w,
    b: float = 0.0,
    ax=None,
    *,
    normal: bool = True,
    normal_at=None,
    normal_label: str = "$w$",
    color: str = LINE_COLOR,
    linestyle: str = "-",
    label: str | None = None,
):
    """Draw the line ``w @ x + b = 0`` across the current view, with its normal ``w``.

    The axis limits are kept as they were, so draw the data first. The normal vector is
    drawn as an arrow from the point of the line nearest ``normal_at`` (by default the
    centre of the view) and labelled ``normal_label``. It looks perpendicular to the
    line only on equal axis scales: use ``ax.set_aspect("equal")``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set(xlim=(-2, 2), ylim=(-2, 2))
    >>> ax = plot_hyperplane([-1.0, 1.0], 0.0, ax)
    >>> x, y = ax.lines[0].get_data()
    >>> bool(np.allclose(x, y))  # the line x2 = x1
    True
    """
    w = check_vector(w, 2, name="w")
    b = check_real(b, name="b")
    norm = np.linalg.norm(w)
    if norm == 0:
        raise ValueError("w is the zero vector, which defines no line; pass w != 0")
    ax = check_axes(ax)
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    centre = np.array([np.mean(xlim), np.mean(ylim)])
    span = np.hypot(xlim[1] - xlim[0], ylim[1] - ylim[0])
    unit = w / norm
    direction = np.array([-unit[1], unit[0]])
    t = np.array([-span, span]) * 2
    foot = centre - (unit @ centre + b / norm) * unit  # point of the line nearest centre
    points = foot + t[:, None] * direction
    if normal_at is not None:
        anchor = check_vector(normal_at, 2, name="normal_at")
        foot = anchor - (unit @ anchor + b / norm) * unit
    ax.plot(points[:, 0], points[:, 1], color=color, linestyle=linestyle, label=label, lw=2)
    if normal:
        tip = foot + 0.18 * span * unit
        ax.annotate(
            "",
            xy=tip,
            xytext=foot,
            arrowprops={"arrowstyle": "-|>", "color": color, "lw": 1.8},
        )
        ax.annotate(
            normal_label, xy=tip, xytext=(4, 4), textcoords="offset points", color=color
        )
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if label is not None:
        ax.legend(loc="best", framealpha=1)
    return ax


def plot_decision_regions(
    X, y, *, w=None, b: float = 0.0, model=None, ax=None, resolution: int = 300
):
    """Shade the plane by predicted class and scatter the data on top.

    Pass either a hyperplane (``w`` and ``b``; points with ``w @ x + b >= 0`` are +1) or a
    fitted ``model`` with a ``predict`` method returning -1 and +1.

    Examples
    --------
    >>> ax = plot_decision_regions([[0.0, 1.0], [1.0, 0.0]], [1, -1], w=[-1.0, 1.0])
    >>> ax.images[0].get_array().shape
    (300, 300)
    """
    X, y = check_plot_data(X, y)
    if (w is None) == (model is None):
        raise ValueError("pass exactly one of w (with b) or model")
    resolution = check_int(resolution, name="resolution", minimum=2)
    check_memory(
        8 * 4 * resolution**2,
        what=f"a grid of {resolution} x {resolution} points",
        fix="pass a smaller resolution (a few hundred is plenty for a figure)",
    )
    if w is not None:
        w = check_vector(w, 2, name="w")
        b = check_real(b, name="b")

        def predict(points):
            return classifier.labels(points @ w + b)
    elif callable(getattr(model, "predict", None)):
        predict = model.predict
    else:
        raise TypeError(
            f"model must have a predict method, got {type(model).__name__}; pass a "
            "fitted classifier (e.g. perclab.Perceptron().fit(X, y) or a result of "
            "perclab.train), or the weights as w=..., b=..."
        )
    ax = check_axes(ax)
    pad = 0.1 * (X.max(axis=0) - X.min(axis=0)) + 0.5
    low, high = X.min(axis=0) - pad, X.max(axis=0) + pad
    g1, g2 = np.meshgrid(
        np.linspace(low[0], high[0], resolution), np.linspace(low[1], high[1], resolution)
    )
    labels = np.asarray(predict(np.column_stack([g1.ravel(), g2.ravel()])))
    unexpected = np.setdiff1d(np.unique(labels), [-1, 1])
    if unexpected.size:
        raise ValueError(
            f"model.predict must return -1 and +1, got {unexpected[:5]}; fit the model "
            "on -1/+1 labels, or pass its hyperplane as w and b"
        )
    regions = (labels.reshape(g1.shape) > 0).astype(float)
    ax.imshow(
        regions,
        origin="lower",
        extent=(low[0], high[0], low[1], high[1]),
        cmap=REGION_COLORS,
        vmin=0,
        vmax=1,
        aspect="auto",
        interpolation="nearest",
        zorder=0,
    )
    plot_data(X, y, ax)
    ax.set_xlim(low[0], high[0])
    ax.set_ylim(low[1], high[1])
    return ax


def _check_trained_on(step, label_times_x, k: int) -> None:
    """Update ``k`` added ``lr * y_i * x_i``: refuse data on which it did not."""
    norm = float(label_times_x @ label_times_x)
    scale = float(step @ label_times_x) / norm if norm > 0 else 0.0
    if norm > 0 and (scale <= 0 or not np.allclose(step, scale * label_times_x)):
        raise ValueError(
            f"update {k} of the run is not a step along y_i x_i of the sample it names in "
            "this X: pass the data the run was trained on"
        )


def plot_update(result, k: int, X, y, ax=None):
    """Draw update ``k`` of a training run (``k = 1`` is the first update).

    Shows the data, the hyperplane before the update (dashed) and after it (solid),
    circles the sample that triggered it, and draws the vectors ``w_{k-1}``, the step
    ``lr * y_i * x_i`` and ``w_k`` from the origin, so that ``w_k = w_{k-1} + step`` can be
    seen as a sum of arrows. A learned bias moves the line but is not drawn as a vector.

    Examples
    --------
    >>> from perclab import train
    >>> X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    >>> result = train(X, y, fit_bias=False)
    >>> ax = plot_update(result, 1, X, y)
    >>> ax.get_title()
    'Update 1: sample 0 (y = +1)'
    """
    X, y = check_plot_data(X, y)
    history = check_history(result)
    k = check_int(k, name="k", minimum=1)
    if k > len(history):
        raise ValueError(
            f"the run made {len(history)} updates, so k must be between 1 and "
            f"{len(history)}, got {k}"
        )
    if history.n_features != 2 or (len(history) and history.sample.max() >= len(X)):
        raise ValueError(
            f"the run has {history.n_features} weights and updated on samples up to "
            f"{int(history.sample.max())}, but X has 2 features and {len(X)} samples; "
            "pass the data the run was trained on"
        )
    i = int(history.sample[k - 1])
    w_before, b_before = history.w[k - 1], float(history.b[k - 1])
    w_after, b_after = history.w[k], float(history.b[k])
    _check_trained_on(w_after - w_before, y[i] * X[i], k)
    ax = check_axes(ax)
    plot_data(X, y, ax)
    vectors = np.vstack([w_before, w_after, np.zeros(2), X])
    low, high = vectors.min(axis=0), vectors.max(axis=0)
    pad = 0.15 * (high - low).max() + 0.2
    ax.set_xlim(low[0] - pad, high[0] + pad)
    ax.set_ylim(low[1] - pad, high[1] + pad)
    ax.set_aspect("equal", adjustable="box")
    if np.any(w_before):
        plot_hyperplane(
            w_before,
            b_before,
            ax,
            normal=False,
            linestyle="--",
            color="#777777",
            label="before",
        )
    if np.any(w_after):
        plot_hyperplane(w_after, b_after, ax, normal=False, label="after")
    else:  # w_k = 0 defines no line: every point scores b_k
        ax.text(
            0.02,
            0.02,
            f"after: $w_k = 0$, no boundary (every score is {b_after:g})",
            transform=ax.transAxes,
            fontsize="small",
        )
    ax.scatter(
        *X[i], s=260, facecolors="none", edgecolors=UPDATE_COLOR, linewidths=2, zorder=4
    )
    arrows = [
        (np.zeros(2), w_before, "#777777", "$w_{k-1}$"),
        (w_before, w_after, UPDATE_COLOR, r"$\eta\, y_i x_i$"),
        (np.zeros(2), w_after, LINE_COLOR, "$w_k$"),
    ]
    for start, end, color, text in arrows:
        if np.allclose(start, end):
            continue
        ax.annotate(
            "",
            xy=end,
            xytext=start,
            arrowprops={"arrowstyle": "-|>", "color": color, "lw": 2},
        )
        middle = (start + end) / 2
        ax.annotate(text, xy=middle, xytext=(5, 5), textcoords="offset points", color=color)
    ax.set_title(f"Update {k}: sample {i} (y = {int(y[i]):+d})")
    return ax


def plot_update_steps(result, k: int, X, y, axes=None):
    """Update ``k`` of a training run in three panels: mistake, update, correction.

    1. The hyperplane ``w_{k-1} @ x + b_{k-1} = 0`` (dashed) with its normal, and the
       sample ``x_i`` it misclassifies, ``y_i (w_{k-1} @ x_i + b_{k-1}) <= 0`` (circled).
    2. The update drawn as vectors from the origin, ``w_{k-1}``, the step
       ``lr * y_i * x_i`` and their sum ``w_k``, with both lines (:func:`plot_update`).
    3. The new hyperplane ``w_k @ x + b_k = 0`` (solid) and the same sample.

    The titles of panels 1 and 3 give the sample's functional margin
    ``y_i (w @ x_i + b)`` before and after; for a run without a learned bias they show
    no ``b_k`` (only the fixed value of ``b``, when it is not 0). One update raises the
    functional margin by ``lr * (||x_i||**2 + 1)`` (``lr * ||x_i||**2`` without a
    learned bias), which need not be enough to make it positive: panel 3 then says
    "still wrong". All panels share the limits of panel 2 and equal axis scales.

    Parameters
    ----------
    result : TrainResult
        A run of :func:`perclab.train` (anything with a ``history`` like its).
    k : int
        The update to draw, from 1 to ``result.n_updates``.
    X : array of shape (n_samples, 2)
    y : array of shape (n_samples,)
    axes : sequence of three Axes, optional
        Where to draw. When omitted, a new figure with a white background is made, and
        the legends of the panels are replaced by one legend below them.

    Returns
    -------
    tuple of three Axes
        ``(before, update, after)``.

    Examples
    --------
    >>> from perclab import train
    >>> X, y = [[1.0, 2.0], [2.0, -1.0]], [1, -1]
    >>> result = train(X, y, fit_bias=False)
    >>> before, update, after = plot_update_steps(result, 2, X, y)
    >>> after.get_title().splitlines()[0]
    'After: sample 1 is correct'
    """
    X, y = check_plot_data(X, y)
    made_figure = axes is None
    if made_figure:
        fig, axes = plt.subplots(1, 3, figsize=(9.6, 4.0), layout="constrained")
        fig.set_facecolor("white")
    axes = tuple(axes)
    if len(axes) != 3:
        raise ValueError(
            f"axes must hold three Axes (before, update, after), got {len(axes)}; "
            "pass e.g. plt.subplots(1, 3)[1], or leave axes=None"
        )
    ax_before, ax_update, ax_after = axes
    plot_update(result, k, X, y, ax_update)  # validates k
    # equal scales by shrinking the box keeps the shared limits exactly
    ax_update.set_aspect("equal", adjustable="box")
    step = r"$w_k = w_{k-1} + \eta\, y_i x_i$"
    ax_update.set_title(f"Update {k}:\n{step}", fontsize="medium")
    history = result.history
    i = int(history.sample[k - 1])
    # A learned bias moves at every update; a run without one keeps b fixed, and
    # the titles then show no b_k (nor any b when it is fixed at 0).
    bias_learned = bool(np.any(history.b != history.b[0]))
    panels = [
        (ax_before, history.w[k - 1], history.b[k - 1], "Before", "k-1"),
        (ax_after, history.w[k], history.b[k], "After", "k"),
    ]
    for ax, w, b, when, index in panels:
        check_axes(ax)
        plot_data(X, y, ax)
        ax.set_xlim(ax_update.get_xlim())
        ax.set_ylim(ax_update.get_ylim())
        ax.set_aspect("equal", adjustable="box")
        before = when == "Before"
        if np.any(w):
            plot_hyperplane(
                w,
                float(b),
                ax,
                normal_label=f"$w_{{{index}}}$",
                color="#777777" if before else LINE_COLOR,
                linestyle="--" if before else "-",
                label=when.lower(),
            )
        else:
            ax.text(
                0.02,
                0.02,
                f"$w_{{{index}}} = 0$: no boundary (every score is {float(b):g})",
                transform=ax.transAxes,
                fontsize="small",
            )
        ax.scatter(
            *X[i],
            s=260,
            facecolors="none",
            edgecolors=UPDATE_COLOR,
            linewidths=2,
            zorder=4,
            label="$x_i$, the sample of this update",
        )
        margin = float(y[i] * (w @ X[i] + b))
        verdict = "is wrong" if margin <= 0 else "is correct"
        if not before and margin <= 0:
            verdict = "is still wrong"
        relation = r"\leq 0" if margin <= 0 else "> 0"
        if bias_learned:
            bias = f" + b_{{{index}}}"
        else:
            sign = "+" if b > 0 else "-"
            bias = f" {sign} {abs(float(b)):g}" if b != 0 else ""
        ax.set_title(
            f"{when}: sample {i} {verdict}\n"
            rf"$y_i\,(w_{{{index}}}^\top x_i{bias}) = {margin:.3g} {relation}$",
            fontsize="medium",
        )
        ax.legend(loc="best", framealpha=1)
    if made_figure:
        handles = {}
        for ax in axes:
            for handle, text in zip(*ax.get_legend_handles_labels(), strict=True):
                handles.setdefault(text, handle)
            ax.get_legend().remove()
        order = ["before", "after"]  # the classes and the sample first, then the lines
        handles = dict(sorted(handles.items(), key=lambda item: item[0] in order))
        fig.legend(
            handles.values(),
            handles.keys(),
            loc="outside lower center",
            ncol=len(handles),
            framealpha=1,
        )
    return axes


def plot_proof_trace(traces, axes=None, *, normalise: bool = False):
    """Draw the two inequalities of the convergence proof along training runs.

    Left, (A): ``w_k @ w_star`` against the number of updates ``k``, above its floor
    ``w_0 @ w_star + k * gamma``. Right, (B): ``||w_k||**2``, below its ceiling
    ``||w_0||**2 + k * R**2``. ``traces`` is one :class:`perclab.theory.ProofTrace` or a
    sequence of them. With ``normalise=True`` every run is drawn in its own units,
    ``(w_k - w_0) @ w_star / gamma`` and ``(||w_k||**2 - ||w_0||**2) / R**2``, so that
    the floor and the ceiling become the same line ``k`` for all runs: use it to
    overlay many runs.

    Returns the two axes (a new figure when ``axes`` is None).

    Examples
    --------
    >>> from perclab import train
    >>> from perclab.theory import proof_trace
    >>> X, y = [[1.0, 0.0], [0.0, 1.0]], [1, 1]
    >>> trace = proof_trace(train(X, y, fit_bias=False), X, y, fit_bias=False)
    >>> ax_dot, ax_norm = plot_proof_trace(trace)
    >>> ax_norm.lines[0].get_ydata()  # ||w_k||**2 after 0, 1 and 2 updates
    array([0., 1., 2.])
    """
    traces = _proof_traces(traces)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    if len(axes) != 2:
        raise ValueError(f"axes must hold two axes, got {len(axes)}")
    ax_dot, ax_norm = (check_axes(ax) for ax in axes)
    many = len(traces) > 1
    run_style = {"color": CLASS_STYLE[1]["color"], "lw": 1.0 if many else 2.0}
    if many:
        run_style["alpha"] = 0.5
    limit_style = {"color": LINE_COLOR, "ls": "--", "lw": 1.5}
    for i, trace in enumerate(traces):
        label = ("runs" if many else "the run") if i == 0 else None
        dot, norm_sq = trace.w_dot_wstar, trace.norm_sq
        if normalise:
            dot = (dot - dot[0]) / trace.gamma
            norm_sq = (norm_sq - norm_sq[0]) / trace.R**2
        ax_dot.plot(trace.k, dot, **run_style, label=label)
        ax_norm.plot(trace.k, norm_sq, **run_style, label=label)
    if normalise:  # floor and ceiling are both the line k, as far as the longest run
        k = max(traces, key=lambda t: t.n_updates).k
        limits = [(k, k, k)]
        ylabels = (r"$(w_k - w_0)^\top w^* / \gamma$", r"$(\|w_k\|^2 - \|w_0\|^2) / R^2$")
        titles = (r"(A) gain in units of $\gamma$", r"(B) growth in units of $R^2$")
    else:
        limits = [(t.k, t.dot_floor, t.norm_sq_ceiling) for t in traces]
        ylabels = (r"$w_k^\top w^*$", r"$\|w_k\|^2$")
        titles = (
            r"(A) $w_k^\top w^* \geq w_0^\top w^* + k\gamma$",
            r"(B) $\|w_k\|^2 \leq \|w_0\|^2 + kR^2$",
        )
    for i, (k, floor, ceiling) in enumerate(limits):
        ax_dot.plot(k, floor, **limit_style, label="floor (A)" if i == 0 else None)
        ax_norm.plot(k, ceiling, **limit_style, label="ceiling (B)" if i == 0 else None)
    for ax, ylabel, title in zip((ax_dot, ax_norm), ylabels, titles, strict=True):
        ax.set(xlabel="updates $k$", ylabel=ylabel, title=title)
        ax.legend(loc="upper left", framealpha=1)
    return np.array([ax_dot, ax_norm])


def _proof_traces(traces):
    """``traces`` as a non-empty list of ProofTrace, or a TypeError."""
    from perclab.theory import ProofTrace

    if isinstance(traces, ProofTrace):
        traces = [traces]
    elif isinstance(traces, (list, tuple)):
        traces = list(traces)
    if (
        not isinstance(traces, list)
        or not traces
        or not all(isinstance(t, ProofTrace) for t in traces)
    ):
        raise TypeError(
            "traces must be a ProofTrace or a non-empty sequence of them, got "
            f"{type(traces).__name__}; make one with "
            "perclab.theory.proof_trace(result, X, y)"
        )
    return traces


def plot_proof_chain(trace, ax=None):
    """Draw the chain ``a + k gamma <= w_k @ w_star <= ||w_k|| <= sqrt(c + k R**2)``.

    ``a = w_0 @ w_star`` and ``c = ||w_0||**2`` (both 0 from the zero start). The
    straight floor and the square-root ceiling are drawn as far as the bound, where
    they meet: no run can make more updates than that. The run's own ``w_k @ w_star``
    and ``||w_k||`` lie between them. The floor and ceiling are sampled densely near
    ``k = 0`` too, so that both axes can be made logarithmic.

    Examples
    --------
    >>> from perclab import train
    >>> from perclab.theory import proof_trace
    >>> X, y = [[1.0, 0.0], [0.0, 1.0]], [1, 1]
    >>> trace = proof_trace(train(X, y, fit_bias=False), X, y, fit_bias=False)
    >>> ax = plot_proof_chain(trace)
    >>> ax.lines[1].get_ydata().round(4)  # w_k @ w_star after 0, 1 and 2 updates
    array([0.    , 0.7071, 1.4142])
    >>> round(float(ax.lines[-1].get_xdata()[0]), 9)  # the bound R**2 / gamma**2
    2.0
    """
    traces = _proof_traces(trace)
    if len(traces) != 1:
        raise TypeError("trace must be one ProofTrace; draw several runs one by one")
    trace = traces[0]
    ax = check_axes(ax)
    a, c = float(trace.w_dot_wstar[0]), float(trace.norm_sq[0])
    k_max = max(trace.bound, trace.n_updates, 1.0) * 1.05
    k = np.r_[0.0, np.geomspace(min(0.1, k_max), k_max, 400)]  # fine near 0: log axes
    ax.plot(
        k,
        a + k * trace.gamma,
        color=LINE_COLOR,
        ls="--",
        lw=1.5,
        label=r"floor $w_0^\top w^* + k\gamma$",
    )
    ax.plot(
        trace.k,
        trace.w_dot_wstar,
        color=CLASS_STYLE[1]["color"],
        marker="o",
        ms=3,
        lw=1.5,
        label=r"$w_k^\top w^*$",
    )
    ax.plot(
        trace.k,
        np.sqrt(trace.norm_sq),
        color=CLASS_STYLE[-1]["color"],
        marker="s",
        ms=3,
        lw=1.5,
        label=r"$\|w_k\|$",
    )
    ax.plot(
        k,
        np.sqrt(c + k * trace.R**2),
        color=LINE_COLOR,
        ls=":",
        lw=2,
        label=r"ceiling $\sqrt{\|w_0\|^2 + kR^2}$",
    )
    ax.axvline(trace.bound, color=UPDATE_COLOR, lw=1.5, label="bound")
    ax.set(xlabel="updates $k$", ylabel="value after $k$ updates")
    ax.legend(loc="upper left", framealpha=1)
    return ax
