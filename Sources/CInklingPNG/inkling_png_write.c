/*
 * Encoding into a growing memory buffer; every libpng write error becomes a
 * status code plus a message. See include/inkling_png.h for the contract.
 */

#include "inkling_png_shim.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static void on_write_error(png_structp png, png_const_charp message)
{
    shim_fail(png, INKLING_PNG_INVALID_ARGUMENT, message);
}

static void write_output(png_structp png, png_bytep bytes, size_t length)
{
    shim_state *s = png_get_io_ptr(png);
    if (length > SIZE_MAX - s->output_size) {
        shim_fail(png, INKLING_PNG_OUT_OF_MEMORY, "PNG output is too large");
    }
    size_t needed = s->output_size + length;
    if (needed > s->output_capacity) {
        size_t capacity = s->output_capacity > 0 ? s->output_capacity : 4096;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = realloc(s->output, capacity);
        if (grown == NULL) {
            shim_fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for the PNG output");
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
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_write_error, shim_on_warning);
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
    if (spec->filters != 0) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, spec->filters & PNG_ALL_FILTERS);
    }
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
            shim_fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for text chunks");
        }
        for (size_t i = 0; i < spec->text_count; i++) {
            const inkling_png_text *text = &spec->texts[i];
            png_textp chunk = &s->png_texts[i];
            if (text->compressed) {
                chunk->compression = text->utf8 ? PNG_ITXT_COMPRESSION_zTXt : PNG_TEXT_COMPRESSION_zTXt;
            } else {
                chunk->compression = text->utf8 ? PNG_ITXT_COMPRESSION_NONE : PNG_TEXT_COMPRESSION_NONE;
            }
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
        shim_fail(png, INKLING_PNG_OUT_OF_MEMORY, "out of memory for row pointers");
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
    shim_init(&s, error, error_size);
    if (out_data == NULL || out_size == NULL || spec == NULL) {
        shim_set_message(&s, "inkling_png_encode: null argument");
        return INKLING_PNG_INVALID_ARGUMENT;
    }
    *out_data = NULL;
    *out_size = 0;
    const char *problem = validate_spec(spec);
    if (problem != NULL) {
        shim_set_message(&s, "%s", problem);
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
