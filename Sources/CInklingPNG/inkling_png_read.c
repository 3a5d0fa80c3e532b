/*
 * Decoding: every libpng read error becomes a status code plus a message.
 * See include/inkling_png.h for the contract.
 */

#include "inkling_png_shim.h"

#include <inttypes.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_DIMENSION 1000000u
#define DEFAULT_MAX_PIXELS (UINT64_C(1) << 28)
#define DEFAULT_MAX_CHUNK_BYTES 8000000u
#define MAX_CACHED_CHUNKS 1000u

static void on_read_error(png_structp png, png_const_charp message)
{
    shim_fail(png, INKLING_PNG_CORRUPT, message);
}

static uint32_t read_be32(const uint8_t *bytes)
{
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) |
           ((uint32_t)bytes[2] << 8) | (uint32_t)bytes[3];
}

static char *copy_bytes(const char *bytes, size_t length)
{
    char *copy = malloc(length + 1);
    if (copy != NULL) {
        if (length > 0) {
            memcpy(copy, bytes, length);
        }
        copy[length] = '\0';
    }
    return copy;
}

static void read_input(png_structp png, png_bytep out, size_t length)
{
    shim_state *s = png_get_io_ptr(png);
    if (length > s->input_size - s->input_offset) {
        s->status = INKLING_PNG_TRUNCATED;
        shim_set_message(s, "PNG data ends after %zu bytes, in the middle of a chunk or before IEND",
                         s->input_size);
        png_longjmp(png, 1);
    }
    memcpy(out, s->input + s->input_offset, length);
    s->input_offset += length;
}

static int exceeds(uint32_t width, uint32_t height, const inkling_png_limits *limits)
{
    return width > limits->max_width || height > limits->max_height ||
           (uint64_t)width * (uint64_t)height > limits->max_pixels;
}

static void too_large(shim_state *s, inkling_png_decoded *out, uint32_t width, uint32_t height,
                      const inkling_png_limits *limits)
{
    s->status = INKLING_PNG_TOO_LARGE;
    out->width = width;
    out->height = height;
    shim_set_message(s, "PNG declares %" PRIu32 " x %" PRIu32 " pixels; the limit is %" PRIu32 " x %" PRIu32
                     " and %" PRIu64 " pixels",
                     width, height, limits->max_width, limits->max_height, limits->max_pixels);
}

/* Copies libpng's text chunks into caller-owned memory. */
static inkling_png_status collect_texts(png_structp png, png_infop info, shim_state *s)
{
    png_textp chunks = NULL;
    int count = png_get_text(png, info, &chunks, NULL);
    if (count <= 0) {
        return INKLING_PNG_OK;
    }
    s->texts = calloc((size_t)count, sizeof(inkling_png_text));
    if (s->texts == NULL) {
        return INKLING_PNG_OUT_OF_MEMORY;
    }
    for (int i = 0; i < count; i++) {
        png_textp chunk = &chunks[i];
        int utf8 = chunk->compression == PNG_ITXT_COMPRESSION_NONE ||
                   chunk->compression == PNG_ITXT_COMPRESSION_zTXt;
        size_t length = utf8 ? chunk->itxt_length : chunk->text_length;
        const char *text = chunk->text != NULL ? chunk->text : "";
        inkling_png_text *copy = &s->texts[s->text_count++];
        copy->keyword = copy_bytes(chunk->key, strlen(chunk->key));
        copy->text = copy_bytes(text, length);
        copy->text_length = length;
        copy->utf8 = utf8;
        copy->compressed = chunk->compression == PNG_TEXT_COMPRESSION_zTXt ||
                           chunk->compression == PNG_ITXT_COMPRESSION_zTXt;
        if (copy->keyword == NULL || copy->text == NULL) {
            return INKLING_PNG_OUT_OF_MEMORY;
        }
    }
    return INKLING_PNG_OK;
}

/* Collects the text chunks read so far, frees libpng's structures and moves the size and the
   texts into out (the texts leave the shim state). */
static inkling_png_status hand_over(png_structp png, png_infop info, shim_state *s, inkling_png_decoded *out,
                                    png_uint_32 width, png_uint_32 height)
{
    inkling_png_status status = collect_texts(png, info, s);
    png_destroy_read_struct(&png, &info, NULL);
    if (status != INKLING_PNG_OK) {
        shim_set_message(s, "out of memory for the PNG's text chunks");
        return status;
    }
    out->width = width;
    out->height = height;
    out->texts = s->texts;
    out->text_count = s->text_count;
    s->texts = NULL;
    s->text_count = 0;
    return INKLING_PNG_OK;
}

/*
 * Walks the chunk headers after the signature, up to IEND, before libpng sees any of them:
 * a chunk whose declared length runs past the end of the data is refused here, so that libpng
 * never allocates a buffer for bytes that are not there (a 44-byte file declaring a 2 GB tEXt
 * chunk would otherwise cost 2 GB). Only lengths are read; libpng checks everything else.
 */
static inkling_png_status check_chunk_lengths(shim_state *s, const uint8_t *data, size_t size)
{
    size_t offset = 8;
    while (size - offset >= 8) {
        uint32_t length = read_be32(data + offset);
        char type[5];
        for (int i = 0; i < 4; i++) {
            uint8_t c = data[offset + 4 + i];
            type[i] = (c >= 0x21 && c <= 0x7E) ? (char)c : '?';
        }
        type[4] = '\0';
        size_t remaining = size - offset - 8;
        if (length > 0x7FFFFFFFu || (uint64_t)length + 4 > remaining) {
            shim_set_message(s, "PNG chunk %s at byte %zu declares %" PRIu32 " bytes of data, but only %zu bytes follow",
                             type, offset, length, remaining);
            return INKLING_PNG_TRUNCATED;
        }
        if (memcmp(type, "IEND", 4) == 0) {
            return INKLING_PNG_OK;
        }
        offset += 8 + (size_t)length + 4;
    }
    return INKLING_PNG_OK; /* a missing IEND is libpng's to report */
}

/* Runs libpng over s->input; everything it allocates hangs off `s`. */
static inkling_png_status read_with_libpng(shim_state *s, const inkling_png_limits *limits,
                                           int text_only, inkling_png_decoded *out)
{
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, on_read_error, shim_on_warning);
    if (png == NULL) {
        return INKLING_PNG_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return INKLING_PNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return s->status != INKLING_PNG_OK ? s->status : INKLING_PNG_CORRUPT;
    }

    png_set_read_fn(png, s, read_input);
    png_set_user_limits(png, limits->max_width, limits->max_height);
    png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    png_set_chunk_cache_max(png, MAX_CACHED_CHUNKS);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    if (exceeds(width, height, limits)) {
        too_large(s, out, width, height, limits);
        png_longjmp(png, 1);
    }
    out->source_bit_depth = depth;
    out->source_color_type = color;
    out->source_interlaced = interlace != PNG_INTERLACE_NONE;
    if (text_only) {
        /* png_read_info stopped at the first IDAT: the text chunks before it are all read. */
        return hand_over(png, info, s, out, width, height);
    }

    if (depth == 16) {
        png_set_scale_16(png); /* rounds v * 255 / 65535 */
    }
    if (color == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    int channels = png_get_channels(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if (png_get_bit_depth(png, info) != 8 || channels < 1 || channels > 4 ||
        row_bytes != (size_t)width * (size_t)channels) {
        shim_fail(png, INKLING_PNG_UNSUPPORTED, "PNG layout did not convert to 8-bit samples");
    }
    if (row_bytes != 0 && height > SIZE_MAX / row_bytes) {
        shim_fail(png, INKLING_PNG_TOO_LARGE, "PNG image does not fit in memory");
    }
    size_t total = row_bytes * (size_t)height;
    s->pixels = malloc(total > 0 ? total : 1);
    s->rows = malloc((size_t)height * sizeof(png_bytep));
    if (s->pixels == NULL || s->rows == NULL) {
        shim_fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for the PNG's pixels");
    }
    for (png_uint_32 y = 0; y < height; y++) {
        s->rows[y] = s->pixels + (size_t)y * row_bytes;
    }
    png_read_image(png, s->rows);
    png_read_end(png, info);

    inkling_png_status status = hand_over(png, info, s, out, width, height);
    if (status != INKLING_PNG_OK) return status;
    out->channels = channels;
    out->pixels = s->pixels;
    out->pixels_size = total;
    s->pixels = NULL;
    return INKLING_PNG_OK;
}

/* Decodes pixels and texts, or (text_only) the header and the texts before the image data. */
static inkling_png_status decode(const uint8_t *data, size_t size, const inkling_png_limits *limits,
                                 int text_only, inkling_png_decoded *out, char *error, size_t error_size)
{
    shim_state s;
    shim_init(&s, error, error_size);
    if (out == NULL || (data == NULL && size > 0)) {
        shim_set_message(&s, "inkling_png: null argument");
        return INKLING_PNG_INVALID_ARGUMENT;
    }
    memset(out, 0, sizeof *out);

    inkling_png_limits resolved = { DEFAULT_MAX_DIMENSION, DEFAULT_MAX_DIMENSION, DEFAULT_MAX_PIXELS,
                                    DEFAULT_MAX_CHUNK_BYTES };
    if (limits != NULL) {
        if (limits->max_width != 0) resolved.max_width = limits->max_width;
        if (limits->max_height != 0) resolved.max_height = limits->max_height;
        if (limits->max_pixels != 0) resolved.max_pixels = limits->max_pixels;
        if (limits->max_chunk_bytes != 0) resolved.max_chunk_bytes = limits->max_chunk_bytes;
    }
    if (resolved.max_width > MAX_PNG_DIMENSION) resolved.max_width = MAX_PNG_DIMENSION;
    if (resolved.max_height > MAX_PNG_DIMENSION) resolved.max_height = MAX_PNG_DIMENSION;

    if (size < 8) {
        if (size == 0 || png_sig_cmp(data, 0, size) == 0) {
            shim_set_message(&s, "PNG data ends after %zu bytes, inside the 8-byte signature", size);
            return INKLING_PNG_TRUNCATED;
        }
        shim_set_message(&s, "data does not start with the PNG signature");
        return INKLING_PNG_NOT_PNG;
    }
    if (png_sig_cmp(data, 0, 8) != 0) {
        shim_set_message(&s, "data does not start with the PNG signature");
        return INKLING_PNG_NOT_PNG;
    }
    /* Reject a bomb from its IHDR before libpng allocates anything. */
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t width = read_be32(data + 16), height = read_be32(data + 20);
        if (width >= 1 && height >= 1 && width <= MAX_PNG_DIMENSION && height <= MAX_PNG_DIMENSION &&
            exceeds(width, height, &resolved)) {
            too_large(&s, out, width, height, &resolved);
            return INKLING_PNG_TOO_LARGE;
        }
    }

    inkling_png_status walked = check_chunk_lengths(&s, data, size);
    if (walked != INKLING_PNG_OK) {
        return walked;
    }

    s.input = data;
    s.input_size = size;
    inkling_png_status status = read_with_libpng(&s, &resolved, text_only, out);
    free(s.rows);
    free(s.pixels);
    shim_free_texts(s.texts, s.text_count);
    if (status != INKLING_PNG_OK) {
        uint32_t width = out->width, height = out->height;
        memset(out, 0, sizeof *out);
        if (status == INKLING_PNG_TOO_LARGE) {
            out->width = width;
            out->height = height;
        }
    }
    return status;
}

inkling_png_status inkling_png_decode(const uint8_t *data, size_t size,
                                      const inkling_png_limits *limits,
                                      inkling_png_decoded *out,
                                      char *error, size_t error_size)
{
    return decode(data, size, limits, 0, out, error, error_size);
}

inkling_png_status inkling_png_read_text(const uint8_t *data, size_t size,
                                         const inkling_png_limits *limits,
                                         inkling_png_decoded *out,
                                         char *error, size_t error_size)
{
    return decode(data, size, limits, 1, out, error, error_size);
}

void inkling_png_decoded_free(inkling_png_decoded *decoded)
{
    if (decoded == NULL) {
        return;
    }
    free(decoded->pixels);
    shim_free_texts(decoded->texts, decoded->text_count);
    memset(decoded, 0, sizeof *decoded);
}
