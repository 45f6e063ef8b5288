"""Small immutable value types without ``dataclasses``.

A frozen dataclass writes its methods as Python source and compiles them when the class is
created. In the browser's Python that compile is most of what importing the engine costs (about
8 ms a class in Chromium, some twelve classes on the import path), and the reader waits for it.
:class:`Value` gives the same behaviour from ordinary methods: fields named by ``__slots__``,
positional or keyword construction with defaults, equality and hashing by fields, a ``repr``
that reads like the call, no assignment after construction.

    class Group(Value):
        __slots__ = ("cards", "sum", "less")
        _defaults = {"less": 0}           # a value, or _factories = {"params": dict}

The result types of a game's facade (``<game>.results``) stay dataclasses: they are imported after
the engine reports ready, and the JSON Schema is read from their fields.
"""

from __future__ import annotations

from typing import Any, Self

_MISSING = object()


class Value:
    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}
    _factories: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in fields:
                    fields.append(name)
        cls._fields = tuple(fields)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} values,"
                            f" {len(args)} given")
        setter = object.__setattr__
        for name, value in zip(fields, args):
            setter(self, name, value)
        for name in fields[len(args):]:
            value = kwargs.pop(name, _MISSING)
            if value is _MISSING:
                value = self._defaults.get(name, _MISSING)
                if value is _MISSING:
                    factory = self._factories.get(name)
                    if factory is None:
                        raise TypeError(f"{type(self).__name__} needs '{name}'")
                    value = factory()
            setter(self, name, value)
        if kwargs:
            name = next(iter(kwargs))
            raise TypeError(f"{type(self).__name__} got "
                            + (f"'{name}' twice" if name in fields else f"no field '{name}'"))

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def _asdict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}

    def _replace(self, **changes: Any) -> Self:
        values = self._asdict()
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field '{sorted(unknown)[0]}'")
        values.update(changes)
        return type(self)(**values)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete '{name}'")

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        return (type(self), self._values())


class OrderedValue(Value):
    """A value that sorts by its fields in order, as ``dataclass(order=True)`` does."""

    __slots__ = ()

    def __lt__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() < other._values()

    def __le__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() <= other._values()

    def __gt__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() > other._values()

    def __ge__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() >= other._values()
