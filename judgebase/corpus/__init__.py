"""Read rules/ and rulings/ into typed, checked records."""

from .errors import Problem, SourceError
from .load import load_corpus

__all__ = ["Problem", "SourceError", "load_corpus"]
