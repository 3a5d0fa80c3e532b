#ifndef INKLING_HTTP_EXCHANGE_H
#define INKLING_HTTP_EXCHANGE_H
/* The exchange's private layout, shared by the server and exchange halves of the shim. */
#include "inkling_http.h"

#include <pthread.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <microhttpd.h>

#define INKLING_HTTP_CLIENT_SIZE 64
/* A body without a declared length that passes the cap is discarded up to this many times the
   cap (to answer 413 once it ends); beyond that the connection is closed without an answer. */
#define INKLING_HTTP_DISCARD_FACTOR 8

enum { INKLING_ANSWER_NONE = 0, INKLING_ANSWER_WHOLE = 1, INKLING_ANSWER_STREAM = 2, INKLING_ANSWER_UPGRADE = 3 };

/* The server's upgraded connections (inkling_http_upgrade.c). */
typedef struct inkling_http_upgrades inkling_http_upgrades;

struct inkling_http_exchange {
    pthread_mutex_t lock;     /* guards everything below that changes after dispatch */
    int references;           /* atomic: libmicrohttpd's, the handler's, a streamed response's */
    struct MHD_Connection *connection; /* NULL once the request is over */
    char *method;
    char *path;
    char *version;
    int nul;                  /* the path or a query argument decoded a NUL byte */
    void *record;             /* the server's record of the connection (inkling_http.c) */
    char client[INKLING_HTTP_CLIENT_SIZE];
    uint8_t *body;
    size_t body_length, body_capacity;
    int too_large;
    int over_budget;          /* refused for the server-wide body budget */
    size_t counted;           /* body bytes counted in the server's budget (connection thread only) */
    size_t discarded;         /* bytes of an over-cap body thrown away so far */
    int dispatched;           /* only touched on the connection's thread */
    int in_handler;
    int suspended;
    int closed;
    int answer;               /* INKLING_ANSWER_* */
    int queued;
    unsigned status;
    char *headers;
    uint8_t *reply;           /* whole answer, or pending stream bytes */
    size_t reply_length, reply_capacity, reply_offset;
    int finished;             /* the stream has ended */
    inkling_http_exchange *next, *prev; /* the server's list of live exchanges */
    inkling_http_upgrades *upgrades;      /* the server's upgraded connections */
    inkling_http_upgrade_handler upgrade_handler; /* until called (once: with a handle, or NULL) */
    void *upgrade_context;
    int upgraded;             /* atomic: the connection has been handed over (no longer pending) */
};

inkling_http_exchange *inkling_http_exchange_create(struct MHD_Connection *connection, const char *method,
                                                    const char *path, const char *version, const char *client);
void inkling_http_exchange_retain(inkling_http_exchange *exchange);
int inkling_http_exchange_append_body(inkling_http_exchange *exchange, const uint8_t *bytes, size_t length);
void inkling_http_exchange_drop_body(inkling_http_exchange *exchange);
/* Records an answer (lock held); 0 when out of memory. */
int inkling_http_exchange_set_answer_locked(inkling_http_exchange *exchange, int kind, unsigned status,
                                            const char *headers, const uint8_t *body, size_t length);
/* Hands the recorded answer to libmicrohttpd (lock held, on the connection's thread). */
void inkling_http_exchange_queue_locked(inkling_http_exchange *exchange);

/* The 101 response that hands the exchange's connection to its upgrade handler, or NULL. */
struct MHD_Response *inkling_http_upgrade_response(inkling_http_exchange *exchange);
/* Calls an upgrade handler that was never called, with NULL (the exchange is being freed). */
void inkling_http_upgrade_abandon(inkling_http_exchange *exchange);
inkling_http_upgrades *inkling_http_upgrades_create(void);
/* Shuts and hands back every upgraded connection, and every one that arrives later (before
   MHD_stop_daemon); waits for releases in progress. */
void inkling_http_upgrades_close_all(inkling_http_upgrades *upgrades);
unsigned inkling_http_upgrades_count(inkling_http_upgrades *upgrades);
/* After MHD_stop_daemon. */
void inkling_http_upgrades_free(inkling_http_upgrades *upgrades);

#endif
