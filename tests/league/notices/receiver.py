"""A tiny local webhook receiver (http.server in a thread) for the delivery tests:
it answers 503 ("down") to its first ``down_for`` posts, then 200, and keeps
every post it took."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Receiver:
    def __init__(self, *, down_for: int = 0, port: int | None = None):
        self.down_for = down_for
        self.hits = 0
        self.taken: list[tuple[bytes, dict]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.hits += 1
                if receiver.hits <= receiver.down_for:
                    self.send_response(503)
                    self.end_headers()
                    return
                receiver.taken.append((body, dict(self.headers)))
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", port or 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
