#ifndef INKLING_ZLIB_H
#define INKLING_ZLIB_H

#include <stddef.h>
#include <stdint.h>

/// What `inkling_gunzip` came to.
typedef enum {
    INKLING_GUNZIP_OK = 0,
    /// The output would exceed `max_out` bytes: inflation stopped there.
    INKLING_GUNZIP_TOO_LARGE = 1,
    /// Not gzip, corrupt, truncated, or bytes after the last member.
    INKLING_GUNZIP_INVALID = 2,
    /// Out of memory.
    INKLING_GUNZIP_NO_MEMORY = 3,
} inkling_gunzip_result;

/// Inflates the gzip data `in` (one member or several, concatenated) into a buffer it allocates,
/// never more than `max_out` bytes: inflation stops as soon as the output would pass it. On OK,
/// `*out` (to be freed with `inkling_zlib_free`) holds `*out_len` bytes; otherwise `*out` is
/// NULL, and for INVALID `message` holds zlib's reason (NUL-terminated, at most
/// `message_cap` bytes).
inkling_gunzip_result inkling_gunzip(const uint8_t *in, size_t in_len, size_t max_out,
                                     uint8_t **out, size_t *out_len, char *message, size_t message_cap);

/// What `inkling_deflate` came to.
typedef enum {
    INKLING_DEFLATE_OK = 0,
    /// `level` is not -1…9 or `window_bits` not 9…15.
    INKLING_DEFLATE_INVALID_ARGUMENT = 1,
    /// Out of memory, or the output would not fit a `size_t`.
    INKLING_DEFLATE_NO_MEMORY = 2,
} inkling_deflate_result;

/// Compresses `in` into one zlib stream (RFC 1950: zlib header, deflate data, Adler-32; not
/// gzip, not raw deflate) at `level` (-1 for zlib's default, 6) with a window of
/// 2^`window_bits` bytes, memory level 8 and the default strategy, in a buffer it allocates.
/// The same input and arguments give the same bytes (for the same zlib). On OK, `*out` (to be
/// freed with `inkling_zlib_free`) holds `*out_len` bytes; otherwise `*out` is NULL.
inkling_deflate_result inkling_deflate(const uint8_t *in, size_t in_len, int level, int window_bits,
                                       uint8_t **out, size_t *out_len);

/// Frees a buffer `inkling_gunzip` or `inkling_deflate` returned.
void inkling_zlib_free(uint8_t *buffer);

#endif
