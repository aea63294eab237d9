"""The package's imports: no cycles, and no private name taken from another module.

Every import in ``src/perclab`` counts, also those inside functions (a lazy import
still ties two modules together). A shared helper is public inside the package: a
module may import ``perclab.x.name`` or ``perclab._x.name``, never ``perclab.x._name``.
"""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "perclab"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def resolve(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of ``from <node.module> import ...`` written in ``module``."""
    if not node.level:
        return node.module
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports(module: str):
    """``(imported module, private name or None, line)`` for every import in
    ``module`` of a perclab module, and for every ``alias._name`` read from one."""
    tree = ast.parse(MODULES[module].read_text())
    aliases = {}  # local name -> perclab module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    aliases[alias.asname or alias.name] = alias.name
                    yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            source = resolve(module, node)
            if source not in MODULES:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in MODULES:  # from perclab import engine
                    aliases[alias.asname or alias.name] = submodule
                    yield submodule, None, node.lineno
                else:
                    private = alias.name if alias.name.startswith("_") else None
                    yield source, private, node.lineno
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            target = aliases[node.value.id]
            if f"{target}.{node.attr}" not in MODULES:
                yield target, node.attr, node.lineno


GRAPH = {
    module: sorted({target for target, _, _ in imports(module) if target != module})
    for module in MODULES
}


def find_cycle(graph):
    """A list of modules that import each other in a ring, or None."""
    state = {}  # module -> "open" while on the path, "done" after

    def visit(module, path):
        state[module] = "open"
        for target in graph[module]:
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state:
                cycle = visit(target, [*path, target])
                if cycle:
                    return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module, [module])
            if cycle:
                return cycle
    return None


def test_no_module_imports_itself_in_a_ring():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_a_package_imports_no_module_of_its_own_subpackage_that_imports_it():
    # __init__ edges: a package that imports its modules is fine; a module that imports
    # its package's __init__ back is a ring, which find_cycle reports
    assert find_cycle({"a": ["b"], "b": ["a"]}) == ["a", "b", "a"]
    assert find_cycle({"a": ["b"], "b": ["c"], "c": []}) is None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(module):
    private = [
        f"line {line}: {target}.{name}"
        for target, name, line in imports(module)
        if name is not None and target != module
    ]
    assert private == [], f"{module} takes private names: {private}"


def test_the_checker_sees_a_private_import():
    MODULES["perclab.fake"] = PACKAGE / "fake.py"
    source = "from perclab.plotting import _axes\nfrom perclab import losses\nlosses._x\n"
    try:
        original = Path.read_text
        Path.read_text = lambda self, *a, **k: (
            source if self.name == "fake.py" else original(self, *a, **k)
        )
        found = [(t, n) for t, n, _ in imports("perclab.fake")]
    finally:
        Path.read_text = original
        del MODULES["perclab.fake"]
    assert ("perclab.plotting", "_axes") in found and ("perclab.losses", "_x") in found
