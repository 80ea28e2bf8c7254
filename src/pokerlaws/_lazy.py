"""Names a package offers before it loads the modules that define them (PEP 562).

``import pokerlaws`` loads the rules engine only; the edges (records, views, the sitting, the
command line, ...) load on the first use of one of their names, so a worker process that
only plays games pays only for play. Two pieces make that work:

- :func:`exports` gives a package a module ``__getattr__`` and ``__dir__`` over a table of
  names, each naming the module that defines it;
- :class:`Renamed` lets ``import pokerlaws.sitting_view`` (and the like) find the module
  under its new name, because pickles written before the package layout name their classes
  by the old modules.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

__all__ = ["Renamed", "exports"]


def exports(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """Return a ``__getattr__`` and a ``__dir__`` for ``package``'s ``__init__``.

    ``names`` maps each lazily offered name to the module that defines it (a submodule offered
    by its own name maps to itself). The first use of a name imports its module and stores the
    value in the package, so later uses are ordinary attribute reads. ``dir()`` lists every
    name, loaded or not, and only what a reader may use: the names of ``__all__`` and of
    ``names``, the package's public submodules and the module's dunders, never the helpers
    its ``__init__`` imports for itself (``sys``, ``TYPE_CHECKING``, ``exports``).
    """
    module = sys.modules[package]
    module.__class__ = _Package
    namespace = module.__dict__
    namespace["_lazy_names"] = dict(names)

    def __getattr__(name: str) -> object:  # noqa: N807 (the name PEP 562 asks for)
        try:
            module = names[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        loaded = importlib.import_module(module)
        # A name that is the module's own (``pokerlaws.bots``) is the module itself.
        value = loaded if module == f"{package}.{name}" else getattr(loaded, name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:  # noqa: N807
        offered = {*namespace.get("__all__", ()), *names}
        return sorted(
            name
            for name in {*namespace, *names}
            if name in offered
            or (name.startswith("__") and name.endswith("__"))
            or _submodule(package, name, namespace.get(name))
        )

    return __getattr__, __dir__


def _submodule(package: str, name: str, value: object) -> bool:
    """Whether ``value`` is the package's public submodule ``name`` (``pokerlaws.cards``)."""
    return (
        not name.startswith("_")
        and isinstance(value, ModuleType)
        and value.__name__ == f"{package}.{name}"
    )


class _Package(ModuleType):
    """A package whose lazily offered names a submodule import cannot hide.

    Importing ``pokerlaws.sitting_view`` (an old module name, kept for old pickles) sets the
    package's attribute ``sitting_view`` to that module, as every import of a submodule
    does; the package keeps its function of that name instead, as it always has.
    """

    def __setattr__(self, name: str, value: object) -> None:
        offered = self.__dict__.get("_lazy_names", {}).get(name)
        if isinstance(value, ModuleType) and offered not in (None, f"{self.__name__}.{name}"):
            return
        super().__setattr__(name, value)


class Renamed:
    """A finder on ``sys.meta_path`` that answers old module names with the new modules.

    Only the names in its table are answered, with the very module object of the new name,
    so a class unpickled through the old name is the class itself.
    """

    def __init__(self, moved: Mapping[str, str]) -> None:
        self.moved = dict(moved)
        self.specs: dict[str, ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        if fullname not in self.moved:
            return None
        return ModuleSpec(fullname, cast("Loader", self))

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.moved[spec.name])
        self.specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The module ran when it was imported under its own name; the import system has just
        # given it the old name's spec, and it gets its own back.
        module.__spec__ = self.specs[module.__name__]
