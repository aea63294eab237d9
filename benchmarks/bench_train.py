"""Time perclab.train against scikit-learn's Perceptron on the same data, same epochs.

Prints the times side by side, their ratio, and the floor of one epoch (one ``X @ w``
pass over the data), and checks that both end with identical weights.

    python benchmarks/bench_train.py --n-samples 20000 --n-features 50
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron as SkPerceptron

import perclab


def best_of(repeats, function):
    """Return the smallest wall time of ``repeats`` calls, and the last result."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-samples", type=int, default=20_000)
    parser.add_argument("--n-features", type=int, default=50)
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    X, y = perclab.datasets.make_small_margin(
        args.n_samples,
        n_features=args.n_features,
        margin=args.margin,
        random_state=args.seed,
    )
    t_perclab, result = best_of(
        args.repeats, lambda: perclab.train(X, y, max_epochs=10_000)
    )
    epochs = result.epochs
    sk = SkPerceptron(shuffle=False, tol=None, penalty=None, eta0=1.0, max_iter=epochs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        t_sklearn, _ = best_of(args.repeats, lambda: sk.fit(X, y))
    w = np.zeros(X.shape[1])
    t_pass, _ = best_of(max(args.repeats, 5), lambda: X @ w)

    identical = np.array_equal(sk.coef_.ravel(), result.w) and sk.intercept_[0] == result.b
    per_epoch = t_perclab / epochs
    print(
        f"data: {args.n_samples} samples x {args.n_features} features, "
        f"{epochs} epochs, {result.n_updates} updates, converged={result.converged}"
    )
    print(
        f"perclab.train          {t_perclab:9.4f} s   ({per_epoch * 1e3:.2f} ms per epoch)"
    )
    print(f"sklearn Perceptron     {t_sklearn:9.4f} s")
    print(f"one X @ w pass         {t_pass:9.6f} s")
    print(f"ratio perclab / sklearn:          {t_perclab / t_sklearn:8.2f}")
    print(f"ratio perclab epoch / X @ w pass: {per_epoch / t_pass:8.2f}")
    print(f"identical weights: {identical}")
    if not identical:
        raise SystemExit("weights differ from scikit-learn's")


if __name__ == "__main__":
    main()
