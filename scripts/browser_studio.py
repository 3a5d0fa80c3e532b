"""The drawing page's studio, checked in headless Chromium (called by browser_test.py).

A tablet held landscape shows the canvas and the results side by side with small JPEG previews
(the full PNG on Download); two fingers pan and pinch-zoom without drawing; a size change keeps
the drawing's framing, undoably; inks, seed, negative prompt and "use as source" reach the
server; ink files open through the server's conversion and the drawing saves as stroke JSON
and SVG; offline is said in words; and on a throttled link the time to the first preview and
a result's bytes are measured.
"""
import base64
import os
import time

import browser_test as base

# browser_test imports this module, so its helpers are looked up when called.

# The text of a PNG's inkling:recipe chunk: tEXt, zTXt (keyword NUL, method, zlib stream) or iTXt
# (keyword NUL, compression flag, method, language NUL, translated keyword NUL, text or zlib
# stream); long text is written compressed, so the recipe is inflated as the browser reads it.
RECIPE_OF = """(async (bytes) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 8; at + 12 <= bytes.length;) {
        const length = view.getUint32(at), type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
        const data = bytes.subarray(at + 8, at + 8 + length), nul = data.indexOf(0);
        at += 12 + length;
        if (!['tEXt', 'zTXt', 'iTXt'].includes(type) || new TextDecoder('latin1').decode(data.subarray(0, nul)) !== 'inkling:recipe') continue;
        let body = data.subarray(nul + (type === 'zTXt' ? 2 : 1)), compressed = type === 'zTXt';
        if (type === 'iTXt') {
            compressed = data[nul + 1] === 1;
            body = data.subarray(data.indexOf(0, data.indexOf(0, nul + 3) + 1) + 1);
        }
        if (compressed) body = new Uint8Array(await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer());
        return new TextDecoder(type === 'iTXt' ? 'utf-8' : 'latin1').decode(body);
    }
    return '';
})""".replace("\n", " ")

def check(*args): return base.check(*args)
def wait_for(*args): return base.wait_for(*args)
def stroke(*args): return base.stroke(*args)
def canvas_box(tools): return base.canvas_box(tools)


REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generate(tools, limit, timeout):
    """Presses Generate for `limit` images and waits until it has ended; returns the status line."""
    tools.evaluate(f"document.getElementById('limit').value = '{limit}'")
    tools.evaluate("document.getElementById('controls').requestSubmit()")
    wait_for(tools, "document.getElementById('generate').disabled", 10, "the generation to start")
    wait_for(tools, "!document.getElementById('generate').disabled", timeout, "the generation to end")
    return tools.evaluate("document.getElementById('status').textContent")


def screenshot(tools, directory, name, full=False):
    shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=full)
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    print(f"browser-test: screenshot saved to {path}")


def draw_house(tools):
    box = canvas_box(tools)

    def at(fx, fy):
        return (box["x"] + fx * box["w"], box["y"] + fy * box["h"])
    walls = [at(0.3, 0.45 + 0.4 * t / 20) for t in range(21)] + [at(0.3 + 0.4 * t / 20, 0.85) for t in range(1, 21)] \
        + [at(0.7, 0.85 - 0.4 * t / 20) for t in range(1, 21)]
    stroke(tools, walls, "pen", lambda i: 0.3 + 0.4 * abs(((i % 30) - 15) / 15))
    roof = [at(0.25 + 0.25 * t / 15, 0.47 - 0.3 * t / 15) for t in range(16)] + [at(0.5 + 0.25 * t / 15, 0.17 + 0.3 * t / 15) for t in range(1, 16)]
    stroke(tools, roof, "pen", lambda i: 0.5)


def studio_checks(tools, directory, timeout):
    """A 1024×768 tablet held landscape: canvas and results side by side, small previews, the
    full PNG on Download, seed and negative prompt, use as source."""
    tools.call("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=2, mobile=True)
    tools.evaluate("window.dispatchEvent(new Event('resize'))")
    tools.evaluate("document.getElementById('clear').click(); document.getElementById('results').replaceChildren()")
    time.sleep(0.3)
    draw_house(tools)
    tools.evaluate("document.getElementById('prompt').value = 'a red house under a blue sky'")
    tools.evaluate("document.getElementById('advanced').open = true")
    tools.evaluate("document.getElementById('seed').value = '4242'; document.getElementById('negative').value = 'fog'")
    status = generate(tools, 2, timeout)
    check(status.startswith("Done"), f"the tablet generates ({status!r})")
    layout = tools.evaluate("""(() => {
        const c = document.getElementById('canvas').getBoundingClientRect();
        const r = document.querySelector('.result').getBoundingClientRect();
        return {canvasRight: c.right, canvasBottom: c.bottom, resultLeft: r.left, resultTop: r.top, resultBottom: r.bottom,
                viewport: [innerWidth, innerHeight], scrolled: scrollY};
    })()""")
    check(layout["resultLeft"] >= layout["canvasRight"] and layout["canvasBottom"] <= layout["viewport"][1],
          f"on a 1024×768 tablet in landscape the results are beside the canvas, the canvas wholly on screen ({layout})")
    check(layout["resultTop"] >= 0 and layout["resultBottom"] <= layout["viewport"][1] and layout["scrolled"] == 0,
          f"and the newest result is in view beside the canvas, the page not scrolled (at {layout['resultTop']:.0f}–{layout['resultBottom']:.0f} of {layout['viewport'][1]})")
    captions = tools.evaluate("[...document.querySelectorAll('.result figcaption')].map(c => c.textContent)")
    check(any("seed 4242" in c for c in captions), f"the seed typed under Advanced is the one used ({captions})")
    previews = tools.evaluate("""Promise.all([...document.querySelectorAll('.result')].map(async (card) => {
        const img = card.querySelector('img'); await img.decode();
        return {bytes: card.previewBytes, width: img.naturalWidth, height: img.naturalHeight, full: card.item.width, jpeg: card.previewType === 'image/jpeg'};
    }))""")
    check(all(p["jpeg"] and 64 <= p["width"] <= min(p["full"], 1024) for p in previews),
          f"each result is shown as a JPEG at its card's size ({previews})")
    # Download: the full PNG, once, recipe inside.
    tools.evaluate("document.querySelector('.result .actions button:nth-child(2)').click()")
    wait_for(tools, "document.querySelector('.result').dataset.downloaded !== undefined || /no longer|cannot/.test(document.getElementById('status').textContent)",
             30, "the full PNG")
    full = tools.evaluate("""(async () => {
        const card = document.querySelector('.result');
        const bytes = new Uint8Array(await card.full.arrayBuffer());
        return {bytes: bytes.length, png: bytes[0] === 0x89 && bytes[1] === 0x50, recipe: (await recipeOf(bytes)).includes('"seed"'), preview: card.previewBytes};
    })()""".replace("recipeOf", RECIPE_OF))
    check(full["png"] and full["recipe"] and full["bytes"] > full["preview"], f"Download saves the full PNG with its recipe ({full})")
    print(f"browser-test: a result is {full['preview']} bytes as shown (JPEG) and {full['bytes']} as downloaded (PNG): "
          f"{full['bytes'] / max(1, full['preview']):.1f}× smaller to look at; at 40 KB/s {full['preview'] / 40960:.1f} s against {full['bytes'] / 40960:.1f} s")
    # Use as source: the next generation sends the image with the drawing.
    tools.evaluate("document.querySelector('.result .actions button:nth-child(3)').click()")
    wait_for(tools, "!document.getElementById('source').hidden", 20, "the source image")
    sent = tools.evaluate("""(() => { const original = window.fetch; let seen = null;
        window.fetch = (url, options) => { if (String(url).includes('/v1/generations')) seen = options; return original(url, options); };
        window.seenGeneration = () => seen; return true; })()""")
    status = generate(tools, 1, timeout)
    body = tools.evaluate("""(async () => { const o = window.seenGeneration(); if (!o) return null;
        const text = typeof o.body === 'string' ? o.body : await new Response(o.body.stream().pipeThrough(new DecompressionStream('gzip'))).text();
        const b = JSON.parse(text); return {concepts: (b.concepts || []).map(c => c.type), negative: b.options.negativePrompt, seed: b.options.seed}; })()""")
    check(sent and status.startswith("Done") and body and body["concepts"] == ["image"] and body["negative"] == "fog",
          f"'Use as source' sends the result as the source image, with the negative prompt ({status!r}, {body})")
    screenshot(tools, directory, "browser-test-studio.png")
    axe_checks(tools, "on the tablet with results and a source image")
    tools.evaluate("document.getElementById('source-remove').click(); document.getElementById('seed').value = ''; "
                   "document.getElementById('negative').value = ''; document.getElementById('advanced').open = false")
    check(tools.evaluate("document.getElementById('source').hidden"), "Remove drops the source image")


def view_checks(tools):
    """Two fingers pan and zoom and draw nothing; a pen stroke drawn zoomed lands where it was drawn; Fit."""
    tools.evaluate("document.getElementById('clear').click()")
    time.sleep(0.7)  # palm rejection ignores touches for 0.6 s after a pen lifts
    box = canvas_box(tools)
    cx, cy = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
    count = tools.evaluate("strokes.length")

    def fingers(kind, spread, shift=0):
        points = [dict(x=cx - spread + shift, y=cy, radiusX=8, radiusY=8, force=0.5, id=1),
                  dict(x=cx + spread + shift, y=cy, radiusX=8, radiusY=8, force=0.5, id=2)]
        tools.call("Input.dispatchTouchEvent", type=kind, touchPoints=points if kind != "touchEnd" else [])
    tools.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[dict(x=cx - 40, y=cy, radiusX=8, radiusY=8, force=0.5, id=1)])
    fingers("touchStart", 40)
    for step in range(1, 11):
        fingers("touchMove", 40 + 4 * step, shift=3 * step)
    fingers("touchEnd", 0)
    zoom = tools.evaluate("view.zoom")
    check(tools.evaluate("strokes.length") == count and tools.evaluate("active.size") == 0,
          "two fingers draw nothing")
    check(1.9 < zoom < 2.1, f"spreading two fingers from 80 to 160 px zooms in twofold ({zoom:.2f})")
    # A pen stroke drawn while zoomed is recorded where it is in the drawing.
    expect = tools.evaluate(f"(() => {{ const v = placement(); return [({cx} - v.box.left - v.x) / v.scale, ({cy} - v.box.top - v.y) / v.scale]; }})()")
    stroke(tools, [(cx + t, cy) for t in range(0, 21, 2)], "pen", lambda i: 0.5)
    first = tools.evaluate("[strokes[strokes.length - 1][0].x, strokes[strokes.length - 1][0].y]")
    check(abs(first[0] - expect[0]) < 1 and abs(first[1] - expect[1]) < 1, f"a stroke drawn zoomed in lands where it was drawn ({first} ≈ {expect})")
    tools.evaluate("document.getElementById('fit').click()")
    check(tools.evaluate("view.zoom === 1 && view.panX === 0 && view.panY === 0"), "Fit shows the whole drawing again")
    tools.evaluate("undo()")


def reframe_checks(tools):
    """A size change keeps the drawing's framing (portrait to landscape), and Undo restores it."""
    tools.evaluate("document.getElementById('clear').click()")
    portrait = tools.evaluate("[...document.getElementById('size').options].map(o => o.value).find(v => { const [w, h] = v.split('x').map(Number); return h > w; })")
    landscape = tools.evaluate("[...document.getElementById('size').options].map(o => o.value).find(v => { const [w, h] = v.split('x').map(Number); return w > h * 1.5; })")
    if not portrait or not landscape:
        print("browser-test: no portrait or wide size listed; the reframe check is skipped")
        return
    tools.evaluate(f"document.getElementById('size').value = '{portrait}'; document.getElementById('size').dispatchEvent(new Event('change'))")
    draw_house(tools)
    before = tools.evaluate("JSON.stringify(strokes.map(s => s.map(p => [p.x, p.y])))")
    fill_before = tools.evaluate("(() => { const b = boundsOf(strokes); return (b.maxY - b.minY) / space.height; })()")
    tools.evaluate(f"document.getElementById('size').value = '{landscape}'; document.getElementById('size').dispatchEvent(new Event('change'))")
    after = tools.evaluate("(() => { const b = boundsOf(strokes); return {space: [space.width, space.height], fill: (b.maxY - b.minY) / space.height,"
                           " centre: [(b.minX + b.maxX) / 2 / space.width, (b.minY + b.maxY) / 2 / space.height], inside: b.minX >= 0 && b.minY >= 0 && b.maxX <= space.width && b.maxY <= space.height}; })()")
    check(after["space"] == [int(v) for v in landscape.split("x")] and after["inside"] and abs(after["centre"][0] - 0.5) < 0.1
          and after["fill"] > 0.8 * min(fill_before, 0.96),
          f"{portrait} → {landscape}: the drawing keeps its framing (fills {after['fill']:.2f} of the height, was {fill_before:.2f}; {after})")
    ink = base.guidance_ink(tools)
    check(ink["ink"] > 100 and ink["border"] == 0, f"and its map shows it whole ({ink})")
    tools.evaluate("undo()")
    back = tools.evaluate("JSON.stringify(strokes.map(s => s.map(p => [p.x, p.y])))")
    same = tools.evaluate(f"(() => {{ const a = JSON.parse({before!r}), b = JSON.parse({back!r}); return a.every((s, i) => s.every((p, j) => Math.abs(p[0] - b[i][j][0]) < 1e-6 && Math.abs(p[1] - b[i][j][1]) < 1e-6)); }})()")
    check(same and tools.evaluate("document.getElementById('size').value") == portrait, "Undo puts the drawing and its size back")


def line_width(tools):
    """How wide (in map pixels, 256 wide) the ink is across the middle column of the map of what
    Generate sends: any trace of ink counts, so a translucent marker is measured whole."""
    return tools.evaluate("""(async () => {
        const h = Math.round(256 * space.height / space.width);
        const r = await fetch(`/v1/guidance?width=256&height=${h}&format=pointer-events&padding=0`, {method: 'POST', body: JSON.stringify(drawingBody())});
        const image = await createImageBitmap(await r.blob());
        const c = new OffscreenCanvas(image.width, image.height); const g = c.getContext('2d'); g.drawImage(image, 0, 0);
        const d = g.getImageData(Math.floor(image.width / 2), 0, 1, image.height).data; let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 8) n++;
        return n;
    })()""")


def ink_checks(tools):
    """The server's inks are listed; a marker stroke is sent as a marker (a wider map than a pen's)."""
    inks = tools.evaluate("[...document.getElementById('ink').options].map(o => o.value)")
    check({"pen", "pencil", "marker", "watercolor"} <= set(inks), f"the ink picker lists the server's inks ({inks})")
    tools.evaluate("document.getElementById('clear').click(); document.getElementById('brush').value = '16'")
    box = canvas_box(tools)
    path = [(box["x"] + box["w"] * (0.1 + 0.8 * t / 30), box["y"] + box["h"] * 0.5) for t in range(31)]
    stroke(tools, path, "pen", lambda i: 0.5)
    pen = line_width(tools)
    tools.evaluate("document.getElementById('clear').click()")
    tools.evaluate("document.getElementById('ink').value = 'marker'")
    stroke(tools, path, "pen", lambda i: 0.5)
    sent = tools.evaluate("strokes[0][0].ink")
    marker = line_width(tools)
    check(sent == "marker" and marker > 1.8 * pen, f"a marker stroke is sent as a marker ({sent}; its line on the map is {marker} px wide, a pen's {pen})")
    tools.evaluate("document.getElementById('ink').value = ''; document.getElementById('brush').value = '4'; document.getElementById('clear').click()")


def file_checks(tools, directory, timeout):
    """An InkML formula (CROHME) and an Excalidraw note open through the server; the drawing
    saves as stroke JSON and SVG."""
    document = tools.call("DOM.getDocument")
    node = tools.call("DOM.querySelector", nodeId=document["root"]["nodeId"], selector="#import-file")["nodeId"]
    for name, least in (("inkml-crohme.inkml", 2), ("excalidraw-scene.excalidraw", 1)):
        tools.evaluate("document.getElementById('clear').click(); document.getElementById('file-status').textContent = ''")
        tools.call("DOM.setFileInputFiles", files=[os.path.join(REPOSITORY, "Strokes", "interchange", name)], nodeId=node)
        wait_for(tools, "/^(Opened|This|The|You)/.test(document.getElementById('file-status').textContent)", timeout, f"{name} to open")
        said = tools.evaluate("document.getElementById('file-status').textContent")
        count = tools.evaluate("strokes.length")
        check(said.startswith("Opened") and count >= least, f"{name} opens as {count} strokes ({said!r})")
        ink = base.guidance_ink(tools)
        share = ink["ink"] / (ink["width"] * ink["height"])
        check(ink["ink"] > 30 and share < 0.4 and ink["border"] == 0, f"and its map shows its lines, not a blot ({ink['ink']} inked pixels, {share:.0%} of the map)")
        base.save_map(tools, os.path.join(directory, f"browser-test-open-{name.split('.')[0]}.png"))
    # Not a drawing: said in words, nothing added.
    before = tools.evaluate("strokes.length")
    tools.evaluate("document.getElementById('file-status').textContent = ''")
    tools.call("DOM.setFileInputFiles", files=[os.path.join(REPOSITORY, "docs", "contact-sheet.png")], nodeId=node)
    wait_for(tools, "/^(Opened|This|The|You)/.test(document.getElementById('file-status').textContent)", timeout, "the PNG's answer")
    said = tools.evaluate("document.getElementById('file-status').textContent")
    check(said.startswith("This file cannot be read as a drawing") and tools.evaluate("strokes.length") == before,
          f"a file that is no drawing (a PNG) is refused in words, nothing added ({said[:120]!r}…)")
    tools.evaluate("undo()")
    check(tools.evaluate("strokes.length") == 0, "Undo takes an opened file's strokes away")
    tools.evaluate("redo()")
    saved = tools.evaluate("""(async () => {
        const json = await exportDrawing('json', 'json', 'application/json');
        const svg = await exportDrawing('svg', 'svg', 'image/svg+xml');
        if (!json || !svg) return document.getElementById('file-status').textContent;
        const drawing = JSON.parse(await json.text());
        return {format: drawing.format, strokes: drawing.strokes.length, svg: (await svg.text()).includes('<svg'), mine: strokes.length};
    })()""")
    check(isinstance(saved, dict) and saved["format"] == "inkling.drawing" and saved["strokes"] == saved["mine"] and saved["svg"],
          f"the drawing saves as stroke JSON and as SVG ({saved})")


def offline_checks(tools):
    """Offline, the page says so in words (the preview and Generate)."""
    tools.evaluate("document.getElementById('clear').click()")
    tools.evaluate("undo()")
    tools.call("Network.enable")
    tools.call("Network.emulateNetworkConditions", offline=True, latency=0, downloadThroughput=-1, uploadThroughput=-1)
    tools.evaluate("document.getElementById('prompt').value = 'a kite'")
    tools.evaluate("document.getElementById('controls').requestSubmit()")
    wait_for(tools, "!document.getElementById('generate').disabled && document.getElementById('status').textContent !== 'Sending…'", 20, "the offline answer")
    said = tools.evaluate("document.getElementById('status').textContent")
    check("offline" in said or "cannot be reached" in said, f"offline, Generate says so in words ({said!r})")
    tools.evaluate("changed()")
    wait_for(tools, "/^No preview/.test(document.getElementById('preview-caption').textContent)", 20, "the preview's offline answer")
    said = tools.evaluate("document.getElementById('preview-caption').textContent")
    check("offline" in said or "cannot be reached" in said, f"and so does the preview ({said!r})")
    tools.call("Network.emulateNetworkConditions", offline=False, latency=0, downloadThroughput=-1, uploadThroughput=-1)


def throttled_figures(tools, timeout):
    """On a 40 KB/s link with 150 ms latency: the time from a stroke's end to its preview."""
    tools.evaluate("document.getElementById('clear').click()")
    tools.call("Network.enable")
    tools.call("Network.emulateNetworkConditions", offline=False, latency=150, downloadThroughput=40960, uploadThroughput=40960)
    try:
        box = canvas_box(tools)
        stroke(tools, [(box["x"] + box["w"] * (0.2 + 0.6 * t / 40), box["y"] + box["h"] * (0.5 + 0.2 * ((t % 10) / 10))) for t in range(41)],
               "pen", lambda i: 0.5)
        started = time.time()
        wait_for(tools, "(() => { const p = document.getElementById('preview');"
                        " return !p.hidden && p.complete && p.dataset.version === String(drawingVersion); })()", timeout, "the throttled preview")
        seconds = time.time() - started
        size = tools.evaluate("Number(document.getElementById('preview').dataset.bytes)")
        print(f"browser-test: on a 40 KB/s link with 150 ms latency the preview appeared {seconds:.2f} s after the stroke ended "
              f"(0.25 s of it the page's wait for more drawing; the map is {size} bytes)")
    finally:
        tools.call("Network.emulateNetworkConditions", offline=False, latency=0, downloadThroughput=-1, uploadThroughput=-1)
    tools.evaluate("document.getElementById('clear').click()")


def axe_checks(tools, where):
    """axe-core (AXE_JS, fetched by scripts/browser-test) finds no accessibility violation on the
    page as it is now, Advanced open."""
    path = os.environ.get("AXE_JS")
    check(bool(path) and os.path.isfile(path), f"axe-core is at hand (AXE_JS={path})")
    with open(path) as f:
        tools.call("Runtime.evaluate", expression=f.read())
    tools.evaluate("document.getElementById('advanced').open = true")
    found = tools.evaluate("axe.run(document).then(r => r.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`))")
    version = tools.evaluate("axe.version")
    tools.evaluate("document.getElementById('advanced').open = false")
    check(found == [], f"axe-core {version} finds no accessibility violation {where} ({found})")


def live_checks(tools, timeout):
    """Live mode: with the pen, each stroke brings a frame that answers it, never an older one
    after a newer; undo too; Keep makes a full result."""
    tools.evaluate("document.getElementById('clear').click(); document.getElementById('results').replaceChildren()")
    tools.evaluate("document.getElementById('prompt').value = 'a red house under a blue sky'")
    tools.evaluate("""(() => { window.liveFrames = []; const image = document.getElementById('live-frame');
        new MutationObserver(() => window.liveFrames.push(Number(image.dataset.revision))).observe(image, {attributes: true, attributeFilter: ['data-revision']});
        document.getElementById('live-on').click(); return true; })()""")
    wait_for(tools, "live && live.socket.readyState === 1", 20, "the live session to open")
    start = tools.evaluate("live.revision")
    box = canvas_box(tools)

    def at(fx, fy):
        return (box["x"] + fx * box["w"], box["y"] + fy * box["h"])
    paths = [[at(0.3, 0.45 + 0.4 * t / 20) for t in range(21)], [at(0.3 + 0.4 * t / 20, 0.85) for t in range(21)],
             [at(0.7, 0.85 - 0.4 * t / 20) for t in range(21)], [at(0.25 + 0.25 * t / 15, 0.47 - 0.3 * t / 15) for t in range(16)]]
    waits = []
    for i, path in enumerate(paths, 1):
        stroke(tools, path, "pen", lambda k: 0.5)
        began = time.time()
        wait_for(tools, f"Number(document.getElementById('live-frame').dataset.revision) >= {start + i}", timeout, f"the frame of stroke {i}")
        waits.append(time.time() - began)
    tools.evaluate("undo()")
    wait_for(tools, f"Number(document.getElementById('live-frame').dataset.revision) >= {start + len(paths) + 1}", timeout, "the frame of the undo")
    frames = tools.evaluate("window.liveFrames")
    check(frames == sorted(frames) and len(set(frames)) == len(frames),
          f"live frames arrive as the pen lifts, never an older after a newer (revisions {frames})")
    print(f"browser-test: live, pen up to its frame as the page saw it: {', '.join(f'{w * 1000:.0f}' for w in waits)} ms "
          "(the test's own polling adds up to 100 ms)")
    wait_for(tools, "/up to date/.test(document.getElementById('live-state').textContent)", timeout, "live to be up to date")
    tools.evaluate("document.getElementById('live-keep').click()")
    wait_for(tools, "document.querySelectorAll('.result img').length >= 1", timeout, "the kept image")
    check(True, "Keep makes the live image a full result")
    tools.evaluate("document.getElementById('live-on').click()")
    check(tools.evaluate("live === null"), "turning Live off ends the session")
    tools.evaluate("document.getElementById('clear').click()")
