#ifndef INKLING_PNG_SHIM_H
#define INKLING_PNG_SHIM_H

/*
 * Private to the CInklingPNG target: state and helpers shared by the reader
 * (inkling_png_read.c) and the writer (inkling_png_write.c). Not exported to
 * Swift; the public API is include/inkling_png.h.
 */

#include "inkling_png.h"

#include <png.h>

/* Largest width or height PNG allows. */
#define MAX_PNG_DIMENSION 0x7fffffffu

#define SHIM_HIDDEN __attribute__((visibility("hidden")))

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

/* Zeroes the state and attaches the caller's error buffer (emptied, if any). */
SHIM_HIDDEN void shim_init(shim_state *s, char *error, size_t error_size);

/* Formats a one-line message into the caller's error buffer, if any. */
SHIM_HIDDEN void shim_set_message(shim_state *s, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Fails the current call: records status and message unless our own code
 * already did, then longjmps back to the setjmp of the current call. */
SHIM_HIDDEN void shim_fail(png_structp png, inkling_png_status status, const char *message)
    __attribute__((noreturn));

/* libpng warning callback: warnings (e.g. a bad ancillary CRC) are ignored. */
SHIM_HIDDEN void shim_on_warning(png_structp png, png_const_charp message);

/* Frees `count` texts whose keyword and text were malloc'ed, then the array. */
SHIM_HIDDEN void shim_free_texts(inkling_png_text *texts, size_t count);

#endif /* INKLING_PNG_SHIM_H */
