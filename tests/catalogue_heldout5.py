"""A fifth held-out catalogue of learner solutions for the self-checks of the exercises.

Written from the exercise statements in ``jupyter/exercises/*.ipynb`` only, as a student
would read them, without looking at the checks or at the other catalogues. ``WRONG`` holds
buggy solutions of the kinds a class of first-time students hands in, each with a few
words a teacher would use to name the bug; ``CORRECT`` holds correct solutions written in
unusual but legitimate styles.
"""

# ruff: noqa: B007, B905, RUF005
import functools
import math

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
def h5_predict_plain_sign(X, w, b):
    return np.sign(X @ w + b)


@wrong(P, ">= 0", "tie", "boundary")
def h5_predict_strict_greater(X, w, b):
    return np.where(X @ w + b > 0, 1, -1)


@wrong(P, "bias")
def h5_predict_forgets_bias(X, w, b):
    scores = X @ w
    return [1 if s >= 0 else -1 for s in scores]


@wrong(P, "0 and 1", "-1", "label")
def h5_predict_zero_one_labels(X, w, b):
    return (X @ w + b >= 0).astype(int)


@wrong(P, "score", "label", "sign")
def h5_predict_returns_scores(X, w, b):
    return X @ w + b


@correct(P)
def h5_predict_sign_plus_tie(X, w, b):
    s = np.asarray(X) @ np.asarray(w) + b
    return np.sign(s) + (s == 0)


@correct(P)
def h5_predict_two_times_bool(X, w, b):
    return 2.0 * (np.dot(X, w) + b >= 0) - 1.0


@correct(P)
def h5_predict_row_loop_floats(X, w, b):
    out = []
    for row in X:
        total = b
        for xi, wi in zip(row, w):
            total = total + xi * wi
        out.append(-1.0 if total < 0 else 1.0)
    return out


# ---------------------------------------------------------------------------
# Exercise 1: is_mistake
# ---------------------------------------------------------------------------


@wrong(M, "<= 0", "tie", "strict")
def h5_mistake_strict(x, y, w, b):
    return y * (np.dot(w, x) + b) < 0


@wrong(M, "label", "y")
def h5_mistake_forgets_label(x, y, w, b):
    return np.dot(w, x) + b <= 0


@wrong(M, "bias")
def h5_mistake_forgets_bias(x, y, w, b):
    return y * np.dot(w, x) <= 0


@wrong(M, "parenthes", "bracket", "bias")
def h5_mistake_precedence(x, y, w, b):
    return y * w @ x + b <= 0


@wrong(M, "tie", "<= 0", "predict")
def h5_mistake_via_prediction(x, y, w, b):
    predicted = 1 if w @ x + b >= 0 else -1
    return predicted != y


@correct(M)
def h5_mistake_sign_differs(x, y, w, b):
    return np.sign(np.dot(w, x) + b) != y


@correct(M)
def h5_mistake_not_positive_int(x, y, w, b):
    score = sum(float(wi) * float(xi) for wi, xi in zip(w, x)) + b
    return int(not (y * score > 0))


# ---------------------------------------------------------------------------
# Exercise 2: one_update
# ---------------------------------------------------------------------------


@wrong(U, "bias", "b +")
def h5_update_forgets_bias(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) <= 0:
        return w + lr * y * x, b
    return w, b


@wrong(U, "<= 0", "tie", "strict")
def h5_update_strict(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) < 0:
        return w + lr * y * x, b + lr * y
    return w.copy(), b


@wrong(U, "in place", "copy")
def h5_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "lr", "learning rate", "bias")
def h5_update_lr_missing_on_bias(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b + y
    return w, b


@wrong(U, "mistake", "condition", "only")
def h5_update_always(w, b, x, y, lr=1.0):
    return w + lr * y * x, b + lr * y


@wrong(U, "order", "(w_new, b_new)")
def h5_update_returns_b_first(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w, b = w + lr * y * x, b + lr * y
    return b, w


@wrong(U, "bias", "score")
def h5_update_test_without_bias(w, b, x, y, lr=1.0):
    if y * np.dot(w, x) <= 0:
        return w + lr * y * x, b + lr * y
    return w, b


@wrong(U, "in place", "copy", "argument")
def h5_update_scales_x_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        x *= y
        return w + lr * x, b + lr * y
    return w, b


@correct(U)
def h5_update_lists(w, b, x, y, lr=1.0):
    score = sum(wi * xi for wi, xi in zip(w, x)) + b
    if y * score > 0:
        return [float(v) for v in w], b
    return [wi + lr * y * xi for wi, xi in zip(w, x)], b + lr * y


@correct(U)
def h5_update_copy_then_iadd(w, b, x, y, lr=1.0):
    w_new = np.array(w, dtype=float, copy=True)
    b_new = float(b)
    if y * (w_new @ x + b_new) <= 0:
        w_new += lr * y * np.asarray(x, dtype=float)
        b_new += lr * y
    return (w_new, b_new)


@correct(U)
def h5_update_multiplier(w, b, x, y, lr=1.0):
    step = lr * y * float(y * (np.dot(w, x) + b) <= 0)
    return np.add(w, step * np.asarray(x)), b + step


# ---------------------------------------------------------------------------
# Exercise 3: train_until_clean
# ---------------------------------------------------------------------------


@wrong(T, "reset", "counter", "sweep", "epoch")
def h5_train_total_counter_as_stop(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for _ in range(max_epochs):
        epochs += 1
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epochs


@wrong(T, "off by one", "epochs", "+ 1", "count")
def h5_train_epoch_zero_based(X, y, max_epochs=100):
    w, b, total = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(max_epochs):
        changed = 0
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                changed += 1
        total += changed
        if changed == 0:
            return w, b, total, epoch
    return w, b, total, max_epochs


@wrong(T, "<= 0", "strict", "tie")
def h5_train_strict(X, y, max_epochs=100):
    w, b, n, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    while epochs < max_epochs:
        epochs += 1
        clean = True
        for xi, yi in zip(X, y):
            if yi * (np.dot(w, xi) + b) < 0:
                w, b, n, clean = w + yi * xi, b + yi, n + 1, False
        if clean:
            break
    return w, b, n, epochs


@wrong(T, "total", "reset", "n_updates", "count")
def h5_train_updates_reset_each_epoch(X, y, max_epochs=100):
    w = np.zeros(X.shape[1])
    b = 0.0
    epochs = 0
    for epochs in range(1, max_epochs + 1):
        n_updates = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b += yi
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epochs


@wrong(T, "bias", "score")
def h5_train_test_ignores_bias(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        updated = False
        for xi, yi in zip(X, y):
            if yi * (w @ xi) <= 0:
                w, b = w + yi * xi, b + yi
                n += 1
                updated = True
        if not updated:
            return w, b, n, epoch
    return w, b, n, max_epochs


@wrong(T, "max_epochs", "off by one", "<")
def h5_train_one_epoch_too_many(X, y, max_epochs=100):
    w, b, n, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    while epochs <= max_epochs:
        epochs += 1
        mistakes = 0
        for i in range(X.shape[0]):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
                mistakes += 1
        n += mistakes
        if mistakes == 0:
            break
    return w, b, n, epochs


@wrong(T, "bias", "b +")
def h5_train_forgets_bias_update(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        before = n
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                n += 1
        if n == before:
            return w, b, n, epoch
    return w, b, n, max_epochs


@wrong(T, "whole sweep", "flag", "reset", "inside")
def h5_train_flag_reset_per_sample(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for epochs in range(1, max_epochs + 1):
        for xi, yi in zip(X, y):
            updated = False
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n += 1
                updated = True
        if not updated:
            break
    return w, b, n, epochs


@correct(T)
def h5_train_while_lists(X, y, max_epochs=100):
    n_samples, d = len(X), len(X[0])
    w, b = [0.0] * d, 0.0
    n_updates, epochs, done = 0, 0, False
    while not done and epochs < max_epochs:
        epochs += 1
        done = True
        i = 0
        while i < n_samples:
            xi, yi = [float(v) for v in X[i]], float(y[i])
            if yi * (sum(a * c for a, c in zip(w, xi)) + b) <= 0:
                w = [a + yi * c for a, c in zip(w, xi)]
                b += yi
                n_updates += 1
                done = False
            i += 1
    return (w, b, n_updates, epochs)


@correct(T)
def h5_train_mistake_list_per_epoch(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    history = []
    for _ in range(max_epochs):
        count = 0
        for xi, yi in zip(X, y):
            if yi * (xi @ w + b) <= 0:
                w += yi * xi
                b += yi
                count += 1
        history.append(count)
        if count == 0:
            break
    return [w, b, sum(history), len(history)]


# ---------------------------------------------------------------------------
# Exercise 4: absorb_bias
# ---------------------------------------------------------------------------


@wrong(A, "last", "first", "append", "order")
def h5_absorb_prepends(X):
    return np.hstack([np.ones((X.shape[0], 1)), X])


@wrong(A, "ones", "1")
def h5_absorb_zeros(X):
    return np.column_stack([X, np.zeros(len(X))])


@wrong(A, "column", "row", "axis")
def h5_absorb_adds_row(X):
    return np.vstack([X, np.ones(X.shape[1])])


@wrong(A, "axis", "flatten", "column")
def h5_absorb_np_append_flat(X):
    return np.append(X, 1)


@correct(A)
def h5_absorb_pad(X):
    return np.pad(np.asarray(X), ((0, 0), (0, 1)), constant_values=1)


@correct(A)
def h5_absorb_rows_lists(X):
    return np.array([list(row) + [1.0] for row in X])


@correct(A)
def h5_absorb_c_(X):
    return np.c_[X, np.ones(np.shape(X)[0])]


# ---------------------------------------------------------------------------
# Exercise 4: train_absorbed
# ---------------------------------------------------------------------------


def _absorb(X):
    return np.hstack([np.asarray(X, dtype=float), np.ones((len(X), 1))])


def _train_no_bias(Z, y, max_epochs, strict=False):
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for zi, yi in zip(Z, y):
            s = yi * (w @ zi)
            if (s < 0) if strict else (s <= 0):
                w = w + yi * zi
                clean = False
        if clean:
            break
    return w


@wrong(TA, "last", "split", "order")
def h5_absorbed_bias_from_first(X, y, max_epochs=100):
    w_t = _train_no_bias(_absorb(X), y, max_epochs)
    return w_t[1:], w_t[0]


@wrong(TA, "absorb", "ones", "bias")
def h5_absorbed_never_absorbs(X, y, max_epochs=100):
    w = _train_no_bias(np.asarray(X, dtype=float), y, max_epochs)
    return w, 0.0


@wrong(TA, "split", "w[:-1]", "slice")
def h5_absorbed_returns_whole_vector(X, y, max_epochs=100):
    w_t = _train_no_bias(_absorb(X), y, max_epochs)
    return w_t, w_t[-1]


@wrong(TA, "fit_bias", "bias", "twice")
def h5_absorbed_fit_bias_left_on(X, y, max_epochs=100):
    import warnings

    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(_absorb(X), y, max_epochs=max_epochs)
    return run.w[:-1], run.w[-1]


@wrong(TA, "<= 0", "tie", "strict")
def h5_absorbed_strict(X, y, max_epochs=100):
    w_t = _train_no_bias(_absorb(X), y, max_epochs, strict=True)
    return w_t[:-1], w_t[-1]


@wrong(TA, "max_epochs")
def h5_absorbed_ignores_max_epochs(X, y, max_epochs=100):
    import warnings

    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(perclab.absorb_bias(X), y, fit_bias=False)
    return run.w[:-1], run.w[-1]


@correct(TA)
def h5_absorbed_perclab_train(X, y, max_epochs=100):
    import warnings

    import perclab

    Z = perclab.absorb_bias(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(Z, y, fit_bias=False, max_epochs=max_epochs)
    *w, b = run.w
    return np.array(w), b


@correct(TA)
def h5_absorbed_own_loop(X, y, max_epochs=100):
    Z = np.c_[X, np.ones(len(X))]
    w_t = _train_no_bias(Z, np.asarray(y, dtype=float), max_epochs)
    return [w_t[:-1], float(w_t[-1])]


# ---------------------------------------------------------------------------
# Exercise 5: radius
# ---------------------------------------------------------------------------


@wrong(R, "fit_bias", "absorb", "1")
def h5_radius_ignores_fit_bias(X, fit_bias=False):
    return np.max(np.linalg.norm(X, axis=1))


@wrong(R, "origin", "centre", "center", "mean")
def h5_radius_centred(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    if fit_bias:
        X = np.c_[X, np.ones(len(X))]
    return np.max(np.linalg.norm(X - X.mean(axis=0), axis=1))


@wrong(R, "sqrt", "square")
def h5_radius_squared(X, fit_bias=False):
    sq = np.sum(np.asarray(X, dtype=float) ** 2, axis=1)
    if fit_bias:
        sq = sq + 1
    return sq.max()


@wrong(R, "axis", "row")
def h5_radius_wrong_axis(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    if fit_bias:
        X = np.hstack([X, np.ones((len(X), 1))])
    return np.linalg.norm(X, axis=0).max()


@wrong(R, "sqrt", "absorb", "(x_i, 1)")
def h5_radius_plus_one(X, fit_bias=False):
    r = max(np.linalg.norm(row) for row in X)
    return r + 1 if fit_bias else r


@correct(R)
def h5_radius_hypot(X, fit_bias=False):
    best = 0.0
    for row in X:
        r = math.sqrt(sum(float(v) ** 2 for v in row))
        if fit_bias:
            r = math.hypot(r, 1.0)
        best = max(best, r)
    return best


@correct(R)
def h5_radius_einsum(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    sq = np.einsum("ij,ij->i", X, X) + (1.0 if fit_bias else 0.0)
    return float(np.sqrt(sq.max()))


# ---------------------------------------------------------------------------
# Exercise 5: margin
# ---------------------------------------------------------------------------


@wrong(MG, "norm", "||w||", "divide", "scal")
def h5_margin_unnormalised(X, y, w, b=0.0):
    return np.min(y * (X @ w + b))


@wrong(MG, "abs", "negative", "label", "misclassified")
def h5_margin_distance_abs(X, y, w, b=0.0):
    return np.min(np.abs(X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "||w||", "bias", "norm")
def h5_margin_norm_includes_bias(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.linalg.norm(np.append(w, b))


@wrong(MG, "bias")
def h5_margin_forgets_bias(X, y, w, b=0.0):
    return np.min(y * (X @ w)) / np.linalg.norm(w)


@wrong(MG, "sqrt", "norm", "square")
def h5_margin_squared_norm(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / (w @ w)


@correct(MG)
def h5_margin_unit_first(X, y, w, b=0.0):
    norm = math.sqrt(sum(float(v) ** 2 for v in w))
    u, c = np.asarray(w, dtype=float) / norm, b / norm
    return min(float(yi) * (float(np.dot(u, xi)) + c) for xi, yi in zip(X, y))


@correct(MG)
def h5_margin_sorted(X, y, w, b=0.0):
    d = np.asarray(y) * (np.asarray(X) @ np.asarray(w) + b) / np.linalg.norm(w)
    return np.sort(d)[0]


# ---------------------------------------------------------------------------
# Exercise 5: mistake_bound
# ---------------------------------------------------------------------------


@wrong(B, "absorb", "(x_i, 1)", "radius")
def h5_bound_radius_not_absorbed(X, y, w, b):
    R = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(np.append(w, b))
    return R**2 / gamma**2


@wrong(B, "||(w, b)||", "norm", "absorb", "bias")
def h5_bound_gamma_norm_w_only(X, y, w, b):
    R = np.max(np.linalg.norm(np.c_[X, np.ones(len(X))], axis=1))
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return R**2 / gamma**2


@wrong(B, "square", "R^2", "**2")
def h5_bound_no_squares(X, y, w, b):
    Z = np.c_[X, np.ones(len(X))]
    v = np.append(w, b)
    R = np.linalg.norm(Z, axis=1).max()
    gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    return R / gamma


@wrong(B, "gamma^2", "square")
def h5_bound_gamma_not_squared(X, y, w, b):
    Z = np.c_[X, np.ones(len(X))]
    v = np.append(w, b)
    R2 = np.max(np.sum(Z**2, axis=1))
    gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    return R2 / gamma


@correct(B)
def h5_bound_loop(X, y, w, b):
    norm2 = float(np.dot(w, w)) + float(b) ** 2
    R2, m = 0.0, math.inf
    for xi, yi in zip(X, y):
        R2 = max(R2, float(np.dot(xi, xi)) + 1.0)
        m = min(m, float(yi) * (float(np.dot(w, xi)) + b))
    return R2 * norm2 / m**2


@correct(B)
def h5_bound_with_perclab_radius(X, y, w, b):
    import perclab

    R = perclab.radius(X, fit_bias=True)
    v = np.concatenate([np.asarray(w, dtype=float), [b]])
    gamma = np.min(np.asarray(y) * (np.asarray(X) @ v[:-1] + v[-1])) / np.hypot.reduce(v)
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------
# Exercise 6: proof_steps
# ---------------------------------------------------------------------------


@wrong(PS, "difference", "previous", "w_{k-1}")
def h5_proof_values_not_differences(W, w_star):
    W = np.asarray(W, dtype=float)
    gains = W[1:] @ w_star
    norms2 = np.sum(W**2, axis=1)
    return gains, np.diff(norms2)


@wrong(PS, "square", "norm", "**2")
def h5_proof_norm_not_squared(W, w_star):
    W = np.asarray(W, dtype=float)
    return np.diff(W @ w_star), np.diff(np.linalg.norm(W, axis=1))


@wrong(PS, "squared norm", "difference", "w_k")
def h5_proof_norm_of_step(W, w_star):
    W = np.asarray(W, dtype=float)
    steps = W[1:] - W[:-1]
    return steps @ w_star, np.sum(steps**2, axis=1)


@wrong(PS, "sign", "order", "w_k - w_{k-1}")
def h5_proof_reversed_differences(W, w_star):
    W = np.asarray(W, dtype=float)
    proj = W @ w_star
    sq = (W * W).sum(axis=1)
    return proj[:-1] - proj[1:], sq[:-1] - sq[1:]


@wrong(PS, "length", "K", "one per update")
def h5_proof_prepend_zero(W, w_star):
    W = np.asarray(W, dtype=float)
    proj = W @ w_star
    sq = np.einsum("ij,ij->i", W, W)
    return np.diff(proj, prepend=0.0), np.diff(sq, prepend=0.0)


@wrong(PS, "order", "(gains, growths)")
def h5_proof_swapped_outputs(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W)):
        gains.append(np.dot(W[k], w_star) - np.dot(W[k - 1], w_star))
        growths.append(np.dot(W[k], W[k]) - np.dot(W[k - 1], W[k - 1]))
    return growths, gains


@correct(PS)
def h5_proof_loop_lists(W, w_star):
    gains, growths = [], []
    previous = None
    for row in W:
        row = [float(v) for v in row]
        proj = sum(a * c for a, c in zip(row, w_star))
        sq = sum(a * a for a in row)
        if previous is not None:
            gains.append(proj - previous[0])
            growths.append(sq - previous[1])
        previous = (proj, sq)
    return gains, growths


@correct(PS)
def h5_proof_diff_stacked(W, w_star):
    W = np.asarray(W, dtype=float)
    both = np.column_stack([W @ np.asarray(w_star, dtype=float), (W**2).sum(axis=1)])
    d = np.diff(both, axis=0)
    return d[:, 0], d[:, 1]


# ---------------------------------------------------------------------------
# Exercise 7: perceptron_loss
# ---------------------------------------------------------------------------


@wrong(PL, "mean", "1/n", "average", "sum")
def h5_ploss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(PL, "sign", "-y", "minus")
def h5_ploss_wrong_sign(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


@wrong(PL, "0-1", "count", "max(0")
def h5_ploss_counts_mistakes(w, X, y):
    return np.mean(y * (X @ w) <= 0)


@wrong(PL, "np.maximum", "max", "min")
def h5_ploss_minimum(w, X, y):
    return np.mean(np.minimum(0, -y * (X @ w)))


@wrong(PL, "np.maximum", "each", "per point", "elementwise")
def h5_ploss_clip_after_mean(w, X, y):
    return max(0.0, np.mean(-y * (X @ w)))


@wrong(PL, "norm", "||w||", "divide")
def h5_ploss_divided_by_norm(w, X, y):
    norm = np.linalg.norm(w)
    if norm == 0:
        return 0.0
    return np.mean(np.maximum(0, -y * (X @ w))) / norm


@correct(PL)
def h5_ploss_loop(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        s = -float(yi) * float(np.dot(w, xi))
        if s > 0:
            total += s
    return total / len(y)


@correct(PL)
def h5_ploss_clip(w, X, y):
    m = np.asarray(y) * (np.asarray(X) @ np.asarray(w))
    return float(np.clip(-m, 0, None).sum() / m.size)


# ---------------------------------------------------------------------------
# Exercise 7: perceptron_gradient
# ---------------------------------------------------------------------------


@wrong(PG, "<= 0", "tie", "kink")
def h5_pgrad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(y[mask, None] * X[mask]).sum(axis=0) / len(y)


@wrong(PG, "mean", "1/n", "average")
def h5_pgrad_sum(w, X, y):
    mask = y * (X @ w) <= 0
    return -(y[mask] @ X[mask])


@wrong(PG, "n", "1/n", "all samples", "mistakes")
def h5_pgrad_mean_over_mistakes(w, X, y):
    mask = y * (X @ w) <= 0
    if not mask.any():
        return np.zeros_like(w, dtype=float)
    return -np.mean(y[mask][:, None] * X[mask], axis=0)


@wrong(PG, "sign", "-y", "minus")
def h5_pgrad_wrong_sign(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        if yi * (w @ xi) <= 0:
            g += yi * xi
    return g / len(y)


@wrong(PG, "mistake", "mask", "only")
def h5_pgrad_all_points(w, X, y):
    return -(X.T @ y) / len(y)


@correct(PG)
def h5_pgrad_loop(w, X, y):
    g = [0.0] * len(w)
    for xi, yi in zip(X, y):
        if float(yi) * float(np.dot(w, xi)) <= 0:
            g = [gj - float(yi) * float(xj) for gj, xj in zip(g, xi)]
    return np.array(g) / len(y)


@correct(PG)
def h5_pgrad_where(w, X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    coef = np.where(y * (X @ w) <= 0, -y, 0.0)
    return coef @ X / X.shape[0]


# ---------------------------------------------------------------------------
# Exercise 8: logistic_loss
# ---------------------------------------------------------------------------


@wrong(LL, "mean", "1/n", "average", "sum")
def h5_lloss_sum(w, X, y):
    return np.sum(np.log1p(np.exp(-y * (X @ w))))


@wrong(LL, "label", "y_i")
def h5_lloss_forgets_label(w, X, y):
    return np.mean(np.log(1 + np.exp(-(X @ w))))


@wrong(LL, "sign", "minus", "-y")
def h5_lloss_wrong_sign(w, X, y):
    return np.mean(np.log(1 + np.exp(y * (X @ w))))


@wrong(LL, "natural", "log10", "ln")
def h5_lloss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


@correct(LL)
def h5_lloss_logaddexp(w, X, y):
    return float(np.mean(np.logaddexp(0.0, -np.asarray(y) * (np.asarray(X) @ w))))


@correct(LL)
def h5_lloss_neg_log_sigmoid(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        m = float(yi) * float(np.dot(w, xi))
        total -= math.log(1.0 / (1.0 + math.exp(-m)))
    return total / len(y)


# ---------------------------------------------------------------------------
# Exercise 8: logistic_gradient
# ---------------------------------------------------------------------------


def _sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


@wrong(LG, "sigma(-", "wrong label", "sign")
def h5_lgrad_sigma_of_margin(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _sigmoid(m))) / len(y)


@wrong(LG, "sign", "minus")
def h5_lgrad_missing_minus(w, X, y):
    m = y * (X @ w)
    return (X.T @ (y * _sigmoid(-m))) / len(y)


@wrong(LG, "mean", "1/n", "average")
def h5_lgrad_sum(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _sigmoid(-m)))


@wrong(LG, "label", "y_i")
def h5_lgrad_forgets_label_factor(w, X, y):
    s = _sigmoid(-y * (X @ w))
    return -np.mean(X * s[:, None], axis=0)


@wrong(LG, "axis", "shape")
def h5_lgrad_wrong_axis(w, X, y):
    s = _sigmoid(-y * (X @ w))
    return -np.mean(X.T * (y * s), axis=0)


@correct(LG)
def h5_lgrad_expit(w, X, y):
    from scipy.special import expit

    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    return -np.einsum("i,ij->j", y * expit(-y * (X @ w)), X) / len(y)


@correct(LG)
def h5_lgrad_loop(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        m = float(yi) * float(np.dot(w, xi))
        g = g - float(yi) * np.asarray(xi, dtype=float) * (1.0 / (1.0 + math.exp(m)))
    return g / len(y)


# ---------------------------------------------------------------------------
# Exercise 8: gradient_descent
# ---------------------------------------------------------------------------


@wrong(GD, "in place", "copy", "w0")
def h5_descent_in_place(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return w


@wrong(GD, "sign", "minus", "descent")
def h5_descent_ascends(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(GD, "n_steps", "off by one", "steps")
def h5_descent_one_step_short(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(1, n_steps):
        w = w - lr * gradient(w)
    return w


@wrong(GD, "current", "w0", "gradient(w)")
def h5_descent_gradient_at_start(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(n_steps):
        w = w - lr * gradient(w0)
    return w


@wrong(GD, "lr", "learning rate", "step size")
def h5_descent_forgets_lr(gradient, w0, lr, n_steps):
    w = np.copy(w0)
    for _ in range(n_steps):
        w = w - gradient(w)
    return w


@correct(GD)
def h5_descent_reduce(gradient, w0, lr, n_steps):
    return functools.reduce(lambda w, _: w - lr * gradient(w), range(n_steps), w0)


@correct(GD)
def h5_descent_countdown(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    remaining = n_steps
    while remaining > 0:
        g = np.asarray(gradient(w), dtype=float)
        w = w - lr * g
        remaining -= 1
    return w


# ---------------------------------------------------------------------------
# Exercise 9: pocket
# ---------------------------------------------------------------------------


def _errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


@wrong(PK, "strictly", "<", "ties")
def h5_pocket_replaces_on_ties(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, len(y))
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
                e = _errors(X, y, w, b)
                if e <= best[2]:
                    best = (w.copy(), b, e)
        if clean:
            break
    return best


@wrong(PK, "copy", "alias")
def h5_pocket_no_copy(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    w_p, b_p, e_p = w, b, len(y)
    for _ in range(max_epochs):
        n_up = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                n_up += 1
                e = _errors(X, y, w, b)
                if e < e_p:
                    w_p, b_p, e_p = w, b, e
        if n_up == 0:
            break
    return w_p, b_p, e_p


@wrong(PK, "pocket's", "best", "previous")
def h5_pocket_compares_with_previous(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    w_p, b_p, e_p = w.copy(), 0.0, len(y)
    prev = len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
                e = _errors(X, y, w, b)
                if e < prev:
                    w_p, b_p, e_p = w.copy(), b, e
                prev = e
        if clean:
            break
    return w_p, b_p, e_p


@wrong(PK, "<= 0", "tie", "errors")
def h5_pocket_strict_error_count(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    pocket = [w.copy(), 0.0, len(y)]
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
                e = int(np.sum(y * (X @ w + b) < 0))
                if e < pocket[2]:
                    pocket = [w.copy(), b, e]
        if clean:
            break
    return pocket


@wrong(PK, "every update", "after each", "epoch")
def h5_pocket_checked_per_epoch(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    w_p, b_p, e_p = w.copy(), 0.0, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
        e = _errors(X, y, w, b)
        if e < e_p:
            w_p, b_p, e_p = w.copy(), b, e
        if clean:
            break
    return w_p, b_p, e_p


@wrong(PK, "pocket", "last", "return")
def h5_pocket_returns_last(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    e_p = len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b, clean = w + yi * xi, b + yi, False
                e = _errors(X, y, w, b)
                if e < e_p:
                    e_p = e
        if clean:
            break
    return w, b, e_p


@correct(PK)
def h5_pocket_dict(X, y, max_epochs=50):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    pocket = {"w": w.copy(), "b": 0.0, "errors": len(y)}
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        updates = 0
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                updates += 1
                errors = int(np.count_nonzero(y * (X @ w + b) <= 0))
                if errors < pocket["errors"]:
                    pocket = {"w": w.copy(), "b": b, "errors": errors}
        if updates == 0:
            break
    return pocket["w"], pocket["b"], pocket["errors"]


@correct(PK)
def h5_pocket_lists(X, y, max_epochs=50):
    rows = [[float(v) for v in r] for r in X]
    labels = [float(v) for v in y]

    def score(w, b, r):
        return sum(a * c for a, c in zip(w, r)) + b

    def n_errors(w, b):
        return sum(1 for r, t in zip(rows, labels) if t * score(w, b, r) <= 0)

    w, b = [0.0] * len(rows[0]), 0.0
    best = ([0.0] * len(w), 0.0, len(labels))
    for _ in range(max_epochs):
        any_update = False
        for r, t in zip(rows, labels):
            if t * score(w, b, r) <= 0:
                w = [a + t * c for a, c in zip(w, r)]
                b += t
                any_update = True
                e = n_errors(w, b)
                if e < best[2]:
                    best = (list(w), b, e)
        if not any_update:
            break
    return best


# ---------------------------------------------------------------------------
# Exercise 10: kernel_perceptron
# ---------------------------------------------------------------------------


@wrong(KP, "<= 0", "tie")
def h5_kperc_strict(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) < 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "label", "y_j")
def h5_kperc_forgets_labels(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (c @ K[:, i]) <= 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "count", "add 1", "+= 1")
def h5_kperc_sets_to_one(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] = 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "sweep", "order", "stale", "each sample")
def h5_kperc_batch_scores(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        f = K.T @ (c * y)
        mistakes = y * f <= 0
        if not mistakes.any():
            break
        c = c + mistakes.astype(int)
    return c


@wrong(KP, "max_epochs", "clean sweep", "repeat")
def h5_kperc_single_sweep(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for i in range(len(y)):
        if y[i] * np.sum(c * y * K[:, i]) <= 0:
            c[i] += 1
    return c


@correct(KP)
def h5_kperc_kernel_per_sample(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    c = np.zeros(len(y))
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            k_col = np.asarray(kernel(X, X[i : i + 1]))[:, 0]
            if y[i] * np.dot(c * y, k_col) <= 0:
                c[i] += 1
                mistakes += 1
        if mistakes == 0:
            break
    return c.astype(int)


@correct(KP)
def h5_kperc_running_scores(X, y, kernel, max_epochs=100):
    K = np.asarray(kernel(X, X), dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(y)
    c = [0] * n
    f = np.zeros(n)
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            if y[i] * f[i] <= 0:
                c[i] += 1
                f = f + y[i] * K[i, :]
                clean = False
        if clean:
            break
    return c


# ---------------------------------------------------------------------------
# Exercise 10: kernel_predict
# ---------------------------------------------------------------------------


@wrong(KPR, "np.sign", "0", ">= 0")
def h5_kpred_plain_sign(X_train, y_train, counts, kernel, X_new):
    return np.sign(kernel(X_new, X_train) @ (counts * y_train))


@wrong(KPR, "label", "y_j", "y_train")
def h5_kpred_forgets_labels(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_new, X_train) @ counts
    return np.where(f >= 0, 1, -1)


@wrong(KPR, ">= 0", "tie")
def h5_kpred_strict(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_new, X_train) @ (np.asarray(counts) * y_train)
    return [1 if v > 0 else -1 for v in f]


@wrong(KPR, "X_new", "training")
def h5_kpred_predicts_training_points(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_train, X_train) @ (np.asarray(counts) * y_train)
    return np.where(f >= 0, 1, -1)


@correct(KPR)
def h5_kpred_loop(X_train, y_train, counts, kernel, X_new):
    labels = []
    for x in X_new:
        k = np.asarray(kernel(np.asarray(X_train), np.asarray(x)[None, :]))[:, 0]
        terms = zip(counts, y_train, k)
        f = sum(float(cj) * float(yj) * float(kj) for cj, yj, kj in terms)
        labels.append(1 if f >= 0 else -1)
    return labels


@correct(KPR)
def h5_kpred_transposed_gram(X_train, y_train, counts, kernel, X_new):
    alpha = np.asarray(counts, dtype=float) * np.asarray(y_train, dtype=float)
    f = alpha @ kernel(X_train, X_new)
    return 2 * (f >= 0).astype(int) - 1


# ---------------------------------------------------------------------------
# Exercise 11: select_model
# ---------------------------------------------------------------------------


@wrong(MS, "inside", "pipeline", "leak", "scaler")
def h5_select_scales_outside_pipeline(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    pipe = Pipeline([("clf", LogisticRegression(max_iter=2000))])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    return search.fit(X_scaled, y_train)


@wrong(MS, "two", "settings", "grid")
def h5_select_single_setting(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=2000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [1.0]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "fold", "cv", "k")
def h5_select_two_folds(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    grid = {"logisticregression__C": [0.01, 0.1, 1.0, 10.0]}
    return GridSearchCV(pipe, grid, cv=2).fit(X_train, y_train)


@wrong(MS, "search", "return", "GridSearchCV")
def h5_select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=2000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_train, y_train)
    return search.best_estimator_


@wrong(MS, "leak", "test", "training data")
def h5_select_fits_on_all_data(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    import perclab

    X_all, y_all = perclab.datasets.load_breast_cancer()
    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=2000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_all, y_all)
    return search


@wrong(MS, "penalty", "same", "alpha")
def h5_select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    grid = {"clf__alpha": [1e-5, 1e-4, 1e-3]}
    search = GridSearchCV(pipe, grid, cv=5)
    search.fit(X_train, y_train)
    return search


@correct(MS)
def h5_select_two_model_choice(X_train, y_train):
    from sklearn.linear_model import LogisticRegression, Perceptron
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("model", Perceptron())])
    grid = [
        {
            "model": [Perceptron(penalty="l2", random_state=0)],
            "model__alpha": [1e-4, 1e-2],
        },
        {"model": [LogisticRegression(max_iter=5000)], "model__C": [0.1, 1.0]},
    ]
    cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
    return GridSearchCV(pipe, grid, cv=cv, scoring="accuracy").fit(X_train, y_train)


@correct(MS)
def h5_select_minmax_l1_logistic(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipe = make_pipeline(
        MinMaxScaler(), LogisticRegression(solver="liblinear", max_iter=5000)
    )
    grid = {
        "logisticregression__penalty": ["l1", "l2"],
        "logisticregression__C": [1.0, 10.0],
    }
    search = GridSearchCV(pipe, grid, cv=3, scoring="balanced_accuracy")
    search.fit(X_train, y_train)
    return search
