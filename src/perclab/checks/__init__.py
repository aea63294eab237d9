"""Self-checks for the exercises: your function against a reference, case by case.

Each ``check_*`` function calls the function you wrote on a list of cases (small edge
cases first, then seeded random data), compares every answer with a reference from
perclab's own tested functions, prints one short report and returns a
:class:`CheckResult`. The report says that all cases pass; or shows the first failing
case (inputs, expected and received output) with a hint; or the line where your
function raised, with the usual cause; or which argument it changed in place that the
exercise says to leave alone; or that it is still the stub. A hint names a known slip
(``<`` instead of ``<=``, the bias not updated, ...), a general probe (the reference
run with one argument changed: the learning rate dropped, one sweep fewer, the samples
reversed, ...) or a relation between answer and reference (values swapped, a square,
numbers cut to integers, ...) only when it reproduces your answers on every case;
otherwise it says which value or entry differs and restates the rule.

Only behaviour is checked, never the form of the code: loops or vectorised code, lists
or arrays, labels as ints or floats all pass. Every input is a fresh copy. Exact
references (labels, counts, small-integer weights) are compared exactly, the others
within the tolerance each docstring states. A whole check has one time limit.

Use: ``from perclab import checks``, then e.g. ``checks.check_one_update(one_update)``.
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
