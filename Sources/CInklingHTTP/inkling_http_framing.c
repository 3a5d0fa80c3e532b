/* Ambiguous request framing (see inkling_http_framing.h). */
#include "inkling_http_framing.h"

#include <strings.h>

/* The framing headers of one request head, as counted by count_framing_header. */
typedef struct framing_counts {
    unsigned content_lengths, transfer_encodings, hosts;
    int unknown_encoding;   /* a Transfer-Encoding other than `chunked` */
} framing_counts;

static enum MHD_Result count_framing_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    framing_counts *counts = cls;
    if (!key) return MHD_YES;
    if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
        counts->content_lengths++;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
        counts->transfer_encodings++;
        if (!value || strcasecmp(value, "chunked") != 0) counts->unknown_encoding = 1;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
        counts->hosts++;
    }
    return MHD_YES;
}

/*
 * Why the request's framing is ambiguous, or NULL. A proxy in front and this server could read
 * such a head differently (where the body ends, which host it is for): both Content-Length and
 * Transfer-Encoding, Content-Length twice, Transfer-Encoding twice or other than chunked (the
 * only coding libmicrohttpd decodes), Host twice. Strict where RFC 9112 allows leniency.
 */
const char *inkling_http_framing_problem(struct MHD_Connection *connection) {
    framing_counts counts = {0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, count_framing_header, &counts);
    if (counts.content_lengths && counts.transfer_encodings) return "both Content-Length and Transfer-Encoding";
    if (counts.content_lengths > 1) return "Content-Length more than once";
    if (counts.transfer_encodings > 1) return "Transfer-Encoding more than once";
    if (counts.unknown_encoding) return "a Transfer-Encoding other than chunked";
    if (counts.hosts > 1) return "Host more than once";
    return NULL;
}
