"""The general probes of perclab.checks._probes (and a few hints reworded with them),
each on a wrong solution of its own, in no catalogue: the hint must name the bug."""

import contextlib
import io

import numpy as np
import pytest

from perclab import checks


def _hint(check, func) -> str:
    with contextlib.redirect_stdout(io.StringIO()):
        result = check(func)
    assert not result.passed
    return result.message.split("\n  hint: ", 1)[1]


def kernel_first_sweep_only(X, y, kernel, max_epochs=100):
    G = np.asarray(kernel(X, X), float)
    counts = np.zeros(len(y))
    for i in range(len(y)):
        if y[i] * (G[i] @ (counts * y)) <= 0:
            counts[i] += 1
    return counts


def pocket_backwards(X, y, max_epochs=50):
    X, y = np.asarray(X, float)[::-1], np.asarray(y, float)[::-1]
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, len(y))
    for _ in range(max_epochs):
        changed = False
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, changed = w + y_i * x_i, b + y_i, True
                errors = int(np.sum(y * (X @ w + b) <= 0))
                if errors < best[2]:
                    best = (w.copy(), b, errors)
        if not changed:
            break
    return best


def absorbed_from_ones(X, y, max_epochs=100):
    Z = np.c_[X, np.ones(len(X))]
    v = np.ones(Z.shape[1])
    v[-1] = 0.0
    for _ in range(max_epochs):
        clean = True
        for z, label in zip(Z, y, strict=True):
            if label * (v @ z) <= 0:
                v, clean = v + label * z, False
        if clean:
            break
    return v[:-1], v[-1]


def predict_scores(X, w, b):
    return np.asarray(X) @ w + b


def pocket_bias_frozen(X, y, max_epochs=50):
    X, y = np.asarray(X, float), np.asarray(y, float)
    w = np.zeros(X.shape[1])
    best = (w.copy(), 0.0, len(y))
    for _ in range(max_epochs):
        changed = False
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i) <= 0:
                w, changed = w + y_i * x_i, True
                errors = int(np.sum(y * (X @ w) <= 0))
                if errors < best[2]:
                    best = (w.copy(), 0.0, errors)
        if not changed:
            break
    return best


def steps_values(W, w_star):
    W = np.asarray(W, float)
    return W @ w_star, np.einsum("ij,ij->i", W, W)


def update_lr_squared_divide(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + y * x / lr, b + y / lr
    return w, b


def hinge_gradient(w, X, y):
    return -((y * (X @ w) < 1) * y) @ X / len(y)


def train_five_sweeps(X, y, max_epochs=100):
    X, y = np.asarray(X, float), np.asarray(y, float)
    w, b, n, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    for epochs in range(1, 6):  # noqa: B007 - a fixed count, the slip
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, n, clean = w + y_i * x_i, b + y_i, n + 1, False
        if clean:
            break
    return w, b, n, epochs


def descent_stops_early(gradient, w0, lr, n_steps):
    w = np.asarray(w0, float)
    for _ in range(n_steps):
        g = gradient(w)
        if np.linalg.norm(g) < 0.5:
            break
        w = w - lr * g
    return w


def train_epochs_is_updates(X, y, max_epochs=100):
    X, y = np.asarray(X, float), np.asarray(y, float)
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, n, clean = w + y_i * x_i, b + y_i, n + 1, False
        if clean:
            break
    return w, b, n, n


def update_integer_weights(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) <= 0:
        return np.trunc(w + lr * y * np.asarray(x)), float(np.trunc(b + lr * y))
    return np.trunc(np.asarray(w, float)), float(np.trunc(b))


def margin_without_label(X, y, w, b=0.0):
    return float(np.min(np.asarray(X) @ w + b) / np.linalg.norm(w))


def kernel_linear_always(X, y, kernel, max_epochs=100):
    G, y = np.asarray(X, float) @ np.asarray(X, float).T, np.asarray(y, float)
    counts = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * (G[i] @ (counts * y)) <= 0:
                counts[i], clean = counts[i] + 1, False
        if clean:
            break
    return counts


def steps_one_short(W, w_star):
    W = np.asarray(W, float)
    return np.diff(W @ w_star)[:-1], np.diff((W**2).sum(axis=1))[:-1]


def descent_returns_w0(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w - lr * gradient(w)
    return w0


def loss_over_features(w, X, y):
    X = np.asarray(X, float)
    return float(np.sum(np.maximum(0.0, -y * (X @ w))) / X.shape[1])


def gradient_over_mistakes(w, X, y):
    X, y = np.asarray(X, float), np.asarray(y, float)
    wrong = y * (X @ w) <= 0
    return -(y[wrong] @ X[wrong]) / max(int(wrong.sum()), 1)


@pytest.mark.parametrize(
    "check, func, words",
    [
        (checks.check_train_until_clean, train_five_sweeps, "always makes 5 sweeps"),
        (checks.check_gradient_descent, descent_stops_early, "stops too early"),
        (checks.check_train_until_clean, train_epochs_is_updates, "value of n_updates"),
        (checks.check_one_update, update_integer_weights, "whole numbers"),
        (checks.check_margin, margin_without_label, "label is missing"),
        (checks.check_kernel_perceptron, kernel_linear_always, "kernel is not used"),
        (checks.check_proof_steps, steps_one_short, "off-by-one"),
        (checks.check_kernel_perceptron, kernel_first_sweep_only, "return or break"),
        (checks.check_pocket, pocket_backwards, "reverse order"),
        (checks.check_train_absorbed, absorbed_from_ones, "does not start from zero"),
        (checks.check_predict_labels, predict_scores, "not the scores"),
        (checks.check_pocket, pocket_bias_frozen, "bias was never updated"),
        (checks.check_proof_steps, steps_values, "np.diff"),
        (checks.check_one_update, update_lr_squared_divide, "divides your step"),
        (checks.check_perceptron_gradient, hinge_gradient, "hinge"),
        (checks.check_gradient_descent, descent_returns_w0, "argument w0 as it was"),
        (checks.check_perceptron_loss, loss_over_features, "not by n ="),
        (checks.check_perceptron_gradient, gradient_over_mistakes, "Divide by n"),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_probe_names_the_bug(check, func, words):
    assert words in _hint(check, func)
