// gzip inflation for request bodies, bounded in output, and zlib deflation for PNG text chunks:
// zlib's z_stream never leaves this file.
#include "inkling_zlib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void say(char *message, size_t cap, const char *text) {
    if (message && cap > 0) snprintf(message, cap, "%s", text ? text : "corrupt data");
}

inkling_gunzip_result inkling_gunzip(const uint8_t *in, size_t in_len, size_t max_out,
                                     uint8_t **out, size_t *out_len, char *message, size_t message_cap) {
    *out = NULL;
    *out_len = 0;
    if (message && message_cap > 0) message[0] = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 16 + MAX_WBITS: a gzip header and trailer (not zlib's, not raw deflate).
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return INKLING_GUNZIP_NO_MEMORY;
    size_t capacity = in_len * 4 + 4096;
    if (capacity > max_out + 1) capacity = max_out + 1;
    uint8_t *buffer = malloc(capacity);
    if (!buffer) { inflateEnd(&stream); return INKLING_GUNZIP_NO_MEMORY; }
    size_t length = 0;
    const uint8_t *next = in;
    size_t left = in_len;
    inkling_gunzip_result result = INKLING_GUNZIP_OK;
    for (;;) {
        // zlib counts in uInt: feed and take at most 1 GiB a step.
        size_t feed = left < (1u << 30) ? left : (1u << 30);
        stream.next_in = (Bytef *)next;
        stream.avail_in = (uInt)feed;
        if (length == capacity) {
            if (capacity > max_out) { result = INKLING_GUNZIP_TOO_LARGE; break; }
            size_t grown = capacity * 2;
            if (grown > max_out + 1) grown = max_out + 1;
            uint8_t *bigger = realloc(buffer, grown);
            if (!bigger) { result = INKLING_GUNZIP_NO_MEMORY; break; }
            buffer = bigger;
            capacity = grown;
        }
        size_t room = capacity - length;
        if (room > (1u << 30)) room = 1u << 30;
        stream.next_out = buffer + length;
        stream.avail_out = (uInt)room;
        int status = inflate(&stream, Z_NO_FLUSH);
        size_t used = feed - stream.avail_in;
        next += used;
        left -= used;
        length += room - stream.avail_out;
        if (length > max_out) { result = INKLING_GUNZIP_TOO_LARGE; break; }
        if (status == Z_STREAM_END) {
            if (left == 0) break;
            // Another member follows (gzip allows concatenation); anything else is garbage.
            if (left < 2 || next[0] != 0x1f || next[1] != 0x8b) {
                say(message, message_cap, "bytes after the end of the gzip data");
                result = INKLING_GUNZIP_INVALID;
                break;
            }
            if (inflateReset(&stream) != Z_OK) { result = INKLING_GUNZIP_NO_MEMORY; break; }
            continue;
        }
        if (status == Z_OK) continue;
        if (status == Z_BUF_ERROR && stream.avail_out == 0) continue;  // the buffer grows
        if (status == Z_MEM_ERROR) { result = INKLING_GUNZIP_NO_MEMORY; break; }
        say(message, message_cap, status == Z_BUF_ERROR ? "the gzip data ends early" : stream.msg);
        result = INKLING_GUNZIP_INVALID;
        break;
    }
    inflateEnd(&stream);
    if (result != INKLING_GUNZIP_OK) { free(buffer); return result; }
    *out = buffer;
    *out_len = length;
    return INKLING_GUNZIP_OK;
}

inkling_deflate_result inkling_deflate(const uint8_t *in, size_t in_len, int level, int window_bits,
                                       uint8_t **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    if (level < -1 || level > 9 || window_bits < 9 || window_bits > 15 || (in == NULL && in_len > 0)) {
        return INKLING_DEFLATE_INVALID_ARGUMENT;
    }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // Positive window bits: a zlib header and Adler-32 trailer.
    if (deflateInit2(&stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return INKLING_DEFLATE_NO_MEMORY;
    }
    // deflateBound counts in uLong; past it (or for inputs it cannot count) the buffer grows.
    size_t capacity = in_len < (1u << 30) ? (size_t)deflateBound(&stream, (uLong)in_len) : in_len / 2 + 4096;
    uint8_t *buffer = malloc(capacity);
    if (!buffer) { deflateEnd(&stream); return INKLING_DEFLATE_NO_MEMORY; }
    size_t length = 0;
    const uint8_t *next = in;
    size_t left = in_len;
    inkling_deflate_result result = INKLING_DEFLATE_OK;
    for (;;) {
        if (length == capacity) {
            if (capacity > SIZE_MAX / 2) { result = INKLING_DEFLATE_NO_MEMORY; break; }
            uint8_t *bigger = realloc(buffer, capacity * 2);
            if (!bigger) { result = INKLING_DEFLATE_NO_MEMORY; break; }
            buffer = bigger;
            capacity *= 2;
        }
        // zlib counts in uInt: feed and take at most 1 GiB a step.
        size_t feed = left < (1u << 30) ? left : (1u << 30);
        size_t room = capacity - length < (1u << 30) ? capacity - length : (1u << 30);
        stream.next_in = (Bytef *)next;
        stream.avail_in = (uInt)feed;
        stream.next_out = buffer + length;
        stream.avail_out = (uInt)room;
        int status = deflate(&stream, feed == left ? Z_FINISH : Z_NO_FLUSH);
        size_t used = feed - stream.avail_in;
        next += used;
        left -= used;
        length += room - stream.avail_out;
        if (status == Z_STREAM_END) break;
        if (status == Z_OK || status == Z_BUF_ERROR) continue;  // more output room or more input
        result = INKLING_DEFLATE_NO_MEMORY;
        break;
    }
    deflateEnd(&stream);
    if (result != INKLING_DEFLATE_OK) { free(buffer); return result; }
    *out = buffer;
    *out_len = length;
    return INKLING_DEFLATE_OK;
}

void inkling_zlib_free(uint8_t *buffer) { free(buffer); }
