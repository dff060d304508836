"""Scenarios run in forked workers give what one process gives: same results, same order, same first error."""

import shutil

import pytest

from conftest import ROOT
from judgebase.proofs import run_all, scenario_files
from judgebase.scenarios.common import ScenarioError

FILES = scenario_files(ROOT)[:60]


def _outcome(results):
    return [(r.path, r.passed, r.message, r.cites, sorted(r.asserted)) for r in results]


def test_workers_give_the_results_of_one_process_in_file_order():
    one = run_all(ROOT, FILES, workers=1)
    three = run_all(ROOT, FILES, workers=3)
    assert _outcome(three) == _outcome(one)
    assert [r.path for r in three] == [str(p.relative_to(ROOT)) for p in FILES]


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_first_malformed_file_in_file_order_is_the_error(tmp_path, workers):
    files = []
    for i, path in enumerate(FILES[:12]):
        copy = tmp_path / f"{i:02d}-{path.name}"
        shutil.copy(path, copy)
        files.append(copy)
    for i in (4, 9):  # two broken files, in different workers' shares when there are several
        files[i].write_text("description: broken\nsteps: [\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_all(tmp_path, files, workers=workers)
    assert info.value.path.endswith(files[4].name)


def _send_much_ignoring_sigterm(pipe):
    """A worker that a SIGTERM doesn't end while it waits to send (as when the signal comes just before the send)."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        pipe.send(b"x" * 4_000_000)  # far more than a pipe holds: blocks until read
    except OSError:
        pass


def test_stopping_early_ends_a_worker_blocked_sending_to_nobody():
    """A build that meets a source error stops its scenario process while that process may be blocked sending
    results nobody reads; stopping must end it (the read end closes, the send fails) instead of waiting forever."""
    import multiprocessing
    import threading
    import time

    from judgebase.proofs import stop_processes

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_send_much_ignoring_sigterm, args=(send,), daemon=True)
    process.start()
    send.close()
    time.sleep(0.5)  # the worker is now blocked in its send
    stopper = threading.Thread(target=stop_processes, args=([process], [receive], True), daemon=True)
    stopper.start()
    stopper.join(30)
    try:
        assert not stopper.is_alive(), "stopping a worker blocked on a full pipe never returned"
        assert not process.is_alive()
    finally:
        if process.is_alive():
            process.kill()
