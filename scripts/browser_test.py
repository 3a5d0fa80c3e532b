#!/usr/bin/env python3
"""Browser test of Inkling's drawing page in headless Chromium, over the DevTools protocol.

Loads the page from a running `inkling serve`, draws with a pen (pressure and tilt) and a mouse
through Chromium's real input pipeline (Input.dispatchMouseEvent, so the page receives trusted
Pointer Events, coalesced ones included), types a prompt, presses Generate, waits until the
built-in engine's images appear in the results grid, and saves a screenshot.

Only the Python standard library is used: the small WebSocket client below speaks just enough
of RFC 6455 for the DevTools protocol.

Usage: browser_test.py SERVER_URL SCREENSHOT.png [--chromium PATH] [--timeout SECONDS]
Exit status 0 when every check passed; 1 with a message naming the failed check otherwise.
"""
import argparse
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

import browser_studio


class WebSocket:
    """A minimal RFC 6455 client (text frames, masking, fragmentation, ping/pong)."""

    def __init__(self, url, timeout):
        match = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        if not match:
            raise RuntimeError(f"unexpected DevTools URL {url}")
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("DevTools closed the WebSocket handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"WebSocket handshake refused: {head[:200]!r}")

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            opcode, n = first & 0x0F, second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            message += payload
            if first & 0x80:
                return message.decode()


class DevTools:
    """Calls DevTools protocol methods on one page and returns their results."""

    def __init__(self, url, timeout):
        self.ws = WebSocket(url, timeout)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails'].get('text')} in {expression[:80]}")
        return result["result"].get("value")


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"browser-test: ok: {message}")


def wait_for(tools, expression, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if tools.evaluate(expression):
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def launch(chromium, profile):
    command = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0",
               "--remote-debugging-address=127.0.0.1", f"--user-data-dir={profile}",
               "--window-size=1280,1400", "about:blank"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            raise RuntimeError(f"chromium exited with status {process.returncode} before DevTools started")
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if match:
            return process, int(match.group(1))
    process.kill()
    raise RuntimeError("chromium did not start DevTools within 30 s")


def page_socket(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
        targets = json.load(response)
    pages = [t for t in targets if t.get("type") == "page"]
    if not pages:
        raise RuntimeError("chromium shows no page")
    return pages[0]["webSocketDebuggerUrl"]


def stroke(tools, points, pointer_type, force_of):
    """Presses, moves and releases the left button along points with a pen or a mouse."""
    def event(kind, x, y, i, buttons):
        params = dict(type=kind, x=x, y=y, button="left", buttons=buttons, clickCount=1, pointerType=pointer_type)
        if pointer_type == "pen":
            params.update(force=force_of(i), tiltX=25, tiltY=-10)
        tools.call("Input.dispatchMouseEvent", **params)
    event("mousePressed", *points[0], 0, 1)
    for i, (x, y) in enumerate(points[1:], 1):
        event("mouseMoved", x, y, i, 1)
    event("mouseReleased", *points[-1], len(points) - 1, 0)


def touch_stroke(tools, points, radius=4):
    """A one-finger stroke through the touch pipeline (pointerType "touch"); `radius`: the
    contact's, in CSS pixels (a fingertip is about 12)."""
    def touch(kind, points_now):
        tools.call("Input.dispatchTouchEvent", type=kind, touchPoints=points_now)
    touch("touchStart", [dict(x=points[0][0], y=points[0][1], radiusX=radius, radiusY=radius, force=0.5, id=7)])
    for i, (x, y) in enumerate(points[1:], 1):
        touch("touchMove", [dict(x=x, y=y, radiusX=radius, radiusY=radius, force=0.3 + 0.4 * i / len(points), id=7)])
    touch("touchEnd", [])


def map_ink(tools):
    """Inked pixels of the guidance map of what Generate sends (128 wide, no padding)."""
    return tools.evaluate("""(async () => {
        const h = Math.round(128 * space.height / space.width);
        const r = await fetch(`/v1/guidance?width=128&height=${h}&format=pointer-events&padding=0`, {method: 'POST', body: JSON.stringify(drawingBody())});
        const image = await createImageBitmap(await r.blob());
        const c = new OffscreenCanvas(image.width, image.height); const g = c.getContext('2d'); g.drawImage(image, 0, 0);
        const d = g.getImageData(0, 0, image.width, image.height).data; let ink = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 40) ink++;
        return ink;
    })()""")


def touch_checks(tools):
    """What is shown is what is sent: a finger's stroke goes to the server with the brush's width
    (as the screen draws it), not the fingertip's contact size, so its map is a pen stroke's."""
    before = tools.evaluate("strokes.length")
    tools.evaluate("document.getElementById('clear').click()")
    box = canvas_box(tools)
    path = [(box["x"] + box["w"] * (0.1 + 0.8 * t / 30), box["y"] + box["h"] * 0.5) for t in range(31)]
    stroke(tools, path, "pen", lambda i: 0.5)
    pen = map_ink(tools)
    tools.evaluate("document.getElementById('clear').click()")
    time.sleep(0.7)  # palm rejection ignores touches for 0.6 s after a pen lifts
    touch_stroke(tools, path, radius=12)
    widths = tools.evaluate("[...new Set(strokes[0].map(p => p.width))]")
    brush = tools.evaluate("Number(document.getElementById('brush').value)")
    check(tools.evaluate("strokes.length === 1 && strokes[0][0].pointerType === 'touch'"), "a finger draws a stroke")
    check(widths == [brush], f"a finger's stroke is sent with the brush's width {brush} (sent: {widths})")
    finger = map_ink(tools)
    check(0.5 <= finger / max(1, pen) <= 2, f"its map has about the ink of the same stroke drawn with a pen ({finger} against {pen} pixels)")
    print(f"browser-test: one stroke's map, 128 wide: {pen} inked pixels drawn with a pen, {finger} with a 24 px fingertip")
    for _ in range(4):
        tools.evaluate("undo()")
    check(tools.evaluate("strokes.length") == before, "and undo gives the drawing back")


def key(tools, key_name, code, modifiers=0, key_code=0):
    """A key press through the input pipeline (modifiers: 2 Ctrl, 8 Shift, 4 Meta)."""
    for kind in ("rawKeyDown", "keyUp"):
        tools.call("Input.dispatchKeyEvent", type=kind, key=key_name, code=code, modifiers=modifiers,
                   windowsVirtualKeyCode=key_code, nativeVirtualKeyCode=key_code)


def canvas_box(tools):
    return tools.evaluate("(() => { const r = document.getElementById('canvas').getBoundingClientRect();"
                          " return {x: r.left, y: r.top, w: r.width, h: r.height}; })()")


def guidance_ink(tools):
    """The guidance map of what Generate would send, from POST /v1/guidance at 128 px wide:
    inked pixel count and whether ink touches the map's border (a cropped drawing would)."""
    return tools.evaluate("""(async () => {
        const body = JSON.stringify(drawingBody());
        const h = Math.round(128 * space.height / space.width);
        const r = await fetch(`/v1/guidance?width=128&height=${h}&format=pointer-events&padding=0.05`, {method: 'POST', body});
        const image = await createImageBitmap(await r.blob());
        const c = new OffscreenCanvas(image.width, image.height); const g = c.getContext('2d'); g.drawImage(image, 0, 0);
        const d = g.getImageData(0, 0, image.width, image.height).data; let ink = 0, border = 0;
        for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
          const v = d[(y * image.width + x) * 4];
          if (v > 40) { ink++; if (x === 0 || y === 0 || x === image.width - 1 || y === image.height - 1) border++; }
        }
        return {ink, border, width: image.width, height: image.height};
    })()""")


def save_map(tools, path):
    """Saves the guidance map of what Generate would send (256 wide) as a PNG, to look at."""
    data = tools.evaluate("""(async () => {
        const h = Math.round(256 * space.height / space.width);
        const r = await fetch(`/v1/guidance?width=256&height=${h}&format=pointer-events`, {method: 'POST', body: JSON.stringify(drawingBody())});
        const bytes = new Uint8Array(await r.arrayBuffer()); let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        return btoa(text);
    })()""")
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))


def preview_ink(tools):
    """Inked pixels of the page's own guidance preview (the small map beside the canvas), in its
    top and bottom halves."""
    return tools.evaluate("""(async () => {
        const image = await createImageBitmap(document.getElementById('preview'));
        const c = new OffscreenCanvas(image.width, image.height); const g = c.getContext('2d'); g.drawImage(image, 0, 0);
        const d = g.getImageData(0, 0, image.width, image.height).data; let top = 0, bottom = 0;
        for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
          if (d[(y * image.width + x) * 4] > 40) { if (y < image.height / 2) top++; else bottom++; }
        }
        return {top, bottom};
    })()""")


def reload(tools, settle=True):
    """Waits until every save has settled, reloads, and waits until the page has its work back."""
    if settle:
        tools.evaluate("savesSettled()")
    # A mark on this document: the wait below must not see it (Page.reload returns before the new one loads).
    tools.evaluate("window.beforeReload = true")
    tools.call("Page.reload")
    wait_for(tools, "!window.beforeReload && document.readyState === 'complete' && typeof restored !== 'undefined' && restored"
                    " && document.getElementById('style').options.length > 0", 20, "the page to reload")


# A long pen drawing: 50 strokes of 2,000 samples (pressure, tilt, 240 Hz timestamps), as the
# page records them, put in place with the page's own undoable action.
LONG_DRAWING = """(() => {
  const made = [];
  for (let s = 0; s < 50; s++) {
    const stroke = [];
    for (let i = 0; i < 2000; i++) {
      const t = i / 1999;
      stroke.push({ type: i === 0 ? 'pointerdown' : i === 1999 ? 'pointerup' : 'pointermove', pointerId: 2, pointerType: 'pen',
                    x: 40 + 940 * t, y: 20 + s * 14 + 6 * Math.sin(t * 40 + s), pressure: 0.3 + 0.4 * Math.abs(Math.sin(t * 9)),
                    tiltX: Math.round(20 * Math.sin(t * 5)), tiltY: -12, twist: 0, width: 4, height: 4,
                    timeStamp: 1000 + s * 9000 + i * 4.1667 });
    }
    stroke[0].color = '#1d1d1f'; stroke.color = '#1d1d1f'; stroke.size = 4;
    made.push(stroke);
  }
  strokes.push(...made);
  for (const stroke of made) did({ kind: 'add', stroke });
  return strokes.reduce((n, s) => n + s.length, 0);
})()"""


def storage_checks(tools):
    """A 100,000-point drawing survives a reload; a newer drawing from another tab is never
    replaced; a browser that refuses storage says so in words; a drawing an earlier page kept in
    localStorage moves to IndexedDB."""
    tools.evaluate("""(async () => {
        await savesSettled();
        await new Promise((resolve, reject) => { const r = indexedDB.deleteDatabase('inkling'); r.onsuccess = resolve; r.onerror = () => reject(r.error); });
        const events = [{type: 'pointerdown', pointerId: 1, pointerType: 'mouse', x: 100, y: 100, pressure: 0.5, timeStamp: 1, color: '#123456'},
                        {type: 'pointerup', pointerId: 1, pointerType: 'mouse', x: 300, y: 120, pressure: 0, timeStamp: 9}];
        localStorage.setItem('inkling.page', JSON.stringify({space: {width: 1024, height: 768},
            strokes: [{color: '#123456', size: 6, events}], settings: {prompt: 'kept from before'}}));
    })()""")
    reload(tools, settle=False)
    back = tools.evaluate("JSON.stringify(strokes.map(s => [s.color, s.size, s.length]))")
    check(back == '[["#123456",6,2]]', f"a drawing an earlier page kept in localStorage comes back ({back})")
    tools.evaluate("savesSettled()")
    check(tools.evaluate("localStorage.getItem('inkling.page')") is None, "and moves to IndexedDB")
    tools.evaluate("document.getElementById('clear').click()")
    points = tools.evaluate(LONG_DRAWING)
    check(points == 100000, f"the long drawing has 100,000 points ({points})")
    started = time.time()
    tools.evaluate("savesSettled()")
    size = tools.evaluate("DrawingStore.bytes(DrawingStore.encode(work()))")
    digest = tools.evaluate("JSON.stringify(strokes).length")
    print(f"browser-test: a 100,000-point drawing with its 52-step history saved in {time.time() - started:.2f} s, "
          f"{size / points:.1f} bytes a point in IndexedDB (the page's JSON of it: {digest / points:.0f} characters a point)")
    reload(tools)
    check(tools.evaluate("strokes.reduce((n, s) => n + s.length, 0)") == points, "the 100,000-point drawing survives a reload")
    check(tools.evaluate("JSON.stringify(strokes).length") == digest, "every number of it comes back as it was")
    check(tools.evaluate("document.getElementById('save-status').textContent") == "", "nothing to say while saving works")

    # And it is sent: compressed, its preview shown and its generation run.
    started = time.time()
    wait_for(tools, "(() => { const p = document.getElementById('preview');"
                    " return !p.hidden && p.complete && p.dataset.version === String(drawingVersion); })()", 120, "the 100,000-point drawing's preview")
    preview_seconds = time.time() - started
    sent = tools.evaluate("(async () => { const r = await jsonRequest(drawingBody());"
                          " return [JSON.stringify(drawingBody()).length, r.body.size, r.headers['Content-Encoding'] || '']; })()")
    check(sent[2] == "gzip", f"a large drawing is sent gzip-compressed ({sent})")
    print(f"browser-test: the 100,000-point drawing is {sent[0] / points:.0f} bytes a point as JSON, {sent[1] / points:.1f} gzipped "
          f"({sent[1] / 1e6:.1f} MB); its preview appeared {preview_seconds:.1f} s after the reload")
    tools.evaluate("document.getElementById('limit').value = '1'")
    started = time.time()
    tools.evaluate("document.getElementById('controls').requestSubmit()")
    wait_for(tools, "!document.getElementById('generate').disabled && /^(Done|[A-Z])/.test(document.getElementById('status').textContent)"
                    " && document.getElementById('status').textContent !== 'Sending…'", 240, "the 100,000-point drawing's generation")
    status = tools.evaluate("document.getElementById('status').textContent")
    check(status.startswith("Done"), f"the 100,000-point drawing generates ({status!r})")
    print(f"browser-test: it generated one image in {time.time() - started:.1f} s")
    # Downloaded: the full PNG (its recipe holds the whole drawing) leaves the server's store.
    tools.evaluate("saveFull(document.querySelector('.result'))")
    wait_for(tools, "document.querySelector('.result').dataset.downloaded !== undefined", 60, "the 100,000-point drawing's image to download")
    png = int(tools.evaluate("document.querySelector('.result').dataset.downloaded"))
    shown = tools.evaluate("document.querySelector('.result').previewBytes")
    check(png > shown, f"its full PNG downloads ({png} bytes; {shown} as shown)")

    # Cancel, through the job API, as soon as the job has started: the stream ends, the page says so.
    results = tools.evaluate("document.querySelectorAll('.result').length")
    tools.evaluate("document.getElementById('limit').value = '4'")
    tools.evaluate("document.getElementById('controls').requestSubmit()")
    wait_for(tools, "!document.getElementById('cancel').hidden", 60, "the Cancel button while generating")
    tools.evaluate("document.getElementById('cancel').click()")
    wait_for(tools, "!document.getElementById('generate').disabled", 60, "the cancelled generation to end")
    status = tools.evaluate("document.getElementById('status').textContent")
    made = tools.evaluate("document.querySelectorAll('.result').length") - results
    check(status.startswith("Cancelled") and made < 4, f"Cancel stops the generation ({status!r}, {made} of 4 images made)")
    check(tools.evaluate("document.getElementById('cancel').hidden"), "and hides the Cancel button")
    tools.evaluate("document.getElementById('limit').value = '2'")

    # Another tab saves a newer drawing: this one does not write over it, and says so.
    tools.evaluate("""new Promise((resolve, reject) => {
        const open = indexedDB.open('inkling', 1);
        open.onsuccess = () => {
          const store = open.result.transaction('work', 'readwrite').objectStore('work');
          const get = store.get('page');
          get.onsuccess = () => { const r = get.result; r.revision += 5; r.strokes = r.strokes.slice(0, 1); store.put(r, 'page'); };
          store.transaction.oncomplete = () => { open.result.close(); resolve(); };
          store.transaction.onerror = () => reject(store.transaction.error);
        };
        open.onerror = () => reject(open.error);
    })""")
    tools.evaluate("undo()")
    tools.evaluate("savesSettled()")
    said = tools.evaluate("document.getElementById('save-status').textContent")
    check("changed in another tab or window" in said, f"a newer drawing saved elsewhere is not replaced, and the page says so ({said!r})")
    reload(tools)
    check(tools.evaluate("strokes.length") == 1, "a reload shows the newer drawing")

    # A browser that refuses storage (full, or off in a private window): the page says so in words.
    # (Chromium 156 headless ignores Storage.overrideQuotaForOrigin, so IndexedDB's open is made
    # to throw what a full origin throws.)
    tools.evaluate("indexedDB.open = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }")
    tools.evaluate(LONG_DRAWING)
    tools.evaluate("savesSettled()")
    said = tools.evaluate("document.getElementById('save-status').textContent")
    check(said.startswith("Not saved") and "lost on reload" in said, f"a browser that will not store the drawing says it is not saved ({said!r})")
    print(f"browser-test: when the browser refuses, the page says: {said}")
    tools.evaluate("delete indexedDB.open")
    tools.evaluate("document.getElementById('clear').click()")
    tools.evaluate("savesSettled()")
    check(tools.evaluate("document.getElementById('save-status').textContent") == "", "room again: saved, and the message goes")
    tools.evaluate("document.getElementById('undo').click()")


def phone_checks(tools, screenshot):
    """On a phone held upright, with nothing saved, a new drawing starts on a portrait canvas."""
    tools.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
    tools.evaluate("""(async () => {
        await savesSettled();
        await new Promise((resolve, reject) => { const r = indexedDB.deleteDatabase('inkling'); r.onsuccess = resolve; r.onerror = () => reject(r.error); });
        localStorage.removeItem('inkling.page');
    })()""")
    reload(tools, settle=False)
    size = tools.evaluate("document.getElementById('size').value")
    width, height = (int(v) for v in size.split("x"))
    box = canvas_box(tools)
    check(height > width and box["h"] > box["w"], f"a phone held upright starts a portrait drawing ({size}, canvas {box['w']:.0f}×{box['h']:.0f})")
    order = tools.evaluate("""(() => { const top = (s) => document.querySelector(s).getBoundingClientRect().top;
        const c = document.getElementById('canvas').getBoundingClientRect();
        return {canvasBottom: c.bottom, controls: top('#controls'), results: top('#results'), width: document.documentElement.scrollWidth}; })()""")
    check(order["canvasBottom"] <= order["controls"] < order["results"] and order["width"] <= 390,
          f"on the phone canvas, controls and results are stacked, nothing wider than the screen ({order})")
    shot = tools.call("Page.captureScreenshot", format="png")
    with open(os.path.join(os.path.dirname(os.path.abspath(screenshot)), "browser-test-phone.png"), "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    browser_studio.axe_checks(tools, "on the phone")
    tools.call("Emulation.clearDeviceMetricsOverride")


def page_checks(tools, timeout):
    """Rotation, undo/redo/clear, shortcuts, palm rejection, persistence and accessibility."""
    tools.evaluate("document.getElementById('clear').click()")
    # Portrait to landscape mid-drawing: strokes stay registered and all of them are sent.
    tools.call("Emulation.setDeviceMetricsOverride", width=820, height=1180, deviceScaleFactor=2, mobile=True)
    tools.evaluate("window.dispatchEvent(new Event('resize'))")
    time.sleep(0.3)
    box = canvas_box(tools)
    stroke(tools, [(box["x"] + box["w"] * (0.05 + 0.9 * t / 20), box["y"] + box["h"] * 0.1) for t in range(21)], "pen", lambda i: 0.5)
    before = tools.evaluate("strokes[strokes.length - 1].map(p => [p.x, p.y])")
    tools.call("Emulation.setDeviceMetricsOverride", width=1180, height=820, deviceScaleFactor=2, mobile=True)
    tools.evaluate("window.dispatchEvent(new Event('resize'))")
    time.sleep(0.3)
    box = canvas_box(tools)
    stroke(tools, [(box["x"] + box["w"] * 0.9, box["y"] + box["h"] * (0.05 + 0.9 * t / 20)) for t in range(21)], "pen", lambda i: 0.5)
    after = tools.evaluate("strokes[0].map(p => [p.x, p.y])")
    check(before == after, "a rotation keeps the first stroke's points (they are in the drawing's space)")
    space = tools.evaluate("space")
    inside = tools.evaluate("strokes.every(s => s.every(p => p.x >= -1 && p.y >= -1 && p.x <= space.width + 1 && p.y <= space.height + 1))")
    check(inside, f"after the rotation every point lies in the {space['width']}×{space['height']} space that Generate sends")
    ink = guidance_ink(tools)
    check(ink["ink"] > 50 and ink["border"] == 0, f"the guidance map of what Generate sends holds the whole drawing ({ink})")
    # The page's preview follows the last change: the horizontal stroke (top) and the vertical
    # one drawn after the rotation (the only ink in the bottom half).
    wait_for(tools, "(() => { const p = document.getElementById('preview');"
                    " return !p.hidden && p.complete && p.dataset.version === String(drawingVersion); })()",
             timeout, "the preview of the last stroke")
    halves = preview_ink(tools)
    check(halves["top"] > 0 and halves["bottom"] > 0, f"the page's preview shows both strokes ({halves})")
    shot = tools.call("Page.captureScreenshot", format="png")
    with open(os.path.join(os.path.dirname(os.path.abspath(SCREENSHOT)), "browser-test-rotated.png"), "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    tools.call("Emulation.clearDeviceMetricsOverride")
    tools.evaluate("window.dispatchEvent(new Event('resize'))")
    time.sleep(0.3)

    # Undo, redo and an undoable Clear.
    check(tools.evaluate("strokes.length") == 2, "two strokes before Clear")
    tools.evaluate("document.getElementById('clear').click()")
    check(tools.evaluate("strokes.length") == 0, "Clear removes every stroke")
    tools.evaluate("document.getElementById('undo').click()")
    check(tools.evaluate("strokes.length") == 2, "Undo brings the cleared strokes back")
    tools.evaluate("document.getElementById('redo').click()")
    check(tools.evaluate("strokes.length") == 0, "Redo clears them again")
    tools.evaluate("document.getElementById('undo').click()")
    # Shortcuts (focus on the page, not in the prompt).
    tools.evaluate("document.activeElement && document.activeElement.blur()")
    key(tools, "z", "KeyZ", modifiers=2, key_code=90)
    check(tools.evaluate("strokes.length") == 1, "Ctrl+Z undoes a stroke")
    key(tools, "Z", "KeyZ", modifiers=2 | 8, key_code=90)
    check(tools.evaluate("strokes.length") == 2, "Ctrl+Shift+Z redoes it")

    # The eraser removes a stroke it touches, undoably.
    box = canvas_box(tools)
    tools.evaluate("document.getElementById('eraser').click()")
    first = tools.evaluate("(() => { const v = placement(); const p = strokes[0][10]; return [v.box.left + v.x + p.x * v.scale, v.box.top + v.y + p.y * v.scale]; })()")
    stroke(tools, [(first[0] - 3, first[1]), (first[0] + 3, first[1])], "mouse", lambda i: 0.5)
    check(tools.evaluate("strokes.length") == 1, "the eraser removes the stroke it touches")
    tools.evaluate("document.getElementById('eraser').click()")
    tools.evaluate("document.getElementById('undo').click()")
    check(tools.evaluate("strokes.length") == 2, "and Undo puts it back")

    # Palm rejection: a finger on the screen while the pen is down draws nothing.
    def pen(kind, x, y, buttons):
        tools.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=buttons, clickCount=1,
                   pointerType="pen", force=0.5)
    pen("mousePressed", box["x"] + box["w"] * 0.3, box["y"] + box["h"] * 0.5, 1)
    touch_stroke(tools, [(box["x"] + box["w"] * (0.2 + 0.02 * t), box["y"] + box["h"] * 0.8) for t in range(12)])
    pen("mouseMoved", box["x"] + box["w"] * 0.4, box["y"] + box["h"] * 0.5, 1)
    pen("mouseReleased", box["x"] + box["w"] * 0.4, box["y"] + box["h"] * 0.5, 0)
    types = tools.evaluate("strokes.map(s => s[0].pointerType)")
    check(types.count("touch") == 0 and len(types) == 3, f"a palm touching the screen while the pen writes draws nothing ({types})")

    touch_checks(tools)

    # Persistence: the drawing, its undo history and the settings survive a reload.
    tools.evaluate("document.getElementById('prompt').value = 'a lighthouse at dusk'; document.getElementById('prompt').dispatchEvent(new Event('input'))")
    saved = tools.evaluate("JSON.stringify(strokes)")
    history = tools.evaluate("past.length")
    reload(tools)
    check(tools.evaluate("JSON.stringify(strokes)") == saved, "the drawing survives a reload")
    check(tools.evaluate("document.getElementById('prompt').value") == "a lighthouse at dusk", "the prompt survives a reload")
    check(tools.evaluate("past.length") == history and history > 0, f"the undo history survives a reload ({history} steps)")
    tools.evaluate("undo()")
    check(tools.evaluate("strokes.length") == 2, "and a step of it undoes after the reload")
    tools.evaluate("redo()")
    storage_checks(tools)

    # Accessibility: every control in the accessibility tree has a name.
    tools.call("Accessibility.enable")
    nodes = tools.call("Accessibility.getFullAXTree")["nodes"]
    controls = [n for n in nodes if not n.get("ignored") and n.get("role", {}).get("value") in
                ("button", "slider", "combobox", "textbox", "checkbox", "spinbutton", "ColorWell", "colorwell", "ListBox", "listbox")]
    unnamed = [n.get("role", {}).get("value") for n in controls if not (n.get("name", {}).get("value") or "").strip()]
    check(len(controls) >= 10 and not unnamed, f"every one of {len(controls)} controls has an accessible name (unnamed: {unnamed})")
    strength = [n for n in controls if n.get("role", {}).get("value") == "slider" and "sketch" in (n.get("name", {}).get("value") or "")]
    check(bool(strength), "the strength slider is named 'Follow the sketch'")


def run(url, screenshot, chromium, timeout):
    profile = tempfile.mkdtemp(prefix="inkling-chromium-")
    process = None
    try:
        process, port = launch(chromium, profile)
        tools = DevTools(page_socket(port), timeout)
        tools.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        tools.call("Page.enable")
        tools.call("Runtime.enable")
        tools.call("Page.navigate", url=url)
        wait_for(tools, "document.readyState === 'complete' && document.getElementById('style').options.length > 0",
                 20, "the page to load and list the styles")
        styles = tools.evaluate("[...document.getElementById('style').options].map(o => o.value)")
        check(set(styles) <= {"animation", "illustration", "sketch", "emoji"} and styles, f"style picker lists the allowed styles {styles}")

        box = tools.evaluate("(() => { const r = document.getElementById('canvas').getBoundingClientRect();"
                             " return {x: r.left, y: r.top, w: r.width, h: r.height}; })()")
        check(box["w"] > 100 and box["h"] > 100, f"canvas is on screen ({box['w']:.0f}×{box['h']:.0f})")

        def at(fx, fy):
            return (box["x"] + fx * box["w"], box["y"] + fy * box["h"])
        # A house: the walls with a pen (pressure rising and falling), the roof with the mouse,
        # the door with a finger.
        walls = [at(0.3, 0.45 + 0.4 * t / 20) for t in range(21)] + [at(0.3 + 0.4 * t / 20, 0.85) for t in range(1, 21)] \
            + [at(0.7, 0.85 - 0.4 * t / 20) for t in range(1, 21)]
        stroke(tools, walls, "pen", lambda i: 0.2 + 0.6 * abs(((i % 30) - 15) / 15))
        roof = [at(0.25 + 0.25 * t / 15, 0.47 - 0.3 * t / 15) for t in range(16)] + [at(0.5 + 0.25 * t / 15, 0.17 + 0.3 * t / 15) for t in range(1, 16)]
        stroke(tools, roof, "mouse", lambda i: 0.5)

        # A door with a finger.
        door = [at(0.45, 0.85 - 0.2 * t / 10) for t in range(11)] + [at(0.45 + 0.1 * t / 10, 0.65) for t in range(1, 11)] \
            + [at(0.55, 0.65 + 0.2 * t / 10) for t in range(1, 11)]
        touch_stroke(tools, door)

        count = tools.evaluate("strokes.length")
        check(count == 3, f"the canvas recorded 3 strokes (got {count})")
        pen = tools.evaluate("strokes[0].filter(p => p.type === 'pointermove').map(p => [p.pointerType, p.pressure, p.tiltX])")
        check(all(p[0] == "pen" for p in pen) and len({round(p[1], 2) for p in pen}) > 3,
              f"pen points carry varying pressure ({len(pen)} moves)")
        check(any(p[2] != 0 for p in pen), "pen points carry tilt")
        check(tools.evaluate("strokes[1][0].pointerType") == "mouse", "the second stroke is a mouse stroke")
        touched = tools.evaluate("strokes[2].map(p => p.pointerType)")
        check(set(touched) == {"touch"} and len(touched) > 20, f"the third stroke is a touch stroke ({len(touched)} events)")
        tools.evaluate("document.getElementById('undo').click()")
        check(tools.evaluate("strokes.length") == 2, "Undo removes the last stroke")
        touch_stroke(tools, door)
        check(tools.evaluate("strokes.length") == 3, "and it can be drawn again")
        ink = tools.evaluate("(() => { const c = document.getElementById('canvas'); const d = c.getContext('2d')"
                             ".getImageData(0, 0, c.width, c.height).data; let n = 0;"
                             " for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; })()")
        check(ink > 500, f"the strokes are drawn on the canvas ({ink} inked pixels)")

        tools.evaluate("document.getElementById('prompt').value = 'a cosy house under a spring sky with cherry blossoms'")
        tools.evaluate("document.getElementById('limit').value = '2'")
        button = tools.evaluate("(() => { const b = document.getElementById('generate'); b.scrollIntoView({block: 'center'});"
                                " const r = b.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
        for kind in ("mousePressed", "mouseReleased"):
            tools.call("Input.dispatchMouseEvent", type=kind, x=button["x"], y=button["y"], button="left",
                       buttons=1 if kind == "mousePressed" else 0, clickCount=1)
        wait_for(tools, "document.querySelectorAll('.result img').length >= 2 && "
                        "[...document.querySelectorAll('.result img')].every(i => i.complete && i.naturalWidth > 0)",
                 timeout, "two result images to appear")
        sizes = tools.evaluate("[...document.querySelectorAll('.result img')].map(i => [i.naturalWidth, i.naturalHeight])")
        check(len(sizes) == 2 and all(w >= 128 and h >= 64 for w, h in sizes), f"two result images are shown {sizes}")
        status = tools.evaluate("document.getElementById('status').textContent")
        check(status.startswith("Done"), f"the status line reports completion ('{status}')")
        check(tools.evaluate("[...document.querySelectorAll('.result .actions button')].filter(b => b.textContent === 'Download').length") == 2,
              "each result has a Download button")
        tools.evaluate("document.querySelector('.result .actions button').click()")
        check(tools.evaluate("document.querySelectorAll('.result.accepted').length") == 1, "Accept marks a result")

        # Ctrl+Enter generates (the button is busy while it does).
        tools.evaluate("document.activeElement && document.activeElement.blur()")
        key(tools, "Enter", "Enter", modifiers=2, key_code=13)
        wait_for(tools, "document.getElementById('generate').disabled || document.getElementById('status').textContent.startsWith('Sending')",
                 5, "Ctrl+Enter to start a generation")
        check(True, "Ctrl+Enter starts a generation")
        wait_for(tools, "!document.getElementById('generate').disabled", timeout, "that generation to end")

        page_checks(tools, timeout)
        directory = os.path.dirname(os.path.abspath(screenshot))
        browser_studio.view_checks(tools)
        browser_studio.reframe_checks(tools)
        browser_studio.ink_checks(tools)
        browser_studio.file_checks(tools, directory, timeout)
        browser_studio.offline_checks(tools)
        browser_studio.throttled_figures(tools, timeout)
        browser_studio.live_checks(tools, timeout)
        browser_studio.studio_checks(tools, directory, timeout)
        tools.call("Emulation.clearDeviceMetricsOverride")
        tools.evaluate("window.dispatchEvent(new Event('resize'))")

        tools.evaluate("window.scrollTo(0, 0)")
        time.sleep(0.2)
        shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        print(f"browser-test: screenshot saved to {screenshot}")
        phone_checks(tools, screenshot)
    finally:
        if process:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(profile, ignore_errors=True)


SCREENSHOT = "browser-test.png"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("screenshot")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args()
    global SCREENSHOT
    SCREENSHOT = args.screenshot
    try:
        run(args.url, args.screenshot, args.chromium, args.timeout)
    except (AssertionError, RuntimeError, OSError) as error:
        print(f"browser-test: FAILED: {error}", file=sys.stderr)
        return 1
    print("browser-test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
