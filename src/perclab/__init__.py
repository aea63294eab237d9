"""perclab: the perceptron, taught and tested.

The algorithm (:func:`train`), the loop it shares with every variant
(``perclab.engine``) and the models that own each rule (``perclab.models``), error
functions and stopping rules (:mod:`perclab.criteria`), data sets
(:mod:`perclab.datasets`), the convergence theorem and its geometry
(:mod:`perclab.theory`, :mod:`perclab.geometry`), gradient methods
(:mod:`perclab.optim`), logistic regression (:mod:`perclab.logistic`), the pocket,
averaged, voted and kernel perceptrons (:mod:`perclab.variants`), the margin perceptron
(:mod:`perclab.margin_perceptron`) and lab measurements (:mod:`perclab.lab`) need only
NumPy and load with the package. Figures (:mod:`perclab.plotting`,
:mod:`perclab.animation`), interactive widgets (:mod:`perclab.widgets`,
:mod:`perclab.quiz`), the exercises' self-checks (:mod:`perclab.checks`) and the
scikit-learn classifier (:class:`Perceptron`) load on first use, so that
``import perclab`` stays fast.
"""

from perclab import (
    criteria,
    datasets,
    engine,
    geometry,
    lab,
    logistic,
    margin_perceptron,
    models,
    optim,
    theory,
    variants,
)
from perclab.perceptron import (
    NotConvergedWarning,
    TrainingOverflowError,
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
    "TrainingOverflowError",
    "UpdateHistory",
    "absorb_bias",
    "animation",
    "checks",
    "criteria",
    "datasets",
    "engine",
    "geometry",
    "lab",
    "logistic",
    "margin",
    "margin_perceptron",
    "max_margin",
    "mistake_bound",
    "models",
    "optim",
    "plotting",
    "predict",
    "quiz",
    "radius",
    "theory",
    "train",
    "variants",
    "widgets",
]


def __getattr__(name):
    # scikit-learn and matplotlib load only when the estimator or the plots are used.
    if name == "Perceptron":
        from perclab.estimator import Perceptron

        return Perceptron
    if name in ("animation", "checks", "plotting", "quiz", "widgets"):
        import importlib

        return importlib.import_module(f"perclab.{name}")
    raise AttributeError(f"module 'perclab' has no attribute {name!r}")
