// The drawing page's saving: its work (strokes, undo history, settings) to `DrawingStore`
// (drawing-store.js) one save at a time, back on load, and what the page says when the browser
// will not keep it. Loaded after drawing-store.js and before app.js, whose globals it uses when
// called. Plain JavaScript, no build step.
"use strict";

/** Whether the saved work has been read: until then nothing is saved over it. */
let restored = false;
/** A save in flight, and whether another is due after it (saves never overlap or reorder). */
let saving = null;
let saveAgain = false;

/** The page's work as `DrawingStore` keeps it. */
function work() {
  return {
    space, strokes, past, future,
    settings: {
      ...Object.fromEntries(["prompt", "style", "size", "limit", "strength", "color", "brush", "ink", "negative", "seed"].map((id) => [id, $(id).value])),
      source: sourceImage,
    },
  };
}

/**
 * Saves the work in IndexedDB (``DrawingStore``), one save at a time: a change during a save is
 * saved right after it. When the browser will not keep it, the page says so in words.
 */
function save() {
  if (!restored) return;
  if (saving) { saveAgain = true; return; }
  saving = DrawingStore.save(work()).then(
    () => { if ($("save-status").dataset.state !== "saved") showSaved("saved", ""); },
    (error) => {
      if (error.reason === "newer") {
        showSaved("newer", "Not saved: this drawing was changed in another tab or window since this one opened it. Reload to continue with that one; what you drew here is kept only until you do.");
      } else if (error.reason === "full") {
        showSaved("full", "Not saved: this browser has no room left for the drawing. It will be lost on reload; free some space (or clear other sites' data) and draw on to try again.");
      } else {
        showSaved("refused", `Not saved: this browser will not store the drawing (${error.message.replace(/\.$/, "")}). It will be lost on reload.`);
      }
    },
  ).finally(() => {
    saving = null;
    if (saveAgain) { saveAgain = false; save(); }
  });
}

/** Resolves once no save is in flight or due (the browser test waits on it before a reload). */
async function savesSettled() {
  while (saving) await saving.catch(() => {});
}

/** The save line under the tools: empty while saving works, the reason in words when not. */
function showSaved(state, message) {
  const line = $("save-status");
  line.dataset.state = state;
  line.textContent = message;
  line.classList.toggle("error", state !== "saved");
}

/** Restores what `save` kept; returns the saved settings (applied once the pickers are filled). */
async function restore() {
  let saved = null;
  try {
    saved = await DrawingStore.load();
  } catch (error) {
    showSaved("refused", `The saved drawing could not be read (${error.message}); new work will not be kept either.`);
  }
  restored = true;
  if (!saved) return {};
  if (saved.space && saved.space.width > 0 && saved.space.height > 0) space = saved.space;
  strokes.push(...saved.strokes);
  past.push(...saved.past);
  future.push(...saved.future);
  canvas.style.setProperty("--aspect", String(space.width / space.height));
  // Text, numbers and colours now; the pickers once the server has listed their options.
  const settings = saved.settings || {};
  for (const id of ["prompt", "strength", "color", "brush", "negative", "seed"]) if (typeof settings[id] === "string") $(id).value = settings[id];
  if (settings.negative || settings.seed) $("advanced").open = true;
  if (settings.source && typeof settings.source.data === "string") useSource(settings.source);
  $("strength-value").textContent = Number($("strength").value).toFixed(2);
  // A drawing kept in localStorage by an earlier page moves to IndexedDB now.
  if (saved.fromLocalStorage) save();
  return settings;
}
