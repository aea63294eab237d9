"""A second held-out catalogue of learner solutions for the eleven exercises.

Written from the exercise statements in ``jupyter/exercises/*.ipynb`` only, without
looking at the checks, their tests or the earlier catalogues: the ``WRONG`` rows are
buggy solutions of the kinds learners write, each with a few words a teacher would use
to name the bug, and the ``CORRECT`` rows are legitimate solutions in unusual styles.
"""

import functools
import math
import warnings

import numpy as np

from catalogue_kit import registry
from perclab import checks

WRONG, CORRECT, wrong, correct = registry()


P, M = checks.check_predict_labels, checks.check_is_mistake
U, T = checks.check_one_update, checks.check_train_until_clean
AB, TA = checks.check_absorb_bias, checks.check_train_absorbed
R, MG, MB = checks.check_radius, checks.check_margin, checks.check_mistake_bound
PS = checks.check_proof_steps
PL, PG = checks.check_perceptron_loss, checks.check_perceptron_gradient
LL, LG = checks.check_logistic_loss, checks.check_logistic_gradient
GD = checks.check_gradient_descent
PK = checks.check_pocket
KP, KPR = checks.check_kernel_perceptron, checks.check_kernel_predict
MS = checks.check_model_selection


# ----------------------------------------------------------------------------------
# Exercise 1: predict_labels
# ----------------------------------------------------------------------------------


@wrong(P, "np.sign", "tie", "zero")
def h2_predict_np_sign(X, w, b):
    return np.sign(X @ w + b)


@wrong(P, ">= 0", "tie", "boundary")
def h2_predict_strict_positive(X, w, b):
    scores = X @ w + b
    return np.where(scores > 0, 1, -1)


@wrong(P, "bias")
def h2_predict_no_bias(X, w, b):
    return [1 if row @ w >= 0 else -1 for row in X]


@wrong(P, "swap", "opposite", "sign")
def h2_predict_labels_swapped(X, w, b):
    s = np.dot(X, w) + b
    return np.where(s >= 0, -1, 1)


@wrong(P, "label", "score", "-1")
def h2_predict_returns_scores(X, w, b):
    return X @ w + b


@wrong(P, "last", "row", "every")
def h2_predict_off_by_one_rows(X, w, b):
    labels = []
    for i in range(len(X) - 1):
        labels.append(1 if float(X[i] @ w + b) >= 0 else -1)
    return labels


@wrong(P, "bias", "+ b", "sign")
def h2_predict_minus_bias(X, w, b):
    return np.where(X @ w - b >= 0, 1, -1)


@correct(P)
def h2_predict_python_floats(X, w, b):
    return [
        1 if sum(float(a) * float(c) for a, c in zip(row, w)) + float(b) >= 0 else -1
        for row in X
    ]


@correct(P)
def h2_predict_two_times_bool(X, w, b):
    return 2 * (np.asarray(X) @ np.asarray(w) + b >= 0).astype(int) - 1


@correct(P)
def h2_predict_sign_patched(X, w, b):
    s = X @ w + b
    return np.sign(s) + (s == 0)


# ----------------------------------------------------------------------------------
# Exercise 1: is_mistake
# ----------------------------------------------------------------------------------


@wrong(M, "<= 0", "tie", "zero")
def h2_mistake_strict(x, y, w, b):
    return y * (w @ x + b) < 0


@wrong(M, "label", "y")
def h2_mistake_no_label(x, y, w, b):
    return (w @ x + b) <= 0


@wrong(M, "bias")
def h2_mistake_no_bias(x, y, w, b):
    return bool(y * np.dot(w, x) <= 0)


@wrong(M, "opposite", "<= 0", "correct")
def h2_mistake_inverted(x, y, w, b):
    return y * (w @ x + b) > 0


@wrong(M, "<= 0", "tie", "predict")
def h2_mistake_via_prediction(x, y, w, b):
    predicted = 1 if w @ x + b >= 0 else -1
    return predicted != y


@wrong(M, "parenthes", "bias", "label")
def h2_mistake_precedence(x, y, w, b):
    return y * w @ x + b <= 0


@correct(M)
def h2_mistake_sign_differs(x, y, w, b):
    return np.sign(w @ x + b) != y


@correct(M)
def h2_mistake_as_int(x, y, w, b):
    return int(y * (np.dot(w, x) + b) <= 0)


@correct(M)
def h2_mistake_python_loop(x, y, w, b):
    s = float(b)
    for wi, xi in zip(w, x):
        s += float(wi) * float(xi)
    return not (float(y) * s > 0)


# ----------------------------------------------------------------------------------
# Exercise 2: one_update
# ----------------------------------------------------------------------------------


@wrong(U, "bias", "b +")
def h2_update_forgets_bias(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b
    return w.copy(), b


@wrong(U, "in place", "copy")
def h2_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "<= 0", "strict", "zero")
def h2_update_strict(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) < 0:
        return w + lr * y * x, b + lr * y
    return w, b


@wrong(U, "lr", "learning rate", "bias")
def h2_update_bias_without_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b + y
    return w, b


@wrong(U, "mistake", "always", "only")
def h2_update_always(w, b, x, y, lr=1.0):
    return w + lr * y * x, b + lr * y


@wrong(U, "sign", "add")
def h2_update_wrong_sign(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w = w - lr * y * x
        b = b - lr * y
    return w, b


@wrong(U, "order", "pair")
def h2_update_returns_b_first(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return b + lr * y, w + lr * y * x
    return b, w


@wrong(U, "label", "y")
def h2_update_no_label(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * x, b + lr
    return w, b


@correct(U)
def h2_update_lists(w, b, x, y, lr=1.0):
    score = sum(float(wi) * float(xi) for wi, xi in zip(w, x)) + b
    if y * score <= 0:
        return [[float(wi) + lr * y * float(xi) for wi, xi in zip(w, x)], b + lr * y]
    return [list(map(float, w)), b]


@correct(U)
def h2_update_early_return(w, b, x, y, lr=1.0):
    if y * (w @ x + b) > 0:
        return w, b
    step = lr * y
    return w + step * np.asarray(x, dtype=float), b + step


@correct(U)
def h2_update_mask_factor(w, b, x, y, lr=1.0):
    mistake = float(y * (np.dot(w, x) + b) <= 0)
    return np.add(w, mistake * lr * y * x), b + mistake * lr * y


# ----------------------------------------------------------------------------------
# Exercise 3: train_until_clean
# ----------------------------------------------------------------------------------


@wrong(T, "stop", "clean", "sweep")
def h2_train_never_stops(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(max_epochs):
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b += yi
                n += 1
    return w, b, n, max_epochs


@wrong(T, "whole sweep", "sweep", "stop")
def h2_train_stops_on_first_correct(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    done = False
    for _ in range(max_epochs):
        epochs += 1
        for i in range(len(y)):
            if y[i] * (w @ X[i] + b) <= 0:
                w = w + y[i] * X[i]
                b += y[i]
                n += 1
            else:
                done = True
                break
        if done:
            break
    return w, b, n, epochs


@wrong(T, "clean", "final", "epochs", "count")
def h2_train_epochs_without_clean_sweep(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for _ in range(max_epochs):
        updated = False
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n += 1
                updated = True
        if not updated:
            break
        epochs += 1
    return w, b, n, epochs


@wrong(T, "<= 0", "strict", "zero")
def h2_train_strict(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        errors = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) < 0:
                w, b = w + yi * xi, b + yi
                errors += 1
        n += errors
        if errors == 0:
            break
    return w, b, n, epoch


@wrong(T, "bias")
def h2_train_no_bias(X, y, max_epochs=100):
    w, n = np.zeros(X.shape[1]), 0
    for epoch in range(1, max_epochs + 1):
        errors = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi) <= 0:
                w = w + yi * xi
                errors += 1
        n += errors
        if errors == 0:
            break
    return w, 0.0, n, epoch


@wrong(T, "reset", "total", "n_updates")
def h2_train_counter_reset(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    for epoch in range(1, max_epochs + 1):
        n_updates = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "order", "shuffl")
def h2_train_shuffles(X, y, max_epochs=100):
    rng = np.random.default_rng(0)
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for i in rng.permutation(len(y)):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
                n += 1
                clean = False
        if clean:
            break
    return w, b, n, epoch


@wrong(T, "max_epochs", "range", "off-by")
def h2_train_one_epoch_short(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    while epochs < max_epochs - 1:
        epochs += 1
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n += 1
                clean = False
        if clean:
            break
    return w, b, n, epochs


@wrong(T, "order", "return")
def h2_train_returns_epochs_before_updates(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n += 1
                clean = False
        if clean:
            break
    return w, b, epoch, n


@wrong(T, "copy", "in place", "stop")
def h2_train_alias_for_change_test(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        w_before = w
        b_before = b
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                n += 1
        # a sweep without change; but w_before is the same array as w
        if np.array_equal(w, w_before):
            break
    return w, b, n, epoch


@wrong(T, "label", "y_i")
def h2_train_update_without_label(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for i in range(len(X)):
            if y[i] * (w @ X[i] + b) <= 0:
                w = w + X[i]
                b = b + 1
                n += 1
                clean = False
        if clean:
            break
    return w, b, n, epoch


@correct(T)
def h2_train_while_loop(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w = np.zeros(X.shape[1])
    b = 0.0
    n_updates, epochs, clean = 0, 0, False
    while not clean and epochs < max_epochs:
        epochs += 1
        clean = True
        for i in range(X.shape[0]):
            if y[i] * (np.dot(w, X[i]) + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                n_updates += 1
                clean = False
    return [w.tolist(), b, n_updates, epochs]


@correct(T)
def h2_train_python_lists(X, y, max_epochs=100):
    rows = [[float(v) for v in row] for row in X]
    labels = [float(v) for v in y]
    w = [0.0] * len(rows[0])
    b = 0.0
    total = 0
    for epoch in range(1, max_epochs + 1):
        made = 0
        for row, label in zip(rows, labels):
            if label * (sum(a * c for a, c in zip(w, row)) + b) <= 0:
                w = [a + label * c for a, c in zip(w, row)]
                b += label
                made += 1
        total += made
        if made == 0:
            return w, b, total, epoch
    return w, b, total, max_epochs


def _h2_step(w, b, x, y):
    if y * (w @ x + b) <= 0:
        return w + y * x, b + y, True
    return w, b, False


@correct(T)
def h2_train_with_helper(X, y, max_epochs=100):
    w, b = np.zeros(np.shape(X)[1]), 0
    n_updates = 0
    epoch = 0
    for epoch in range(1, max_epochs + 1):
        changed = [False] * len(y)
        for i, (xi, yi) in enumerate(zip(X, y)):
            w, b, changed[i] = _h2_step(w, b, xi, yi)
        n_updates += sum(changed)
        if not any(changed):
            break
    return w, b, n_updates, epoch


# ----------------------------------------------------------------------------------
# Exercise 4: absorb_bias
# ----------------------------------------------------------------------------------


@wrong(AB, "last", "append", "end")
def h2_absorb_prepends(X):
    return np.hstack([np.ones((X.shape[0], 1)), X])


@wrong(AB, "ones", "1")
def h2_absorb_zeros(X):
    return np.column_stack([X, np.zeros(len(X))])


@wrong(AB, "column", "axis", "row")
def h2_absorb_row(X):
    return np.vstack([X, np.ones(X.shape[1])])


@wrong(AB, "rows", "number of", "shape")
def h2_absorb_wrong_length(X):
    return np.c_[X, np.ones(X.shape[1])]


@wrong(AB, "int", "float", "dtype")
def h2_absorb_casts_to_int(X):
    out = np.ones((X.shape[0], X.shape[1] + 1), dtype=int)
    out[:, :-1] = X
    return out


@correct(AB)
def h2_absorb_hstack(X):
    return np.hstack([X, np.ones((X.shape[0], 1))])


@correct(AB)
def h2_absorb_pad(X):
    return np.pad(np.asarray(X, dtype=float), ((0, 0), (0, 1)), constant_values=1.0)


# ----------------------------------------------------------------------------------
# Exercise 4: train_absorbed
# ----------------------------------------------------------------------------------


def _h2_absorb(X):
    return np.column_stack([np.asarray(X, dtype=float), np.ones(len(X))])


def _h2_train_nobias(Z, y, max_epochs):
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for zi, yi in zip(Z, y):
            if yi * (w @ zi) <= 0:
                w = w + yi * zi
                clean = False
        if clean:
            break
    return w


@wrong(TA, "absorb", "ones", "bias")
def h2_absorbed_forgets_to_absorb(X, y, max_epochs=100):
    w = _h2_train_nobias(np.asarray(X, dtype=float), y, max_epochs)
    return w, 0.0


@wrong(TA, "last", "split", "order")
def h2_absorbed_splits_first(X, y, max_epochs=100):
    w_t = _h2_train_nobias(_h2_absorb(X), y, max_epochs)
    return w_t[1:], w_t[0]


@wrong(TA, "fit_bias", "bias", "twice")
def h2_absorbed_fit_bias_true(X, y, max_epochs=100):
    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(_h2_absorb(X), y, max_epochs=max_epochs)
    return run.w[:-1], run.w[-1]


@wrong(TA, "split", "length", "last")
def h2_absorbed_keeps_whole_vector(X, y, max_epochs=100):
    w_t = _h2_train_nobias(_h2_absorb(X), y, max_epochs)
    return w_t, w_t[-1]


@wrong(TA, "<= 0", "strict", "zero")
def h2_absorbed_strict(X, y, max_epochs=100):
    Z = _h2_absorb(X)
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for zi, yi in zip(Z, y):
            if yi * (w @ zi) < 0:
                w = w + yi * zi
                clean = False
        if clean:
            break
    return w[:-1], w[-1]


@wrong(TA, "max_epochs")
def h2_absorbed_ignores_max_epochs(X, y, max_epochs=100):
    w_t = _h2_train_nobias(_h2_absorb(X), y, 1000)
    return w_t[:-1], float(w_t[-1])


@correct(TA)
def h2_absorbed_with_perclab(X, y, max_epochs=100):
    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        run = perclab.train(
            perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs
        )
    return run.w[:-1], run.w[-1]


@correct(TA)
def h2_absorbed_own_loop(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((len(X), 1))])
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(Z)):
            if y[i] * Z[i].dot(w) <= 0:
                w += y[i] * Z[i]
                mistakes += 1
        if not mistakes:
            break
    *w_part, b = w.tolist()
    return [w_part, b]


@correct(TA)
def h2_absorbed_split_by_d(X, y, max_epochs=100):
    d = np.shape(X)[1]
    w_t = _h2_train_nobias(_h2_absorb(X), y, max_epochs)
    return w_t[:d], w_t[d]


# ----------------------------------------------------------------------------------
# Exercise 5: radius
# ----------------------------------------------------------------------------------


@wrong(R, "axis", "row", "norm")
def h2_radius_columns(X, fit_bias=False):
    Z = np.column_stack([X, np.ones(len(X))]) if fit_bias else np.asarray(X, float)
    return np.max(np.linalg.norm(Z, axis=0))


@wrong(R, "origin", "centre", "center")
def h2_radius_from_mean(X, fit_bias=False):
    Z = np.column_stack([X, np.ones(len(X))]) if fit_bias else np.asarray(X, float)
    return np.max(np.linalg.norm(Z - Z.mean(axis=0), axis=1))


@wrong(R, "sqrt", "square", "norm")
def h2_radius_squared(X, fit_bias=False):
    sq = np.sum(np.asarray(X, float) ** 2, axis=1)
    if fit_bias:
        sq = sq + 1
    return sq.max()


@wrong(R, "fit_bias", "absorb")
def h2_radius_ignores_fit_bias(X, fit_bias=False):
    return max(np.linalg.norm(row) for row in X)


@wrong(R, "absorb", "sqrt")
def h2_radius_adds_one_outside(X, fit_bias=False):
    r = np.linalg.norm(X, axis=1).max()
    return r + 1 if fit_bias else r


@wrong(R, "max", "mean")
def h2_radius_mean_norm(X, fit_bias=False):
    Z = np.column_stack([X, np.ones(len(X))]) if fit_bias else X
    return float(np.mean(np.linalg.norm(Z, axis=1)))


@correct(R)
def h2_radius_math(X, fit_bias=False):
    extra = 1.0 if fit_bias else 0.0
    return max(math.sqrt(sum(float(v) * float(v) for v in row) + extra) for row in X)


@correct(R)
def h2_radius_einsum(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    return np.sqrt(np.max(np.einsum("ij,ij->i", X, X)) + int(fit_bias))


# ----------------------------------------------------------------------------------
# Exercise 5: margin
# ----------------------------------------------------------------------------------


@wrong(MG, "label", "negative", "sign")
def h2_margin_abs_scores(X, y, w, b=0.0):
    return np.min(np.abs(X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "norm", "||w||", "scal")
def h2_margin_functional(X, y, w, b=0.0):
    return np.min(y * (X @ w + b))


@wrong(MG, "bias", "||w||", "norm")
def h2_margin_norm_with_bias(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.sqrt(w @ w + b * b)


@wrong(MG, "min")
def h2_margin_max(X, y, w, b=0.0):
    return max(y * (X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "bias")
def h2_margin_no_bias(X, y, w, b=0.0):
    return np.min(y * (X @ w)) / np.linalg.norm(w)


@wrong(MG, "norm", "euclid", "L2")
def h2_margin_l1_norm(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.sum(np.abs(w))


@correct(MG)
def h2_margin_normalise_first(X, y, w, b=0.0):
    length = math.sqrt(sum(float(v) ** 2 for v in w))
    u, c = np.asarray(w, dtype=float) / length, b / length
    return min(float(yi) * (float(xi @ u) + c) for xi, yi in zip(X, y))


@correct(MG)
def h2_margin_vectorised(X, y, w, b=0.0):
    return float((y * (np.dot(X, w) + b)).min() / np.linalg.norm(w))


# ----------------------------------------------------------------------------------
# Exercise 5: mistake_bound
# ----------------------------------------------------------------------------------


@wrong(MB, "absorb", "1", "R")
def h2_bound_radius_not_absorbed(X, y, w, b):
    R_ = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_**2 / gamma**2


@wrong(MB, "norm", "(w, b)", "absorb")
def h2_bound_gamma_over_w_only(X, y, w, b):
    R2 = np.max(np.sum(X**2, axis=1) + 1)
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return R2 / gamma**2


@wrong(MB, "square", "^2")
def h2_bound_no_squares(X, y, w, b):
    R_ = np.sqrt(np.max(np.sum(X**2, axis=1) + 1))
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_ / gamma


@wrong(MB, "square", "gamma")
def h2_bound_gamma_not_squared(X, y, w, b):
    R_ = np.sqrt(np.max(np.sum(X**2, axis=1) + 1))
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_**2 / gamma


@wrong(MB, "bias")
def h2_bound_gamma_without_b(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    wt = np.append(w, b)
    R_ = np.linalg.norm(Z, axis=1).max()
    gamma = np.min(y * (X @ w)) / np.linalg.norm(wt)
    return (R_ / gamma) ** 2


@wrong(MB, "min")
def h2_bound_gamma_max(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    wt = np.append(w, b)
    R_ = np.linalg.norm(Z, axis=1).max()
    gamma = np.max(y * (Z @ wt)) / np.linalg.norm(wt)
    return (R_ / gamma) ** 2


@wrong(MB, "int", "round", "float")
def h2_bound_truncated(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    wt = np.append(w, b)
    R_ = np.linalg.norm(Z, axis=1).max()
    gamma = np.min(y * (Z @ wt)) / np.linalg.norm(wt)
    return int(R_**2 / gamma**2)


@correct(MB)
def h2_bound_absorbed_space(X, y, w, b):
    Z = np.hstack([X, np.ones((len(X), 1))])
    wt = np.concatenate([np.asarray(w, dtype=float), [b]])
    R_ = np.linalg.norm(Z, axis=1).max()
    gamma = (y * (Z @ wt)).min() / np.linalg.norm(wt)
    return (R_ / gamma) ** 2


@correct(MB)
def h2_bound_squared_quantities(X, y, w, b):
    R2 = max(float(x @ x) + 1.0 for x in np.asarray(X, dtype=float))
    m = min(float(yi) * (float(np.dot(w, xi)) + b) for xi, yi in zip(X, y))
    gamma2 = m * m / (float(np.dot(w, w)) + b * b)
    return R2 / gamma2


@correct(MB)
def h2_bound_with_perclab_helpers(X, y, w, b):
    import perclab

    R_ = perclab.radius(X, fit_bias=True)
    wt = np.append(np.asarray(w, dtype=float), b)
    gamma = perclab.margin(perclab.absorb_bias(X), y, wt)
    return R_**2 / gamma**2


# ----------------------------------------------------------------------------------
# Exercise 6: proof_steps
# ----------------------------------------------------------------------------------


@wrong(PS, "differ", "previous", "w_{k-1}")
def h2_proof_cumulative(W, w_star):
    W = np.asarray(W, float)
    return W[1:] @ w_star, np.sum(W[1:] ** 2, axis=1)


@wrong(PS, "square", "norm")
def h2_proof_norms_not_squared(W, w_star):
    gains = np.diff(W @ w_star)
    growths = np.diff(np.linalg.norm(W, axis=1))
    return gains, growths


@wrong(PS, "difference", "norms")
def h2_proof_norm_of_difference(W, w_star):
    D = np.diff(np.asarray(W, dtype=float), axis=0)
    return D @ w_star, np.sum(D * D, axis=1)


@wrong(PS, "sign", "order", "w_k -")
def h2_proof_reversed_difference(W, w_star):
    W = np.asarray(W, dtype=float)
    gains = (W[:-1] - W[1:]) @ w_star
    sq = np.sum(W**2, axis=1)
    return gains, sq[:-1] - sq[1:]


@wrong(PS, "order", "swap")
def h2_proof_swapped_outputs(W, w_star):
    proj = [float(np.dot(row, w_star)) for row in W]
    sq = [float(np.dot(row, row)) for row in W]
    gains = [proj[k] - proj[k - 1] for k in range(1, len(W))]
    growths = [sq[k] - sq[k - 1] for k in range(1, len(W))]
    return growths, gains


@wrong(PS, "axis", "row")
def h2_proof_wrong_axis(W, w_star):
    W = np.asarray(W, dtype=float)
    gains = np.diff(W @ w_star)
    growths = np.diff(np.sum(W**2, axis=0))
    return gains, growths


@correct(PS)
def h2_proof_np_diff(W, w_star):
    W = np.asarray(W, dtype=float)
    return np.diff(W @ w_star), np.diff(np.einsum("ij,ij->i", W, W))


@correct(PS)
def h2_proof_expanded_formula(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W)):
        prev = np.asarray(W[k - 1], dtype=float)
        step = np.asarray(W[k], dtype=float) - prev
        gains.append(float(step @ w_star))
        growths.append(float(2 * prev @ step + step @ step))
    return gains, growths


# ----------------------------------------------------------------------------------
# Exercise 7: perceptron_loss
# ----------------------------------------------------------------------------------


@wrong(PL, "mean", "1/n")
def h2_ploss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(PL, "max", "np.maximum", "0")
def h2_ploss_no_clipping(w, X, y):
    return np.mean(-y * (X @ w))


@wrong(PL, "np.maximum", "each", "term")
def h2_ploss_max_outside_sum(w, X, y):
    return max(0.0, float(np.sum(-y * (X @ w)))) / len(y)


@wrong(PL, "sign", "-y", "minus")
def h2_ploss_wrong_sign(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


@wrong(PL, "label", "y")
def h2_ploss_no_label(w, X, y):
    return np.mean(np.maximum(0, -(X @ w)))


@wrong(PL, "1/n", "all", "mistakes")
def h2_ploss_mean_over_mistakes(w, X, y):
    m = y * (X @ w)
    bad = m <= 0
    if not bad.any():
        return 0.0
    return float(np.mean(-m[bad]))


@wrong(PL, "count", "how far", "distance")
def h2_ploss_counts_mistakes(w, X, y):
    return np.mean(y * (X @ w) <= 0)


@wrong(PL, "hinge", "1 -", "margin")
def h2_ploss_hinge(w, X, y):
    return np.mean(np.maximum(0, 1 - y * (X @ w)))


@correct(PL)
def h2_ploss_minimum(w, X, y):
    return -np.minimum(0.0, y * (X @ w)).mean()


@correct(PL)
def h2_ploss_loop(w, X, y):
    total = 0
    for xi, yi in zip(X, y):
        total += max(0, -yi * np.dot(w, xi))
    return total / X.shape[0]


# ----------------------------------------------------------------------------------
# Exercise 7: perceptron_gradient
# ----------------------------------------------------------------------------------


@wrong(PG, "<= 0", "tie", "zero")
def h2_pgrad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(y[mask] @ X[mask]) / len(y)


@wrong(PG, "mean", "1/n")
def h2_pgrad_sum(w, X, y):
    mask = y * (X @ w) <= 0
    return -(X[mask].T @ y[mask]).astype(float)


@wrong(PG, "sign", "minus", "-y")
def h2_pgrad_wrong_sign(w, X, y):
    mask = (y * (X @ w) <= 0).astype(float)
    return (mask * y) @ X / len(y)


@wrong(PG, "mistake", "only", "mask")
def h2_pgrad_all_points(w, X, y):
    return -(y @ X) / len(y)


@wrong(PG, "1/n", "mistakes")
def h2_pgrad_mean_over_mistakes(w, X, y):
    mask = y * (X @ w) <= 0
    if not mask.any():
        return np.zeros_like(w, dtype=float)
    return -np.mean(y[mask][:, None] * X[mask], axis=0)


@wrong(PG, "axis", "shape")
def h2_pgrad_wrong_axis(w, X, y):
    mask = (y * (X @ w) <= 0)[:, None]
    return -np.sum(mask * y[:, None] * X, axis=1) / len(y)


@wrong(PG, "label", "y")
def h2_pgrad_no_label(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        if yi * (w @ xi) <= 0:
            g -= xi
    return g / len(y)


@wrong(PG, "mistake", "<= 0", "correct")
def h2_pgrad_over_correct_points(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        if yi * (w @ xi) > 0:
            g = g - yi * xi
    return g / len(y)


@correct(PG)
def h2_pgrad_boolean_index(w, X, y):
    bad = y * (X @ w) <= 0
    return -(X[bad].T @ y[bad]) / X.shape[0]


@correct(PG)
def h2_pgrad_loop(w, X, y):
    g = [0.0] * len(w)
    n = len(y)
    for xi, yi in zip(X, y):
        if yi * sum(a * c for a, c in zip(w, xi)) <= 0:
            g = [gj - yi * xj / n for gj, xj in zip(g, xi)]
    return np.array(g, dtype=float)


# ----------------------------------------------------------------------------------
# Exercise 8: logistic_loss
# ----------------------------------------------------------------------------------


@wrong(LL, "natural", "ln", "np.log")
def h2_lloss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


@wrong(LL, "label", "y")
def h2_lloss_no_label(w, X, y):
    return np.mean(np.log1p(np.exp(-(X @ w))))


@wrong(LL, "mean", "1/n")
def h2_lloss_sum(w, X, y):
    return np.sum(np.logaddexp(0, -y * (X @ w)))


@wrong(LL, "sign", "minus", "-y")
def h2_lloss_wrong_sign(w, X, y):
    return np.mean(np.log(1 + np.exp(y * (X @ w))))


@wrong(LL, "-1", "labels", "{0, 1}")
def h2_lloss_zero_one_cross_entropy(w, X, y):
    p = 1 / (1 + np.exp(-(X @ w)))
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))


@wrong(LL, "1 +", "log(1")
def h2_lloss_forgets_one(w, X, y):
    return np.mean(np.log(np.exp(-y * (X @ w))))


@correct(LL)
def h2_lloss_logaddexp(w, X, y):
    return float(np.mean(np.logaddexp(0.0, -y * (X @ w))))


@correct(LL)
def h2_lloss_math_loop(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        m = float(yi) * float(np.dot(w, xi))
        if m > -30:
            total += math.log1p(math.exp(-m))
        else:
            total += -m + math.log1p(math.exp(m))
    return total / len(y)


@correct(LL)
def h2_lloss_split_abs(w, X, y):
    m = y * (X @ w)
    return np.mean(np.maximum(0, -m) + np.log1p(np.exp(-np.abs(m))))


# ----------------------------------------------------------------------------------
# Exercise 8: logistic_gradient
# ----------------------------------------------------------------------------------


def _h2_sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


@wrong(LG, "sigma(-", "wrong label", "sign")
def h2_lgrad_sigma_of_margin(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h2_sigmoid(m))) / len(y)


@wrong(LG, "sign", "minus")
def h2_lgrad_no_minus(w, X, y):
    m = y * (X @ w)
    return (X.T @ (y * _h2_sigmoid(-m))) / len(y)


@wrong(LG, "mean", "1/n")
def h2_lgrad_sum(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h2_sigmoid(-m)))


@wrong(LG, "label", "y_i")
def h2_lgrad_no_label_factor(w, X, y):
    m = y * (X @ w)
    return -(X.T @ _h2_sigmoid(-m)) / len(y)


@wrong(LG, "axis", "shape")
def h2_lgrad_wrong_axis(w, X, y):
    coef = y * _h2_sigmoid(-y * (X @ w))
    return -np.mean(coef[:, None] * X, axis=1)


@wrong(LG, "sigmoid", "sign")
def h2_lgrad_bad_sigmoid(w, X, y):
    def sigmoid(z):
        return 1 / (1 + np.exp(z))

    return -np.mean((y * sigmoid(-y * (X @ w)))[:, None] * X, axis=0)


@wrong(LG, "every", "all", "mistake")
def h2_lgrad_only_mistakes(w, X, y):
    m = y * (X @ w)
    pull = np.where(m <= 0, _h2_sigmoid(-m), 0.0)
    return -(X.T @ (y * pull)) / len(y)


@correct(LG)
def h2_lgrad_exp_form(w, X, y):
    m = y * (X @ w)
    wrong_prob = 1.0 / (1.0 + np.exp(m))
    return -(wrong_prob * y) @ X / X.shape[0]


@correct(LG)
def h2_lgrad_loop_logaddexp(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        m = yi * (w @ xi)
        g += -yi * xi * np.exp(-np.logaddexp(0.0, m))
    return g / len(y)


# ----------------------------------------------------------------------------------
# Exercise 8: gradient_descent
# ----------------------------------------------------------------------------------


@wrong(GD, "in place", "copy", "w0")
def h2_gd_in_place(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return w


@wrong(GD, "sign", "minus", "descent")
def h2_gd_ascent(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(GD, "n_steps", "off", "range")
def h2_gd_one_step_short(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps - 1):
        w = w - lr * gradient(w)
    return w


@wrong(GD, "w0", "current", "gradient(w)")
def h2_gd_gradient_at_start(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w - lr * gradient(w0)
    return w


@wrong(GD, "lr", "learning rate", "step size")
def h2_gd_no_lr(gradient, w0, lr, n_steps):
    w = np.copy(w0)
    for _ in range(n_steps):
        w = w - gradient(w)
    return w


@wrong(GD, "final", "return")
def h2_gd_returns_path(gradient, w0, lr, n_steps):
    path = [np.array(w0, dtype=float)]
    for _ in range(n_steps):
        path.append(path[-1] - lr * gradient(path[-1]))
    return np.array(path)


@wrong(GD, "n_steps", "<", "one")
def h2_gd_while_leq(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    step = 0
    while step <= n_steps:
        w = w - lr * gradient(w)
        step += 1
    return w


@correct(GD)
def h2_gd_reduce(gradient, w0, lr, n_steps):
    return functools.reduce(
        lambda w, _: w - lr * np.asarray(gradient(w)),
        range(n_steps),
        np.asarray(w0, dtype=float),
    )


@correct(GD)
def h2_gd_while_counter(gradient, w0, lr, n_steps):
    w = w0.copy()
    remaining = n_steps
    while remaining > 0:
        w = w - lr * gradient(w)
        remaining -= 1
    return w


# ----------------------------------------------------------------------------------
# Exercise 9: pocket
# ----------------------------------------------------------------------------------


def _h2_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


@wrong(PK, "strictly", "fewer", "<")
def h2_pocket_non_strict(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h2_errors(X, y, w, b)
                if err <= best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "copy", "in place", "reference")
def h2_pocket_no_copy(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w, b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                clean = False
                err = _h2_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w, b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "pocket", "last", "best")
def h2_pocket_returns_last(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_err = len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                best_err = min(best_err, _h2_errors(X, y, w, b))
        if clean:
            break
    return w, b, best_err


@wrong(PK, "n", "initial", "start")
def h2_pocket_initial_count_zero(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, 0)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h2_errors(X, y, w, b)
                if err < best[2]:
                    best = (w.copy(), b, err)
        if clean:
            break
    return best


@wrong(PK, "every update", "each update", "after")
def h2_pocket_checks_per_epoch(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
        err = _h2_errors(X, y, w, b)
        if err < best_err:
            best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "<= 0", "tie", "zero")
def h2_pocket_errors_strict(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = int(np.sum(y * (X @ w + b) < 0))
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "new", "after", "updated")
def h2_pocket_counts_old_weights(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                err = _h2_errors(X, y, w, b)  # counted before the step
                w, b = w + yi * xi, b + yi
                clean = False
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "n_errors", "pocket", "count")
def h2_pocket_returns_current_errors(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    err = len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h2_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, err


@wrong(PK, "bias")
def h2_pocket_errors_without_bias(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = int(np.sum(y * (X @ w) <= 0))
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@correct(PK)
def h2_pocket_plain(X, y, max_epochs=50):
    X = np.asarray(X, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    pocket = (w.copy(), b, len(y))
    for _ in range(max_epochs):
        updates = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b = b + yi
                updates += 1
                errors = _h2_errors(X, y, w, b)
                if errors < pocket[2]:
                    pocket = (w.copy(), b, errors)
        if updates == 0:
            break
    return pocket


@correct(PK)
def h2_pocket_lists(X, y, max_epochs=50):
    rows = [list(map(float, r)) for r in X]
    labels = [float(v) for v in y]

    def score(w, b, r):
        return sum(a * c for a, c in zip(w, r)) + b

    def count(w, b):
        return sum(1 for r, t in zip(rows, labels) if t * score(w, b, r) <= 0)

    w, b = [0.0] * len(rows[0]), 0.0
    best = [list(w), b, len(rows)]
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        clean = True
        for r, t in zip(rows, labels):
            if t * score(w, b, r) <= 0:
                w = [a + t * c for a, c in zip(w, r)]
                b += t
                clean = False
                e = count(w, b)
                if e < best[2]:
                    best = [list(w), b, e]
        if clean:
            break
    return best


@correct(PK)
def h2_pocket_in_place_with_copy(X, y, max_epochs=50):
    w = np.zeros(X.shape[1])
    b = 0.0
    w_p, b_p, e_p = np.copy(w), 0.0, X.shape[0]
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(X)):
            if y[i] * (X[i] @ w + b) <= 0:
                w += y[i] * X[i]
                b += y[i]
                mistakes += 1
                e = np.count_nonzero(y * (X @ w + b) <= 0)
                if e < e_p:
                    w_p[:] = w
                    b_p, e_p = b, e
        if mistakes == 0:
            break
    return w_p, b_p, int(e_p)


# ----------------------------------------------------------------------------------
# Exercise 10: kernel_perceptron
# ----------------------------------------------------------------------------------


@wrong(KP, "current", "immediately", "online")
def h2_kperc_frozen_counts(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        f = (c * y) @ K  # computed once per sweep
        new = c.copy()
        for i in range(len(y)):
            if y[i] * f[i] <= 0:
                new[i] += 1
        if np.array_equal(new, c):
            break
        c = new
    return c


@wrong(KP, "<= 0", "tie", "zero")
def h2_kperc_strict(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) < 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "label", "y_j")
def h2_kperc_no_label_in_sum(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c, K[:, i]) <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "clean", "sweep", "stop")
def h2_kperc_one_sweep(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) <= 0:
                c[i] += 1
        break
    return c


@wrong(KP, "add", "+= 1", "count")
def h2_kperc_sets_to_one(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) <= 0:
                c[i] = 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "x_i", "index", "k(x_j, x_i)")
def h2_kperc_wrong_loop_variable(X, y, kernel, max_epochs=100):
    n = len(y)
    K = kernel(X, X)
    c = [0] * n
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            f = np.dot(np.multiply(c, y), [K[j, j] for j in range(n)])
            if y[i] * f <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "add 1", "count", "label")
def h2_kperc_adds_label(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) <= 0:
                c[i] += y[i]
                clean = False
        if clean:
            break
    return c


@wrong(KP, "max_epochs")
def h2_kperc_fixed_epochs(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(100):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "count", "number", "whole")
def h2_kperc_returns_mask(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.dot(c * y, K[:, i]) <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c > 0


@correct(KP)
def h2_kperc_kernel_per_row(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    c = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            f = np.sum(c * y * kernel(X, X[i : i + 1])[:, 0])
            if y[i] * f <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c.astype(int)


@correct(KP)
def h2_kperc_gram_list(X, y, kernel, max_epochs=100):
    G = np.asarray(kernel(X, X), dtype=float)
    labels = [float(v) for v in y]
    c = [0] * len(labels)
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        changed = False
        for i, yi in enumerate(labels):
            f = float(np.dot(np.multiply(c, labels), G[:, i]))
            if yi * f <= 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


# ----------------------------------------------------------------------------------
# Exercise 10: kernel_predict
# ----------------------------------------------------------------------------------


@wrong(KPR, "np.sign", "tie", "zero")
def h2_kpred_np_sign(X_train, y_train, counts, kernel, X_new):
    return np.sign((counts * y_train) @ kernel(X_train, X_new))


@wrong(KPR, ">= 0", "tie", "boundary")
def h2_kpred_strict(X_train, y_train, counts, kernel, X_new):
    f = (np.asarray(counts) * y_train) @ kernel(X_train, X_new)
    return np.where(f > 0, 1, -1)


@wrong(KPR, "label", "y_j")
def h2_kpred_no_label(X_train, y_train, counts, kernel, X_new):
    f = np.asarray(counts, dtype=float) @ kernel(X_train, X_new)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "count", "c_j")
def h2_kpred_no_counts(X_train, y_train, counts, kernel, X_new):
    f = np.asarray(y_train, dtype=float) @ kernel(X_train, X_new)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "axis", "shape", "transpose")
def h2_kpred_wrong_axis(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    f = (K * (np.asarray(counts) * y_train)[:, None]).sum(axis=1)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "X_train", "training")
def h2_kpred_new_points_as_train(X_train, y_train, counts, kernel, X_new):
    labels = []
    for x in X_new:
        f = 0.0
        for j in range(len(y_train)):
            # meant X_train[j]
            f += counts[j] * y_train[j] * kernel(x[None, :], x[None, :])[0, 0]
        labels.append(1 if f >= 0 else -1)
    return labels


@correct(KPR)
def h2_kpred_vectorised(X_train, y_train, counts, kernel, X_new):
    f = (np.asarray(counts) * np.asarray(y_train)) @ kernel(X_train, X_new)
    return np.where(f >= 0, 1, -1)


@correct(KPR)
def h2_kpred_support_only(X_train, y_train, counts, kernel, X_new):
    counts = np.asarray(counts)
    keep = counts > 0
    out = []
    for r in range(len(X_new)):
        if not keep.any():
            out.append(1.0)
            continue
        k = kernel(np.asarray(X_train)[keep], X_new[r : r + 1])[:, 0]
        f = float(np.sum(counts[keep] * np.asarray(y_train)[keep] * k))
        out.append(1.0 if f >= 0 else -1.0)
    return out


# ----------------------------------------------------------------------------------
# Exercise 11: select_model
# ----------------------------------------------------------------------------------


@wrong(MS, "pipeline", "inside", "leak")
def h2_select_scales_outside(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    pipe = Pipeline([("clf", Perceptron(random_state=0))])
    search = GridSearchCV(pipe, {"clf__penalty": [None, "l2"], "clf__alpha": [1e-4]}, cv=5)
    return search.fit(X_scaled, y_train)


@wrong(MS, "fold", "3", "cv")
def h2_select_two_folds(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    search = GridSearchCV(pipe, {"logisticregression__C": [0.1, 1.0, 10.0]}, cv=2)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "two", "settings", "grid")
def h2_select_one_setting(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [1.0]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "search", "return", "GridSearchCV")
def h2_select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [0.01, 1.0, 100.0]}, cv=5)
    search.fit(X_train, y_train)
    return search.best_estimator_


@wrong(MS, "fit")
def h2_select_not_fitted(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    return GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)


@wrong(MS, "penalty", "alpha", "same")
def h2_select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    search = GridSearchCV(pipe, {"clf__alpha": [1e-5, 1e-4, 1e-3, 1e-2]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "scal", "StandardScaler")
def h2_select_no_scaler(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline

    pipe = Pipeline([("clf", Perceptron(random_state=0))])
    search = GridSearchCV(pipe, {"clf__penalty": [None, "l2"], "clf__alpha": [1e-4]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "refit", "fitted")
def h2_select_refit_false(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5, refit=False)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "cross", "all", "training rows")
def h2_select_on_a_split(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV, train_test_split
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_fit, _, y_fit, _ = train_test_split(
        X_train, y_train, test_size=0.3, stratify=y_train, random_state=0
    )
    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=3)
    search.fit(X_fit, y_fit)
    return search


@correct(MS)
def h2_select_logistic_c_grid(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=5000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.01, 0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_train, y_train)
    return search


@correct(MS)
def h2_select_perceptron_stratified(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), Perceptron(random_state=0))
    grid = {
        "perceptron__penalty": ["l2", "l1"],
        "perceptron__alpha": [1e-4, 1e-3],
    }
    cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
    return GridSearchCV(pipe, grid, cv=cv, scoring="balanced_accuracy").fit(
        X_train, y_train
    )


@correct(MS)
def h2_select_between_models(X_train, y_train):
    from sklearn.impute import SimpleImputer
    from sklearn.linear_model import LogisticRegression, Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipe = Pipeline(
        [
            ("impute", SimpleImputer(strategy="median")),
            ("scale", MinMaxScaler()),
            ("clf", LogisticRegression(max_iter=5000)),
        ]
    )
    grid = [
        {"clf": [LogisticRegression(max_iter=5000)], "clf__C": [1.0, 10.0]},
        {"clf": [Perceptron(random_state=0)], "clf__penalty": [None]},
    ]
    search = GridSearchCV(pipe, grid, cv=3, scoring="accuracy")
    search.fit(X_train, y_train)
    return search
