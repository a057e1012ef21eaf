"""Which model values a piece of code reads, and which of them a rules template prints.

``traced(model, log)`` wraps a loaded game model in a proxy that records in ``log`` the
path of every value read through it (``"rules.hand_limit"``, ``"cards[3].count"``,
``"rules.sale_values[2]"``).  Methods and properties of the model run with the proxy as
``self``, so what they read is recorded too.  Containers come back as plain tuples and
dicts of wrapped items: reading a container reads every item in it.

With ``log.printing`` set, numbers come back as ``int``/``float`` subclasses that record
their path in ``log.printed`` when they are turned into text (``str``, ``format``: what
Jinja does to ``{{ value }}``).  A number computed from model numbers (a sum, a product)
is a plain number again: only values printed as the data holds them are traced.

Used by ``test_read_coverage.py``: every rule number a rules sheet prints must
be read by the engine and its check.
"""

from __future__ import annotations

import inspect
import types
from dataclasses import dataclass, field
from pathlib import PurePath


@dataclass
class ReadLog:
    printing: bool = False
    reads: set = field(default_factory=set)
    printed: set = field(default_factory=set)
    #: property path -> the model values its getter read (a printed property is read
    #: when the values it is computed from are)
    derived: dict = field(default_factory=dict)

    def sources(self, path: str) -> set:
        """The stored model values behind ``path`` (itself unless it is a property)."""
        base = path.split("[")[0]
        if base not in self.derived:
            return {path}
        out = set()
        for dep in self.derived[base]:
            out |= self.sources(dep)
        return out


class _TracedInt(int):

    def __str__(self):
        self._log.printed.add(self._path)
        return int.__repr__(self)

    __repr__ = __str__

    def __format__(self, spec):
        self._log.printed.add(self._path)
        return int.__format__(int(self), spec)


class _TracedFloat(float):

    def __str__(self):
        self._log.printed.add(self._path)
        return float.__repr__(self)

    __repr__ = __str__

    def __format__(self, spec):
        self._log.printed.add(self._path)
        return float.__format__(float(self), spec)


def _number(cls, value, path, log):
    out = cls(value)
    out._path, out._log = path, log
    return out


def wrap(value, path: str, log: ReadLog):
    """``value`` read at ``path``: recorded, and wrapped if it holds more model values."""
    log.reads.add(path)
    if value is None or isinstance(value, (bool, str, bytes, PurePath, types.FunctionType, types.MethodType)):
        return value
    if isinstance(value, int):
        return _number(_TracedInt, value, path, log) if log.printing else value
    if isinstance(value, float):
        return _number(_TracedFloat, value, path, log) if log.printing else value
    if isinstance(value, (tuple, list)):
        return tuple(wrap(v, f"{path}[{i}]", log) for i, v in enumerate(value))
    if isinstance(value, (dict, types.MappingProxyType)):
        return {k: wrap(v, f"{path}[{k!r}]", log) for k, v in value.items()}
    if hasattr(value, "__dict__") or hasattr(type(value), "__dataclass_fields__"):
        return Traced(value, path, log)
    return value


class Traced:
    """A read-recording view of one model object (see the module docstring)."""

    __slots__ = ("_obj", "_path", "_log")

    def __init__(self, obj, path: str, log: ReadLog):
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_log", log)

    def __getattr__(self, name):
        obj = object.__getattribute__(self, "_obj")
        path = object.__getattribute__(self, "_path")
        log = object.__getattribute__(self, "_log")
        if name.startswith("__"):
            return getattr(obj, name)
        static = inspect.getattr_static(type(obj), name, None)
        if isinstance(static, property):
            outer = log.reads
            log.reads = set()
            try:
                value = static.fget(self)
            finally:
                inner, log.reads = log.reads, outer | log.reads
            where = f"{path}.{name}" if path else name
            log.derived.setdefault(where, set()).update(inner)
            return wrap(value, where, log)
        if isinstance(static, (staticmethod, classmethod)):
            return getattr(obj, name)
        if inspect.isfunction(static):
            return types.MethodType(static, self)
        return wrap(getattr(obj, name), f"{path}.{name}" if path else name, log)

    def __setattr__(self, name, value):
        raise AttributeError("a traced model is read-only")

    def __eq__(self, other):
        return object.__getattribute__(self, "_obj") == (
            object.__getattribute__(other, "_obj") if isinstance(other, Traced) else other)

    def __hash__(self):
        return hash(object.__getattribute__(self, "_obj"))


def traced(model, log: ReadLog) -> Traced:
    """The whole model behind one recording proxy (paths start at its attributes)."""
    return Traced(model, "", log)
