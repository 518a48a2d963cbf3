"""A small HTTP/1.1 client on asyncio for the benchmarks' simulated browsers: one kept-alive
connection, its cookies, each answer timed (`make bench-matchday`)."""

from __future__ import annotations

import asyncio
import time
import urllib.parse
from dataclasses import dataclass


@dataclass
class Answer:
    status: int
    headers: dict
    body: bytes
    sent: float  # perf_counter when the request was sent
    seconds: float

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Client:
    """One browser: one kept-alive connection, its cookies."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.cookies: dict[str, str] = {}

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict | None = None, form: dict | None = None) -> Answer:
        body = urllib.parse.urlencode(form or {}, doseq=True).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept-Language: hu",
                 "User-Agent: bench-matchday"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        if form is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        for attempt in (1, 2):
            reused = self.writer is not None
            if not reused:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sent = time.perf_counter()
            try:
                self.writer.write(data)
                await self.writer.drain()
                status, answer_headers, answer_body = await self._read()
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if reused and attempt == 1:  # the server closed an idle kept-alive connection: once more
                    continue
                raise
            seconds = time.perf_counter() - sent
            for cookie in answer_headers.get("set-cookie", []):
                name, _eq, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            if answer_headers.get("connection", [""])[0].lower() == "close":
                await self.close()
            return Answer(status, {name: values[-1] for name, values in answer_headers.items()}, answer_body, sent,
                          seconds)
        raise AssertionError("unreachable")

    async def _read(self):
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, list[str]] = {}
        while True:
            line = (await self.reader.readuntil(b"\r\n")).decode("latin-1").rstrip("\r\n")
            if not line:
                break
            name, _colon, value = line.partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        if status in (204, 304):
            return status, headers, b""
        if "chunked" in headers.get("transfer-encoding", [""])[0].lower():
            body = bytearray()
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                body += chunk[:-2]
            return status, headers, bytes(body)
        return status, headers, await self.reader.readexactly(int(headers.get("content-length", ["0"])[0]))
