"""A fourth held-out catalogue of learner solutions to the eleven exercises.

Written from the exercise statements only (the notebooks' markdown and stubs), without
looking at the checks or at the other catalogues: each WRONG row is a bug one would expect
in a class doing these exercises for the first time, with the words a teacher would use to
name it; each CORRECT row is a legitimate solution in an unusual style.
"""

import warnings

import numpy as np

from catalogue_kit import registry
from perclab import checks

WRONG, CORRECT, wrong, correct = registry()


P = checks.check_predict_labels
M = checks.check_is_mistake
U = checks.check_one_update
T = checks.check_train_until_clean
AB = checks.check_absorb_bias
TA = checks.check_train_absorbed
R = checks.check_radius
MG = checks.check_margin
MB = checks.check_mistake_bound
PS = checks.check_proof_steps
PL = checks.check_perceptron_loss
PG = checks.check_perceptron_gradient
LL = checks.check_logistic_loss
LG = checks.check_logistic_gradient
GD = checks.check_gradient_descent
PK = checks.check_pocket
KP = checks.check_kernel_perceptron
KR = checks.check_kernel_predict
MS = checks.check_model_selection


# ---------------------------------------- Exercise 1: predict
@wrong(P, "np.sign", "tie", ">= 0")
def h4_predict_np_sign(X, w, b):
    return np.sign(np.asarray(X) @ w + b)


@wrong(P, ">= 0", "tie")
def h4_predict_strict(X, w, b):
    return np.where(np.asarray(X) @ w + b > 0, 1, -1)


@wrong(P, "bias")
def h4_predict_no_bias(X, w, b):
    return np.where(np.asarray(X) @ w >= 0, 1, -1)


@wrong(P, "-1", "labels", "0 and 1")
def h4_predict_zero_one(X, w, b):
    return (np.asarray(X) @ w + b >= 0).astype(int)


@wrong(P, "every row", "range", "length")
def h4_predict_loop_short(X, w, b):
    labels = []
    for i in range(len(X) - 1):
        s = sum(X[i][j] * w[j] for j in range(len(w))) + b
        labels.append(1 if s >= 0 else -1)
    return labels


@wrong(P, "bias", "+ b", "sign")
def h4_predict_threshold(X, w, b):
    # read b as a threshold: w.x >= b
    return np.where(np.asarray(X) @ w >= b, 1, -1)


@correct(P)
def h4_predict_arith(X, w, b):
    s = np.asarray(X, dtype=float) @ np.asarray(w, dtype=float) + b
    return 2 * (s >= 0) - 1


@correct(P)
def h4_predict_sign_fixed(X, w, b):
    s = np.dot(X, w) + b
    return np.sign(s) + (s == 0)


@correct(P)
def h4_predict_comprehension(X, w, b):
    return [1.0 if float(np.dot(row, w)) + b >= 0 else -1.0 for row in X]


# ---------------------------------------- Exercise 1: mistake
@wrong(M, "<= 0", "tie")
def h4_mistake_strict(x, y, w, b):
    return y * (w @ x + b) < 0


@wrong(M, "label", "y")
def h4_mistake_no_label(x, y, w, b):
    return w @ x + b <= 0


@wrong(M, "bias")
def h4_mistake_no_bias(x, y, w, b):
    return y * np.dot(w, x) <= 0


@wrong(M, "tie", "hyperplane", "<= 0")
def h4_mistake_via_prediction(x, y, w, b):
    label = 1 if w @ x + b >= 0 else -1
    return label != y


@wrong(M, "invert", "opposite", "<= 0")
def h4_mistake_inverted(x, y, w, b):
    return bool(y * (w @ x + b) > 0)


@wrong(M, "parenthes", "bracket", "bias")
def h4_mistake_precedence(x, y, w, b):
    return y * w @ x + b <= 0


@correct(M)
def h4_mistake_sign_compare(x, y, w, b):
    s = float(np.dot(w, x) + b)
    return s == 0 or np.sign(s) != y


@correct(M)
def h4_mistake_int(x, y, w, b):
    total = b
    for wi, xi in zip(w, x):
        total += wi * xi
    return int(not (y * total > 0))


# ---------------------------------------- Exercise 2: update
@wrong(U, "in place", "copy")
def h4_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "bias", "b +")
def h4_update_forgets_bias(w, b, x, y, lr=1.0):
    if y * (np.dot(w, x) + b) <= 0:
        return w + lr * y * x, b
    return w.copy(), b


@wrong(U, "<= 0", "zero", "strict")
def h4_update_strict(w, b, x, y, lr=1.0):
    if y * (w @ x + b) < 0:
        return w + lr * y * x, b + lr * y
    return w.copy(), b


@wrong(U, "lr", "learning rate")
def h4_update_no_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + y * x, b + y
    return w.copy(), b


@wrong(U, "label", "y")
def h4_update_no_label(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * x, b + lr
    return w.copy(), b


@wrong(U, "mistake", "condition", "only")
def h4_update_always(w, b, x, y, lr=1.0):
    return w + lr * y * x, b + lr * y


@wrong(U, "order")
def h4_update_order(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return b + lr * y, w + lr * y * x
    return b, w.copy()


@wrong(U, "in place", "copy", "alias")
def h4_update_alias(w, b, x, y, lr=1.0):
    w_new = np.asarray(w)
    if y * (w_new @ x + b) <= 0:
        w_new += lr * y * np.asarray(x)
        b = b + lr * y
    return w_new, b


@wrong(U, "integer", "float", "dtype")
def h4_update_int_array(w, b, x, y, lr=1.0):
    w_new = np.zeros_like(x)
    w_new[:] = w
    if y * (w @ x + b) <= 0:
        w_new[:] = w + lr * y * x
        b = b + lr * y
    return w_new, b


@correct(U)
def h4_update_lists(w, b, x, y, lr=1.0):
    score = sum(float(a) * float(c) for a, c in zip(w, x)) + b
    if y * score <= 0:
        return [float(a) + lr * y * float(c) for a, c in zip(w, x)], b + lr * y
    return [float(a) for a in w], b


@correct(U)
def h4_update_mask(w, b, x, y, lr=1.0):
    step = float(y * (np.dot(w, x) + b) <= 0) * lr * y
    return np.add(w, step * np.asarray(x, dtype=float)), b + step


@correct(U)
def h4_update_copy_then_modify(w, b, x, y, lr=1.0):
    w_new = np.array(w, dtype=float, copy=True)
    if y * (w_new @ x + b) <= 0:
        w_new += lr * y * np.asarray(x, dtype=float)
        b += lr * y
    return (w_new, b)


# ---------------------------------------- Exercise 3: training
def _h4_clean_loop(X, y, max_epochs, strict=False, update_bias=True):
    X = np.asarray(X, dtype=float)
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for epochs in range(1, max_epochs + 1):
        changed = False
        for xi, yi in zip(X, y):
            s = yi * (w @ xi + b)
            if (s < 0) if strict else (s <= 0):
                w = w + yi * xi
                if update_bias:
                    b = b + yi
                n_updates += 1
                changed = True
        if not changed:
            break
    return w, b, n_updates, epochs


@wrong(T, "whole sweep", "clean sweep")
def h4_train_stop_on_first_correct(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b, n_updates, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    done = False
    while not done and epochs < max_epochs:
        epochs += 1
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                n_updates += 1
            else:
                done = True
                break
    return w, b, n_updates, epochs


@wrong(T, "final", "clean", "epochs")
def h4_train_epochs_without_clean(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b, n_updates, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    for _ in range(max_epochs):
        made = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                made += 1
        if made == 0:
            break
        epochs += 1
        n_updates += made
    return w, b, n_updates, epochs


@wrong(T, "<= 0", "strict")
def h4_train_strict(X, y, max_epochs=100):
    return _h4_clean_loop(X, y, max_epochs, strict=True)


@wrong(T, "counter", "reset", "total")
def h4_train_counter_reset(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    for epoch in range(1, max_epochs + 1):
        n_updates = 0
        for i in range(len(X)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b += y[i]
                n_updates += 1
        if n_updates == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "bias")
def h4_train_no_bias(X, y, max_epochs=100):
    return _h4_clean_loop(X, y, max_epochs, update_bias=False)


@wrong(T, "order", "sequential", "one at a time")
def h4_train_batch_update(X, y, max_epochs=100):
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        wrong_ = y * (X @ w + b) <= 0
        if not wrong_.any():
            break
        w = w + (y[wrong_, None] * X[wrong_]).sum(axis=0)
        b = b + y[wrong_].sum()
        n_updates += int(wrong_.sum())
    return w, b, n_updates, epoch


@wrong(T, "max_epochs", "off-by-one", "range")
def h4_train_one_epoch_short(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b, n_updates, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    for epochs in range(1, max_epochs):
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
def h4_train_return_order(X, y, max_epochs=100):
    w, b, n, epochs = _h4_clean_loop(X, y, max_epochs)
    return w, b, epochs, n


@wrong(T, "count", "updates")
def h4_train_counts_epochs_with_updates(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    while epochs < max_epochs:
        epochs += 1
        mistakes = 0
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                mistakes += 1
        if mistakes == 0:
            break
        n_updates += 1
    return w, b, n_updates, epochs


@correct(T)
def h4_train_while(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w, b = [0.0] * X.shape[1], 0.0
    n_updates, epochs, clean = 0, 0, False
    while not clean and epochs < max_epochs:
        epochs += 1
        clean = True
        i = 0
        while i < len(X):
            s = sum(wj * xj for wj, xj in zip(w, X[i])) + b
            if y[i] * s <= 0:
                w = [wj + y[i] * xj for wj, xj in zip(w, X[i])]
                b += y[i]
                n_updates += 1
                clean = False
            i += 1
    return [w, b, n_updates, epochs]


@correct(T)
def h4_train_with_perclab(X, y, max_epochs=100):
    import perclab

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(X, y, max_epochs=max_epochs)
    return run.w, run.b, run.n_updates, run.epochs


@correct(T)
def h4_train_helper(X, y, max_epochs=100):
    return _h4_clean_loop(X, y, max_epochs)


# ---------------------------------------- Exercise 4: absorb
@wrong(AB, "last", "append", "first")
def h4_absorb_prepend(X):
    return np.hstack([np.ones((len(X), 1)), X])


@wrong(AB, "column", "axis", "row")
def h4_absorb_row(X):
    return np.vstack([X, np.ones((1, np.shape(X)[1]))])


@wrong(AB, "ones", "1")
def h4_absorb_zeros(X):
    return np.column_stack([X, np.zeros(len(X))])


@wrong(AB, "axis", "column", "flatten")
def h4_absorb_flat(X):
    return np.append(X, np.ones(len(X)))


@correct(AB)
def h4_absorb_fill(X):
    X = np.asarray(X)
    out = np.ones((X.shape[0], X.shape[1] + 1), dtype=float)
    out[:, :-1] = X
    return out


@correct(AB)
def h4_absorb_pad(X):
    return np.pad(np.asarray(X, dtype=float), ((0, 0), (0, 1)), constant_values=1.0)


# ---------------------------------------- Exercise 4: train absorbed
def _h4_train_no_bias(Z, y, max_epochs, strict=False):
    Z = np.asarray(Z, dtype=float)
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        changed = False
        for zi, yi in zip(Z, y):
            s = yi * (w @ zi)
            if (s < 0) if strict else (s <= 0):
                w = w + yi * zi
                changed = True
        if not changed:
            break
    return w


@wrong(TA, "fit_bias", "twice", "bias")
def h4_absorbed_bias_twice(X, y, max_epochs=100):
    import perclab

    Z = np.column_stack([X, np.ones(len(X))])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(Z, y, max_epochs=max_epochs)
    return run.w[:-1], run.w[-1]


@wrong(TA, "last", "split", "first")
def h4_absorbed_split_first(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    w_t = _h4_train_no_bias(Z, y, max_epochs)
    return w_t[1:], w_t[0]


@wrong(TA, "split", "last", "drop")
def h4_absorbed_no_split(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    w_t = _h4_train_no_bias(Z, y, max_epochs)
    return w_t, w_t[-1]


@wrong(TA, "<= 0", "strict")
def h4_absorbed_strict(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    w_t = _h4_train_no_bias(Z, y, max_epochs, strict=True)
    return w_t[:-1], w_t[-1]


@wrong(TA, "absorb", "ones", "bias")
def h4_absorbed_forgot_to_absorb(X, y, max_epochs=100):
    w = _h4_train_no_bias(X, y, max_epochs)
    return w, 0.0


@wrong(TA, "order")
def h4_absorbed_order(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    w_t = _h4_train_no_bias(Z, y, max_epochs)
    return w_t[-1], w_t[:-1]


@correct(TA)
def h4_absorbed_perclab(X, y, max_epochs=100):
    import perclab

    Z = perclab.absorb_bias(np.asarray(X, dtype=float))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = perclab.train(Z, y, fit_bias=False, max_epochs=max_epochs)
    *w, b = list(run.w)
    return w, b


@correct(TA)
def h4_absorbed_own_loop(X, y, max_epochs=100):
    Z = np.hstack([np.asarray(X, dtype=float), np.ones((len(X), 1))])
    w_t = _h4_train_no_bias(Z, y, max_epochs)
    return (w_t[: Z.shape[1] - 1], float(w_t[Z.shape[1] - 1]))


# ---------------------------------------- Exercise 5: radius
@wrong(R, "origin", "centre", "mean")
def h4_radius_centred(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    if fit_bias:
        X = np.column_stack([X, np.ones(len(X))])
    return np.max(np.linalg.norm(X - X.mean(axis=0), axis=1))


@wrong(R, "sqrt", "square")
def h4_radius_squared(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    sq = (X**2).sum(axis=1)
    if fit_bias:
        sq = sq + 1
    return sq.max()


@wrong(R, "fit_bias", "absorb")
def h4_radius_ignores_fit_bias(X, fit_bias=False):
    return float(np.max(np.linalg.norm(np.asarray(X, dtype=float), axis=1)))


@wrong(R, "axis", "row")
def h4_radius_axis0(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    if fit_bias:
        X = np.hstack([X, np.ones((len(X), 1))])
    return np.linalg.norm(X, axis=0).max()


@wrong(R, "absorb", "sqrt", "norm")
def h4_radius_plus_one(X, fit_bias=False):
    r = max(np.linalg.norm(row) for row in np.asarray(X, dtype=float))
    return r + 1 if fit_bias else r


@wrong(R, "max")
def h4_radius_min(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    if fit_bias:
        X = np.c_[X, np.ones(len(X))]
    return np.linalg.norm(X, axis=1).min()


@correct(R)
def h4_radius_loop(X, fit_bias=False):
    best = 0.0
    for row in X:
        sq = sum(float(v) ** 2 for v in row) + (1.0 if fit_bias else 0.0)
        best = max(best, sq)
    return best**0.5


@correct(R)
def h4_radius_einsum(X, fit_bias=False):
    X = np.asarray(X, dtype=float)
    return float(np.sqrt(np.einsum("ij,ij->i", X, X).max() + float(fit_bias)))


# ---------------------------------------- Exercise 5: margin
@wrong(MG, "norm", "divide", "scal")
def h4_margin_no_norm(X, y, w, b=0.0):
    return np.min(y * (np.asarray(X) @ w + b))


@wrong(MG, "bias")
def h4_margin_no_bias(X, y, w, b=0.0):
    return np.min(y * (np.asarray(X) @ w)) / np.linalg.norm(w)


@wrong(MG, "abs", "negative", "label")
def h4_margin_abs(X, y, w, b=0.0):
    return np.min(np.abs(np.asarray(X) @ w + b)) / np.linalg.norm(w)


@wrong(MG, "min")
def h4_margin_max(X, y, w, b=0.0):
    return np.max(y * (np.asarray(X) @ w + b)) / np.linalg.norm(w)


@wrong(MG, "norm", "only")
def h4_margin_norm_with_b(X, y, w, b=0.0):
    return np.min(y * (np.asarray(X) @ w + b)) / np.sqrt(np.dot(w, w) + b**2)


@wrong(MG, "sqrt", "norm", "square")
def h4_margin_squared_norm(X, y, w, b=0.0):
    w = np.asarray(w, dtype=float)
    return np.min(y * (np.asarray(X) @ w + b)) / (w @ w)


@wrong(MG, "min", "mean")
def h4_margin_mean(X, y, w, b=0.0):
    return np.mean(y * (np.asarray(X) @ w + b)) / np.linalg.norm(w)


@correct(MG)
def h4_margin_normalise_first(X, y, w, b=0.0):
    w = np.asarray(w, dtype=float)
    n = np.sqrt(np.sum(w * w))
    u, c = w / n, b / n
    return min(float(yi) * (float(np.dot(u, xi)) + c) for xi, yi in zip(X, y))


@correct(MG)
def h4_margin_distances(X, y, w, b=0.0):
    dist = np.asarray(X, dtype=float) @ np.asarray(w, dtype=float) + b
    dist = dist / np.linalg.norm(w)
    return float((np.asarray(y) * dist).min())


# ---------------------------------------- Exercise 5: bound
@wrong(MB, "absorb", "radius", "1")
def h4_bound_radius_not_absorbed(X, y, w, b):
    X = np.asarray(X, dtype=float)
    r = np.max(np.linalg.norm(X, axis=1))
    g = np.min(y * (X @ w + b)) / np.sqrt(np.dot(w, w) + b * b)
    return r**2 / g**2


@wrong(MB, "norm", "absorb", "bias")
def h4_bound_norm_of_w(X, y, w, b):
    X = np.asarray(X, dtype=float)
    r = np.sqrt(np.max(np.sum(X**2, axis=1) + 1))
    g = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return r**2 / g**2


@wrong(MB, "square", "^2")
def h4_bound_not_squared(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    u = np.append(w, b)
    r = np.linalg.norm(Z, axis=1).max()
    g = np.min(y * (Z @ u)) / np.linalg.norm(u)
    return r / g


@wrong(MB, "square", "gamma")
def h4_bound_gamma_not_squared(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    u = np.append(w, b)
    r = np.linalg.norm(Z, axis=1).max()
    g = np.min(y * (Z @ u)) / np.linalg.norm(u)
    return r**2 / g


@wrong(MB, "min")
def h4_bound_gamma_max(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    u = np.append(w, b)
    r = np.linalg.norm(Z, axis=1).max()
    g = np.max(y * (Z @ u)) / np.linalg.norm(u)
    return (r / g) ** 2


@wrong(MB, "norm", "unit", "scal")
def h4_bound_unnormalised(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    r2 = np.max(np.sum(Z * Z, axis=1))
    g = np.min(y * (Z @ np.append(w, b)))
    return r2 / g**2


@correct(MB)
def h4_bound_from_parts(X, y, w, b):
    r2 = max(float(np.dot(x, x)) + 1.0 for x in np.asarray(X, dtype=float))
    norm2 = float(np.dot(w, w)) + float(b) ** 2
    m = min(float(yi) * (float(np.dot(w, xi)) + b) for xi, yi in zip(X, y))
    return r2 * norm2 / m**2


@correct(MB)
def h4_bound_perclab(X, y, w, b):
    import perclab

    Z = perclab.absorb_bias(np.asarray(X, dtype=float))
    u = np.concatenate([np.asarray(w, dtype=float), [b]])
    r = perclab.radius(np.asarray(X, dtype=float), fit_bias=True)
    g = np.min(np.asarray(y) * (Z @ u)) / np.linalg.norm(u)
    return float((r / g) ** 2)


# ---------------------------------------- Exercise 6: proof
@wrong(PS, "differ", "previous", "diff")
def h4_proof_no_difference(W, w_star):
    W = np.asarray(W, dtype=float)
    norms = np.sum(W**2, axis=1)
    return W[1:] @ w_star, np.diff(norms)


@wrong(PS, "square", "^2")
def h4_proof_norm_not_squared(W, w_star):
    W = np.asarray(W, dtype=float)
    return np.diff(W @ w_star), np.diff(np.linalg.norm(W, axis=1))


@wrong(PS, "squared norms", "difference")
def h4_proof_norm_of_difference(W, w_star):
    W = np.asarray(W, dtype=float)
    steps = np.diff(W, axis=0)
    return steps @ w_star, np.sum(steps**2, axis=1)


@wrong(PS, "length", "one per update", "K")
def h4_proof_prepend(W, w_star):
    W = np.asarray(W, dtype=float)
    gains = np.diff(W @ w_star, prepend=0.0)
    growths = np.diff(np.sum(W * W, axis=1), prepend=0.0)
    return gains, growths


@wrong(PS, "sign", "order", "reverse")
def h4_proof_reversed(W, w_star):
    W = np.asarray(W, dtype=float)
    proj = W @ w_star
    sq = (W**2).sum(axis=1)
    return proj[:-1] - proj[1:], sq[:-1] - sq[1:]


@wrong(PS, "axis", "row")
def h4_proof_axis(W, w_star):
    W = np.asarray(W, dtype=float)
    gains = np.diff(W @ w_star)
    sq = np.linalg.norm(W, axis=0) ** 2
    return gains, np.diff(sq)


@wrong(PS, "last", "range", "off")
def h4_proof_loop_short(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W) - 1):
        gains.append(W[k] @ w_star - W[k - 1] @ w_star)
        growths.append(W[k] @ W[k] - W[k - 1] @ W[k - 1])
    return gains, growths


@correct(PS)
def h4_proof_loop(W, w_star):
    gains, growths = [], []
    prev = None
    for row in np.asarray(W, dtype=float):
        if prev is not None:
            gains.append(float(np.dot(row - prev, w_star)))
            growths.append(float(np.dot(row, row) - np.dot(prev, prev)))
        prev = row
    return gains, growths


@correct(PS)
def h4_proof_einsum(W, w_star):
    W = np.asarray(W, dtype=float)
    sq = np.einsum("kd,kd->k", W, W)
    return np.diff(W, axis=0) @ np.asarray(w_star, dtype=float), sq[1:] - sq[:-1]


# ---------------------------------------- Exercise 7: loss
@wrong(PL, "mean", "1/n", "average")
def h4_ploss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(PL, "sign", "minus", "-y")
def h4_ploss_sign(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


@wrong(PL, "max", "np.maximum", "0")
def h4_ploss_no_max(w, X, y):
    return np.mean(-y * (X @ w))


@wrong(PL, "count", "distance", "score")
def h4_ploss_count(w, X, y):
    return np.mean(y * (X @ w) <= 0)


@wrong(PL, "np.maximum", "elementwise")
def h4_ploss_global_max(w, X, y):
    m = -y * (X @ w)
    return np.mean(np.max([np.zeros_like(m), m]))


@wrong(PL, "norm", "divide", "||w||")
def h4_ploss_divides_norm(w, X, y):
    with np.errstate(all="ignore"):
        return np.mean(np.maximum(0.0, -y * (X @ w))) / np.linalg.norm(w)


@wrong(PL, "1/n", "all", "mistakes")
def h4_ploss_mean_over_mistakes(w, X, y):
    m = -y * (X @ w)
    bad = m > 0
    return float(m[bad].mean()) if bad.any() else 0.0


@correct(PL)
def h4_ploss_loop(w, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        total += max(0.0, -float(yi) * float(np.dot(w, xi)))
    return total / len(X)


@correct(PL)
def h4_ploss_clip(w, X, y):
    return float(np.clip(-np.asarray(y) * np.dot(X, w), 0, None).sum() / X.shape[0])


# ---------------------------------------- Exercise 7: gradient
@wrong(PG, "<= 0", "tie")
def h4_pgrad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(y[mask] @ X[mask]) / len(X)


@wrong(PG, "mean", "1/n")
def h4_pgrad_sum(w, X, y):
    mask = y * (X @ w) <= 0
    return -(y[mask] @ X[mask]).astype(float)


@wrong(PG, "sign", "minus")
def h4_pgrad_sign(w, X, y):
    mask = (y * (X @ w) <= 0).astype(float)
    return (mask * y) @ X / len(y)


@wrong(PG, "1/n", "all", "mistakes")
def h4_pgrad_mean_over_mistakes(w, X, y):
    mask = y * (X @ w) <= 0
    if not mask.any():
        return np.zeros_like(w, dtype=float)
    return -np.mean(y[mask, None] * X[mask], axis=0)


@wrong(PG, "axis", "shape")
def h4_pgrad_axis(w, X, y):
    mask = (y * (X @ w) <= 0)[:, None]
    return -(y[:, None] * X * mask).sum(axis=1) / len(X)


@wrong(PG, "mistake", "mask", "only")
def h4_pgrad_all_points(w, X, y):
    return -np.mean(y[:, None] * X, axis=0)


@correct(PG)
def h4_pgrad_loop(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        if yi * np.dot(w, xi) <= 0:
            g = g - yi * np.asarray(xi, dtype=float)
    return g / len(X)


@correct(PG)
def h4_pgrad_where(w, X, y):
    coef = np.where(y * (X @ w) <= 0, -y, 0).astype(float)
    return X.T @ coef / X.shape[0]


# ---------------------------------------- Exercise 8: logistic loss
@wrong(LL, "natural", "ln", "log10")
def h4_lloss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


@wrong(LL, "mean", "1/n")
def h4_lloss_sum(w, X, y):
    return np.sum(np.logaddexp(0, -y * (X @ w)))


@wrong(LL, "sign", "minus", "-y")
def h4_lloss_sign(w, X, y):
    return np.mean(np.log1p(np.exp(y * (X @ w))))


@wrong(LL, "label", "y")
def h4_lloss_no_label(w, X, y):
    return np.mean(np.log(1 + np.exp(-(X @ w))))


@wrong(LL, "dot", "@", "sum")
def h4_lloss_elementwise(w, X, y):
    return np.mean(np.log(1 + np.exp(-y[:, None] * X * w)))


@correct(LL)
def h4_lloss_sigmoid(w, X, y):
    m = y * (X @ w)
    return float(-np.mean(np.log(1.0 / (1.0 + np.exp(-m)))))


@correct(LL)
def h4_lloss_logaddexp(w, X, y):
    return sum(np.logaddexp(0.0, -yi * np.dot(w, xi)) for xi, yi in zip(X, y)) / len(y)


# ---------------------------------------- Exercise 8: gradient
def _h4_sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


@wrong(LG, "sigma", "sign", "wrong label")
def h4_lgrad_sigma_of_m(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h4_sigmoid(m))) / len(y)


@wrong(LG, "sign", "minus")
def h4_lgrad_no_minus(w, X, y):
    m = y * (X @ w)
    return X.T @ (y * _h4_sigmoid(-m)) / len(y)


@wrong(LG, "mean", "1/n")
def h4_lgrad_sum(w, X, y):
    m = y * (X @ w)
    return -(X.T @ (y * _h4_sigmoid(-m)))


@wrong(LG, "label", "y")
def h4_lgrad_no_label(w, X, y):
    m = y * (X @ w)
    return -np.mean(X * _h4_sigmoid(-m)[:, None], axis=0)


@wrong(LG, "axis", "shape")
def h4_lgrad_axis(w, X, y):
    m = y * (X @ w)
    return -np.mean(y[:, None] * X * _h4_sigmoid(-m)[:, None], axis=1)


@wrong(LG, "sigma", "denominator", "1 +")
def h4_lgrad_exp_only(w, X, y):
    m = y * (X @ w)
    return -np.mean((y * np.exp(-m))[:, None] * X, axis=0)


@correct(LG)
def h4_lgrad_loop(w, X, y):
    g = np.zeros(len(w))
    for xi, yi in zip(X, y):
        m = yi * np.dot(w, xi)
        g -= yi * np.asarray(xi, dtype=float) / (1.0 + np.exp(m))
    return g / len(y)


@correct(LG)
def h4_lgrad_tanh(w, X, y):
    # sigma(z) = (1 + tanh(z / 2)) / 2
    s = 0.5 * (1.0 + np.tanh(-0.5 * y * (X @ w)))
    return -np.einsum("i,ij->j", y * s, X) / X.shape[0]


# ---------------------------------------- Exercise 8: descent
@wrong(GD, "in place", "copy")
def h4_gd_in_place(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return w


@wrong(GD, "sign", "minus", "descent")
def h4_gd_ascent(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(GD, "n_steps", "off", "loop")
def h4_gd_one_extra(gradient, w0, lr, n_steps):
    w, k = w0.copy(), 0
    while k <= n_steps:
        w = w - lr * gradient(w)
        k += 1
    return w


@wrong(GD, "lr", "learning rate")
def h4_gd_no_lr(gradient, w0, lr, n_steps):
    w = w0.copy()
    for _ in range(n_steps):
        w = w - gradient(w)
    return w


@wrong(GD, "gradient", "w0", "current")
def h4_gd_gradient_at_start(gradient, w0, lr, n_steps):
    g = gradient(w0)
    w = w0.copy()
    for _ in range(n_steps):
        w = w - lr * g
    return w


@correct(GD)
def h4_gd_reduce(gradient, w0, lr, n_steps):
    from functools import reduce

    return reduce(lambda w, _: w - lr * gradient(w), range(n_steps), w0.copy())


@correct(GD)
def h4_gd_list_history(gradient, w0, lr, n_steps):
    history = [np.asarray(w0, dtype=float).copy()]
    for _ in range(n_steps):
        history.append(history[-1] - lr * np.asarray(gradient(history[-1])))
    return history[-1]


# ---------------------------------------- Exercise 9: pocket
def _h4_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


def _h4_pocket(
    X, y, max_epochs, better, copy=True, count=_h4_errors, every=True, ret="pocket"
):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    pw, pb, perr = w.copy(), 0.0, len(y)
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y):
            if yi * (w @ xi + b) <= 0:
                w += yi * xi
                b += yi
                clean = False
                if every:
                    e = count(X, y, w, b)
                    if better(e, perr):
                        pw, pb, perr = (w.copy() if copy else w), b, e
        if not every and not clean:
            e = count(X, y, w, b)
            if better(e, perr):
                pw, pb, perr = w.copy(), b, e
        if clean:
            break
    if ret == "last":
        return w, b, count(X, y, w, b)
    if ret == "last_count":
        return pw, pb, count(X, y, w, b)
    return pw, pb, perr


@wrong(PK, "strict", "fewer", "<")
def h4_pocket_not_strict(X, y, max_epochs=50):
    return _h4_pocket(X, y, max_epochs, lambda e, p: e <= p)


@wrong(PK, "copy", "alias")
def h4_pocket_no_copy(X, y, max_epochs=50):
    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, copy=False)


@wrong(PK, "every update", "after each")
def h4_pocket_per_epoch(X, y, max_epochs=50):
    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, every=False)


@wrong(PK, "<= 0", "tie")
def h4_pocket_strict_errors(X, y, max_epochs=50):
    def count(X, y, w, b):
        return int(np.sum(y * (X @ w + b) < 0))

    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, count=count)


@wrong(PK, "pocket", "last", "return")
def h4_pocket_returns_last(X, y, max_epochs=50):
    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, ret="last")


@wrong(PK, "count", "pocket's", "n_errors")
def h4_pocket_last_count(X, y, max_epochs=50):
    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, ret="last_count")


@wrong(PK, "<= 0", "tie", "mistake")
def h4_pocket_errors_by_prediction(X, y, max_epochs=50):
    def count(X, y, w, b):
        return int(np.sum(np.where(X @ w + b >= 0, 1, -1) != y))

    return _h4_pocket(X, y, max_epochs, lambda e, p: e < p, count=count)


@correct(PK)
def h4_pocket_plain(X, y, max_epochs=50):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), 0.0, len(y))
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        updated = False
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
                updated = True
                errs = int((y * (X @ w + b) <= 0).sum())
                if errs < best[2]:
                    best = (w, b, errs)
        if not updated:
            break
    return list(best)


@correct(PK)
def h4_pocket_helper(X, y, max_epochs=50):
    w, b, e = _h4_pocket(X, y, max_epochs, lambda e, p: e < p)
    return w.tolist(), float(b), int(e)


# ---------------------------------------- Exercise 10: kernel train
def _h4_kernel_loop(
    X, y, kernel, max_epochs, strict=False, use_y=True, step=None, epochs_extra=0
):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs + epochs_extra):
        clean = True
        for i in range(len(y)):
            f = np.sum(c * (y if use_y else 1) * K[:, i])
            s = y[i] * f
            if (s < 0) if strict else (s <= 0):
                c[i] = c[i] + (1 if step is None else step(y[i]))
                clean = False
        if clean:
            break
    return c


@wrong(KP, "<= 0", "strict")
def h4_kernel_strict(X, y, kernel, max_epochs=100):
    return _h4_kernel_loop(X, y, kernel, max_epochs, strict=True)


@wrong(KP, "label", "y_j")
def h4_kernel_no_label(X, y, kernel, max_epochs=100):
    return _h4_kernel_loop(X, y, kernel, max_epochs, use_y=False)


@wrong(KP, "add", "count", "+= 1")
def h4_kernel_flag(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * ((c * y) @ K[:, i]) <= 0:
                c[i] = 1
                clean = False
        if clean:
            break
    return c


@wrong(KP, "in order", "sweep", "recompute")
def h4_kernel_batch(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    K = kernel(X, X)
    c = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        f = K.T @ (c * y)
        bad = y * f <= 0
        if not bad.any():
            break
        c = c + bad
    return c


@wrong(KP, "1", "count", "label")
def h4_kernel_add_label(X, y, kernel, max_epochs=100):
    return _h4_kernel_loop(X, y, kernel, max_epochs, step=lambda yi: int(yi))


@wrong(KP, "max_epochs", "off", "range")
def h4_kernel_extra_epoch(X, y, kernel, max_epochs=100):
    return _h4_kernel_loop(X, y, kernel, max_epochs, epochs_extra=1)


@correct(KP)
def h4_kernel_column_calls(X, y, kernel, max_epochs=100):
    X = np.asarray(X, dtype=float)
    c = [0] * len(X)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(X)):
            k_col = kernel(X, X[i : i + 1])[:, 0]
            f = sum(c[j] * y[j] * k_col[j] for j in range(len(X)))
            if y[i] * f <= 0:
                c[i] += 1
                mistakes += 1
        if mistakes == 0:
            break
    return c


@correct(KP)
def h4_kernel_helper(X, y, kernel, max_epochs=100):
    return _h4_kernel_loop(X, y, kernel, max_epochs).astype(float)


# ---------------------------------------- Exercise 10: kernel predict
@wrong(KR, ">= 0", "tie")
def h4_kpredict_strict(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_new, X_train) @ (np.asarray(counts) * y_train)
    return np.where(f > 0, 1, -1)


@wrong(KR, "transpose", "orient", "axis")
def h4_kpredict_orientation(X_train, y_train, counts, kernel, X_new):
    K = kernel(np.asarray(X_train), np.asarray(X_new))
    f = K @ (np.asarray(counts) * np.asarray(y_train))
    return np.where(f >= 0, 1, -1)


@wrong(KR, "label", "y")
def h4_kpredict_no_label(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_new, X_train) @ np.asarray(counts, dtype=float)
    return np.where(f >= 0, 1, -1)


@wrong(KR, "np.sign", "tie", "0")
def h4_kpredict_sign(X_train, y_train, counts, kernel, X_new):
    return np.sign(kernel(X_new, X_train) @ (np.asarray(counts) * y_train))


@wrong(KR, "count", "c_j")
def h4_kpredict_no_counts(X_train, y_train, counts, kernel, X_new):
    f = kernel(X_new, X_train) @ np.asarray(y_train, dtype=float)
    return np.where(f >= 0, 1, -1)


@correct(KR)
def h4_kpredict_loop(X_train, y_train, counts, kernel, X_new):
    out = []
    for x in np.asarray(X_new, dtype=float):
        k = kernel(np.asarray(X_train, dtype=float), x[None, :])[:, 0]
        f = sum(cj * yj * kj for cj, yj, kj in zip(counts, y_train, k))
        out.append(1 if f >= 0 else -1)
    return out


@correct(KR)
def h4_kpredict_support_only(X_train, y_train, counts, kernel, X_new):
    counts = np.asarray(counts)
    sv = counts > 0
    if not sv.any():
        return np.ones(len(X_new), dtype=int)
    alpha = counts[sv] * np.asarray(y_train)[sv]
    f = kernel(np.asarray(X_train)[sv], np.asarray(X_new)).T @ alpha
    return 2 * (f >= 0).astype(int) - 1


# ---------------------------------------- Exercise 11: selection
@wrong(MS, "fold", "cv", "3")
def h4_select_two_folds(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=2)
    return search.fit(X_train, y_train)


@wrong(MS, "two", "settings", "grid")
def h4_select_one_setting(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [1.0]}, cv=5)
    search.fit(X_train, y_train)
    return search


@wrong(MS, "inside", "pipeline", "leak")
def h4_select_scaler_outside(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    pipe = Pipeline([("clf", LogisticRegression(max_iter=1000))])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    search.fit(X_scaled, y_train)
    return search


@wrong(MS, "search", "return", "GridSearchCV")
def h4_select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    grid = {"clf__penalty": ["l2"], "clf__alpha": [1e-4, 1e-3, 1e-2]}
    search = GridSearchCV(pipe, grid, cv=5).fit(X_train, y_train)
    return search.best_estimator_


@wrong(MS, "test", "leak", "training rows")
def h4_select_all_data(X_train, y_train):
    import perclab
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    X_all, y_all = perclab.datasets.load_breast_cancer()
    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)
    return search.fit(X_all, y_all)


@wrong(MS, "penalty", "alpha", "same model")
def h4_select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", Perceptron(random_state=0))])
    search = GridSearchCV(pipe, {"clf__alpha": [1e-4, 1e-3, 1e-2]}, cv=5)
    return search.fit(X_train, y_train)


@wrong(MS, "fit")
def h4_select_not_fitted(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    return GridSearchCV(pipe, {"clf__C": [0.1, 1.0, 10.0]}, cv=5)


@correct(MS)
def h4_select_two_models(X_train, y_train):
    from sklearn.linear_model import LogisticRegression, Perceptron
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    grid = [
        {"clf": [LogisticRegression(max_iter=2000)], "clf__C": [0.01, 0.1, 1.0]},
        {"clf": [Perceptron(random_state=0)], "clf__penalty": [None, "l2"]},
    ]
    cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=1)
    search = GridSearchCV(pipe, grid, cv=cv, scoring="balanced_accuracy")
    search.fit(X_train, y_train)
    return search


@correct(MS)
def h4_select_imputer_minmax(X_train, y_train):
    from sklearn.impute import SimpleImputer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipe = make_pipeline(
        SimpleImputer(strategy="median"), MinMaxScaler(), LogisticRegression(max_iter=5000)
    )
    grid = {"logisticregression__C": [0.3, 3.0, 30.0]}
    return GridSearchCV(pipe, grid, cv=3).fit(X_train, y_train)
