"""A sixth held-out catalogue of learner solutions for the self-checks of the exercises.

Written from the exercise statements in ``jupyter/exercises/*.ipynb`` only, as a student
would read them, without looking at the checks or at the other catalogues. ``WRONG`` holds
buggy solutions of the kinds a class of first-time students hands in, each with a few
words a teacher would use to name the bug; ``CORRECT`` holds correct solutions written in
unusual but legitimate styles.
"""

# ruff: noqa: B007, B905, RUF005
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


# ---------------------------------------------------------------------------------------
# Exercise 1: predict_labels
# ---------------------------------------------------------------------------------------


@wrong(P, "np.sign", "tie at zero", "returns 0")
def h6_predict_sign(X, w, b):
    return np.sign(X @ w + b)


@wrong(P, ">= 0", "not > 0", "tie at zero")
def h6_predict_strict(X, w, b):
    labels = []
    for row in X:
        if np.dot(row, w) + b > 0:
            labels.append(1)
        else:
            labels.append(-1)
    return labels


@wrong(P, "the bias", "+ b")
def h6_predict_no_bias(X, w, b):
    scores = X @ w
    return np.where(scores >= 0, 1, -1)


@wrong(P, "-1", "not 0", "labels are")
def h6_predict_zero_one(X, w, b):
    return (X @ w + b >= 0).astype(int)


@wrong(P, "+ b", "sign of b", "minus b")
def h6_predict_minus_bias(X, w, b):
    return np.where(X @ w - b >= 0, 1, -1)


@wrong(P, "every row", "one label per row", "the loop")
def h6_predict_first_row_only(X, w, b):
    for x in X:
        score = x @ w + b
        if score >= 0:
            return [1]
        return [-1]


@correct(P)
def h6_predict_ok_float_list(X, w, b):
    out = []
    for i in range(len(X)):
        s = sum(float(X[i][j]) * float(w[j]) for j in range(len(w))) + float(b)
        out.append(1.0 if s >= 0 else -1.0)
    return out


@correct(P)
def h6_predict_ok_bool_arith(X, w, b):
    positive = (np.asarray(X) @ np.asarray(w) + b) >= 0
    return 2 * positive.astype(np.int64) - 1


# ---------------------------------------------------------------------------------------
# Exercise 1: is_mistake
# ---------------------------------------------------------------------------------------


@wrong(M, "<= 0", "not < 0", "on the hyperplane")
def h6_mistake_strict(x, y, w, b):
    return y * (np.dot(w, x) + b) < 0


@wrong(M, "the label", "times y", "y *")
def h6_mistake_no_label(x, y, w, b):
    return np.dot(w, x) + b <= 0


@wrong(M, "the bias", "+ b")
def h6_mistake_no_bias(x, y, w, b):
    return y * np.dot(w, x) <= 0


@wrong(M, "parentheses", "bias inside", "y * (")
def h6_mistake_bias_outside(x, y, w, b):
    return y * np.dot(w, x) + b <= 0


@correct(M)
def h6_mistake_ok_loop(x, y, w, b):
    total = b
    for xi, wi in zip(x, w):
        total = total + xi * wi
    return not (y * total > 0)


@correct(M)
def h6_mistake_ok_int(x, y, w, b):
    return int(float(y) * (float(np.asarray(w) @ np.asarray(x)) + float(b)) <= 0.0)


# ---------------------------------------------------------------------------------------
# Exercise 2: one_update
# ---------------------------------------------------------------------------------------


@wrong(U, "<= 0", "not < 0", "first update")
def h6_update_strict(w, b, x, y, lr=1.0):
    if y * (w @ x + b) < 0:
        return w + lr * y * x, b + lr * y
    return w.copy(), b


@wrong(U, "in place", "new array", "copy")
def h6_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "the learning rate", "lr", "bias step")
def h6_update_bias_no_lr(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) <= 0:
        return w + lr * y * x, b + y
    return w, b


@wrong(U, "the label", "times y", "y * x")
def h6_update_no_label(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) <= 0:
        return w + lr * x, b + lr * y
    return w, b


@wrong(U, "only on a mistake", "the test", "otherwise nothing")
def h6_update_always(w, b, x, y, lr=1.0):
    w_new = w + lr * y * x
    b_new = b + lr * y
    return w_new, b_new


@wrong(U, "the bias", "update b", "b + lr")
def h6_update_forgets_bias(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w = w + lr * y * x
    return w, b


@wrong(U, "integer", "float", "truncat", "dtype")
def h6_update_int_buffer(w, b, x, y, lr=1.0):
    w_new = np.zeros_like(x)
    if y * (w @ x + b) <= 0:
        w_new[:] = w + lr * y * x
        return w_new, b + lr * y
    w_new[:] = w
    return w_new, b


@wrong(U, "plus sign", "w + lr", "sign")
def h6_update_minus(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w - lr * y * x, b - lr * y
    return w, b


@correct(U)
def h6_update_ok_lists(w, b, x, y, lr=1.0):
    score = sum(wi * xi for wi, xi in zip(w, x)) + b
    if y * score <= 0:
        return [wi + lr * y * xi for wi, xi in zip(w, x)], b + lr * y
    return list(w), b


@correct(U)
def h6_update_ok_mask(w, b, x, y, lr=1.0):
    step = float(y * (np.dot(w, x) + b) <= 0) * lr * y
    return [np.asarray(w, dtype=float) + step * np.asarray(x, dtype=float), b + step]


@correct(U)
def h6_update_ok_copy_inplace(w, b, x, y, lr=1.0):
    w_new = np.array(w, dtype=float, copy=True)
    b_new = float(b)
    if y * (w_new @ x + b_new) <= 0:
        w_new += lr * y * np.asarray(x, dtype=float)
        b_new += lr * y
    return (w_new, b_new)


# ---------------------------------------------------------------------------------------
# Exercise 3: train_until_clean
# ---------------------------------------------------------------------------------------


@wrong(T, "<= 0", "not < 0", "first update")
def h6_train_strict(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates, epochs = 0, 0
    for epoch in range(max_epochs):
        epochs += 1
        changed = False
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) < 0:
                w = w + yi * xi
                b = b + yi
                n_updates += 1
                changed = True
        if not changed:
            break
    return w, b, n_updates, epochs


@wrong(T, "clean sweep", "count the final", "epochs")
def h6_train_epochs_off_by_one(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates = 0
    epochs = 0
    for epoch in range(max_epochs):
        mistakes = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b += yi
                mistakes += 1
        n_updates += mistakes
        if mistakes == 0:
            break
        epochs += 1
    return w, b, n_updates, epochs


@wrong(T, "total", "all epochs", "reset", "n_updates")
def h6_train_counts_reset(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    epochs = 0
    n_updates = 0
    while epochs < max_epochs:
        epochs += 1
        n_updates = 0
        for i in range(len(y)):
            if y[i] * (np.dot(w, X[i]) + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epochs


@wrong(T, "max_epochs", "range", "off by one")
def h6_train_range_short(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates = 0
    epochs = 0
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


@wrong(T, "whole sweep", "one correct point", "stopping rule")
def h6_train_stops_at_correct_point(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates = 0
    epochs = 0
    for epoch in range(max_epochs):
        epochs += 1
        done = False
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b = b + yi
                n_updates += 1
            elif n_updates > 0:
                done = True
                break
        if done:
            break
    return w, b, n_updates, epochs


@wrong(T, "one point at a time", "in order", "sequential", "batch")
def h6_train_batch_update(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates, epochs = 0, 0
    for epoch in range(max_epochs):
        epochs += 1
        wrong_ones = y * (X @ w + b) <= 0
        if not wrong_ones.any():
            break
        w = w + (y[wrong_ones][:, None] * X[wrong_ones]).sum(axis=0)
        b = b + y[wrong_ones].sum()
        n_updates += int(wrong_ones.sum())
    return w, b, n_updates, epochs


@wrong(T, "integer", "float", "dtype", "truncat")
def h6_train_int_weights(X, y, max_epochs=100):
    w = np.zeros(X.shape[1], dtype=int)
    b = 0
    n_updates, epochs = 0, 0
    for epoch in range(max_epochs):
        epochs += 1
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w[:] = w + yi * xi
                b = b + yi
                n_updates += 1
                clean = False
        if clean:
            break
    return w, b, n_updates, epochs


@wrong(T, "order", "swapped", "n_updates, epochs")
def h6_train_swapped_counts(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates, epochs = 0, 0
    for epoch in range(max_epochs):
        epochs += 1
        before = n_updates
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                b = b + yi
                n_updates += 1
        if n_updates == before:
            break
    return w, b, epochs, n_updates


@wrong(T, "the bias", "update b", "b + y")
def h6_train_no_bias(X, y, max_epochs=100):
    w = np.zeros(X.shape[1])
    b = 0.0
    n_updates, epochs = 0, 0
    for epoch in range(max_epochs):
        epochs += 1
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                n_updates += 1
                clean = False
        if clean:
            break
    return w, b, n_updates, epochs


@correct(T)
def h6_train_ok_while(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w = np.zeros(X.shape[1])
    b = 0.0
    n_updates = 0
    epochs = 0
    dirty = True
    while dirty and epochs < max_epochs:
        epochs += 1
        dirty = False
        i = 0
        while i < len(y):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                n_updates += 1
                dirty = True
            i += 1
    return [w.tolist(), b, n_updates, epochs]


@correct(T)
def h6_train_ok_python_lists(X, y, max_epochs=100):
    rows = [[float(v) for v in row] for row in X]
    labels = [float(v) for v in y]
    w = [0.0] * np.shape(X)[1]
    b = 0.0
    n_updates = 0
    for epoch in range(1, max_epochs + 1):
        before = n_updates
        for row, label in zip(rows, labels):
            score = sum(wj * xj for wj, xj in zip(w, row)) + b
            if label * score <= 0:
                w = [wj + label * xj for wj, xj in zip(w, row)]
                b += label
                n_updates += 1
        if n_updates == before:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


@correct(T)
def h6_train_ok_absorbed_inside(X, y, max_epochs=100):
    Z = np.hstack([np.asarray(X, dtype=float), np.ones((len(X), 1))])
    v = np.zeros(Z.shape[1])
    n_updates = 0
    epochs = 0
    for epochs in range(1, max_epochs + 1):
        count = 0
        for z, label in zip(Z, y):
            if label * (v @ z) <= 0:
                v = v + label * z
                count += 1
        n_updates += count
        if count == 0:
            break
    return v[:-1], v[-1], n_updates, epochs


# ---------------------------------------------------------------------------------------
# Exercise 4: absorb_bias
# ---------------------------------------------------------------------------------------


@wrong(A, "last column", "append", "not first")
def h6_absorb_first_column(X):
    return np.hstack([np.ones((X.shape[0], 1)), X])


@wrong(A, "ones", "not zeros", "constant 1")
def h6_absorb_zeros(X):
    return np.column_stack([X, np.zeros(len(X))])


@wrong(A, "a column", "not a row", "axis=1")
def h6_absorb_row(X):
    return np.vstack([X, np.ones(X.shape[1])])


@wrong(A, "shape", "number of rows", "len(X)")
def h6_absorb_wrong_count(X):
    ones = np.ones((X.shape[1], 1))
    return np.concatenate([X, ones], axis=1)


@correct(A)
def h6_absorb_ok_loop(X):
    rows = [list(row) + [1] for row in X]
    return np.array(rows, dtype=float).reshape(len(X), np.shape(X)[1] + 1)


@correct(A)
def h6_absorb_ok_empty_fill(X):
    n, d = np.shape(X)
    out = np.empty((n, d + 1))
    out[:, :d] = X
    out[:, d] = 1
    return out


# ---------------------------------------------------------------------------------------
# Exercise 4: train_absorbed
# ---------------------------------------------------------------------------------------


def _h6_train_nobias(Z, y, max_epochs):
    v = np.zeros(Z.shape[1])
    for epoch in range(max_epochs):
        clean = True
        for z, label in zip(Z, y):
            if label * (v @ z) <= 0:
                v = v + label * z
                clean = False
        if clean:
            break
    return v


@wrong(TA, "last entry", "split", "w_tilde[-1]")
def h6_absorbed_bias_first(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = _h6_train_nobias(Z, y, max_epochs)
    return v[1:], v[0]


@wrong(TA, "fit_bias=False", "without a bias", "two biases")
def h6_absorbed_with_bias(X, y, max_epochs=100):
    import perclab

    Z = np.hstack([X, np.ones((len(X), 1))])
    run = perclab.train(Z, y, max_epochs=max_epochs)
    return run.w[:-1], run.w[-1] + run.b


@wrong(TA, "split", "w_tilde[:-1]", "drop the last")
def h6_absorbed_no_split(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = _h6_train_nobias(Z, y, max_epochs)
    return v, 0.0


@wrong(TA, "order", "(w, b)", "swapped")
def h6_absorbed_swapped(X, y, max_epochs=100):
    Z = np.c_[X, np.ones(len(X))]
    v = _h6_train_nobias(Z, y, max_epochs)
    return v[-1], v[:-1]


@wrong(TA, "max_epochs", "pass it on", "forwarded")
def h6_absorbed_ignores_max_epochs(X, y, max_epochs=100):
    Z = np.c_[X, np.ones(len(X))]
    v = _h6_train_nobias(Z, y, 100)
    return v[:-1], v[-1]


@correct(TA)
def h6_absorbed_ok_perclab(X, y, max_epochs=100):
    import warnings

    import perclab

    Z = perclab.absorb_bias(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(Z, y, fit_bias=False, max_epochs=max_epochs)
    w_tilde = np.asarray(run.w)
    return [w_tilde[:-1], float(w_tilde[-1])]


@correct(TA)
def h6_absorbed_ok_loop(X, y, max_epochs=100):
    Z = [list(map(float, row)) + [1.0] for row in X]
    v = [0.0] * (np.shape(X)[1] + 1)
    for epoch in range(max_epochs):
        changed = False
        for z, label in zip(Z, y):
            if label * sum(a * c for a, c in zip(v, z)) <= 0:
                v = [a + label * c for a, c in zip(v, z)]
                changed = True
        if not changed:
            break
    *w, b = v
    return np.array(w), b


# ---------------------------------------------------------------------------------------
# Exercise 5: radius
# ---------------------------------------------------------------------------------------


@wrong(R, "square root", "np.sqrt", "squared norm")
def h6_radius_squared(X, fit_bias=False):
    if fit_bias:
        X = np.hstack([X, np.ones((len(X), 1))])
    return np.max(np.sum(X**2, axis=1))


@wrong(R, "from the origin", "not the centre", "mean")
def h6_radius_centred(X, fit_bias=False):
    if fit_bias:
        X = np.hstack([X, np.ones((len(X), 1))])
    return np.max(np.linalg.norm(X - X.mean(axis=0), axis=1))


@wrong(R, "fit_bias", "absorbed", "(x_i, 1)")
def h6_radius_ignores_bias(X, fit_bias=False):
    return max(np.linalg.norm(x) for x in X)


@wrong(R, "+ 1 inside", "square root", "norm of (x, 1)")
def h6_radius_plus_one(X, fit_bias=False):
    r = np.linalg.norm(X, axis=1).max()
    if fit_bias:
        r = r + 1
    return r


@wrong(R, "axis=1", "each row", "per point")
def h6_radius_wrong_axis(X, fit_bias=False):
    if fit_bias:
        X = np.column_stack([X, np.ones(len(X))])
    return np.max(np.linalg.norm(X, axis=0))


@correct(R)
def h6_radius_ok_loop(X, fit_bias=False):
    best = 0.0
    for row in X:
        s = sum(float(v) ** 2 for v in row) + (1.0 if fit_bias else 0.0)
        best = max(best, s**0.5)
    return best


@correct(R)
def h6_radius_ok_einsum(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    sq = np.einsum("ij,ij->i", X, X) + float(bool(fit_bias))
    return np.sqrt(sq.max())


# ---------------------------------------------------------------------------------------
# Exercise 5: margin
# ---------------------------------------------------------------------------------------


@wrong(MG, "divide by", "norm of w", "geometric")
def h6_margin_functional(X, y, w, b=0.0):
    return np.min(y * (X @ w + b))


@wrong(MG, "norm of w", "not (w, b)", "only w")
def h6_margin_norm_with_b(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.linalg.norm(np.append(w, b))


@wrong(MG, "min", "smallest", "not max")
def h6_margin_max(X, y, w, b=0.0):
    return np.max(y * (X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "the label", "negative", "abs", "times y")
def h6_margin_abs(X, y, w, b=0.0):
    return np.min(np.abs(X @ w + b)) / np.linalg.norm(w)


@wrong(MG, "the bias", "+ b")
def h6_margin_no_bias(X, y, w, b=0.0):
    dists = [yi * np.dot(w, xi) / np.linalg.norm(w) for xi, yi in zip(X, y)]
    return min(dists)


@correct(MG)
def h6_margin_ok_loop(X, y, w, b=0.0):
    norm = sum(float(v) ** 2 for v in w) ** 0.5
    return min(
        float(yi) * (sum(float(a) * float(c) for a, c in zip(w, xi)) + b) / norm
        for xi, yi in zip(X, y)
    )


@correct(MG)
def h6_margin_ok_normalise_first(X, y, w, b=0.0):
    norm = np.linalg.norm(w)
    u, c = np.asarray(w, dtype=float) / norm, b / norm
    return (np.asarray(y) * (np.asarray(X) @ u + c)).min()


# ---------------------------------------------------------------------------------------
# Exercise 5: mistake_bound
# ---------------------------------------------------------------------------------------


@wrong(B, "absorbed", "(x_i, 1)", "radius")
def h6_bound_radius_not_absorbed(X, y, w, b):
    R = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(np.append(w, b))
    return R**2 / gamma**2


@wrong(B, "norm of (w, b)", "include b", "absorbed")
def h6_bound_gamma_norm_w(X, y, w, b):
    R = np.sqrt(np.max(np.sum(X**2, axis=1) + 1))
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return R**2 / gamma**2


@wrong(B, "squared", "R^2 / gamma^2", "square")
def h6_bound_not_squared(X, y, w, b):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = np.append(w, b)
    R = np.linalg.norm(Z, axis=1).max()
    gamma = (y * (Z @ v)).min() / np.linalg.norm(v)
    return R / gamma


@wrong(B, "min", "smallest", "margin")
def h6_bound_mean_margin(X, y, w, b):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = np.append(w, b)
    R = np.linalg.norm(Z, axis=1).max()
    gamma = np.mean(y * (Z @ v)) / np.linalg.norm(v)
    return (R / gamma) ** 2


@correct(B)
def h6_bound_ok_ratio(X, y, w, b):
    X = np.asarray(X, dtype=float)
    v = np.concatenate([np.asarray(w, dtype=float), [float(b)]])
    R2 = float(np.max((X**2).sum(axis=1))) + 1.0
    m = float(np.min(np.asarray(y) * (X @ v[:-1] + v[-1])))
    return R2 * float(v @ v) / m**2


@correct(B)
def h6_bound_ok_loop(X, y, w, b):
    import math

    norm_v = math.sqrt(sum(float(a) ** 2 for a in w) + float(b) ** 2)
    R = 0.0
    gamma = math.inf
    for xi, yi in zip(X, y):
        R = max(R, math.sqrt(sum(float(a) ** 2 for a in xi) + 1.0))
        s = sum(float(a) * float(c) for a, c in zip(w, xi)) + float(b)
        gamma = min(gamma, float(yi) * s / norm_v)
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------------------
# Exercise 6: proof_steps
# ---------------------------------------------------------------------------------------


@wrong(PS, "squared norms", "||w_k||^2", "not the norm")
def h6_proof_norm_not_squared(W, w_star):
    gains = np.diff(W @ w_star)
    growths = np.diff(np.linalg.norm(W, axis=1))
    return gains, growths


@wrong(PS, "difference of squared norms", "not the step", "||w_k||^2 - ||w_{k-1}||^2")
def h6_proof_step_norm(W, w_star):
    gains = np.diff(W @ w_star)
    steps = np.diff(W, axis=0)
    growths = np.sum(steps**2, axis=1)
    return gains, growths


@wrong(PS, "w_k - w_{k-1}", "order", "sign")
def h6_proof_reversed(W, w_star):
    gains = []
    growths = []
    for k in range(1, len(W)):
        gains.append(W[k - 1] @ w_star - W[k] @ w_star)
        growths.append(W[k - 1] @ W[k - 1] - W[k] @ W[k])
    return gains, growths


@wrong(PS, "length K", "one per update", "off by one")
def h6_proof_prepend_zero(W, w_star):
    proj = W @ w_star
    sq = np.sum(W * W, axis=1)
    gains = np.diff(proj, prepend=0.0)
    growths = np.diff(sq, prepend=0.0)
    return gains, growths


@wrong(PS, "previous row", "w_{k-1}", "consecutive")
def h6_proof_from_start(W, w_star):
    proj = W @ w_star
    sq = np.sum(W * W, axis=1)
    return proj[1:] - proj[0], sq[1:] - sq[0]


@correct(PS)
def h6_proof_ok_loop_lists(W, w_star):
    gains, growths = [], []
    prev = W[0]
    for row in W[1:]:
        gains.append(float(np.dot(row, w_star) - np.dot(prev, w_star)))
        growths.append(float(np.dot(row, row) - np.dot(prev, prev)))
        prev = row
    return gains, growths


@correct(PS)
def h6_proof_ok_slices(W, w_star):
    W = np.asarray(W, dtype=float)
    proj = W @ np.asarray(w_star, dtype=float)
    sq = np.einsum("ij,ij->i", W, W)
    return [proj[1:] - proj[:-1], sq[1:] - sq[:-1]]


# ---------------------------------------------------------------------------------------
# Exercise 7: perceptron_loss
# ---------------------------------------------------------------------------------------


@wrong(PL, "mean", "divide by n", "1/n")
def h6_ploss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(PL, "np.maximum", "elementwise", "max(0")
def h6_ploss_builtin_max(w, X, y):
    terms = -y * (X @ w)
    return np.mean(max(0, terms))


@wrong(PL, "minus sign", "-y", "sign")
def h6_ploss_sign(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


@wrong(PL, "the label", "times y", "y_i")
def h6_ploss_no_label(w, X, y):
    return np.mean(np.maximum(0, -(X @ w)))


@wrong(PL, "divide by n", "all points", "not the mistakes")
def h6_ploss_mean_over_mistakes(w, X, y):
    m = y * (X @ w)
    bad = m <= 0
    if not bad.any():
        return 0.0
    return np.mean(-m[bad])


@wrong(PL, "no margin", "not 1 -", "hinge")
def h6_ploss_hinge(w, X, y):
    return np.mean(np.maximum(0, 1 - y * (X @ w)))


@wrong(PL, "every point", "the loop", "indentation")
def h6_ploss_early_return(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        total += max(0.0, -yi * np.dot(w, xi))
        return total / len(y)


@correct(PL)
def h6_ploss_ok_loop(w, X, y):
    total = 0.0
    for i in range(len(y)):
        s = float(y[i]) * float(np.dot(w, X[i]))
        if s < 0:
            total -= s
    return total / len(y)


@correct(PL)
def h6_ploss_ok_relu_minimum(w, X, y):
    m = np.asarray(y) * (np.asarray(X) @ np.asarray(w))
    return -np.minimum(m, 0).sum() / m.size


# ---------------------------------------------------------------------------------------
# Exercise 7: perceptron_gradient
# ---------------------------------------------------------------------------------------


@wrong(PG, "<= 0", "the tie", "subgradient")
def h6_pgrad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(y[mask][:, None] * X[mask]).sum(axis=0) / len(y)


@wrong(PG, "minus sign", "-y_i x_i", "sign")
def h6_pgrad_no_minus(w, X, y):
    mask = y * (X @ w) <= 0
    return (y[mask][:, None] * X[mask]).sum(axis=0) / len(y)


@wrong(PG, "mean", "divide by n", "1/n")
def h6_pgrad_sum(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        if yi * (xi @ w) <= 0:
            g -= yi * xi
    return g


@wrong(PG, "divide by n", "all points", "not the mistakes")
def h6_pgrad_mean_over_mistakes(w, X, y):
    mask = y * (X @ w) <= 0
    if mask.sum() == 0:
        return np.zeros_like(w, dtype=float)
    return -(y[mask][:, None] * X[mask]).mean(axis=0)


@wrong(PG, "the mistakes", "only the mistakes", "mask")
def h6_pgrad_all_points(w, X, y):
    return -(y[:, None] * X).sum(axis=0) / len(y)


@wrong(PG, "the label", "y_i x_i", "times y")
def h6_pgrad_no_label(w, X, y):
    mask = y * (X @ w) <= 0
    return -X[mask].sum(axis=0) / len(y)


@wrong(PG, "axis=0", "shaped like w", "wrong axis")
def h6_pgrad_axis(w, X, y):
    mask = (y * (X @ w) <= 0).astype(float)
    return -np.sum((mask * y)[:, None] * X, axis=1) / len(y)


@wrong(PG, "number of samples", "len(y)", "divide by n")
def h6_pgrad_divides_by_d(w, X, y):
    d = X.shape[1]
    g = np.zeros(d)
    for xi, yi in zip(X, y):
        if yi * (xi @ w) <= 0:
            g = g - yi * xi
    return g / d


@correct(PG)
def h6_pgrad_ok_matrix(w, X, y):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    active = (y * (X @ w) <= 0).astype(float)
    return -(X.T @ (active * y)) / len(y)


@correct(PG)
def h6_pgrad_ok_loop_list(w, X, y):
    n, d = len(X), len(w)
    g = [0.0] * d
    for i in range(n):
        if float(y[i]) * float(np.dot(X[i], w)) <= 0:
            for j in range(d):
                g[j] -= float(y[i]) * float(X[i][j]) / n
    return np.array(g)


@correct(PG)
def h6_pgrad_ok_where(w, X, y):
    m = y * (X @ w)
    coeff = np.where(m <= 0, -y, 0.0) / X.shape[0]
    return coeff @ X


# ---------------------------------------------------------------------------------------
# Exercise 8: logistic_loss
# ---------------------------------------------------------------------------------------


@wrong(LL, "mean", "divide by n", "1/n")
def h6_lloss_sum(w, X, y):
    return np.sum(np.logaddexp(0, -y * (X @ w)))


@wrong(LL, "natural log", "np.log", "not log10")
def h6_lloss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


@wrong(LL, "np.exp", "math.exp", "arrays")
def h6_lloss_math_exp(w, X, y):
    import math

    m = y * (X @ w)
    return np.mean(np.log(1 + math.exp(-m)))


@wrong(LL, "minus sign", "-y", "exp(-m)")
def h6_lloss_sign(w, X, y):
    return np.mean(np.log(1 + np.exp(y * (X @ w))))


# Written as a wrong solution (np.exp overflows for margins beyond about 700), but the
# statement asks for no numerical range and the check keeps its margins below 30: by the
# statement this is a correct solution, and it is measured as one.
@correct(LL)
def h6_lloss_overflow(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        total += np.log(1.0 + np.exp(-yi * float(xi @ w)))
    return total / len(y)


@wrong(LL, "the label", "times y", "y_i")
def h6_lloss_no_label(w, X, y):
    return np.mean(np.log1p(np.exp(-(X @ w))))


@wrong(LL, "negative", "minus", "-log", "sign")
def h6_lloss_log_sigma(w, X, y):
    m = y * (X @ w)
    return np.mean(np.log(1 / (1 + np.exp(-m))))


@correct(LL)
def h6_lloss_ok_softplus_loop(w, X, y):
    import math

    total = 0.0
    for xi, yi in zip(X, y):
        m = float(yi) * float(np.dot(w, xi))
        total += max(-m, 0.0) + math.log1p(math.exp(-abs(m)))
    return total / len(y)


@correct(LL)
def h6_lloss_ok_logaddexp(w, X, y):
    return np.logaddexp(0.0, -np.asarray(y) * (np.asarray(X) @ w)).mean()


# ---------------------------------------------------------------------------------------
# Exercise 8: logistic_gradient
# ---------------------------------------------------------------------------------------


def _h6_sigma(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


@wrong(LG, "minus sign", "-(1/n)", "sign")
def h6_lgrad_no_minus(w, X, y):
    m = y * (X @ w)
    return (y * _h6_sigma(-m)) @ X / len(y)


@wrong(LG, "sigma(-m)", "wrong label", "minus inside")
def h6_lgrad_sigma_plus(w, X, y):
    m = y * (X @ w)
    return -(y * _h6_sigma(m)) @ X / len(y)


@wrong(LG, "mean", "divide by n", "1/n")
def h6_lgrad_sum(w, X, y):
    m = y * (X @ w)
    return -X.T @ (y * _h6_sigma(-m))


@wrong(LG, "the label", "y_i x_i", "times y")
def h6_lgrad_no_label_outside(w, X, y):
    m = y * (X @ w)
    return -X.T @ _h6_sigma(-m) / len(y)


@wrong(LG, "y inside", "y_i w", "the label")
def h6_lgrad_no_label_inside(w, X, y):
    s = 1 / (1 + np.exp(X @ w))
    return -X.T @ (y * s) / len(y)


@wrong(LG, "the sigmoid", "sigma", "weight each point")
def h6_lgrad_no_sigma(w, X, y):
    return -(y @ X) / len(y)


@correct(LG)
def h6_lgrad_ok_expit(w, X, y):
    from scipy.special import expit

    y = np.asarray(y, dtype=float)
    return -(X.T @ (y * expit(-y * (X @ w)))) / len(y)


@correct(LG)
def h6_lgrad_ok_loop(w, X, y):
    import math

    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        m = float(yi) * float(np.dot(w, xi))
        if m >= 0:
            p = math.exp(-m) / (1.0 + math.exp(-m))
        else:
            p = 1.0 / (1.0 + math.exp(m))
        g = g - float(yi) * p * np.asarray(xi, dtype=float)
    return g / len(y)


# ---------------------------------------------------------------------------------------
# Exercise 8: gradient_descent
# ---------------------------------------------------------------------------------------


@wrong(GD, "in place", "w0", "copy", "w = w -")
def h6_gd_in_place(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return w


@wrong(GD, "minus", "descent", "downhill", "sign")
def h6_gd_ascent(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(GD, "n_steps", "range", "off by one")
def h6_gd_one_short(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for step in range(1, n_steps):
        w = w - lr * gradient(w)
    return w


@wrong(GD, "n_steps", "one step too many", "off by one")
def h6_gd_one_extra(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    step = 0
    while step <= n_steps:
        w = w - lr * gradient(w)
        step += 1
    return w


@wrong(GD, "current w", "gradient(w)", "not w0")
def h6_gd_gradient_at_start(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(n_steps):
        w = w - lr * gradient(w0)
    return w


@wrong(GD, "return", "final w", "the result")
def h6_gd_returns_w0(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(n_steps):
        w = w - lr * gradient(w)
    return w0


@wrong(GD, "learning rate", "lr", "step size")
def h6_gd_no_lr(gradient, w0, lr, n_steps):
    w = np.copy(w0)
    for _ in range(n_steps):
        w = w - gradient(w)
    return w


@correct(GD)
def h6_gd_ok_list_history(gradient, w0, lr, n_steps):
    path = [np.array(w0, dtype=float)]
    for _ in range(n_steps):
        path.append(path[-1] - lr * np.asarray(gradient(path[-1])))
    return path[-1]


@correct(GD)
def h6_gd_ok_copy_inplace(gradient, w0, lr, n_steps):
    w = w0.copy()
    k = n_steps
    while k > 0:
        w -= lr * gradient(w.copy())
        k -= 1
    return w


# ---------------------------------------------------------------------------------------
# Exercise 9: pocket
# ---------------------------------------------------------------------------------------


def _h6_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


@wrong(PK, "strictly fewer", "< not <=", "first best")
def h6_pocket_ties_replace(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h6_errors(X, y, w, b)
                if err <= best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "copy", "alias", "in place")
def h6_pocket_no_copy(X, y, max_epochs=50):
    w = np.zeros(X.shape[1])
    b = 0.0
    best_w, best_b, best_err = w, b, len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                clean = False
                err = _h6_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w, b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "<= 0", "training errors", "on the hyperplane")
def h6_pocket_strict_count(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, len(y))
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = int(np.sum(y * (X @ w + b) < 0))
                if err < best[2]:
                    best = (w.copy(), b, err)
        if clean:
            break
    return best


@wrong(PK, "start at n", "pocket holds", "initial count")
def h6_pocket_starts_at_zero(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, 0
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h6_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "every update", "after each update", "not per epoch")
def h6_pocket_per_epoch(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
        err = _h6_errors(X, y, w, b)
        if err < best_err:
            best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "the pocket", "return the pocket", "not the last")
def h6_pocket_returns_last(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_err = len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                clean = False
                err = _h6_errors(X, y, w, b)
                if err < best_err:
                    best_err = err
        if clean:
            break
    return w, b, best_err


@wrong(PK, "new weights", "after the update", "count after")
def h6_pocket_counts_old(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                err = _h6_errors(X, y, w, b)
                w, b = w + yi * xi, b + yi
                clean = False
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@wrong(PK, "n_errors", "training errors", "not updates")
def h6_pocket_returns_updates(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    n_updates = 0
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
                clean = False
                err = _h6_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, n_updates


@wrong(PK, "the bias", "update b", "b + y")
def h6_pocket_no_bias_update(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_err = w.copy(), b, len(y)
    for epoch in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w = w + yi * xi
                clean = False
                err = _h6_errors(X, y, w, b)
                if err < best_err:
                    best_w, best_b, best_err = w.copy(), b, err
        if clean:
            break
    return best_w, best_b, best_err


@correct(PK)
def h6_pocket_ok_absorbed(X, y, max_epochs=50):
    Z = np.column_stack([np.asarray(X, dtype=float), np.ones(len(X))])
    y = np.asarray(y, dtype=float)
    v = np.zeros(Z.shape[1])
    pocket_v, pocket_err = v.copy(), len(y)
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        updated = False
        for z, label in zip(Z, y):
            if label * (z @ v) <= 0:
                v = v + label * z
                updated = True
                err = int(np.count_nonzero(y * (Z @ v) <= 0))
                if err < pocket_err:
                    pocket_v, pocket_err = v.copy(), err
        if not updated:
            break
    return [pocket_v[:-1].tolist(), float(pocket_v[-1]), pocket_err]


@correct(PK)
def h6_pocket_ok_dict_state(X, y, max_epochs=50):
    w = np.zeros(np.shape(X)[1])
    b = 0.0
    pocket_state = {"w": w.copy(), "b": b, "err": len(y)}
    for epoch in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            if y[i] * (np.dot(X[i], w) + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                mistakes += 1
                errs = sum(1 for j in range(len(y)) if y[j] * (np.dot(X[j], w) + b) <= 0)
                if errs < pocket_state["err"]:
                    pocket_state = {"w": np.array(w), "b": b, "err": errs}
        if mistakes == 0:
            break
    return pocket_state["w"], pocket_state["b"], pocket_state["err"]


# ---------------------------------------------------------------------------------------
# Exercise 10: kernel_perceptron
# ---------------------------------------------------------------------------------------


@wrong(KP, "<= 0", "not < 0", "first update")
def h6_kp_strict(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for epoch in range(max_epochs):
        changed = False
        for i in range(len(y)):
            f = np.sum(c * y * K[:, i])
            if y[i] * f < 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "the labels", "y_j", "c_j y_j")
def h6_kp_no_label(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for epoch in range(max_epochs):
        changed = False
        for i in range(len(y)):
            f = np.sum(c * K[:, i])
            if y[i] * f <= 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "in order", "one sample at a time", "current counts", "batch")
def h6_kp_batch(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for epoch in range(max_epochs):
        f = K @ (c * y)
        bad = y * f <= 0
        if not bad.any():
            break
        c = c + bad.astype(int)
    return c


@wrong(KP, "add 1", "counts", "not y_i")
def h6_kp_signed_counts(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    alpha = np.zeros(len(y))
    for epoch in range(max_epochs):
        changed = False
        for i in range(len(y)):
            f = alpha @ K[:, i]
            if y[i] * f <= 0:
                alpha[i] += y[i]
                changed = True
        if not changed:
            break
    return alpha


@wrong(KP, "max_epochs", "range", "off by one")
def h6_kp_short_range(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = [0] * len(y)
    for epoch in range(max_epochs - 1):
        changed = False
        for i in range(len(y)):
            f = sum(c[j] * y[j] * K[j, i] for j in range(len(y)))
            if y[i] * f <= 0:
                c[i] += 1
                changed = True
        if not changed:
            break
    return c


@wrong(KP, "whole sweep", "clean sweep", "stopping rule")
def h6_kp_stops_at_correct_point(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for epoch in range(max_epochs):
        stop = False
        for i in range(len(y)):
            f = np.dot(c * y, K[:, i])
            if y[i] * f <= 0:
                c[i] += 1
            elif c.sum() > 0:
                stop = True
                break
        if stop:
            break
    return c


@correct(KP)
def h6_kp_ok_pairwise(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    n = len(y)
    c = [0] * n
    for epoch in range(max_epochs):
        clean = True
        for i in range(n):
            f = 0.0
            for j in range(n):
                if c[j]:
                    f += c[j] * y[j] * kernel(X[j : j + 1], X[i : i + 1])[0, 0]
            if y[i] * f <= 0:
                c[i] += 1
                clean = False
        if clean:
            break
    return c


@correct(KP)
def h6_kp_ok_running_scores(X, y, kernel, max_epochs=100):
    y = np.asarray(y, dtype=float)
    K = np.asarray(kernel(X, X), dtype=float)
    counts = np.zeros(len(y), dtype=np.int64)
    scores = np.zeros(len(y))
    for epoch in range(max_epochs):
        n_mistakes = 0
        for i in range(len(y)):
            if y[i] * scores[i] <= 0:
                counts[i] += 1
                scores = scores + y[i] * K[i]
                n_mistakes += 1
        if n_mistakes == 0:
            break
    return counts


# ---------------------------------------------------------------------------------------
# Exercise 10: kernel_predict
# ---------------------------------------------------------------------------------------


@wrong(KPR, "np.sign", "tie at zero", ">= 0")
def h6_kpr_sign(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    return np.sign((np.asarray(counts) * y_train) @ K)


@wrong(KPR, ">= 0", "not > 0", "tie at zero")
def h6_kpr_strict(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    f = (np.asarray(counts) * y_train) @ K
    return np.where(f > 0, 1, -1)


@wrong(KPR, "the labels", "y_j", "c_j y_j")
def h6_kpr_no_label(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    f = np.asarray(counts) @ K
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "order", "kernel(X_train, X_new)", "transpose")
def h6_kpr_swapped_kernel(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_new, X_train)
    f = (np.asarray(counts) * y_train) @ K
    return np.where(f >= 0, 1, -1)


@wrong(KPR, "the counts", "c_j", "mistake counts")
def h6_kpr_no_counts(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_train, X_new)
    f = np.asarray(y_train) @ K
    return np.where(f >= 0, 1, -1)


@correct(KPR)
def h6_kpr_ok_loop(X_train, y_train, counts, kernel, X_new):
    out = []
    for x in np.asarray(X_new):
        k = kernel(np.asarray(X_train), x.reshape(1, -1)).ravel()
        f = float(np.dot(np.asarray(counts, dtype=float) * np.asarray(y_train), k))
        out.append(1 if f >= 0 else -1)
    return out


@correct(KPR)
def h6_kpr_ok_transposed(X_train, y_train, counts, kernel, X_new):
    K = kernel(X_new, X_train)
    f = K @ (np.asarray(counts) * np.asarray(y_train))
    return np.where(f < 0, -1.0, 1.0)


# ---------------------------------------------------------------------------------------
# Exercise 11: select_model
# ---------------------------------------------------------------------------------------


@wrong(MS, "inside the pipeline", "leak", "scaler")
def h6_select_scaled_before(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    pipe = Pipeline([("clf", LogisticRegression(max_iter=1000))])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_scaled, y_train)
    return search


@wrong(MS, "the search", "fitted search", "not best_estimator_")
def h6_select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_train, y_train)
    return search.best_estimator_


@wrong(MS, "k >= 3", "at least 3", "folds", "cv=")
def h6_select_two_folds(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    grid = {"clf__penalty": [None, "l2"], "clf__alpha": [1e-4]}
    return GridSearchCV(pipe, grid, cv=2).fit(X_train, y_train)


@wrong(MS, "penalty", "alpha", "same model", "change the model")
def h6_select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    grid = {"clf__alpha": [1e-4, 1e-3, 1e-2]}
    search = GridSearchCV(pipe, grid, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "fit", "fitted", "call fit")
def h6_select_unfitted(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    search = GridSearchCV(pipe, {"logisticregression__C": [0.1, 1.0]}, cv=5)
    return search


@wrong(MS, "all the training rows", "every row", "subset")
def h6_select_subsample(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    n = min(len(y_train), 200)
    pipe = Pipeline(
        [("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))]
    )
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_train[:n], y_train[:n])
    return search


@wrong(MS, "at least two", "two settings", "one setting", "grid")
def h6_select_single_setting(X_train, y_train):
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


@correct(MS)
def h6_select_ok_two_models(X_train, y_train):
    from sklearn.linear_model import LogisticRegression, Perceptron
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    grid = [
        {"clf": [Perceptron(random_state=0)], "clf__penalty": [None, "l2"]},
        {"clf": [LogisticRegression(max_iter=2000)], "clf__C": [0.1, 1.0]},
    ]
    cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
    search = GridSearchCV(pipe, grid, cv=cv, scoring="accuracy")
    return search.fit(X_train, y_train)


@correct(MS)
def h6_select_ok_minmax_imputer(X_train, y_train):
    from sklearn.impute import SimpleImputer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipe = make_pipeline(
        SimpleImputer(strategy="median"),
        MinMaxScaler(),
        LogisticRegression(max_iter=3000),
    )
    search = GridSearchCV(pipe, {"logisticregression__C": [1.0, 10.0, 100.0]}, cv=3)
    search.fit(X_train, y_train)
    return search


@correct(MS)
def h6_select_ok_selector(X_train, y_train):
    from sklearn.feature_selection import SelectKBest, f_classif
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline(
        [
            ("scale", StandardScaler()),
            ("select", SelectKBest(f_classif)),
            ("clf", Perceptron(random_state=0, max_iter=1000)),
        ]
    )
    grid = {"select__k": [10, "all"], "clf__penalty": ["l2"], "clf__alpha": [1e-4, 1e-3]}
    search = GridSearchCV(pipe, grid, cv=5, n_jobs=1)
    search.fit(X_train, y_train)
    return search
