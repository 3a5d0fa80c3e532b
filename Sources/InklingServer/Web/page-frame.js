// The drawing page's frame: the drawing's space (the selected engine size), and a size change
// that keeps the drawing's framing as one undoable step. Loaded after app.js, whose globals it
// uses. Plain JavaScript, no build step.
"use strict";

/** The selected engine size, or null. */
function selectedSize() {
  const match = /^(\d+)x(\d+)$/.exec($("size").value || "");
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** The selected engine size as the drawing's space; the canvas takes its aspect. */
function useSpaceOfSelectedSize() {
  space = selectedSize() || space;
  canvas.style.setProperty("--aspect", String(space.width / space.height));
  resize();
}

/** Every stroke the drawing and its history hold (each once). */
function everyStroke() {
  const all = new Set(strokes);
  for (const action of [...past, ...future]) {
    if (action.stroke) all.add(action.stroke);
    for (const item of action.removed || []) all.add(item.stroke || item);
    for (const stroke of action.added || []) all.add(stroke);
  }
  return all;
}

/** The bounds of `list`'s points, or null when there are none. */
function boundsOf(list) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const stroke of list) for (const p of stroke) {
    minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/**
 * Where a drawing of bounds `b` in a `from` space goes in a `to` space so that it keeps its
 * framing: scaled by the geometric mean of the sides' ratios (the same share of the picture),
 * no more than fits with a small margin, its centre at the same relative place, kept inside.
 */
function framing(b, from, to) {
  const width = Math.max(1e-9, b.maxX - b.minX), height = Math.max(1e-9, b.maxY - b.minY);
  const scale = Math.min(Math.sqrt((to.width / from.width) * (to.height / from.height)),
                         0.96 * to.width / width, 0.96 * to.height / height);
  const place = (min, max, fromSide, toSide) => {
    const centre = ((min + max) / 2 / fromSide) * toSide;
    const half = ((max - min) * scale) / 2;
    const margin = Math.min(0.02 * toSide, (toSide - 2 * half) / 2);
    return Math.min(Math.max(centre, half + margin), toSide - half - margin) - ((min + max) / 2) * scale;
  };
  return { scale, dx: place(b.minX, b.maxX, from.width, to.width), dy: place(b.minY, b.maxY, from.height, to.height) };
}

const inverse = (t) => ({ scale: 1 / t.scale, dx: -t.dx / t.scale, dy: -t.dy / t.scale });

/** Moves every stroke (history too) by `transform` and makes `to` the space (`from` was). */
function applyFrame(from, to, transform) {
  for (const stroke of everyStroke()) {
    for (const p of stroke) {
      p.x = p.x * transform.scale + transform.dx;
      p.y = p.y * transform.scale + transform.dy;
      if (typeof p.width === "number") p.width *= transform.scale;
      if (typeof p.height === "number") p.height *= transform.scale;
    }
    if (stroke.size) stroke.size *= transform.scale;
  }
  space = { ...to };
  const value = `${to.width}x${to.height}`;
  if ([...$("size").options].some((o) => o.value === value)) $("size").value = value;
  canvas.style.setProperty("--aspect", String(space.width / space.height));
  resize();
}

/** A new size for a drawing that has strokes: the drawing keeps its framing, undoably. */
function reframeToSelectedSize() {
  const to = selectedSize();
  if (!to || (to.width === space.width && to.height === space.height)) return;
  const from = { ...space };
  const bounds = boundsOf(everyStroke());
  const transform = bounds ? framing(bounds, from, to) : { scale: 1, dx: 0, dy: 0 };
  applyFrame(from, to, transform);
  did({ kind: "reframe", from, to, transform });
  setStatus(`The drawing was fitted to ${to.width}×${to.height}, keeping its framing; Undo puts it back as it was.`);
}
