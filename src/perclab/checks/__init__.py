"""Self-checks for the exercises: your function against a reference, case by case.

Each ``check_*`` function takes the function you wrote, calls it on a list of cases
(small hand-made edge cases first, then seeded random data), and compares every answer
with a reference. It prints one short report and returns a :class:`CheckResult`:

* all cases pass: ``All 40 cases pass.``;
* a case fails: that case's inputs, the expected and the received output, and a hint.
  A known wrong version of the function (wrong sign, ``<`` instead of ``<=``, bias not
  updated, ...), a general probe (``perclab.checks._probes``: the reference run with the
  learning rate inverted or dropped, one step or sweep fewer, max_epochs ignored, the
  samples reversed, the bias ignored, a non-zero start) or a general relation between
  answer and reference (two values swapped, scores for labels, a square, a reciprocal,
  numbers cut to integers, a constant factor, weights that never leave zero, ...) is
  named only when it reproduces the learner's answers on every case, and when several
  do, the first two are named together; otherwise the hint says which returned value
  or entry differs and restates the rule;
* your function raises: the case, the line that raised and a hint for the usual cause;
* your function changes an argument the exercise says to leave alone: which one;
* your function is still the stub (``NotImplementedError``): one line saying so.

Only behaviour is checked, never the form of the code: loops or vectorised code, lists or
arrays, labels -1/+1 as ints or floats all pass when the numbers are right. Every input
is a fresh copy, so changing an argument in place does not affect later cases. Where the
reference is exact (labels, counts, weights built from small integers) the comparison is
exact; where floating-point sums may round differently it uses a tolerance, stated in
each docstring. A whole check has one time limit (see ``perclab.checks._core``).

The references are perclab's own tested functions: :func:`perclab.train`,
:func:`perclab.predict`, :mod:`perclab.theory`, :mod:`perclab.losses`,
:mod:`perclab.logistic`, :mod:`perclab.optim` and :mod:`perclab.variants`, so that each
rule lives in one place.

Use: ``from perclab import checks`` and then, for example,
``result = checks.check_one_update(one_update)``.
"""

from perclab.checks._core import CheckResult
from perclab.checks.gradients import (
    check_gradient_descent,
    check_logistic_gradient,
    check_logistic_loss,
    check_perceptron_gradient,
    check_perceptron_loss,
)
from perclab.checks.perceptron import (
    check_absorb_bias,
    check_is_mistake,
    check_one_update,
    check_predict_labels,
    check_train_absorbed,
    check_train_until_clean,
)
from perclab.checks.selection import check_model_selection
from perclab.checks.theory import (
    check_margin,
    check_mistake_bound,
    check_proof_steps,
    check_radius,
)
from perclab.checks.variants import (
    check_kernel_perceptron,
    check_kernel_predict,
    check_pocket,
)

__all__ = [
    "CheckResult",
    "check_absorb_bias",
    "check_gradient_descent",
    "check_is_mistake",
    "check_kernel_perceptron",
    "check_kernel_predict",
    "check_logistic_gradient",
    "check_logistic_loss",
    "check_margin",
    "check_mistake_bound",
    "check_model_selection",
    "check_one_update",
    "check_perceptron_gradient",
    "check_perceptron_loss",
    "check_pocket",
    "check_predict_labels",
    "check_proof_steps",
    "check_radius",
    "check_train_absorbed",
    "check_train_until_clean",
]
