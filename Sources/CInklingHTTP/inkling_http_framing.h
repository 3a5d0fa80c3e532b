#ifndef INKLING_HTTP_FRAMING_H
#define INKLING_HTTP_FRAMING_H
/* The one rule for request heads a proxy and this server could frame differently. */
#include <microhttpd.h>

/* Why the request's framing is ambiguous (a one-line reason), or NULL when it is not: both
   Content-Length and Transfer-Encoding, either twice, a Transfer-Encoding other than chunked,
   Host twice. Call it once the head has arrived. */
const char *inkling_http_framing_problem(struct MHD_Connection *connection);

#endif
