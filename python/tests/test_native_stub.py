"""The type stub python/parlor/_parlor.pyi against the native module it describes: every
class, function and method the stub names exists, and its parameters are named as the
stub names them (the module once took them as arg0, arg1: a keyword call the stub
allows, such as place_card(card=..., zone=...), was a TypeError)."""
import ast
import pathlib
import re

import pytest

from parlor import _parlor

STUB = pathlib.Path(_parlor.__file__).resolve().parent / "_parlor.pyi"   # beside the module, installed too


def _stub_functions():
    tree = ast.parse(STUB.read_text())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, getattr(_parlor, node.name, None), node
        elif isinstance(node, ast.ClassDef):
            cls = getattr(_parlor, node.name, None)
            for fn in node.body:
                if not isinstance(fn, ast.FunctionDef):
                    continue
                if any(isinstance(d, ast.Name) and d.id in ("property", "staticmethod") for d in fn.decorator_list):
                    continue
                if fn.name.startswith("__"):
                    continue
                yield f"{node.name}.{fn.name}", getattr(cls, fn.name, None) if cls else None, fn


def _native_parameter_lists(obj):
    """The parameter names of each overload in a pybind11 docstring's signature lines."""
    lists = []
    for line in (obj.__doc__ or "").splitlines():
        m = re.match(r"^(?:\d+\. )?\w+\((.*)\) ->", line.strip())
        if not m:
            continue
        names, depth, current = [], 0, ""
        for ch in m.group(1) + ",":
            if ch in "[(":
                depth += 1
            elif ch in "])":
                depth -= 1
            if ch == "," and depth == 0:
                name = current.split(":")[0].strip()
                if name and name not in ("self", "*args", "**kwargs"):
                    names.append(name)
                current = ""
            else:
                current += ch
        lists.append(names)
    return lists


CASES = list(_stub_functions())


@pytest.mark.parametrize("name, native, node", CASES, ids=[c[0] for c in CASES])
def test_the_stub_names_what_the_module_has_with_its_parameter_names(name, native, node):
    assert native is not None, f"{name} is in _parlor.pyi but not in the module"
    stub_names = [a.arg for a in node.args.posonlyargs + node.args.args if a.arg != "self"]
    overloads = _native_parameter_lists(native)
    assert stub_names in overloads, f"{name}: the stub says {stub_names}, the module {overloads}"


def test_a_keyword_call_as_the_stub_names_it_works():
    import parlor
    game = parlor.new_game("clue-1949", 3)._g
    game.place_card(card="rope", zone="envelope")
    assert "rope" in game.zone_cards(zone="envelope")
    assert game.piece_place(piece="scarlet") == "24,7"
