/*
 * JPEG encoding: 8-bit gray or RGB pixels in, a JFIF file in memory out; every
 * libjpeg error becomes a status code plus a message. See
 * include/inkling_jpeg.h for the contract.
 *
 * The compressed bytes go to a destination manager of our own (a buffer that
 * doubles as it fills) rather than libjpeg's jpeg_mem_dest, whose buffer
 * pointer is only published when compression finishes: after an error in the
 * middle it would be stale, and the live buffer unreachable.
 */

#include "inkling_jpeg.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* Everything one encode call touches; reached through a pointer so that
 * nothing modified after setjmp lives only in a register. */
typedef struct encoder {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    struct jpeg_destination_mgr dest;
    jmp_buf jump;
    inkling_jpeg_status status; /* set before longjmp by our own checks */
    int message_set;
    char *error;
    size_t error_size;
    uint8_t *buffer;    /* the file so far (malloc'ed; owned here until handed out) */
    size_t capacity;    /* bytes allocated in buffer */
    size_t size;        /* bytes written, once compression has finished */
    size_t initial;     /* the first allocation */
} encoder;

static void encoder_message(encoder *e, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void encoder_message(encoder *e, const char *format, ...)
{
    e->message_set = 1;
    if (e->error == NULL || e->error_size == 0) {
        return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(e->error, e->error_size, format, args);
    va_end(args);
    for (char *c = e->error; *c != '\0'; c++) {
        if (*c == '\n' || *c == '\r') {
            *c = ' ';
        }
    }
}

static void encoder_fail(encoder *e, inkling_jpeg_status status) __attribute__((noreturn));

static void encoder_fail(encoder *e, inkling_jpeg_status status)
{
    if (e->status == INKLING_JPEG_OK) {
        e->status = status;
    }
    longjmp(e->jump, 1);
}

/* libjpeg's fatal error hook: record status and libjpeg's text, jump back. */
static void on_encode_error(j_common_ptr common)
{
    encoder *e = (encoder *)common->client_data;
    if (!e->message_set) {
        char text[JMSG_LENGTH_MAX];
        common->err->format_message(common, text);
        encoder_message(e, "%s", text);
    }
    encoder_fail(e, common->err->msg_code == JERR_OUT_OF_MEMORY ? INKLING_JPEG_OUT_OF_MEMORY : INKLING_JPEG_ENCODE_FAILED);
}

/* Compression warnings and traces carry nothing a caller could act on. */
static void on_encode_message(j_common_ptr common, int level)
{
    (void)common;
    (void)level;
}

static void destination_init(j_compress_ptr cinfo)
{
    encoder *e = (encoder *)cinfo->client_data;
    e->buffer = malloc(e->initial);
    if (e->buffer == NULL) {
        encoder_message(e, "out of memory for the JPEG's first %zu bytes", e->initial);
        encoder_fail(e, INKLING_JPEG_OUT_OF_MEMORY);
    }
    e->capacity = e->initial;
    e->dest.next_output_byte = e->buffer;
    e->dest.free_in_buffer = e->capacity;
}

/* The whole buffer is full (libjpeg's contract): double it. */
static boolean destination_empty(j_compress_ptr cinfo)
{
    encoder *e = (encoder *)cinfo->client_data;
    size_t used = e->capacity;
    if (used > SIZE_MAX / 2) {
        encoder_message(e, "the JPEG grew past %zu bytes", used);
        encoder_fail(e, INKLING_JPEG_OUT_OF_MEMORY);
    }
    uint8_t *grown = realloc(e->buffer, used * 2);
    if (grown == NULL) {
        encoder_message(e, "out of memory for a JPEG of more than %zu bytes", used);
        encoder_fail(e, INKLING_JPEG_OUT_OF_MEMORY);
    }
    e->buffer = grown;
    e->capacity = used * 2;
    e->dest.next_output_byte = e->buffer + used;
    e->dest.free_in_buffer = e->capacity - used;
    return TRUE;
}

static void destination_term(j_compress_ptr cinfo)
{
    encoder *e = (encoder *)cinfo->client_data;
    e->size = e->capacity - e->dest.free_in_buffer;
}

/* Runs libjpeg over the pixels; `e` owns everything allocated. */
static inkling_jpeg_status compress(encoder *e, const uint8_t *pixels, uint32_t width, uint32_t height,
                                    int channels, int quality)
{
    struct jpeg_compress_struct *cinfo = &e->cinfo;
    cinfo->err = jpeg_std_error(&e->jerr);
    e->jerr.error_exit = on_encode_error;
    e->jerr.emit_message = on_encode_message;
    cinfo->client_data = e;
    if (setjmp(e->jump)) {
        jpeg_destroy_compress(cinfo);
        return e->status != INKLING_JPEG_OK ? e->status : INKLING_JPEG_ENCODE_FAILED;
    }
    jpeg_create_compress(cinfo);
    e->dest.init_destination = destination_init;
    e->dest.empty_output_buffer = destination_empty;
    e->dest.term_destination = destination_term;
    cinfo->dest = &e->dest;
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = channels;
    cinfo->in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->optimize_coding = TRUE;
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_start_compress(cinfo, TRUE);
    size_t row_bytes = (size_t)width * (size_t)channels;
    while (cinfo->next_scanline < cinfo->image_height) {
        /* libjpeg takes rows as non-const but only reads them. */
        JSAMPROW row = (JSAMPROW)(uintptr_t)(pixels + (size_t)cinfo->next_scanline * row_bytes);
        if (jpeg_write_scanlines(cinfo, &row, 1) != 1) {
            encoder_message(e, "libjpeg took no row at row %u of %u", (unsigned)cinfo->next_scanline, (unsigned)height);
            encoder_fail(e, INKLING_JPEG_ENCODE_FAILED);
        }
    }
    jpeg_finish_compress(cinfo);
    jpeg_destroy_compress(cinfo);
    return INKLING_JPEG_OK;
}

inkling_jpeg_status inkling_jpeg_encode(const uint8_t *pixels, size_t pixels_size,
                                        uint32_t width, uint32_t height, int channels, int quality,
                                        inkling_jpeg_encoded *out,
                                        char *error, size_t error_size)
{
    if (error != NULL && error_size > 0) {
        error[0] = '\0';
    }
    if (out != NULL) {
        memset(out, 0, sizeof(*out));
    }
    encoder *e = calloc(1, sizeof(encoder));
    if (e == NULL) {
        if (error != NULL && error_size > 0) {
            snprintf(error, error_size, "out of memory for the JPEG encoder");
        }
        return INKLING_JPEG_OUT_OF_MEMORY;
    }
    e->error = error;
    e->error_size = error_size;
    inkling_jpeg_status status;
    if (out == NULL || pixels == NULL) {
        encoder_message(e, "inkling_jpeg_encode: null argument");
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else if (channels != 1 && channels != 3) {
        encoder_message(e, "a JPEG is encoded from 1 (gray) or 3 (RGB) samples per pixel, not %d", channels);
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else if (width == 0 || height == 0 || width > INKLING_JPEG_MAX_SIDE || height > INKLING_JPEG_MAX_SIDE) {
        encoder_message(e, "a JPEG is 1...%d pixels a side, not %u x %u", INKLING_JPEG_MAX_SIDE, (unsigned)width, (unsigned)height);
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else if (quality < 1 || quality > 100) {
        encoder_message(e, "JPEG quality is 1...100, not %d", quality);
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else if ((uint64_t)width * (uint64_t)height * (uint64_t)channels != (uint64_t)pixels_size) {
        encoder_message(e, "%zu bytes of pixels for %u x %u x %d samples", pixels_size, (unsigned)width, (unsigned)height, channels);
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else {
        /* A start that fits most previews at once: an eighth of the raw pixels, at least 16 KiB. */
        e->initial = pixels_size / 8 > 16384 ? pixels_size / 8 : 16384;
        status = compress(e, pixels, width, height, channels, quality);
        if (status == INKLING_JPEG_OK) {
            out->bytes = e->buffer;
            out->size = e->size;
            e->buffer = NULL;
        }
    }
    free(e->buffer);
    free(e);
    return status;
}

void inkling_jpeg_encoded_free(inkling_jpeg_encoded *encoded)
{
    if (encoded == NULL) {
        return;
    }
    free(encoded->bytes);
    memset(encoded, 0, sizeof(*encoded));
}
