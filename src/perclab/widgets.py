"""An interactive explorer of training runs, for readers running the notebooks.

:func:`explore_training` shows one update of a run at a time, with a slider and a play
button over the updates and controls for the data set, the order of the samples and the
learning rate. It needs a live Jupyter kernel and ipywidgets. The work is done by two
plain functions that need neither: :func:`build_run` trains the run that a choice of
controls describes, and :func:`draw_state` draws one state of it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import numpy as np

from perclab._validation import check_int, check_real
from perclab.classifier import count_mistakes, summary_repr
from perclab.datasets import load_iris_2d, make_separable, make_small_margin, make_xor
from perclab.perceptron import NotConvergedWarning, TrainResult, train
from perclab.plotting import plot_data, plot_update

__all__ = [
    "DATASETS",
    "ORDERS",
    "ExplorerRun",
    "TrainingExplorer",
    "build_run",
    "draw_state",
    "explore_training",
]

#: The data sets of the explorer: a name and a function returning ``X, y``.
DATASETS: dict[str, Callable] = {
    "separable": lambda: make_separable(30, margin=0.15, random_state=0),
    "small margin": lambda: make_small_margin(30, margin=0.02, random_state=0),
    "Iris (2-D)": load_iris_2d,
    "XOR (not separable)": lambda: make_xor(24, random_state=0),
}

#: The orders in which the explorer visits the samples.
ORDERS = ("in order", "shuffled")


@dataclass(frozen=True, repr=False)
class ExplorerRun:
    """A training run and the choices that made it."""

    dataset: str
    order: str
    seed: int
    lr: float
    X: np.ndarray
    y: np.ndarray
    result: TrainResult = field(repr=False)

    def __repr__(self) -> str:
        result = self.result
        names = ("dataset", "order", "seed", "lr")
        return summary_repr(
            self, *names, n_updates=result.n_updates, converged=result.converged
        )


def build_run(
    dataset: str = "separable",
    order: str = "in order",
    seed: int = 0,
    lr: float = 1.0,
    *,
    max_epochs: int = 50,
) -> ExplorerRun:
    """Train the run that the explorer's controls describe.

    Parameters
    ----------
    dataset : str, default "separable"
        A key of :data:`DATASETS`.
    order : {"in order", "shuffled"}, default "in order"
        Visit the samples in the order of the data, or in a new random order in every
        epoch (``shuffle=True`` in :func:`perclab.train`).
    seed : int, default 0
        The seed of the shuffling; it has no effect with ``"in order"``.
    lr : float, default 1.0
        The learning rate, > 0.
    max_epochs : int, default 50
        Where a run on data that are not separable stops (without a warning).

    Returns
    -------
    ExplorerRun

    Examples
    --------
    >>> run = build_run("Iris (2-D)")
    >>> run.result.converged, run.X.shape
    (True, (100, 2))
    """
    seed, lr = _check_choices(dataset, order, seed, lr)
    X, y = DATASETS[dataset]()
    with warnings.catch_warnings():
        # the XOR data never converge; the explorer shows max_epochs epochs of them
        warnings.filterwarnings("ignore", category=NotConvergedWarning)
        result = train(
            X,
            y,
            lr=lr,
            shuffle=order == "shuffled",
            random_state=seed,
            max_epochs=max_epochs,
        )
    return ExplorerRun(dataset, order, seed, lr, np.asarray(X), np.asarray(y), result)


def _check_choices(dataset, order, seed, lr):
    """Check the explorer's choices; return ``seed`` and ``lr`` as int and float."""
    if not isinstance(dataset, str) or dataset not in DATASETS:
        raise ValueError(f"dataset must be one of {list(DATASETS)}, got {dataset!r}")
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {list(ORDERS)}, got {order!r}")
    return check_int(seed, name="seed", minimum=0), check_real(lr, name="lr", positive=True)


def draw_state(run: ExplorerRun, k: int | None = None, ax=None):
    """Draw the state of ``run`` after ``k`` updates (the last one when omitted).

    ``k = 0`` is the start: the data, and no boundary yet (the weights are zero). For
    ``k >= 1`` this is :func:`perclab.plotting.plot_update`, titled with the counts: the
    update, its epoch and how many points ``w_k`` misclassifies.

    Examples
    --------
    >>> run = build_run("separable")
    >>> ax = draw_state(run, 1)
    >>> ax.get_title().splitlines()[0]
    'separable, in order, η = 1: update 1 of 11 (epoch 1)'
    """
    result = run.result
    n_updates = result.n_updates
    k = n_updates if k is None else check_int(k, name="k", minimum=0)
    if k > n_updates:
        raise ValueError(
            f"the run made {n_updates} updates, so k must be between 0 and "
            f"{n_updates}, got {k}"
        )
    choice = f"{run.dataset}, {run.order}, η = {run.lr:g}"
    if k == 0:
        ax = plot_data(run.X, run.y, ax)
        ax.set_title(f"{choice}: the start\n$w = 0$, $b = 0$: no boundary yet")
        return ax
    ax = plot_update(result, k, run.X, run.y, ax)
    ax.set_aspect("equal", adjustable="box")  # keeps plot_update's limits exactly
    history = result.history
    w, b = history.w[k], history.b[k]
    wrong = count_mistakes(run.X, run.y, w, b)
    ax.set_title(
        f"{choice}: update {k} of {n_updates} (epoch {int(history.epoch[k - 1])})\n"
        f"sample {int(history.sample[k - 1])}; afterwards {wrong} of {len(run.y)} "
        "misclassified"
    )
    return ax


class TrainingExplorer:
    """The explorer's widgets and state; displaying it shows the controls and figure.

    ``controls`` maps ``"dataset"``, ``"order"``, ``"seed"``, ``"lr"``, ``"k"`` and
    ``"play"`` to their widgets; ``run`` is the current :class:`ExplorerRun` and ``k``
    the update shown; ``ax`` holds the axes drawn last.
    """

    def __init__(self, widgets, dataset, order, seed, lr, figsize):
        self.figsize = figsize
        self.controls = {
            "dataset": widgets.Dropdown(
                options=list(DATASETS), value=dataset, description="data"
            ),
            "order": widgets.ToggleButtons(options=list(ORDERS), value=order),
            "seed": widgets.BoundedIntText(
                value=seed, min=0, max=10**6, description="seed"
            ),
            "lr": widgets.FloatLogSlider(
                value=lr, base=10, min=-2, max=2, step=0.25, description="η"
            ),
            "k": widgets.IntSlider(value=0, min=0, max=0, description="update k"),
            "play": widgets.Play(value=0, min=0, max=0, interval=600),
        }
        c = self.controls
        widgets.jslink((c["play"], "value"), (c["k"], "value"))
        self.output = widgets.Output()
        self.widget = widgets.VBox(
            [
                widgets.HBox([c["dataset"], c["order"]]),
                widgets.HBox([c["seed"], c["lr"]]),
                widgets.HBox([c["play"], c["k"]]),
                self.output,
            ]
        )
        self.run: ExplorerRun | None = None
        self.ax = None
        self._quiet = False
        for name in ("dataset", "order", "seed", "lr"):
            c[name].observe(self._rebuild, names="value")
        c["k"].observe(self._on_k, names="value")
        self._rebuild()

    @property
    def k(self) -> int:
        """The update shown."""
        return int(self.controls["k"].value)

    def _rebuild(self, change=None):
        """Train the run the controls describe and show its last update."""
        c = self.controls
        c["seed"].disabled = c["order"].value != "shuffled"
        self.run = build_run(
            c["dataset"].value, c["order"].value, c["seed"].value, c["lr"].value
        )
        n_updates = self.run.result.n_updates
        self._quiet = True  # one redraw below, not one per changed slider
        try:
            for name in ("k", "play"):
                c[name].max = n_updates
                c[name].value = n_updates
        finally:
            self._quiet = False
        self.redraw()

    def _on_k(self, change):
        if not self._quiet:
            self.controls["play"].value = change["new"]  # jslink does this in a browser
            self.redraw()

    def redraw(self):
        """Draw the current state into the output area."""
        from IPython import get_ipython
        from IPython.display import clear_output, display

        in_notebook = get_ipython() is not None
        with self.output:
            if in_notebook:
                clear_output(wait=True)
            fig, ax = plt.subplots(figsize=self.figsize)
            fig.set_facecolor("white")
            draw_state(self.run, self.k, ax)
            if in_notebook:  # show it in the output area
                display(fig)
            plt.close(fig)
        self.ax = ax

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return summary_repr(self, "run", "k")


def explore_training(
    dataset: str = "separable",
    order: str = "in order",
    seed: int = 0,
    lr: float = 1.0,
    *,
    figsize=(6.0, 5.5),
) -> TrainingExplorer:
    """Step through the updates of a training run, interactively.

    A slider (and a play button) moves over the updates of the run; the data set, the
    order of the samples (with its seed) and the learning rate can be changed, and the
    run is trained again. Each state is drawn by :func:`draw_state`. It opens on the
    last update of the run. Needs a live Jupyter kernel to respond.

    Parameters
    ----------
    dataset, order, seed, lr
        The initial choices, as in :func:`build_run`.
    figsize : (float, float), default (6.0, 5.5)

    Returns
    -------
    TrainingExplorer
        Display it (make it the last expression of a cell) to show the explorer.

    Raises
    ------
    ImportError
        If ipywidgets is not installed (``pip install ipywidgets``).

    Examples
    --------
    >>> explorer = explore_training("Iris (2-D)")
    >>> explorer.k == explorer.run.result.n_updates
    True
    """
    try:
        import ipywidgets as widgets
    except ImportError as exc:
        raise ImportError(
            "explore_training needs ipywidgets; install it with `pip install ipywidgets`"
        ) from exc
    seed, lr = _check_choices(dataset, order, seed, lr)
    return TrainingExplorer(widgets, dataset, order, seed, lr, figsize)
