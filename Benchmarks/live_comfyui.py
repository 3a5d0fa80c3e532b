#!/usr/bin/env python3
"""A live session against a REAL ComfyUI: bytes uploaded and time per frame (issue 38).

    Benchmarks/live_comfyui.py INKLING COMFYUI_URL [--upload-cache N] [--size 256x256] [--steps 2]
                               [--checkpoint F] [--controlnet F] [--live-steps N --live-sampler S
                               --live-scheduler S --live-cfg X] [--hangup]

Starts `INKLING serve` on a free port with a one-engine configuration whose endpoint is a
counting proxy in front of COMFYUI_URL (loopback only), opens `GET /v1/live`, and replays:
10 strokes, 3 undos, 3 redos and 3 prompt changes, each waiting for its frame. Prints one line
per phase (frames, median and mean seconds per frame, uploads, bytes uploaded) and the totals.
`--upload-cache 0` turns the engine's upload cache off (`uploadCache` in the configuration).
`--hangup`: after the first stroke, drop the connection while the frame's prompt runs and
report what ComfyUI's /queue and /history show (the prompt must be stopped and forgotten).
Only the standard library.
"""

import argparse
import base64
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request


class CountingProxy:
    """Forwards each connection to the upstream byte for byte and adds up, per first request
    line (Inkling's HTTP client sends one request per connection), the bytes the client sent."""

    def __init__(self, upstream):
        self.upstream = upstream
        self.sent = []  # (first line, bytes)
        self.lock = threading.Lock()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client):
        try:
            up = socket.create_connection(self.upstream, timeout=900)
        except OSError:
            client.close()
            return
        record = {"line": None, "bytes": 0}

        def forward(a, b, counting):
            try:
                while True:
                    data = a.recv(65536)
                    if not data:
                        break
                    if counting:
                        if record["line"] is None:
                            record["line"] = data.split(b"\r\n", 1)[0].decode("latin-1")
                        record["bytes"] += len(data)
                    b.sendall(data)
            except OSError:
                pass
            finally:
                try:
                    b.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

        back = threading.Thread(target=forward, args=(up, client, False), daemon=True)
        back.start()
        forward(client, up, True)
        back.join()
        client.close()
        up.close()
        with self.lock:
            self.sent.append((record["line"] or "", record["bytes"]))

    def uploads(self):
        with self.lock:
            hits = [n for line, n in self.sent if line.startswith("POST /upload/image")]
        return len(hits), sum(hits)


class WebSocket:
    """A minimal client: text and binary frames, masked, no extensions."""

    def __init__(self, port, path):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=600)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("closed during the handshake")
            head += chunk
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status + b" ":
            raise RuntimeError(f"handshake refused: {status!r}")
        self.buffer = head.split(b"\r\n\r\n", 1)[1]

    def send(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self):
        """(opcode, payload) of the next frame."""
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return b0 & 0x0F, self._read(n)

    def close(self):
        self.sock.close()


def stroke(i, width, height):
    """Stroke `i` of 10: a zigzag in its own tenth of the canvas, so each one changes the map."""
    points = [{"x": round(width * (0.05 + 0.09 * i + 0.01 * k), 1), "y": round(height * (0.2 + 0.12 * ((k + i) % 5)), 1)}
              for k in range(8)]
    return json.dumps({"type": "stroke", "stroke": {"ink": {"type": "pen"}, "points": points}})


def wait_frame(ws, revision):
    """Seconds until the frame answering `revision` (or a newer one) arrives."""
    t0 = time.monotonic()
    while True:
        opcode, payload = ws.receive()
        if opcode == 1:
            message = json.loads(payload)
            if message["type"] == "frame" and message["revision"] >= revision:
                ws.receive()  # its JPEG
                return time.monotonic() - t0
            if message["type"] == "error":
                raise RuntimeError(f"revision {revision}: {message['message']}")
        elif opcode == 8:
            raise RuntimeError("the server closed the session")


def get_json(base, path):
    with urllib.request.urlopen(base + path, timeout=15) as r:
        return json.load(r)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("inkling")
    p.add_argument("comfyui")
    p.add_argument("--upload-cache", type=int)
    p.add_argument("--size", default="256x256")
    p.add_argument("--steps", type=int, default=2)
    p.add_argument("--checkpoint", default="sd15-random.safetensors")
    p.add_argument("--controlnet", default="sd15-controlnet-random.safetensors")
    p.add_argument("--live-steps", type=int)
    p.add_argument("--live-cfg", type=float)
    p.add_argument("--live-sampler")
    p.add_argument("--live-scheduler")
    p.add_argument("--hangup", action="store_true")
    a = p.parse_args()
    u = urllib.parse.urlsplit(a.comfyui)
    if u.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("live_comfyui: loopback ComfyUI only")
    proxy = CountingProxy((u.hostname, u.port))
    width, height = (int(v) for v in a.size.split("x"))
    engine = {"kind": "comfyui", "endpoint": f"http://127.0.0.1:{proxy.port}",
              "models": {"checkpoint": a.checkpoint, "controlNet": a.controlnet}, "sizes": [a.size],
              "defaults": {"steps": a.steps, "sampler": "euler", "scheduler": "normal"}}
    if a.upload_cache is not None:
        engine["uploadCache"] = a.upload_cache
    live = {k: v for k, v in (("steps", a.live_steps), ("cfgScale", a.live_cfg), ("sampler", a.live_sampler),
                              ("scheduler", a.live_scheduler)) if v is not None}
    if live:
        engine["live"] = live
    work = tempfile.mkdtemp(prefix="live-comfyui-")
    config = os.path.join(work, "engines.json")
    with open(config + ".tmp", "w") as f:
        json.dump({"version": 1, "engines": {"lab": engine}}, f)
    os.replace(config + ".tmp", config)
    server = subprocess.Popen([a.inkling, "serve", "--port", "0", "--rate", "0", "--engine", "lab", "--config", config],
                              stdout=subprocess.PIPE, stderr=open(os.path.join(work, "serve.log"), "w"), text=True)
    try:
        port = int(server.stdout.readline().strip().rsplit(":", 1)[1].split("/")[0])
        ws = WebSocket(port, "/v1/live")
        ws.send(json.dumps({"type": "start", "canvas": {"width": width, "height": height}, "prompt": "a red house",
                            "options": {"size": a.size}}))
        wait_frame(ws, 0)
        if a.hangup:
            before = set(get_json(a.comfyui, "/history"))
            ws.send(stroke(0, width, height))
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not get_json(a.comfyui, "/queue")["queue_running"]:
                time.sleep(0.1)
            running = [item[1] for item in get_json(a.comfyui, "/queue")["queue_running"]]
            ws.close()
            t0 = time.monotonic()
            while time.monotonic() - t0 < 60 and any(item[1] in running for item in get_json(a.comfyui, "/queue")["queue_running"]):
                time.sleep(0.1)
            left = time.monotonic() - t0
            time.sleep(4)
            history = set(get_json(a.comfyui, "/history")) - before
            print(f"hangup: prompt {running} left /queue {left:.1f} s after the client went; new /history entries: {sorted(history)}")
            return
        phases = [("stroke", [stroke(i, width, height) for i in range(10)]), ("undo", ['{"type": "undo"}'] * 3),
                  ("redo", ['{"type": "redo"}'] * 3),
                  ("set prompt", [json.dumps({"type": "set", "prompt": f"a house, take {i}"}) for i in range(3)])]
        revision = 0
        total_frames, total_seconds = 0, 0.0
        for name, messages in phases:
            count0, bytes0 = proxy.uploads()
            times = []
            for message in messages:
                revision += 1
                ws.send(message)
                times.append(wait_frame(ws, revision))
            count1, bytes1 = proxy.uploads()
            total_frames += len(times)
            total_seconds += sum(times)
            print(f"{name:10s} frames {len(times):2d}  median {statistics.median(times):6.2f} s  mean {statistics.mean(times):6.2f} s  "
                  f"uploads {count1 - count0:2d}  bytes {bytes1 - bytes0}")
        count, sent = proxy.uploads()
        print(f"{'total':10s} frames {total_frames:2d}  mean {total_seconds / total_frames:6.2f} s  uploads {count:2d}  bytes {sent}")
        ws.close()
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
