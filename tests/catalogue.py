"""A catalogue of learner solutions for the self-checks, written the way learners write
them: wrong ones, each with words its hint must contain, and correct ones in many styles.

``WRONG`` rows are ``(check, function, hint)``; ``hint`` is the text the report's hint
must contain for the hint to count as naming the bug or its fix (``None``: the bug is
caught but no precise hint is expected). ``CORRECT`` rows are ``(check, function)``.
Together with the tables of ``tests/test_checks.py`` they are the catalogue that
``tools/check_catalogue.py`` measures and ``tests/test_checks_catalogue.py`` asserts.
"""

import math
import time

import numpy as np

import perclab
from perclab import checks

WRONG: list = []
CORRECT: list = []


def forever(*args, **kwargs):
    """A solution that never returns, whatever the check: an endless loop inside a bare
    ``except:``, which swallows any exception raised to stop it."""
    while True:
        try:
            time.sleep(0.001)
        except:  # noqa: E722 - the learner's bare except, on purpose
            pass


def wrong(check, hint):
    def register(func):
        WRONG.append((check, func, hint))
        return func

    return register


def correct(check):
    def register(func):
        CORRECT.append((check, func))
        return func

    return register


# ----------------------------------------------------------------------------------
# Exercise 1: predict_labels and is_mistake
# ----------------------------------------------------------------------------------

P, M = checks.check_predict_labels, checks.check_is_mistake


@correct(P)
def predict_comprehension(X, w, b):
    return [1 if x @ w + b >= 0 else -1 for x in X]


@correct(P)
def predict_twice_mask_minus_one(X, w, b):
    return 2 * (X @ w + b >= 0) - 1


@correct(P)
def predict_loop_ints_array(X, w, b):
    out = np.empty(len(X), dtype=int)
    for i in range(len(X)):
        out[i] = 1 if np.dot(X[i], w) + b >= 0 else -1
    return out


@correct(P)
def predict_tuple_floats(X, w, b):
    return tuple(float(np.where(s >= 0, 1.0, -1.0)) for s in np.dot(X, w) + b)


@correct(P)
def predict_sign_fixed(X, w, b):
    labels = np.sign(X @ w + b)
    labels[labels == 0] = 1
    return labels


@wrong(P, ">= 0, not > 0")
def predict_comprehension_strict(X, w, b):
    return [1 if x @ w + b > 0 else -1 for x in X]


@wrong(P, "add the bias, do not subtract it")
def predict_minus_bias(X, w, b):
    return np.where(X @ w - b >= 0, 1, -1)


@wrong(P, "labels 0 and 1")
def predict_astype_int(X, w, b):
    return (X @ w + b >= 0).astype(int)


@wrong(P, "work on all rows at once (np.where)")
def predict_if_on_array(X, w, b):
    if X @ w + b >= 0:
        return 1
    return -1


@wrong(P, "The shapes do not fit")
def predict_transposed(X, w, b):
    return np.where(X.T @ w + b >= 0, 1, -1)


@wrong(P, "The bias b is ignored")
def predict_loop_no_bias(X, w, b):
    labels = []
    for x in X:
        labels.append(1 if np.dot(w, x) >= 0 else -1)
    return labels


@wrong(P, "Wrong sign")
def predict_minus_score(X, w, b):
    return np.where(-(X @ w + b) > 0, 1, -1)


@correct(M)
def mistake_sign_differs(x, y, w, b):
    return np.sign(w @ x + b) != y


@correct(M)
def mistake_not_positive(x, y, w, b):
    return not y * (np.dot(w, x) + b) > 0


@correct(M)
def mistake_int(x, y, w, b):
    return int(y * (x @ w + b) <= 0)


@correct(M)
def mistake_loop(x, y, w, b):
    score = b
    for x_j, w_j in zip(x, w, strict=True):
        score += x_j * w_j
    return bool(y * score <= 0)


@wrong(M, "bias included, by the label")
def mistake_bias_outside(x, y, w, b):
    return y * w @ x + b <= 0


@wrong(M, "True for correctly classified")
def mistake_inverted_ties(x, y, w, b):
    return y * (w @ x + b) >= 0


@wrong(M, "use <= 0, not < 0")
def mistake_strict_float(x, y, w, b):
    return float(y) * (np.dot(x, w) + b) < 0.0


@wrong(M, "compare the prediction")
def mistake_predict_then_compare(x, y, w, b):
    prediction = np.where(w @ x + b >= 0, 1, -1)
    return bool(prediction != y)


@wrong(M, "Expected True or False")
def mistake_returns_string(x, y, w, b):
    return "yes" if y * (w @ x + b) <= 0 else "no"


@wrong(M, "forget the return statement")
def mistake_prints(x, y, w, b):
    print(y * (w @ x + b) <= 0)


# ----------------------------------------------------------------------------------
# Exercise 2: one_update
# ----------------------------------------------------------------------------------

U = checks.check_one_update


@correct(U)
def update_copy_then_inplace(w, b, x, y, lr=1.0):
    w_new = w.copy()
    if y * (np.dot(w, x) + b) <= 0:
        w_new += lr * y * x
        b += lr * y
    return w_new, b


@correct(U)
def update_list_result(w, b, x, y, lr=1.0):
    mistake = y * (w @ x + b) <= 0
    return [w + mistake * lr * y * x, b + mistake * lr * y]


@correct(U)
def update_numpy_scalars(w, b, x, y, lr=1.0):
    step = np.float64(lr) * np.float64(y)
    if np.float64(y) * (w.dot(x) + b) <= 0:
        return w + step * x, np.float64(b) + step
    return w.copy(), np.float64(b)


@correct(U)
def update_asarray(w, b, x, y, lr=1.0):
    w, x = np.asarray(w, dtype=float), np.asarray(x, dtype=float)
    if y * (w @ x + b) > 0:
        return w, b
    w = w + lr * y * x
    b = b + lr * y
    return w, b


@wrong(U, "w changed in place")
def update_inplace_return(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w += lr * y * x
        b += lr * y
    return w, b


@wrong(U, "w changed in place")
def update_inplace_loop(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        for j in range(len(w)):
            w[j] = w[j] + lr * y * x[j]
        b = b + lr * y
    return w, b


@wrong(U, "bias included, by the label")
def update_bias_outside(w, b, x, y, lr=1.0):
    if y * w @ x + b <= 0:
        return w + lr * y * x, b + lr * y
    return w, b


@wrong(U, "not the step lr * y * x alone")
def update_returns_step(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return lr * y * x, lr * y
    return w, b


@wrong(U, "wrong order")
def update_swapped(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return b + lr * y, w + lr * y * x
    return b, w


@wrong(U, "b_new is wrong")
def update_bias_always(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w = w + lr * y * x
    b = b + lr * y
    return w, b


@wrong(U, "Expected 2 values")
def update_returns_w_only(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x
    return w


@wrong(U, "ignores the learning rate")
def update_no_lr_list(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return [wj + y * xj for wj, xj in zip(w, x, strict=True)], b + y
    return list(w), b


# ----------------------------------------------------------------------------------
# Exercise 3: train_until_clean
# ----------------------------------------------------------------------------------

T = checks.check_train_until_clean


@correct(T)
def train_sign_test(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epochs = 0
    for _ in range(max_epochs):
        epochs += 1
        errors = 0
        for i in range(len(y)):
            if np.sign(X[i] @ w + b) != y[i]:
                w = w + y[i] * X[i]
                b += y[i]
                errors += 1
                n_updates += 1
        if errors == 0:
            break
    return w, b, n_updates, epochs


@correct(T)
def train_while_loop(X, y, max_epochs=100):
    X = np.asarray(X, dtype=float)
    w, b = np.zeros(X.shape[1]), 0.0
    n_updates, epochs, clean = 0, 0, False
    while not clean and epochs < max_epochs:
        clean = True
        epochs += 1
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (x_i @ w + b) <= 0:
                w += y_i * x_i  # w is our own array: in place is fine here
                b += y_i
                n_updates += 1
                clean = False
    return [w, b, n_updates, epochs]


@correct(T)
def train_with_one_update(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(max_epochs):
        before = n_updates
        for x_i, y_i in zip(X, y, strict=True):
            w_new, b_new = w + y_i * x_i, b + y_i
            if y_i * (w @ x_i + b) <= 0:
                w, b, n_updates = w_new, b_new, n_updates + 1
        if n_updates == before:
            return w, b, n_updates, epoch + 1
    return w, b, n_updates, max_epochs


@wrong(T, "epochs is one short")
def train_zero_based_epochs(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0, 0
    for epoch in range(max_epochs):  # noqa: B007 - the learner's loop
        mistakes = 0
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b = w + y_i * x_i, b + y_i
                mistakes += 1
                n_updates += 1
        if mistakes == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "set the counter to 0 at the start of every sweep")
def train_counter_not_reset(X, y, max_epochs=100):
    w, b, n_updates, mistakes = np.zeros(X.shape[1]), 0.0, 0, 0
    for epoch in range(1, max_epochs + 1):  # noqa: B007 - the learner's loop
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b = w + y_i * x_i, b + y_i
                mistakes += 1
                n_updates += 1
        if mistakes == 0:
            break
    return w, b, n_updates, epoch


@wrong(T, "The bias is missing from the test")
def train_test_without_bias(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i) <= 0:
                w, b = w + y_i * x_i, b + y_i
                n_updates, clean = n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


@wrong(T, "bias included, by the label")
def train_bias_outside(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * w @ x_i + b <= 0:
                w, b = w + y_i * x_i, b + y_i
                n_updates, clean = n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


@wrong(T, "whatever the label")
def train_predict_test(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if (1 if w @ x_i + b >= 0 else -1) != y_i:
                w, b = w + y_i * x_i, b + y_i
                n_updates, clean = n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


@wrong(T, "Does your loop stop after max_epochs")
def train_bare_except_forever(X, y, max_epochs=100):
    w, b, n_updates, epochs = np.zeros(X.shape[1]), 0.0, 0, 0
    while True:
        try:
            epochs += 1
            clean = True
            for x_i, y_i in zip(X, y, strict=True):
                if y_i * (w @ x_i + b) <= 0:
                    w, b = w + y_i * x_i, b + y_i
                    n_updates, clean = n_updates + 1, False
            if clean:
                return w, b, n_updates, epochs
        except:  # noqa: E722 - the learner's bare except
            pass


@wrong(T, "Expected 4 values")
def train_returns_weights_only(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
        if clean:
            break
    return w, b


@wrong(T, "in-place += on an integer array")
def train_integer_weights(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1], dtype=int), 0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w += y_i * x_i
                b += y_i
                n_updates, clean = n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


# ----------------------------------------------------------------------------------
# Exercise 4: absorb_bias and train_absorbed
# ----------------------------------------------------------------------------------

A, TA = checks.check_absorb_bias, checks.check_train_absorbed


@correct(A)
def absorb_column_stack(X):
    return np.column_stack((X, np.ones(X.shape[0])))


@correct(A)
def absorb_pad(X):
    return np.pad(np.asarray(X, float), ((0, 0), (0, 1)), constant_values=1.0)


@correct(A)
def absorb_c_(X):
    return np.c_[X, np.ones(len(X))]


@correct(A)
def absorb_append_axis(X):
    return np.append(X, np.ones((len(X), 1)), axis=1)


@wrong(A, "a column to put beside X needs shape (n, 1)")
def absorb_hstack_1d(X):
    return np.hstack([X, np.ones(len(X))])


@wrong(A, "a column to put beside X needs shape (n, 1)")
def absorb_append_scalar(X):
    return np.append(X, 1, axis=1)


@wrong(A, "constant column last")
def absorb_insert_first(X):
    return np.insert(X, 0, 1, axis=1)


@wrong(A, "The shapes do not fit")
def absorb_wrong_count(X):
    return np.hstack([X, np.ones((X.shape[1], 1))])


@correct(TA)
def train_absorbed_manual(X, y, max_epochs=100):
    Z = np.hstack([X, np.ones((len(X), 1))])
    v = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for z, label in zip(Z, y, strict=True):
            if label * (v @ z) <= 0:
                v, clean = v + label * z, False
        if clean:
            break
    return v[:-1], v[-1]


@wrong(TA, "wrong order")
def train_absorbed_swapped(X, y, max_epochs=100):
    run = perclab.train(perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs)
    return run.w[-1], run.w[:-1]


@wrong(TA, "Expected 2 values")
def train_absorbed_whole_vector(X, y, max_epochs=100):
    return perclab.train(perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs).w


# ----------------------------------------------------------------------------------
# Exercise 5: radius, margin, mistake_bound
# ----------------------------------------------------------------------------------

R, G, B = checks.check_radius, checks.check_margin, checks.check_mistake_bound


@correct(R)
def radius_sqrt_sum(X, fit_bias=False):
    sq = np.sum(np.asarray(X, float) ** 2, axis=1)
    return math.sqrt(max(sq) + (1 if fit_bias else 0))


@correct(R)
def radius_loop(X, fit_bias=False):
    best = 0.0
    for row in X:
        total = sum(float(v) ** 2 for v in row) + (1.0 if fit_bias else 0.0)
        best = max(best, total**0.5)
    return best


@correct(R)
def radius_perclab(X, fit_bias=False):
    return perclab.radius(X, fit_bias=fit_bias)


@wrong(R, "axis=0 gives the norm of each column")
def radius_axis0(X, fit_bias=False):
    if fit_bias:
        X = np.c_[X, np.ones(len(X))]
    return np.linalg.norm(X, axis=0).max()


@wrong(R, "norm of the whole matrix")
def radius_matrix_norm(X, fit_bias=False):
    if fit_bias:
        X = np.c_[X, np.ones(len(X))]
    return np.linalg.norm(X)


@wrong(R, "not the mean norm")
def radius_mean(X, fit_bias=False):
    if fit_bias:
        X = np.c_[X, np.ones(len(X))]
    return np.mean(np.linalg.norm(X, axis=1))


@wrong(R, "absorbed points (x_i, 1)")
def radius_ignores_flag(X, fit_bias=False):
    return max(np.linalg.norm(x) for x in X)


@correct(G)
def margin_loop(X, y, w, b=0.0):
    norm = math.sqrt(sum(v * v for v in w))
    return min(y_i * (np.dot(w, x_i) + b) for x_i, y_i in zip(X, y, strict=True)) / norm


@correct(G)
def margin_perclab(X, y, w, b=0.0):
    return perclab.margin(X, y, w, b)


@wrong(G, "y * X @ w means (y * X) @ w")
def margin_bias_outside(X, y, w, b=0.0):
    return np.min(y * X @ w + b) / np.linalg.norm(w)


@wrong(G, "bias included, by the label")
def margin_bias_added_after(X, y, w, b=0.0):
    return np.min(y * (X @ w) + b) / np.linalg.norm(w)


@wrong(G, "(min, not max)")
def margin_max(X, y, w, b=0.0):
    return np.max(y * (X @ w + b)) / np.linalg.norm(w)


@wrong(G, "not by the sum of |w_j|")
def margin_l1(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.sum(np.abs(w))


@wrong(G, "Return one number")
def margin_per_sample(X, y, w, b=0.0):
    return y * (X @ w + b) / np.linalg.norm(w)


@correct(B)
def bound_loop(X, y, w, b):
    rows = [[*x, 1.0] for x in X]
    R = max(math.sqrt(sum(v * v for v in row)) for row in rows)
    v = [*w, b]
    norm = math.sqrt(sum(c * c for c in v))
    gamma = min(
        label * sum(c * r for c, r in zip(v, row, strict=True)) / norm
        for row, label in zip(rows, y, strict=True)
    )
    return R**2 / gamma**2


@wrong(B, "Square gamma too")
def bound_gamma_not_squared(X, y, w, b):
    Z = np.c_[X, np.ones(len(X))]
    v = np.append(w, b)
    R = np.linalg.norm(Z, axis=1).max()
    return R**2 / (np.min(y * (Z @ v)) / np.linalg.norm(v))


@wrong(B, "not gamma^2 / R^2")
def bound_inverted(X, y, w, b):
    Z = np.c_[X, np.ones(len(X))]
    v = np.append(w, b)
    R = np.linalg.norm(Z, axis=1).max()
    return (np.min(y * (Z @ v)) / np.linalg.norm(v) / R) ** 2


# ----------------------------------------------------------------------------------
# Exercise 6: proof_steps
# ----------------------------------------------------------------------------------

S = checks.check_proof_steps


@correct(S)
def steps_einsum(W, w_star):
    sq = np.einsum("ij,ij->i", W, W)
    return np.diff(W @ w_star), np.diff(sq)


@correct(S)
def steps_lists(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W)):
        gains.append(float(np.dot(W[k], w_star) - np.dot(W[k - 1], w_star)))
        growths.append(float(W[k] @ W[k] - W[k - 1] @ W[k - 1]))
    return gains, growths


@correct(S)
def steps_norm_squared(W, w_star):
    return list(np.diff(W.dot(w_star))), np.diff(np.linalg.norm(W, axis=1) ** 2)


@wrong(S, "The shapes do not fit")
def steps_diff_wrong_axis(W, w_star):
    return np.diff(W) @ w_star, np.diff(np.sum(W**2, axis=1))


@wrong(S, "Return the differences between consecutive rows (np.diff")
def steps_values_not_differences(W, w_star):
    return W @ w_star, np.sum(W**2, axis=1)


@wrong(S, "wrong order")
def steps_swapped(W, w_star):
    return np.diff(np.sum(W**2, axis=1)), np.diff(W @ w_star)


# ----------------------------------------------------------------------------------
# Exercise 7: perceptron_loss and perceptron_gradient
# ----------------------------------------------------------------------------------

L, LG = checks.check_perceptron_loss, checks.check_perceptron_gradient


@correct(L)
def loss_minimum(w, X, y):
    return -np.mean(np.minimum(0, y * (X @ w)))


@correct(L)
def loss_clip(w, X, y):
    return np.clip(-y * X.dot(w), 0, None).sum() / len(y)


@correct(L)
def loss_loop_max(w, X, y):
    total = 0.0
    for x_i, y_i in zip(X, y, strict=True):
        total += max(0.0, -y_i * np.dot(w, x_i))
    return total / len(X)


@correct(L)
def loss_perclab(w, X, y):
    return np.mean(perclab.optim.perceptron_loss(y * (X @ w)))


@wrong(L, "np.maximum(0, a)")
def loss_python_max(w, X, y):
    return np.mean(max(0, -y * (X @ w)))


@wrong(L, "y * X @ w means (y * X) @ w")
def loss_precedence(w, X, y):
    return np.mean(np.maximum(0, -y * X @ w))


@wrong(L, "Return one number")
def loss_per_sample(w, X, y):
    return np.maximum(0, -y * (X @ w))


@wrong(L, "axis=1 works along each sample's features")
def loss_axis(w, X, y):
    return np.mean(np.maximum(0, -y * (X @ w)), axis=1)


@wrong(L, "divide the sum by n")
def loss_loop_sum(w, X, y):
    return sum(max(0.0, -y_i * (x_i @ w)) for x_i, y_i in zip(X, y, strict=True))


@correct(LG)
def gradient_mask_mean(w, X, y):
    mask = y * (X @ w) <= 0
    return np.mean(-(y * mask)[:, None] * X, axis=0)


@correct(LG)
def gradient_loop(w, X, y):
    g = np.zeros_like(w, dtype=float)
    for x_i, y_i in zip(X, y, strict=True):
        if y_i * np.dot(w, x_i) <= 0:
            g = g - y_i * x_i
    return g / len(y)


@correct(LG)
def gradient_perclab(w, X, y):
    return perclab.optim.perceptron_subgradient(X, y, w).w / len(y)


@wrong(LG, "Only the mistakes contribute")
def gradient_every_point(w, X, y):
    return -np.mean(y[:, None] * X, axis=0)


@wrong(LG, "y * X @ w means (y * X) @ w")
def gradient_precedence(w, X, y):
    mask = y * X @ w <= 0
    return -(y * mask) @ X / len(y)


@wrong(LG, "sum (or average) over the samples only, axis=0")
def gradient_mean_everything(w, X, y):
    mask = y * (X @ w) <= 0
    return np.mean(-(y * mask)[:, None] * X)


@wrong(LG, "never starts")
def gradient_strict_loop(w, X, y):
    g = np.zeros(len(w))
    for x_i, y_i in zip(X, y, strict=True):
        if y_i * (w @ x_i) < 0:
            g -= y_i * x_i
    return g / len(y)


@wrong(LG, "opposite sign")
def gradient_plus(w, X, y):
    mask = y * (X @ w) <= 0
    return (y * mask) @ X / len(y)


# ----------------------------------------------------------------------------------
# Exercise 8: logistic_loss, logistic_gradient, gradient_descent
# ----------------------------------------------------------------------------------

LL, LLG, D = (
    checks.check_logistic_loss,
    checks.check_logistic_gradient,
    checks.check_gradient_descent,
)


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


@correct(LL)
def logistic_loss_sigmoid(w, X, y):
    return -np.mean(np.log(sigmoid(y * (X @ w))))


@correct(LL)
def logistic_loss_log1p(w, X, y):
    return np.log1p(np.exp(-y * (X @ w))).mean()


@correct(LL)
def logistic_loss_math_loop(w, X, y):
    return sum(
        math.log(1 + math.exp(-y_i * (x_i @ w))) for x_i, y_i in zip(X, y, strict=True)
    ) / len(y)


@correct(LL)
def logistic_loss_perclab(w, X, y):
    return np.mean(perclab.logistic.logistic_loss(y * (X @ w)))


@wrong(LL, "np.exp and np.log")
def logistic_loss_math_on_array(w, X, y):
    return np.mean(math.log(1 + math.exp(-y * (X @ w))))


@wrong(LL, "y * X @ w means (y * X) @ w")
def logistic_loss_precedence(w, X, y):
    return np.mean(np.log(1 + np.exp(-y * X @ w)))


@wrong(LL, "not log10")
def logistic_loss_log10_loop(w, X, y):
    return np.mean(
        [math.log10(1 + math.exp(-y_i * (x_i @ w))) for x_i, y_i in zip(X, y, strict=True)]
    )


@wrong(LL, "Wrong sign in the exponent")
def logistic_loss_plus(w, X, y):
    return np.mean(np.log(1 + np.exp(y * (X @ w))))


@correct(LLG)
def logistic_gradient_transpose(w, X, y):
    return -np.mean(y * X.T * sigmoid(-y * (X @ w)), axis=1)


@correct(LLG)
def logistic_gradient_minus_one(w, X, y):
    return (sigmoid(y * (X @ w)) - 1) * y @ X / len(y)


@correct(LLG)
def logistic_gradient_loop(w, X, y):
    g = np.zeros(len(w))
    for x_i, y_i in zip(X, y, strict=True):
        g += -y_i * x_i / (1 + math.exp(y_i * np.dot(w, x_i)))
    return g / len(y)


@wrong(LLG, "The label is missing inside sigma")
def logistic_gradient_no_label_in_sigma(w, X, y):
    return -(y * sigmoid(-(X @ w))) @ X / len(y)


@wrong(LLG, "y * X @ w means (y * X) @ w")
def logistic_gradient_precedence(w, X, y):
    return -(y * sigmoid(-y * X @ w)) @ X / len(y)


@wrong(LLG, "not over the features, axis=1")
def logistic_gradient_axis1(w, X, y):
    return -np.mean(y[:, None] * X * sigmoid(-y * (X @ w))[:, None], axis=1)


@wrong(LLG, "divide the sum by n")
def logistic_gradient_sum_loop(w, X, y):
    g = np.zeros(len(w))
    for x_i, y_i in zip(X, y, strict=True):
        g -= y_i * x_i * sigmoid(-y_i * (w @ x_i))
    return g


@correct(D)
def descent_copy(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return w


@correct(D)
def descent_while(gradient, w0, lr, n_steps):
    w, k = w0, 0
    while k < n_steps:
        w = w - lr * gradient(w)
        k += 1
    return w


@correct(D)
def descent_recursive(gradient, w0, lr, n_steps):
    if n_steps == 0:
        return w0
    return descent_recursive(gradient, w0 - lr * gradient(w0), lr, n_steps - 1)


@wrong(D, "Only one step was taken")
def descent_one_step(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w_next = w - lr * gradient(w)
    return w_next if n_steps else w


@wrong(D, "Return only the final w")
def descent_history_list(gradient, w0, lr, n_steps):
    path = [w0]
    for _ in range(n_steps):
        path.append(path[-1] - lr * gradient(path[-1]))
    return np.array(path)


@wrong(D, "uphill")
def descent_plus(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


@wrong(D, "one more")
def descent_inclusive_range(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps + 1):
        w = w - lr * gradient(w)
    return w


@wrong(D, "forget the return statement")
def descent_no_return(gradient, w0, lr, n_steps):
    w = w0
    for _ in range(n_steps):
        w = w - lr * gradient(w)


# ----------------------------------------------------------------------------------
# Exercise 9: pocket
# ----------------------------------------------------------------------------------

PO = checks.check_pocket


def _n_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


@correct(PO)
def pocket_start_at_n(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_errors = w.copy(), b, len(y)
    for _ in range(max_epochs):
        updated = False
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, updated = w + y_i * x_i, b + y_i, True
                errors = _n_errors(X, y, w, b)
                if errors < best_errors:
                    best_w, best_b, best_errors = w.copy(), b, errors
        if not updated:
            break
    return best_w, best_b, best_errors


@correct(PO)
def pocket_inplace_with_copy(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    pocket = [w.copy(), b, _n_errors(X, y, w, b)]
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w += y[i] * X[i]
                b += y[i]
                mistakes += 1
                e = _n_errors(X, y, w, b)
                if e < pocket[2]:
                    pocket = [w.copy(), b, e]
        if mistakes == 0:
            break
    return pocket


@wrong(PO, "The pocket shares its array with w")
def pocket_alias(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best_w, best_b, best_errors = w, b, _n_errors(X, y, w, b)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w += y[i] * X[i]
                b += y[i]
                mistakes += 1
                if _n_errors(X, y, w, b) < best_errors:
                    best_w, best_b, best_errors = w, b, _n_errors(X, y, w, b)
        if mistakes == 0:
            break
    return best_w, best_b, best_errors


@wrong(PO, "returned the last weights")
def pocket_returns_current(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        mistakes = 0
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, mistakes = w + y_i * x_i, b + y_i, mistakes + 1
        if mistakes == 0:
            break
    return w, b, _n_errors(X, y, w, b)


@wrong(PO, "Count a point with y (w @ x + b) = 0 as an error")
def pocket_strict_errors(X, y, max_epochs=50):
    def errors(w, b):
        return int(np.sum(y * (X @ w + b) < 0))

    w, b = np.zeros(X.shape[1]), 0.0
    best = (w, b, errors(w, b))
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
                if errors(w, b) < best[2]:
                    best = (w, b, errors(w, b))
        if clean:
            break
    return best


# ----------------------------------------------------------------------------------
# Exercise 10: kernel_perceptron and kernel_predict
# ----------------------------------------------------------------------------------

K, KP = checks.check_kernel_perceptron, checks.check_kernel_predict


@correct(K)
def kernel_perceptron_rows(X, y, kernel, max_epochs=100):
    K_ = kernel(X, X)
    alpha = np.zeros(len(y))
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (K_[i] @ (alpha * y)) <= 0:
                alpha[i] += 1
                changed = True
        if not changed:
            break
    return alpha


@correct(K)
def kernel_perceptron_pairwise(X, y, kernel, max_epochs=100):
    n = len(y)
    alpha = [0] * n
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            f = 0.0
            for j in range(n):
                if alpha[j]:
                    f += alpha[j] * y[j] * kernel(X[j : j + 1], X[i : i + 1])[0, 0]
            if y[i] * f <= 0:
                alpha[i] += 1
                mistakes += 1
        if mistakes == 0:
            break
    return alpha


@wrong(K, "Multiply the score by the label in the test")
def kernel_perceptron_no_label_test(X, y, kernel, max_epochs=100):
    K_ = kernel(X, X)
    alpha = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if np.sum(alpha * y * K_[:, i]) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha


@wrong(K, "c_i * y_i")
def kernel_perceptron_signed_loop(X, y, kernel, max_epochs=100):
    K_ = kernel(X, X)
    alpha = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * (alpha @ K_[:, i]) <= 0:
                alpha[i] += y[i]
                clean = False
        if clean:
            break
    return alpha


@correct(KP)
def kernel_predict_transposed(X_train, y_train, alpha, kernel, X_new):
    f = kernel(X_new, X_train) @ (alpha * y_train)
    return np.where(f >= 0, 1, -1)


@correct(KP)
def kernel_predict_list(X_train, y_train, alpha, kernel, X_new):
    K_ = kernel(X_train, X_new)
    out = []
    for c in range(K_.shape[1]):
        f = sum(alpha[j] * y_train[j] * K_[j, c] for j in range(len(alpha)))
        out.append(1 if f >= 0 else -1)
    return out


@wrong(KP, "check the order of the kernel's arguments")
def kernel_predict_swapped(X_train, y_train, alpha, kernel, X_new):
    f = (alpha * y_train) @ kernel(X_new, X_train)
    return np.where(f >= 0, 1, -1)


@wrong(KP, "labels 0 and 1")
def kernel_predict_zero_one(X_train, y_train, alpha, kernel, X_new):
    f = (alpha * y_train) @ kernel(X_train, X_new)
    return (f >= 0).astype(int)


# ----------------------------------------------------------------------------------
# Exercise 11: select_model
# ----------------------------------------------------------------------------------

MS = checks.check_model_selection


@correct(MS)
def select_selector_before_scaler(X_train, y_train):
    from sklearn.feature_selection import SelectKBest
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(SelectKBest(k=10), StandardScaler(), LogisticRegression())
    grid = {"selectkbest__k": [5, 15], "logisticregression__C": [0.1, 1.0]}
    return GridSearchCV(pipe, grid, cv=3).fit(X_train, y_train)


@correct(MS)
def select_log_loss(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression())
    grid = {"logisticregression__C": [0.01, 1.0]}
    return GridSearchCV(pipe, grid, cv=4, scoring="neg_log_loss").fit(X_train, y_train)


@correct(MS)
def select_knn(X_train, y_train):
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = Pipeline([("scaler", StandardScaler()), ("knn", KNeighborsClassifier())])
    folds = StratifiedKFold(5, shuffle=True, random_state=1)
    grid = {"knn__n_neighbors": [3, 7, 15]}
    return GridSearchCV(pipe, grid, cv=folds, scoring="f1").fit(X_train, y_train)


@correct(MS)
def select_perceptron_l2(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import RobustScaler

    pipe = make_pipeline(RobustScaler(), Perceptron(penalty="l2", random_state=0))
    grid = {"perceptron__alpha": [1e-4, 1e-2]}
    return GridSearchCV(pipe, grid, cv=3, n_jobs=-1).fit(X_train, y_train)


@wrong(MS, "changes nothing")
def select_alpha_without_penalty(X_train, y_train):
    from sklearn.linear_model import Perceptron
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), Perceptron(random_state=0))
    grid = {"perceptron__alpha": [1e-4, 1e-3, 1e-2]}
    return GridSearchCV(pipe, grid, cv=5).fit(X_train, y_train)


@wrong(MS, "step__parameter")
def select_unprefixed_grid(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression())
    return GridSearchCV(pipe, {"C": [0.1, 1.0]}, cv=5).fit(X_train, y_train)


@wrong(MS, "Return the fitted search object")
def select_returns_best_estimator(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    pipe = make_pipeline(StandardScaler(), LogisticRegression())
    grid = {"logisticregression__C": [0.1, 1.0]}
    return GridSearchCV(pipe, grid, cv=5).fit(X_train, y_train).best_estimator_


@wrong(MS, "smaller grid")
def select_forever(X_train, y_train):
    while True:
        try:
            pass
        except:  # noqa: E722 - the learner's bare except
            pass


# ----------------------------------------------------------------------------------
# Slips no known variant describes: a constant factor, found on every case
# ----------------------------------------------------------------------------------


@wrong(L, "exactly 0.5 times the expected one")
def loss_halved(w, X, y):
    return 0.5 * np.mean(np.maximum(0, -y * (X @ w)))


@wrong(LLG, "exactly 2 times the expected one")
def logistic_gradient_doubled(w, X, y):
    return -2 * (y * sigmoid(-y * (X @ w))) @ X / len(y)


@wrong(G, "opposite sign")
def margin_negated(X, y, w, b=0.0):
    return -np.min(y * (X @ w + b)) / np.linalg.norm(w)


@wrong(L, "use np.maximum(0, a)")
def loss_np_max(w, X, y):
    return np.mean(np.max(0, -y * (X @ w)))


@wrong(R, "not ||x_i|| + 1")
def radius_plus_one(X, fit_bias=False):
    R = np.linalg.norm(X, axis=1).max()
    return R + 1 if fit_bias else R


@wrong(S, "Square the norms before taking the difference")
def steps_difference_squared(W, w_star):
    return np.diff(W @ w_star), np.diff(np.linalg.norm(W, axis=1)) ** 2


@wrong(PO, "a point with y (w @ x + b) = 0 is an error whatever its label")
def pocket_counts_predictions(X, y, max_epochs=50):
    def errors(w, b):
        return int(np.sum(np.where(X @ w + b >= 0, 1, -1) != y))

    w, b = np.zeros(X.shape[1]), 0.0
    best = (w, b, errors(w, b))
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
                if errors(w, b) < best[2]:
                    best = (w, b, errors(w, b))
        if clean:
            break
    return best


@correct(M)
def mistake_zero_d_array(x, y, w, b):
    return np.asarray(y * (np.asarray(w) @ np.asarray(x) + b) <= 0)


# ----------------------------------------------------------------------------------
# Slips found by running the function on one sample at a time
# ----------------------------------------------------------------------------------


@wrong(L, "Divide by n, the number of samples")
def loss_mean_over_mistakes_only(w, X, y):
    m = y * (X @ w)
    return np.mean(-m[m <= 0]) if np.any(m <= 0) else 0.0


@wrong(G, "Already on sample 0 alone")
def margin_divided_by_row_norms(X, y, w, b=0.0):
    return np.min(y * (X @ w + b) / np.linalg.norm(X, axis=1))


@wrong(LLG, "Already on sample 0 alone")
def logistic_gradient_no_minus_no_label(w, X, y):
    return (1 / (1 + np.exp(y * (X @ w)))) @ X / len(y)


@wrong(R, "Already on sample 0 alone")
def radius_squared_when_absorbed(X, fit_bias=False):
    n = (X**2).sum(1)
    return np.sqrt(n.max()) if not fit_bias else n.max() + 1


@wrong(P, "Expected numbers, got list")
def predict_text_labels(X, w, b):
    return ["+1" if s >= 0 else "-1" for s in X @ w + b]


@wrong(K, "kernel(A, B) takes 2-D arrays")
def kernel_perceptron_one_dimensional_rows(X, y, kernel, max_epochs=100):
    n = len(y)
    alpha = np.zeros(n, dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            f = sum(alpha[j] * y[j] * kernel(X[j], X[i]) for j in range(n))
            if y[i] * f <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha
