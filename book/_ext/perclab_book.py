"""Small fixes to the stock book set-up, kept in one place.

1. With the stock set-up, the inline scripts of sphinx-thebe (``const THEBE_JS_URL =
   ...``) and sphinx-togglebutton reach every page twice (once registered with filename
   ``None``, once with ``""``), and the browser reports "Identifier 'THEBE_JS_URL' has
   already been declared". Each page's scripts are de-duplicated before it is written.
2. docutils wraps the bibliography in ``<div role="list">`` whose children carry
   ``role="doc-biblioentry"``, not ``listitem``: an ARIA list without list items, which
   accessibility checkers rate critical. The list role is dropped; the entries keep theirs.
3. ``perclab.css``: at phone width, long API signatures wrap and the general index scrolls
   inside its own box instead of widening the whole page; in light mode, links inside
   tinted boxes are a darker blue, for a 4.5:1 contrast.
"""

from pathlib import Path


def _unique_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        # the same inline script can come twice, once with filename None and once with ""
        key = (script.filename or "", tuple(sorted(script.attributes.items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def _plain_citation_list(app, pagename, templatename, context, doctree):
    body = context.get("body")
    if body and 'role="list" class="citation-list"' in body:
        context["body"] = body.replace(
            '<div role="list" class="citation-list">', '<div class="citation-list">'
        )


def _add_static(app):
    app.config.html_static_path.append(str(Path(__file__).parents[1] / "_static"))


def setup(app):
    app.connect("builder-inited", _add_static)
    app.add_css_file("perclab.css")
    app.connect("html-page-context", _unique_scripts, priority=900)
    app.connect("html-page-context", _plain_citation_list, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
