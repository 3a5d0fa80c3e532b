// Inkling's drawing page: records Pointer Events on a canvas (pen pressure and tilt, coalesced
// events, touch and mouse), sends them with a prompt to POST /v1/generations as a stream, and
// shows each image as it arrives. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("canvas");
const context = canvas.getContext("2d");

/** Finished strokes: each an array of recorded events (the Pointer Events importer's groups). */
const strokes = [];
/** Strokes being drawn, by pointerId (several fingers draw several strokes). */
const active = new Map();

/** One event as the server's Pointer Events importer reads it, in canvas CSS pixels. */
function record(event, type) {
  const box = canvas.getBoundingClientRect();
  const point = {
    type,
    pointerId: event.pointerId,
    pointerType: event.pointerType || "mouse",
    x: event.clientX - box.left,
    y: event.clientY - box.top,
    pressure: event.pressure,
    tiltX: event.tiltX || 0,
    tiltY: event.tiltY || 0,
    twist: event.twist || 0,
    width: event.width || 1,
    height: event.height || 1,
    timeStamp: event.timeStamp,
  };
  if (typeof event.altitudeAngle === "number" && typeof event.azimuthAngle === "number") {
    point.altitudeAngle = event.altitudeAngle;
    point.azimuthAngle = event.azimuthAngle;
  }
  return point;
}

/** Line width on screen for a recorded point: pressure-sensitive for pens and touch. */
function widthOf(point) {
  const pressure = point.pointerType === "mouse" || !point.pressure ? 0.5 : point.pressure;
  return 1 + pressure * 5;
}

function drawSegment(a, b) {
  context.lineWidth = widthOf(b);
  context.beginPath();
  context.moveTo(a.x, a.y);
  context.lineTo(b.x, b.y);
  context.stroke();
}

function drawDot(p) {
  context.beginPath();
  context.arc(p.x, p.y, widthOf(p) / 2, 0, Math.PI * 2);
  context.fill();
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
  const box = canvas.getBoundingClientRect();
  context.clearRect(0, 0, box.width, box.height);
  context.strokeStyle = context.fillStyle = "#1d1d1f";
  context.lineCap = context.lineJoin = "round";
  for (const stroke of [...strokes, ...active.values()]) {
    const points = stroke.filter((p) => p.type !== "pointerup");
    if (points.length === 1) drawDot(points[0]);
    for (let i = 1; i < points.length; i++) drawSegment(points[i - 1], points[i]);
  }
  const n = strokes.length;
  $("stroke-count").textContent = n === 0 ? "No strokes yet" : `${n} stroke${n === 1 ? "" : "s"}`;
}

canvas.addEventListener("pointerdown", (event) => {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  event.preventDefault();
  try { canvas.setPointerCapture(event.pointerId); } catch (_) { /* synthetic or already gone */ }
  const first = record(event, "pointerdown");
  active.set(event.pointerId, [first]);
  drawDot(first);
});

canvas.addEventListener("pointermove", (event) => {
  const stroke = active.get(event.pointerId);
  if (!stroke) return;
  event.preventDefault();
  // Coalesced events carry every sample the hardware reported since the last frame.
  const samples = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
  for (const sample of samples.length > 0 ? samples : [event]) {
    const point = record(sample, "pointermove");
    drawSegment(stroke[stroke.length - 1], point);
    stroke.push(point);
  }
});

function endStroke(event, type) {
  const stroke = active.get(event.pointerId);
  if (!stroke) return;
  active.delete(event.pointerId);
  stroke.push(record(event, type));
  strokes.push(stroke);
  repaint();
}

canvas.addEventListener("pointerup", (event) => endStroke(event, "pointerup"));
canvas.addEventListener("pointercancel", (event) => endStroke(event, "pointercancel"));
canvas.addEventListener("contextmenu", (event) => event.preventDefault());

$("undo").addEventListener("click", () => { strokes.pop(); repaint(); });
$("clear").addEventListener("click", () => { strokes.length = 0; active.clear(); repaint(); });
$("strength").addEventListener("input", () => { $("strength-value").textContent = Number($("strength").value).toFixed(2); });

function setStatus(text, isError = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** Fills the style and size pickers from GET /v1/availability (only the allowed styles). */
async function loadAvailability() {
  try {
    const response = await fetch("/v1/availability");
    const info = await response.json();
    const style = $("style");
    style.replaceChildren(...info.styles.map((name) => new Option(name, name, name === info.defaultStyle, name === info.defaultStyle)));
    const size = $("size");
    // Preselect the size whose aspect ratio is closest to the canvas's.
    const box = canvas.getBoundingClientRect();
    const aspect = box.width / Math.max(1, box.height);
    const distance = (s) => Math.abs(Math.log(s.width / s.height / aspect));
    const best = info.sizes.reduce((a, b) => (distance(b) < distance(a) ? b : a), info.sizes[0]);
    size.replaceChildren(...info.sizes.map((s) => {
      const label = `${s.width}×${s.height}${s.width === s.height ? " square" : s.width > s.height ? " landscape" : " portrait"}`;
      return new Option(label, `${s.width}x${s.height}`, s === best, s === best);
    }));
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
  const response = await fetch(item.url);
  if (!response.ok) throw new Error(`image ${item.variation + 1}: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const card = document.createElement("figure");
  card.className = "result";
  const image = new Image();
  image.alt = `Variation ${item.variation + 1} (${item.style})`;
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
  download.download = `inkling-${item.style}-${item.seed}-${item.variation + 1}.png`;
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
  const box = canvas.getBoundingClientRect();
  const body = {
    style: $("style").value || undefined,
    limit,
    stream: true,
    options: { size: $("size").value || undefined, strength: Number($("strength").value) },
  };
  if (prompt) body.prompt = prompt;
  if (strokes.length > 0) {
    body.format = "pointer-events";
    body.drawing = { canvas: { width: box.width, height: box.height }, timeOrigin: performance.timeOrigin, strokes };
  }
  const button = $("generate");
  const progress = $("progress");
  button.disabled = true;
  progress.hidden = false;
  progress.max = limit;
  progress.value = 0;
  setStatus("Sending…");
  try {
    const response = await fetch("/v1/generations", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const failure = await response.json().catch(() => ({}));
      const message = failure.error ? failure.error.message : `HTTP ${response.status}`;
      throw new Error(response.status === 429 ? `${message}` : message);
    }
    let received = 0;
    let note = "";
    await readLines(response, async (line) => {
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
      if (line.type === "error") throw new Error(line.error.message);
      if (line.type === "done") setStatus(`Done: ${line.count} image${line.count === 1 ? "" : "s"}.${note}`);
    });
  } catch (error) {
    setStatus(error.message, true);
  } finally {
    button.disabled = false;
    progress.hidden = true;
  }
});

window.addEventListener("resize", resize);
resize();
loadAvailability();
