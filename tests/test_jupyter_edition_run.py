"""Every edition notebook runs top to bottom in a fresh kernel, and equals a fresh
generation from its source.

Each notebook is executed once. The chapters' glued values from that run regenerate the
chapter's edition, which must equal the committed file byte for byte, with one honest
exception: values computed from a clock (tools/jupyter_edition.py, ``measured_glue``)
are taken from the committed edition's metadata, since no two runs measure the same
time; everything else, their formatting and where they appear included, is compared.
The student notebooks run with their stubs: every check reports "not implemented" and
the notebook carries on.

An edition's code cells are its source's code cells (tests/test_jupyter_edition.py), so
running the chapter editions also runs the chapters.
"""

import nbformat
import numpy as np
import pytest
from test_jupyter_edition import ROOT, tool  # the generator, loaded once

SOURCES = tool.sources(ROOT)
EDITIONS = tool.committed_editions(ROOT)
CHAPTERS = [p for p in EDITIONS if p.parent.name == tool.CHAPTERS.name]
STUDENTS = [p for p in EDITIONS if p.parent.name == tool.STUDENTS.name]


def _ids(paths):
    return [p.relative_to(ROOT).as_posix() for p in paths]


def _run(path):
    notebook = nbformat.read(path, as_version=4)
    return tool.execute(notebook, path.parent, timeout=120)


def _text(cell):
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.append(output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


@pytest.fixture(scope="module")
def book():
    return tool.load_book(ROOT)


@pytest.mark.parametrize("path", CHAPTERS, ids=_ids(CHAPTERS))
def test_chapter_edition_runs_and_is_generated(path, book):
    executed = _run(path)
    docname, source = SOURCES[path]
    glue = tool.glued_outputs(executed)
    fresh = tool.render(
        tool.edition(source, docname, book, glue, tool.committed_measured(path))
    )
    committed, committed_images = _without_images(path.read_text(encoding="utf-8"))
    made, made_images = _without_images(fresh)
    assert committed == made, (
        f"{path.relative_to(ROOT)} differs from a fresh generation; "
        "run: python tools/jupyter_edition.py"
    )
    assert committed_images.keys() == made_images.keys()
    for name, image in committed_images.items():
        assert image.shape == made_images[name].shape, name
        assert np.abs(image - made_images[name]).mean() < 0.01, name


def _without_images(text):
    """The notebook text with attached images blanked, and the images as arrays."""
    import base64
    import io

    from matplotlib.image import imread

    notebook = nbformat.reads(text, as_version=4)
    images = {}
    for k, cell in enumerate(notebook.cells):
        for name, bundle in cell.get("attachments", {}).items():
            for mime, data in bundle.items():
                images[k, name, mime] = imread(io.BytesIO(base64.b64decode(data)))
                bundle[mime] = ""
    return nbformat.writes(notebook), images


@pytest.mark.parametrize("path", STUDENTS, ids=_ids(STUDENTS))
def test_student_edition_runs_with_its_stubs(path, book):
    executed = _run(path)
    checks = [
        c for c in executed.cells if c.cell_type == "code" and "checks.check_" in c.source
    ]
    assert checks, "a student notebook has check cells"
    for cell in checks:
        assert "not implemented" in _text(cell), cell.source
    docname, source = SOURCES[path]
    fresh = tool.render(tool.edition(source, docname, book))
    assert path.read_text(encoding="utf-8") == fresh, (
        f"{path.relative_to(ROOT)} differs from a fresh generation; "
        "run: python tools/jupyter_edition.py"
    )
