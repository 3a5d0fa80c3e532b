// The drawing page's view of its canvas: zoom and pan over the drawing's space. Two fingers pan
// and pinch-zoom (a finger stroke begun a moment before the second finger lands is dropped, as
// drawing apps do), Ctrl+wheel (a trackpad's pinch) zooms at the pointer, and Fit (Ctrl+0) shows
// the whole space again. Points are always recorded in the space, so the view changes nothing
// that is sent or saved. Loaded after app.js, whose globals it uses. Plain JavaScript.
"use strict";

/** The view: zoom (1 = the whole space fits the canvas) and pan (CSS pixels from centred). */
const view = { zoom: 1, panX: 0, panY: 0 };
const zoomRange = { min: 0.5, max: 8 };

/** How the space maps onto the canvas: uniform scale and offset, in CSS pixels. */
function placement() {
  const box = canvas.getBoundingClientRect();
  const fit = Math.min(box.width / space.width, box.height / space.height) || 1;
  const scale = fit * view.zoom;
  return {
    box, scale, fit,
    x: (box.width - space.width * scale) / 2 + view.panX,
    y: (box.height - space.height * scale) / 2 + view.panY,
  };
}

/** Zooms to `zoom` keeping the space point `p` under the canvas point (`cx`, `cy`). */
function zoomKeeping(p, cx, cy, zoom) {
  const box = canvas.getBoundingClientRect();
  const fit = Math.min(box.width / space.width, box.height / space.height) || 1;
  view.zoom = Math.min(zoomRange.max, Math.max(zoomRange.min, zoom));
  const scale = fit * view.zoom;
  view.panX = cx - p.x * scale - (box.width - space.width * scale) / 2;
  view.panY = cy - p.y * scale - (box.height - space.height * scale) / 2;
  showZoom();
  repaint();
}

/** Shows the whole space again. */
function fitView() {
  view.zoom = 1; view.panX = 0; view.panY = 0;
  showZoom();
  repaint();
}

function showZoom() {
  const fit = $("fit");
  fit.textContent = Math.abs(view.zoom - 1) < 0.01 && view.panX === 0 && view.panY === 0 ? "Fit" : `Fit (${Math.round(view.zoom * 100)}%)`;
}

/** The two-finger gesture in progress: its touches (canvas points by pointerId) and where it began. */
let gesture = null;

/** Whether a touch `event` starts or joins a gesture (and so draws nothing). */
function gestureTakes(event) {
  if (event.pointerType !== "touch") return false;
  if (!gesture) {
    const touching = [...active.entries()].filter(([, stroke]) => stroke && stroke[0].pointerType === "touch");
    if (touching.length === 0) return false;
    // The second finger: the first one's stroke was the start of a gesture, not a line.
    gesture = { touches: new Map(), start: null };
    for (const [id, stroke] of touching) {
      active.delete(id);
      const last = stroke[stroke.length - 1];
      const at = placement();
      gesture.touches.set(id, { x: at.x + last.x * at.scale, y: at.y + last.y * at.scale });
    }
    repaint();
  }
  gesture.touches.set(event.pointerId, canvasPoint(event));
  anchorGesture();
  return true;
}

/** Anchors the gesture at its first two fingers as they are now: the zoom then follows their spread. */
function anchorGesture() {
  const touches = [...gesture.touches.values()].slice(0, 2);
  if (touches.length < 2) { gesture.start = null; return; }
  const middle = { x: (touches[0].x + touches[1].x) / 2, y: (touches[0].y + touches[1].y) / 2 };
  const at = placement();
  gesture.start = {
    distance: Math.max(1, Math.hypot(touches[0].x - touches[1].x, touches[0].y - touches[1].y)),
    zoom: view.zoom,
    anchor: { x: (middle.x - at.x) / at.scale, y: (middle.y - at.y) / at.scale },
  };
}

function canvasPoint(event) {
  const box = canvas.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/** Pans and zooms with a gesture's finger; true when `event` belongs to the gesture. */
function gestureMoves(event) {
  if (!gesture || !gesture.touches.has(event.pointerId)) return false;
  gesture.touches.set(event.pointerId, canvasPoint(event));
  const touches = [...gesture.touches.values()].slice(0, 2);
  if (touches.length < 2 || !gesture.start) return true;
  const middle = { x: (touches[0].x + touches[1].x) / 2, y: (touches[0].y + touches[1].y) / 2 };
  const distance = Math.max(1, Math.hypot(touches[0].x - touches[1].x, touches[0].y - touches[1].y));
  zoomKeeping(gesture.start.anchor, middle.x, middle.y, gesture.start.zoom * distance / gesture.start.distance);
  return true;
}

/** A gesture's finger lifts; true when `event` belonged to it. The gesture ends with its last finger. */
function gestureEnds(event) {
  if (!gesture || !gesture.touches.has(event.pointerId)) return false;
  gesture.touches.delete(event.pointerId);
  if (gesture.touches.size === 0) gesture = null;
  else anchorGesture();  // the fingers left carry on from where the view is
  return true;
}

// Ctrl+wheel (and a trackpad's pinch, which browsers send as one) zooms at the pointer; a plain
// wheel scrolls the page as usual.
canvas.addEventListener("wheel", (event) => {
  if (!event.ctrlKey && !event.metaKey) return;
  event.preventDefault();
  const at = placement();
  const point = canvasPoint(event);
  const p = { x: (point.x - at.x) / at.scale, y: (point.y - at.y) / at.scale };
  zoomKeeping(p, point.x, point.y, view.zoom * Math.exp(-event.deltaY / 300));
}, { passive: false });

$("fit").addEventListener("click", fitView);
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "0") { event.preventDefault(); fitView(); }
});
