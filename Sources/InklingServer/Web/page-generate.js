// The drawing page's requests to the server: the pickers from GET /v1/availability, Generate
// (POST /v1/generations as a stream, Cancel through the job API), and the server's answers in
// words for the person drawing. Loaded after app.js, whose globals it uses. Plain JavaScript.
"use strict";

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

/**
 * An API error answer in words for the person drawing (the server's messages speak to
 * developers); `retryAfter` is the answer's Retry-After header, when it had one.
 */
function inWords(status, failure, retryAfter = null) {
  const code = failure.error ? failure.error.code : "";
  const wait = Number(retryAfter) > 0 ? `in about ${Math.ceil(Number(retryAfter))} s` : "in a few seconds";
  if (code === "body_too_large") return "This drawing is too large to send to the server, even compressed. Undo or clear some strokes, or start a new drawing.";
  if (code === "api_key_required" || code === "invalid_api_key" || status === 401) return "The server needs an API key: enter it under Advanced.";
  if (code === "storage_share_full") return `The server is holding many of your images; download or wait for them, then try again ${wait}.`;
  if (status === 429) return `Too many requests at once: the server asks you to wait; try again ${wait}.`;
  if (code === "server_busy" || code === "queue_full" || status === 503) return `The server is busy right now; try again ${wait}.`;
  return failure.error ? failure.error.message : `The server answered HTTP ${status}.`;
}

/** A generation's stream that ended in an error, in words (the images already shown stay). */
function streamErrorInWords(error) {
  const code = error.code || "";
  const seconds = /(\d+(?:\.\d+)?) s\b/.exec(error.message || "");
  if (code === "generation_timeout") {
    return `The server stopped this generation at its time limit${seconds ? ` of ${seconds[1]} s` : ""}; ask for fewer images or a smaller size.`;
  }
  if (code === "lost") return "The server lost this generation (it restarted); generate again.";
  if (code === "client_gone") return "The connection to the server was lost; generate again.";
  if (["stopping", "server_busy", "cluster_full", "queue_timeout", "engine_unavailable"].includes(code)) {
    return "The server is busy or restarting and could not finish; try again in a little while.";
  }
  return error.message ? `The generation failed: ${error.message.replace(/\.$/, "")}.` : "The generation failed.";
}

/** A failed fetch (no answer at all) in words: offline, or the server is away. */
function unreachable(error) {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "You are offline. Your drawing is kept here; try again when you are connected.";
  return `The server cannot be reached (${error.message}). Your drawing is kept here; try again when it is back.`;
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
      $("advanced").open = true;
      setStatus("This server needs an API key: enter it in the API key field under Advanced.", true);
      return;
    }
    const info = await response.json();
    // The server's inks (pen, pencil, marker…); the empty choice lets the device choose.
    const inks = Array.isArray(info.inks) ? info.inks : [];
    $("ink").replaceChildren(new Option("Pen (by device)", ""), ...inks.map((name) => new Option(inkLabel(name), name)));
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
    for (const id of ["style", "size", "limit", "ink"]) {
      const value = savedSettings[id];
      if ([...$(id).options].some((o) => o.value === value)) $(id).value = value;
    }
    if (strokes.length === 0) useSpaceOfSelectedSize(); else resize();
    $("availability").textContent = info.available
      ? `Engine: ${info.engine}. Draw, describe it, and press Generate.`
      : `Generation is unavailable: ${info.reasons.join("; ")}`;
  } catch (error) {
    $("availability").textContent = unreachable(error);
  }
}

/** An ink type's name for people: "fountainPen" → "Fountain pen". */
function inkLabel(name) {
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the form asks for, as `POST /v1/generations` and a live session's `start` and `set` take
 * it: the style, the prompt, and the options with `seed`.
 */
function formSettings(seed) {
  const settings = { options: { size: $("size").value || undefined, strength: Number($("strength").value), seed } };
  if ($("style").value) settings.style = $("style").value;
  const prompt = $("prompt").value.trim();
  if (prompt) settings.prompt = prompt;
  const negative = $("negative").value.trim();
  if (negative) settings.options.negativePrompt = negative;
  return settings;
}

/**
 * The seed to send: the one typed under Advanced, or a new one each time (each result shows its
 * own). Throws, in words, for a seed a browser cannot send exactly (JSON numbers past 2^53).
 */
function seedToSend() {
  const typed = $("seed").value.trim();
  if (!typed) return Math.floor(Math.random() * 2 ** 32);
  if (!/^\d{1,16}$/.test(typed) || Number(typed) > Number.MAX_SAFE_INTEGER) {
    throw Object.assign(new Error(`The seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (or empty for new images each time).`), { early: true });
  }
  return Number(typed);
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

$("controls").addEventListener("submit", async (event) => {
  event.preventDefault();
  const prompt = $("prompt").value.trim();
  if (strokes.length === 0 && !prompt) {
    setStatus("Draw something or write a prompt first.", true);
    return;
  }
  const limit = Number($("limit").value);
  let seed;
  try { seed = seedToSend(); } catch (error) { $("advanced").open = true; setStatus(error.message, true); return; }
  const body = { ...formSettings(seed), limit, stream: true };
  // "Use as source" on a result: the image goes along as an image concept.
  if (sourceImage) body.concepts = [{ type: "image", data: sourceImage.data }];
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
    let response;
    try {
      response = await apiFetch("/v1/generations", { method: "POST", ...(await jsonRequest(body)) });
    } catch (error) {
      throw new Error(unreachable(error));
    }
    if (!response.ok) {
      const failure = await response.json().catch(() => ({}));
      throw new Error(inWords(response.status, failure, response.headers.get("Retry-After")));
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
      // The engine's progress through the whole request (0…1), when it reports sampling steps:
      // the bar moves within an image, and the line says how far the current one is.
      if (line.type === "progress") {
        progress.value = Math.max(progress.value, line.progress * limit);
        const current = Math.min(limit, received + 1);
        const within = Math.round(Math.min(1, Math.max(0, line.progress * limit - received)) * 100);
        setStatus(`Painting image ${current} of ${limit}: ${within}%.${note}`);
      }
      if (line.type === "image") {
        await addResult(line, body);
        received += 1;
        progress.value = Math.max(progress.value, received);
        setStatus(`${received} of ${limit} done.${note}`);
      }
      if (line.type === "error") {
        if (cancelled && line.error.code === "cancelled") throw Object.assign(new Error(`Cancelled: ${received} of ${limit} done.`), { quiet: true });
        throw new Error(`${streamErrorInWords(line.error)} ${received} of ${limit} done.`);
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
