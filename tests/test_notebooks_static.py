"""What every committed notebook must satisfy before it is run: no outputs, the python3
kernel, a first code cell that installs perclab on Colab (and nowhere else) from the
repository named in _config.yml, and a table of contents that lists every chapter."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(
    p
    for folder in ("notebooks", "exercises")
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
COLAB_CELL = re.compile(
    r"^# On Colab, install perclab first; anywhere else this cell does nothing\n"
    r"import sys\n\n"
    r'if "google\.colab" in sys\.modules:\n'
    r'    %pip install --quiet "perclab @ git\+(?P<url>\S+)"$'
)


def _repository_url() -> str:
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    block = config.split("\nrepository:\n", 1)[1]
    match = re.search(r"^\s+url:\s*(\S+)", block, flags=re.MULTILINE)
    return match.group(1)


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_without_outputs(path):
    for cell in _cells(path):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: strip the outputs, then commit"
            assert cell["execution_count"] is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_python3_kernel(path):
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_first_code_cell_installs_perclab_on_colab_only(path):
    first = next(c for c in _cells(path) if c["cell_type"] == "code")
    match = COLAB_CELL.match(_source(first))
    assert match, f"{path.name}: the first code cell must be the Colab install cell"
    assert match.group("url") == _repository_url()


def test_toc_lists_every_chapter():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"file: notebooks/{path.stem}\n" in toc, f"add {path.name} to _toc.yml"
