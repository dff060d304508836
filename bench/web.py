"""Web benchmark: page latency on loopback, then a bounded concurrent load.

    python bench/web.py [--clients 20] [--seconds 20]

Starts `judgebase serve` on 127.0.0.1 with a freshly built database, measures the
median and p95 time of each kind of page (sequential requests), then runs CLIENTS
threads for SECONDS seconds over a mix of pages and reports requests per second and
errors.  Targets: median under 50 ms per page, zero errors under load.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgebase.build import build  # noqa: E402

PAGES = {
    "home": "/",
    "search": "/search?q=bloquear+con+el+digimon+atacado&lang=es",
    "clause": "/clause/CR-8-2-2-1-1?lang=de",
    "ruling": "/ruling/off-000-faq-12-security-effect-priority",
    "keywords": "/keywords",
    "coverage": "/coverage",
    "datasette table": "/judgebase/clause_text?_search=memoria",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values, pct):
    values = sorted(values)
    return values[min(len(values) - 1, int(round((len(values) - 1) * pct / 100)))]


def fetch(conn: http.client.HTTPConnection, path: str) -> int:
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    return response.status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--requests", type=int, default=40, help="sequential requests per page kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "judgebase.db"
        build(ROOT, db)
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "judgebase", "serve", "--db", str(db), "--port", str(port)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + 30
            while True:
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    fetch(conn, "/keywords")
                    break
                except OSError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.2)
            print(f"Page latency on loopback, {args.requests} sequential requests each (one keep-alive connection):")
            for name, path in PAGES.items():
                fetch(conn, path)  # warm
                times = []
                for _ in range(args.requests):
                    started = time.perf_counter()
                    status = fetch(conn, path)
                    times.append((time.perf_counter() - started) * 1000)
                    assert status == 200, (path, status)
                print(f"  {name:<16} median {statistics.median(times):6.1f} ms   p95 {percentile(times, 95):6.1f} ms")
            print("  target: median < 50 ms")

            counts, errors, lock = [0], [0], threading.Lock()
            stop = time.time() + args.seconds
            kinds = list(PAGES.items())
            latencies: dict[str, list[float]] = {name: [] for name in PAGES}

            def client(i: int) -> None:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                n = i
                while time.time() < stop:
                    name, path = kinds[n % len(kinds)]
                    started = time.perf_counter()
                    try:
                        ok = fetch(c, path) == 200
                    except Exception:
                        ok = False
                        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    with lock:
                        latencies[name].append((time.perf_counter() - started) * 1000)
                        counts[0] += 1
                        errors[0] += 0 if ok else 1
                    n += 1

            threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
            started = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.perf_counter() - started
            print(f"\nLoad: {args.clients} clients for {args.seconds:.0f} s over {len(kinds)} page kinds: "
                  f"{counts[0]} requests, {counts[0] / elapsed:.0f} requests/s, {errors[0]} errors (target: 0)")
            print("Latency under that load, per page kind (target: every judge page p95 < 100 ms):")
            for name, times in latencies.items():
                judge = "" if name.startswith("datasette") else "  judge page"
                print(f"  {name:<16} median {statistics.median(times):7.1f} ms   p95 {percentile(times, 95):7.1f} ms{judge}")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
