"""perclab.widgets: the plain functions, and the explorer's widgets without a browser."""

import sys
from contextlib import nullcontext

import numpy as np
import pytest

import perclab
from perclab import widgets as explorer_module
from perclab.widgets import DATASETS, ORDERS, build_run, draw_state, explore_training

ipywidgets = pytest.importorskip("ipywidgets")


# ------------------------------------------------------------------ build_run


@pytest.mark.parametrize("dataset", list(DATASETS))
@pytest.mark.parametrize("order", ORDERS)
def test_build_run_trains_what_the_choices_say(dataset, order):
    run = build_run(dataset, order, seed=3, lr=0.5)  # no warning escapes, even for XOR
    X, y = DATASETS[dataset]()
    assert np.array_equal(run.X, X) and np.array_equal(run.y, y)
    assert (run.dataset, run.order, run.seed, run.lr) == (dataset, order, 3, 0.5)
    expect = (
        pytest.warns(perclab.NotConvergedWarning) if "XOR" in dataset else nullcontext()
    )
    with expect:
        expected = perclab.train(
            X, y, lr=0.5, shuffle=order == "shuffled", random_state=3, max_epochs=50
        )
    assert np.array_equal(run.result.history.w, expected.history.w)
    assert run.result.converged == ("XOR" not in dataset)


def test_the_seed_matters_only_when_shuffled():
    in_order = [build_run("small margin", "in order", seed=s) for s in (0, 1)]
    assert np.array_equal(in_order[0].result.history.w, in_order[1].result.history.w)
    shuffled = [build_run("small margin", "shuffled", seed=s) for s in (0, 1)]
    samples = [run.result.history.sample for run in shuffled]
    assert not np.array_equal(*samples)


def test_run_repr():
    assert repr(build_run("Iris (2-D)")) == (
        "ExplorerRun(dataset='Iris (2-D)', order='in order', seed=0, lr=1, "
        "n_updates=10, converged=True)"
    )


# ------------------------------------------------------------------ draw_state


def test_draw_state_at_the_start_and_after_an_update():
    run = build_run("separable")
    ax = draw_state(run, 0)
    assert ax.get_title().startswith("separable, in order, η = 1: the start")
    assert len(ax.lines) == 0
    h = run.result.history
    ax = draw_state(run, 3)
    wrong = int(np.count_nonzero(run.y * (run.X @ h.w[3] + h.b[3]) <= 0))
    assert ax.get_title() == (
        f"separable, in order, η = 1: update 3 of {len(h)} (epoch {h.epoch[2]})\n"
        f"sample {h.sample[2]}; afterwards {wrong} of 30 misclassified"
    )
    after = {line.get_label(): line for line in ax.lines}["after"]
    xs, ys = after.get_data()
    assert np.allclose(np.column_stack([xs, ys]) @ h.w[3] + h.b[3], 0.0)


def test_draw_state_defaults_to_the_last_update():
    run = build_run("Iris (2-D)")
    ax = draw_state(run)
    assert "update 10 of 10" in ax.get_title()
    assert "afterwards 0 of 100 misclassified" in ax.get_title()


# ------------------------------------------------------------- explore_training


def test_the_explorer_has_its_controls():
    explorer = explore_training()
    c = explorer.controls
    assert set(c) == {"dataset", "order", "seed", "lr", "k", "play"}
    assert isinstance(c["dataset"], ipywidgets.Dropdown)
    assert list(c["dataset"].options) == list(DATASETS)
    assert isinstance(c["order"], ipywidgets.ToggleButtons)
    assert list(c["order"].options) == list(ORDERS)
    assert isinstance(c["seed"], ipywidgets.BoundedIntText)
    assert isinstance(c["lr"], ipywidgets.FloatLogSlider)
    assert isinstance(c["k"], ipywidgets.IntSlider)
    assert isinstance(c["play"], ipywidgets.Play)
    assert isinstance(explorer.widget, ipywidgets.VBox)
    assert explorer.output in explorer.widget.children
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    # it opens on the last update, with the seed disabled (the order is fixed)
    n = explorer.run.result.n_updates
    assert c["k"].max == c["play"].max == n and explorer.k == n
    assert c["seed"].disabled
    assert f"update {n} of {n}" in explorer.ax.get_title()


def test_moving_the_slider_redraws():
    explorer = explore_training()
    explorer.controls["k"].value = 2
    assert explorer.k == 2 and explorer.controls["play"].value == 2
    assert "update 2 of" in explorer.ax.get_title()
    explorer.controls["k"].value = 0
    assert "the start" in explorer.ax.get_title()


def test_changing_the_data_set_trains_again():
    explorer = explore_training()
    explorer.controls["dataset"].value = "Iris (2-D)"
    assert explorer.run.dataset == "Iris (2-D)" and explorer.run.X.shape == (100, 2)
    assert explorer.controls["k"].max == 10 and explorer.k == 10
    assert explorer.ax.get_title().startswith(
        "Iris (2-D), in order, η = 1: update 10 of 10"
    )


def test_changing_order_seed_and_learning_rate_trains_again():
    explorer = explore_training("small margin")
    explorer.controls["order"].value = "shuffled"
    assert not explorer.controls["seed"].disabled
    assert explorer.run.order == "shuffled"
    explorer.controls["seed"].value = 5
    expected = build_run("small margin", "shuffled", seed=5)
    assert np.array_equal(explorer.run.result.history.w, expected.result.history.w)
    assert explorer.k == expected.result.n_updates
    explorer.controls["lr"].value = 0.1
    assert explorer.run.lr == pytest.approx(0.1)
    assert "η = 0.1" in explorer.ax.get_title()


def test_a_shorter_run_clamps_the_slider():
    explorer = explore_training("XOR (not separable)")
    assert explorer.k > 100
    explorer.controls["dataset"].value = "Iris (2-D)"
    assert explorer.controls["k"].max == 10 and explorer.k == 10


def test_repr():
    explorer = explore_training("Iris (2-D)")
    assert repr(explorer).startswith(
        "TrainingExplorer(run=ExplorerRun(dataset='Iris (2-D)'"
    )
    assert repr(explorer).endswith("k=10)")


def test_without_ipywidgets_the_error_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # import ipywidgets now fails
    with pytest.raises(ImportError, match="pip install ipywidgets"):
        explore_training()


# --------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: build_run("moons"), ValueError, "dataset must be one of"),
        (lambda: build_run(order="backwards"), ValueError, "order must be one of"),
        (lambda: build_run(seed=-1), ValueError, "seed must be >= 0"),
        (lambda: build_run(lr=0), ValueError, "lr must be > 0"),
        (lambda: explore_training(lr=-1.0), ValueError, "lr must be > 0"),
        (lambda: draw_state(build_run("Iris (2-D)"), 11), ValueError, "between 0 and 10"),
        (lambda: draw_state(build_run("Iris (2-D)"), -1), ValueError, "k must be >= 0"),
    ],
    ids=["dataset", "order", "seed", "lr", "explorer-lr", "k-large", "k-negative"],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_module_exports():
    assert set(explorer_module.__all__) >= {"build_run", "draw_state", "explore_training"}
