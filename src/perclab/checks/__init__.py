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

from perclab.checks._core import REGISTRY as _REGISTRY
from perclab.checks._core import CheckResult


def _load_every_checks_module() -> None:
    """Import each module of checks: each registers its own checks
    (``perclab.checks._core.registered``), so a new exercise's module is found here."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_") and module.name != "compare":
            importlib.import_module(f"{__name__}.{module.name}")


_load_every_checks_module()
globals().update(_REGISTRY)  # the checks, and __all__, come from the registry
__all__ = ["CheckResult", *sorted(_REGISTRY)]
