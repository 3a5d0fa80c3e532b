/*
 * libmicrohttpd behind Inkling's small HTTP API (see include/inkling_http.h).
 *
 * Per request: the first access-handler call creates an exchange; upload calls append to its
 * body (up to the cap); the final call hands it to the handler. An answer given inside the
 * handler is queued at once; otherwise the connection is suspended until the answer arrives
 * (inkling_http_exchange_respond / _begin_stream resume it). A streamed answer is read by a
 * content reader that suspends the connection whenever it has nothing to send yet.
 */
#include "inkling_http.h"
#include "inkling_http_exchange.h"

#include <arpa/inet.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct inkling_http_server {
    struct MHD_Daemon *daemon;
    inkling_http_handler handler;
    void *context;
    size_t max_body_bytes;
    uint16_t port;
    pthread_mutex_t lock; /* guards the list of live exchanges */
    inkling_http_exchange *live;
};

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

/* Calls the handler and then queues its answer, or suspends until one comes. */
static void dispatch(inkling_http_server *server, inkling_http_exchange *exchange) {
    exchange->dispatched = 1;
    pthread_mutex_lock(&exchange->lock);
    exchange->in_handler = 1;
    pthread_mutex_unlock(&exchange->lock);

    inkling_http_exchange_retain(exchange);
    server->handler(server->context, exchange);

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

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **con_cls) {
    (void)version;
    inkling_http_server *server = cls;
    inkling_http_exchange *exchange = *con_cls;
    if (!exchange) {
        char client[INKLING_HTTP_CLIENT_SIZE];
        client_address(connection, client, sizeof client);
        exchange = inkling_http_exchange_create(connection, method, url, client);
        if (!exchange) return MHD_NO;
        *con_cls = exchange;
        server_link(server, exchange);
        const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length) {
            char *end = NULL;
            unsigned long long declared = strtoull(length, &end, 10);
            if (end != length && declared > server->max_body_bytes) {
                /* Refuse before reading: libmicrohttpd discards the rest and closes afterwards. */
                exchange->too_large = 1;
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
        if (!inkling_http_exchange_append_body(exchange, (const uint8_t *)upload_data, n)) return MHD_NO;
        return MHD_YES;
    }
    if (!exchange->dispatched) {
        dispatch(server, exchange);
        return MHD_YES;
    }
    /* Called again after a resume: queue the answer that arrived meanwhile. */
    pthread_mutex_lock(&exchange->lock);
    if (exchange->answer != INKLING_ANSWER_NONE && !exchange->queued) inkling_http_exchange_queue_locked(exchange);
    pthread_mutex_unlock(&exchange->lock);
    return MHD_YES;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                              enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    inkling_http_server *server = cls;
    inkling_http_exchange *exchange = *con_cls;
    if (!exchange) return;
    *con_cls = NULL;
    server_unlink(server, exchange);
    pthread_mutex_lock(&exchange->lock);
    exchange->closed = 1;
    exchange->connection = NULL;
    exchange->suspended = 0;
    pthread_mutex_unlock(&exchange->lock);
    inkling_http_exchange_release(exchange);
}

inkling_http_server *inkling_http_server_start(const inkling_http_config *config, inkling_http_handler handler,
                                               void *context, char *error, size_t error_size) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *address;
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, config->host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(config->port);
        address = (struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, config->host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(config->port);
        address = (struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(error, error_size, "'%s' is not a numeric IPv4 or IPv6 address", config->host);
        return NULL;
    }
    inkling_http_server *server = calloc(1, sizeof *server);
    if (!server) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&server->lock, NULL);
    server->handler = handler;
    server->context = context;
    server->max_body_bytes = config->max_body_bytes;
    unsigned threads = config->threads < 1 ? 1 : config->threads;
    server->daemon = MHD_start_daemon(
        flags, config->port, NULL, NULL, access_handler, server,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->per_address_limit,
        MHD_OPTION_NOTIFY_COMPLETED, request_completed, server,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, 1,
        MHD_OPTION_END);
    if (!server->daemon) {
        snprintf(error, error_size, "cannot listen on %s port %u (in use, or not an address of this machine?)",
                 config->host, (unsigned)config->port);
        pthread_mutex_destroy(&server->lock);
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info ? info->port : config->port;
    return server;
}

uint16_t inkling_http_server_port(const inkling_http_server *server) { return server->port; }

void inkling_http_server_stop(inkling_http_server *server) {
    static const char stopping[] =
        "{\"error\":{\"code\":\"stopping\",\"message\":\"the server is shutting down; try again shortly\"}}";
    pthread_mutex_lock(&server->lock);
    for (inkling_http_exchange *e = server->live; e; e = e->next) {
        pthread_mutex_lock(&e->lock);
        if (e->answer == INKLING_ANSWER_NONE) {
            inkling_http_exchange_set_answer_locked(e, INKLING_ANSWER_WHOLE, 503, "Content-Type: application/json",
                                                    (const uint8_t *)stopping, sizeof stopping - 1);
        }
        e->finished = 1;
        if (e->suspended && e->connection) {
            e->suspended = 0;
            MHD_resume_connection(e->connection);
        }
        pthread_mutex_unlock(&e->lock);
    }
    pthread_mutex_unlock(&server->lock);
    MHD_stop_daemon(server->daemon);
    pthread_mutex_destroy(&server->lock);
    free(server);
}

void inkling_http_tune_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
    mallopt(M_MXFAST, 0);
#endif
}
