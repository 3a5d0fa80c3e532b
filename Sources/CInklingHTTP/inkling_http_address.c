/* Where the server listens (see inkling_http_address.h). */
#include "inkling_http_address.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef SOCK_CLOEXEC
#define SOCK_CLOEXEC 0
#endif

/* The first IPv4 entry of `list`, else its first IPv6 one, else NULL. */
static const struct addrinfo *preferred(const struct addrinfo *list) {
    const struct addrinfo *v6 = NULL;
    for (const struct addrinfo *a = list; a; a = a->ai_next) {
        if (a->ai_family == AF_INET) return a;
        if (a->ai_family == AF_INET6 && !v6) v6 = a;
    }
    return v6;
}

int inkling_http_listen_address(const char *host, unsigned short port, struct sockaddr_storage *address,
                                socklen_t *length, char *error, size_t error_size) {
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    /* A numeric address as it is (whatever interfaces are configured), then a name. */
    hints.ai_flags = AI_NUMERICHOST;
    int status = getaddrinfo(host, NULL, &hints, &found);
    if (status != 0) {
        hints.ai_flags = AI_ADDRCONFIG;
        found = NULL;
        status = getaddrinfo(host, NULL, &hints, &found);
    }
    const struct addrinfo *pick = status == 0 ? preferred(found) : NULL;
    if (!pick) {
        snprintf(error, error_size, status != 0
                     ? "'%.80s' is neither a numeric IPv4 or IPv6 address nor a host name this machine resolves (%s)"
                     : "'%.80s' resolves to no IPv4 or IPv6 address%s",
                 host, status != 0 ? gai_strerror(status) : "");
        if (found) freeaddrinfo(found);
        return -1;
    }
    memset(address, 0, sizeof *address);
    memcpy(address, pick->ai_addr, pick->ai_addrlen);
    *length = pick->ai_addrlen;
    if (pick->ai_family == AF_INET) ((struct sockaddr_in *)address)->sin_port = htons(port);
    else ((struct sockaddr_in6 *)address)->sin6_port = htons(port);
    freeaddrinfo(found);
    return 0;
}

/* A listening socket of our own: SO_REUSEADDR only, so a port in use is an error. */
int inkling_http_listen_on(const struct sockaddr *address, socklen_t length, int *in_use) {
    int fd = socket(address->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (address->sa_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (bind(fd, address, length) != 0 || listen(fd, 1024) != 0) {
        *in_use = errno == EADDRINUSE;
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    return fd;
}

/* Raises the open-file limit towards what the connection limit needs; returns the usable limit. */
unsigned inkling_http_fit_connection_limit(unsigned wanted) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
    rlim_t needed = (rlim_t)wanted + 256;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
        struct rlimit raised = limit;
        raised.rlim_cur = (limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= needed) ? needed : limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
        return limit.rlim_cur > 256 + 16 ? (unsigned)(limit.rlim_cur - 256) : 16;
    }
    return wanted;
}
