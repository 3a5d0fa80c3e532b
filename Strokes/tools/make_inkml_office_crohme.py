#!/usr/bin/env python3
"""Writes the Office-style and CROHME-style InkML samples in Strokes/interchange/
(inkml-office-cm.inkml, inkml-office-himetric.inkml, inkml-crohme.inkml).

They are written for Inkling in the shapes those programs produce (issue 16): Office apps put X
and Y in cm with a resolution of 1000 per cm, or in himetric; a zero resolution on F; tilt in
degrees; brushes with height, tip and raster operation. CROHME puts a <traceFormat> directly in
<ink> and numeric xml:ids on traces.

Deterministic: no randomness, no clocks; running it twice gives identical files.
Usage: python3 Strokes/tools/make_inkml_office_crohme.py  (from the repository root)
"""
import math
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "interchange")
def circle(cx, cy, r, n=24, start=0.0, end=2*math.pi):
    return [(cx + r*math.cos(start + (end-start)*i/(n-1)), cy + r*math.sin(start + (end-start)*i/(n-1))) for i in range(n)]
def line(a, b, n=10):
    return [(a[0] + (b[0]-a[0])*i/(n-1), a[1] + (b[1]-a[1])*i/(n-1)) for i in range(n)]
# A smiling face, in centimetres (about 6 cm across), and a highlight stroke.
face = circle(4.0, 4.0, 3.0, 40)
eye1 = circle(3.0, 3.2, 0.3, 10)
eye2 = circle(5.0, 3.2, 0.3, 10)
smile = circle(4.0, 4.2, 1.6, 16, 0.35, math.pi - 0.35)
highlight = line((1.0, 7.6), (7.0, 7.6), 12)
strokes = [face, eye1, eye2, smile]

def office(unit_name, per_cm, res_units, path, note, brush_per_cm):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<!-- {note} -->',
           '<ink xmlns="http://www.w3.org/2003/InkML" xmlns:msink="http://schemas.microsoft.com/ink/2010/main">',
           '  <definitions>',
           '    <context xml:id="ctx0">',
           '      <inkSource xml:id="inkSrc0">',
           '        <traceFormat>',
           f'          <channel name="X" type="integer" max="32767" units="{unit_name}"/>',
           f'          <channel name="Y" type="integer" max="32767" units="{unit_name}"/>',
           '          <channel name="F" type="integer" max="32767" units="dev"/>',
           '          <intermittentChannels>',
           '            <channel name="OA" type="integer" max="900" units="deg"/>',
           '            <channel name="OE" type="integer" max="3600" units="deg"/>',
           '            <channel name="T" type="integer" max="2.14748E9" units="dev"/>',
           '          </intermittentChannels>',
           '        </traceFormat>',
           '        <channelProperties>',
           f'          <channelProperty channel="X" name="resolution" value="{res_units[0]}" units="{res_units[1]}"/>',
           f'          <channelProperty channel="Y" name="resolution" value="{res_units[0]}" units="{res_units[1]}"/>',
           '          <channelProperty channel="F" name="resolution" value="0" units="1/dev"/>',
           '          <channelProperty channel="OA" name="resolution" value="10" units="1/deg"/>',
           '          <channelProperty channel="OE" name="resolution" value="10" units="1/deg"/>',
           '          <channelProperty channel="T" name="resolution" value="1" units="1/dev"/>',
           '        </channelProperties>',
           '      </inkSource>',
           '      <timestamp xml:id="ts0" timeString="2026-11-30T09:15:00.000"/>',
           '    </context>',
           '    <brush xml:id="br0">',
           f'      <brushProperty name="width" value="{0.0529*brush_per_cm:.4f}" units="{unit_name}"/>',
           f'      <brushProperty name="height" value="{0.0529*brush_per_cm:.4f}" units="{unit_name}"/>',
           '      <brushProperty name="color" value="#1F3A93"/>',
           '      <brushProperty name="transparency" value="0"/>',
           '      <brushProperty name="tip" value="ellipse"/>',
           '      <brushProperty name="rasterOp" value="copyPen"/>',
           '      <brushProperty name="ignorePressure" value="false"/>',
           '      <brushProperty name="antiAliased" value="true"/>',
           '      <brushProperty name="fitToCurve" value="false"/>',
           '    </brush>',
           '    <brush xml:id="br1">',
           f'      <brushProperty name="width" value="{0.2*brush_per_cm:.4f}" units="{unit_name}"/>',
           f'      <brushProperty name="height" value="{0.6*brush_per_cm:.4f}" units="{unit_name}"/>',
           '      <brushProperty name="color" value="#FFFF00"/>',
           '      <brushProperty name="transparency" value="128"/>',
           '      <brushProperty name="tip" value="rectangle"/>',
           '      <brushProperty name="rasterOp" value="maskPen"/>',
           '    </brush>',
           '  </definitions>']
    t = 0
    for k, s in enumerate(strokes + [highlight]):
        vals = []
        for i, (x, y) in enumerate(s):
            f = int(16000 + 8000 * math.sin(math.pi * i / max(1, len(s) - 1)))
            vals.append(f"{round(x*per_cm)} {round(y*per_cm)} {f} 450 2700 {t}")
            t += 8
        t += 300
        brush = "#br1" if k == len(strokes) else "#br0"
        out.append(f'  <trace contextRef="#ctx0" brushRef="{brush}">' + ", ".join(vals) + "</trace>")
    out.append("</ink>")
    open(path, "w").write("\n".join(out) + "\n")

office("cm", 1000, ("1000", "1/cm"), os.path.join(OUT, "inkml-office-cm.inkml"),
       "Written for Inkling in the shape Microsoft Office apps export ink: channels in cm with a resolution of 1000 per cm, a zero resolution on F, tilt channels in degrees, brushes with height, tip and raster operation; a face drawn in a 6 cm circle and one yellow highlighter stroke", 1)
office("himetric", 1000, ("1", "1/himetric"), os.path.join(OUT, "inkml-office-himetric.inkml"),
       "Written for Inkling in the shape OneNote exports ink: channels and brush sizes in himetric (hundredths of a millimetre), a zero resolution on F, tilt channels in degrees; the same face as inkml-office-cm.inkml", 1000)

# CROHME-style: traceFormat directly in <ink>, numeric xml:ids, X Y T F on every trace, traceGroups.
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<!-- Written for Inkling in the shape of the CROHME handwritten-math datasets: a <traceFormat> directly inside <ink>, numeric xml:id values, every trace with X, Y, T and F; the expression x + 1 -->',
       '<ink xmlns="http://www.w3.org/2003/InkML">',
       '  <traceFormat>',
       '    <channel name="X" type="decimal"/>',
       '    <channel name="Y" type="decimal"/>',
       '    <channel name="T" type="integer" units="ms"/>',
       '    <channel name="F" type="decimal" min="0" max="1"/>',
       '  </traceFormat>',
       '  <annotation type="truth">$x+1$</annotation>']
glyphs = [line((10, 10), (30, 40), 8), line((30, 10), (10, 40), 8), line((45, 25), (65, 25), 6), line((55, 15), (55, 35), 6), line((78, 14), (84, 10), 3) + line((84, 10), (84, 40), 9)]
t = 0
for k, g in enumerate(glyphs):
    vals = []
    for i, (x, y) in enumerate(g):
        vals.append(f"{x:.2f} {y:.2f} {t} {0.3 + 0.4*math.sin(math.pi*i/max(1,len(g)-1)):.3f}")
        t += 10
    t += 200
    out.append(f'  <trace xml:id="{k}">' + ", ".join(vals) + "</trace>")
out += ['  <traceGroup xml:id="10">', '    <annotation type="truth">x</annotation>', '    <traceView traceDataRef="0"/>', '    <traceView traceDataRef="1"/>', '  </traceGroup>', '</ink>']
open(os.path.join(OUT, "inkml-crohme.inkml"), "w").write("\n".join(out) + "\n")
