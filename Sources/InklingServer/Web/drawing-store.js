// Keeps the drawing page's work in this browser's IndexedDB: the strokes, their undo history and
// the settings, in a compact columnar form, so that a long drawing survives a reload. Loaded
// before app.js, which uses `DrawingStore`. Plain JavaScript, no build step.
"use strict";

/**
 * The page's saved work: one record (`page`) in the object store `work` of the database
 * `inkling`. Strokes are columns: each varying numeric field of a stroke's events is a
 * Float64Array (exact: a reload gives back the same numbers), a field that does not vary is
 * written once. A record carries a revision; a tab writes only over the revision it last read or
 * wrote, so an older tab never replaces a newer drawing.
 */
const DrawingStore = (() => {
  const DATABASE = "inkling", STORE = "work", KEY = "page";
  /** The revision this tab last read or wrote (0: none yet). */
  let revision = 0;

  function open() {
    return new Promise((resolve, reject) => {
      if (typeof indexedDB === "undefined") { reject(new Error("this browser has no IndexedDB")); return; }
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error || new Error("IndexedDB refused to open"));
      request.onblocked = () => reject(new Error("another tab holds an older version of the page's storage open"));
    });
  }

  /** One stroke (an array of event objects with `color`, `size` and `ink` on it) as columns. */
  function encodeStroke(stroke) {
    const n = stroke.length;
    // In the order the events hold them, so that a reload gives back the same objects, field for field.
    const names = new Set();
    for (const point of stroke) for (const name of Object.keys(point)) names.add(name);
    const constant = {}, numbers = {}, values = {};
    for (const name of names) {
      const first = stroke[0][name];
      let same = true, numeric = true, present = true;
      for (const point of stroke) {
        const value = point[name];
        if (value === undefined) present = false;
        if (value !== first && !(Number.isNaN(value) && Number.isNaN(first))) same = false;
        if (typeof value !== "number") numeric = false;
      }
      if (same && present) constant[name] = first;
      else if (numeric) numbers[name] = Float64Array.from(stroke, (p) => p[name]);
      else values[name] = stroke.map((p) => p[name]);
    }
    return { n, color: stroke.color, size: stroke.size, ink: stroke.ink, names: [...names], constant, numbers, values };
  }

  function decodeStroke(encoded) {
    const stroke = [];
    const { constant, numbers, values } = encoded;
    for (let i = 0; i < encoded.n; i++) {
      const point = {};
      for (const name of encoded.names) {
        if (name in constant) point[name] = constant[name];
        else if (name in numbers) point[name] = numbers[name][i];
        else if (values[name] && values[name][i] !== undefined) point[name] = values[name][i];
      }
      stroke.push(point);
    }
    stroke.color = encoded.color;
    stroke.size = encoded.size;
    stroke.ink = encoded.ink;
    return stroke;
  }

  /**
   * The record for `work` ({space, settings, strokes, past, future}): every stroke the drawing
   * or its history holds, encoded once; the history's actions name strokes by index.
   */
  function encode(work) {
    const pool = [], index = new Map();
    const id = (stroke) => {
      if (!index.has(stroke)) { index.set(stroke, pool.length); pool.push(stroke); }
      return index.get(stroke);
    };
    const action = (a) => {
      if (a.kind === "add") return { kind: "add", stroke: id(a.stroke) };
      if (a.kind === "clear") return { kind: "clear", removed: a.removed.map(id) };
      if (a.kind === "import") return { kind: "import", added: a.added.map(id) };
      if (a.kind === "reframe") return { kind: "reframe", from: a.from, to: a.to, transform: a.transform };
      return { kind: "erase", removed: a.removed.map((r) => ({ stroke: id(r.stroke), index: r.index })) };
    };
    const strokes = work.strokes.map(id);
    const past = work.past.map(action), future = work.future.map(action);
    return { version: 1, space: work.space, settings: work.settings, strokes, past, future, pool: pool.map(encodeStroke) };
  }

  function decode(record) {
    const pool = record.pool.map(decodeStroke);
    const action = (a) => {
      if (a.kind === "add") return { kind: "add", stroke: pool[a.stroke] };
      if (a.kind === "clear") return { kind: "clear", removed: a.removed.map((i) => pool[i]) };
      if (a.kind === "import") return { kind: "import", added: a.added.map((i) => pool[i]) };
      if (a.kind === "reframe") return { kind: "reframe", from: a.from, to: a.to, transform: a.transform };
      return { kind: "erase", removed: a.removed.map((r) => ({ stroke: pool[r.stroke], index: r.index })) };
    };
    return { space: record.space, settings: record.settings || {}, strokes: record.strokes.map((i) => pool[i]),
             past: (record.past || []).map(action), future: (record.future || []).map(action) };
  }

  /** The saved work, or null; a drawing the page kept in localStorage before is read once. */
  async function load() {
    const database = await open();
    const record = await new Promise((resolve, reject) => {
      const request = database.transaction(STORE).objectStore(STORE).get(KEY);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    database.close();
    if (record) {
      revision = record.revision || 0;
      return decode(record);
    }
    try {
      const old = JSON.parse(localStorage.getItem("inkling.page") || "null");
      if (!old) return null;
      const strokes = (old.strokes || []).map((s) => Object.assign(s.events, { color: s.color, size: s.size }));
      return { space: old.space, settings: old.settings || {}, strokes, past: [], future: [], fromLocalStorage: true };
    } catch (_) {
      return null;
    }
  }

  /**
   * Writes `work` over the revision this tab knows. Resolves with its bytes' estimate;
   * rejects with an Error whose `reason` is `newer` (another tab saved since), `full` (no room)
   * or `refused` (storage off or failing).
   */
  async function save(work) {
    const record = encode(work);
    let database;
    try {
      database = await open();
    } catch (error) {
      throw Object.assign(new Error(error.message), { reason: "refused" });
    }
    try {
      return await new Promise((resolve, reject) => {
        const transaction = database.transaction(STORE, "readwrite");
        const store = transaction.objectStore(STORE);
        const current = store.get(KEY);
        current.onsuccess = () => {
          const stored = current.result ? current.result.revision || 0 : 0;
          if (stored > revision) {
            transaction.abort();
            reject(Object.assign(new Error("a newer drawing was saved in another tab or window"), { reason: "newer" }));
            return;
          }
          record.revision = stored + 1;
          record.savedAt = Date.now();
          store.put(record, KEY);
        };
        transaction.oncomplete = () => {
          revision = record.revision;
          try { localStorage.removeItem("inkling.page"); } catch (_) { /* storage off */ }
          resolve(record);
        };
        transaction.onabort = transaction.onerror = () => {
          const error = transaction.error;
          if (!error) return;  // aborted above, already rejected
          const full = error.name === "QuotaExceededError";
          reject(Object.assign(new Error(error.message || error.name), { reason: full ? "full" : "refused" }));
        };
      });
    } finally {
      database.close();
    }
  }

  /** Float64 columns and constants: about how many bytes a record holds (for the page's figures). */
  function bytes(record) {
    let total = 0;
    for (const stroke of record.pool) {
      for (const name in stroke.numbers) total += stroke.numbers[name].byteLength;
      total += JSON.stringify(stroke.constant).length + JSON.stringify(stroke.values).length + 32;
    }
    return total + JSON.stringify({ ...record, pool: [] }).length;
  }

  return { load, save, bytes, encode, decode };
})();
