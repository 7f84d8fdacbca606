#!/usr/bin/env python3
"""Load test of the example server (Examples/BinderyServer): what Bindery's coders buy a JSON API.

Starts `bindery-server` on 127.0.0.1 once per kind of coders and drives it with wrk (Debian's
package, installed when missing) for a fixed time per endpoint, the server pinned to one core and
wrk to the other. Prints requests/s, p50 and p99 latency, the server's peak RSS and the status
codes, with the ratios against Hummingbird's default Foundation coders and against a naive
adapter (the body copied into an array for BinderyDecoder).

    python3 Benchmarks/Scripts/server-load.py                 # 2 alternated rounds, 10 s each
    python3 Benchmarks/Scripts/server-load.py --seconds 5 --rounds 1

Every POST run replaces one request in ten by a bad body (cut off, the wrong shape, nested too
deep): they must come back as 400 while the good ones keep coming back 201/200. Four slow
clients trickle a body one byte at a time during every run. Loopback only; every server stops
at the end of its run.
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODERS = ["foundation", "naive", "codable", "bindery"]
STATUS = os.path.join(ROOT, "Benchmarks", "Corpora", "twitter_status.json")
# name, method, path, body, what it weighs
ENDPOINTS = [
    ("decode", "POST", "/statuses", STATUS, "a 9 KB status in, 40 bytes out"),
    ("encode", "GET", "/timeline?page=1", "-", "50 statuses out (210 KB)"),
    ("mixed", "POST", "/statuses/echo", STATUS, "a status in, the status out"),
]


def ensure_wrk():
    if shutil.which("wrk"):
        return
    print("installing wrk from Debian's packages", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "wrk"], check=True)


def build():
    subprocess.run(
        ["swift", "build", "-c", "release", "--enable-all-traits", "--product", "bindery-server"],
        cwd=ROOT, check=True)
    out = subprocess.run(
        ["swift", "build", "-c", "release", "--enable-all-traits", "--show-bin-path"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "bindery-server")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(port, process):
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 30 s")


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class SlowClients:
    """Connections that send a request body one byte at a time, as a slow client does."""

    def __init__(self, port, count=4, interval=0.05):
        self.port, self.count, self.interval = port, count, interval
        self.stop = threading.Event()
        self.threads = []

    def __enter__(self):
        for _ in range(self.count):
            thread = threading.Thread(target=self.trickle, daemon=True)
            thread.start()
            self.threads.append(thread)
        return self

    def trickle(self):
        body = open(STATUS, "rb").read()
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s:
                s.sendall(b"POST /statuses HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          + f"Content-Length: {len(body)}\r\n\r\n".encode())
                for byte in body:
                    if self.stop.wait(self.interval):
                        return
                    s.sendall(bytes([byte]))
        except OSError:
            pass

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join()


def milliseconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(port, endpoint, seconds, connections, bad_share):
    name, method, path, body, _ = endpoint
    script = os.path.join(ROOT, "Benchmarks", "Scripts", "server-load.lua")
    command = ["taskset", "-c", "1", "wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if method == "POST":
        # The script counts each status code; it costs wrk a copy of every response body, so
        # GETs of large pages go without it (wrk counts the responses that are not 2xx/3xx).
        command += ["-s", script, f"http://127.0.0.1:{port}{path}", "--", method, path, body,
                    str(bad_share)]
    else:
        command += [f"http://127.0.0.1:{port}{path}"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = milliseconds(re.search(r"\s50%\s+(\S+)", out).group(1))
    p99 = milliseconds(re.search(r"\s99%\s+(\S+)", out).group(1))
    statuses = {int(a): int(b) for a, b in re.findall(r"^status (\d+) (\d+)$", out, re.M)}
    if method != "POST":
        total = int(re.search(r"(\d+) requests in", out).group(1))
        other = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        other = int(other.group(1)) if other else 0
        statuses = {200: total - other, **({"other": other} if other else {})}
    errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": rps, "p50": p50, "p99": p99, "statuses": statuses,
            "socket_errors": errors.group(1) if errors else ""}


def serve_and_load(binary, coders, args):
    """One server process for one kind of coders; every endpoint in turn."""
    port = free_port()
    process = subprocess.Popen(
        ["taskset", "-c", "0", binary, "--port", str(port), "--coders", coders],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(port, process)
        results = {}
        for endpoint in ENDPOINTS:
            # Warm up, then measure.
            run_wrk(port, endpoint, 1, args.connections, 0)
            with SlowClients(port):
                results[endpoint[0]] = run_wrk(port, endpoint, args.seconds, args.connections,
                                               args.bad_share)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
            assert r.status == 200, "the server stopped answering"
        rss = peak_rss_mb(process.pid)
        for result in results.values():
            result["rss"] = rss
        return results
    finally:
        process.terminate()
        process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10, help="length of each wrk run")
    parser.add_argument("--rounds", type=int, default=2, help="alternated rounds per kind")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--bad-share", type=float, default=0.1,
                        help="share of POST requests with a bad body")
    parser.add_argument("--binary", help="a bindery-server built already")
    parser.add_argument("--coders", default=",".join(CODERS),
                        help="which coders to run, of " + ", ".join(CODERS))
    args = parser.parse_args()
    coders_run = [c for c in CODERS if c in args.coders.split(",")]

    ensure_wrk()
    binary = args.binary or build()
    runs = {c: {e[0]: [] for e in ENDPOINTS} for c in coders_run}
    for round_number in range(args.rounds):
        order = coders_run if round_number % 2 == 0 else list(reversed(coders_run))
        for coders in order:
            print(f"round {round_number + 1}: {coders}", file=sys.stderr)
            for name, result in serve_and_load(binary, coders, args).items():
                runs[coders][name].append(result)

    print(f"\n{args.connections} connections, {args.seconds} s per run, medians of {args.rounds} "
          f"alternated rounds; server on core 0, wrk on core 1; "
          f"{args.bad_share:.0%} of POST bodies bad; 4 slow clients per run\n")
    for endpoint in ENDPOINTS:
        name = endpoint[0]
        print(f"{name}: {endpoint[1]} {endpoint[2]} ({endpoint[4]})")
        print(f"  {'coders':<11}{'req/s':>9}{'range':>17}{'p50 ms':>9}{'p99 ms':>9}{'RSS MB':>8}"
              f"{'× found.':>10}{'× naive':>9}  statuses")
        def median_rps(coders):
            if coders not in runs:
                return float("nan")
            return statistics.median(r["rps"] for r in runs[coders][name])
        base, naive = median_rps("foundation"), median_rps("naive")
        for coders in coders_run:
            rs = runs[coders][name]
            rps = statistics.median(r["rps"] for r in rs)
            spread = f"{min(r['rps'] for r in rs):.0f}–{max(r['rps'] for r in rs):.0f}"
            p50 = statistics.median(r["p50"] for r in rs)
            p99 = statistics.median(r["p99"] for r in rs)
            rss = max(r["rss"] for r in rs)
            statuses = {}
            for r in rs:
                for code, count in r["statuses"].items():
                    statuses[code] = statuses.get(code, 0) + count
            codes = " ".join(f"{code}:{count}" for code, count in sorted(statuses.items(), key=str))
            errors = "; ".join(r["socket_errors"] for r in rs if r["socket_errors"])
            print(f"  {coders:<11}{rps:>9.0f}{spread:>17}{p50:>9.2f}{p99:>9.2f}{rss:>8.0f}"
                  f"{rps / base:>10.2f}{rps / naive:>9.2f}  {codes}"
                  + (f"  socket errors: {errors}" if errors else ""))
        print()


if __name__ == "__main__":
    main()
