/*
 * Upgraded connections (see "Upgraded connections" in include/inkling_http.h).
 *
 * Each handle holds libmicrohttpd's socket and upgrade handle. Reads and writes count
 * themselves busy while they use the socket; closing shuts the socket (which wakes them), waits
 * until none is busy, and only then hands the socket back with MHD_UPGRADE_ACTION_CLOSE, so a
 * descriptor is never used after libmicrohttpd may have closed and reused it. The server keeps a
 * list of its handles so that stopping can close them all before MHD_stop_daemon (which must not
 * find one open); one process-wide lock guards the lists and each handle's link to its list, as
 * a handle may be released after its server has gone.
 */
#define _GNU_SOURCE
#include "inkling_http_exchange.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

struct inkling_http_upgraded {
    pthread_mutex_t lock;          /* guards what follows up to the list links */
    pthread_cond_t idle;           /* signalled when busy drops to 0 */
    int references;                /* atomic: the owner's, and the server list's while linked */
    int fd;
    struct MHD_UpgradeResponseHandle *urh;
    unsigned busy;                 /* reads and writes using fd now */
    int shut;                      /* shut down: reads end, writes fail */
    int handed_back;               /* MHD_UPGRADE_ACTION_CLOSE done: fd is libmicrohttpd's again */
    uint8_t *extra;                /* bytes libmicrohttpd read past the request head */
    size_t extra_length, extra_offset;
    inkling_http_upgrades *list;   /* guarded by list_lock; NULL once unlinked */
    inkling_http_upgraded *next, *prev;
};

struct inkling_http_upgrades {
    inkling_http_upgraded *head;   /* guarded by list_lock, as is everything here */
    unsigned count;
    unsigned releasing;            /* releases between unlinking and handing back */
    int closed;                    /* the server is stopping: new upgrades are closed at once */
};

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t list_idle = PTHREAD_COND_INITIALIZER;

static void drop(inkling_http_upgraded *h) {
    if (__atomic_sub_fetch(&h->references, 1, __ATOMIC_ACQ_REL) != 0) return;
    pthread_mutex_destroy(&h->lock);
    pthread_cond_destroy(&h->idle);
    free(h->extra);
    free(h);
}

/* Shuts the socket, waits for its users and hands it back to libmicrohttpd (once). */
static void hand_back(inkling_http_upgraded *h) {
    pthread_mutex_lock(&h->lock);
    if (!h->shut) {
        h->shut = 1;
        shutdown(h->fd, SHUT_RDWR);
    }
    while (h->busy) pthread_cond_wait(&h->idle, &h->lock);
    if (!h->handed_back) {
        h->handed_back = 1;
        MHD_upgrade_action(h->urh, MHD_UPGRADE_ACTION_CLOSE);
    }
    pthread_mutex_unlock(&h->lock);
}

/* libmicrohttpd's upgrade handler: the 101 has been sent. */
static void upgraded(void *cls, struct MHD_Connection *connection, void *con_cls, const char *extra_in, size_t extra_in_size,
                     MHD_socket sock, struct MHD_UpgradeResponseHandle *urh) {
    (void)connection;
    (void)con_cls;
    inkling_http_exchange *e = cls;
    pthread_mutex_lock(&e->lock);
    inkling_http_upgrade_handler handler = e->upgrade_handler;
    void *context = e->upgrade_context;
    e->upgrade_handler = NULL;
    pthread_mutex_unlock(&e->lock);
    __atomic_store_n(&e->upgraded, 1, __ATOMIC_RELEASE);

    inkling_http_upgraded *h = calloc(1, sizeof *h);
    if (h && extra_in_size > 0) {
        h->extra = malloc(extra_in_size);
        if (h->extra) {
            memcpy(h->extra, extra_in, extra_in_size);
            h->extra_length = extra_in_size;
        } else {
            free(h);
            h = NULL;
        }
    }
    if (!h) {
        MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
        if (handler) handler(context, NULL);
        return;
    }
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->idle, NULL);
    h->fd = sock;
    h->urh = urh;
    h->references = 2;
#ifdef SO_NOSIGPIPE
    int on = 1;
    setsockopt(sock, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    inkling_http_upgrades *list = e->upgrades;
    pthread_mutex_lock(&list_lock);
    int closed = !list || list->closed;
    if (!closed) {
        h->list = list;
        h->next = list->head;
        if (list->head) list->head->prev = h;
        list->head = h;
        list->count++;
    }
    pthread_mutex_unlock(&list_lock);
    if (closed || !handler) {
        hand_back(h);
        drop(h);
        drop(h);
        if (handler) handler(context, NULL);
        return;
    }
    handler(context, h);
}

struct MHD_Response *inkling_http_upgrade_response(inkling_http_exchange *e) {
    return MHD_create_response_for_upgrade(upgraded, e);
}

void inkling_http_upgrade_abandon(inkling_http_exchange *e) {
    inkling_http_upgrade_handler handler = e->upgrade_handler;
    e->upgrade_handler = NULL;
    if (handler) handler(e->upgrade_context, NULL);
}

inkling_http_upgrades *inkling_http_upgrades_create(void) { return calloc(1, sizeof(inkling_http_upgrades)); }

void inkling_http_upgrades_close_all(inkling_http_upgrades *list) {
    if (!list) return;
    pthread_mutex_lock(&list_lock);
    list->closed = 1;
    inkling_http_upgraded *taken = list->head;
    list->head = NULL;
    list->count = 0;
    for (inkling_http_upgraded *h = taken; h; h = h->next) h->list = NULL;
    pthread_mutex_unlock(&list_lock);
    while (taken) {
        inkling_http_upgraded *next = taken->next;
        hand_back(taken);
        drop(taken);
        taken = next;
    }
    /* A release that unlinked its handle before we took the list may still be handing it back. */
    pthread_mutex_lock(&list_lock);
    while (list->releasing) pthread_cond_wait(&list_idle, &list_lock);
    pthread_mutex_unlock(&list_lock);
}

unsigned inkling_http_upgrades_count(inkling_http_upgrades *list) {
    if (!list) return 0;
    pthread_mutex_lock(&list_lock);
    unsigned count = list->count;
    pthread_mutex_unlock(&list_lock);
    return count;
}

void inkling_http_upgrades_free(inkling_http_upgrades *list) { free(list); }

void inkling_http_upgraded_release(inkling_http_upgraded *h) {
    if (!h) return;
    pthread_mutex_lock(&list_lock);
    inkling_http_upgrades *list = h->list;
    if (list) {
        if (h->prev) h->prev->next = h->next;
        else list->head = h->next;
        if (h->next) h->next->prev = h->prev;
        h->next = h->prev = NULL;
        h->list = NULL;
        list->count--;
        list->releasing++;
    }
    pthread_mutex_unlock(&list_lock);
    hand_back(h);
    if (list) {
        pthread_mutex_lock(&list_lock);
        list->releasing--;
        pthread_cond_broadcast(&list_idle);
        pthread_mutex_unlock(&list_lock);
        drop(h);
    }
    drop(h);
}

/* Marks a read or write as using the socket; 0 when it is shut. */
static int enter(inkling_http_upgraded *h) {
    pthread_mutex_lock(&h->lock);
    int open = !h->shut && !h->handed_back;
    if (open) h->busy++;
    pthread_mutex_unlock(&h->lock);
    return open;
}

static void leave(inkling_http_upgraded *h) {
    pthread_mutex_lock(&h->lock);
    if (--h->busy == 0) pthread_cond_broadcast(&h->idle);
    pthread_mutex_unlock(&h->lock);
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

long inkling_http_upgraded_read(inkling_http_upgraded *h, uint8_t *buffer, size_t size, int timeout_ms) {
    if (!h || !buffer || size == 0) return -1;
    pthread_mutex_lock(&h->lock);
    if (h->extra_offset < h->extra_length) {
        size_t n = h->extra_length - h->extra_offset;
        if (n > size) n = size;
        memcpy(buffer, h->extra + h->extra_offset, n);
        h->extra_offset += n;
        pthread_mutex_unlock(&h->lock);
        return (long)n;
    }
    pthread_mutex_unlock(&h->lock);
    if (!enter(h)) return 0;
    long result;
    struct pollfd p = {.fd = h->fd, .events = POLLIN};
    int ready = poll(&p, 1, timeout_ms < 0 ? 0 : timeout_ms);
    if (ready == 0 || (ready < 0 && errno == EINTR)) {
        result = INKLING_HTTP_UPGRADED_WAIT;
    } else if (ready < 0) {
        result = -1;
    } else {
        ssize_t n = recv(h->fd, buffer, size, MSG_DONTWAIT);
        if (n >= 0) result = (long)n;
        else if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) result = INKLING_HTTP_UPGRADED_WAIT;
        else result = -1;
    }
    leave(h);
    return result;
}

int inkling_http_upgraded_write(inkling_http_upgraded *h, const uint8_t *bytes, size_t length, int timeout_ms) {
    if (!h) return 0;
    if (!enter(h)) return 0;
    long long deadline = now_ms() + (timeout_ms < 0 ? 0 : timeout_ms);
    size_t offset = 0;
    int result = 1;
    while (offset < length) {
        ssize_t n = send(h->fd, bytes + offset, length - offset, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            offset += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            long long left = deadline - now_ms();
            if (left <= 0) {
                result = INKLING_HTTP_UPGRADED_WAIT;
                break;
            }
            struct pollfd p = {.fd = h->fd, .events = POLLOUT};
            int ready = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
            if (ready > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL))) {
                result = 0;
                break;
            }
            continue;
        }
        result = 0;
        break;
    }
    leave(h);
    return result;
}

void inkling_http_upgraded_shutdown(inkling_http_upgraded *h) {
    if (!h) return;
    pthread_mutex_lock(&h->lock);
    if (!h->shut && !h->handed_back) {
        h->shut = 1;
        shutdown(h->fd, SHUT_RDWR);
    }
    pthread_mutex_unlock(&h->lock);
}
