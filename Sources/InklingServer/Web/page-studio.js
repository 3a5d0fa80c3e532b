// The drawing page's studio around the canvas: result cards (a small JPEG to look at, the full
// PNG with its recipe on download, "use as source"), the source image, and ink files in and out
// (opened or dropped, converted by the server's POST /v1/conversions; saved as stroke JSON or
// SVG the same way). Loaded after app.js, whose globals it uses. Plain JavaScript, no build step.
"use strict";

/** The source image the next generation starts from ({data: base64, type, width, height}), or null. */
let sourceImage = null;

/** The width to ask a result's preview at: what its card shows, in device pixels, in steps of 64. */
function previewWidth(card, item) {
  const shown = card.clientWidth || $("results").clientWidth / 2 || 320;
  const pixels = Math.ceil((shown * (window.devicePixelRatio || 1)) / 64) * 64;
  return Math.max(64, Math.min(item.width, pixels, 4096));
}

/**
 * Adds a result card. What it shows is a JPEG at the card's size (`?format=jpeg&width=`, which
 * leaves the image on the server); the full PNG, recipe inside, is fetched when Download is
 * pressed (the server gives it out once, within its time to live).
 */
async function addResult(item, request) {
  const card = document.createElement("figure");
  card.className = "result";
  card.item = item;
  $("results").prepend(card);
  const image = new Image();
  image.alt = `Variation ${item.variation} (${item.style})`;
  // Its shape is known before it loads: the card is laid out (and scrolled to) once.
  image.width = item.width;
  image.height = item.height;
  const caption = document.createElement("figcaption");
  caption.className = "muted";
  caption.textContent = `${item.style}, seed ${item.seed}, variation ${item.variation}`;
  const actions = document.createElement("div");
  actions.className = "actions";
  const accept = button("Accept", "Mark this result", () => {
    const accepted = card.classList.toggle("accepted");
    accept.textContent = accepted ? "Accepted ✓" : "Accept";
  });
  const download = button("Download", "The full-size PNG, with how it was made inside", () => saveFull(card));
  const source = button("Use as source", "Start the next generation from this image", () => useResultAsSource(card));
  actions.append(accept, download, source);
  card.append(image, caption, actions);
  // The newest result in view: beside the canvas the results' column scrolls to it (the canvas
  // stays where it is); stacked, the page does.
  card.scrollIntoView({ block: "nearest" });
  card.request = request;
  // A preview that cannot be had (rate limited twice, the server away) leaves the card with its
  // reason: the stream goes on, and Download may still work.
  try {
    const blob = await previewOf(card, item);
    card.previewBytes = blob.size;
    card.previewType = blob.type;
    image.src = URL.createObjectURL(blob);
  } catch (error) {
    caption.textContent = `${caption.textContent}. No preview: ${error.message}`;
  }
}

/** The result's JPEG at its card's size; a 429 is waited out once (previews are charged). */
async function previewOf(card, item) {
  const url = `${item.url}?format=jpeg&width=${previewWidth(card, item)}`;
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await apiFetch(url);
    } catch (error) {
      throw new Error(unreachable(error));
    }
    if (response.ok) return response.blob();
    const wait = Number(response.headers.get("Retry-After"));
    if (response.status === 429 && attempt === 0 && wait > 0 && wait <= 10) {
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    throw new Error(inWords(response.status, await response.json().catch(() => ({})), response.headers.get("Retry-After")));
  }
}

function button(text, title, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.title = title;
  element.addEventListener("click", action);
  return element;
}

/** Fetches a result's full PNG once (kept for later clicks) and returns it, or throws in words. */
async function fullImage(card) {
  if (card.full) return card.full;
  let response;
  try {
    response = await apiFetch(card.item.url);
  } catch (error) {
    throw new Error(unreachable(error));
  }
  if (response.status === 404 || response.status === 410) {
    throw new Error("The full image is no longer on the server: it keeps each image for a limited time and gives it out once. Generate again with the same seed to make it again.");
  }
  if (!response.ok) throw new Error(inWords(response.status, await response.json().catch(() => ({}))));
  card.full = await response.blob();
  return card.full;
}

/** Download: the full PNG saved under a name that says what it is. */
async function saveFull(card) {
  try {
    const full = await fullImage(card);
    const { style, seed, variation } = card.item;
    saveBlob(full, `inkling-${style}-${seed}-${variation}.png`);
    card.dataset.downloaded = String(full.size);
  } catch (error) {
    setStatus(error.message, true);
  }
}

/** Saves `blob` as a file named `name` through a temporary link. */
function saveBlob(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** "Use as source": the result, at its full size as a JPEG (the server keeps the PNG), becomes the source. */
async function useResultAsSource(card) {
  try {
    let blob = card.full;
    if (!blob) {
      const response = await apiFetch(`${card.item.url}?format=jpeg&width=${card.item.width}`);
      if (!response.ok) throw new Error("This image is no longer on the server; download it or generate again.");
      blob = await response.blob();
    }
    const data = await base64Of(blob);
    useSource({ data, type: blob.type, width: card.item.width, height: card.item.height });
    save();
    setStatus("The next generation starts from this image (remove it beside the sketch slider).");
  } catch (error) {
    setStatus(error.message, true);
  }
}

/** Makes `source` the source image and shows it. */
function useSource(source) {
  sourceImage = source;
  $("source-image").src = `data:${source.type || "image/jpeg"};base64,${source.data}`;
  $("source").hidden = false;
}

async function base64Of(blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

$("source-remove").addEventListener("click", () => {
  sourceImage = null;
  $("source").hidden = true;
  $("source-image").removeAttribute("src");
  save();
});

// Ink files in: the file picker, or a file dropped on the drawing.

function fileStatus(text, isError = false) {
  const line = $("file-status");
  line.textContent = text;
  line.classList.toggle("error", isError);
}

/** Posts `body` to POST /v1/conversions?`query` and returns the answer, or throws in words. */
async function convert(query, body, headers) {
  let response;
  try {
    response = await apiFetch(`/v1/conversions?${query}`, { method: "POST", headers, body });
  } catch (error) {
    throw new Error(unreachable(error));
  }
  if (!response.ok) {
    const failure = await response.json().catch(() => ({}));
    const code = failure.error ? failure.error.code : "";
    if (response.status === 422 || response.status === 400 && code !== "body_too_large") {
      throw new Error(`This file cannot be read as a drawing: ${failure.error ? failure.error.message : `HTTP ${response.status}`}`);
    }
    throw new Error(inWords(response.status, failure, response.headers.get("Retry-After")));
  }
  return response;
}

/** The largest file Open… sends to the server. */
const maxImportBytes = 32 << 20;

/** Opens an ink file: converted to stroke JSON by the server, then added to the drawing (undoably). */
async function importFile(file) {
  // Past this no server takes it (4 × its 8 MB default body limit, inflated): said at once,
  // without reading a large file (or a device that never ends) for nothing.
  if (file.size > maxImportBytes) {
    fileStatus(`${file.name} is ${Math.round(file.size / 1048576)} MB; drawings over ${maxImportBytes / 1048576} MB cannot be opened here.`, true);
    return;
  }
  fileStatus(`Opening ${file.name}…`);
  try {
    let body = file, headers = { "Content-Type": "application/octet-stream" };
    if (file.size > (256 << 10) && typeof CompressionStream !== "undefined") {
      body = await new Response(file.stream().pipeThrough(new CompressionStream("gzip"))).blob();
      headers = { ...headers, "Content-Encoding": "gzip" };
    }
    const drawing = await (await convert("to=json", body, headers)).json();
    const added = addDrawing(drawing);
    fileStatus(`Opened ${file.name}: ${added} stroke${added === 1 ? "" : "s"} (Undo takes them away).`);
  } catch (error) {
    fileStatus(error.message, true);
  }
}

/** A canonical stroke JSON point's channel `name` at `i` (objects or columns), or `fallback`. */
function channel(points, i, name, fallback) {
  const value = Array.isArray(points) ? points[i][name] : (points[name] ? points[name][i] : undefined);
  return typeof value === "number" ? value : fallback;
}

/**
 * Adds a stroke JSON document's strokes to the drawing as Pointer Events strokes, fitted into
 * the drawing's space (an empty drawing first takes the size closest to the file's shape).
 * Returns how many strokes were added.
 */
function addDrawing(drawing) {
  const made = [];
  for (const stroke of drawing.strokes || []) {
    const points = stroke.points;
    const n = Array.isArray(points) ? points.length : (points.x || []).length;
    if (n === 0) continue;
    const [a, b, c, d, tx, ty] = stroke.transform || [1, 0, 0, 1, 0, 0];
    const scale = Math.sqrt(Math.abs(a * d - b * c)) || 1;
    const color = ((stroke.ink && stroke.ink.color) || "#1d1d1f").slice(0, 7);
    const ink = stroke.ink && stroke.ink.type;
    const events = [];
    for (let i = 0; i < n; i++) {
      const x = channel(points, i, "x", 0), y = channel(points, i, "y", 0);
      const altitude = channel(points, i, "altitude", Math.PI / 2), azimuth = channel(points, i, "azimuth", 0);
      events.push({
        type: i === 0 ? "pointerdown" : i === n - 1 ? "pointerup" : "pointermove",
        pointerId: 1, pointerType: "pen",
        x: a * x + c * y + tx, y: b * x + d * y + ty,
        pressure: Math.min(1, channel(points, i, "force", 1) / 2),
        width: channel(points, i, "width", 4) * scale, height: channel(points, i, "height", 4) * scale,
        altitudeAngle: altitude, azimuthAngle: azimuth,
        timeStamp: channel(points, i, "timeOffset", i * 0.008) * 1000,
      });
    }
    if (n === 1) events.push({ ...events[0], type: "pointerup" });
    events[0].color = color;
    if (ink) events[0].ink = ink;
    events.color = color;
    events.size = events[0].width;
    events.ink = ink;
    made.push(events);
  }
  if (made.length === 0) throw new Error("This file holds no strokes.");
  const from = drawing.canvas && drawing.canvas.width > 0 ? { width: drawing.canvas.width, height: drawing.canvas.height } : null;
  const bounds = boundsOf(made);
  const frame = from || { width: Math.max(1e-9, bounds.maxX - bounds.minX), height: Math.max(1e-9, bounds.maxY - bounds.minY) };
  if (everyStroke().size === 0) {
    // An empty drawing takes the listed size closest to the file's shape.
    const options = [...$("size").options].map((o) => o.value);
    const aspect = frame.width / frame.height;
    const distance = (v) => { const [w, h] = v.split("x").map(Number); return Math.abs(Math.log(w / h / aspect)); };
    if (options.length > 0) $("size").value = options.reduce((p, q) => (distance(q) < distance(p) ? q : p));
    useSpaceOfSelectedSize();
  }
  // The file's frame (its canvas, else its strokes' bounds) fitted into the space, centred.
  const fitted = Math.min(space.width / frame.width, space.height / frame.height) * (from ? 1 : 0.9);
  const origin = from ? { x: 0, y: 0 } : { x: bounds.minX, y: bounds.minY };
  const dx = (space.width - frame.width * fitted) / 2 - origin.x * fitted, dy = (space.height - frame.height * fitted) / 2 - origin.y * fitted;
  for (const stroke of made) {
    for (const p of stroke) { p.x = p.x * fitted + dx; p.y = p.y * fitted + dy; p.width *= fitted; p.height *= fitted; }
    stroke.size = stroke[0].width;
  }
  strokes.push(...made);
  did({ kind: "import", added: made });
  return made.length;
}

$("import").addEventListener("click", () => $("import-file").click());
$("import-file").addEventListener("change", () => {
  const file = $("import-file").files[0];
  $("import-file").value = "";
  if (file) importFile(file);
});
const board = document.querySelector(".board");
board.addEventListener("dragover", (event) => {
  if (![...event.dataTransfer.types].includes("Files")) return;
  event.preventDefault();
  board.classList.add("dropping");
});
board.addEventListener("dragleave", () => board.classList.remove("dropping"));
board.addEventListener("drop", (event) => {
  board.classList.remove("dropping");
  const file = event.dataTransfer.files[0];
  if (!file) return;
  event.preventDefault();
  importFile(file);
});

// The drawing out: stroke JSON (what the CLI and the API read) or SVG, converted by the server
// from exactly what Generate sends.

async function exportDrawing(to, extension, type) {
  if (strokes.length === 0) { fileStatus("Nothing to save yet: draw something first.", true); return; }
  try {
    const request = await jsonRequest(drawingBody());
    const response = await convert(`to=${to}&format=pointer-events`, request.body, request.headers);
    const blob = new Blob([await response.arrayBuffer()], { type });
    saveBlob(blob, `inkling-drawing.${extension}`);
    fileStatus(`Saved inkling-drawing.${extension} (${Math.round(blob.size / 1024)} KB).`);
    return blob;
  } catch (error) {
    fileStatus(error.message, true);
  }
}

$("export-json").addEventListener("click", () => exportDrawing("json", "json", "application/json"));
$("export-svg").addEventListener("click", () => exportDrawing("svg", "svg", "image/svg+xml"));
