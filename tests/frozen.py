"""Frozen copies of the loops that the shared engine replaced, as references.

Before :mod:`perclab.engine`, train, the pocket, the averaged and voted perceptrons,
the kernel perceptron, ``train_with_stopping`` and ``perceptron_sgd`` each ran their
own copy of the perceptron loop. These are those loops, kept (without input checks)
so that tests/test_engine.py can require every variant built on the engine to behave
exactly as it did. They return plain dicts.
"""

from __future__ import annotations

import numpy as np


def _order(rng, n_samples, shuffle):
    return rng.permutation(n_samples) if shuffle else range(n_samples)


def _n_errors(X, y, w, b) -> int:
    return int(np.count_nonzero(y * (X @ w + b) <= 0))


def train(X, y, *, w0=None, b0=0.0, lr=1.0, fit_bias=True, max_epochs=1000,
          shuffle=False, random_state=None):  # fmt: skip
    """The textbook train of perclab.perceptron (method="textbook")."""
    rng = np.random.default_rng(random_state)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=float)
    b = b0
    samples, epochs, weights, biases = [], [], [w.copy()], [b]
    mistakes_per_epoch = []
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in _order(rng, X.shape[0], shuffle):
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:
                w += lr * y_i * x_i
                if fit_bias:
                    b += lr * y_i
                samples.append(i)
                epochs.append(epoch)
                weights.append(w.copy())
                biases.append(b)
                mistakes += 1
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            break
    return {
        "w": w, "b": float(b), "mistakes_per_epoch": mistakes_per_epoch,
        "sample": np.array(samples, dtype=np.intp), "epoch": np.array(epochs, np.intp),
        "history_w": np.vstack(weights), "history_b": np.array(biases, dtype=float),
    }  # fmt: skip


def pocket(X, y, *, max_epochs=100, ratchet=True, fit_bias=True, shuffle=False,
           random_state=None):  # fmt: skip
    rng = np.random.default_rng(random_state)
    n_samples, n_features = X.shape
    w, b = np.zeros(n_features), 0.0
    weights, biases = [w.copy()], [b]
    pocket_updates = [0]
    pocket_errors = _n_errors(X, y, w, b)
    run, pocket_run = 0, 0
    mistakes_per_epoch = []
    for _ in range(max_epochs):
        mistakes = 0
        for i in _order(rng, n_samples, shuffle):
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:
                w += y_i * x_i
                if fit_bias:
                    b += y_i
                weights.append(w.copy())
                biases.append(b)
                mistakes += 1
                run = 0
                if ratchet:
                    errors = _n_errors(X, y, w, b)
                    if errors < pocket_errors:
                        pocket_updates.append(len(weights) - 1)
                        pocket_errors = errors
            else:
                run += 1
                if not ratchet and run > pocket_run:
                    if pocket_updates[-1] != len(weights) - 1:
                        pocket_updates.append(len(weights) - 1)
                    pocket_run = run
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            break
    best = pocket_updates[-1]
    return {
        "w": weights[best], "b": float(biases[best]), "pocket_updates": pocket_updates,
        "mistakes_per_epoch": mistakes_per_epoch,
        "history_w": np.vstack(weights), "history_b": np.array(biases, dtype=float),
    }  # fmt: skip


def counted_run(X, y, epochs, fit_bias=True, shuffle=False, random_state=None):
    """The run behind the averaged and voted perceptrons."""
    rng = np.random.default_rng(random_state)
    n_samples, n_features = X.shape
    w, b = np.zeros(n_features), 0.0
    weights, biases, counts = [w.copy()], [b], [0]
    mistakes_per_epoch = []
    for _ in range(epochs):
        mistakes = 0
        for i in _order(rng, n_samples, shuffle):
            x_i, y_i = X[i], y[i]
            if y_i * (w @ x_i + b) <= 0:
                w += y_i * x_i
                if fit_bias:
                    b += y_i
                weights.append(w.copy())
                biases.append(b)
                counts.append(0)
                mistakes += 1
            counts[-1] += 1
        mistakes_per_epoch.append(mistakes)
    weights, counts = np.vstack(weights), np.asarray(counts, dtype=np.int64)
    biases = np.asarray(biases, dtype=float)
    n_steps = int(counts.sum())
    return {
        "weights": weights, "biases": biases, "counts": counts,
        "mistakes_per_epoch": mistakes_per_epoch,
        "averaged_w": counts @ weights / n_steps,
        "averaged_b": float(counts @ biases / n_steps),
    }  # fmt: skip


def kernel_perceptron(K, y, *, fit_bias=True, max_epochs=1000, shuffle=False,
                      random_state=None):  # fmt: skip
    """The dual loop, given the kernel matrix K."""
    rng = np.random.default_rng(random_state)
    n_samples = K.shape[0]
    alpha = np.zeros(n_samples, dtype=np.int64)
    b = 0.0
    update_samples, mistakes_per_epoch = [], []
    for _ in range(max_epochs):
        mistakes = 0
        for i in _order(rng, n_samples, shuffle):
            if y[i] * ((alpha * y) @ K[:, i] + b) <= 0:
                alpha[i] += 1
                if fit_bias:
                    b += y[i]
                update_samples.append(int(i))
                mistakes += 1
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            break
    return {
        "alpha": alpha, "b": float(b), "update_samples": update_samples,
        "mistakes_per_epoch": mistakes_per_epoch,
    }  # fmt: skip


def perceptron_sgd(X, y, *, lr=1.0, fit_bias=True, w0=None, b0=0.0, n_epochs=1000,
                   shuffle=False, random_state=None):  # fmt: skip
    rng = np.random.default_rng(random_state)
    n_samples, n_features = X.shape
    w = np.zeros(n_features) if w0 is None else np.array(w0, dtype=float)
    b = b0
    weights, biases, samples = [w.copy()], [b], []
    mistakes_per_epoch = []
    for _ in range(n_epochs):
        mistakes = 0
        for i in _order(rng, n_samples, shuffle):
            x_i, y_i = X[i], y[i]
            mistake = y_i * (w @ x_i + b) <= 0
            g_w, g_b = (-y_i * x_i, -y_i) if mistake else (np.zeros(n_features), 0.0)
            w = w - lr * g_w
            if fit_bias:
                b = b - lr * g_b
            if mistake:
                mistakes += 1
                samples.append(i)
                weights.append(w.copy())
                biases.append(b)
        mistakes_per_epoch.append(mistakes)
        if mistakes == 0:
            break
    return {
        "w": w, "b": float(b), "mistakes_per_epoch": mistakes_per_epoch,
        "sample": np.array(samples, dtype=np.intp),
        "history_w": np.vstack(weights), "history_b": np.array(biases, dtype=float),
    }  # fmt: skip


def train_with_stopping(X, y, *, rule="clean", max_epochs=1000, patience=1, w0=None,
                        b0=0.0, lr=1.0, fit_bias=True, shuffle=False,
                        random_state=None):  # fmt: skip
    """One call of the frozen train per epoch, both error functions after each."""

    def n_misclassified(X, y, w, b):
        return _n_errors(X, y, w, b)

    def distance_error(X, y, w, b):  # the formula criteria used before perclab.losses
        s = X @ w + b
        return float(0.5 * np.sum(np.abs(s * (np.sign(s) - y))))

    rng = np.random.default_rng(random_state)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=float)
    b = b0
    mistakes_per_epoch, misclassified, errors, samples = [], [], [], []
    best, since_best, stop_reason = np.inf, 0, "max_epochs"
    for _ in range(max_epochs):
        epoch = train(X, y, w0=w, b0=b, lr=lr, fit_bias=fit_bias, max_epochs=1,
                      shuffle=shuffle, random_state=rng)  # fmt: skip
        w, b = epoch["w"], epoch["b"]
        samples.extend(epoch["sample"].tolist())
        mistakes_per_epoch.append(len(epoch["sample"]))
        misclassified.append(n_misclassified(X, y, w, b))
        errors.append(distance_error(X, y, w, b))
        if mistakes_per_epoch[-1] == 0 and rule != "max_epochs":
            stop_reason = "clean"
            break
        if rule == "error_plateau":
            if errors[-1] < best:
                best, since_best = errors[-1], 0
            else:
                since_best += 1
            if since_best >= patience:
                stop_reason = "error_plateau"
                break
    return {
        "w": w, "b": float(b), "stop_reason": stop_reason, "sample": samples,
        "mistakes_per_epoch": mistakes_per_epoch, "n_misclassified": misclassified,
        "distance_error": errors,
    }  # fmt: skip
