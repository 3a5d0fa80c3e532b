#ifndef INKLING_HTTP_H
#define INKLING_HTTP_H
/*
 * Inkling's small HTTP server API over libmicrohttpd.
 *
 * Swift cannot call MHD_start_daemon (it is variadic), and the access handler's protocol
 * (called several times per request, the body arriving in pieces) is easier to get right in C.
 * This shim hides both: it accumulates each request body up to a cap, then hands the complete
 * request to one handler as an opaque exchange. The handler may answer at once, or later from
 * any thread (the connection is suspended meanwhile, so no server thread waits), either with a
 * whole response or as a stream of pieces (chunked transfer encoding).
 *
 * Ownership: every exchange handed to the handler carries one reference for the caller, which
 * must be dropped with inkling_http_exchange_release exactly once. Answers for a connection
 * that has already gone are accepted and discarded. No libmicrohttpd type appears here.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct inkling_http_server inkling_http_server;
typedef struct inkling_http_exchange inkling_http_exchange;
typedef struct inkling_http_upgraded inkling_http_upgraded;

/* Called on a server thread once a request, with its whole body, has arrived. */
typedef void (*inkling_http_handler)(void *context, inkling_http_exchange *exchange);

/* Server settings. */
typedef struct {
    const char *host;            /* numeric IPv4 or IPv6 address to bind, e.g. "127.0.0.1" or "::1" */
    uint16_t port;               /* 0 picks a free port (see inkling_http_server_port) */
    unsigned threads;            /* size of the thread pool (at least 1) */
    unsigned connection_timeout; /* seconds of inactivity before a connection is closed */
    unsigned head_timeout;       /* seconds from a connection's start (or its previous answer) to a
                                    complete request head; later, 408 and the connection is closed */
    unsigned request_deadline;   /* seconds for the whole request, head and body; later, 408 */
    unsigned connection_limit;   /* most connections open at once */
    unsigned per_address_limit;  /* most connections open at once from one address (0: no limit) */
    size_t max_body_bytes;       /* larger bodies are refused with 413 */
    size_t max_buffered_bytes;   /* most body bytes being received at once, all requests together;
                                    a body that would pass it is refused (over_budget); 0: no limit */
    int no_listen;               /* 1: no listening socket; connections come from inkling_http_server_connect */
    const char *tls_key;         /* PEM private key, with tls_cert: HTTPS through GnuTLS; NULL: plain HTTP */
    const char *tls_cert;        /* PEM certificate (chain) */
} inkling_http_config;

/* Why inkling_http_server_start failed. */
enum { INKLING_HTTP_START_FAILED = 1, INKLING_HTTP_ADDRESS_IN_USE = 2 };

/*
 * Starts a server; NULL on failure with a message in error (error_size bytes, NUL-terminated)
 * and the reason in *why (INKLING_HTTP_*). The port is never shared with another process: an
 * address in use is a failure (no SO_REUSEPORT).
 */
inkling_http_server *inkling_http_server_start(const inkling_http_config *config, inkling_http_handler handler,
                                               void *context, char *error, size_t error_size, int *why);
/* The port the server listens on. */
uint16_t inkling_http_server_port(const inkling_http_server *server);
/*
 * Hands the server one end of a connected stream socket (it takes ownership of fd), as if
 * accepted from 127.0.0.1; 1 when accepted. For servers started with no_listen.
 */
int inkling_http_server_connect(inkling_http_server *server, int fd);
/*
 * Starts draining: the listening socket is closed (new connections are refused), and every
 * request that arrives from now on is answered 503 stopping at once. Running exchanges go on.
 */
void inkling_http_server_drain(inkling_http_server *server);
/* How many requests are still being received or answered. */
unsigned inkling_http_server_pending(inkling_http_server *server);
/* Answers every suspended exchange with 503, stops the daemon and frees the server. */
void inkling_http_server_stop(inkling_http_server *server);

/*
 * Process-wide glibc malloc settings for a server (no-op elsewhere): big buffers stay in the
 * heap instead of being mapped fresh per request, and the fast bins (whose consolidation runs
 * whenever a big block is asked for) are off.
 */
void inkling_http_tune_memory(void);

/* The request method ("GET"), path without the query ("/v1/images/x"), and client address. */
const char *inkling_http_exchange_method(const inkling_http_exchange *exchange);
/* The protocol version as sent ("HTTP/1.1"). */
const char *inkling_http_exchange_version(const inkling_http_exchange *exchange);
/* Whether the path or a query argument decoded to a NUL byte (%00); the strings stop there. */
int inkling_http_exchange_has_nul(const inkling_http_exchange *exchange);
const char *inkling_http_exchange_path(const inkling_http_exchange *exchange);
const char *inkling_http_exchange_client(const inkling_http_exchange *exchange);
/* A request header or query argument, or NULL. Valid only inside the handler call. */
const char *inkling_http_exchange_header(const inkling_http_exchange *exchange, const char *name);
const char *inkling_http_exchange_query(const inkling_http_exchange *exchange, const char *name);
/*
 * Every request header (query 0) or query argument (query 1) as "name\0value\0…" into out;
 * returns the bytes needed (call again with a bigger buffer when larger than size). Valid only
 * inside the handler call.
 */
size_t inkling_http_exchange_pairs(const inkling_http_exchange *exchange, int query, char *out, size_t size);
/* The request body (possibly empty) and whether it exceeded the cap (then it is empty). */
const uint8_t *inkling_http_exchange_body(const inkling_http_exchange *exchange, size_t *length);
int inkling_http_exchange_body_too_large(const inkling_http_exchange *exchange);
/* Whether the body was refused because the server held too many body bytes at once (then it is
   empty, and body_too_large is set too). */
int inkling_http_exchange_over_budget(const inkling_http_exchange *exchange);

/*
 * Answers with a whole response. headers: "Name: value" lines separated by '\n' (may be NULL).
 * Returns 1 when accepted, 0 when the exchange was already answered or its connection is gone.
 */
int inkling_http_exchange_respond(inkling_http_exchange *exchange, unsigned status, const char *headers,
                                  const uint8_t *body, size_t length);
/* Starts a streamed answer; pieces follow with _write, and _finish ends it. Same returns. */
int inkling_http_exchange_begin_stream(inkling_http_exchange *exchange, unsigned status, const char *headers);
int inkling_http_exchange_write(inkling_http_exchange *exchange, const uint8_t *bytes, size_t length);
int inkling_http_exchange_finish(inkling_http_exchange *exchange);
/*
 * Whether the connection has closed (the client left, or the server stopped). A client that
 * hangs up while its answer is being prepared is noticed within about 100 ms.
 */
int inkling_http_exchange_closed(const inkling_http_exchange *exchange);
/* Drops the caller's reference. */
void inkling_http_exchange_release(inkling_http_exchange *exchange);

/*
 * Upgraded connections (WebSocket). An exchange answered with inkling_http_exchange_upgrade gets
 * 101 Switching Protocols with the given headers (Upgrade among them; libmicrohttpd adds
 * Connection: Upgrade). Once the 101 has been sent, libmicrohttpd hands the connection over and
 * the handler is called on a server thread with an owned handle: one reference, for the callee,
 * dropped with inkling_http_upgraded_release exactly once. When the connection ends before that
 * (the client left, the server stopped), the handler is called with NULL instead, so it is
 * always called exactly once. With TLS the handle reads and writes plain bytes: libmicrohttpd
 * runs the TLS records through a socket pair of its own.
 *
 * The handle's functions may be called from any thread, a read and a write at once; they never
 * raise SIGPIPE. An upgraded connection stays one of the server's connections (it counts against
 * connection_limit and per_address_limit) until it is released. inkling_http_server_stop shuts
 * every upgraded connection still open, waits for reads and writes in progress to return, and
 * hands the socket back to libmicrohttpd; the handle then only answers "closed" until released.
 */
typedef void (*inkling_http_upgrade_handler)(void *context, inkling_http_upgraded *upgraded);
/* Answers 101 and hands the connection to handler(context, …) once sent. Same returns as _respond;
   when 0, the handler is never called. */
int inkling_http_exchange_upgrade(inkling_http_exchange *exchange, const char *headers, inkling_http_upgrade_handler handler,
                                  void *context);

/* A read or write that found nothing to do within its timeout. */
enum { INKLING_HTTP_UPGRADED_WAIT = -2 };
/*
 * Reads what has arrived, up to size bytes, waiting at most timeout_ms: the byte count, 0 when the
 * peer closed or the connection was shut, -1 on an error, INKLING_HTTP_UPGRADED_WAIT when nothing
 * arrived in time.
 */
long inkling_http_upgraded_read(inkling_http_upgraded *upgraded, uint8_t *buffer, size_t size, int timeout_ms);
/*
 * Writes all of bytes within timeout_ms: 1 when written, 0 when the connection is gone,
 * INKLING_HTTP_UPGRADED_WAIT when the peer did not take them in time (part may have been written:
 * the connection can only be shut after that).
 */
int inkling_http_upgraded_write(inkling_http_upgraded *upgraded, const uint8_t *bytes, size_t length, int timeout_ms);
/* Shuts the connection both ways: reads and writes in progress return, later ones fail. */
void inkling_http_upgraded_shutdown(inkling_http_upgraded *upgraded);
/* How many upgraded connections the server holds now. */
unsigned inkling_http_server_upgraded(inkling_http_server *server);
/* Shuts the connection, waits for reads and writes in progress, hands it back to libmicrohttpd
   (which closes it) and drops the caller's reference. */
void inkling_http_upgraded_release(inkling_http_upgraded *upgraded);

#ifdef __cplusplus
}
#endif
#endif
