#!/usr/bin/env python3
"""Writes the Pointer Events samples in Strokes/interchange/ (deterministic: no randomness).

    python3 Strokes/tools/make_pointer_events.py

Each sample is what a web canvas's recorder (pointer event listeners that copy the event's
fields into JSON) would save:
pointer-events-pen.json        {canvas, timeOrigin, events}: a pen hovers, then draws two strokes
                               with pressure, tiltX/tiltY and coalesced events (offsetX/offsetY).
pointer-events-mouse.json      a flat array: a mouse drags a zigzag (clientX/clientY, pressure
                               0.5 while pressed, 1x1 contact, pointerup with pressure 0).
pointer-events-multitouch.json a flat array: two fingers draw at once (interleaved pointerIds,
                               contact width/height, x/y).
pointer-events-groups.json     {strokes: [[events]]}: per-stroke groups from a stylus that
                               reports altitudeAngle/azimuthAngle and twist.
"""
import json
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "interchange")


def r(v, d=2):
    return round(v, d)


def pen_event(kind, x, y, t, p, tx, ty, pid=2, coalesced=None):
    e = {"type": kind, "pointerId": pid, "pointerType": "pen", "offsetX": r(x), "offsetY": r(y),
         "pressure": r(p, 3), "tiltX": tx, "tiltY": ty, "twist": 0, "width": 1, "height": 1,
         "timeStamp": r(t, 1), "buttons": 1 if kind != "pointerup" else 0}
    if coalesced is not None:
        e["coalesced"] = coalesced
    return e


def pen():
    events = []
    # Hovering before touching down: pressure 0, no buttons; ignored by the importer.
    for k in range(3):
        e = pen_event("pointermove", 90 + 3 * k, 100, 1000 + 8 * k, 0, 20, -10)
        e["buttons"] = 0
        events.append(e)
    t = 1040.0
    # Stroke 1: a wave; every move carries two coalesced samples, the last equal to the move.
    events.append(pen_event("pointerdown", 100, 100, t, 0.2, 25, -15))
    for k in range(1, 9):
        pts = []
        for h in (0.5, 1.0):
            s = k - 1 + h
            x, y = 100 + 20 * s, 100 + 30 * math.sin(s / 2)
            pts.append(pen_event("pointermove", x, y, t + 8 * s, 0.2 + 0.07 * s, 25 + s, -15 + 2 * s))
        last = dict(pts[-1])
        events.append(dict(last, coalesced=[{k2: v for k2, v in c.items() if k2 != "type"} for c in pts]))
    events.append(pen_event("pointerup", 260, 100 + 30 * math.sin(4), t + 70, 0, 33, 1))
    events[-1]["pressure"] = 0
    # Stroke 2: a short straight tick, no coalesced events, after a pause.
    t2 = 1400.0
    events.append({"type": "pointerover", "pointerId": 2, "pointerType": "pen", "offsetX": 300, "offsetY": 150, "timeStamp": t2 - 20})
    events.append(pen_event("pointerdown", 300, 150, t2, 0.5, 0, 0))
    for k in range(1, 6):
        events.append(pen_event("pointermove", 300 + 10 * k, 150 + 12 * k, t2 + 8 * k, 0.5 + 0.05 * k, -30, 45))
    events.append(pen_event("pointerup", 350, 210, t2 + 48, 0, -30, 45))
    return {"canvas": {"width": 800, "height": 600}, "timeOrigin": 1795852800000, "events": events}


def mouse():
    events = [{"type": "pointerover", "pointerId": 1, "pointerType": "mouse", "clientX": 40, "clientY": 40, "timeStamp": 500.0},
              {"type": "pointermove", "pointerId": 1, "pointerType": "mouse", "clientX": 45, "clientY": 42, "pressure": 0,
               "width": 1, "height": 1, "timeStamp": 516.7}]
    t = 600.0
    pts = [(50 + 25 * k, 60 + (30 if k % 2 else 0)) for k in range(9)]
    for k, (x, y) in enumerate(pts):
        kind = "pointerdown" if k == 0 else "pointermove"
        events.append({"type": kind, "pointerId": 1, "pointerType": "mouse", "clientX": x, "clientY": y,
                       "pressure": 0.5, "tiltX": 0, "tiltY": 0, "width": 1, "height": 1, "timeStamp": r(t + 16.7 * k, 1)})
    events.append({"type": "pointerup", "pointerId": 1, "pointerType": "mouse", "clientX": 260, "clientY": 60,
                   "pressure": 0, "width": 1, "height": 1, "timeStamp": r(t + 16.7 * 9, 1)})
    return events


def multitouch():
    events = []
    t = 2000.0
    for k in range(7):
        for pid, (x0, dx, size) in ((11, (100, 18, 22.5)), (12, (400, -18, 30))):
            kind = "pointerdown" if k == 0 else "pointermove"
            events.append({"type": kind, "pointerId": pid, "pointerType": "touch", "x": x0 + dx * k,
                           "y": 300 - 10 * k + (pid - 11) * 5, "pressure": r(0.3 + 0.04 * k, 3),
                           "width": size + k, "height": size + k / 2, "timeStamp": r(t + 16 * k + (pid - 11) * 2, 1)})
    # Finger 12 lifts first, then finger 11.
    events.append({"type": "pointerup", "pointerId": 12, "pointerType": "touch", "x": 290, "y": 245, "pressure": 0,
                   "width": 36, "height": 33, "timeStamp": 2114.0})
    events.append({"type": "pointerup", "pointerId": 11, "pointerType": "touch", "x": 208, "y": 240, "pressure": 0,
                   "width": 28.5, "height": 25.5, "timeStamp": 2120.0})
    return events


def groups():
    strokes = []
    for s in range(3):
        group = []
        for k in range(6):
            group.append({"type": "pointermove" if k else "pointerdown", "pointerId": 5, "pointerType": "pen",
                          "offsetX": 120 + 40 * s + 6 * k, "offsetY": 80 + 15 * k, "pressure": r(0.4 + 0.05 * k, 3),
                          "altitudeAngle": r(0.9 + 0.05 * s, 4), "azimuthAngle": r(0.5 + 0.2 * k, 4),
                          "twist": 10 * k, "timeStamp": 3000 + 400 * s + 10 * k})
        strokes.append(group)
    return {"canvas": {"width": 400, "height": 300}, "strokes": strokes}


def write(name, value):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    write("pointer-events-pen.json", pen())
    write("pointer-events-mouse.json", mouse())
    write("pointer-events-multitouch.json", multitouch())
    write("pointer-events-groups.json", groups())
