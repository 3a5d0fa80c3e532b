/*
 * One request and its answer: body accumulation, the answer functions Swift calls (from any
 * thread), and the content reader that feeds a streamed answer to libmicrohttpd.
 */
#include "inkling_http_exchange.h"

#include <stdlib.h>
#include <string.h>

inkling_http_exchange *inkling_http_exchange_create(struct MHD_Connection *connection, const char *method,
                                                    const char *path, const char *version, const char *client) {
    inkling_http_exchange *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->method = strdup(method ? method : "");
    e->path = strdup(path ? path : "");
    e->version = strdup(version ? version : "");
    if (!e->method || !e->path || !e->version) {
        free(e->method);
        free(e->path);
        free(e->version);
        free(e);
        return NULL;
    }
    strncpy(e->client, client, sizeof e->client - 1);
    pthread_mutex_init(&e->lock, NULL);
    e->references = 1;
    e->connection = connection;
    return e;
}

void inkling_http_exchange_retain(inkling_http_exchange *exchange) {
    __atomic_add_fetch(&exchange->references, 1, __ATOMIC_RELAXED);
}

void inkling_http_exchange_release(inkling_http_exchange *exchange) {
    if (!exchange) return;
    if (__atomic_sub_fetch(&exchange->references, 1, __ATOMIC_ACQ_REL) != 0) return;
    inkling_http_upgrade_abandon(exchange);
    pthread_mutex_destroy(&exchange->lock);
    free(exchange->method);
    free(exchange->path);
    free(exchange->version);
    free(exchange->body);
    free(exchange->headers);
    free(exchange->reply);
    free(exchange);
}

static int reserve(uint8_t **buffer, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity : 4096;
    while (grown < needed) grown *= 2;
    uint8_t *bigger = realloc(*buffer, grown);
    if (!bigger) return 0;
    *buffer = bigger;
    *capacity = grown;
    return 1;
}

int inkling_http_exchange_append_body(inkling_http_exchange *e, const uint8_t *bytes, size_t length) {
    if (!reserve(&e->body, &e->body_capacity, e->body_length + length)) return 0;
    memcpy(e->body + e->body_length, bytes, length);
    e->body_length += length;
    return 1;
}

void inkling_http_exchange_drop_body(inkling_http_exchange *e) {
    free(e->body);
    e->body = NULL;
    e->body_length = e->body_capacity = 0;
}

int inkling_http_exchange_set_answer_locked(inkling_http_exchange *e, int kind, unsigned status, const char *headers,
                                            const uint8_t *body, size_t length) {
    e->headers = strdup(headers ? headers : "");
    if (!e->headers) return 0;
    e->reply_length = e->reply_offset = 0;
    if (length > 0) {
        if (!reserve(&e->reply, &e->reply_capacity, length)) return 0;
        memcpy(e->reply, body, length);
        e->reply_length = length;
    }
    e->status = status;
    e->answer = kind;
    return 1;
}

static void add_headers(struct MHD_Response *response, const char *headers) {
    const char *line = headers;
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        const char *colon = memchr(line, ':', n);
        if (colon && colon > line && n < 2048) {
            char name[256], value[2048];
            size_t name_length = (size_t)(colon - line);
            if (name_length < sizeof name) {
                memcpy(name, line, name_length);
                name[name_length] = 0;
                const char *v = colon + 1;
                while (*v == ' ' && v < line + n) v++;
                size_t value_length = (size_t)(line + n - v);
                memcpy(value, v, value_length);
                value[value_length] = 0;
                MHD_add_response_header(response, name, value);
            }
        }
        line = end ? end + 1 : NULL;
    }
}

static ssize_t stream_reader(void *cls, uint64_t position, char *buffer, size_t max) {
    (void)position;
    inkling_http_exchange *e = cls;
    ssize_t result = 0;
    pthread_mutex_lock(&e->lock);
    if (e->reply_offset < e->reply_length) {
        size_t n = e->reply_length - e->reply_offset;
        if (n > max) n = max;
        memcpy(buffer, e->reply + e->reply_offset, n);
        e->reply_offset += n;
        if (e->reply_offset == e->reply_length) e->reply_offset = e->reply_length = 0;
        result = (ssize_t)n;
    } else if (e->closed) {
        result = MHD_CONTENT_READER_END_WITH_ERROR;
    } else if (e->finished || !e->connection) {
        result = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        /* Nothing to send yet: step out of the event loop until _write or _finish resumes us. */
        e->suspended = 1;
        MHD_suspend_connection(e->connection);
    }
    pthread_mutex_unlock(&e->lock);
    return result;
}

static void stream_free(void *cls) { inkling_http_exchange_release(cls); }

void inkling_http_exchange_queue_locked(inkling_http_exchange *e) {
    if (e->queued || !e->connection) return;
    struct MHD_Response *response;
    if (e->answer == INKLING_ANSWER_UPGRADE) {
        response = inkling_http_upgrade_response(e);
    } else if (e->answer == INKLING_ANSWER_STREAM) {
        inkling_http_exchange_retain(e);
        response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, stream_reader, e, stream_free);
        if (!response) inkling_http_exchange_release(e);
    } else {
        /* The answer's buffer goes to libmicrohttpd as it is (no second copy of an image): it
           frees it with the response. An empty answer keeps its buffer. */
        if (e->reply_length > 0) {
            response = MHD_create_response_from_buffer_with_free_callback(e->reply_length, e->reply, free);
            if (response) {
                e->reply = NULL;
                e->reply_capacity = e->reply_length = 0;
            }
        } else {
            response = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        }
    }
    if (!response) return;
    add_headers(response, e->headers);
    enum MHD_Result queued = MHD_queue_response(e->connection, e->status, response);
    MHD_destroy_response(response);
    if (queued != MHD_YES && e->answer == INKLING_ANSWER_UPGRADE) {
        /* libmicrohttpd refused the switch (not HTTP/1.1, no Upgrade header): close instead. */
        response = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (response) {
            MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
            MHD_queue_response(e->connection, MHD_HTTP_INTERNAL_SERVER_ERROR, response);
            MHD_destroy_response(response);
        }
    }
    e->queued = 1;
}

/* Records an answer from Swift and wakes the connection if it sleeps. */
static int answer(inkling_http_exchange *e, int kind, unsigned status, const char *headers, const uint8_t *body,
                  size_t length) {
    pthread_mutex_lock(&e->lock);
    int accepted = 0;
    if (e->answer == INKLING_ANSWER_NONE && !e->closed) {
        accepted = inkling_http_exchange_set_answer_locked(e, kind, status, headers, body, length);
        if (accepted && e->suspended && e->connection) {
            e->suspended = 0;
            MHD_resume_connection(e->connection);
        }
    }
    pthread_mutex_unlock(&e->lock);
    return accepted;
}

int inkling_http_exchange_respond(inkling_http_exchange *e, unsigned status, const char *headers, const uint8_t *body,
                                  size_t length) {
    return answer(e, INKLING_ANSWER_WHOLE, status, headers, body, length);
}

int inkling_http_exchange_begin_stream(inkling_http_exchange *e, unsigned status, const char *headers) {
    return answer(e, INKLING_ANSWER_STREAM, status, headers, NULL, 0);
}

int inkling_http_exchange_upgrade(inkling_http_exchange *e, const char *headers, inkling_http_upgrade_handler handler,
                                  void *context) {
    pthread_mutex_lock(&e->lock);
    int accepted = 0;
    if (e->answer == INKLING_ANSWER_NONE && !e->closed && handler) {
        accepted = inkling_http_exchange_set_answer_locked(e, INKLING_ANSWER_UPGRADE, 101, headers, NULL, 0);
        if (accepted) {
            e->upgrade_handler = handler;
            e->upgrade_context = context;
            if (e->suspended && e->connection) {
                e->suspended = 0;
                MHD_resume_connection(e->connection);
            }
        }
    }
    pthread_mutex_unlock(&e->lock);
    return accepted;
}

int inkling_http_exchange_write(inkling_http_exchange *e, const uint8_t *bytes, size_t length) {
    pthread_mutex_lock(&e->lock);
    int accepted = 0;
    if (e->answer == INKLING_ANSWER_STREAM && !e->finished && !e->closed &&
        reserve(&e->reply, &e->reply_capacity, e->reply_length + length)) {
        memcpy(e->reply + e->reply_length, bytes, length);
        e->reply_length += length;
        accepted = 1;
        if (e->suspended && e->connection) {
            e->suspended = 0;
            MHD_resume_connection(e->connection);
        }
    }
    pthread_mutex_unlock(&e->lock);
    return accepted;
}

int inkling_http_exchange_finish(inkling_http_exchange *e) {
    pthread_mutex_lock(&e->lock);
    int accepted = e->answer == INKLING_ANSWER_STREAM && !e->finished && !e->closed;
    e->finished = 1;
    if (e->suspended && e->connection) {
        e->suspended = 0;
        MHD_resume_connection(e->connection);
    }
    pthread_mutex_unlock(&e->lock);
    return accepted;
}

int inkling_http_exchange_closed(const inkling_http_exchange *e) {
    inkling_http_exchange *m = (inkling_http_exchange *)e;
    pthread_mutex_lock(&m->lock);
    int closed = m->closed;
    pthread_mutex_unlock(&m->lock);
    return closed;
}

const char *inkling_http_exchange_method(const inkling_http_exchange *e) { return e->method; }
const char *inkling_http_exchange_path(const inkling_http_exchange *e) { return e->path; }
const char *inkling_http_exchange_client(const inkling_http_exchange *e) { return e->client; }
const char *inkling_http_exchange_version(const inkling_http_exchange *e) { return e->version; }
int inkling_http_exchange_has_nul(const inkling_http_exchange *e) { return e->nul; }

const char *inkling_http_exchange_header(const inkling_http_exchange *e, const char *name) {
    return e->connection ? MHD_lookup_connection_value(e->connection, MHD_HEADER_KIND, name) : NULL;
}

const char *inkling_http_exchange_query(const inkling_http_exchange *e, const char *name) {
    return e->connection ? MHD_lookup_connection_value(e->connection, MHD_GET_ARGUMENT_KIND, name) : NULL;
}

const uint8_t *inkling_http_exchange_body(const inkling_http_exchange *e, size_t *length) {
    *length = e->body_length;
    return e->body;
}

int inkling_http_exchange_body_too_large(const inkling_http_exchange *e) { return e->too_large; }
int inkling_http_exchange_over_budget(const inkling_http_exchange *e) { return e->over_budget; }

typedef struct {
    char *out;
    size_t size, used;
} pair_buffer;

static enum MHD_Result collect_pair(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    pair_buffer *b = cls;
    const char *parts[2] = {key ? key : "", value ? value : ""};
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(parts[i]) + 1;
        if (b->used + n <= b->size) memcpy(b->out + b->used, parts[i], n);
        b->used += n;
    }
    return MHD_YES;
}

size_t inkling_http_exchange_pairs(const inkling_http_exchange *e, int query, char *out, size_t size) {
    if (!e->connection) return 0;
    pair_buffer b = {out, size, 0};
    MHD_get_connection_values(e->connection, query ? MHD_GET_ARGUMENT_KIND : MHD_HEADER_KIND, collect_pair, &b);
    return b.used;
}
