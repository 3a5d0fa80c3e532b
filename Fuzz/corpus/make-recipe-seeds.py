#!/usr/bin/env python3
"""Writes Fuzz/corpus/recipe/: small PNGs carrying the recipe chunks of regression references.

Each reference (made by `inkling render`, 512×512) lends its Software, Description and
inkling:recipe chunks to an 8×8 image, so the seeds stay under libFuzzer's -max_len; the JSON
of each recipe is written alone too (fuzz-recipe reads non-PNG input as recipe JSON). One seed
adds an inkling:source chunk holding a base64 PNG.
"""
import base64, pathlib, struct, zlib

root = pathlib.Path(__file__).resolve().parents[2]
out = root / "Fuzz/corpus/recipe"
out.mkdir(parents=True, exist_ok=True)

def chunks(data):
    i = 8
    while i < len(data):
        n, = struct.unpack(">I", data[i:i + 4])
        yield data[i + 4:i + 8], data[i + 8:i + 8 + n]
        i += 12 + n

def recipe_json(kind, body):
    """The text of a tEXt, zTXt (keyword NUL, method 0, zlib stream) or iTXt chunk (keyword NUL,
    compression flag, method, language NUL, translated keyword NUL, text): Inkling compresses
    text over 1 KiB."""
    rest = body.split(b"\0", 1)[1]
    if kind == b"zTXt":
        return zlib.decompress(rest[1:])
    if kind == b"iTXt":
        text = rest[2:].split(b"\0", 2)[2]
        return zlib.decompress(text) if rest[0] == 1 else text
    return rest

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def png(width, height, text_chunks):
    raw = b"".join(b"\0" + b"".join(bytes((x * 32 % 256, y * 32 % 256, 128)) for x in range(width)) for y in range(height))
    body = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    body += b"".join(text_chunks) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body

for case in ["pen-recording-extract", "flower-animation", "doodle-emoji"]:
    data = (root / f"Tests/Regression/cases/{case}/reference.png").read_bytes()
    text = [chunk(k, v) for k, v in chunks(data) if k in (b"tEXt", b"iTXt", b"zTXt")]
    (out / f"{case}.png").write_bytes(png(8, 8, text))
    for k, v in chunks(data):
        if k in (b"tEXt", b"zTXt", b"iTXt") and v.startswith(b"inkling:recipe\0"):
            (out / f"{case}.json").write_bytes(recipe_json(k, v))
            if case == "pen-recording-extract":
                source = base64.b64encode(png(4, 4, []))
                extra = chunk(b"tEXt", b"inkling:source\0" + source)
                (out / f"{case}-with-source.png").write_bytes(png(8, 8, text + [extra]))
