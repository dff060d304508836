"""Arguments that are not valid UTF-8, and terminals that can't show every character."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _run(args, db_path, encoding="utf-8:strict"):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    argv = [os.fsencode(sys.executable), b"-m", b"judgebase"] + [a if isinstance(a, bytes) else a.encode() for a in args]
    argv += [b"--db", os.fsencode(db_path)]
    return subprocess.run(argv, capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("args", [
    [b"ruling", b"\xff"],
    [b"ruling", b"off-000-faq-01\xfe\xff"],
    [b"clause", b"6-1-4\xff"],
    [b"search", b"bloc\xffker"],
    [b"search", b"\xff\xfe"],
    [b"clause", b"\xc3"],
])
def test_invalid_utf8_arguments_get_a_message_not_a_traceback(args, db_path):
    result = _run(args, db_path)
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert result.returncode in (0, 1, 2)
    if result.returncode:
        assert "Error" in err


@pytest.mark.parametrize("args", [["clause", "6-1-4", "--lang", "es"], ["search", "bloquear", "Digimon", "atacado"],
                                  ["ruling", "off-000-faq-01-block-own-target", "--lang", "de"]])
def test_a_terminal_that_cannot_show_accents_gets_replacements(args, db_path):
    result = _run(args, db_path, encoding="ascii:strict")
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in result.stderr
    assert result.stdout.strip()
