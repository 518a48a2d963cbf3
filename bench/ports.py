"""A free port on the loopback address for a benchmark's server, or a test's."""

import socket


def free_port(ports: range) -> int:
    """The first of ``ports`` nobody listens on: each benchmark keeps a range of its own, so that
    benchmarks run side by side on a shared machine never take each other's."""
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port in {ports.start}-{ports.stop - 1}")


def any_free_port() -> int:
    """A port nobody listens on, as the system hands one out: for a test's server, whose run has
    other processes serving at the same time."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
