// gzip inflation for request bodies, bounded in output: zlib's z_stream never leaves this file.
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

void inkling_zlib_free(uint8_t *buffer) { free(buffer); }
