/*
 * Helpers shared by the reader and the writer, and the small free/version
 * functions of the public API. See include/inkling_png.h for the contract.
 */

#include "inkling_png_shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void shim_init(shim_state *s, char *error, size_t error_size)
{
    memset(s, 0, sizeof *s);
    s->error = error;
    s->error_size = error_size;
    if (error != NULL && error_size > 0) {
        error[0] = '\0';
    }
}

void shim_set_message(shim_state *s, const char *format, ...)
                      {
                      if (s->error == NULL || s->error_size == 0) {
                      return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(s->error, s->error_size, format, args);
    va_end(args);
}

void shim_fail(png_structp png, inkling_png_status status, const char *message)
               {
               shim_state *s = png_get_error_ptr(png);
    if (s->status == INKLING_PNG_OK) {
        s->status = status;
        shim_set_message(s, "%s", message);
    }
    png_longjmp(png, 1);
}

void shim_on_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message; /* warnings (e.g. a bad ancillary CRC) are not errors */
}

void shim_free_texts(inkling_png_text *texts, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free((void *)texts[i].keyword);
        free((void *)texts[i].text);
    }
    free(texts);
}

void inkling_png_free(void *data)
{
    free(data);
}

const char *inkling_png_libpng_version(void)
{
    return png_get_libpng_ver(NULL);
}

