"""YAML that remembers line numbers, so every complaint can say ``path:line``."""

from __future__ import annotations

import yaml


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
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 1 + offset) if mark else first_line
        raise YamlError(line, f"invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:  # pragma: no cover - defensive
        raise YamlError(first_line, f"invalid YAML: {exc}") from None
    if node is None:
        return None
    return _build(node, offset)


def _build(node, offset: int):
    line = node.start_mark.line + 1 + offset
    if isinstance(node, yaml.MappingNode):
        out = LineDict()
        out.line, out.key_lines = line, {}
        for key_node, value_node in node.value:
            key = _build(key_node, offset)
            if not isinstance(key, (str, int, float, bool)):
                raise YamlError(line, "mapping keys must be plain scalars")
            if key in out:
                raise YamlError(key_node.start_mark.line + 1 + offset, f"duplicate key {key!r}")
            out[key] = _build(value_node, offset)
            out.key_lines[key] = key_node.start_mark.line + 1 + offset
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LineList(_build(item, offset) for item in node.value)
        out.line = line
        out.item_lines = [item.start_mark.line + 1 + offset for item in node.value]
        return out
    try:
        value = _SCALARS.construct_object(node)
    except yaml.YAMLError as exc:
        raise YamlError(line, f"invalid value: {exc}") from None
    finally:
        _SCALARS.constructed_objects.clear()
    return value


_SCALARS = yaml.constructor.SafeConstructor()
