// Inkling's drawing page: records Pointer Events on a canvas (pen pressure and tilt, coalesced
// events, touch and mouse), sends them with a prompt to POST /v1/generations as a stream, and
// shows each image as it arrives. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("canvas");
const context = canvas.getContext("2d");

/**
 * Finished strokes: each an array of recorded events (the Pointer Events importer's groups), with
 * `color` and `size` (brush width in drawing units) attached to the array. Points are in the
 * drawing's own space (`space`, the engine size's pixels), not in CSS pixels, so a resize or a
 * rotation of the screen keeps the drawing where it was on the canvas and in what is sent.
 */
const strokes = [];
/** Strokes being drawn, by pointerId (several fingers draw several strokes). */
const active = new Map();
/** The drawing's space: the selected engine size, fixed while there are strokes. */
let space = { width: 1024, height: 768 };
/** Undo and redo past: {kind: "add" | "clear" | "erase", ...}. */
const future = [];
const past = [];
/** Palm rejection: touches are ignored while a pen is down and for a moment after. */
let penUntil = 0;
let erasing = false;

/** How the space maps onto the canvas: uniform scale and offset (contain), in CSS pixels. */
function placement() {
  const box = canvas.getBoundingClientRect();
  const scale = Math.min(box.width / space.width, box.height / space.height) || 1;
  return { box, scale, x: (box.width - space.width * scale) / 2, y: (box.height - space.height * scale) / 2 };
}

/** One event as the server's Pointer Events importer reads it, in the drawing's space. */
function record(event, type) {
  const { box, scale, x, y } = placement();
  const brush = Number($("brush").value);
  const point = {
    type,
    pointerId: event.pointerId,
    pointerType: event.pointerType || "mouse",
    x: (event.clientX - box.left - x) / scale,
    y: (event.clientY - box.top - y) / scale,
    pressure: event.pressure,
    tiltX: event.tiltX || 0,
    tiltY: event.tiltY || 0,
    twist: event.twist || 0,
    // The brush size as the contact's size (the importer's nib), for pen, finger and mouse
    // alike: the screen draws every stroke with the brush, so the server gets what was shown
    // (a fingertip's own contact size, 10–40 px, would make a stroke far thicker than it looked).
    width: brush,
    height: brush,
    timeStamp: event.timeStamp,
  };
  if (typeof event.altitudeAngle === "number" && typeof event.azimuthAngle === "number") {
    point.altitudeAngle = event.altitudeAngle;
    point.azimuthAngle = event.azimuthAngle;
  }
  return point;
}

/** Line width on screen for a recorded point: pressure-sensitive for pens and touch. */
function widthOf(stroke, point, scale) {
  const pressure = point.pointerType === "mouse" || !point.pressure ? 0.5 : point.pressure;
  return Math.max(0.75, (stroke.size || 4) * scale * (0.4 + pressure * 1.2));
}

/** Draws the segment from `a` to `b` of `stroke` (a dot when `a` is null). */
function drawSegment(stroke, a, b, view) {
  const at = (p) => [view.x + p.x * view.scale, view.y + p.y * view.scale];
  context.strokeStyle = context.fillStyle = stroke.color || "#1d1d1f";
  context.lineCap = context.lineJoin = "round";
  context.beginPath();
  if (a === null) {
    context.arc(...at(b), widthOf(stroke, b, view.scale) / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  context.lineWidth = widthOf(stroke, b, view.scale);
  context.moveTo(...at(a));
  context.lineTo(...at(b));
  context.stroke();
}

function drawStroke(stroke, view) {
  const points = stroke.filter((p) => p.type !== "pointerup" && p.type !== "pointercancel");
  if (points.length === 1) drawSegment(stroke, null, points[0], view);
  for (let i = 1; i < points.length; i++) drawSegment(stroke, points[i - 1], points[i], view);
}

/** Sizes the backing store to the canvas's CSS size times the device pixel ratio, then repaints. */
function resize() {
  const box = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(box.width * ratio));
  canvas.height = Math.max(1, Math.round(box.height * ratio));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  repaint();
}

function repaint() {
  const view = placement();
  context.clearRect(0, 0, view.box.width, view.box.height);
  context.lineCap = context.lineJoin = "round";
  for (const stroke of [...strokes, ...active.values()]) if (stroke) drawStroke(stroke, view);
  const n = strokes.length;
  $("stroke-count").textContent = n === 0 ? "No strokes yet" : `${n} stroke${n === 1 ? "" : "s"}`;
  $("undo").disabled = past.length === 0;
  $("redo").disabled = future.length === 0;
}

/** Records an action (undoable), forgets what was future, and saves. */
function did(action) {
  past.push(action);
  future.length = 0;
  changed();
}

function undo() {
  const action = past.pop();
  if (!action) return;
  if (action.kind === "add") strokes.splice(strokes.lastIndexOf(action.stroke), 1);
  if (action.kind === "clear") strokes.push(...action.removed);
  if (action.kind === "erase") for (const { stroke, index } of [...action.removed].reverse()) strokes.splice(index, 0, stroke);
  future.push(action);
  changed();
}

function redo() {
  const action = future.pop();
  if (!action) return;
  if (action.kind === "add") strokes.push(action.stroke);
  if (action.kind === "clear") strokes.length = 0;
  if (action.kind === "erase") for (const { stroke } of action.removed) strokes.splice(strokes.indexOf(stroke), 1);
  past.push(action);
  changed();
}

/** Removes the strokes passing within a few pixels of an event (the eraser), into `erased`. */
function eraseAt(event, erased) {
  const view = placement();
  const px = (event.clientX - view.box.left - view.x) / view.scale, py = (event.clientY - view.box.top - view.y) / view.scale;
  const reach = 10 / view.scale;
  for (let i = strokes.length - 1; i >= 0; i--) {
    const stroke = strokes[i];
    if (stroke.some((p) => Math.hypot(p.x - px, p.y - py) <= reach + (stroke.size || 4) / 2)) {
      erased.push({ stroke, index: i });
      strokes.splice(i, 1);
    }
  }
  repaint();
}

let erasedNow = null;

canvas.addEventListener("pointerdown", (event) => {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  event.preventDefault();
  // Palm rejection: a hand resting on the screen while a pen writes does not draw.
  if (event.pointerType === "pen") penUntil = Infinity;
  if (event.pointerType === "mouse") penUntil = 0;  // someone switched to the mouse: no palm to reject
  if (event.pointerType === "touch" && performance.now() < penUntil) return;
  try { canvas.setPointerCapture(event.pointerId); } catch (_) { /* synthetic or already gone */ }
  if (erasing) {
    erasedNow = erasedNow || [];
    active.set(event.pointerId, null);
    eraseAt(event, erasedNow);
    return;
  }
  if (strokes.length === 0 && active.size === 0) useSpaceOfSelectedSize();
  const first = record(event, "pointerdown");
  first.color = $("color").value;  // the stroke's colour, on its first event
  const stroke = [first];
  stroke.color = $("color").value;
  stroke.size = Number($("brush").value);
  active.set(event.pointerId, stroke);
  drawSegment(stroke, null, first, placement());
});

canvas.addEventListener("pointermove", (event) => {
  if (!active.has(event.pointerId)) return;
  event.preventDefault();
  const stroke = active.get(event.pointerId);
  if (stroke === null) { eraseAt(event, erasedNow); return; }
  // Coalesced events carry every sample the hardware reported since the last frame.
  const samples = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
  const view = placement();
  for (const sample of samples.length > 0 ? samples : [event]) {
    const point = record(sample, "pointermove");
    drawSegment(stroke, stroke[stroke.length - 1], point, view);
    stroke.push(point);
  }
});

function endStroke(event, type) {
  if (!active.has(event.pointerId)) return;
  const stroke = active.get(event.pointerId);
  active.delete(event.pointerId);
  if (event.pointerType === "pen") penUntil = performance.now() + 600;
  if (stroke === null) {
    if (active.size === 0 && erasedNow && erasedNow.length > 0) did({ kind: "erase", removed: erasedNow.reverse() });
    if (active.size === 0) erasedNow = null;
    repaint();
    return;
  }
  stroke.push(record(event, type));
  strokes.push(stroke);
  did({ kind: "add", stroke });
}

canvas.addEventListener("pointerup", (event) => endStroke(event, "pointerup"));
canvas.addEventListener("pointercancel", (event) => endStroke(event, "pointercancel"));
canvas.addEventListener("contextmenu", (event) => event.preventDefault());

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("clear").addEventListener("click", () => {
  if (strokes.length === 0) return;
  const removed = strokes.splice(0, strokes.length);
  active.clear();
  did({ kind: "clear", removed });
});
$("eraser").addEventListener("click", () => {
  erasing = !erasing;
  $("eraser").setAttribute("aria-pressed", String(erasing));
  canvas.style.cursor = erasing ? "cell" : "crosshair";
});
$("strength").addEventListener("input", () => { $("strength-value").textContent = Number($("strength").value).toFixed(2); save(); });
for (const id of ["color", "brush", "prompt", "style", "limit"]) $(id).addEventListener("input", save);
$("size").addEventListener("change", () => { if (strokes.length === 0) useSpaceOfSelectedSize(); save(); });

// Shortcuts: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z (or Ctrl+Y) redo, Ctrl/⌘+Enter generate. Undo and
// redo leave text fields to their own.
document.addEventListener("keydown", (event) => {
  const command = event.ctrlKey || event.metaKey;
  if (!command) return;
  const key = event.key.toLowerCase();
  if (key === "enter") { event.preventDefault(); $("controls").requestSubmit(); return; }
  const typing = ["TEXTAREA", "INPUT"].includes(event.target.tagName) && event.target.type !== "range" && event.target.type !== "color";
  if (typing) return;
  if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
  else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
});

/** The selected engine size as the drawing's space; the canvas takes its aspect. */
function useSpaceOfSelectedSize() {
  const match = /^(\d+)x(\d+)$/.exec($("size").value || "");
  if (match) space = { width: Number(match[1]), height: Number(match[2]) };
  canvas.style.setProperty("--aspect", String(space.width / space.height));
  resize();
}

/** Counts the drawing's changes: the preview shows the guidance map of one of them. */
let drawingVersion = 0;

/** Saves the drawing, its history and the settings (a reload keeps them), and previews. */
function changed() {
  drawingVersion += 1;
  repaint();
  save();
  schedulePreview();
}

/**
 * A JSON request's body and headers: gzip-compressed when it is large and the browser can
 * (a 100,000-point drawing is about 21 MB of JSON and 3 MB compressed; the server inflates up to
 * four times its body limit).
 */
async function jsonRequest(json) {
  const text = JSON.stringify(json);
  if (text.length < (256 << 10) || typeof CompressionStream === "undefined") {
    return { headers: { "Content-Type": "application/json" }, body: text };
  }
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" }, body: await new Response(compressed).blob() };
}

/** An API error answer in words for the person drawing (the server's messages speak to developers). */
function inWords(status, failure) {
  const code = failure.error ? failure.error.code : "";
  if (code === "body_too_large") return "This drawing is too large to send to the server, even compressed. Undo or clear some strokes, or start a new drawing.";
  if (status === 429) return `The server asks you to slow down: ${failure.error ? failure.error.message : "try again shortly"}.`;
  if (code === "server_busy" || code === "queue_full") return "The server is busy right now; try again in a few seconds.";
  return failure.error ? failure.error.message : `The server answered HTTP ${status}.`;
}

/** The drawing as sent: Pointer Events groups in the drawing's space. */
function drawingBody() {
  return { canvas: { width: space.width, height: space.height }, timeOrigin: performance.timeOrigin, strokes };
}

let previewTimer = null;
/** The preview request in flight, if any: a newer change aborts it. */
let previewRequest = null;
/**
 * Shows the guidance map the engine will get (POST /v1/guidance), shortly after a change.
 * Only the latest change's map is shown: an older request still in flight is aborted, and an
 * answer that arrives after a newer change is dropped. The image's `data-version` says which
 * change it shows.
 */
function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const preview = $("preview");
    if (previewRequest) previewRequest.abort();
    previewRequest = null;
    const version = drawingVersion;
    if (strokes.length === 0) {
      preview.hidden = true;
      preview.dataset.version = String(version);
      return;
    }
    const request = new AbortController();
    previewRequest = request;
    try {
      const query = `width=${Math.round(space.width / 4)}&height=${Math.round(space.height / 4)}&format=pointer-events`;
      const response = await apiFetch(`/v1/guidance?${query}`, { method: "POST", ...(await jsonRequest(drawingBody())), signal: request.signal });
      if (version !== drawingVersion) return;
      if (!response.ok) {
        // No stale map: the old one no longer shows this drawing; say why there is none.
        const failure = await response.json().catch(() => ({}));
        preview.hidden = true;
        preview.dataset.version = String(version);
        $("preview-caption").textContent = `No preview: ${inWords(response.status, failure)}`;
        return;
      }
      $("preview-caption").textContent = "Guidance map the engine will get";
      const image = await response.blob();
      if (version !== drawingVersion) return;
      if (preview.src) URL.revokeObjectURL(preview.src);
      preview.src = URL.createObjectURL(image);
      preview.dataset.version = String(version);
      preview.hidden = false;
    } catch (_) {
      /* aborted by a newer change, or the server is away: the preview is a help, not a requirement */
    } finally {
      if (previewRequest === request) previewRequest = null;
    }
  }, 250);
}

function setStatus(text, isError = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** The API key the user entered (kept in this browser's storage), or "". */
function apiKey() {
  try { return localStorage.getItem("inkling.apiKey") || ""; } catch { return ""; }
}

/** fetch() with the user's API key, when there is one (`inkling serve --require-api-key`). */
function apiFetch(url, options = {}) {
  const field = document.getElementById("apikey");
  const key = (field && field.value.trim()) || apiKey();
  if (!key) return fetch(url, options);
  return fetch(url, { ...options, headers: { ...(options.headers || {}), "X-API-Key": key } });
}

/** Fills the style and size pickers from GET /v1/availability (only the allowed styles). */
async function loadAvailability() {
  try {
    const response = await apiFetch("/v1/availability");
    if (response.status === 401) {
      setStatus("This server needs an API key: enter it in the API key field.", true);
      return;
    }
    const info = await response.json();
    const style = $("style");
    style.replaceChildren(...info.styles.map((name) => new Option(name, name, name === info.defaultStyle, name === info.defaultStyle)));
    const size = $("size");
    // Preselect the size whose aspect ratio is closest to the canvas's; on a portrait screen
    // (a phone held upright) to the screen's, so that a new drawing starts portrait there.
    const box = canvas.getBoundingClientRect();
    const portrait = window.innerHeight > window.innerWidth;
    const aspect = portrait ? window.innerWidth / window.innerHeight : box.width / Math.max(1, box.height);
    const distance = (s) => Math.abs(Math.log(s.width / s.height / aspect));
    const best = info.sizes.reduce((a, b) => (distance(b) < distance(a) ? b : a), info.sizes[0]);
    size.replaceChildren(...info.sizes.map((s) => {
      const label = `${s.width}×${s.height}${s.width === s.height ? " square" : s.width > s.height ? " landscape" : " portrait"}`;
      return new Option(label, `${s.width}x${s.height}`, s === best, s === best);
    }));
    for (const id of ["style", "size", "limit"]) {
      const value = savedSettings[id];
      if ([...$(id).options].some((o) => o.value === value)) $(id).value = value;
    }
    if (strokes.length === 0) useSpaceOfSelectedSize(); else resize();
    $("availability").textContent = info.available
      ? `Engine: ${info.engine}. Draw, describe it, and press Generate.`
      : `Generation is unavailable: ${info.reasons.join("; ")}`;
  } catch (error) {
    $("availability").textContent = `Cannot reach the server: ${error.message}`;
  }
}

/** Reads newline-delimited JSON from a streamed response, calling onLine for each object. */
async function readLines(response, onLine) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) await onLine(JSON.parse(line));
    }
  }
}

/** Adds a result card; the image is fetched once (the server deletes it after delivery). */
async function addResult(item) {
  const response = await apiFetch(item.url);
  if (!response.ok) throw new Error(`image ${item.variation}: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const card = document.createElement("figure");
  card.className = "result";
  const image = new Image();
  image.alt = `Variation ${item.variation} (${item.style})`;
  image.src = url;
  const actions = document.createElement("div");
  actions.className = "actions";
  const accept = document.createElement("button");
  accept.type = "button";
  accept.textContent = "Accept";
  accept.addEventListener("click", () => {
    const accepted = card.classList.toggle("accepted");
    accept.textContent = accepted ? "Accepted ✓" : "Accept";
  });
  const download = document.createElement("a");
  download.href = url;
  download.download = `inkling-${item.style}-${item.seed}-${item.variation}.png`;
  download.textContent = "Download";
  actions.append(accept, download);
  card.append(image, actions);
  $("results").prepend(card);
}

$("controls").addEventListener("submit", async (event) => {
  event.preventDefault();
  const prompt = $("prompt").value.trim();
  if (strokes.length === 0 && !prompt) {
    setStatus("Draw something or write a prompt first.", true);
    return;
  }
  const limit = Number($("limit").value);
  const body = {
    style: $("style").value || undefined,
    limit,
    stream: true,
    options: { size: $("size").value || undefined, strength: Number($("strength").value) },
  };
  if (prompt) body.prompt = prompt;
  if (strokes.length > 0) {
    body.format = "pointer-events";
    body.drawing = drawingBody();
  }
  const button = $("generate");
  const progress = $("progress");
  button.disabled = true;
  progress.hidden = false;
  progress.max = limit;
  progress.value = 0;
  setStatus("Sending…");
  let cancelled = false;
  try {
    const response = await apiFetch("/v1/generations", { method: "POST", ...(await jsonRequest(body)) });
    if (!response.ok) {
      const failure = await response.json().catch(() => ({}));
      throw new Error(inWords(response.status, failure));
    }
    let received = 0;
    let note = "";
    await readLines(response, async (line) => {
      if (line.type === "started" && line.job) {
        // Cancel goes through the job API: the server stops the engine and ends this stream.
        const cancel = $("cancel");
        cancel.hidden = false;
        cancel.disabled = false;
        cancel.onclick = async () => {
          cancel.disabled = true;
          cancelled = true;
          setStatus("Cancelling…");
          try { await apiFetch(`/v1/jobs/${line.job}`, { method: "DELETE" }); } catch (_) { /* the stream says what became of it */ }
        };
      }
      if (line.type === "started") {
        // What the engine will not honour (a sketch it cannot send) stays visible to the end.
        note = (line.notices || []).map((notice) => ` Note: ${notice}.`).join("");
        setStatus(`Painting ${limit} image${limit === 1 ? "" : "s"} in the ${line.style} style…${note}`);
      }
      // The engine's progress through the whole request (0…1), when it reports sampling steps.
      if (line.type === "progress") progress.value = Math.max(progress.value, line.progress * limit);
      if (line.type === "image") {
        await addResult(line);
        received += 1;
        progress.value = Math.max(progress.value, received);
        setStatus(`${received} of ${limit} done.${note}`);
      }
      if (line.type === "error") {
        if (cancelled && line.error.code === "cancelled") throw Object.assign(new Error(`Cancelled: ${received} of ${limit} done.`), { quiet: true });
        throw new Error(line.error.message);
      }
      if (line.type === "done") setStatus(`Done: ${line.count} image${line.count === 1 ? "" : "s"}.${note}`);
    });
  } catch (error) {
    setStatus(error.message, !error.quiet);
  } finally {
    button.disabled = false;
    progress.hidden = true;
    $("cancel").hidden = true;
  }
});

let savedSettings = {};
window.addEventListener("resize", resize);
resize();
// The API key field: kept in this browser; a new key asks the server again.
const keyField = $("apikey");
keyField.value = apiKey();
keyField.addEventListener("change", () => {
  try { localStorage.setItem("inkling.apiKey", keyField.value.trim()); } catch { /* storage off: the key lasts this page */ }
  loadAvailability();
  schedulePreview();
});
// The saved work first (IndexedDB answers asynchronously), then the server's pickers.
restore().then((settings) => {
  savedSettings = settings;
  drawingVersion += 1;
  repaint();
  schedulePreview();
  loadAvailability();
});
