/*
 * Process-wide glibc malloc settings for a server (see inkling_http_tune_memory in
 * inkling_http.h): nothing to do with one server's connections, so kept apart from them.
 */
#include "inkling_http.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void inkling_http_tune_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
    mallopt(M_MXFAST, 0);
#endif
}
