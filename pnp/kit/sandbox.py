"""The Jinja2 environment of the rules templates: a sandbox that data cannot escape.

Data folders travel between people (``pnp --data-dir``), so a rules template is text from a
stranger.  It renders in ``jinja2.sandbox.ImmutableSandboxedEnvironment`` with:

* **no way out**: no attribute or item whose name starts with ``_`` (the sandbox's rule:
  ``cycler.__init__.__globals__`` and ``''.__class__.__mro__`` are refused), no method that
  changes a list or dict (immutable sandbox), only the globals and filters below (no
  ``lipsum``, ``cycler``, ``joiner``; no ``center``/``indent``/``wordwrap``/``replace``, whose
  arguments can ask for any amount of memory);
* **only its own folder**: ``{% include %}``/``{% import %}`` read templates from the game's
  rules folder only (no ``..``, no symbolic link that leads out), regular files of at most
  ``MAX_TEMPLATE_BYTES``;
* **bounded work**: at most ``MAX_ITERATIONS`` steps of all ``{% for %}`` loops (over any
  iterable: a range, a string, a list, a dict, a recursive loop's children) and
  ``range()`` values in one rendering, every step also checking the ``MAX_SECONDS``
  deadline (nested loops over two 100,000-character strings are 10 ** 10 steps); at
  most ``MAX_OUTPUT_CHARS`` characters of output or of any one string or list that ``*``,
  ``+``, ``~``, ``join``, a ``{% set %}`` block or the text of a (nested) list builds, so
  a string doubled in a loop stops at the limit, not at the machine's memory; no ``%`` width or precision above 999, integer powers of at most
  ``MAX_POWER_BITS`` bits, and ``MAX_SECONDS`` of rendering.

Breaking a rule raises ``TemplateLimit`` (a ``jinja2.sandbox.SecurityError``), which
``pnp.kit.rulebook`` reports as one line naming the template file and line.
"""

from __future__ import annotations

import operator
import os
import re
import stat
import time
from pathlib import Path
from typing import Any, Callable

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

#: A rules template (or an included one) larger than this is refused unread, bytes.
MAX_TEMPLATE_BYTES = 512 * 1024
#: Steps of every ``{% for %}`` loop and ``range(...)`` of one rendering together (the
#: shipped templates take at most a few hundred).
MAX_ITERATIONS = 100_000
#: Characters of a rendering, and of any one string or list a ``*`` makes.
MAX_OUTPUT_CHARS = 1_000_000
#: Bits of an integer that ``**`` may make (2 ** 4096 is a number of 1,234 digits).
MAX_POWER_BITS = 4096
#: Wall-clock seconds one rendering may take (the shipped ones take a few milliseconds).
MAX_SECONDS = 10.0

#: Built-in filters a template may use: those that cannot be asked for unbounded work.
SAFE_FILTERS = (
    "abs", "attr", "capitalize", "count", "default", "d", "dictsort", "first", "float", "groupby", "int",
    "join", "last", "length", "list", "lower", "map", "max", "min", "reject", "rejectattr", "reverse",
    "round", "select", "selectattr", "sort", "string", "sum", "title", "trim", "unique", "upper",
)

#: ``%`` conversions with a width or precision above three digits, or ``*`` (memory bombs).
_WIDE_CONVERSION = re.compile(r"%[-#0 +]*(\*|\d{4,})|%[-#0 +]*\d*\.(\*|\d{4,})")


#: Methods of text that a template may not call: their arguments can ask for any amount of
#: memory (``'x'.ljust(10 ** 9)``, ``s.replace('', s)``); the filters do the same work bounded.
UNSAFE_STR_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "replace", "join", "format",
                                "format_map", "translate", "encode", "maketrans"})


class TemplateLimit(SecurityError):
    """A template asked for more than a rules sheet needs (see the module docstring)."""


class _Budget:
    """Work left to one rendering: range steps and the deadline."""

    def __init__(self) -> None:
        self.steps = MAX_ITERATIONS
        self.deadline = time.monotonic() + MAX_SECONDS

    def step(self, count: int = 1) -> None:
        self.steps -= count
        if self.steps < 0:
            raise TemplateLimit(f"loops take more than {MAX_ITERATIONS:,} steps in one rendering "
                                f"(range() and {{% for %}} together); a rules sheet needs a few hundred")
        self.tick()

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimit(f"rendering takes more than {MAX_SECONDS:g} s")


def _items_within(value: Any, limit: int) -> bool:
    """Whether ``value`` (a list, tuple or dict, nested) holds at most ``limit`` items with
    every shared inner list counted each time it occurs (as its text repeats it), found
    without building that text: ``[l, l]`` nested 60 deep is a few objects whose text
    would be 2 ** 60 characters."""
    stack, count = [value], 0
    while stack:
        item = stack.pop()
        count += 1
        if count > limit:
            return False
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, str):
            count += len(item)
        elif isinstance(item, jinja2.Undefined):
            # a value a filter made of a missing or unsafe attribute (``map(attribute=…)``)
            # would print as "Undefined": report it as Jinja reports a printed one
            item._fail_with_undefined_error()
    return True


def bounded_text(value: Any) -> str:
    """``str(value)``, refused with ``TemplateLimit`` when it would be longer than
    ``MAX_OUTPUT_CHARS`` (a container is measured before its text is made)."""
    if isinstance(value, (list, tuple, dict, set, frozenset)) and not _items_within(value, MAX_OUTPUT_CHARS):
        raise TemplateLimit(f"a list whose text is longer than {MAX_OUTPUT_CHARS:,} characters")
    text = value if isinstance(value, str) else str(value)
    if len(text) > MAX_OUTPUT_CHARS:
        raise TemplateLimit(f"a text of {len(text):,} characters; at most {MAX_OUTPUT_CHARS:,}")
    return text


def _bounded_concat(parts: Any) -> str:
    """``"".join`` of ``parts`` as text (``~`` and ``{% set %}`` blocks), refusing a result
    longer than ``MAX_OUTPUT_CHARS``."""
    texts, size = [], 0
    for part in parts:
        text = bounded_text(part)
        size += len(text)
        if size > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"joined text of more than {MAX_OUTPUT_CHARS:,} characters ('~' or a set block)")
        texts.append(text)
    return "".join(texts)


class _BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator with ``~`` compiled to the environment's bounded join (Jinja
    compiles it to a join of its own that no environment setting reaches), and every
    ``{% for %}`` loop's iterable (a recursive loop's children too) passed through
    ``environment.bounded_iter``, which counts each step against the rendering's budget."""

    def visit_For(self, node, frame) -> None:
        if not hasattr(self, "_loop_iterables"):
            self._loop_iterables: set[int] = set()
        if not node.recursive:   # a recursive loop's iterable reaches it as ``reciter`` (below)
            self._loop_iterables.add(id(node.iter))
        super().visit_For(node, frame)

    def visit(self, node, *args: Any, **kwargs: Any) -> Any:
        iterables = getattr(self, "_loop_iterables", ())
        if id(node) in iterables:
            iterables.discard(id(node))
            self.write("environment.bounded_iter(")
            super().visit(node, *args, **kwargs)
            self.write(")")
            return None
        return super().visit(node, *args, **kwargs)

    def write(self, x: str) -> None:
        # a recursive loop iterates its argument ``reciter`` (``loop(children)``): the only
        # place Jinja writes that name on its own
        super().write("environment.bounded_iter(reciter)" if x == "reciter" else x)

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class RulesEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox with pnp's limits: ``*``, ``+`` and ``**`` checked, ``~`` and captured
    blocks joined within the output bound, calls on a deadline."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _BoundedCodeGenerator
    concat = staticmethod(_bounded_concat)

    def __init__(self, folder: Path, **options: Any):
        # every ``{{ value }}`` is made text within the bound (a nested list's text could
        # take all memory before the output's length is looked at)
        options.setdefault("finalize", bounded_text)
        super().__init__(loader=ConfinedLoader(folder), **options)
        self.budget = _Budget()
        self.filters = {name: self.filters[name] for name in SAFE_FILTERS if name in self.filters}
        self.filters["format"] = _safe_format
        self.filters["join"] = _safe_join
        self.filters["string"] = bounded_text
        self.globals = {"range": self._range, "namespace": jinja2.utils.Namespace, "dict": dict}

    def bounded_iter(self, iterable: Any):
        """``iterable`` step by step, each step counted (``_Budget.step``); an undefined
        value is passed on for Jinja to report."""
        if isinstance(iterable, jinja2.Undefined):
            return iterable
        return self._counted(iterable)

    def _counted(self, iterable: Any):
        step = self.budget.step
        for value in iterable:
            step()
            yield value

    def _range(self, *args: int):
        steps = range(*args)
        if len(steps) > MAX_ITERATIONS:
            raise TemplateLimit(f"range() of {len(steps):,} steps; at most {MAX_ITERATIONS:,}")
        return steps   # a loop over it counts its steps (``bounded_iter``)

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        if operator_name == "**":
            if isinstance(left, int) and isinstance(right, int) and right > 0 \
                    and abs(left) > 1 and right * max(abs(left).bit_length(), 1) > MAX_POWER_BITS:
                raise TemplateLimit(f"{left} ** {right} has more than {MAX_POWER_BITS} bits")
            return operator.pow(left, right)
        if operator_name == "+":
            if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)) \
                    and len(left) + len(right) > MAX_OUTPUT_CHARS:
                raise TemplateLimit(f"'+' makes {len(left) + len(right):,} items; at most {MAX_OUTPUT_CHARS:,}")
            return operator.add(left, right)
        if operator_name == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                        and len(seq) * times > MAX_OUTPUT_CHARS:
                    raise TemplateLimit(f"a repetition of {len(seq) * times:,} items; at most {MAX_OUTPUT_CHARS:,}")
            return operator.mul(left, right)
        if isinstance(left, str) and _WIDE_CONVERSION.search(left):
            raise TemplateLimit(f"'%' format {_short(left)} asks for a width or precision above 999")
        if isinstance(left, str):
            _bounded_values(right if isinstance(right, tuple) else (right,))
        return operator.mod(left, right)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, str) and attr in UNSAFE_STR_METHODS:
            return False
        return super().is_safe_attribute(obj, attr, value)

    def unsafe_undefined(self, obj: Any, attribute: str) -> jinja2.Undefined:
        """Refuse an unsafe attribute at once (``SecurityError``), also where a filter asks
        for it (``map(attribute='__class__')``, ``sort(attribute=…)``) and would otherwise
        get an undefined value to print."""
        raise SecurityError(f"access to attribute {attribute!r} of {type(obj).__name__!r} object is unsafe.")

    def call(__self, __context, __obj, *args, **kwargs):   # noqa: N805 (jinja2's signature)
        __self.budget.tick()
        return super().call(__context, __obj, *args, **kwargs)

    def render_limited(self, template: jinja2.Template, context: dict[str, Any]) -> str:
        """``template`` rendered with ``context`` under a fresh budget.  Raises
        ``TemplateLimit`` and whatever the template raises."""
        self.budget = _Budget()
        parts, size = [], 0
        for chunk in template.generate(**context):
            size += len(bounded_text(chunk))
            if size > MAX_OUTPUT_CHARS:
                raise TemplateLimit(f"the rendered text is longer than {MAX_OUTPUT_CHARS:,} characters")
            self.budget.tick()
            parts.append(chunk)
        return "".join(parts)


def _safe_format(value: Any, *args: Any, **kwargs: Any) -> str:
    """Jinja's ``format`` filter without widths that ask for megabytes (``%99999999s``)."""
    text = str(value)
    if _WIDE_CONVERSION.search(text):
        raise TemplateLimit(f"format {_short(text)} asks for a width or precision above 999")
    if args and kwargs:
        raise TemplateLimit("format takes positional or named values, not both")
    _bounded_values(list(args) + list(kwargs.values()))
    return text % (kwargs or args)


def _bounded_values(values: Any) -> None:
    """Refuse (``TemplateLimit``) a value that a ``%`` format would turn into text longer
    than ``MAX_OUTPUT_CHARS``."""
    for value in values:
        if isinstance(value, (str, list, tuple, dict)):
            bounded_text(value)


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


@jinja2.pass_eval_context
def _safe_join(eval_ctx, value: Any, separator: str = "", attribute: Any = None) -> str:
    """Jinja's ``join`` filter, refusing a result longer than ``MAX_OUTPUT_CHARS``."""
    from jinja2.filters import do_join

    items = list(value)
    size = len(str(separator)) * max(len(items) - 1, 0)
    if attribute is None:
        size += sum(len(bounded_text(item)) for item in items)
    if size > MAX_OUTPUT_CHARS:
        raise TemplateLimit(f"join makes {size:,} characters; at most {MAX_OUTPUT_CHARS:,}")
    return do_join(eval_ctx, items, separator, attribute)


class ConfinedLoader(jinja2.BaseLoader):
    """Templates from one folder only: names without ``..`` whose real path stays inside
    the folder, regular files of at most ``MAX_TEMPLATE_BYTES``."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def get_source(self, environment, name: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = jinja2.loaders.split_template_path(name)   # refuses '..' (TemplateNotFound)
        path = self.folder.joinpath(*pieces)
        real_folder = os.path.realpath(self.folder)
        real = os.path.realpath(path)
        if os.path.commonpath([real_folder, real]) != real_folder:
            raise TemplateLimit(f"template {name!r} lies outside the rules folder {self.folder}")
        try:
            info = os.stat(real)
        except OSError:
            raise jinja2.TemplateNotFound(name) from None
        if not stat.S_ISREG(info.st_mode):
            raise TemplateLimit(f"template {name!r} is not a regular file")
        if info.st_size > MAX_TEMPLATE_BYTES:
            raise TemplateLimit(f"template {name!r} is larger than {MAX_TEMPLATE_BYTES // 1024} KiB "
                                f"({info.st_size:,} bytes)")
        with open(real, "rb") as fh:
            raw = fh.read(MAX_TEMPLATE_BYTES + 1)
        try:
            source = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TemplateLimit(f"template {name!r} is not UTF-8 text (byte {exc.start})") from None
        mtime = info.st_mtime_ns
        return source, str(path), lambda: os.path.exists(real) and os.stat(real).st_mtime_ns == mtime
