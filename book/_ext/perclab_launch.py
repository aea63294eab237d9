"""Launch buttons that open the Jupyter edition.

The theme builds the Binder, JupyterHub and Colab links of a page from the page's own
source path, so a chapter would open its MyST source and an exercise page its solution
notebook. This extension runs after the theme (priority 502 against its 501) and points
those links to the page's notebook in the Jupyter edition (``tools/jupyter_edition.py``):
a chapter to ``jupyter/notebooks/NAME.ipynb``, an exercise page to the student notebook
``jupyter/exercises/NAME.ipynb``. Pages without an edition keep their links.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _edition_path():
    spec = importlib.util.spec_from_file_location(
        "perclab_jupyter_edition", ROOT / "tools" / "jupyter_edition.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.edition_path


edition_path = _edition_path()


def launch_buttons(context: dict) -> list[dict]:
    """The theme's launch links on this page (empty when it has none)."""
    for group in context.get("header_buttons") or []:
        if group.get("label") == "launch-buttons":
            return [b for b in group.get("buttons", []) if b.get("type") == "link"]
    return []


def rewrite(pagename: str, context: dict) -> int:
    """Point the page's launch links at its edition notebook; return how many changed."""
    target = edition_path(pagename)
    if target is None:
        return 0
    changed = 0
    for button in launch_buttons(context):
        url = button["url"]
        for suffix in (".ipynb", ".md"):
            source = f"{pagename}{suffix}"
            if source in url:
                button["url"] = url.replace(source, target)
                changed += 1
                break
    return changed


def _on_page(app, pagename, templatename, context, doctree):
    rewrite(pagename, context)


def setup(app):
    app.connect("html-page-context", _on_page, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
