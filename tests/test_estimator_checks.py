"""perclab.Perceptron against scikit-learn's own estimator test suite.

Every check that parametrize_with_checks yields runs as one test. Nothing is skipped or
marked as an expected failure by hand: the checks that cannot apply (the classifier is
binary) are left out by scikit-learn itself, from the estimator's tags
(``classifier_tags.multi_class = False``). scikit-learn may still skip a check whose
requirements are not installed (pandas, which is no dependency of perclab; array API
dispatch, which needs ``SCIPY_ARRAY_API=1`` before scipy is imported); those skips are
its own and say why.
"""

import pytest
from sklearn.utils import get_tags
from sklearn.utils.estimator_checks import parametrize_with_checks

from perclab import Perceptron

# The checks fit on data that are not linearly separable (random labels, constant
# features, ...), where Perceptron warns with a ConvergenceWarning after max_epochs,
# as it should. The suite turns warnings into errors; this module lets exactly that
# category through, and nothing else.
pytestmark = pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")


# scikit-learn before 1.8 (the last that supports Python 3.10) hands pytest a generator,
# which pytest 9 deprecates; the same checks, as a list.
_checks = parametrize_with_checks([Perceptron()])
_names, _cases = _checks.args[:2]


@pytest.mark.parametrize(_names, list(_cases), **_checks.kwargs)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def test_the_tags_say_binary_classifier():
    tags = get_tags(Perceptron())
    assert tags.estimator_type == "classifier"
    assert tags.classifier_tags.multi_class is False
    assert tags.target_tags.required is True
