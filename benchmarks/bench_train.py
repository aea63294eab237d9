"""Time perclab.train against scikit-learn's Perceptron on the same data, same epochs.

The data are separable and need dozens of epochs (by default 100,000 samples, 50
features, ``make_separable(margin=0.03)``: 66 epochs). perclab's ``train`` (the fast
path, its default) and scikit-learn's ``Perceptron(shuffle=False, tol=None,
penalty=None, eta0=1.0, max_iter=epochs)`` run the same rule in the same order, so they
must end with identical weights; the script checks that. Each is timed best of
``--repeats``, taking turns in one run, next to the floor of one epoch: one ``X @ w``
pass over the data. It prints the times and their ratios.

    python benchmarks/bench_train.py [--n-samples 100000] [--n-features 50]
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron as SkPerceptron

import perclab


def seconds(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-samples", type=int, default=100_000)
    parser.add_argument("--n-features", type=int, default=50)
    parser.add_argument("--margin", type=float, default=0.03)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    X, y = perclab.datasets.make_separable(
        args.n_samples,
        n_features=args.n_features,
        margin=args.margin,
        random_state=args.seed,
    )
    result = perclab.train(X, y, max_epochs=10_000)
    epochs = result.epochs
    sk = SkPerceptron(shuffle=False, tol=None, penalty=None, eta0=1.0, max_iter=epochs)
    w = np.zeros(X.shape[1])

    def fit_sklearn():
        with warnings.catch_warnings():  # it says that it stopped at max_iter
            warnings.simplefilter("ignore", ConvergenceWarning)
            sk.fit(X, y)

    times = {"perclab": [], "sklearn": [], "pass": []}
    for _ in range(args.repeats):  # taking turns, so that both see the same machine
        times["perclab"].append(seconds(lambda: perclab.train(X, y, max_epochs=10_000)))
        times["sklearn"].append(seconds(fit_sklearn))
        times["pass"].extend(seconds(lambda: X @ w) for _ in range(5))
    t_perclab, t_sklearn, t_pass = (
        min(times[key]) for key in ("perclab", "sklearn", "pass")
    )

    identical = np.array_equal(sk.coef_.ravel(), result.w) and sk.intercept_[0] == result.b
    print(
        f"data: make_separable({args.n_samples}, n_features={args.n_features}, "
        f"margin={args.margin}): {epochs} epochs, {result.n_updates} updates "
        f"({result.mistakes_per_epoch[0]} in the first epoch), converged={result.converged}"
    )
    print(f"best of {args.repeats}, taking turns:")
    print(
        f"  perclab.train (fast path) {t_perclab:8.4f} s   "
        f"{t_perclab / epochs * 1e3:6.2f} ms per epoch"
    )
    print(
        f"  sklearn Perceptron        {t_sklearn:8.4f} s   "
        f"{t_sklearn / epochs * 1e3:6.2f} ms per epoch"
    )
    print(f"  one X @ w pass            {t_pass:8.4f} s   {t_pass * 1e3:6.2f} ms")
    print(
        f"ratio perclab / sklearn:              {t_perclab / t_sklearn:5.2f}  (target <= 1)"
    )
    print(
        f"ratio perclab epoch / X @ w pass:     {t_perclab / epochs / t_pass:5.2f}  "
        "(aim <= 3)"
    )
    print(f"ratio sklearn epoch / X @ w pass:     {t_sklearn / epochs / t_pass:5.2f}")
    print(f"identical weights: {identical}")
    if not identical:
        raise SystemExit("weights differ from scikit-learn's")


if __name__ == "__main__":
    main()
