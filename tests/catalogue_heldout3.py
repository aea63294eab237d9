"""A third held-out catalogue of learner solutions to the 11 exercises of the module.

Every solution here was written from the exercise statements alone (the markdown and the
stubs of the notebooks in ``jupyter/exercises``), without looking at the self-checks or
at the other catalogues: ``WRONG`` holds realistic buggy solutions, each with a few words
a teacher would use to name the bug, and ``CORRECT`` holds correct solutions in unusual
but legitimate styles.
"""

import math
import warnings

import numpy as np

from catalogue_kit import registry
from perclab import checks

WRONG, CORRECT, wrong, correct = registry()


P = checks.check_predict_labels
M = checks.check_is_mistake
U = checks.check_one_update
T = checks.check_train_until_clean
A = checks.check_absorb_bias
TA = checks.check_train_absorbed
R = checks.check_radius
MG = checks.check_margin
B = checks.check_mistake_bound
PS = checks.check_proof_steps
PL = checks.check_perceptron_loss
PG = checks.check_perceptron_gradient
LL = checks.check_logistic_loss
LG = checks.check_logistic_gradient
GD = checks.check_gradient_descent
PK = checks.check_pocket
KP = checks.check_kernel_perceptron
KPR = checks.check_kernel_predict
MS = checks.check_model_selection


# ---------------------------------------------------------------------------
# Exercise 1: predict_labels
# ---------------------------------------------------------------------------


@wrong(P, "np.sign", "tie", ">= 0")
def h3_predict_np_sign(X, w, b):
    return np.sign(np.asarray(X) @ np.asarray(w) + b)


@wrong(P, ">= 0", "tie", "boundary")
def h3_predict_strict_positive(X, w, b):
    scores = X @ w + b
    return np.where(scores > 0, 1, -1)


@wrong(P, "bias")
def h3_predict_forgets_bias(X, w, b):
    labels = []
    for row in X:
        labels.append(1 if np.dot(row, w) >= 0 else -1)
    return labels


@wrong(P, "-1", "labels", "0 and 1")
def h3_predict_zero_one_labels(X, w, b):
    return (X @ w + b >= 0).astype(int)


@wrong(P, "swapped", "reversed", "sign")
def h3_predict_labels_swapped(X, w, b):
    return [-1 if float(x @ w + b) >= 0 else 1 for x in X]


@correct(P)
def h3_predict_arith_from_bool(X, w, b):
    s = np.asarray(X, dtype=float) @ np.asarray(w, dtype=float) + float(b)
    return 2 * (s >= 0) - 1


@correct(P)
def h3_predict_loop_math(X, w, b):
    out = []
    for i in range(len(X)):
        total = float(b)
        for j in range(len(w)):
            total += float(X[i][j]) * float(w[j])
        out.append(1.0 if total >= 0.0 else -1.0)
    return out


@correct(P)
def h3_predict_sign_patched(X, w, b):
    s = X @ w + b
    return np.sign(s) + (s == 0)


# ---------------------------------------------------------------------------
# Exercise 1: is_mistake
# ---------------------------------------------------------------------------


@wrong(M, "<= 0", "tie")
def h3_mistake_strict(x, y, w, b):
    return y * (w @ x + b) < 0


@wrong(M, "bias")
def h3_mistake_forgets_bias(x, y, w, b):
    return bool(y * np.dot(w, x) <= 0)


@wrong(M, "label")
def h3_mistake_forgets_label(x, y, w, b):
    return w @ x + b <= 0


@wrong(M, "<= 0", "tie", "prediction")
def h3_mistake_via_prediction(x, y, w, b):
    predicted = 1 if w @ x + b >= 0 else -1
    return predicted != y


@wrong(M, "bias", "parenthes", "bracket")
def h3_mistake_bias_outside(x, y, w, b):
    return y * (w @ x) + b <= 0


@wrong(M, "True", "bool", "return")
def h3_mistake_returns_score(x, y, w, b):
    return y * (w @ x + b)


@correct(M)
def h3_mistake_not_positive(x, y, w, b):
    m = float(y) * (float(np.dot(w, x)) + float(b))
    return not (m > 0.0)


@correct(M)
def h3_mistake_int_flag(x, y, w, b):
    score = b
    for xi, wi in zip(x, w):
        score = score + xi * wi
    return 1 if y * score <= 0 else 0


# ---------------------------------------------------------------------------
# Exercise 2: one_update
# ---------------------------------------------------------------------------


@wrong(U, "bias", "b +")
def h3_update_forgets_bias(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b
    return w, b


@wrong(U, "in place", "copy", "argument")
def h3_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "<= 0", "first update", "zero")
def h3_update_strict(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) < 0:
        w = w + lr * y * x
        b = b + lr * y
    return (w, b)


@wrong(U, "lr", "learning rate")
def h3_update_forgets_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return [w + y * x, b + y]
    return [w.copy(), b]


@wrong(U, "label", "sign")
def h3_update_forgets_label(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * x, b + lr
    return w, b


@wrong(U, "mistake", "condition", "only")
def h3_update_always(w, b, x, y, lr=1.0):
    w_new = np.array(w, dtype=float) + lr * y * np.asarray(x, dtype=float)
    return w_new, b + lr * y


@wrong(U, "sign", "add")
def h3_update_subtracts(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w - lr * y * x, b - lr * y
    return w, b


@wrong(U, "order")
def h3_update_returns_b_first(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w, b = w + lr * y * x, b + lr * y
    return b, w


@wrong(U, "bias", "score")
def h3_update_test_without_bias(w, b, x, y, lr=1.0):
    if y * (w @ x) <= 0:
        return w + lr * y * x, b + lr * y
    return w, b


@correct(U)
def h3_update_lists(w, b, x, y, lr=1.0):
    score = sum(float(wi) * float(xi) for wi, xi in zip(w, x)) + b
    if y * score > 0:
        return [float(v) for v in w], b
    return [float(wi) + lr * y * float(xi) for wi, xi in zip(w, x)], b + lr * y


@correct(U)
def h3_update_copy_then_inplace(w, b, x, y, lr=1.0):
    w_new = np.array(w, dtype=float, copy=True)
    b_new = float(b)
    if not y * (w_new @ x + b_new) > 0:
        w_new += lr * y * x
        b_new += lr * y
    return w_new, b_new


# ---------------------------------------------------------------------------
# Exercise 3: train_until_clean
# ---------------------------------------------------------------------------


@wrong(T, "whole sweep", "sweep", "clean")
def h3_train_stops_on_last_point(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for epoch in range(1, max_epochs + 1):
        epochs = epoch
        last_ok = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b = b + yi
                n_updates += 1
                last_ok = False
            else:
                last_ok = True
        if last_ok:
            break
    return w, b, n_updates, epochs


@wrong(T, "final", "clean sweep", "epochs")
def h3_train_epochs_miss_clean_one(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b += y[i]
                n_updates += 1
                changed = True
        if not changed:
            break
        epochs += 1
    return w, b, n_updates, epochs


@wrong(T, "<= 0", "zero")
def h3_train_strict(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        made = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) < 0:
                w, b = w + yi * xi, b + yi
                made += 1
        n_updates += made
        if made == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "bias")
def h3_train_forgets_bias(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        made = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                made += 1
        n_updates += made
        if made == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "reset", "total", "count")
def h3_train_counter_reset_each_epoch(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        n_updates = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b = b + yi
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "max_epochs", "off-by-one", "range")
def h3_train_range_off_by_one(X, y, max_epochs=100):
    w, b, n_updates, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    for epoch in range(1, max_epochs):
        epochs = epoch
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
                clean = False
        if clean:
            break
    return w, b, n_updates, epochs


@wrong(T, "order")
def h3_train_returns_wrong_order(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
                clean = False
        if clean:
            break
    return w, b, epoch, n_updates


@wrong(T, "integer", "int", "float")
def h3_train_integer_weights(X, y, max_epochs=100):
    w = np.zeros(X.shape[1], dtype=int)
    b, n_updates = 0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w[:] = w + yi * xi
                b = b + int(yi)
                n_updates += 1
                clean = False
        if clean:
            break
    return w, b, n_updates, epoch


@wrong(T, "stale", "current", "one at a time")
def h3_train_stale_mistakes(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        mistakes = np.flatnonzero(y * (X @ w + b) <= 0)
        if len(mistakes) == 0:
            break
        for i in mistakes:
            w = w + y[i] * X[i]
            b = b + y[i]
            n_updates += 1
    return w, b, n_updates, epoch


@wrong(T, "stop", "clean sweep")
def h3_train_never_stops(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(max_epochs):
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
    return w, b, n_updates, max_epochs


@correct(T)
def h3_train_while_lists(X, y, max_epochs=100):
    d = len(X[0])
    w = [0.0] * d
    b = 0.0
    n_updates = 0
    epochs = 0
    done = False
    while not done and epochs < max_epochs:
        epochs += 1
        done = True
        for xi, yi in zip(X.tolist(), list(y)):
            score = sum(a * c for a, c in zip(w, xi)) + b
            if yi * score <= 0:
                w = [a + yi * c for a, c in zip(w, xi)]
                b += yi
                n_updates += 1
                done = False
    return [w, b, n_updates, epochs]


@correct(T)
def h3_train_via_is_mistake_helper(X, y, max_epochs=100):
    def mistake(w, b, x, label):
        return label * (np.dot(w, x) + b) <= 0

    w = np.zeros(X.shape[1])
    b = 0.0
    total = 0
    for epoch in range(1, max_epochs + 1):
        before = total
        for i in range(X.shape[0]):
            if mistake(w, b, X[i], y[i]):
                w = w + y[i] * X[i]
                b = b + y[i]
                total += 1
        if total == before:
            return w, b, total, epoch
    return w, b, total, max_epochs


# ---------------------------------------------------------------------------
# Exercise 4: absorb_bias
# ---------------------------------------------------------------------------


@wrong(A, "last", "first column", "order")
def h3_absorb_prepends(X):
    return np.hstack([np.ones((X.shape[0], 1)), X])


@wrong(A, "ones", "1")
def h3_absorb_zeros(X):
    return np.column_stack([X, np.zeros(len(X))])


@wrong(A, "column", "row", "axis")
def h3_absorb_appends_row(X):
    return np.vstack([X, np.ones((1, X.shape[1]))])


@wrong(A, "append", "replace", "shape")
def h3_absorb_overwrites_last_column(X):
    Z = np.array(X, dtype=float)
    Z[:, -1] = 1.0
    return Z


@correct(A)
def h3_absorb_pad(X):
    return np.pad(np.asarray(X, dtype=float), ((0, 0), (0, 1)), constant_values=1.0)


@correct(A)
def h3_absorb_rows_list(X):
    return np.array([list(row) + [1] for row in np.asarray(X).tolist()])


@correct(A)
def h3_absorb_insert(X):
    return np.insert(X, X.shape[1], 1, axis=1)


# ---------------------------------------------------------------------------
# Exercise 4: train_absorbed
# ---------------------------------------------------------------------------


def _h3_train_no_bias(Z, y, max_epochs):
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


@wrong(TA, "split", "last", "order")
def h3_absorbed_split_wrong_end(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    wt = _h3_train_no_bias(Z, y, max_epochs)
    return wt[1:], wt[0]


@wrong(TA, "fit_bias", "bias")
def h3_absorbed_keeps_fit_bias(X, y, max_epochs=100):
    import perclab

    Z = perclab.absorb_bias(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(Z, y, max_epochs=max_epochs)
    return run.w[:-1], run.w[-1]


@wrong(TA, "order")
def h3_absorbed_returns_b_first(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((X.shape[0], 1))])
    wt = _h3_train_no_bias(Z, y, max_epochs)
    return wt[-1], wt[:-1]


@wrong(TA, "ones", "bias")
def h3_absorbed_zero_column(X, y, max_epochs=100):
    Z = np.hstack([X, np.zeros((X.shape[0], 1))])
    wt = _h3_train_no_bias(Z, y, max_epochs)
    return wt[:-1], wt[-1]


@wrong(TA, "max_epochs")
def h3_absorbed_ignores_max_epochs(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((X.shape[0], 1))])
    wt = _h3_train_no_bias(Z, y, 5)
    return wt[:-1], wt[-1]


@wrong(TA, "split", "last", "length")
def h3_absorbed_returns_whole_vector(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((X.shape[0], 1))])
    wt = _h3_train_no_bias(Z, y, max_epochs)
    return wt, wt[-1]


@correct(TA)
def h3_absorbed_ones_first(X, y, max_epochs=100):
    Z = np.hstack([np.ones((X.shape[0], 1)), X])
    wt = _h3_train_no_bias(Z, y, max_epochs)
    return list(wt[1:]), float(wt[0])


@correct(TA)
def h3_absorbed_perclab(X, y, max_epochs=100):
    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        run = perclab.train(
            perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs
        )
    *w, b = run.w
    return np.array(w), b


# ---------------------------------------------------------------------------
# Exercise 5: radius
# ---------------------------------------------------------------------------


@wrong(R, "origin", "centre", "mean")
def h3_radius_centred(X, fit_bias=False):
    Z = np.hstack([X, np.ones((len(X), 1))]) if fit_bias else np.asarray(X, float)
    return np.max(np.linalg.norm(Z - Z.mean(axis=0), axis=1))


@wrong(R, "sqrt", "square")
def h3_radius_no_sqrt(X, fit_bias=False):
    sq = np.sum(np.asarray(X, float) ** 2, axis=1)
    if fit_bias:
        sq = sq + 1
    return sq.max()


@wrong(R, "fit_bias", "absorb")
def h3_radius_ignores_fit_bias(X, fit_bias=False):
    return max(np.linalg.norm(row) for row in X)


@wrong(R, "axis", "row")
def h3_radius_wrong_axis(X, fit_bias=False):
    Z = np.hstack([X, np.ones((len(X), 1))]) if fit_bias else X
    return np.linalg.norm(Z, axis=0).max()


@wrong(R, "absorb", "sqrt", "(x_i, 1)")
def h3_radius_adds_one(X, fit_bias=False):
    r = np.linalg.norm(X, axis=1).max()
    return r + 1 if fit_bias else r


@wrong(R, "max", "mean")
def h3_radius_mean_norm(X, fit_bias=False):
    Z = np.hstack([X, np.ones((len(X), 1))]) if fit_bias else X
    return np.linalg.norm(Z, axis=1).mean()


@correct(R)
def h3_radius_math_loop(X, fit_bias=False):
    best = 0.0
    for row in np.asarray(X).tolist():
        s = sum(v * v for v in row) + (1.0 if fit_bias else 0.0)
        best = max(best, math.sqrt(s))
    return best


@correct(R)
def h3_radius_norm_of_max_square(X, fit_bias=False):
    sq = np.einsum("ij,ij->i", X, X).astype(float) + float(bool(fit_bias))
    return float(np.sqrt(sq.max()))


# ---------------------------------------------------------------------------
# Exercise 5: margin
# ---------------------------------------------------------------------------


@wrong(MG, "norm", "divide", "scale")
def h3_margin_functional(X, y, w, b=0.0):
    return np.min(y * (X @ w + b))


@wrong(MG, "abs", "sign", "negative")
def h3_margin_abs(X, y, w, b=0.0):
    return np.min(np.abs(y * (X @ w + b))) / np.linalg.norm(w)


@wrong(MG, "min", "max")
def h3_margin_max(X, y, w, b=0.0):
    return np.max(y * (X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "norm", "bias", "||w||")
def h3_margin_divides_by_wb_norm(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.sqrt(w @ w + b * b)


@wrong(MG, "label")
def h3_margin_forgets_label(X, y, w, b=0.0):
    return min((x @ w + b) / np.linalg.norm(w) for x in X)


@wrong(MG, "bias")
def h3_margin_forgets_bias(X, y, w, b=0.0):
    return np.min(y * (X @ w)) / np.linalg.norm(w)


@wrong(MG, "sqrt", "norm", "square")
def h3_margin_squared_norm(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.dot(w, w)


@correct(MG)
def h3_margin_normalise_first(X, y, w, b=0.0):
    n = math.sqrt(sum(float(v) ** 2 for v in w))
    u, c = np.asarray(w, float) / n, float(b) / n
    return float(min(yi * (xi @ u + c) for xi, yi in zip(np.asarray(X, float), y)))


@correct(MG)
def h3_margin_hypot(X, y, w, b=0.0):
    scores = np.asarray(y, float) * (np.asarray(X, float) @ w + b)
    return scores.min() / np.hypot.reduce(np.asarray(w, float))


# ---------------------------------------------------------------------------
# Exercise 5: mistake_bound
# ---------------------------------------------------------------------------


@wrong(B, "absorb", "(x_i, 1)", "radius")
def h3_bound_radius_not_absorbed(X, y, w, b):
    R_ = np.linalg.norm(X, axis=1).max()
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_**2 / gamma**2


@wrong(B, "(w, b)", "norm", "bias")
def h3_bound_gamma_over_w_only(X, y, w, b):
    R_ = np.sqrt((np.sum(X**2, axis=1) + 1).max())
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return R_**2 / gamma**2


@wrong(B, "square", "^2")
def h3_bound_not_squared(X, y, w, b):
    R_ = np.sqrt((np.sum(X**2, axis=1) + 1).max())
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_ / gamma


@wrong(B, "invert", "R^2", "ratio")
def h3_bound_inverted(X, y, w, b):
    R_ = np.sqrt((np.sum(X**2, axis=1) + 1).max())
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return gamma**2 / R_**2


@wrong(B, "min", "max")
def h3_bound_gamma_max(X, y, w, b):
    R_ = np.sqrt((np.sum(X**2, axis=1) + 1).max())
    gamma = np.max(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_**2 / gamma**2


@wrong(B, "square", "gamma^2", "gamma")
def h3_bound_gamma_not_squared(X, y, w, b):
    R_ = np.sqrt((np.sum(X**2, axis=1) + 1).max())
    gamma = np.min(y * (X @ w + b)) / np.sqrt(w @ w + b**2)
    return R_**2 / gamma


@correct(B)
def h3_bound_absorbed_space(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    v = np.append(np.asarray(w, float), b)
    R2 = max(float(z @ z) for z in Z)
    gamma = min(float(yi * (z @ v)) for z, yi in zip(Z, y)) / math.sqrt(v @ v)
    return R2 / gamma**2


@correct(B)
def h3_bound_one_formula(X, y, w, b):
    # R^2 ||(w, b)||^2 / min_i (y_i (w x_i + b))^2, the same ratio without the roots
    m = np.min(y * (X @ w + b))
    return np.max(np.sum(np.square(X), axis=1) + 1) * (np.dot(w, w) + b * b) / (m * m)


# ---------------------------------------------------------------------------
# Exercise 6: proof_steps
# ---------------------------------------------------------------------------


@wrong(PS, "difference", "previous", "w_{k-1}")
def h3_proof_no_differences(W, w_star):
    W = np.asarray(W, float)
    return W[1:] @ w_star, np.sum(W[1:] ** 2, axis=1)


@wrong(PS, "square", "norm")
def h3_proof_norm_not_squared(W, w_star):
    norms = np.linalg.norm(W, axis=1)
    return np.diff(W @ w_star), np.diff(norms)


@wrong(PS, "difference", "squared")
def h3_proof_norm_of_difference(W, w_star):
    steps = np.diff(np.asarray(W, float), axis=0)
    return steps @ w_star, np.sum(steps**2, axis=1)


@wrong(PS, "sign", "order", "previous")
def h3_proof_reversed_difference(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W)):
        gains.append(W[k - 1] @ w_star - W[k] @ w_star)
        growths.append(W[k - 1] @ W[k - 1] - W[k] @ W[k])
    return gains, growths


@wrong(PS, "order")
def h3_proof_returns_swapped(W, w_star):
    proj = W @ w_star
    sq = np.einsum("ij,ij->i", W, W)
    return sq[1:] - sq[:-1], proj[1:] - proj[:-1]


@wrong(PS, "last", "off-by-one", "range")
def h3_proof_skips_last(W, w_star):
    gains = [W[k] @ w_star - W[k - 1] @ w_star for k in range(1, len(W) - 1)]
    growths = [W[k] @ W[k] - W[k - 1] @ W[k - 1] for k in range(1, len(W) - 1)]
    return gains, growths


@correct(PS)
def h3_proof_loop_lists(W, w_star):
    gains, growths = [], []
    prev = None
    for row in np.asarray(W, dtype=float):
        if prev is not None:
            gains.append(float(np.dot(row - prev, w_star)))
            growths.append(float(np.dot(row, row) - np.dot(prev, prev)))
        prev = row
    return gains, growths


@correct(PS)
def h3_proof_expanded_identity(W, w_star):
    W = np.asarray(W, float)
    prev, new = W[:-1], W[1:]
    delta = new - prev
    growths = 2 * np.sum(prev * delta, axis=1) + np.sum(delta * delta, axis=1)
    return tuple([delta @ np.asarray(w_star, float), growths])


# ---------------------------------------------------------------------------
# Exercise 7: perceptron_loss
# ---------------------------------------------------------------------------


@wrong(PL, "mean", "1/n", "average")
def h3_ploss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(PL, "sign", "minus", "-y")
def h3_ploss_wrong_sign(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


@wrong(PL, "max", "np.maximum", "0")
def h3_ploss_no_max(w, X, y):
    return np.mean(-y * (X @ w))


@wrong(PL, "count", "distance", "score")
def h3_ploss_counts_mistakes(w, X, y):
    return np.mean(y * (X @ w) <= 0)


@wrong(PL, "norm", "scale")
def h3_ploss_divided_by_norm(w, X, y):
    nrm = np.linalg.norm(w)
    if nrm == 0:
        return 0.0
    return np.mean(np.maximum(0, -y * (X @ w))) / nrm


@wrong(PL, "np.maximum", "each", "term")
def h3_ploss_max_of_sum(w, X, y):
    return max(0.0, float(np.sum(-y * (X @ w)))) / len(y)


@correct(PL)
def h3_ploss_loop(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        m = -float(yi) * float(np.dot(w, xi))
        if m > 0:
            total += m
    return total / len(X)


@correct(PL)
def h3_ploss_relu_via_abs(w, X, y):
    m = -np.asarray(y, float) * (np.asarray(X, float) @ np.asarray(w, float))
    return float(np.mean((m + np.abs(m)) / 2))


# ---------------------------------------------------------------------------
# Exercise 7: perceptron_gradient
# ---------------------------------------------------------------------------


@wrong(PG, "<= 0", "tie")
def h3_pgrad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(y[mask] @ X[mask]) / len(y)


@wrong(PG, "mean", "1/n")
def h3_pgrad_sum(w, X, y):
    mask = y * (X @ w) <= 0
    return -(y[mask] @ X[mask])


@wrong(PG, "sign", "minus")
def h3_pgrad_wrong_sign(w, X, y):
    mask = y * (X @ w) <= 0
    return (y[mask] @ X[mask]) / len(y)


@wrong(PG, "1/n", "number of samples", "mean")
def h3_pgrad_mean_over_mistakes(w, X, y):
    mask = y * (X @ w) <= 0
    if not mask.any():
        return np.zeros_like(w, dtype=float)
    return np.mean(-y[mask, None] * X[mask], axis=0)


@wrong(PG, "mistake", "only")
def h3_pgrad_all_points(w, X, y):
    return -(y @ X) / len(y)


@wrong(PG, "label")
def h3_pgrad_forgets_label(w, X, y):
    mask = y * (X @ w) <= 0
    return -X[mask].sum(axis=0) / len(y)


@wrong(PG, "axis", "shape")
def h3_pgrad_wrong_axis(w, X, y):
    mask = (y * (X @ w) <= 0).astype(float)
    return -np.mean((mask * y)[:, None] * X, axis=1)


@correct(PG)
def h3_pgrad_loop(w, X, y):
    g = [0.0] * len(w)
    n = len(y)
    for i in range(n):
        if y[i] * sum(w[j] * X[i][j] for j in range(len(w))) <= 0:
            for j in range(len(w)):
                g[j] -= y[i] * X[i][j] / n
    return np.array(g)


@correct(PG)
def h3_pgrad_where(w, X, y):
    X = np.asarray(X, float)
    coef = np.where(y * (X @ w) <= 0, -np.asarray(y, float), 0.0)
    return X.T @ coef / X.shape[0]


# ---------------------------------------------------------------------------
# Exercise 8: logistic_loss
# ---------------------------------------------------------------------------


@wrong(LL, "mean", "1/n")
def h3_lloss_sum(w, X, y):
    return np.sum(np.logaddexp(0, -y * (X @ w)))


@wrong(LL, "natural", "ln", "log10")
def h3_lloss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


@wrong(LL, "sign", "minus")
def h3_lloss_missing_minus(w, X, y):
    return np.mean(np.log(1 + np.exp(y * (X @ w))))


@wrong(LL, "label")
def h3_lloss_forgets_label(w, X, y):
    return np.mean(np.log1p(np.exp(-(X @ w))))


@wrong(LL, "negative", "sign", "minus")
def h3_lloss_log_likelihood_not_negated(w, X, y):
    sig = 1 / (1 + np.exp(-y * (X @ w)))
    return np.mean(np.log(sig))


@wrong(LL, "mean", "log", "order")
def h3_lloss_log_of_mean(w, X, y):
    return float(np.log(np.mean(1 + np.exp(-y * (X @ w)))))


@correct(LL)
def h3_lloss_logaddexp(w, X, y):
    return float(np.logaddexp(0.0, -np.asarray(y, float) * (X @ w)).mean())


@correct(LL)
def h3_lloss_math_stable_loop(w, X, y):
    total = 0.0
    for xi, yi in zip(np.asarray(X, float), y):
        m = float(yi) * float(np.dot(w, xi))
        if m > 0:
            total += math.log1p(math.exp(-m))
        else:
            total += -m + math.log1p(math.exp(m))
    return total / len(y)


@correct(LL)
def h3_lloss_minus_log_sigmoid(w, X, y):
    m = y * (X @ w)
    return -np.mean(np.log(1.0 / (1.0 + np.exp(-m))))


# ---------------------------------------------------------------------------
# Exercise 8: logistic_gradient
# ---------------------------------------------------------------------------


def _h3_sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


@wrong(LG, "sign", "-y")
def h3_lgrad_sigma_of_plus_margin(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h3_sigmoid(m))) / len(y)


@wrong(LG, "sign", "minus")
def h3_lgrad_missing_minus(w, X, y):
    m = y * (X @ w)
    return (X.T @ (y * _h3_sigmoid(-m))) / len(y)


@wrong(LG, "mean", "1/n")
def h3_lgrad_sum(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h3_sigmoid(-m)))


@wrong(LG, "label")
def h3_lgrad_forgets_outer_label(w, X, y):
    m = y * (X @ w)
    return -(X.T @ _h3_sigmoid(-m)) / len(y)


@wrong(LG, "axis", "shape")
def h3_lgrad_wrong_axis(w, X, y):
    coef = y * _h3_sigmoid(-y * (X @ w))
    return -np.mean(coef[:, None] * X, axis=1)


@wrong(LG, "sigma", "derivative")
def h3_lgrad_sigmoid_derivative(w, X, y):
    s = _h3_sigmoid(-y * (X @ w))
    return -(X.T @ (y * s * (1 - s))) / len(y)


@wrong(LG, "label", "y_i")
def h3_lgrad_sigma_without_label(w, X, y):
    s = _h3_sigmoid(-(X @ w))
    return -(X.T @ (y * s)) / len(y)


@correct(LG)
def h3_lgrad_loop(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        m = float(yi * np.dot(w, xi))
        if m > 0:
            e = math.exp(-m)
            s = e / (1.0 + e)
        else:
            s = 1.0 / (1.0 + math.exp(m))
        g += -yi * xi * s
    return g / len(y)


@correct(LG)
def h3_lgrad_tanh_form(w, X, y):
    # sigma(-m) = (1 - tanh(m / 2)) / 2, which never overflows
    m = np.asarray(y, float) * (np.asarray(X, float) @ w)
    s = 0.5 * (1.0 - np.tanh(m / 2.0))
    return -np.mean((y * s)[:, None] * X, axis=0)


# ---------------------------------------------------------------------------
# Exercise 8: gradient_descent
# ---------------------------------------------------------------------------


@wrong(GD, "minus", "sign", "descent")
def h3_gd_ascent(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(GD, "n_steps", "off-by-one", "steps")
def h3_gd_one_step_short(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(1, n_steps):
        w = w - lr * gradient(w)
    return w


@wrong(GD, "n_steps", "stop", "early")
def h3_gd_stops_when_gradient_small(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        g = gradient(w)
        if np.linalg.norm(g) < 1e-2:
            break
        w = w - lr * g
    return w


@wrong(GD, "lr", "learning rate")
def h3_gd_forgets_lr(gradient, w0, lr, n_steps):
    w = np.copy(w0)
    for _ in range(n_steps):
        w = w - gradient(w)
    return w


@wrong(GD, "final", "return", "history")
def h3_gd_returns_history(gradient, w0, lr, n_steps):
    path = [np.array(w0, float)]
    for _ in range(n_steps):
        path.append(path[-1] - lr * gradient(path[-1]))
    return path


@wrong(GD, "recompute", "current", "gradient(w)")
def h3_gd_fixed_gradient(gradient, w0, lr, n_steps):
    g0 = gradient(w0)
    w = np.array(w0, float)
    for _ in range(n_steps):
        w = w - lr * g0
    return w


@wrong(GD, "n_steps", "off-by-one")
def h3_gd_one_step_too_many(gradient, w0, lr, n_steps):
    w = np.array(w0, float)
    k = 0
    while k <= n_steps:
        w = w - lr * gradient(w)
        k += 1
    return w


@correct(GD)
def h3_gd_while(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float, copy=True)
    remaining = int(n_steps)
    while remaining > 0:
        step = np.asarray(gradient(w), dtype=float)
        w = w - lr * step
        remaining -= 1
    return w


@correct(GD)
def h3_gd_recursive_copy_inplace(gradient, w0, lr, n_steps):
    w = w0.astype(float)  # astype copies
    for _ in range(n_steps):
        w -= lr * np.asarray(gradient(w.copy()))
    return w


# ---------------------------------------------------------------------------
# Exercise 9: pocket
# ---------------------------------------------------------------------------


def _h3_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


@wrong(PK, "copy", "alias", "reference")
def h3_pocket_alias(X, y, max_epochs=50):
    w = np.zeros(X.shape[1])
    b = 0.0
    best_w, best_b, best_err = w, b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                clean = False
                err = _h3_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w, b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "strictly", "fewer", "<")
def h3_pocket_ties_replace(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, len(y))
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h3_errors(X, y, w, b)
                if err <= best[2]:
                    best = (w.copy(), b, err)
        if clean:
            break
    return best


@wrong(PK, "pocket", "last", "best")
def h3_pocket_returns_last(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_err = len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                best_err = min(best_err, _h3_errors(X, y, w, b))
        if clean:
            break
    return w, b, best_err


@wrong(PK, "<= 0", "tie")
def h3_pocket_strict_error_count(X, y, max_epochs=50):
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


@wrong(PK, "initial", "start")
def h3_pocket_initial_count_zero(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, 0
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h3_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "every update", "epoch", "after each")
def h3_pocket_checks_per_epoch(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
        err = _h3_errors(X, y, w, b)
        if err < best_err:
            best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "errors", "count", "correct")
def h3_pocket_returns_correct_count(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h3_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, len(y) - best_err


@wrong(PK, "bias")
def h3_pocket_count_without_bias(X, y, max_epochs=50):
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
def h3_pocket_while_lists(X, y, max_epochs=50):
    Xl = np.asarray(X, float).tolist()
    yl = [float(v) for v in y]
    d = len(Xl[0])

    def errors(w, b):
        return sum(
            1 for x, t in zip(Xl, yl) if t * (sum(a * c for a, c in zip(w, x)) + b) <= 0
        )

    w, b = [0.0] * d, 0.0
    pocket = [list(w), b, len(yl)]
    epoch, clean = 0, False
    while epoch < max_epochs and not clean:
        epoch += 1
        clean = True
        for x, t in zip(Xl, yl):
            if t * (sum(a * c for a, c in zip(w, x)) + b) <= 0:
                w = [a + t * c for a, c in zip(w, x)]
                b += t
                clean = False
                e = errors(w, b)
                if e < pocket[2]:
                    pocket = [list(w), b, e]
    return pocket


@correct(PK)
def h3_pocket_inplace_with_copies(X, y, max_epochs=50):
    w = np.zeros(X.shape[1])
    b = 0.0
    w_p, b_p, e_p = np.copy(w), b, X.shape[0]
    for _ in range(max_epochs):
        n_up = 0
        for i in range(X.shape[0]):
            if y[i] * (np.dot(w, X[i]) + b) <= 0:
                w += y[i] * X[i]
                b += y[i]
                n_up += 1
                e = np.count_nonzero(y * (X @ w + b) <= 0)
                if e < e_p:
                    w_p, b_p, e_p = np.copy(w), b, e
        if n_up == 0:
            break
    return w_p, b_p, e_p


# ---------------------------------------------------------------------------
# Exercise 10: kernel_perceptron
# ---------------------------------------------------------------------------


@wrong(KP, "<= 0", "tie", "zero")
def h3_kp_strict(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            f = np.sum(c * y * K[:, i])
            if y[i] * f < 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "label", "y_j")
def h3_kp_forgets_label(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            f = c @ K[:, i]
            if y[i] * f <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "kernel", "argument", "inner product")
def h3_kp_ignores_kernel(X, y, kernel, max_epochs=100):
    K = X @ X.T
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "counts", "sign", "label")
def h3_kp_signed_counts(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    alpha = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * (alpha @ K[:, i]) <= 0:
                alpha[i] += y[i]
                clean = False
        if clean:
            break
    return alpha


@wrong(KP, "whole sweep", "sweep", "clean")
def h3_kp_stops_on_first_correct(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        stop = False
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] += 1
            else:
                stop = True
                break
        if stop:
            break
    return c


@wrong(KP, "reset", "accumulate")
def h3_kp_resets_each_epoch(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        c = np.zeros(len(y), dtype=int)
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "stale", "current", "one at a time")
def h3_kp_batch_scores(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        f = (c * y) @ K
        wrong_ones = y * f <= 0
        if not wrong_ones.any():
            break
        c = c + wrong_ones.astype(int)
    return c


@wrong(KP, "max_epochs", "off-by-one")
def h3_kp_one_epoch_short(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = [0] * len(y)
    for _ in range(max_epochs - 1):
        clean = True
        for i in range(len(y)):
            f = sum(c[j] * y[j] * K[j, i] for j in range(len(y)))
            if y[i] * f <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "+= 1", "add", "count")
def h3_kp_sets_count_to_one(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] = 1
                clean = False
        if clean:
            break
    return c


@correct(KP)
def h3_kp_kernel_per_pair(X, y, kernel, max_epochs=100):
    n = len(y)
    c = [0] * n
    for _ in range(max_epochs):
        updates = 0
        for i in range(n):
            f = 0.0
            for j in range(n):
                if c[j]:
                    f += c[j] * y[j] * float(kernel(X[j : j + 1], X[i : i + 1])[0, 0])
            if y[i] * f <= 0:
                c[i] += 1
                updates += 1
        if updates == 0:
            break
    return c


@correct(KP)
def h3_kp_gram_float_counts(X, y, kernel, max_epochs=100):
    G = np.asarray(kernel(X, X), dtype=float)
    y = np.asarray(y, dtype=float)
    c = np.zeros(len(y))
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        before = c.sum()
        for i in range(len(y)):
            if y[i] * ((c * y) @ G[:, i]) <= 0:
                c[i] += 1.0
        if c.sum() == before:
            break
    return c


# ---------------------------------------------------------------------------
# Exercise 10: kernel_predict
# ---------------------------------------------------------------------------


@wrong(KPR, "np.sign", "tie", ">= 0")
def h3_kpred_np_sign(X_train, y_train, counts, kernel, X_new):
    return np.sign((np.asarray(counts) * y_train) @ kernel(X_train, X_new))


@wrong(KPR, "label")
def h3_kpred_forgets_label(X_train, y_train, counts, kernel, X_new):
    f = np.asarray(counts) @ kernel(X_train, X_new)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "X_new", "new points")
def h3_kpred_scores_training_points(X_train, y_train, counts, kernel, X_new):
    f = (np.asarray(counts) * y_train) @ kernel(X_train, X_train)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, ">= 0", "tie")
def h3_kpred_strict(X_train, y_train, counts, kernel, X_new):
    f = (np.asarray(counts) * y_train) @ kernel(X_train, X_new)
    return np.where(f > 0, 1, -1)


@wrong(KPR, "count")
def h3_kpred_forgets_counts(X_train, y_train, counts, kernel, X_new):
    f = np.asarray(y_train) @ kernel(X_train, X_new)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "axis", "shape")
def h3_kpred_wrong_axis(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    f = np.sum(K * (np.asarray(counts) * y_train)[:, None], axis=1)
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "label", "sign")
def h3_kpred_returns_scores(X_train, y_train, counts, kernel, X_new):
    return (np.asarray(counts) * y_train) @ kernel(X_train, X_new)


@correct(KPR)
def h3_kpred_loop(X_train, y_train, counts, kernel, X_new):
    out = []
    for x in X_new:
        f = 0.0
        for xj, yj, cj in zip(X_train, y_train, counts):
            f += cj * yj * kernel(xj[None, :], x[None, :])[0, 0]
        out.append(1 if f >= 0 else -1)
    return out


@correct(KPR)
def h3_kpred_support_only(X_train, y_train, counts, kernel, X_new):
    counts = np.asarray(counts)
    keep = counts != 0
    if not keep.any():
        return np.ones(len(X_new), dtype=int)
    f = np.einsum(
        "j,jk->k", counts[keep] * np.asarray(y_train)[keep], kernel(X_train[keep], X_new)
    )
    return np.where(f >= 0, 1.0, -1.0)


# ---------------------------------------------------------------------------
# Exercise 11: select_model
# ---------------------------------------------------------------------------


@wrong(MS, "fold", "cv", "3")
def h3_select_two_folds(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=2)
    return search.fit(X_train, y_train)


@wrong(MS, "setting", "grid", "two")
def h3_select_single_setting(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [1.0]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "penalty", "alpha", "same model")
def h3_select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    search = GridSearchCV(pipe, {"clf__alpha": [1e-5, 1e-4, 1e-3]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "search", "return", "GridSearchCV")
def h3_select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.01, 0.1, 1.0]}, cv=5)
    search.fit(X_train, y_train)
    return search.best_estimator_


@wrong(MS, "scaler", "inside", "leak")
def h3_select_scales_outside(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    pipe = Pipeline([("clf", LogisticRegression(max_iter=1000))])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_scaled, y_train)
    return search


@wrong(MS, "test", "leak", "training")
def h3_select_fits_on_all_data(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    import perclab

    X_all, y_all = perclab.datasets.load_breast_cancer()
    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_all, y_all)
    return search


@wrong(MS, "fit")
def h3_select_forgets_fit(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    return GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)


@wrong(MS, "rows", "all", "subset")
def h3_select_fits_on_subset(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    keep = min(len(y_train), 150)  # fewer rows to make the search faster
    search.fit(X_train[:keep], y_train[:keep])
    return search


@correct(MS)
def h3_select_perceptron_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scaler", StandardScaler()), ("perceptron", Perceptron(random_state=0))]
    )
    grid = {
        "perceptron__penalty": ["l2", "l1"],
        "perceptron__alpha": [1e-4, 1e-3, 1e-2],
    }
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    return GridSearchCV(pipe, grid, cv=cv).fit(X_train, y_train)


@correct(MS)
def h3_select_logistic_balanced(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipe = make_pipeline(MinMaxScaler(), LogisticRegression(max_iter=5000))
    search = GridSearchCV(
        pipe,
        {"logisticregression__C": [0.1, 1.0, 10.0, 100.0]},
        cv=3,
        scoring="balanced_accuracy",
    )
    search.fit(X_train, y_train)
    return search


@correct(MS)
def h3_select_choice_with_imputer_and_selector(X_train, y_train):
    from sklearn.feature_selection import SelectKBest, f_classif
    from sklearn.impute import SimpleImputer
    from sklearn.linear_model import LogisticRegression, Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import RobustScaler

    pipe = Pipeline(
        [
            ("impute", SimpleImputer(strategy="median")),
            ("scale", RobustScaler()),
            ("select", SelectKBest(f_classif)),
            ("model", LogisticRegression(max_iter=2000)),
        ]
    )
    grid = [
        {
            "select__k": [10, 30],
            "model": [LogisticRegression(max_iter=2000)],
            "model__C": [0.1, 1.0],
        },
        {
            "select__k": [10, 30],
            "model": [Perceptron(penalty="l2", alpha=1e-4, random_state=0)],
        },
    ]
    search = GridSearchCV(pipe, grid, cv=4, scoring="f1_macro")
    search.fit(X_train, y_train)
    return search
