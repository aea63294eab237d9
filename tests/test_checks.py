"""The self-checks of the exercises: right answers pass, known slips fail with their hint.

For every check there is a table of deliberately wrong implementations, written the way a
learner might write them, each with the words its hint must contain, and several correct
implementations in different styles (loops, vectorised, lists, ints or floats) that must
pass. A stub must give the one-line "not implemented yet" message.
"""

import numpy as np
import pytest

import perclab
from perclab import checks
from perclab.checks import _core


def run_quietly(check, func, capsys):
    """Run a check, return its result, and assert that it printed its message."""
    result = check(func)
    printed = capsys.readouterr().out
    assert printed.strip() == result.message
    return result


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 0: implement stub")


def mistake(y, score):
    return y * score <= 0


# ----------------------------------------------------------------------------------
# Exercise 1
# ----------------------------------------------------------------------------------


def predict_vectorised(X, w, b):
    return np.where(X @ w + b >= 0, 1, -1)


def predict_loop_list(X, w, b):
    labels = []
    for x in X:
        score = sum(float(w_j) * float(x_j) for w_j, x_j in zip(w, x, strict=True)) + b
        labels.append(1.0 if score >= 0 else -1.0)
    return labels


def predict_np_sign(X, w, b):
    return np.sign(X @ w + b)


def predict_strict(X, w, b):
    return np.where(X @ w + b > 0, 1, -1)


def predict_flipped(X, w, b):
    return np.where(X @ w + b >= 0, -1, 1)


def predict_no_bias(X, w, b):
    return np.where(X @ w >= 0, 1, -1)


def predict_booleans(X, w, b):
    return X @ w + b >= 0


def mistake_plain(x, y, w, b):
    return y * (w @ x + b) <= 0


def mistake_numpy_bool(x, y, w, b):
    return np.less_equal(y * (np.dot(w, x) + b), 0.0)


def mistake_via_prediction(x, y, w, b):
    prediction = 1 if w @ x + b >= 0 else -1
    return prediction != y


def mistake_strict(x, y, w, b):
    return y * (w @ x + b) < 0


def mistake_inverted(x, y, w, b):
    return y * (w @ x + b) > 0


def mistake_without_label(x, y, w, b):
    return w @ x + b <= 0


def mistake_returns_score(x, y, w, b):
    return y * (w @ x + b)


# ----------------------------------------------------------------------------------
# Exercise 2
# ----------------------------------------------------------------------------------


def update_plain(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b + lr * y
    return w, b


def update_lists(w, b, x, y, lr=1.0):
    score = sum(w_j * x_j for w_j, x_j in zip(w, x, strict=True)) + b
    if y * score > 0:
        return list(w), b
    return [w_j + lr * y * x_j for w_j, x_j in zip(w, x, strict=True)], b + lr * y


def update_in_place(w, b, x, y, lr=1.0):
    if mistake(y, np.dot(w, x) + b):
        w += (lr * y) * x
        b += lr * y
    return w, b


def update_strict(w, b, x, y, lr=1.0):
    if y * (w @ x + b) < 0:
        return w + lr * y * x, b + lr * y
    return w, b


def update_via_prediction(w, b, x, y, lr=1.0):
    if (1 if w @ x + b >= 0 else -1) != y:
        return w + lr * y * x, b + lr * y
    return w, b


def update_always(w, b, x, y, lr=1.0):
    return w + lr * y * x, b + lr * y


def update_minus(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w - lr * y * x, b - lr * y
    return w, b


def update_no_bias(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b
    return w, b


def update_bias_into_w(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * (x + b), b + lr * y
    return w, b


def update_no_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + y * x, b + y
    return w, b


def update_bias_without_lr(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        return w + lr * y * x, b + y
    return w, b


def update_three_values(w, b, x, y, lr=1.0):
    w_new, b_new = update_plain(w, b, x, y, lr)
    return w_new, b_new, True


def update_forgot_return(w, b, x, y, lr=1.0):
    if y * (w @ x + b) <= 0:
        w = w + lr * y * x


# ----------------------------------------------------------------------------------
# Exercise 3 and 4
# ----------------------------------------------------------------------------------


def train_loops(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b = w + y_i * x_i, b + y_i
                n_updates += 1
                clean = False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


def train_with_lists(X, y, max_epochs=100):
    rows = [[float(v) for v in row] for row in X]
    w, b, n_updates, epochs = [0] * len(rows[0]), 0, 0, 0
    while epochs < max_epochs:
        epochs += 1
        mistakes = 0
        for row, label in zip(rows, y, strict=True):
            if label * (sum(a * c for a, c in zip(w, row, strict=True)) + b) <= 0:
                w = [a + label * c for a, c in zip(w, row, strict=True)]
                b += label
                mistakes += 1
        n_updates += mistakes
        if mistakes == 0:
            break
    return w, b, n_updates, epochs


def train_with_perclab(X, y, max_epochs=100):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", perclab.NotConvergedWarning)
        run = perclab.train(X, y, max_epochs=max_epochs, method="textbook")
    return run.w, run.b, run.n_updates, run.epochs


def train_first_clean_sample(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b = w + y_i * x_i, b + y_i
                n_updates += 1
            else:
                return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


def train_one_sweep(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for x_i, y_i in zip(X, y, strict=True):
        if y_i * (w @ x_i + b) <= 0:
            w, b = w + y_i * x_i, b + y_i
            n_updates += 1
    return w, b, n_updates, 1


def train_strict(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) < 0:
                w, b, n_updates, clean = w + y_i * x_i, b + y_i, n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


def train_bias_frozen(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, n_updates, clean = w + y_i * x_i, n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


def train_count_per_sweep(X, y, max_epochs=100):
    w, b = np.zeros(X.shape[1]), 0.0
    for epoch in range(1, max_epochs + 1):
        n_updates = 0
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, n_updates = w + y_i * x_i, b + y_i, n_updates + 1
        if n_updates == 0:
            return w, b, n_updates, epoch
    return w, b, n_updates, max_epochs


def train_epochs_short(X, y, max_epochs=100):
    w, b, n_updates, epochs = train_loops(X, y, max_epochs)
    converged = all(y_i * (w @ x_i + b) > 0 for x_i, y_i in zip(X, y, strict=True))
    return w, b, n_updates, epochs - 1 if converged else epochs


def train_range_short(X, y, max_epochs=100):
    w, b, n_updates = np.zeros(X.shape[1]), 0.0, 0
    epoch = 0
    for epoch in range(1, max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, n_updates, clean = w + y_i * x_i, b + y_i, n_updates + 1, False
        if clean:
            return w, b, n_updates, epoch
    return w, b, n_updates, epoch


def train_forever(X, y, max_epochs=100):
    while True:
        pass


def absorb_hstack(X):
    return np.hstack([X, np.ones((X.shape[0], 1))])


def absorb_lists(X):
    return [[*row, 1] for row in np.asarray(X).tolist()]


def absorb_first(X):
    return np.hstack([np.ones((X.shape[0], 1)), X])


def absorb_zeros(X):
    return np.hstack([X, np.zeros((X.shape[0], 1))])


def absorb_minus_one(X):
    return np.hstack([X, -np.ones((X.shape[0], 1))])


def absorb_row(X):
    return np.vstack([X, np.ones(X.shape[1])])


def train_absorbed_loops(X, y, max_epochs=100):
    Z = np.column_stack([X, np.ones(len(X))])
    v = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for z_i, y_i in zip(Z, y, strict=True):
            if y_i * (v @ z_i) <= 0:
                v, clean = v + y_i * z_i, False
        if clean:
            break
    return v[:-1], v[-1]


def train_absorbed_not_absorbed(X, y, max_epochs=100):
    v = np.zeros(X.shape[1])
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (v @ x_i) <= 0:
                v, clean = v + y_i * x_i, False
        if clean:
            break
    return v, 0.0


def train_absorbed_double_bias(X, y, max_epochs=100):
    w, _, _, _ = train_loops(np.column_stack([X, np.ones(len(X))]), y, max_epochs)
    return w[:-1], w[-1]


def train_absorbed_split_first(X, y, max_epochs=100):
    run = perclab.train(perclab.absorb_bias(X), y, fit_bias=False, max_epochs=max_epochs)
    return run.w[1:], run.w[0]


def train_absorbed_threshold(X, y, max_epochs=100):
    Z = np.column_stack([X, -np.ones(len(X))])
    v = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        clean = True
        for z_i, y_i in zip(Z, y, strict=True):
            if y_i * (v @ z_i) <= 0:
                v, clean = v + y_i * z_i, False
        if clean:
            break
    return v[:-1], v[-1]


# ----------------------------------------------------------------------------------
# Exercise 5 and 6
# ----------------------------------------------------------------------------------


def radius_right(X, fit_bias=False):
    if fit_bias:
        X = np.column_stack([X, np.ones(len(X))])
    return np.sqrt(np.max(np.sum(np.asarray(X, float) ** 2, axis=1)))


def radius_loop(X, fit_bias=False):
    best = 0.0
    for row in X:
        squared = sum(float(v) ** 2 for v in row) + (1.0 if fit_bias else 0.0)
        best = max(best, squared**0.5)
    return best


def radius_centred(X, fit_bias=False):
    if fit_bias:
        X = np.column_stack([X, np.ones(len(X))])
    return np.linalg.norm(X - X.mean(axis=0), axis=1).max()


def radius_never_absorbed(X, fit_bias=False):
    return np.linalg.norm(X, axis=1).max()


def radius_squared(X, fit_bias=False):
    return radius_right(X, fit_bias) ** 2


def radius_columns(X, fit_bias=False):
    if fit_bias:
        X = np.column_stack([X, np.ones(len(X))])
    return np.linalg.norm(X, axis=0).max()


def margin_right(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.linalg.norm(w)


def margin_loop(X, y, w, b=0.0):
    norm = sum(float(v) ** 2 for v in w) ** 0.5
    return min(
        y_i * (float(np.dot(w, x_i)) + b) / norm for x_i, y_i in zip(X, y, strict=True)
    )


def margin_raw(X, y, w, b=0.0):
    return np.min(y * (X @ w + b))


def margin_abs(X, y, w, b=0.0):
    return np.min(np.abs(X @ w + b)) / np.linalg.norm(w)


def margin_mean(X, y, w, b=0.0):
    return np.mean(y * (X @ w + b)) / np.linalg.norm(w)


def margin_absorbed(X, y, w, b=0.0):
    return np.min(y * (X @ w + b)) / np.linalg.norm(np.append(w, b))


def bound_right(X, y, w, b):
    Z = np.column_stack([X, np.ones(len(X))])
    v = np.append(w, b)
    gamma = np.min(y * (Z @ v)) / np.linalg.norm(v)
    return np.max(np.sum(Z**2, axis=1)) / gamma**2


def bound_with_perclab(X, y, w, b):
    R = perclab.radius(X, fit_bias=True)
    gamma = perclab.margin(perclab.absorb_bias(X), y, np.append(w, b))
    return (R / gamma) ** 2


def bound_R_not_absorbed(X, y, w, b):
    v = np.append(w, b)
    gamma = np.min(y * (X @ w + b)) / np.linalg.norm(v)
    return (np.linalg.norm(X, axis=1).max() / gamma) ** 2


def bound_gamma_in_x_space(X, y, w, b):
    return (perclab.radius(X, fit_bias=True) / perclab.margin(X, y, w, b)) ** 2


def bound_nothing_absorbed(X, y, w, b):
    return (perclab.radius(X) / perclab.margin(X, y, w, b)) ** 2


def bound_not_squared(X, y, w, b):
    return np.sqrt(bound_right(X, y, w, b))


def steps_right(W, w_star):
    return np.diff(W @ w_star), np.diff(np.sum(W**2, axis=1))


def steps_loop(W, w_star):
    gains, growths = [], []
    for k in range(1, len(W)):
        gains.append(float(np.dot(W[k] - W[k - 1], w_star)))
        growths.append(float(W[k] @ W[k] - W[k - 1] @ W[k - 1]))
    return gains, growths


def steps_running(W, w_star):
    return (W @ w_star)[1:], np.diff(np.sum(W**2, axis=1))


def steps_not_squared(W, w_star):
    return np.diff(W @ w_star), np.diff(np.linalg.norm(W, axis=1))


def steps_step_length(W, w_star):
    steps = np.diff(W, axis=0)
    return steps @ w_star, np.sum(steps**2, axis=1)


def steps_include_start(W, w_star):
    return W @ w_star, np.sum(W**2, axis=1)


# ----------------------------------------------------------------------------------
# Exercise 7 and 8
# ----------------------------------------------------------------------------------


def perceptron_loss_right(w, X, y):
    return np.mean(np.maximum(0, -y * (X @ w)))


def perceptron_loss_loop(w, X, y):
    total = 0.0
    for x_i, y_i in zip(X, y, strict=True):
        total += max(0.0, -y_i * float(np.dot(w, x_i)))
    return total / len(y)


def perceptron_loss_flipped(w, X, y):
    return np.mean(np.maximum(0, y * (X @ w)))


def perceptron_loss_sum(w, X, y):
    return np.sum(np.maximum(0, -y * (X @ w)))


def perceptron_loss_count(w, X, y):
    return np.mean(y * (X @ w) <= 0)


def perceptron_gradient_right(w, X, y):
    on_mistake = y * (X @ w) <= 0
    return -(X * (y * on_mistake)[:, None]).mean(axis=0)


def perceptron_gradient_loop(w, X, y):
    g = [0.0] * len(w)
    for x_i, y_i in zip(X, y, strict=True):
        if y_i * float(np.dot(w, x_i)) <= 0:
            g = [g_j - y_i * x_ij for g_j, x_ij in zip(g, x_i, strict=True)]
    return [g_j / len(y) for g_j in g]


def perceptron_gradient_correct_points(w, X, y):
    picked = y * (X @ w) > 0
    return -(X * (y * picked)[:, None]).mean(axis=0)


def perceptron_gradient_strict(w, X, y):
    picked = y * (X @ w) < 0
    return -(X * (y * picked)[:, None]).mean(axis=0)


def perceptron_gradient_plus(w, X, y):
    return -perceptron_gradient_right(w, X, y)


def perceptron_gradient_sum(w, X, y):
    return perceptron_gradient_right(w, X, y) * len(y)


def logistic_loss_right(w, X, y):
    return np.mean(np.log(1 + np.exp(-y * (X @ w))))


def logistic_loss_stable(w, X, y):
    return float(np.mean(np.logaddexp(0.0, -y * (X @ w))))


def logistic_loss_log10(w, X, y):
    return np.mean(np.log10(1 + np.exp(-y * (X @ w))))


def logistic_loss_no_label(w, X, y):
    return np.mean(np.log(1 + np.exp(-(X @ w))))


def logistic_loss_sum(w, X, y):
    return np.sum(np.log(1 + np.exp(-y * (X @ w))))


def logistic_loss_zero_one(w, X, y):
    p = 1 / (1 + np.exp(-(X @ w)))
    return np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def logistic_gradient_right(w, X, y):
    return -(X * (y * sigmoid(-y * (X @ w)))[:, None]).mean(axis=0)


def logistic_gradient_loop(w, X, y):
    g = np.zeros(len(w))
    for x_i, y_i in zip(X, y, strict=True):
        g -= y_i * x_i * (1 - sigmoid(y_i * (w @ x_i)))
    return g / len(y)


def logistic_gradient_plus(w, X, y):
    return -logistic_gradient_right(w, X, y)


def logistic_gradient_wrong_sigma(w, X, y):
    return -(X * (y * sigmoid(y * (X @ w)))[:, None]).mean(axis=0)


def logistic_gradient_no_label_factor(w, X, y):
    return -(sigmoid(-y * (X @ w)) @ X) / len(y)


def logistic_gradient_zero_one(w, X, y):
    return ((sigmoid(X @ w) - y)[:, None] * X).mean(axis=0)


def descent_right(gradient, w0, lr, n_steps):
    w = np.asarray(w0, dtype=float)
    for _ in range(n_steps):
        w = w - lr * gradient(w)
    return w


def descent_in_place(gradient, w0, lr, n_steps):
    w = np.array(w0, dtype=float)
    for _ in range(n_steps):
        w -= lr * gradient(w)
    return list(w)


def descent_ascent(gradient, w0, lr, n_steps):
    w = np.asarray(w0, dtype=float)
    for _ in range(n_steps):
        w = w + lr * gradient(w)
    return w


def descent_one_more(gradient, w0, lr, n_steps):
    w = np.asarray(w0, dtype=float)
    for _ in range(n_steps + 1):
        w = w - lr * gradient(w)
    return w


def descent_history(gradient, w0, lr, n_steps):
    path = [np.asarray(w0, dtype=float)]
    for _ in range(n_steps):
        path.append(path[-1] - lr * gradient(path[-1]))
    return path


# ----------------------------------------------------------------------------------
# Exercise 9 and 10
# ----------------------------------------------------------------------------------


def count_errors(X, y, w, b):
    return int(np.sum(y * (X @ w + b) <= 0))


def pocket_right(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w, b, count_errors(X, y, w, b))
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
                errors = count_errors(X, y, w, b)
                if errors < best[2]:
                    best = (w, b, errors)
        if clean:
            break
    return best


def pocket_last(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
        if clean:
            break
    return w, b, count_errors(X, y, w, b)


def pocket_ties_replace(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w, b, count_errors(X, y, w, b))
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
                if count_errors(X, y, w, b) <= best[2]:
                    best = (w, b, count_errors(X, y, w, b))
        if clean:
            break
    return best


def pocket_per_epoch(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w, b, count_errors(X, y, w, b))
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
        if count_errors(X, y, w, b) < best[2]:
            best = (w, b, count_errors(X, y, w, b))
        if clean:
            break
    return best


def pocket_best_starts_at_zero(X, y, max_epochs=50):
    w, b = np.zeros(X.shape[1]), 0.0
    best = (w.copy(), b, 0)
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(X, y, strict=True):
            if y_i * (w @ x_i + b) <= 0:
                w, b, clean = w + y_i * x_i, b + y_i, False
                if count_errors(X, y, w, b) < best[2]:
                    best = (w.copy(), b, count_errors(X, y, w, b))
        if clean:
            break
    return best


def poly2(A, B):
    return (1 + A @ B.T) ** 2


def kernel_perceptron_right(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    alpha = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * K[:, i]) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha


def kernel_perceptron_lists(X, y, kernel, max_epochs=100):
    n = len(y)
    alpha = [0.0] * n
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            f_i = sum(
                alpha[j] * y[j] * float(kernel(X[j : j + 1], X[i : i + 1])[0, 0])
                for j in range(n)
            )
            if y[i] * f_i <= 0:
                alpha[i] += 1.0
                mistakes += 1
        if mistakes == 0:
            break
    return alpha


def kernel_perceptron_strict(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    alpha = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(alpha * y * K[:, i]) < 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha


def kernel_perceptron_no_labels(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    alpha = np.zeros(len(y), dtype=int)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(alpha * K[:, i]) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            break
    return alpha


def kernel_perceptron_signed(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    beta = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(beta * K[:, i]) <= 0:
                beta[i] += y[i]
                clean = False
        if clean:
            break
    return beta


def kernel_perceptron_count_by_label(X, y, kernel, max_epochs=100):
    K = kernel(X, X)
    c = np.zeros(len(y))
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * np.sum(c * y * K[:, i]) <= 0:
                c[i] += y[i]
                clean = False
        if clean:
            break
    return c


def kernel_predict_right(X_train, y_train, alpha, kernel, X_new):
    return np.where((alpha * y_train) @ kernel(X_train, X_new) >= 0, 1, -1)


def kernel_predict_loop(X_train, y_train, alpha, kernel, X_new):
    labels = []
    for x in X_new:
        f = sum(
            a * t * float(kernel(x_j[None, :], x[None, :])[0, 0])
            for a, t, x_j in zip(alpha, y_train, X_train, strict=True)
        )
        labels.append(1 if f >= 0 else -1)
    return labels


def kernel_predict_sign(X_train, y_train, alpha, kernel, X_new):
    return np.sign((alpha * y_train) @ kernel(X_train, X_new))


def kernel_predict_strict(X_train, y_train, alpha, kernel, X_new):
    return np.where((alpha * y_train) @ kernel(X_train, X_new) > 0, 1, -1)


# ----------------------------------------------------------------------------------
# The tables
# ----------------------------------------------------------------------------------

CORRECT = [
    (checks.check_predict_labels, predict_vectorised),
    (checks.check_predict_labels, predict_loop_list),
    (checks.check_predict_labels, perclab.predict),
    (checks.check_is_mistake, mistake_plain),
    (checks.check_is_mistake, mistake_numpy_bool),
    (checks.check_one_update, update_plain),
    (checks.check_one_update, update_lists),
    (checks.check_train_until_clean, train_loops),
    (checks.check_train_until_clean, train_with_lists),
    (checks.check_train_until_clean, train_with_perclab),
    (checks.check_absorb_bias, absorb_hstack),
    (checks.check_absorb_bias, absorb_lists),
    (checks.check_absorb_bias, perclab.absorb_bias),
    (checks.check_train_absorbed, train_absorbed_loops),
    (checks.check_radius, radius_right),
    (checks.check_radius, radius_loop),
    (checks.check_margin, margin_right),
    (checks.check_margin, margin_loop),
    (checks.check_mistake_bound, bound_right),
    (checks.check_mistake_bound, bound_with_perclab),
    (checks.check_proof_steps, steps_right),
    (checks.check_proof_steps, steps_loop),
    (checks.check_perceptron_loss, perceptron_loss_right),
    (checks.check_perceptron_loss, perceptron_loss_loop),
    (checks.check_perceptron_gradient, perceptron_gradient_right),
    (checks.check_perceptron_gradient, perceptron_gradient_loop),
    (checks.check_logistic_loss, logistic_loss_right),
    (checks.check_logistic_loss, logistic_loss_stable),
    (checks.check_logistic_gradient, logistic_gradient_right),
    (checks.check_logistic_gradient, logistic_gradient_loop),
    (checks.check_gradient_descent, descent_right),
    (checks.check_gradient_descent, descent_in_place),
    (checks.check_pocket, pocket_right),
    (checks.check_kernel_perceptron, kernel_perceptron_right),
    (checks.check_kernel_perceptron, kernel_perceptron_lists),
    (checks.check_kernel_predict, kernel_predict_right),
    (checks.check_kernel_predict, kernel_predict_loop),
]

WRONG = [
    (checks.check_predict_labels, predict_np_sign, "np.sign(0) is 0"),
    (checks.check_predict_labels, predict_strict, "Use >= 0, not > 0"),
    (checks.check_predict_labels, predict_flipped, "Wrong sign"),
    (checks.check_predict_labels, predict_no_bias, "The bias b is ignored"),
    (checks.check_predict_labels, predict_booleans, "labels 0 and 1"),
    (checks.check_is_mistake, mistake_via_prediction, "compare the prediction"),
    (checks.check_is_mistake, mistake_strict, "use <= 0, not < 0"),
    (checks.check_is_mistake, mistake_inverted, "True for correctly classified"),
    (checks.check_is_mistake, mistake_without_label, "The label is missing: multiply by y"),
    (checks.check_is_mistake, mistake_returns_score, "Expected True or False"),
    (checks.check_one_update, update_strict, "Use <= 0, not < 0"),
    (checks.check_one_update, update_via_prediction, "whatever the label"),
    (checks.check_one_update, update_always, "updated on a correctly classified"),
    (checks.check_one_update, update_minus, "wrong way"),
    (checks.check_one_update, update_no_bias, "The bias was never updated"),
    (checks.check_one_update, update_no_lr, "ignores the learning rate"),
    (checks.check_one_update, update_bias_without_lr, "bias step must be scaled"),
    (checks.check_one_update, update_bias_into_w, "the weight step is lr * y * x"),
    (checks.check_one_update, update_three_values, "Expected 2 values (w_new, b_new)"),
    (checks.check_one_update, update_forgot_return, "forget the return statement"),
    (checks.check_one_update, update_in_place, "w changed in place"),
    (
        checks.check_train_until_clean,
        train_first_clean_sample,
        "first correctly classified",
    ),
    (checks.check_train_until_clean, train_one_sweep, "Only the first sweep counts"),
    (checks.check_train_until_clean, train_strict, "<= 0, not < 0"),
    (checks.check_train_until_clean, train_bias_frozen, "bias was never updated"),
    (checks.check_train_until_clean, train_epochs_short, "count the final clean sweep"),
    (checks.check_train_until_clean, train_range_short, "One sweep too few"),
    (
        checks.check_train_until_clean,
        train_count_per_sweep,
        "count the updates of the whole",
    ),
    (checks.check_absorb_bias, absorb_first, "constant column last"),
    (checks.check_absorb_bias, absorb_zeros, "column of zeros"),
    (checks.check_absorb_bias, absorb_minus_one, "threshold convention"),
    (checks.check_absorb_bias, absorb_row, "You appended a row"),
    (checks.check_train_absorbed, train_absorbed_not_absorbed, "No bias was learned"),
    (checks.check_train_absorbed, train_absorbed_double_bias, "fit_bias=False"),
    (checks.check_train_absorbed, train_absorbed_threshold, "theta = -b"),
    (checks.check_train_absorbed, train_absorbed_split_first, "b = v[-1] and w = v[:-1]"),
    (checks.check_radius, radius_centred, "from the origin"),
    (checks.check_radius, radius_never_absorbed, "absorbed points (x_i, 1)"),
    (checks.check_radius, radius_squared, "You returned R^2"),
    (checks.check_radius, radius_columns, "each row"),
    (checks.check_margin, margin_raw, "Divide by ||w||"),
    (checks.check_margin, margin_abs, "Multiply by the label"),
    (checks.check_margin, margin_mean, "take the smallest of the values"),
    (checks.check_margin, margin_absorbed, "divide by ||w|| only"),
    (checks.check_mistake_bound, bound_R_not_absorbed, "R = max ||(x_i, 1)||, not"),
    (
        checks.check_mistake_bound,
        bound_gamma_in_x_space,
        "Normalise the margin by ||(w, b)||",
    ),
    (checks.check_mistake_bound, bound_nothing_absorbed, "the bound lives in the absorbed"),
    (
        checks.check_mistake_bound,
        bound_not_squared,
        "square root of the expected one: square it",
    ),
    (
        checks.check_proof_steps,
        steps_running,
        "Return the differences between consecutive rows (np.diff",
    ),
    (checks.check_proof_steps, steps_not_squared, "Use squared norms"),
    (checks.check_proof_steps, steps_step_length, "2 y w_{k-1} @ x + ||x||^2"),
    (
        checks.check_proof_steps,
        steps_include_start,
        "Return the differences between consecutive rows (np.diff",
    ),
    (checks.check_perceptron_loss, perceptron_loss_flipped, "Wrong sign"),
    (checks.check_perceptron_loss, perceptron_loss_sum, "divide the sum by n"),
    (checks.check_perceptron_loss, perceptron_loss_count, "fraction of mistakes"),
    (checks.check_perceptron_gradient, perceptron_gradient_correct_points, "not from the"),
    (checks.check_perceptron_gradient, perceptron_gradient_strict, "never starts"),
    (checks.check_perceptron_gradient, perceptron_gradient_plus, "opposite sign"),
    (checks.check_perceptron_gradient, perceptron_gradient_sum, "divide the sum by n"),
    (checks.check_logistic_loss, logistic_loss_log10, "not log10"),
    (
        checks.check_logistic_loss,
        logistic_loss_no_label,
        "The label is missing: multiply by y",
    ),
    (checks.check_logistic_loss, logistic_loss_sum, "divide the sum by n"),
    (checks.check_logistic_loss, logistic_loss_zero_one, "labels 0 and 1"),
    (checks.check_logistic_gradient, logistic_gradient_plus, "opposite sign"),
    (checks.check_logistic_gradient, logistic_gradient_wrong_sigma, "not sigma(y w @ x)"),
    (checks.check_logistic_gradient, logistic_gradient_zero_one, "labels 0 and 1"),
    (checks.check_logistic_gradient, logistic_gradient_no_label_factor, "multiply by y_i"),
    (checks.check_gradient_descent, descent_ascent, "uphill"),
    (checks.check_gradient_descent, descent_one_more, "one more"),
    (
        checks.check_gradient_descent,
        descent_history,
        "Return only the final w",
    ),
    (checks.check_pocket, pocket_last, "returned the last weights"),
    (checks.check_pocket, pocket_ties_replace, "strictly fewer errors"),
    (checks.check_pocket, pocket_per_epoch, "after every update"),
    (checks.check_pocket, pocket_best_starts_at_zero, "must start at the errors"),
    (checks.check_kernel_perceptron, kernel_perceptron_strict, "not < 0"),
    (checks.check_kernel_perceptron, kernel_perceptron_no_labels, "The labels weight"),
    (checks.check_kernel_perceptron, kernel_perceptron_signed, "c_i * y_i"),
    (checks.check_kernel_perceptron, kernel_perceptron_count_by_label, "goes up by 1"),
    (checks.check_kernel_predict, kernel_predict_sign, "np.sign"),
    (checks.check_kernel_predict, kernel_predict_strict, "not > 0"),
]

CHECKS = sorted({check for check, _ in CORRECT}, key=lambda c: c.__name__)


def _id(row):
    return f"{row[0].__name__}-{row[1].__name__}"


@pytest.mark.parametrize("check, func", CORRECT, ids=[_id(r) for r in CORRECT])
def test_correct_implementations_pass(check, func, capsys):
    result = run_quietly(check, func, capsys)
    assert result.passed, result.message
    assert result.message == f"All {result.n_cases} cases pass."
    assert result.n_cases >= 10


@pytest.mark.parametrize("check, func, hint", WRONG, ids=[_id(r) for r in WRONG])
def test_wrong_implementations_fail_with_their_hint(check, func, hint, capsys):
    result = run_quietly(check, func, capsys)
    assert not result.passed
    assert "\n  inputs:   " in result.message
    assert hint in result.message.split("\n  hint: ", 1)[1], result.message


def test_every_check_has_correct_and_wrong_rows():
    # every registered check but check_model_selection, tested below
    assert set(CHECKS) == set(_core.REGISTRY.values()) - {checks.check_model_selection}
    wrong_checks = {check for check, _, _ in WRONG}
    assert set(CHECKS) <= wrong_checks


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_a_stub_gives_one_friendly_line(check, capsys):
    result = run_quietly(check, stub, capsys)
    name = check.__name__.removeprefix("check_")
    assert not result.passed
    assert "\n" not in result.message
    assert result.message.startswith("Exercise ")
    assert result.message.endswith(
        f"is not implemented yet: fill in {name} above and run this cell again."
    )


def test_an_exception_is_reported_with_inputs_and_line(capsys):
    def broken(w, b, x, y, lr=1.0):
        raise ValueError("shapes do not match")

    result = run_quietly(checks.check_one_update, broken, capsys)
    lines = result.message.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("Exercise 2, one_update: case 1 of ")
    assert lines[0].endswith("your function raised ValueError: shapes do not match")
    assert (
        lines[1]
        == "  inputs:   w = [0., 0.], b = 0.0, x = [1., 2.], y = -1, lr = 1.0 (default)"
    )
    assert lines[2].startswith('  at:       raise ValueError("shapes do not match")')


def test_the_line_is_found_in_a_folder_named_after_the_package(capsys, tmp_path):
    # A learner's file in a folder such as a clone called "perclab" is the learner's code.
    folder = tmp_path / "perclab-course"
    folder.mkdir()
    source = folder / "solution.py"
    source.write_text(
        "def broken(w, b, x, y, lr=1.0):\n    raise ValueError('shapes do not match')\n",
        encoding="utf-8",
    )
    namespace = {}
    exec(compile(source.read_text(encoding="utf-8"), str(source), "exec"), namespace)
    result = run_quietly(checks.check_one_update, namespace["broken"], capsys)
    lines = result.message.splitlines()
    assert lines[2].startswith("  at:       raise ValueError('shapes do not match')")


def test_the_first_failing_case_is_reported(capsys):
    # Only ties with label +1 go wrong; the earlier cases must pass first.
    result = run_quietly(checks.check_one_update, update_via_prediction, capsys)
    assert (
        "case 2 of 35 (zero weights and bias, label +1: the score is 0)" in result.message
    )
    assert "expected: ([1., 2.], 1.0)" in result.message
    assert "received: ([0., 0.], 0.0)" in result.message
    assert "hint: No update happened on a point exactly on the boundary" in result.message


def test_an_endless_loop_is_stopped(monkeypatch, capsys):
    monkeypatch.setattr(_core, "CHECK_SECONDS", 0.2)
    result = run_quietly(checks.check_train_until_clean, train_forever, capsys)
    assert not result.passed
    assert "the check stopped at its limit of 0.2 s" in result.message
    assert "stop after max_epochs" in result.message


def test_passing_the_result_instead_of_the_function(capsys):
    result = run_quietly(checks.check_radius, 5.0, capsys)
    assert not result.passed
    assert "Pass the function itself, e.g. check_radius(radius)" in result.message


def test_inputs_are_copies(capsys):
    # A check that modifies its arguments in place cannot change the later cases.
    def nosy(X, w, b):
        labels = predict_vectorised(X, w, b)
        X *= 0
        w *= -1
        return labels

    result = run_quietly(checks.check_predict_labels, nosy, capsys)
    assert result.passed, result.message


def test_result_repr():
    result = checks.CheckResult(passed=True, n_cases=3, message="All 3 cases pass.")
    assert repr(result) == "CheckResult(passed=True, n_cases=3)"


@pytest.mark.parametrize("name", [n for n in checks.__all__ if n.startswith("check_")])
def test_a_check_docstring_holds_no_solution(name):
    # help() and Shift-Tab show it next to the exercise, and the book's API page (in the
    # edition without solutions too) renders it: it states what is checked, with no code.
    assert ">>>" not in getattr(checks, name).__doc__


def test_kernel_reference_agrees_with_perclab_train():
    # With the linear kernel the dual perceptron is the primal one without a bias.
    X, y = perclab.datasets.make_separable(20, through_origin=True, random_state=3)
    from perclab.checks.variants import _linear_kernel, _ref_kernel_perceptron

    alpha = _ref_kernel_perceptron(X, y, _linear_kernel)
    run = perclab.train(X, y, fit_bias=False)
    assert np.allclose((alpha * y) @ X, run.w, rtol=0, atol=1e-12)
    assert alpha.sum() == run.n_updates


def test_pocket_reference_agrees_with_training_on_separable_data():
    from perclab.checks.variants import _ref_pocket

    X, y = perclab.datasets.make_separable(25, random_state=4)
    w, b, n_errors = _ref_pocket(X, y, max_epochs=1000)
    run = perclab.train(X, y)
    assert n_errors == 0
    assert np.array_equal(w, run.w) and b == run.b


def test_logistic_gradient_reference_matches_finite_differences():
    from perclab.checks.gradients import _ref_logistic_gradient, _ref_logistic_loss

    rng = np.random.default_rng(0)
    X, y, w = (
        rng.normal(size=(7, 3)),
        np.where(rng.random(7) < 0.5, -1, 1),
        rng.normal(size=3),
    )
    h = 1e-6
    numeric = [
        (_ref_logistic_loss(w + h * e, X, y) - _ref_logistic_loss(w - h * e, X, y))
        / (2 * h)
        for e in np.eye(3)
    ]
    assert np.allclose(_ref_logistic_gradient(w, X, y), numeric, rtol=1e-6, atol=1e-9)


# ----------------------------------------------------------------------------------
# Exercise 11: model selection
# ----------------------------------------------------------------------------------


def _pipeline(scaler=True):
    from sklearn.linear_model import Perceptron
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    model = Perceptron(random_state=0)
    return make_pipeline(StandardScaler(), model) if scaler else model


GRID = {"perceptron__alpha": [1e-4, 1e-3], "perceptron__penalty": ["l2"]}


def select_right(X_train, y_train):
    from sklearn.model_selection import GridSearchCV

    return GridSearchCV(_pipeline(), GRID, cv=3).fit(X_train, y_train)


def select_randomised_minmax(X_train, y_train):
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import RandomizedSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import MinMaxScaler

    pipeline = Pipeline([("scale", MinMaxScaler()), ("model", LogisticRegression())])
    grid = {"model__C": [0.5, 1.0, 5.0]}
    search = RandomizedSearchCV(pipeline, grid, n_iter=2, cv=3, random_state=0)
    return search.fit(X_train, y_train)


def select_scaled_outside(X_train, y_train):
    from sklearn.model_selection import GridSearchCV
    from sklearn.preprocessing import StandardScaler

    X_scaled = StandardScaler().fit_transform(X_train)
    grid = {"alpha": [1e-4, 1e-3], "penalty": ["l2"]}
    return GridSearchCV(_pipeline(scaler=False), grid, cv=3).fit(X_scaled, y_train)


def select_no_search(X_train, y_train):
    return _pipeline().fit(X_train, y_train)


def select_peeks_at_everything(X_train, y_train):
    from sklearn.model_selection import GridSearchCV

    X, y = perclab.datasets.load_breast_cancer()
    return GridSearchCV(_pipeline(), GRID, cv=3).fit(X, y)


def select_one_candidate(X_train, y_train):
    from sklearn.model_selection import GridSearchCV

    grid = {"perceptron__alpha": [1e-4]}
    return GridSearchCV(_pipeline(), grid, cv=3).fit(X_train, y_train)


def select_no_refit(X_train, y_train):
    from sklearn.model_selection import GridSearchCV

    return GridSearchCV(_pipeline(), GRID, cv=3, refit=False).fit(X_train, y_train)


def select_two_folds(X_train, y_train):
    from sklearn.model_selection import GridSearchCV

    return GridSearchCV(_pipeline(), GRID, cv=2).fit(X_train, y_train)


@pytest.mark.parametrize("select_model", [select_right, select_randomised_minmax])
def test_model_selection_passes(select_model, capsys):
    result = run_quietly(checks.check_model_selection, select_model, capsys)
    assert result.passed, result.message
    assert result.message.startswith("All 5 cases pass: cross-validated score 0.9")
    assert "(accuracy), test accuracy 0.9" in result.message


@pytest.mark.parametrize(
    "select_model, hint",
    [
        (select_scaled_outside, "Put the scaler inside the Pipeline"),
        (select_no_search, "Return the fitted search object"),
        (select_peeks_at_everything, "the test set takes no part in selection"),
        (select_one_candidate, "at least two candidate settings"),
        (select_no_refit, "keep refit=True"),
        (select_two_folds, "at least 3 cross-validation folds (got 2)"),
        (stub, "Exercise 11 is not implemented yet: fill in select_model above"),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_model_selection_fails_with_its_hint(select_model, hint, capsys):
    result = run_quietly(checks.check_model_selection, select_model, capsys)
    assert not result.passed
    assert hint in result.message, result.message


def test_model_selection_sees_only_its_arguments(capsys):
    # A function that ignores its arguments and loads a fixed training split is caught by
    # the second call, on a random subset.
    from sklearn.model_selection import GridSearchCV, train_test_split

    def select_fixed_split(X_train, y_train):
        X, y = perclab.datasets.load_breast_cancer()
        X_fixed, _, y_fixed, _ = train_test_split(
            X, y, test_size=0.25, stratify=y, random_state=0
        )
        return GridSearchCV(_pipeline(), GRID, cv=3).fit(X_fixed, y_fixed)

    result = run_quietly(checks.check_model_selection, select_fixed_split, capsys)
    assert not result.passed
    assert "on a random subset of 200 training rows fails" in result.message
    assert "did not see exactly the X_train passed in" in result.message


def test_every_check_registers_itself_and_is_exported():
    # a check_* function in any module of perclab.checks is in the registry, in the
    # package's namespace and in __all__, without a list kept by hand
    import importlib
    import pkgutil

    found = {}
    for module in pkgutil.iter_modules(checks.__path__):
        loaded = importlib.import_module(f"perclab.checks.{module.name}")
        for name, value in vars(loaded).items():
            if (
                name.startswith("check_")
                and getattr(value, "__module__", "") == loaded.__name__
            ):
                found[name] = value
    assert found == _core.REGISTRY and len(found) >= 19
    assert sorted(checks.__all__) == sorted(["CheckResult", *found])
    assert all(getattr(checks, name) is check for name, check in found.items())


def test_a_spec_states_what_is_checked_and_its_diagnosis_is_optional(capsys):
    # a new exercise's check needs only the fields it checks; without a Diagnosis a wrong
    # answer is told what differs, and a known slip in a Diagnosis is named
    spec = _core.Spec(
        exercise=0,
        name="double",
        params=("x",),
        reference=lambda x: 2 * x,
        cases=[_core.Case("two numbers", (np.array([1.0, 2.0]),))],
    )

    def check_double(double):
        return _core.run_check(spec, double)

    assert spec.diagnosis == _core.Diagnosis()
    assert run_quietly(check_double, lambda x: x + x, capsys).passed
    plain = run_quietly(check_double, lambda x: 3 * x, capsys)
    assert not plain.passed
    assert plain.message.endswith(
        "hint: 2 of 2 entries differ; entry 0 should be 2.0, not 3.0."
    )
    spec.diagnosis = _core.Diagnosis(
        rule="The rule: twice x.", wrong={"Times 3: multiply by 2.": lambda x: 3 * x}
    )
    named = run_quietly(check_double, lambda x: 3 * x, capsys)
    assert named.message.endswith("hint: Times 3: multiply by 2.")
    other = run_quietly(check_double, lambda x: x + 1, capsys)
    assert other.message.endswith("entry 1 should be 4.0, not 3.0. The rule: twice x.")
