// Inkling's live client: captures pointer input as canonical stroke JSON and runs a live
// session on GET /v1/live (docs/live.md). Usable by any web canvas (a plain <canvas>,
// Excalidraw, tldraw): load it with <script src="/inkling-live.js"> and use `InklingLive`.
// No build step, no dependencies; the drawing page is built on it.
//
//   const session = new InklingLive.LiveSession("/v1/live", {
//     onFrame: (blob, revision) => { image.src = URL.createObjectURL(blob); },
//     onState: (state) => { label.textContent = state.state; },
//   });
//   session.start({ canvas: { width: 512, height: 512 }, prompt: "a house", options: { style: "sketch" } });
//   new InklingLive.StrokeRecorder(canvasElement, { onStroke: (stroke) => session.stroke(stroke) });
"use strict";

(function (global) {
  /** Pen azimuth and altitude (radians, as stroke JSON takes them) from a pointer sample. */
  function orientation(sample) {
    if (typeof sample.altitudeAngle === "number" && typeof sample.azimuthAngle === "number") {
      return { azimuth: sample.azimuthAngle, altitude: sample.altitudeAngle };
    }
    const tx = ((sample.tiltX || 0) * Math.PI) / 180, ty = ((sample.tiltY || 0) * Math.PI) / 180;
    if (tx === 0 && ty === 0) return { azimuth: 0, altitude: Math.PI / 2 };
    // W3C Pointer Events 3: tilt to spherical angles.
    const azimuth = (Math.atan2(Math.tan(ty), Math.tan(tx)) + 2 * Math.PI) % (2 * Math.PI);
    const altitude = Math.atan(1 / Math.sqrt(Math.tan(tx) ** 2 + Math.tan(ty) ** 2));
    return { azimuth, altitude };
  }

  /**
   * One stroke of canonical stroke JSON (columnar points) from pointer samples already in the
   * drawing's units: each `{x, y, pressure, tiltX, tiltY, altitudeAngle, azimuthAngle, timeStamp,
   * pointerType}`. `style`: `{color, ink, width}` (width in drawing units: the nib).
   */
  function strokeFromSamples(samples, style = {}) {
    const points = { x: [], y: [], timeOffset: [], force: [], azimuth: [], altitude: [], width: [], height: [] };
    const start = samples.length > 0 ? samples[0].timeStamp || 0 : 0;
    let last = -Infinity;
    for (const sample of samples) {
      const pressure = sample.pointerType === "mouse" || !sample.pressure ? 0.5 : sample.pressure;
      const { azimuth, altitude } = orientation(sample);
      const time = Math.max(last, Math.max(0, ((sample.timeStamp || start) - start) / 1000));
      last = time;
      points.x.push(sample.x); points.y.push(sample.y);
      points.timeOffset.push(time);
      points.force.push(pressure * 2);  // stroke JSON: 1 is an average touch, Pointer Events: 0.5
      points.azimuth.push(azimuth); points.altitude.push(altitude);
      points.width.push(style.width || 4); points.height.push(style.width || 4);
    }
    const ink = { type: style.ink || (samples[0] && samples[0].pointerType === "mouse" ? "monoline" : "pen") };
    if (style.color) ink.color = style.color;
    return { ink, points };
  }

  /**
   * Records strokes on an element: pen, touch and mouse, coalesced samples, one stroke per
   * pointer. `toDrawing(clientX, clientY)` maps a point into the drawing's units (default: the
   * element's CSS pixels); `style()` gives `{color, ink, width}` when a stroke starts;
   * `onStroke(stroke)` gets each finished stroke as canonical stroke JSON, and `onPoints(samples)`
   * (optional) the stroke in progress.
   */
  class StrokeRecorder {
    constructor(element, { toDrawing, style, onStroke, onPoints } = {}) {
      this.element = element;
      this.toDrawing = toDrawing || ((x, y) => {
        const box = element.getBoundingClientRect();
        return { x: x - box.left, y: y - box.top };
      });
      this.style = style || (() => ({}));
      this.onStroke = onStroke || (() => {});
      this.onPoints = onPoints || null;
      this.active = new Map();
      this.handlers = {
        pointerdown: (event) => this.down(event),
        pointermove: (event) => this.move(event),
        pointerup: (event) => this.up(event),
        pointercancel: (event) => this.up(event),
      };
      for (const [name, handler] of Object.entries(this.handlers)) element.addEventListener(name, handler);
    }

    sample(event) {
      const at = this.toDrawing(event.clientX, event.clientY);
      return {
        x: at.x, y: at.y, pressure: event.pressure, tiltX: event.tiltX, tiltY: event.tiltY,
        altitudeAngle: event.altitudeAngle, azimuthAngle: event.azimuthAngle,
        timeStamp: event.timeStamp, pointerType: event.pointerType || "mouse",
      };
    }

    down(event) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      this.active.set(event.pointerId, { samples: [this.sample(event)], style: this.style() });
    }

    move(event) {
      const stroke = this.active.get(event.pointerId);
      if (!stroke) return;
      const samples = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
      for (const sample of samples.length > 0 ? samples : [event]) stroke.samples.push(this.sample(sample));
      if (this.onPoints) this.onPoints(stroke.samples);
    }

    up(event) {
      const stroke = this.active.get(event.pointerId);
      if (!stroke) return;
      this.active.delete(event.pointerId);
      stroke.samples.push(this.sample(event));
      this.onStroke(strokeFromSamples(stroke.samples, stroke.style));
    }

    /** Stops listening. */
    detach() {
      for (const [name, handler] of Object.entries(this.handlers)) this.element.removeEventListener(name, handler);
    }
  }

  /**
   * A live session over a WebSocket: send the drawing's changes, get frames that answer them.
   * Callbacks: `onState({state, revision, …})`, `onFrame(blob, revision)` (never older than one
   * already given), `onError({code, message})`, `onKept(message)`, `onClose(event)`.
   * `url` is relative to the page (`/v1/live`) or absolute (`ws://…`, `wss://…`); `apiKey` goes
   * in the query, since a browser cannot set headers on a WebSocket.
   */
  class LiveSession {
    constructor(url, { apiKey, onState, onFrame, onError, onKept, onClose } = {}) {
      const target = new URL(url, global.location ? global.location.href : undefined);
      if (target.protocol === "http:") target.protocol = "ws:";
      if (target.protocol === "https:") target.protocol = "wss:";
      if (apiKey) target.searchParams.set("key", apiKey);
      this.callbacks = { onState, onFrame, onError, onKept, onClose };
      this.pending = [];
      this.header = null;
      this.lastFrame = -1;
      this.revision = 0;
      this.socket = new WebSocket(target.href);
      this.socket.binaryType = "blob";
      this.socket.addEventListener("open", () => { for (const text of this.pending.splice(0)) this.socket.send(text); });
      this.socket.addEventListener("message", (event) => this.received(event.data));
      this.socket.addEventListener("close", (event) => this.call("onClose", event));
    }

    call(name, ...args) { if (this.callbacks[name]) this.callbacks[name](...args); }

    send(message) {
      const text = JSON.stringify(message);
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
      else if (this.socket.readyState === WebSocket.CONNECTING) this.pending.push(text);
    }

    received(data) {
      if (typeof data !== "string") {
        // The binary frame after a frame header: its image.
        const header = this.header;
        this.header = null;
        if (header && header.revision > this.lastFrame) {
          this.lastFrame = header.revision;
          this.call("onFrame", new Blob([data], { type: header.mime || "image/jpeg" }), header.revision);
        }
        return;
      }
      let message;
      try { message = JSON.parse(data); } catch { return; }
      if (message.type === "frame") this.header = message;
      else if (message.type === "state") { this.revision = message.revision; this.call("onState", message); }
      else if (message.type === "error") this.call("onError", message);
      else if (message.type === "kept") this.call("onKept", message);
    }

    /** Opens the session: `{canvas: {width, height}, prompt, options, cancelOnChange}`. */
    start(settings) { this.lastFrame = -1; this.send({ type: "start", ...settings }); }
    /** A finished stroke (canonical stroke JSON). */
    stroke(stroke) { this.send({ type: "stroke", stroke }); }
    undo() { this.send({ type: "undo" }); }
    redo() { this.send({ type: "redo" }); }
    clear() { this.send({ type: "clear" }); }
    /** New prompt and/or options: `{prompt, options}`. */
    set(changes) { this.send({ type: "set", ...changes }); }
    /** Asks for the current revision as a full-quality image with its recipe. */
    keep() { this.send({ type: "keep" }); }
    /** Ends the session (its work on the engine is cancelled). */
    close() { this.socket.close(1000, "done"); }
  }

  global.InklingLive = { LiveSession, StrokeRecorder, strokeFromSamples };
})(typeof window !== "undefined" ? window : globalThis);
