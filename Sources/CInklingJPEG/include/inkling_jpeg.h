#ifndef INKLING_JPEG_H
#define INKLING_JPEG_H

/*
 * Inkling's thin shim over libjpeg(-turbo): decompression, and compression of
 * 8-bit gray or RGB pixels.
 *
 * libjpeg reports fatal errors through `error_exit`, which must not return;
 * the usual answer is setjmp/longjmp, which Swift cannot host. The decoder
 * here does the setjmp itself, installs an `error_exit` that longjmps back to
 * it, and turns every failure into an `inkling_jpeg_status` plus a one-line,
 * NUL-terminated message in a caller-supplied buffer. No libjpeg type appears
 * in this header.
 *
 * Memory: the pixels handed back are malloc'ed and released with
 * `inkling_jpeg_decoded_free`; encoded bytes likewise with
 * `inkling_jpeg_encoded_free`.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a shim call; `INKLING_JPEG_OK` is the only success.
typedef enum inkling_jpeg_status {
    /// Success.
    INKLING_JPEG_OK = 0,
    /// The data does not start with a JPEG start-of-image marker (FF D8).
    INKLING_JPEG_NOT_JPEG = 1,
    /// The data ends before the image does (in the header or the entropy-coded data).
    INKLING_JPEG_TRUNCATED = 2,
    /// libjpeg rejected the data (bad marker, bad Huffman table, ...).
    INKLING_JPEG_CORRUPT = 3,
    /// The declared dimensions exceed the caller's limit; width/height are reported.
    INKLING_JPEG_TOO_LARGE = 4,
    /// The JPEG is valid but uses something this shim cannot turn into RGB or gray.
    INKLING_JPEG_UNSUPPORTED = 5,
    /// A malloc failed.
    INKLING_JPEG_OUT_OF_MEMORY = 6,
    /// The arguments are inconsistent (null pointers, zero limit, a size that does not match).
    INKLING_JPEG_INVALID_ARGUMENT = 7,
    /// libjpeg failed while compressing (the message says why).
    INKLING_JPEG_ENCODE_FAILED = 8
} inkling_jpeg_status;

/// Colour space recorded in the file, as libjpeg identified it.
typedef enum inkling_jpeg_color_space {
    /// Not one of the spaces below.
    INKLING_JPEG_SPACE_UNKNOWN = 0,
    /// One gray component.
    INKLING_JPEG_SPACE_GRAY = 1,
    /// Three components stored as RGB (Adobe transform 0).
    INKLING_JPEG_SPACE_RGB = 2,
    /// Three components stored as YCbCr (the usual JFIF case).
    INKLING_JPEG_SPACE_YCBCR = 3,
    /// Four components stored as CMYK (Adobe).
    INKLING_JPEG_SPACE_CMYK = 4,
    /// Four components stored as YCCK (Adobe transform 2).
    INKLING_JPEG_SPACE_YCCK = 5
} inkling_jpeg_color_space;

/// Recommended size of the error message buffer passed to `inkling_jpeg_decode`.
#define INKLING_JPEG_ERROR_SIZE 256

/// A decoded image: 8 bits per sample, rows packed top to bottom without padding.
///
/// Release with `inkling_jpeg_decoded_free`.
typedef struct inkling_jpeg_decoded {
    /// Pixels per row.
    uint32_t width;
    /// Number of rows.
    uint32_t height;
    /// Samples per pixel: 1 (gray) or 3 (RGB).
    int channels;
    /// `width * height * channels` bytes (malloc'ed).
    uint8_t *pixels;
    /// Byte count of `pixels`.
    size_t pixels_size;
    /// Colour space of the file (an `inkling_jpeg_color_space` value).
    int source_color_space;
    /// 1 when the file is progressive, 0 when it is baseline/sequential.
    int progressive;
    /// EXIF orientation 1...8 from an APP1 "Exif" segment; 1 when absent or invalid.
    /// The pixels are NOT rotated: applying it is the caller's choice.
    int orientation;
    /// Number of recoverable problems libjpeg warned about (e.g. extraneous bytes).
    int warnings;
} inkling_jpeg_decoded;

/// Decodes a JPEG held in memory into 8-bit gray (grayscale files) or RGB (all others).
///
/// YCbCr and RGB files become RGB with libjpeg's own conversion and its
/// default (accurate integer) IDCT and fancy upsampling, so the result is
/// deterministic for a given libjpeg build. CMYK and YCCK files (Adobe) are
/// converted to RGB naively: R = (255 - C)(255 - K)/255 and so on, honouring
/// the inverted samples Adobe writes; no ICC profile is applied.
///
/// The declared size is checked against `max_pixels` right after the header
/// is read, before any pixel or coefficient memory is allocated; on
/// `INKLING_JPEG_TOO_LARGE` `out->width`/`out->height` hold the declared
/// size. Data that ends early is an error (`INKLING_JPEG_TRUNCATED`), not a
/// gray-filled image; other recoverable warnings are counted in
/// `out->warnings`. Progressive files with more than 1000 scans are rejected
/// as corrupt (a known denial-of-service shape).
///
/// Never reads outside `data[0..<size]`. On failure `out` is left zeroed
/// (apart from the TOO_LARGE size) and `error` (of `error_size` bytes, may be
/// NULL) receives a one-line message.
inkling_jpeg_status inkling_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                        inkling_jpeg_decoded *out,
                                        char *error, size_t error_size);

/// Frees the pixels `inkling_jpeg_decode` allocated in `decoded` and zeroes it; NULL is allowed.
void inkling_jpeg_decoded_free(inkling_jpeg_decoded *decoded);

/// A compressed JPEG file in memory; release with `inkling_jpeg_encoded_free`.
typedef struct inkling_jpeg_encoded {
    /// The file's bytes (malloc'ed by libjpeg's memory destination).
    uint8_t *bytes;
    /// Byte count of `bytes`.
    size_t size;
} inkling_jpeg_encoded;

/// The largest width or height `inkling_jpeg_encode` accepts (libjpeg's JPEG_MAX_DIMENSION).
#define INKLING_JPEG_MAX_SIDE 65500

/// Encodes 8-bit pixels as a baseline JFIF JPEG at `quality` (1...100).
///
/// `pixels` holds `height` rows of `width * channels` bytes each, packed top
/// to bottom; `channels` is 1 (gray) or 3 (RGB; stored as YCbCr with 2x2
/// chroma subsampling, libjpeg's defaults). Huffman tables are optimised for
/// the image (smaller files, one extra pass over the coefficients); the
/// accurate integer DCT is used, so the bytes are deterministic for a given
/// libjpeg build. No metadata is written besides the JFIF header.
///
/// Never reads outside `pixels[0..<pixels_size]`: a size that does not match
/// `width * height * channels` is `INKLING_JPEG_INVALID_ARGUMENT`, as are
/// zero or over-`INKLING_JPEG_MAX_SIDE` sides, another channel count and a
/// quality outside 1...100. On failure `out` is left zeroed and `error` (of
/// `error_size` bytes, may be NULL) receives a one-line message.
inkling_jpeg_status inkling_jpeg_encode(const uint8_t *pixels, size_t pixels_size,
                                        uint32_t width, uint32_t height, int channels, int quality,
                                        inkling_jpeg_encoded *out,
                                        char *error, size_t error_size);

/// Frees the bytes `inkling_jpeg_encode` allocated in `encoded` and zeroes it; NULL is allowed.
void inkling_jpeg_encoded_free(inkling_jpeg_encoded *encoded);

/// libjpeg's version number (`JPEG_LIB_VERSION`, e.g. 62), for diagnostics.
int inkling_jpeg_lib_version(void);

#ifdef __cplusplus
}
#endif

#endif /* INKLING_JPEG_H */
