"""perclab: the perceptron, taught and tested.

The algorithm (:func:`train`), data sets (:mod:`perclab.datasets`), the quantities of the
convergence theorem (:mod:`perclab.theory`), figures (:mod:`perclab.plotting`) and a
scikit-learn classifier (:class:`Perceptron`, imported on first use so that
``import perclab`` stays fast).
"""

from perclab import datasets, theory
from perclab.perceptron import (
    NotConvergedWarning,
    TrainResult,
    UpdateHistory,
    predict,
    train,
)
from perclab.theory import absorb_bias, margin, max_margin, mistake_bound, radius

__version__ = "0.1.0"

__all__ = [
    "NotConvergedWarning",
    "Perceptron",
    "TrainResult",
    "UpdateHistory",
    "absorb_bias",
    "datasets",
    "margin",
    "max_margin",
    "mistake_bound",
    "plotting",
    "predict",
    "radius",
    "theory",
    "train",
]


def __getattr__(name):
    # scikit-learn and matplotlib load only when the estimator or the plots are used.
    if name == "Perceptron":
        from perclab.estimator import Perceptron

        return Perceptron
    if name == "plotting":
        import importlib

        return importlib.import_module("perclab.plotting")
    raise AttributeError(f"module 'perclab' has no attribute {name!r}")
