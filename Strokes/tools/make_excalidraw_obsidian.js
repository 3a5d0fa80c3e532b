#!/usr/bin/env node
// Writes Strokes/interchange/excalidraw-obsidian.excalidraw.md: excalidraw-scene.excalidraw as
// the Obsidian Excalidraw plugin saves a drawing (front matter, a "# Drawing" section, the scene
// compressed with LZ-String's compressToBase64 in a compressed-json block wrapped at 256
// characters with blank lines between the chunks).
//
// Needs lz-string.js (npm `lz-string`, or libs/lz-string.js of pieroxy/lz-string before 1.5):
//     node Strokes/tools/make_excalidraw_obsidian.js path/to/lz-string.js
const fs = require("fs");
const path = require("path");
const LZString = require(path.resolve(process.argv[2] || "lz-string"));
const dir = path.join(__dirname, "..", "interchange");
const scene = JSON.parse(fs.readFileSync(path.join(dir, "excalidraw-scene.excalidraw"), "utf8"));
const compressed = LZString.compressToBase64(JSON.stringify(scene, null, "\t")).match(/.{1,256}/g).join("\n\n");
const note = `---

excalidraw-plugin: parsed
tags: [excalidraw]

---
==⚠  Switch to EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠== You can decompress Drawing data with the command palette: 'Decompress current Excalidraw file'. For more info check in plugin settings under 'Saving'


# Excalidraw Data

## Text Elements
%%
## Drawing
\`\`\`compressed-json
${compressed}
\`\`\`
%%`;
fs.writeFileSync(path.join(dir, "excalidraw-obsidian.excalidraw.md"), note);
