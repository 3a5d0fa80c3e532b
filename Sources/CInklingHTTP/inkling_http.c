/*
 * libmicrohttpd behind Inkling's small HTTP API (see include/inkling_http.h).
 *
 * Per request: the first access-handler call creates an exchange; upload calls append to its
 * body (up to the cap); the final call hands it to the handler. An answer given inside the
 * handler is queued at once; otherwise the connection is suspended until the answer arrives
 * (inkling_http_exchange_respond / _begin_stream resume it). A streamed answer is read by a
 * content reader that suspends the connection whenever it has nothing to send yet.
 *
 * Per connection (MHD_OPTION_NOTIFY_CONNECTION): a record of when it began waiting for its
 * current request and whether the head has arrived. A watchdog thread walks the records every
 * 100 ms: a head later than head_timeout, or a whole request later than request_deadline, gets
 * 408 and the socket is shut down (libmicrohttpd's own timeout is an idle timeout, which a client
 * sending one header line every few seconds never trips). It also notices clients that hang up
 * while their connection is suspended (libmicrohttpd does not watch suspended sockets), marks
 * their exchange closed and resumes the connection so libmicrohttpd closes it.
 */
#define _GNU_SOURCE
#include "inkling_http.h"
#include "inkling_http_address.h"
#include "inkling_http_exchange.h"
#include "inkling_http_framing.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Linux names; elsewhere (macOS) the plain behaviour is close enough. */
#ifndef POLLRDHUP
#define POLLRDHUP 0
#endif
#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif
#ifndef SOCK_CLOEXEC
#define SOCK_CLOEXEC 0
#endif

/*
 * Each connection's memory pool (the request head, and buffers), in bytes. Above 32 KB
 * libmicrohttpd maps each pool with mmap instead of taking it from the heap, so the memory of a
 * closed connection goes straight back to the system: with thousands of short-lived slow or idle
 * connections interleaved with request buffers, heap pools fragmented the heap and RSS crept up.
 * A request head larger than this gets 431.
 */
#define INKLING_HTTP_CONNECTION_MEMORY (48 * 1024)

/* One connection as the watchdog sees it (guarded by the server's lock). */
typedef struct connection_record {
    int fd;
    double since;            /* when it began waiting for its current request */
    int head_done;           /* the current request's head has arrived */
    int receiving;           /* waiting for (the rest of) a request */
    int cut;                 /* the watchdog has answered 408 and shut it down */
    int nul;                 /* the current request's URL decoded a NUL byte */
    inkling_http_exchange *exchange; /* the request being answered, or NULL */
    struct connection_record *next, *prev;
} connection_record;

struct inkling_http_server {
    struct MHD_Daemon *daemon;
    inkling_http_handler handler;
    void *context;
    size_t max_body_bytes;
    size_t max_buffered_bytes;
    size_t buffered;         /* atomic: body bytes being received, all requests together */
    unsigned head_timeout, request_deadline;
    uint16_t port;
    int listen_fd;
    int draining;            /* atomic */
    int stopping;            /* atomic: the watchdog ends */
    pthread_t watchdog;
    int watchdog_running;
    pthread_mutex_t lock; /* guards the lists of live exchanges and connections */
    inkling_http_exchange *live;
    connection_record *connections;
    char *tls_key, *tls_cert;  /* copies kept while the daemon runs (it holds the pointers) */
    inkling_http_upgrades *upgrades; /* connections handed over after a 101 (inkling_http_upgrade.c) */
};

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static connection_record *record_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? (connection_record *)info->socket_context : NULL;
}

static const char stopping_body[] =
    "{\"error\":{\"code\":\"stopping\",\"message\":\"the server is shutting down; try again shortly\"}}";

static void server_link(inkling_http_server *server, inkling_http_exchange *exchange) {
    pthread_mutex_lock(&server->lock);
    exchange->next = server->live;
    if (server->live) server->live->prev = exchange;
    server->live = exchange;
    pthread_mutex_unlock(&server->lock);
}

static void server_unlink(inkling_http_server *server, inkling_http_exchange *exchange) {
    pthread_mutex_lock(&server->lock);
    if (exchange->prev) exchange->prev->next = exchange->next;
    else if (server->live == exchange) server->live = exchange->next;
    if (exchange->next) exchange->next->prev = exchange->prev;
    exchange->next = exchange->prev = NULL;
    pthread_mutex_unlock(&server->lock);
}

static void client_address(struct MHD_Connection *connection, char *out, size_t size) {
    snprintf(out, size, "unknown");
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, (socklen_t)size);
    }
}

/* Gives the body bytes an exchange holds back to the server-wide budget. */
static void uncount(inkling_http_server *server, inkling_http_exchange *exchange) {
    if (exchange->counted) __atomic_sub_fetch(&server->buffered, exchange->counted, __ATOMIC_ACQ_REL);
    exchange->counted = 0;
}

/* Calls the handler and then queues its answer, or suspends until one comes. */
static void dispatch(inkling_http_server *server, inkling_http_exchange *exchange) {
    exchange->dispatched = 1;
    pthread_mutex_lock(&server->lock);
    connection_record *record = exchange->record;
    if (record) record->receiving = 0;
    pthread_mutex_unlock(&server->lock);
    if (__atomic_load_n(&server->draining, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&exchange->lock);
        inkling_http_exchange_set_answer_locked(exchange, INKLING_ANSWER_WHOLE, 503,
                                                "Content-Type: application/json\nRetry-After: 5\nConnection: close",
                                                (const uint8_t *)stopping_body, sizeof stopping_body - 1);
        inkling_http_exchange_queue_locked(exchange);
        pthread_mutex_unlock(&exchange->lock);
        return;
    }
    pthread_mutex_lock(&exchange->lock);
    exchange->in_handler = 1;
    pthread_mutex_unlock(&exchange->lock);

    inkling_http_exchange_retain(exchange);
    server->handler(server->context, exchange);
    /* The handler has copied the body: it no longer counts against the budget. */
    uncount(server, exchange);
    inkling_http_exchange_drop_body(exchange);

    pthread_mutex_lock(&exchange->lock);
    exchange->in_handler = 0;
    if (exchange->answer != INKLING_ANSWER_NONE) {
        inkling_http_exchange_queue_locked(exchange);
    } else if (exchange->connection) {
        exchange->suspended = 1;
        MHD_suspend_connection(exchange->connection);
    }
    pthread_mutex_unlock(&exchange->lock);
}

/* Answers 400 invalid_framing and closes the connection: nothing after the head is read as a
   request. The exchange counts as dispatched, so its body (if any) is discarded. */
static void refuse_framing(inkling_http_server *server, inkling_http_exchange *exchange, const char *problem) {
    exchange->dispatched = 1;
    pthread_mutex_lock(&server->lock);
    connection_record *record = exchange->record;
    if (record) record->receiving = 0;
    pthread_mutex_unlock(&server->lock);
    char body[384];
    int length = snprintf(body, sizeof body,
                          "{\"error\":{\"code\":\"invalid_framing\",\"message\":\"the request's framing is ambiguous: %s; "
                          "send one Content-Length or a chunked Transfer-Encoding, and one Host; the connection is closed\"}}",
                          problem);
    if (length < 0 || (size_t)length >= sizeof body) length = 0;
    pthread_mutex_lock(&exchange->lock);
    inkling_http_exchange_set_answer_locked(exchange, INKLING_ANSWER_WHOLE, 400,
                                            "Content-Type: application/json\nCache-Control: no-store\nConnection: close",
                                            (const uint8_t *)body, (size_t)length);
    inkling_http_exchange_queue_locked(exchange);
    pthread_mutex_unlock(&exchange->lock);
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **con_cls) {
    inkling_http_server *server = cls;
    inkling_http_exchange *exchange = *con_cls;
    if (!exchange) {
        char client[INKLING_HTTP_CLIENT_SIZE];
        client_address(connection, client, sizeof client);
        exchange = inkling_http_exchange_create(connection, method, url, version, client);
        if (!exchange) return MHD_NO;
        *con_cls = exchange;
        exchange->upgrades = server->upgrades;
        server_link(server, exchange);
        connection_record *record = record_of(connection);
        pthread_mutex_lock(&server->lock);
        if (record) {
            record->head_done = 1;
            record->exchange = exchange;
            exchange->nul = record->nul;
            record->nul = 0;
        }
        exchange->record = record;
        pthread_mutex_unlock(&server->lock);
        const char *problem = inkling_http_framing_problem(connection);
        if (problem) {
            refuse_framing(server, exchange, problem);
            return MHD_YES;
        }
        const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length) {
            char *end = NULL;
            unsigned long long declared = strtoull(length, &end, 10);
            if (end != length && declared > server->max_body_bytes) {
                /* Refuse before reading: libmicrohttpd discards the rest and closes afterwards. */
                exchange->too_large = 1;
                dispatch(server, exchange);
            } else if (end != length && server->max_buffered_bytes &&
                       declared + __atomic_load_n(&server->buffered, __ATOMIC_ACQUIRE) > server->max_buffered_bytes) {
                exchange->too_large = 1;
                exchange->over_budget = 1;
                dispatch(server, exchange);
            }
        }
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (exchange->dispatched) return MHD_YES;
        if (exchange->too_large) {
            /* libmicrohttpd takes an answer only before the body or after all of it: discard the
               rest to answer 413 at the end, but hang up on a sender that goes on and on. */
            exchange->discarded += n;
            return exchange->discarded > INKLING_HTTP_DISCARD_FACTOR * server->max_body_bytes ? MHD_NO : MHD_YES;
        }
        if (exchange->body_length + n > server->max_body_bytes) {
            inkling_http_exchange_drop_body(exchange);
            exchange->too_large = 1;
            exchange->discarded = n;
            return MHD_YES;
        }
        if (server->max_buffered_bytes) {
            if (__atomic_add_fetch(&server->buffered, n, __ATOMIC_ACQ_REL) > server->max_buffered_bytes) {
                __atomic_sub_fetch(&server->buffered, n, __ATOMIC_ACQ_REL);
                uncount(server, exchange);
                inkling_http_exchange_drop_body(exchange);
                exchange->too_large = 1;
                exchange->over_budget = 1;
                exchange->discarded = n;
                return MHD_YES;
            }
            exchange->counted += n;
        }
        if (!inkling_http_exchange_append_body(exchange, (const uint8_t *)upload_data, n)) return MHD_NO;
        return MHD_YES;
    }
    if (!exchange->dispatched) {
        dispatch(server, exchange);
        return MHD_YES;
    }
    /* Called again after a resume: queue the answer that arrived meanwhile, or close the
       connection of a client that has gone (the watchdog resumed it to be cleaned up). */
    pthread_mutex_lock(&exchange->lock);
    enum MHD_Result result = MHD_YES;
    if (exchange->answer != INKLING_ANSWER_NONE && !exchange->queued) inkling_http_exchange_queue_locked(exchange);
    else if (exchange->answer == INKLING_ANSWER_NONE && exchange->closed) result = MHD_NO;
    pthread_mutex_unlock(&exchange->lock);
    return result;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                              enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    inkling_http_server *server = cls;
    inkling_http_exchange *exchange = *con_cls;
    if (!exchange) return;
    *con_cls = NULL;
    uncount(server, exchange);
    server_unlink(server, exchange);
    pthread_mutex_lock(&server->lock);
    connection_record *record = exchange->record;
    if (record) {
        /* The connection waits for its next request from now on. */
        record->exchange = NULL;
        record->receiving = 1;
        record->head_done = 0;
        record->since = now_seconds();
    }
    exchange->record = NULL;
    pthread_mutex_unlock(&server->lock);
    pthread_mutex_lock(&exchange->lock);
    exchange->closed = 1;
    exchange->connection = NULL;
    exchange->suspended = 0;
    pthread_mutex_unlock(&exchange->lock);
    inkling_http_exchange_release(exchange);
}

/* Connection start and end: the watchdog's records. */
static void notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
    inkling_http_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        connection_record *record = calloc(1, sizeof *record);
        if (!record) return;
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        record->fd = info ? info->connect_fd : -1;
        record->since = now_seconds();
        record->receiving = 1;
        pthread_mutex_lock(&server->lock);
        record->next = server->connections;
        if (server->connections) server->connections->prev = record;
        server->connections = record;
        pthread_mutex_unlock(&server->lock);
        *socket_context = record;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        connection_record *record = *socket_context;
        if (!record) return;
        pthread_mutex_lock(&server->lock);
        if (record->prev) record->prev->next = record->next;
        else if (server->connections == record) server->connections = record->next;
        if (record->next) record->next->prev = record->prev;
        if (record->exchange) record->exchange->record = NULL;
        pthread_mutex_unlock(&server->lock);
        free(record);
        *socket_context = NULL;
    }
}

/* Decodes a URL or query part in place, noting a NUL byte (which would cut the C string). */
static size_t unescape(void *cls, struct MHD_Connection *connection, char *text) {
    inkling_http_server *server = cls;
    size_t length = MHD_http_unescape(text);
    if (strlen(text) != length) {
        connection_record *record = record_of(connection);
        pthread_mutex_lock(&server->lock);
        if (record) record->nul = 1;
        pthread_mutex_unlock(&server->lock);
    }
    return length;
}

/* Answers 408 on a connection whose request is late and shuts its socket (server lock held). */
static void cut_late(inkling_http_server *server, connection_record *record) {
    char body[256], reply[512];
    int body_length = record->head_done
        ? snprintf(body, sizeof body, "{\"error\":{\"code\":\"request_timeout\",\"message\":\"the request did not arrive within %u s; send the whole request promptly\"}}", server->request_deadline)
        : snprintf(body, sizeof body, "{\"error\":{\"code\":\"request_timeout\",\"message\":\"the request head did not arrive within %u s; send the whole head promptly\"}}", server->head_timeout);
    int length = snprintf(reply, sizeof reply,
                          "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
                          "Connection: close\r\nContent-Length: %d\r\n\r\n%s", body_length, body);
    if (record->fd >= 0 && length > 0) {
        /* Over TLS the socket carries records the watchdog cannot write: the connection is only
           shut (the client sees it closed), never sent plain text. */
        if (!server->tls_key) (void)send(record->fd, reply, (size_t)length, MSG_NOSIGNAL | MSG_DONTWAIT);
        shutdown(record->fd, SHUT_RDWR);
    }
    record->cut = 1;
}

/* Whether the peer of a suspended connection has hung up (or the socket failed). */
static int peer_gone(int fd) {
    if (fd < 0) return 0;
    struct pollfd p = {.fd = fd, .events = POLLIN | POLLRDHUP};
    if (poll(&p, 1, 0) <= 0) return 0;
    return (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

static void *watchdog(void *cls) {
    inkling_http_server *server = cls;
    while (!__atomic_load_n(&server->stopping, __ATOMIC_ACQUIRE)) {
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
        double now = now_seconds();
        pthread_mutex_lock(&server->lock);
        for (connection_record *r = server->connections; r; r = r->next) {
            if (r->cut) continue;
            if (r->receiving) {
                double limit = r->head_done ? server->request_deadline : server->head_timeout;
                if (limit > 0 && now - r->since > limit) cut_late(server, r);
                continue;
            }
            inkling_http_exchange *e = r->exchange;
            if (!e) continue;
            pthread_mutex_lock(&e->lock);
            if (e->suspended && e->connection && !e->closed && peer_gone(r->fd)) {
                e->closed = 1;
                e->suspended = 0;
                MHD_resume_connection(e->connection);
            }
            pthread_mutex_unlock(&e->lock);
        }
        pthread_mutex_unlock(&server->lock);
    }
    return NULL;
}

inkling_http_server *inkling_http_server_start(const inkling_http_config *config, inkling_http_handler handler,
                                               void *context, char *error, size_t error_size, int *why) {
    struct sockaddr_storage storage;
    struct sockaddr *address = NULL;
    socklen_t address_length = 0;
    /* epoll on Linux (thousands of connections); the best the platform has elsewhere. */
#if defined(__linux__)
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
#else
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
#endif
    /* WebSocket upgrades (inkling_http_exchange_upgrade), where this libmicrohttpd has them. */
    if (MHD_is_feature_supported(MHD_FEATURE_UPGRADE) == MHD_YES) flags |= MHD_ALLOW_UPGRADE;
    *why = INKLING_HTTP_START_FAILED;
    if (config->no_listen) {
        flags |= MHD_USE_NO_LISTEN_SOCKET;
    } else {
        if (inkling_http_listen_address(config->host, config->port, &storage, &address_length, error, error_size) != 0) return NULL;
        address = (struct sockaddr *)&storage;
        if (storage.ss_family == AF_INET6) flags |= MHD_USE_IPv6;
    }
    int listen_fd = -1;
    if (address) {
        int in_use = 0;
        listen_fd = inkling_http_listen_on(address, address_length, &in_use);
        if (listen_fd < 0) {
            if (in_use) {
                *why = INKLING_HTTP_ADDRESS_IN_USE;
                snprintf(error, error_size, "%s port %u is already in use (another server is listening there)", config->host,
                         (unsigned)config->port);
            } else {
                snprintf(error, error_size, "cannot listen on %s port %u: %s", config->host, (unsigned)config->port, strerror(errno));
            }
            return NULL;
        }
    }
    inkling_http_server *server = calloc(1, sizeof *server);
    if (!server) {
        if (listen_fd >= 0) close(listen_fd);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&server->lock, NULL);
    server->upgrades = inkling_http_upgrades_create();
    server->handler = handler;
    server->context = context;
    server->max_body_bytes = config->max_body_bytes;
    server->max_buffered_bytes = config->max_buffered_bytes;
    server->head_timeout = config->head_timeout;
    server->request_deadline = config->request_deadline;
    server->listen_fd = listen_fd;
    unsigned threads = config->threads < 1 ? 1 : config->threads;
    unsigned connections = inkling_http_fit_connection_limit(config->connection_limit < 1 ? 1 : config->connection_limit);
#define INKLING_HTTP_COMMON_OPTIONS                                                  \
        MHD_OPTION_THREAD_POOL_SIZE, threads,                                   \
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)INKLING_HTTP_CONNECTION_MEMORY, \
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout,              \
        MHD_OPTION_CONNECTION_LIMIT, connections,                               \
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->per_address_limit,          \
        MHD_OPTION_NOTIFY_COMPLETED, request_completed, server,                 \
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, server,                \
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, server,                         \
        MHD_OPTION_ARRAY, tls
    /* HTTPS when a key and certificate are given; libmicrohttpd keeps the pointers, so the
       server keeps its own copies until it stops. */
    struct MHD_OptionItem tls[3] = {{MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}};
    if (config->tls_key && config->tls_cert) {
        if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
            snprintf(error, error_size, "this libmicrohttpd was built without TLS; put a TLS proxy in front (docs/deploy.md)");
            if (listen_fd >= 0) close(listen_fd);
            pthread_mutex_destroy(&server->lock);
            inkling_http_upgrades_free(server->upgrades);
            free(server);
            return NULL;
        }
        flags |= MHD_USE_TLS;
        server->tls_key = strdup(config->tls_key);
        server->tls_cert = strdup(config->tls_cert);
        tls[0] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, server->tls_key};
        tls[1] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, server->tls_cert};
    }
    if (listen_fd >= 0) {
        /* libmicrohttpd owns the socket from here on (it closes it when it stops). */
        server->daemon = MHD_start_daemon(flags, config->port, NULL, NULL, access_handler, server,
                                          MHD_OPTION_LISTEN_SOCKET, listen_fd, INKLING_HTTP_COMMON_OPTIONS, MHD_OPTION_END);
    } else {
        server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, access_handler, server, INKLING_HTTP_COMMON_OPTIONS,
                                          MHD_OPTION_END);
    }
#undef INKLING_HTTP_COMMON_OPTIONS
    if (!server->daemon) {
        if (flags & MHD_USE_TLS) {
            snprintf(error, error_size, "cannot start the HTTPS server on %s port %u: the TLS key or certificate was refused "
                     "(not PEM, encrypted, or not a pair)", config->host, (unsigned)config->port);
        } else {
            snprintf(error, error_size, "cannot start the HTTP server on %s port %u (libmicrohttpd refused its settings)",
                     config->host, (unsigned)config->port);
        }
        if (listen_fd >= 0) close(listen_fd);
        pthread_mutex_destroy(&server->lock);
        free(server->tls_key);
        free(server->tls_cert);
        inkling_http_upgrades_free(server->upgrades);
        free(server);
        return NULL;
    }
    if (listen_fd >= 0) {
        struct sockaddr_storage bound;
        socklen_t bound_length = sizeof bound;
        server->port = config->port;
        if (getsockname(listen_fd, (struct sockaddr *)&bound, &bound_length) == 0) {
            server->port = bound.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&bound)->sin6_port)
                                                       : ntohs(((struct sockaddr_in *)&bound)->sin_port);
        }
    }
    server->watchdog_running = pthread_create(&server->watchdog, NULL, watchdog, server) == 0;
    return server;
}

uint16_t inkling_http_server_port(const inkling_http_server *server) { return server->port; }

int inkling_http_server_connect(inkling_http_server *server, int fd) {
    struct sockaddr_in loopback;
    memset(&loopback, 0, sizeof loopback);
    loopback.sin_family = AF_INET;
    loopback.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return MHD_add_connection(server->daemon, fd, (const struct sockaddr *)&loopback, sizeof loopback) == MHD_YES;
}

void inkling_http_server_drain(inkling_http_server *server) {
    if (__atomic_exchange_n(&server->draining, 1, __ATOMIC_ACQ_REL)) return;
    if (server->listen_fd >= 0) {
        MHD_socket fd = MHD_quiesce_daemon(server->daemon);
        if (fd != MHD_INVALID_SOCKET) close(fd);
        server->listen_fd = -1;
    }
}

unsigned inkling_http_server_pending(inkling_http_server *server) {
    unsigned count = 0;
    pthread_mutex_lock(&server->lock);
    for (inkling_http_exchange *e = server->live; e; e = e->next) {
        if (!__atomic_load_n(&e->upgraded, __ATOMIC_ACQUIRE)) count++;
    }
    pthread_mutex_unlock(&server->lock);
    return count;
}

unsigned inkling_http_server_upgraded(inkling_http_server *server) { return inkling_http_upgrades_count(server->upgrades); }

void inkling_http_server_stop(inkling_http_server *server) {
    __atomic_store_n(&server->stopping, 1, __ATOMIC_RELEASE);
    if (server->watchdog_running) pthread_join(server->watchdog, NULL);
    pthread_mutex_lock(&server->lock);
    for (inkling_http_exchange *e = server->live; e; e = e->next) {
        pthread_mutex_lock(&e->lock);
        if (e->answer == INKLING_ANSWER_NONE) {
            inkling_http_exchange_set_answer_locked(e, INKLING_ANSWER_WHOLE, 503, "Content-Type: application/json\nRetry-After: 5",
                                                    (const uint8_t *)stopping_body, sizeof stopping_body - 1);
        }
        e->finished = 1;
        if (e->suspended && e->connection) {
            e->suspended = 0;
            MHD_resume_connection(e->connection);
        }
        pthread_mutex_unlock(&e->lock);
    }
    pthread_mutex_unlock(&server->lock);
    /* libmicrohttpd must find no upgraded connection open when it stops. */
    inkling_http_upgrades_close_all(server->upgrades);
    MHD_stop_daemon(server->daemon);
    inkling_http_upgrades_free(server->upgrades);
    pthread_mutex_destroy(&server->lock);
    free(server->tls_key);
    free(server->tls_cert);
    free(server);
}
