"""What the grading tests share: the grading tools (tools/ is not a package), the key."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import autograder  # noqa: E402
import grade  # noqa: E402
import grade_child  # noqa: E402
import grading_cases  # noqa: E402

KEY = 20261127  # the hidden cases' key in these tests (make autograder draws its own)

__all__ = ["KEY", "ROOT", "autograder", "grade", "grade_child", "grading_cases"]
