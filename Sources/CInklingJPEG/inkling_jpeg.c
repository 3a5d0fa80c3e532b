/*
 * JPEG decoding: every libjpeg error becomes a status code plus a message.
 * See include/inkling_jpeg.h for the contract.
 */

#include "inkling_jpeg.h"

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* Progressive files with more scans than this are rejected: each scan makes
 * libjpeg walk every coefficient again, so a small file with thousands of
 * tiny scans is a cheap way to burn CPU. Real encoders write at most ~100. */
#define MAX_SCANS 1000

/* Everything one decode call touches; reached through a pointer so that
 * nothing modified after setjmp lives only in a register. */
typedef struct decoder {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr jerr;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    inkling_jpeg_status status; /* set before longjmp by our own checks */
    int message_set;
    int warnings;
    char *error;
    size_t error_size;
    size_t input_size;
    uint8_t *pixels;
    uint8_t *row; /* one CMYK scanline */
} decoder;

static void set_message(decoder *d, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void set_message(decoder *d, const char *format, ...)
{
    if (d->error == NULL || d->error_size == 0) {
        d->message_set = 1;
        return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(d->error, d->error_size, format, args);
    va_end(args);
    for (char *c = d->error; *c != '\0'; c++) {
        if (*c == '\n' || *c == '\r') {
            *c = ' ';
        }
    }
    d->message_set = 1;
}

static void fail(decoder *d, inkling_jpeg_status status) __attribute__((noreturn));

static void fail(decoder *d, inkling_jpeg_status status)
{
    if (d->status == INKLING_JPEG_OK) {
        d->status = status;
    }
    longjmp(d->jump, 1);
}

/* libjpeg's fatal error hook: record status and libjpeg's text, jump back. */
static void on_error_exit(j_common_ptr common)
{
    decoder *d = (decoder *)common->client_data;
    inkling_jpeg_status status;
    switch (common->err->msg_code) {
    case JERR_NO_SOI:
        status = INKLING_JPEG_NOT_JPEG;
        break;
    case JERR_INPUT_EOF:
    case JERR_INPUT_EMPTY:
        status = INKLING_JPEG_TRUNCATED;
        break;
    case JERR_OUT_OF_MEMORY:
        status = INKLING_JPEG_OUT_OF_MEMORY;
        break;
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
        status = INKLING_JPEG_TOO_LARGE;
        break;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOTIMPL:
    case JERR_BAD_PRECISION:
        status = INKLING_JPEG_UNSUPPORTED;
        break;
    default:
        status = INKLING_JPEG_CORRUPT;
        break;
    }
    if (!d->message_set) {
        char text[JMSG_LENGTH_MAX];
        common->err->format_message(common, text);
        set_message(d, "%s", text);
    }
    fail(d, status);
}

/* libjpeg's message hook: a premature end of data is fatal here (libjpeg
 * itself would pad with gray); other warnings are counted; traces ignored. */
static void on_emit_message(j_common_ptr common, int level)
{
    if (level >= 0) {
        return;
    }
    decoder *d = (decoder *)common->client_data;
    if (common->err->msg_code == JWRN_JPEG_EOF) {
        set_message(d, "JPEG data ends after %zu bytes, before the image is complete", d->input_size);
        fail(d, INKLING_JPEG_TRUNCATED);
    }
    common->err->num_warnings++;
    d->warnings++;
}

static void on_progress(j_common_ptr common)
{
    decoder *d = (decoder *)common->client_data;
    if (common->is_decompressor && d->cinfo.input_scan_number > MAX_SCANS) {
        set_message(d, "JPEG has more than %d scans; refusing to decode it", MAX_SCANS);
        fail(d, INKLING_JPEG_CORRUPT);
    }
}

static uint32_t read_u16(const uint8_t *p, int little)
{
    return little ? (uint32_t)p[0] | ((uint32_t)p[1] << 8) : ((uint32_t)p[0] << 8) | (uint32_t)p[1];
}

static uint32_t read_u32(const uint8_t *p, int little)
{
    return little ? read_u16(p, 1) | (read_u16(p + 2, 1) << 16) : (read_u16(p, 0) << 16) | read_u16(p + 2, 0);
}

/* EXIF orientation (tag 0x0112 in IFD0) of an APP1 payload, or 1. */
static int exif_orientation(const uint8_t *data, size_t length)
{
    static const uint8_t header[6] = {'E', 'x', 'i', 'f', 0, 0};
    if (length < 6 + 8 || memcmp(data, header, 6) != 0) {
        return 1;
    }
    const uint8_t *tiff = data + 6;
    size_t size = length - 6;
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') {
        little = 1;
    } else if (tiff[0] == 'M' && tiff[1] == 'M') {
        little = 0;
    } else {
        return 1;
    }
    if (read_u16(tiff + 2, little) != 42) {
        return 1;
    }
    uint32_t ifd = read_u32(tiff + 4, little);
    if (ifd > size || size - ifd < 2) {
        return 1;
    }
    uint32_t count = read_u16(tiff + ifd, little);
    for (uint32_t i = 0; i < count; i++) {
        size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > size) {
            return 1;
        }
        if (read_u16(tiff + entry, little) == 0x0112 && read_u16(tiff + entry + 2, little) == 3) {
            uint32_t value = read_u16(tiff + entry + 8, little);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
}

static int space_of(J_COLOR_SPACE space)
{
    switch (space) {
    case JCS_GRAYSCALE: return INKLING_JPEG_SPACE_GRAY;
    case JCS_RGB: return INKLING_JPEG_SPACE_RGB;
    case JCS_YCbCr: return INKLING_JPEG_SPACE_YCBCR;
    case JCS_CMYK: return INKLING_JPEG_SPACE_CMYK;
    case JCS_YCCK: return INKLING_JPEG_SPACE_YCCK;
    default: return INKLING_JPEG_SPACE_UNKNOWN;
    }
}

/* Converts one CMYK scanline to RGB; Adobe files store the samples inverted. */
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, JDIMENSION width, int inverted)
{
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        /* Now c, m, y, k are "amount of white left": product / 255, rounded. */
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

/* Runs libjpeg over the input; `d` owns everything allocated. */
static inkling_jpeg_status run(decoder *d, const uint8_t *data, size_t size, uint64_t max_pixels,
                               inkling_jpeg_decoded *out)
{
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    cinfo->err = jpeg_std_error(&d->jerr);
    d->jerr.error_exit = on_error_exit;
    d->jerr.emit_message = on_emit_message;
    cinfo->client_data = d;
    if (setjmp(d->jump)) {
        jpeg_destroy_decompress(cinfo);
        return d->status != INKLING_JPEG_OK ? d->status : INKLING_JPEG_CORRUPT;
    }
    jpeg_create_decompress(cinfo);
    d->progress.progress_monitor = on_progress;
    cinfo->progress = &d->progress;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);

    uint64_t width = cinfo->image_width, height = cinfo->image_height;
    if (width == 0 || height == 0 || width * height > max_pixels) {
        out->width = (uint32_t)width;
        out->height = (uint32_t)height;
        set_message(d, "JPEG declares %" PRIu64 " x %" PRIu64 " pixels; the limit is %" PRIu64 " pixels",
                    width, height, max_pixels);
        fail(d, width == 0 || height == 0 ? INKLING_JPEG_CORRUPT : INKLING_JPEG_TOO_LARGE);
    }
    int orientation = 1;
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) {
            orientation = exif_orientation(marker->data, marker->data_length);
            if (orientation != 1) {
                break;
            }
        }
    }

    int source_space = space_of(cinfo->jpeg_color_space);
    int cmyk = 0;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo->out_color_space = JCS_GRAYSCALE;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        cmyk = 1;
        break;
    case JCS_RGB:
    case JCS_YCbCr:
        cinfo->out_color_space = JCS_RGB;
        break;
    default:
        set_message(d, "JPEG with %d components in an unknown colour space cannot be converted to RGB",
                    cinfo->num_components);
        fail(d, INKLING_JPEG_UNSUPPORTED);
    }
    jpeg_start_decompress(cinfo);
    int channels = cmyk ? 3 : cinfo->output_components;
    if (cinfo->output_width != width || cinfo->output_height != height ||
        cinfo->output_components != (cmyk ? 4 : (channels == 1 ? 1 : 3))) {
        set_message(d, "JPEG did not convert to 8-bit gray or RGB");
        fail(d, INKLING_JPEG_UNSUPPORTED);
    }
    size_t row_bytes = (size_t)width * (size_t)channels;
    size_t total = row_bytes * (size_t)height;
    d->pixels = malloc(total);
    if (cmyk) {
        d->row = malloc((size_t)width * 4);
    }
    if (d->pixels == NULL || (cmyk && d->row == NULL)) {
        set_message(d, "out of memory for the JPEG's %" PRIu64 " x %" PRIu64 " pixels", width, height);
        fail(d, INKLING_JPEG_OUT_OF_MEMORY);
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION y = cinfo->output_scanline;
        uint8_t *target = d->pixels + (size_t)y * row_bytes;
        JSAMPROW row = cmyk ? d->row : target;
        if (jpeg_read_scanlines(cinfo, &row, 1) != 1) {
            set_message(d, "JPEG decoder stopped at row %u of %" PRIu64, (unsigned)y, height);
            fail(d, INKLING_JPEG_CORRUPT);
        }
        if (cmyk) {
            cmyk_to_rgb(d->row, target, cinfo->output_width, cinfo->saw_Adobe_marker);
        }
    }
    out->progressive = jpeg_has_multiple_scans(cinfo) ? 1 : 0;
    jpeg_finish_decompress(cinfo);
    jpeg_destroy_decompress(cinfo);

    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    out->channels = channels;
    out->pixels = d->pixels;
    out->pixels_size = total;
    out->source_color_space = source_space;
    out->orientation = orientation;
    out->warnings = d->warnings;
    d->pixels = NULL;
    return INKLING_JPEG_OK;
}

inkling_jpeg_status inkling_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                                        inkling_jpeg_decoded *out,
                                        char *error, size_t error_size)
{
    decoder *d = calloc(1, sizeof(decoder));
    if (error != NULL && error_size > 0) {
        error[0] = '\0';
    }
    if (d == NULL) {
        if (error != NULL && error_size > 0) {
            snprintf(error, error_size, "out of memory for the JPEG decoder");
        }
        return INKLING_JPEG_OUT_OF_MEMORY;
    }
    d->error = error;
    d->error_size = error_size;
    d->input_size = size;
    inkling_jpeg_status status;
    if (out == NULL || (data == NULL && size > 0) || max_pixels == 0) {
        set_message(d, "inkling_jpeg_decode: null argument or zero pixel limit");
        status = INKLING_JPEG_INVALID_ARGUMENT;
    } else {
        memset(out, 0, sizeof(*out));
        if (size == 0) {
            set_message(d, "JPEG data is empty");
            status = INKLING_JPEG_TRUNCATED;
        } else if (data[0] != 0xFF || (size >= 2 && data[1] != 0xD8)) {
            set_message(d, "data does not start with the JPEG start-of-image marker FF D8");
            status = INKLING_JPEG_NOT_JPEG;
        } else if (size < 2) {
            set_message(d, "JPEG data ends after 1 byte");
            status = INKLING_JPEG_TRUNCATED;
        } else {
            status = run(d, data, size, max_pixels, out);
            if (status != INKLING_JPEG_OK) {
                uint32_t width = out->width, height = out->height;
                memset(out, 0, sizeof(*out));
                if (status == INKLING_JPEG_TOO_LARGE) {
                    out->width = width;
                    out->height = height;
                }
            }
        }
    }
    free(d->pixels);
    free(d->row);
    free(d);
    return status;
}

void inkling_jpeg_decoded_free(inkling_jpeg_decoded *decoded)
{
    if (decoded == NULL) {
        return;
    }
    free(decoded->pixels);
    memset(decoded, 0, sizeof(*decoded));
}

int inkling_jpeg_lib_version(void)
{
    return JPEG_LIB_VERSION;
}
