// The drawing page's live mode: with "Live" on, a session on GET /v1/live (through
// inkling-live.js) follows the drawing. Each finished stroke, undo, redo and clear is sent as it
// happens; a change the protocol has no message for (the eraser, an opened file, a new size)
// starts the session again with the whole drawing. Frames show beside the canvas, never an older
// one after a newer; Keep makes the live image a full result. Loaded after app.js and
// page-studio.js, whose globals it uses. Plain JavaScript, no build step.
"use strict";

/** The live session, while Live is on. */
let live = null;
/** What the session's own history can undo and redo (changes mirrored since it started). */
let liveDepth = 0, liveAhead = 0;

/** One of the page's strokes (Pointer Events, drawing units) as canonical stroke JSON. */
function liveStroke(stroke) {
  const samples = stroke.filter((p) => p.type !== "pointercancel");
  return InklingLive.strokeFromSamples(samples, { color: stroke.color, ink: stroke.ink, width: stroke.size });
}

/** The generation settings a live session runs with: the form's, with a fixed seed. */
function liveSettings() {
  const typed = $("seed").value.trim();
  const seed = /^\d{1,15}$/.test(typed) ? Number(typed) : liveSeed;
  return { canvas: { width: space.width, height: space.height }, ...formSettings(seed) };
}

/** The session's seed when none is typed: fixed while Live is on, so images change only with the drawing. */
let liveSeed = Math.floor(Math.random() * 2 ** 32);

function liveState(text) { $("live-state").textContent = text; }

/** Opens (or reopens) the session with the drawing as it is now. */
function liveRestart() {
  if (live) { live.onClose = null; live.close(); }
  liveDepth = 0; liveAhead = 0;
  live = new InklingLive.LiveSession("/v1/live", {
    apiKey: ($("apikey").value || "").trim() || apiKey(),
    onState: (message) => {
      const words = { idle: "Live: draw to begin.", waiting: "Live: waiting for the pen…", running: "Live: painting…", upToDate: "Live: up to date." };
      const skipped = message.dropped ? ` (${message.dropped} frame${message.dropped === 1 ? "" : "s"} skipped: the link is slow)` : "";
      liveState((words[message.state] || `Live: ${message.state}`) + skipped);
    },
    onFrame: (blob, revision) => {
      const image = $("live-frame");
      if (image.src) URL.revokeObjectURL(image.src);
      image.src = URL.createObjectURL(blob);
      image.dataset.revision = String(revision);
      $("live-figure").hidden = false;
    },
    onError: (message) => liveState(`Live: ${message.message}`),
    onKept: (message) => liveKept(message),
    onClose: (event) => {
      if (!$("live-on").checked) return;
      liveState(event.code === 1000 ? "Live: ended." : `Live: the connection closed (${event.reason || event.code}); turn Live off and on to reconnect.`);
    },
  });
  // The drawing so far, stroke by stroke (latest input wins: only the last of them is painted).
  live.start(liveSettings());
  for (const stroke of strokes) live.stroke(liveStroke(stroke));
  liveState("Live: connecting…");
}

/** Mirrors one of the page's changes into the session (app.js calls it after each). */
function liveChanged(kind, action) {
  if (!live) return;
  if (kind === "did" && action.kind === "add") { live.stroke(liveStroke(action.stroke)); liveDepth += 1; liveAhead = 0; return; }
  if (kind === "did" && action.kind === "clear") { live.clear(); liveDepth += 1; liveAhead = 0; return; }
  if (kind === "undo" && liveDepth > 0 && (action.kind === "add" || action.kind === "clear")) { live.undo(); liveDepth -= 1; liveAhead += 1; return; }
  if (kind === "redo" && liveAhead > 0 && (action.kind === "add" || action.kind === "clear")) { live.redo(); liveDepth += 1; liveAhead -= 1; return; }
  liveRestart();
}

/** A kept image: shown as a result when its job has made it. */
async function liveKept(message) {
  liveState("Live: keeping the image…");
  try {
    const images = message.images || (message.image ? [message.image] : await keptImages(message.job));
    for (const image of images) await addResult(image, null);
    liveState(`Live: kept ${images.length === 1 ? "the image" : `${images.length} images`}.`);
  } catch (error) {
    liveState(`Live: the image could not be kept (${error.message}).`);
  }
}

/** The images of job `id` once it has ended (GET /v1/jobs/{id}). */
async function keptImages(id) {
  for (;;) {
    const response = await apiFetch(`/v1/jobs/${id}`);
    if (!response.ok) throw new Error(inWords(response.status, await response.json().catch(() => ({}))));
    const job = await response.json();
    if (job.state === "succeeded") return job.images || [];
    if (job.state === "failed" || job.state === "cancelled") throw new Error(job.error ? job.error.message : job.state);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

$("live-on").addEventListener("change", () => {
  if ($("live-on").checked) {
    liveSeed = Math.floor(Math.random() * 2 ** 32);
    liveRestart();
  } else {
    if (live) live.close();
    live = null;
    liveState("");
  }
});
$("live-keep").addEventListener("click", () => { if (live) live.keep(); });
// Prompt and settings act live: sent a moment after the last keystroke or slider move.
let liveSetTimer = null;
for (const id of ["prompt", "strength", "style", "negative", "seed"]) {
  $(id).addEventListener("input", () => {
    if (!live) return;
    clearTimeout(liveSetTimer);
    liveSetTimer = setTimeout(() => {
      const { prompt, options, style } = liveSettings();
      live.set({ prompt: prompt || "", options, ...(style ? { style } : {}) });
    }, 150);
  });
}
