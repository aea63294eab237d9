"""The margin perceptron: an update whenever ``y_i (w @ x_i + b) <= 1``, not only on a
mistake. Its step is SGD with step ``lr`` on the hinge loss ``max(0, 1 - y_i (w @ x_i
+ b))``, whose subgradient is ``-y_i (x_i, 1)`` there (the perceptron loss is the same
with 0 for 1). On separable data it stops with every margin above 1."""

from __future__ import annotations

from perclab.models import LinearModel, serve_fast_paths
from perclab.perceptron import TrainResult, fit_linear, result_fields

__all__ = ["MarginModel", "margin_perceptron"]


@serve_fast_paths  # the linear rule with another threshold: every fast path implements it
class MarginModel(LinearModel):
    """:class:`perclab.models.LinearModel` with a mistake when the margin is ``<= 1``."""

    threshold = 1.0


def margin_perceptron(X, y, **options) -> TrainResult:
    """Train the margin perceptron; the arguments and result are :func:`perclab.train`'s.

    >>> X = [[2.0, 1.0], [1.0, 3.0], [3.0, 2.0], [0.5, 2.0], [2.5, 2.6], [1.5, 1.4]]
    >>> result = margin_perceptron(X, [-1, 1, -1, 1, 1, -1])
    >>> result.converged, result.n_updates, result.w, result.b  # train: 18 updates
    (True, 33, array([-5.,  8.]), -5.0)
    """
    model, loop = fit_linear(
        X, y, model=MarginModel, warn="the margin perceptron", **options
    )
    return TrainResult(**result_fields(model, loop))
