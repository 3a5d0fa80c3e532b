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

/// Frees a buffer `inkling_gunzip` returned.
void inkling_zlib_free(uint8_t *buffer);

#endif
