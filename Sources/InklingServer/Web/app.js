// Inkling's drawing page: records Pointer Events on a canvas (pen pressure and tilt, coalesced
// events, touch and mouse), sends them with a prompt to POST /v1/generations as a stream, and
// shows each image as it arrives. This file draws, keeps the undo history and previews the
// guidance map; page-frame.js keeps the drawing's space, page-generate.js talks to the server,
// page-view.js zooms and pans, page-studio.js holds the results, the source image and files,
// page-save.js saves. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("canvas");
const context = canvas.getContext("2d");

/**
 * Finished strokes: each an array of recorded events (the Pointer Events importer's groups), with
 * `color`, `size` (brush width in drawing units) and `ink` (an ink type, or undefined for the
 * pointer's own) attached to the array. Points are in the
 * drawing's own space (`space`, the engine size's pixels), not in CSS pixels, so a resize or a
 * rotation of the screen keeps the drawing where it was on the canvas and in what is sent.
 */
const strokes = [];
/** Strokes being drawn, by pointerId (several fingers draw several strokes). */
const active = new Map();
/** The drawing's space: the selected engine size, fixed while there are strokes. */
let space = { width: 1024, height: 768 };
/** Undo and redo past: {kind: "add" | "clear" | "erase" | "import" | "reframe", ...}. */
const future = [];
const past = [];
/** Palm rejection: touches are ignored while a pen is down and for a moment after. */
let penUntil = 0;
let erasing = false;

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

/**
 * How each ink looks on screen, close to how the server draws its guidance: width relative to
 * the brush, opacity, whether pressure changes the width, and for the broad nibs (fountain pen,
 * reed) how much the width follows the direction. A stroke without an ink is a pen.
 */
const inkLooks = {
  pen: { width: 1, alpha: 1, pressure: true },
  pencil: { width: 0.6, alpha: 0.7, pressure: true },
  marker: { width: 2.5, alpha: 0.45, pressure: false },
  monoline: { width: 1, alpha: 1, pressure: false },
  fountainPen: { width: 1.2, alpha: 1, pressure: true, broad: true },
  watercolor: { width: 3, alpha: 0.3, pressure: false },
  crayon: { width: 1.6, alpha: 0.8, pressure: true },
  reed: { width: 1.8, alpha: 0.9, pressure: true, broad: true },
};
const looksOf = (stroke) => inkLooks[stroke.ink] || inkLooks.pen;

/** Line width on screen for a recorded point (from `a` when there is one): the ink's. */
function widthOf(stroke, point, scale, a = null) {
  const look = looksOf(stroke);
  const pressure = !look.pressure || point.pointerType === "mouse" || !point.pressure ? 0.5 : point.pressure;
  let width = (stroke.size || 4) * look.width * scale * (0.4 + pressure * 1.2);
  if (look.broad && a) {
    // A nib held at 45°: widest across that direction, a third as wide along it.
    const angle = Math.atan2(point.y - a.y, point.x - a.x) - Math.PI / 4;
    width *= 0.35 + 0.65 * Math.abs(Math.sin(angle));
  }
  return Math.max(0.75, width);
}

/** Draws the segment from `a` to `b` of `stroke` (a dot when `a` is null). */
function drawSegment(stroke, a, b, view) {
  const at = (p) => [view.x + p.x * view.scale, view.y + p.y * view.scale];
  context.strokeStyle = context.fillStyle = stroke.color || "#1d1d1f";
  context.globalAlpha = looksOf(stroke).alpha;
  context.lineCap = context.lineJoin = "round";
  context.beginPath();
  if (a === null) {
    context.arc(...at(b), widthOf(stroke, b, view.scale) / 2, 0, Math.PI * 2);
    context.fill();
  } else {
    context.lineWidth = widthOf(stroke, b, view.scale, a);
    context.moveTo(...at(a));
    context.lineTo(...at(b));
    context.stroke();
  }
  context.globalAlpha = 1;
}

function drawStroke(stroke, view) {
  const points = stroke.filter((p) => p.type !== "pointerup" && p.type !== "pointercancel");
  const look = looksOf(stroke);
  if (points.length > 1 && !look.pressure && !look.broad) {
    // A constant width is one path, so a translucent ink does not darken where segments meet.
    context.strokeStyle = stroke.color || "#1d1d1f";
    context.globalAlpha = look.alpha;
    context.lineWidth = widthOf(stroke, points[0], view.scale);
    context.beginPath();
    context.moveTo(view.x + points[0].x * view.scale, view.y + points[0].y * view.scale);
    for (const p of points.slice(1)) context.lineTo(view.x + p.x * view.scale, view.y + p.y * view.scale);
    context.stroke();
    context.globalAlpha = 1;
    return;
  }
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
  // Zoomed out or panned: what lies outside the drawing's space is shaded (nothing there is sent).
  const right = view.x + space.width * view.scale, bottom = view.y + space.height * view.scale;
  context.fillStyle = "#dedad2";
  if (view.x > 0) context.fillRect(0, 0, view.x, view.box.height);
  if (right < view.box.width) context.fillRect(right, 0, view.box.width - right, view.box.height);
  if (view.y > 0) context.fillRect(0, 0, view.box.width, view.y);
  if (bottom < view.box.height) context.fillRect(0, bottom, view.box.width, view.box.height - bottom);
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
  liveChanged("did", action);
}

function undo() {
  const action = past.pop();
  if (!action) return;
  if (action.kind === "add") strokes.splice(strokes.lastIndexOf(action.stroke), 1);
  if (action.kind === "clear") strokes.push(...action.removed);
  if (action.kind === "erase") for (const { stroke, index } of [...action.removed].reverse()) strokes.splice(index, 0, stroke);
  if (action.kind === "import") strokes.splice(strokes.length - action.added.length, action.added.length);
  if (action.kind === "reframe") applyFrame(action.to, action.from, inverse(action.transform));
  future.push(action);
  changed();
  liveChanged("undo", action);
}

function redo() {
  const action = future.pop();
  if (!action) return;
  if (action.kind === "add") strokes.push(action.stroke);
  if (action.kind === "clear") strokes.length = 0;
  if (action.kind === "erase") for (const { stroke } of action.removed) strokes.splice(strokes.indexOf(stroke), 1);
  if (action.kind === "import") strokes.push(...action.added);
  if (action.kind === "reframe") applyFrame(action.from, action.to, action.transform);
  past.push(action);
  changed();
  liveChanged("redo", action);
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
  // A second finger: the fingers pan and zoom the view (page-view.js) and draw nothing.
  if (gestureTakes(event)) return;
  if (erasing) {
    erasedNow = erasedNow || [];
    active.set(event.pointerId, null);
    eraseAt(event, erasedNow);
    return;
  }
  if (strokes.length === 0 && active.size === 0) useSpaceOfSelectedSize();
  const first = record(event, "pointerdown");
  first.color = $("color").value;  // the stroke's colour and ink, on its first event
  const ink = $("ink").value || undefined;
  if (ink) first.ink = ink;
  const stroke = [first];
  stroke.color = $("color").value;
  stroke.size = Number($("brush").value);
  stroke.ink = ink;
  active.set(event.pointerId, stroke);
  drawSegment(stroke, null, first, placement());
});

canvas.addEventListener("pointermove", (event) => {
  if (gestureMoves(event)) { event.preventDefault(); return; }
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
  if (gestureEnds(event)) return;
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
for (const id of ["color", "brush", "ink", "prompt", "style", "limit", "negative", "seed"]) $(id).addEventListener("input", save);
$("size").addEventListener("change", () => {
  // Nothing drawn, nothing to undo: the space simply changes; else the drawing (and what undo
  // would bring back) keeps its framing in the new size.
  if (everyStroke().size === 0) useSpaceOfSelectedSize();
  else reframeToSelectedSize();
  save();
});

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

/** Counts the drawing's changes: the preview shows the guidance map of one of them. */
let drawingVersion = 0;

/** Saves the drawing, its history and the settings (a reload keeps them), and previews. */
function changed() {
  drawingVersion += 1;
  repaint();
  save();
  schedulePreview();
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
        $("preview-caption").textContent = `No preview: ${inWords(response.status, failure, response.headers.get("Retry-After"))}`;
        return;
      }
      $("preview-caption").textContent = "Guidance map the engine will get";
      const image = await response.blob();
      if (version !== drawingVersion) return;
      if (preview.src) URL.revokeObjectURL(preview.src);
      preview.src = URL.createObjectURL(image);
      preview.dataset.bytes = String(image.size);
      preview.dataset.version = String(version);
      preview.hidden = false;
    } catch (error) {
      // Aborted by a newer change says nothing; the server away or the browser offline says so.
      if (error.name !== "AbortError" && version === drawingVersion) {
        preview.hidden = true;
        preview.dataset.version = String(version);
        $("preview-caption").textContent = `No preview: ${unreachable(error)}`;
      }
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

/** The settings a reload brought back, applied once the server has listed the pickers' options. */
let savedSettings = {};
// Started once every script has loaded (the page-*.js files come after this one).
document.addEventListener("DOMContentLoaded", () => {
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
});
