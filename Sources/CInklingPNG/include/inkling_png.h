#ifndef INKLING_PNG_H
#define INKLING_PNG_H

/*
 * Inkling's thin shim over libpng.
 *
 * libpng reports errors with setjmp/longjmp, which Swift cannot host. Every
 * function here creates its own png_struct, does the setjmp itself, and turns
 * a libpng error into an `inkling_png_status` plus a NUL-terminated message
 * in a caller-supplied buffer. No libpng type appears in this header.
 *
 * Memory: buffers handed back to the caller are malloc'ed and must be released
 * with the matching free function named next to each producer.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a shim call; `INKLING_PNG_OK` is the only success.
typedef enum inkling_png_status {
    /// Success.
    INKLING_PNG_OK = 0,
    /// The data does not start with the PNG signature.
    INKLING_PNG_NOT_PNG = 1,
    /// The data ends before the PNG does (signature, a chunk, or the missing IEND).
    INKLING_PNG_TRUNCATED = 2,
    /// libpng rejected the data (bad CRC, bad zlib stream, invalid header, ...).
    INKLING_PNG_CORRUPT = 3,
    /// The declared dimensions exceed the caller's limits; width/height are reported.
    INKLING_PNG_TOO_LARGE = 4,
    /// The request is valid PNG-wise but this shim or libpng cannot do it.
    INKLING_PNG_UNSUPPORTED = 5,
    /// A malloc failed.
    INKLING_PNG_OUT_OF_MEMORY = 6,
    /// The arguments are inconsistent (null pointers, bad sizes, bad keyword).
    INKLING_PNG_INVALID_ARGUMENT = 7
} inkling_png_status;

/// PNG colour types, with PNG's own numeric values.
typedef enum inkling_png_color_type {
    /// Luminance only.
    INKLING_PNG_COLOR_GRAY = 0,
    /// Red, green, blue.
    INKLING_PNG_COLOR_RGB = 2,
    /// Indices into a palette.
    INKLING_PNG_COLOR_PALETTE = 3,
    /// Luminance and alpha.
    INKLING_PNG_COLOR_GRAY_ALPHA = 4,
    /// Red, green, blue and alpha.
    INKLING_PNG_COLOR_RGBA = 6
} inkling_png_color_type;

/// Recommended size of the error message buffer passed to the functions below.
#define INKLING_PNG_ERROR_SIZE 256

/// One text chunk (tEXt, zTXt or iTXt).
///
/// `keyword` is NUL-terminated Latin-1 (1-79 bytes). `text` holds `text_length`
/// bytes and is also NUL-terminated; it must not contain NUL itself.
/// `utf8` is 1 when the text is UTF-8 (iTXt) and 0 when it is Latin-1
/// (tEXt or zTXt); `compressed` is 1 for zTXt and compressed iTXt. On writing,
/// `utf8 == 0` produces a tEXt chunk, or with `compressed == 1` a zTXt; `utf8 == 1`
/// an uncompressed iTXt, or with `compressed == 1` a compressed one (flag 1,
/// method 0, no language or translated keyword). Compressed text is deflated
/// at zlib's default level, 6, whatever `compression_level` the image has.
/// On reading, `compressed` tells what the file held.
typedef struct inkling_png_text {
    const char *keyword;
    const char *text;
    size_t text_length;
    int utf8;
    int compressed;
} inkling_png_text;

/// Limits that protect the reader against decompression bombs.
///
/// They are checked against IHDR before any pixel memory is allocated, and the
/// width/height limits are also given to libpng via png_set_user_limits.
/// A zero field takes its documented default.
typedef struct inkling_png_limits {
    /// Widest accepted image; default 1,000,000 (libpng's own default).
    uint32_t max_width;
    /// Tallest accepted image; default 1,000,000.
    uint32_t max_height;
    /// Most accepted pixels (width x height); default 1 << 28.
    uint64_t max_pixels;
    /// Largest buffer libpng may allocate for one ancillary chunk, e.g. a
    /// decompressed zTXt; default 8,000,000 bytes. A compressed text chunk
    /// that would inflate past it is dropped (inflation stops there, and
    /// nothing of that size is allocated); an uncompressed one over it is read.
    size_t max_chunk_bytes;
} inkling_png_limits;

/// A decoded image, always 8 bits per sample, rows packed without padding.
///
/// Release with `inkling_png_decoded_free`.
typedef struct inkling_png_decoded {
    /// Pixels per row.
    uint32_t width;
    /// Number of rows.
    uint32_t height;
    /// Samples per pixel: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
    int channels;
    /// `width * height * channels` bytes (malloc'ed; NULL only for 0 bytes).
    uint8_t *pixels;
    /// Byte count of `pixels`.
    size_t pixels_size;
    /// Text chunks in file order (malloc'ed array of malloc'ed strings).
    inkling_png_text *texts;
    /// Number of entries in `texts`.
    size_t text_count;
    /// Bit depth stored in the file's IHDR (before conversion to 8 bits).
    int source_bit_depth;
    /// Colour type stored in the file's IHDR.
    int source_color_type;
    /// 1 when the file is Adam7-interlaced.
    int source_interlaced;
} inkling_png_decoded;

/// Decodes a PNG held in memory into 8-bit gray, gray+alpha, RGB or RGBA.
///
/// Conversions: 16-bit samples are scaled to 8 bits with png_set_scale_16
/// (rounded `v * 255 / 65535`, not truncated); palettes are expanded to RGB,
/// and a tRNS chunk becomes an alpha channel (for every colour type); gray
/// below 8 bits is expanded to 8 bits (0..255); Adam7 interlacing is undone.
/// No gamma or colour-space conversion is made.
///
/// Never reads outside `data[0..<size]`; every chunk's declared length is
/// checked against the bytes that remain before libpng reads it
/// (`INKLING_PNG_TRUNCATED`). Text chunks before and after the image data are
/// returned. `limits` may be NULL for all defaults. On
/// failure `out` is left zeroed -- except for `INKLING_PNG_TOO_LARGE`, where
/// `out->width` and `out->height` hold the declared size -- and `error` (of
/// `error_size` bytes, may be NULL) receives a one-line message.
inkling_png_status inkling_png_decode(const uint8_t *data, size_t size,
                                      const inkling_png_limits *limits,
                                      inkling_png_decoded *out,
                                      char *error, size_t error_size);

/// Reads a PNG's header and the text chunks that come before its image data, without
/// decompressing a single pixel (for recipes, which `inkling render` writes before IDAT).
///
/// Checks exactly what `inkling_png_decode` checks up to the first IDAT chunk (signature,
/// every chunk's length against the bytes that remain, IHDR against `limits`, CRCs, text
/// chunk sizes). On success `out` holds width, height, the source layout and `texts`;
/// `pixels` is NULL. Release with `inkling_png_decoded_free`.
inkling_png_status inkling_png_read_text(const uint8_t *data, size_t size,
                                         const inkling_png_limits *limits,
                                         inkling_png_decoded *out,
                                         char *error, size_t error_size);

/// Frees everything `inkling_png_decode` or `inkling_png_read_text` allocated in `decoded` and zeroes it.
void inkling_png_decoded_free(inkling_png_decoded *decoded);

/// What to write: any layout PNG allows, from rows in PNG's own sample layout.
///
/// Rows are big-endian for 16-bit samples and packed most-significant-bit
/// first for depths below 8. Ordinary callers pass bit depth 8 and one of the
/// gray / gray+alpha / RGB / RGBA colour types; the other layouts exist so
/// tests can produce palette, 16-bit, low-bit-depth and interlaced files.
typedef struct inkling_png_image_spec {
    /// Pixels per row (1 ... 2^31-1).
    uint32_t width;
    /// Number of rows (1 ... 2^31-1).
    uint32_t height;
    /// 1, 2, 4, 8 or 16, as the colour type allows.
    int bit_depth;
    /// An `inkling_png_color_type` value.
    int color_type;
    /// 1 to write Adam7-interlaced, 0 for no interlacing.
    int interlaced;
    /// `height` rows of `row_stride` bytes each.
    const uint8_t *rows;
    /// Distance between rows in `rows`; at least the packed row size.
    size_t row_stride;
    /// `palette_count` RGB triples (palette colour type only; 1...256 entries).
    const uint8_t *palette;
    /// Number of palette entries.
    size_t palette_count;
    /// Alpha per palette entry (tRNS), or NULL.
    const uint8_t *palette_alpha;
    /// Number of entries in `palette_alpha` (at most `palette_count`).
    size_t palette_alpha_count;
    /// 1 to write a tRNS colour key for gray or RGB images.
    int has_transparent_color;
    /// Transparent gray level (gray images), in the image's bit depth.
    uint16_t transparent_gray;
    /// Transparent red, green and blue (RGB images), in the image's bit depth.
    uint16_t transparent_rgb[3];
    /// Text chunks, written before the image data, in order.
    const inkling_png_text *texts;
    /// Number of entries in `texts`.
    size_t text_count;
    /// zlib level 0 (none) ... 9 (smallest); -1 for the default, 6.
    int compression_level;
    /// Row filters libpng may use: 0 lets it choose among all five per row (its default);
    /// otherwise a mask of PNG_FILTER_NONE (0x08), _SUB (0x10), _UP (0x20), _AVG (0x40), _PAETH (0x80).
    int filters;
} inkling_png_image_spec;

/// Encodes `spec` as a PNG in memory.
///
/// Output is deterministic: the same spec gives byte-identical bytes (no
/// tIME chunk, no timestamps). On success `*out_data` is a malloc'ed buffer of
/// `*out_size` bytes, released with `inkling_png_free`. On failure
/// `*out_data` is NULL and `error` (may be NULL) receives a one-line message.
inkling_png_status inkling_png_encode(const inkling_png_image_spec *spec,
                                      uint8_t **out_data, size_t *out_size,
                                      char *error, size_t error_size);

/// Frees a buffer returned by `inkling_png_encode`; NULL is allowed.
void inkling_png_free(void *data);

/// libpng's version string, for diagnostics.
const char *inkling_png_libpng_version(void);

#ifdef __cplusplus
}
#endif

#endif /* INKLING_PNG_H */
