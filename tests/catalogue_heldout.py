"""A held-out catalogue of learner solutions, written without looking at the checks'
tables of known slips (and before the general probes of ``perclab.checks._probes``).

``WRONG`` rows are ``(check, function, phrases)``: the hint names the bug or its fix when
the hint, up to the restated rule (``The rule: ...``), contains one of ``phrases`` (the
words a teacher would use) from the start of a word, case ignored. ``CORRECT`` rows are
``(check, function)``, correct solutions in unusual styles.
``tests/test_checks_heldout.py`` asserts the figures the checks reach on it;
``tools/check_catalogue.py --heldout`` prints them.
"""

import functools
import itertools
import math

import numpy as np
from catalogue_kit import registry
from scipy.special import expit

from perclab import checks

WRONG, CORRECT, wrong, correct = registry()


P, M = checks.check_predict_labels, checks.check_is_mistake
U = checks.check_one_update
T = checks.check_train_until_clean
A, TA = checks.check_absorb_bias, checks.check_train_absorbed
R, G, B = checks.check_radius, checks.check_margin, checks.check_mistake_bound
S = checks.check_proof_steps
L, LG = checks.check_perceptron_loss, checks.check_perceptron_gradient
LL, LLG = checks.check_logistic_loss, checks.check_logistic_gradient
D = checks.check_gradient_descent
PO = checks.check_pocket
K, KP = checks.check_kernel_perceptron, checks.check_kernel_predict
MS = checks.check_model_selection


# ---- Exercise 1 -------------------------------------------------------------------


@wrong(P, "np.sign", "exactly 0", "score 0", ">= 0")
def h_predict_plain_sign(X, w, b):
    return np.sign(X @ w + b)


@wrong(P, "-1")
def h_predict_zero_for_negative(X, w, b):
    return np.where(X @ w + b >= 0, 1, 0)


@correct(P)
def h_predict_moved_bias(X, w, b):
    return np.where(X @ w >= -b, 1, -1)


@correct(P)
def h_predict_map(X, w, b):
    return list(map(lambda s: -1 + 2 * (s >= 0), np.asarray(X) @ w + b))


@wrong(M, "bias")
def h_mistake_no_bias(x, y, w, b):
    return y * (w @ x) <= 0


@wrong(M, "opposite", "inverted", "correctly classified", "true for")
def h_mistake_inverted(x, y, w, b):
    return bool(np.sign(w @ x + b) == y)


@wrong(M, "<= 0", "tie", "exactly 0")
def h_mistake_sign_minus_y(x, y, w, b):
    return bool(np.sign(w @ x + b) == -y)


@correct(M)
def h_mistake_float_product(x, y, w, b):
    return float(np.dot(w, x) + b) * y <= 0


# ---- Exercise 2: one update ---------------------------------------------------------


@wrong(U, "only when", "mistake")
def h_update_always(w, b, x, y, lr=1.0):
    return w + lr * y * x, b + lr * y


@wrong(U, "<= 0", "tie", "exactly 0")
def h_update_strict(w, b, x, y, lr=1.0):
    if y * (w @ x + b) < 0:
        return w + lr * y * x, b + lr * y
    return w, b


@wrong(U, "lr")
def h_update_bias_no_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b + y
    return w, b


@wrong(U, "lr", "learning rate", "divide")
def h_update_divides_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + y * x / lr, b + y / lr
    return w, b


@wrong(U, "bias")
def h_update_bias_into_w(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * (x + b), b + lr * y
    return w, b


@wrong(U, "order", "(w, b)", "swap")
def h_update_swapped_return(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w, b = w + lr * y * x, b + lr * y
    return b, w


@wrong(U, "in place", "copy", "changes")
def h_update_in_place(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "sign", "add")
def h_update_subtracts(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w - lr * y * x, b - lr * y
    return w, b


@wrong(U, "label")
def h_update_no_label(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * x, b + lr
    return w, b


@correct(U)
def h_update_where(w, b, x, y, lr=1.0):
    step = np.where(y * (np.dot(w, x) + b) <= 0, lr * y, 0.0)
    return np.asarray(w) + step * np.asarray(x), b + float(step)


# ---- Exercise 3: training loop ------------------------------------------------------


def _train(X, y, max_epochs, *, w0=None, order=None, strict=False, bias=True):
    w = np.zeros(X.shape[1]) if w0 is None else w0(X.shape[1])
    b, n_updates, epochs = 0.0, 0, 0
    idx = list(range(len(y))) if order is None else order(len(y))
    for _ in range(max_epochs):
        epochs += 1
        errors = 0
        for i in idx:
            s = y[i] * (X[i] @ w + b)
            if s < 0 if strict else s <= 0:
                w = w + y[i] * X[i]
                b += y[i] if bias else 0
                errors += 1
                n_updates += 1
        if errors == 0:
            break
    return w, b, n_updates, epochs


@wrong(T, "zero")
def h_train_start_ones(X, y, max_epochs=100):
    return _train(X, y, max_epochs, w0=np.ones)


@wrong(T, "order")
def h_train_reversed(X, y, max_epochs=100):
    return _train(X, y, max_epochs, order=lambda n: list(range(n))[::-1])


@wrong(T, "order", "shuffle")
def h_train_shuffled(X, y, max_epochs=100):
    rng = np.random.default_rng(0)
    return _train(X, y, max_epochs, order=lambda n: list(rng.permutation(n)))


@wrong(T, "<= 0", "tie", "exactly 0")
def h_train_strict(X, y, max_epochs=100):
    return _train(X, y, max_epochs, strict=True)


@wrong(T, "bias")
def h_train_no_bias(X, y, max_epochs=100):
    return _train(X, y, max_epochs, bias=False)


@wrong(T, "epoch")
def h_train_epochs_off_by_one(X, y, max_epochs=100):
    w, b, n, epochs = _train(X, y, max_epochs)
    return w, b, n, epochs - 1


@wrong(T, "stop", "clean", "break")
def h_train_never_stops(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(max_epochs):
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (x_i @ w + b) <= 0:
                w, b, n = w + y_i * x_i, b + y_i, n + 1
    return w, b, n, max_epochs


@wrong(T, "return", "first epoch", "indent")
def h_train_return_in_loop(X, y, max_epochs=100):
    w, b, n = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(max_epochs):
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (x_i @ w + b) <= 0:
                w, b, n = w + y_i * x_i, b + y_i, n + 1
        return w, b, n, epoch + 1
    return w, b, n, max_epochs


@wrong(T, "reset", "every sweep", "each sweep", "whole run", "all sweeps", "total")
def h_train_count_reset(X, y, max_epochs=100):
    w, b, epochs = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(max_epochs):
        epochs += 1
        n = 0
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (x_i @ w + b) <= 0:
                w, b, n = w + y_i * x_i, b + y_i, n + 1
        if n == 0:
            break
    return w, b, n, epochs


@wrong(T, "label")
def h_train_no_label(X, y, max_epochs=100):
    w, b, n, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    for _ in range(max_epochs):
        epochs += 1
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (x_i @ w + b) <= 0:
                w, b, n, clean = w + x_i, b + 1, n + 1, False
        if clean:
            break
    return w, b, n, epochs


@correct(T)
def h_train_while_flag(X, y, max_epochs=100):
    w, b = np.zeros(len(X[0])), 0
    n_updates = epochs = 0
    dirty = True
    while dirty and epochs < max_epochs:
        dirty, epochs = False, epochs + 1
        for i, x_i in enumerate(X):
            if not y[i] * (np.dot(w, x_i) + b) > 0:
                w, b = w + y[i] * x_i, b + y[i]
                n_updates, dirty = n_updates + 1, True
    return w, b, n_updates, epochs


# ---- Exercise 4: bias absorption ------------------------------------------------------


@wrong(A, "ones", "must be 1")
def h_absorb_zeros(X):
    return np.hstack([X, np.zeros((len(X), 1))])


@wrong(A, "last column", "end", "append")
def h_absorb_prepend(X):
    return np.hstack([np.ones((len(X), 1)), X])


@correct(A)
def h_absorb_c_(X):
    return np.c_[np.asarray(X, dtype=float), np.ones(len(X))]


def _train_absorbed(Z, y, max_epochs, order=None):
    v = np.zeros(Z.shape[1])
    idx = range(len(y)) if order is None else order(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in idx:
            if y[i] * (v @ Z[i]) <= 0:
                v, clean = v + y[i] * Z[i], False
        if clean:
            break
    return v


@wrong(TA, "last", "split", "v[-1]")
def h_absorbed_front_split(X, y, max_epochs=100):
    v = _train_absorbed(np.hstack([X, np.ones((len(X), 1))]), y, max_epochs)
    return v[1:], v[0]


@wrong(TA, "absorb", "column of ones", "bias")
def h_absorbed_forgot_column(X, y, max_epochs=100):
    v = _train_absorbed(np.asarray(X, float), y, max_epochs)
    return v, 0.0


@wrong(TA, "order")
def h_absorbed_reversed(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = _train_absorbed(Z, y, max_epochs, order=lambda n: range(n - 1, -1, -1))
    return v[:-1], v[-1]


@correct(TA)
def h_absorbed_append(X, y, max_epochs=100):
    Z = np.append(X, np.ones((len(X), 1)), axis=1)
    v = _train_absorbed(Z, y, max_epochs)
    return v[: X.shape[1]], v[X.shape[1]]


# ---- Exercise 5: radius, margin, bound ------------------------------------------------


@wrong(R, "fit_bias")
def h_radius_ignores_fit_bias(X, fit_bias=False):
    return float(np.max(np.linalg.norm(X, axis=1)))


@wrong(R, "square root", "sqrt")
def h_radius_squared(X, fit_bias=False):
    return float(np.max(np.sum(np.square(X), axis=1)) + fit_bias)


@wrong(R, "max", "largest", "longest")
def h_radius_mean(X, fit_bias=False):
    return float(np.mean(np.sqrt(np.sum(np.square(X), axis=1) + fit_bias)))


@wrong(R, "inside", "under the square root", "sqrt")
def h_radius_one_outside(X, fit_bias=False):
    return float(np.max(np.linalg.norm(X, axis=1))) + (1.0 if fit_bias else 0.0)


@correct(R)
def h_radius_c_norm(X, fit_bias=False):
    Z = np.c_[X, np.ones(len(X))] if fit_bias else np.asarray(X, float)
    return np.linalg.norm(Z, axis=1).max()


@wrong(G, "norm", "||w||", "divide")
def h_margin_unnormalised(X, y, w, b=0.0):
    return float(np.min(y * (X @ w + b)))


@wrong(G, "min", "smallest")
def h_margin_max(X, y, w, b=0.0):
    return float(np.max(y * (X @ w + b)) / np.linalg.norm(w))


@wrong(G, "label")
def h_margin_abs(X, y, w, b=0.0):
    return float(np.min(np.abs(X @ w + b)) / np.linalg.norm(w))


@correct(G)
def h_margin_sorted(X, y, w, b=0.0):
    return sorted((np.asarray(y) * (np.asarray(X) @ w + b)) / np.linalg.norm(w))[0]


@wrong(B, "square", "**2", "²")
def h_bound_not_squared(X, y, w, b):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = np.append(w, b)
    gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    return np.max(np.linalg.norm(Z, axis=1)) / gamma


@wrong(B, "bias", "absorb", "column of ones")
def h_bound_not_absorbed(X, y, w, b):
    R = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    return (R / gamma) ** 2


@wrong(B, "inverted", "upside down", "r²/γ²", "r**2 / gamma**2", "(r/γ)²")
def h_bound_inverted(X, y, w, b):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = np.append(w, b)
    gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    return (gamma / np.max(np.linalg.norm(Z, axis=1))) ** 2


@correct(B)
def h_bound_via_functions(X, y, w, b):
    Z = np.concatenate([X, np.ones((len(X), 1))], axis=1)
    v = np.concatenate([w, [b]])
    R2 = max(z @ z for z in Z)
    g = min(y * (Z @ v)) / math.hypot(*v)
    return R2 / g / g


# ---- Exercise 6: proof steps -----------------------------------------------------------


@wrong(S, "diff", "change", "difference", "consecutive")
def h_steps_no_diff(W, w_star):
    return W @ w_star, np.sum(W * W, axis=1)


@wrong(S, "order", "swap")
def h_steps_swapped(W, w_star):
    return np.diff(np.sum(W * W, axis=1)), np.diff(W @ w_star)


@wrong(S, "squared")
def h_steps_norm_not_squared(W, w_star):
    return np.diff(W @ w_star), np.diff(np.linalg.norm(W, axis=1))


@wrong(S, "sign", "later minus earlier", "w_{t+1} - w_t", "next minus")
def h_steps_backwards(W, w_star):
    proj, sq = W @ w_star, np.sum(W * W, axis=1)
    return proj[:-1] - proj[1:], sq[:-1] - sq[1:]


@correct(S)
def h_steps_zip(W, w_star):
    W = np.asarray(W, float)
    a = [(n - o) @ w_star for o, n in itertools.pairwise(W)]
    q = [n @ n - o @ o for o, n in itertools.pairwise(W)]
    return np.array(a), np.array(q)


# ---- Exercise 7: perceptron loss and gradient ------------------------------------------


@wrong(L, "mean", "average", "divide by n", "1/n")
def h_loss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


@wrong(L, "hinge", "1 -", "not 1", "margin")
def h_loss_hinge(w, X, y):
    return np.mean(np.maximum(0, 1 - y * (X @ w)))


@wrong(L, "sign", "minus")
def h_loss_minus_missing(w, X, y):
    return np.mean(np.minimum(0, y * (X @ w)))


@wrong(L, "label")
def h_loss_no_label(w, X, y):
    return np.mean(np.maximum(0, -(X @ w)))


@correct(L)
def h_loss_clip(w, X, y):
    return np.clip(-y * (X @ w), 0, None).sum() / len(y)


@wrong(LG, "mean", "average", "divide by n", "1/n")
def h_grad_sum(w, X, y):
    mask = y * (X @ w) <= 0
    return -(mask * y) @ X


@wrong(LG, "sign", "minus")
def h_grad_plus(w, X, y):
    mask = y * (X @ w) <= 0
    return (mask * y) @ X / len(y)


@wrong(LG, "<= 0", "tie", "exactly 0")
def h_grad_strict(w, X, y):
    mask = y * (X @ w) < 0
    return -(mask * y) @ X / len(y)


@wrong(LG, "mistake", "only", "misclassified")
def h_grad_all_points(w, X, y):
    return -(y @ X) / len(y)


@correct(LG)
def h_grad_loop(w, X, y):
    g = np.zeros(len(w))
    for x_i, y_i in zip(X, y, strict=True):
        if y_i * np.dot(w, x_i) <= 0:
            g -= y_i * x_i
    return g / len(y)


@wrong(LL, "natural", "np.log", "log2")
def h_logloss_log2(w, X, y):
    return np.mean(np.log2(1 + np.exp(-y * (X @ w))))


@wrong(LL, "mean", "average", "divide by n", "1/n")
def h_logloss_sum(w, X, y):
    return np.sum(np.log1p(np.exp(-y * (X @ w))))


@wrong(LL, "minus", "sign")
def h_logloss_minus_missing(w, X, y):
    return np.mean(np.log(expit(y * (X @ w))))


@wrong(LL, "label")
def h_logloss_no_label(w, X, y):
    return np.mean(np.log1p(np.exp(-(X @ w))))


@correct(LL)
def h_logloss_logaddexp(w, X, y):
    return np.logaddexp(0.0, -y * (X @ w)).mean()


@wrong(LLG, "mean", "average", "divide by n", "1/n")
def h_loggrad_sum(w, X, y):
    return -(y * expit(-y * (X @ w))) @ X


@wrong(LLG, "sign", "minus")
def h_loggrad_plus(w, X, y):
    return (y * expit(-y * (X @ w))) @ X / len(y)


@wrong(LLG, "sigmoid(-", "-y", "σ(-", "minus")
def h_loggrad_sigmoid_positive(w, X, y):
    return -(y * expit(y * (X @ w))) @ X / len(y)


@wrong(LLG, "label")
def h_loggrad_no_label_factor(w, X, y):
    return -(expit(-y * (X @ w))) @ X / len(y)


@correct(LLG)
def h_loggrad_einsum(w, X, y):
    weights = -y / (1.0 + np.exp(y * (X @ w)))
    return np.einsum("i,ij->j", weights, X) / X.shape[0]


# ---- Exercise 8: gradient descent -------------------------------------------------------


@wrong(D, "minus", "subtract", "sign", "downhill")
def h_descent_ascent(gradient, w0, lr, n_steps):
    w = np.array(w0, float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(D, "n_steps", "off by one", "one step", "steps")
def h_descent_one_short(gradient, w0, lr, n_steps):
    w = np.array(w0, float)
    for _ in range(1, n_steps):
        w = w - lr * gradient(w)
    return w


@wrong(D, "lr", "learning rate", "multiply")
def h_descent_divides_lr(gradient, w0, lr, n_steps):
    w = np.array(w0, float)
    for _ in range(n_steps):
        w = w - gradient(w) / lr
    return w


@wrong(D, "each step", "every step", "recompute", "current w")
def h_descent_gradient_once(gradient, w0, lr, n_steps):
    w = np.array(w0, float)
    g = gradient(w)
    for _ in range(n_steps):
        w = w - lr * g
    return w


@correct(D)
def h_descent_reduce(gradient, w0, lr, n_steps):
    return functools.reduce(
        lambda w, _: w - lr * gradient(w), range(n_steps), np.asarray(w0, float)
    )


# ---- Exercise 9: pocket ---------------------------------------------------------------


def _errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


def _pocket(X, y, max_epochs, *, keep_last=False, ties=False, bias=True):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, len(y))
    for _ in range(max_epochs):
        updated = False
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, updated = w + y_i * x_i, b + (y_i if bias else 0), True
                e = _errors(X, y, w, b)
                if keep_last or e < best[2] or (ties and e == best[2]):
                    best = (w.copy(), b, e)
        if not updated:
            break
    return best


@wrong(PO, "best", "pocket", "fewest")
def h_pocket_last(X, y, max_epochs=50):
    return _pocket(X, y, max_epochs, keep_last=True)


@wrong(PO, "strictly", "fewer", "ties", "< ")
def h_pocket_ties_replace(X, y, max_epochs=50):
    return _pocket(X, y, max_epochs, ties=True)


@wrong(PO, "bias")
def h_pocket_no_bias(X, y, max_epochs=50):
    return _pocket(X, y, max_epochs, bias=False)


@wrong(PO, "start", "initial", "len(y)", "number of samples")
def h_pocket_best_zero(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, 0)
    for _ in range(max_epochs):
        updated = False
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, updated = w + y_i * x_i, b + y_i, True
                e = _errors(X, y, w, b)
                if e < best[2]:
                    best = (w.copy(), b, e)
        if not updated:
            break
    return best


@correct(PO)
def h_pocket_dict(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    pocket = {"w": w.copy(), "b": 0.0, "errors": len(y)}
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            if y[i] * (np.dot(X[i], w) + b) <= 0:
                mistakes += 1
                w = w + y[i] * X[i]
                b = b + y[i]
                now = int((y * (X @ w + b) <= 0).sum())
                if now < pocket["errors"]:
                    pocket = {"w": w.copy(), "b": b, "errors": now}
        if mistakes == 0:
            break
    return pocket["w"], pocket["b"], pocket["errors"]


# ---- Exercise 10: kernel perceptron ----------------------------------------------------


def _kernel(X, y, kernel, max_epochs, *, signed=False, label=True, order=None, epochs=None):
    G = kernel(X, X)
    alpha = np.zeros(len(y))
    idx = range(len(y)) if order is None else order(len(y))
    for _ in range(max_epochs if epochs is None else min(epochs, max_epochs)):
        changed = False
        for i in idx:
            s = G[i] @ (alpha * y) if label else G[i] @ alpha
            if y[i] * s <= 0:
                alpha[i] += y[i] if signed else 1
                changed = True
        if not changed:
            break
    return alpha


@wrong(K, "count", "+= 1", "+1", "not the label")
def h_kernel_signed(X, y, kernel, max_epochs=100):
    return _kernel(X, y, kernel, max_epochs, signed=True)


@wrong(K, "label")
def h_kernel_no_label(X, y, kernel, max_epochs=100):
    return _kernel(X, y, kernel, max_epochs, label=False)


@wrong(K, "order")
def h_kernel_reversed(X, y, kernel, max_epochs=100):
    return _kernel(X, y, kernel, max_epochs, order=lambda n: range(n - 1, -1, -1))


@wrong(K, "epoch", "return", "indent", "until")
def h_kernel_one_epoch(X, y, kernel, max_epochs=100):
    return _kernel(X, y, kernel, max_epochs, epochs=1)


@correct(K)
def h_kernel_while(X, y, kernel, max_epochs=100):
    y = np.asarray(y, float)
    G = np.asarray(kernel(X, X))
    counts = np.zeros(len(y), dtype=int)
    epoch, mistakes = 0, 1
    while mistakes and epoch < max_epochs:
        epoch, mistakes = epoch + 1, 0
        for j in range(len(y)):
            if y[j] * np.dot(G[:, j], counts * y) <= 0:
                counts[j] += 1
                mistakes += 1
    return counts


@wrong(KP, "y_train", "label")
def h_kpredict_no_labels(X_train, y_train, alpha, kernel, X_new):
    return np.where(kernel(X_new, X_train) @ alpha >= 0, 1, -1)


@wrong(KP, ">= 0", "tie", "exactly 0")
def h_kpredict_strict(X_train, y_train, alpha, kernel, X_new):
    return np.where(kernel(X_new, X_train) @ (alpha * y_train) > 0, 1, -1)


@wrong(KP, "score", "np.where", "-1 and +1", "labels, not")
def h_kpredict_scores(X_train, y_train, alpha, kernel, X_new):
    return kernel(X_new, X_train) @ (alpha * y_train)


@correct(KP)
def h_kpredict_loop(X_train, y_train, alpha, kernel, X_new):
    out = []
    for x in X_new:
        k = kernel(np.asarray(x)[None, :], X_train)[0]
        out.append(1 if float(np.sum(alpha * y_train * k)) >= 0 else -1)
    return np.array(out)


# ---- Exercise 11: model selection -------------------------------------------------------


@wrong(MS, "pipeline", "inside")
def h_select_scaled_first(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.preprocessing import StandardScaler

    Xs = StandardScaler().fit_transform(X_train)
    grid = {"C": [0.01, 0.1, 1.0]}
    return GridSearchCV(LogisticRegression(), grid, cv=5).fit(Xs, y_train)


@correct(MS)
def h_select_pipeline_object(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])
    search = GridSearchCV(pipe, {"clf__C": np.logspace(-2, 1, 4)}, cv=4)
    search.fit(X_train, y_train)
    return search
