/*
 * libpng shim: every setjmp lives here, and every libpng error becomes a
 * status code plus a message. See include/inkling_png.h for the contract.
 */

#include "inkling_png.h"

#include <inttypes.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest width or height PNG allows. */
#define MAX_PNG_DIMENSION 0x7fffffffu
#define DEFAULT_MAX_DIMENSION 1000000u
#define DEFAULT_MAX_PIXELS (UINT64_C(1) << 28)
#define DEFAULT_MAX_CHUNK_BYTES 8000000u
#define MAX_CACHED_CHUNKS 1000u

/* ---------------------------------------------------------------- shared */

/* State shared by the libpng callbacks of one call; reached through a
 * pointer so that nothing modified after setjmp lives in a register. */
typedef struct shim_state {
    inkling_png_status status; /* set before our own png_error calls */
    char *error;
    size_t error_size;
    /* reading */
    const uint8_t *input;
    size_t input_size;
    size_t input_offset;
    png_bytep *rows;
    uint8_t *pixels;
    inkling_png_text *texts;
    size_t text_count;
    /* writing */
    uint8_t *output;
    size_t output_size;
    size_t output_capacity;
    png_textp png_texts;
} shim_state;

static void set_message(shim_state *s, const char *format, ...)
{
    if (s->error == NULL || s->error_size == 0) {
        return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(s->error, s->error_size, format, args);
    va_end(args);
}

/* Fails the current call: records status and message unless our own code
 * already did, then unwinds to the setjmp. */
static void fail(png_structp png, inkling_png_status status, const char *message)
{
    shim_state *s = png_get_error_ptr(png);
    if (s->status == INKLING_PNG_OK) {
        s->status = status;
        set_message(s, "%s", message);
    }
    png_longjmp(png, 1);
}

static void on_read_error(png_structp png, png_const_charp message)
{
    fail(png, INKLING_PNG_CORRUPT, message);
}

static void on_write_error(png_structp png, png_const_charp message)
{
    fail(png, INKLING_PNG_INVALID_ARGUMENT, message);
}

static void on_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message; /* warnings (e.g. a bad ancillary CRC) are not errors */
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

static void free_texts(inkling_png_text *texts, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free((void *)texts[i].keyword);
        free((void *)texts[i].text);
    }
    free(texts);
}

/* --------------------------------------------------------------- reading */

static void read_input(png_structp png, png_bytep out, size_t length)
{
    shim_state *s = png_get_io_ptr(png);
    if (length > s->input_size - s->input_offset) {
        s->status = INKLING_PNG_TRUNCATED;
        set_message(s, "PNG data ends after %zu bytes, in the middle of a chunk or before IEND",
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
    set_message(s, "PNG declares %" PRIu32 " x %" PRIu32 " pixels; the limit is %" PRIu32 " x %" PRIu32
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
        if (copy->keyword == NULL || copy->text == NULL) {
            return INKLING_PNG_OUT_OF_MEMORY;
        }
    }
    return INKLING_PNG_OK;
}

/* Runs libpng over s->input; everything it allocates hangs off `s`. */
static inkling_png_status read_with_libpng(shim_state *s, const inkling_png_limits *limits,
                                           inkling_png_decoded *out)
{
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, on_read_error, on_warning);
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
        fail(png, INKLING_PNG_UNSUPPORTED, "PNG layout did not convert to 8-bit samples");
    }
    if (row_bytes != 0 && height > SIZE_MAX / row_bytes) {
        fail(png, INKLING_PNG_TOO_LARGE, "PNG image does not fit in memory");
    }
    size_t total = row_bytes * (size_t)height;
    s->pixels = malloc(total > 0 ? total : 1);
    s->rows = malloc((size_t)height * sizeof(png_bytep));
    if (s->pixels == NULL || s->rows == NULL) {
        fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for the PNG's pixels");
    }
    for (png_uint_32 y = 0; y < height; y++) {
        s->rows[y] = s->pixels + (size_t)y * row_bytes;
    }
    png_read_image(png, s->rows);
    png_read_end(png, info);

    inkling_png_status status = collect_texts(png, info, s);
    png_destroy_read_struct(&png, &info, NULL);
    if (status != INKLING_PNG_OK) {
        set_message(s, "out of memory for the PNG's text chunks");
        return status;
    }
    out->width = width;
    out->height = height;
    out->channels = channels;
    out->pixels = s->pixels;
    out->pixels_size = total;
    out->texts = s->texts;
    out->text_count = s->text_count;
    s->pixels = NULL;
    s->texts = NULL;
    s->text_count = 0;
    return INKLING_PNG_OK;
}

inkling_png_status inkling_png_decode(const uint8_t *data, size_t size,
                                      const inkling_png_limits *limits,
                                      inkling_png_decoded *out,
                                      char *error, size_t error_size)
{
    shim_state s;
    memset(&s, 0, sizeof s);
    s.error = error;
    s.error_size = error_size;
    if (error != NULL && error_size > 0) {
        error[0] = '\0';
    }
    if (out == NULL || (data == NULL && size > 0)) {
        set_message(&s, "inkling_png_decode: null argument");
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
            set_message(&s, "PNG data ends after %zu bytes, inside the 8-byte signature", size);
            return INKLING_PNG_TRUNCATED;
        }
        set_message(&s, "data does not start with the PNG signature");
        return INKLING_PNG_NOT_PNG;
    }
    if (png_sig_cmp(data, 0, 8) != 0) {
        set_message(&s, "data does not start with the PNG signature");
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

    s.input = data;
    s.input_size = size;
    inkling_png_status status = read_with_libpng(&s, &resolved, out);
    free(s.rows);
    free(s.pixels);
    free_texts(s.texts, s.text_count);
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

void inkling_png_decoded_free(inkling_png_decoded *decoded)
{
    if (decoded == NULL) {
        return;
    }
    free(decoded->pixels);
    free_texts(decoded->texts, decoded->text_count);
    memset(decoded, 0, sizeof *decoded);
}

/* --------------------------------------------------------------- writing */

static void write_output(png_structp png, png_bytep bytes, size_t length)
{
    shim_state *s = png_get_io_ptr(png);
    if (length > SIZE_MAX - s->output_size) {
        fail(png, INKLING_PNG_OUT_OF_MEMORY, "PNG output is too large");
    }
    size_t needed = s->output_size + length;
    if (needed > s->output_capacity) {
        size_t capacity = s->output_capacity > 0 ? s->output_capacity : 4096;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = realloc(s->output, capacity);
        if (grown == NULL) {
            fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for the PNG output");
        }
        s->output = grown;
        s->output_capacity = capacity;
    }
    memcpy(s->output + s->output_size, bytes, length);
    s->output_size = needed;
}

static void flush_output(png_structp png)
{
    (void)png;
}

static int channels_of(int color_type)
{
    switch (color_type) {
    case INKLING_PNG_COLOR_GRAY: return 1;
    case INKLING_PNG_COLOR_RGB: return 3;
    case INKLING_PNG_COLOR_PALETTE: return 1;
    case INKLING_PNG_COLOR_GRAY_ALPHA: return 2;
    case INKLING_PNG_COLOR_RGBA: return 4;
    default: return 0;
    }
}

/* Checks what libpng would only report as "Invalid IHDR data". */
static const char *validate_spec(const inkling_png_image_spec *spec)
{
    if (spec->width < 1 || spec->height < 1 || spec->width > MAX_PNG_DIMENSION ||
        spec->height > MAX_PNG_DIMENSION) {
        return "PNG width and height must be between 1 and 2147483647";
    }
    int channels = channels_of(spec->color_type);
    if (channels == 0) {
        return "unknown PNG colour type";
    }
    int depth = spec->bit_depth;
    if (depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16) {
        return "PNG bit depth must be 1, 2, 4, 8 or 16";
    }
    if ((spec->color_type == INKLING_PNG_COLOR_PALETTE && depth == 16) ||
        (spec->color_type != INKLING_PNG_COLOR_GRAY && spec->color_type != INKLING_PNG_COLOR_PALETTE &&
         depth < 8)) {
        return "this bit depth is not allowed for this PNG colour type";
    }
    uint64_t row_bits = (uint64_t)spec->width * (uint64_t)channels * (uint64_t)depth;
    if (spec->rows == NULL || spec->row_stride < (row_bits + 7) / 8) {
        return "PNG rows are missing or shorter than the width needs";
    }
    if (spec->color_type == INKLING_PNG_COLOR_PALETTE &&
        (spec->palette == NULL || spec->palette_count < 1 || spec->palette_count > 256 ||
         spec->palette_count > ((size_t)1 << depth))) {
        return "a palette PNG needs 1 to 2^depth (at most 256) palette entries";
    }
    if (spec->palette_alpha != NULL && spec->palette_alpha_count > spec->palette_count) {
        return "more palette alpha entries than palette entries";
    }
    if (spec->compression_level < -1 || spec->compression_level > 9) {
        return "compression level must be -1 (default) or 0 to 9";
    }
    for (size_t i = 0; i < spec->text_count; i++) {
        if (spec->texts == NULL || spec->texts[i].keyword == NULL || spec->texts[i].text == NULL) {
            return "a text chunk has no keyword or no text";
        }
    }
    return NULL;
}

static void set_transparency(png_structp png, png_infop info, const inkling_png_image_spec *spec)
{
    if (spec->color_type == INKLING_PNG_COLOR_PALETTE) {
        if (spec->palette_alpha != NULL && spec->palette_alpha_count > 0) {
            png_set_tRNS(png, info, spec->palette_alpha, (int)spec->palette_alpha_count, NULL);
        }
    } else if (spec->has_transparent_color) {
        png_color_16 color;
        memset(&color, 0, sizeof color);
        color.gray = spec->transparent_gray;
        color.red = spec->transparent_rgb[0];
        color.green = spec->transparent_rgb[1];
        color.blue = spec->transparent_rgb[2];
        png_set_tRNS(png, info, NULL, 0, &color);
    }
}

static inkling_png_status write_with_libpng(shim_state *s, const inkling_png_image_spec *spec)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_write_error, on_warning);
    if (png == NULL) {
        return INKLING_PNG_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return INKLING_PNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return s->status != INKLING_PNG_OK ? s->status : INKLING_PNG_INVALID_ARGUMENT;
    }

    png_set_write_fn(png, s, write_output, flush_output);
    png_set_compression_level(png, spec->compression_level < 0 ? 6 : spec->compression_level);
    png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
                 spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (spec->color_type == INKLING_PNG_COLOR_PALETTE) {
        png_color palette[256];
        for (size_t i = 0; i < spec->palette_count; i++) {
            palette[i].red = spec->palette[3 * i];
            palette[i].green = spec->palette[3 * i + 1];
            palette[i].blue = spec->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, (int)spec->palette_count);
    }
    set_transparency(png, info, spec);

    if (spec->text_count > 0) {
        s->png_texts = calloc(spec->text_count, sizeof(png_text));
        if (s->png_texts == NULL) {
            fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for text chunks");
        }
        for (size_t i = 0; i < spec->text_count; i++) {
            const inkling_png_text *text = &spec->texts[i];
            png_textp chunk = &s->png_texts[i];
            chunk->compression = text->utf8 ? PNG_ITXT_COMPRESSION_NONE : PNG_TEXT_COMPRESSION_NONE;
            chunk->key = (png_charp)text->keyword;
            chunk->text = (png_charp)text->text;
            chunk->text_length = text->utf8 ? 0 : text->text_length;
            chunk->itxt_length = text->utf8 ? text->text_length : 0;
            chunk->lang = NULL;
            chunk->lang_key = NULL;
        }
        png_set_text(png, info, s->png_texts, (int)spec->text_count);
    }

    png_write_info(png, info);
    s->rows = malloc((size_t)spec->height * sizeof(png_bytep));
    if (s->rows == NULL) {
        fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for row pointers");
    }
    for (png_uint_32 y = 0; y < spec->height; y++) {
        s->rows[y] = (png_bytep)(spec->rows + (size_t)y * spec->row_stride);
    }
    png_write_image(png, s->rows); /* handles Adam7 passes itself */
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return INKLING_PNG_OK;
}

inkling_png_status inkling_png_encode(const inkling_png_image_spec *spec,
                                      uint8_t **out_data, size_t *out_size,
                                      char *error, size_t error_size)
{
    shim_state s;
    memset(&s, 0, sizeof s);
    s.error = error;
    s.error_size = error_size;
    if (error != NULL && error_size > 0) {
        error[0] = '\0';
    }
    if (out_data == NULL || out_size == NULL || spec == NULL) {
        set_message(&s, "inkling_png_encode: null argument");
        return INKLING_PNG_INVALID_ARGUMENT;
    }
    *out_data = NULL;
    *out_size = 0;
    const char *problem = validate_spec(spec);
    if (problem != NULL) {
        set_message(&s, "%s", problem);
        return INKLING_PNG_INVALID_ARGUMENT;
    }

    inkling_png_status status = write_with_libpng(&s, spec);
    free(s.rows);
    free(s.png_texts);
    if (status != INKLING_PNG_OK) {
        free(s.output);
        return status;
    }
    *out_data = s.output;
    *out_size = s.output_size;
    return INKLING_PNG_OK;
}

void inkling_png_free(void *data)
{
    free(data);
}

const char *inkling_png_libpng_version(void)
{
    return png_get_libpng_ver(NULL);
}
