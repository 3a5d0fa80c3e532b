#!/usr/bin/env python3
"""Writes the InkML, Excalidraw and tldraw samples in Strokes/interchange/ (but the Office and
CROHME InkML ones, see make_inkml_office_crohme.py).

Deterministic: no randomness, no clocks; running it twice gives identical files.
Usage: python3 Strokes/tools/make_inkml_excalidraw_tldraw.py  (from the repository root)
"""
import base64
import json
import math
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), "..", "interchange")


def write(name, text):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(text)


def wave(n, x0, y0, dx, amp):
    """n points of a gentle wave, rounded to quarter units (exact in half floats)."""
    return [(x0 + i * dx, y0 + round(amp * math.sin(i / 2) * 4) / 4) for i in range(n)]


# ---------------------------------------------------------------- Excalidraw
def excalidraw():
    pts = wave(8, 0, 0, 4, 6)
    elements = [
        {"id": "fd-pen", "type": "freedraw", "x": 100, "y": 50, "width": 28, "height": 12,
         "angle": 0, "strokeColor": "#e03131", "backgroundColor": "transparent", "strokeWidth": 2,
         "opacity": 100, "seed": 1234, "isDeleted": False,
         "points": [[x, y] for x, y in pts], "pressures": [0.25 + i * 0.05 for i in range(8)],
         "simulatePressure": False},
        {"id": "fd-rot", "type": "freedraw", "x": 200, "y": 100, "width": 20, "height": 10,
         "angle": math.pi / 2, "strokeColor": "#1e1e1e", "strokeWidth": 1, "opacity": 50,
         "seed": 99, "isDeleted": False,
         "points": [[0, 0], [10, 5], [20, 10]], "pressures": [], "simulatePressure": True},
        {"id": "rect", "type": "rectangle", "x": 0, "y": 0, "width": 50, "height": 40, "angle": 0,
         "strokeColor": "#1e1e1e", "strokeWidth": 2, "isDeleted": False},
        {"id": "txt", "type": "text", "x": 10, "y": 10, "text": "hello", "isDeleted": False},
        {"id": "gone", "type": "freedraw", "x": 0, "y": 0, "points": [[0, 0], [1, 1]],
         "pressures": [], "simulatePressure": True, "isDeleted": True},
    ]
    scene = {"type": "excalidraw", "version": 2, "source": "https://excalidraw.com",
             "elements": elements, "appState": {"viewBackgroundColor": "#ffffff"}, "files": {}}
    write("excalidraw-scene.excalidraw", json.dumps(scene, indent=2) + "\n")
    clip = {"type": "excalidraw/clipboard", "elements": [elements[0]], "files": {}}
    write("excalidraw-clipboard.excalidraw", json.dumps(clip, indent=2) + "\n")


# ---------------------------------------------------------------- tldraw
def b64_half(points):
    raw = b"".join(struct.pack("<eee", x, y, z) for x, y, z in points)
    return base64.b64encode(raw).decode()


def b64_delta(points):
    x0, y0, z0 = points[0]
    raw = struct.pack("<fff", x0, y0, z0)
    for (px, py, pz), (x, y, z) in zip(points, points[1:]):
        raw += struct.pack("<eee", x - px, y - py, z - pz)
    return base64.b64encode(raw).decode()


def shape(sid, index, x, y, rotation, segments, color="black", size="m", is_pen=False, parent="page:page"):
    return {"id": sid, "typeName": "shape", "type": "draw", "x": x, "y": y, "rotation": rotation,
            "index": index, "parentId": parent, "isLocked": False, "opacity": 1, "meta": {},
            "props": {"segments": segments, "color": color, "fill": "none", "dash": "draw",
                      "size": size, "isComplete": True, "isClosed": False, "isPen": is_pen,
                      "scale": 1, "scaleX": 1, "scaleY": 1}}


def tldraw():
    schema = {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": 2, "com.tldraw.shape": 4}}
    page = {"id": "page:page", "typeName": "page", "name": "Page 1", "index": "a1", "meta": {}}
    legacy_pts = [{"x": x, "y": y, "z": 0.5} for x, y in wave(6, 0, 0, 5, 4)]
    pen_pts = [{"x": x, "y": y, "z": 0.3 + 0.1 * i} for i, (x, y) in enumerate(wave(5, 0, 0, 6, 3))]
    records = [
        {"id": "document:document", "typeName": "document", "gridSize": 10, "name": "", "meta": {}},
        page,
        shape("shape:legacy", "a1", 100, 100, 0, [{"type": "free", "points": legacy_pts}], "blue", "s"),
        shape("shape:rotated", "a2", 300, 100, math.pi / 2,
              [{"type": "free", "points": pen_pts}], "red", "l", is_pen=True),
        {"id": "shape:box", "typeName": "shape", "type": "geo", "x": 0, "y": 0, "rotation": 0,
         "index": "a3", "parentId": "page:page", "props": {"geo": "rectangle", "w": 10, "h": 10}},
    ]
    doc = {"tldrawFileFormatVersion": 1, "schema": schema, "records": records}
    write("tldraw-legacy.tldr", json.dumps(doc, indent=2) + "\n")

    half_pts = [(10.5, 20.25, 0.5), (12.0, 22.5, 0.625), (15.75, 21.0, 0.75), (-3.5, 1000.0, 0.25)]
    delta_pts = [(1000.125, 2000.5, 0.5), (1001.125, 2002.5, 0.625), (1003.125, 2001.5, 0.75)]
    schema3 = {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": 3, "com.tldraw.shape": 4}}
    store = {
        "page:page": page,
        "shape:half": shape("shape:half", "a1", 0, 0, 0,
                            [{"type": "free", "points": b64_half(half_pts)}], "green", "xl", True),
        "shape:delta": shape("shape:delta", "a2", 0, 0, 0,
                             [{"type": "free", "path": b64_delta(delta_pts)}], "violet", "m", True),
    }
    write("tldraw-base64.tldr", json.dumps({"store": store, "schema": schema3}, indent=2) + "\n")

    # A store snapshot as an app saves `editor.store.getSnapshot()`, pretty-printed, whose
    # document, instance and camera records come first: its first shape's typeName sits past
    # the first 4 KiB, where detection by the head alone missed it.
    instance = {"id": "instance:instance", "typeName": "instance", "currentPageId": "page:page",
                "followingUserId": None, "opacityForNextShape": 1, "brush": None, "scribbles": [],
                "cursor": {"type": "default", "rotation": 0}, "isFocusMode": False, "exportBackground": True,
                "isDebugMode": False, "isToolLocked": False, "screenBounds": {"x": 0, "y": 0, "w": 1280, "h": 800},
                "insets": [False, False, False, False], "zoomBrush": None, "isGridMode": False, "isPenMode": True,
                "chatMessage": "", "isChatting": False, "highlightedUserIds": [], "isFocused": True,
                "devicePixelRatio": 2, "isCoarsePointer": False, "isHoveringCanvas": None, "openMenus": [],
                "isChangingStyle": False, "isReadonly": False, "duplicateProps": None,
                "stylesForNextShape": {"tldraw:color": "black", "tldraw:size": "m", "tldraw:dash": "draw", "tldraw:fill": "none"},
                "meta": {"note": "Written for Inkling: a pretty-printed store snapshot with its shapes after 4 KiB. " * 30}}
    snapshot = {
        "document:document": {"gridSize": 10, "name": "", "meta": {}, "id": "document:document", "typeName": "document"},
        "instance:instance": instance,
        "page:page": page,
        "camera:page:page": {"x": 0, "y": 0, "z": 1, "meta": {}, "id": "camera:page:page", "typeName": "camera"},
        "pointer:pointer": {"id": "pointer:pointer", "typeName": "pointer", "x": 412, "y": 300, "lastActivityTimestamp": 1764547200000, "meta": {}},
        "shape:half": store["shape:half"],
        "shape:delta": store["shape:delta"],
    }
    write("tldraw-store-pretty.json", json.dumps({"store": snapshot, "schema": schema3}, indent=2) + "\n")

# ---------------------------------------------------------------- InkML
INK_NS = 'xmlns="http://www.w3.org/2003/InkML"'


def inkml():
    # A tablet recording: X/Y in cm (→ points), T in ms, F 0…1023, a brush, two trace groups.
    pts = [(1.0 + 0.25 * i, 2.0 + 0.125 * i, 10 * i, 200 + 50 * i) for i in range(6)]
    trace1 = ", ".join(f"{x:g} {y:g} {t} {f}" for x, y, t, f in pts)
    doc = f"""<?xml version="1.0" encoding="UTF-8"?>
<ink {INK_NS}>
  <definitions>
    <brush xml:id="red">
      <brushProperty name="color" value="#E03131"/>
      <brushProperty name="width" value="0.1" units="cm"/>
    </brush>
    <context xml:id="tablet">
      <inkSource xml:id="wacom">
        <traceFormat>
          <channel name="X" type="decimal" units="cm"/>
          <channel name="Y" type="decimal" units="cm"/>
          <channel name="T" type="integer" units="ms"/>
          <channel name="F" type="integer" max="1023"/>
          <channel name="OTx" type="decimal" units="deg"/>
        </traceFormat>
      </inkSource>
      <traceFormat>
        <channel name="X" type="decimal" units="cm"/>
        <channel name="Y" type="decimal" units="cm"/>
        <channel name="T" type="integer" units="ms"/>
        <channel name="F" type="integer" max="1023"/>
      </traceFormat>
    </context>
  </definitions>
  <traceGroup contextRef="#tablet" brushRef="#red">
    <trace>{trace1}</trace>
    <traceGroup>
      <trace>5 5 0 512, 5.5 5 20 1023</trace>
    </traceGroup>
  </traceGroup>
  <trace>10 10, 20 20, 30 10</trace>
</ink>
"""
    write("inkml-tablet.inkml", doc)

    # Difference encoding (InkML spec §3.2.1.4) and a device resolution (1000 units per inch).
    doc = f"""<?xml version="1.0" encoding="UTF-8"?>
<ink {INK_NS}>
  <inkSource xml:id="pad">
    <traceFormat>
      <channel name="X" type="integer"/>
      <channel name="Y" type="integer"/>
      <channel name="T" type="decimal" units="s"/>
    </traceFormat>
    <channelProperties>
      <channelProperty channel="X" name="resolution" value="1000" units="1/in"/>
      <channelProperty channel="Y" name="resolution" value="1000" units="1/in"/>
    </channelProperties>
  </inkSource>
  <context inkSourceRef="#pad"/>
  <trace>1000 2000 0, '10 '-5 '0.01, "2 "1 "0, 7 -3 0, !500 !500 !0.5</trace>
</ink>
"""
    write("inkml-difference.inkml", doc)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    excalidraw()
    tldraw()
    inkml()
