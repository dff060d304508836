"""YAML that remembers line numbers, so every complaint can say ``path:line``.

One loader for every YAML a user or a source file can hold (rule sources, scenarios,
restriction lists), at the bottom of the layers so each of them can use it.
"""

from __future__ import annotations

import yaml

# libyaml's parser when the wheel has it (about 10x faster, and it caps nesting itself);
# the pure-Python one otherwise.  Both give the same nodes with the same line marks.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LineDict(dict):
    """A mapping that knows its own line and the line of each key."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


#: Values built from one document, aliases counted every time they are used: a small
#: file whose aliases nest ("billion laughs") is refused instead of expanding for minutes.
MAX_VALUES = 200_000
#: Mappings and lists inside each other; real sources nest fewer than 20 levels.
MAX_DEPTH = 100


class YamlError(ValueError):
    def __init__(self, line: int, message: str):
        self.line = line
        super().__init__(message)


def load(text: str, first_line: int = 1):
    """Parse YAML text; ``first_line`` is the file line of the text's first line.

    Safe types only.  Raises :class:`YamlError` with the file line on bad input.
    """
    offset = first_line - 1
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 1 + offset) if mark else first_line
        if "nesting depth" in str(exc.problem):  # libyaml's own cap on nesting
            raise YamlError(line, f"invalid YAML: nested more than {MAX_DEPTH} levels deep") from None
        raise YamlError(line, f"invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:  # pragma: no cover - defensive
        raise YamlError(first_line, f"invalid YAML: {exc}") from None
    except RecursionError:
        raise YamlError(first_line, f"invalid YAML: nested more than {MAX_DEPTH} levels deep") from None
    if node is None:
        return None
    return _Builder(offset).build(node, 0)


class _Builder:
    """Turns composed nodes into Line* values, with bounded alias expansion and depth."""

    def __init__(self, offset: int):
        self.offset = offset
        self.values = 0
        self.open: set[int] = set()  # nodes being built: meeting one again is an alias to itself

    def line(self, node) -> int:
        return node.start_mark.line + 1 + self.offset

    def build(self, node, depth: int):
        line = self.line(node)
        self.values += 1
        if self.values > MAX_VALUES:
            raise YamlError(line, f"aliases expand to more than {MAX_VALUES:,} values; write the data out instead")
        if depth > MAX_DEPTH:
            raise YamlError(line, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if id(node) in self.open:
                raise YamlError(line, "an alias refers to the mapping or list that contains it")
            self.open.add(id(node))
            try:
                return self.mapping(node, depth) if isinstance(node, yaml.MappingNode) else self.sequence(node, depth)
            finally:
                self.open.discard(id(node))
        return self.scalar(node, line)

    def mapping(self, node, depth: int) -> LineDict:
        out = LineDict()
        out.line, out.key_lines = self.line(node), {}
        for key_node, value_node in node.value:
            key = self.build(key_node, depth + 1)
            if not isinstance(key, (str, int, float, bool)):
                raise YamlError(out.line, "mapping keys must be plain scalars")
            if key in out:
                raise YamlError(self.line(key_node), f"duplicate key {key!r}")
            out[key] = self.build(value_node, depth + 1)
            out.key_lines[key] = self.line(key_node)
        return out

    def sequence(self, node, depth: int) -> LineList:
        out = LineList(self.build(item, depth + 1) for item in node.value)
        out.line = self.line(node)
        out.item_lines = [self.line(item) for item in node.value]
        return out

    @staticmethod
    def scalar(node, line: int):
        try:
            return _SCALARS.construct_object(node)
        except yaml.YAMLError as exc:
            raise YamlError(line, f"invalid value: {exc}") from None
        except (ValueError, OverflowError) as exc:  # 2020-13-45, 2020-02-30, integers of thousands of digits
            raise YamlError(line, f"invalid value {node.value[:40]!r}: {_reason(exc)}") from None
        finally:
            _SCALARS.constructed_objects.clear()


def _reason(exc: Exception) -> str:
    text = str(exc)
    if "digits" in text or "int" in text and "limit" in text:
        return "a number too long to read"
    return text


_SCALARS = yaml.constructor.SafeConstructor()
