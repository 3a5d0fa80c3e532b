#ifndef INKLING_HTTP_ADDRESS_H
#define INKLING_HTTP_ADDRESS_H
/* Where the server listens: a numeric address or a host name turned into a socket address,
   the listening socket, and the open-file limit its connections need. */
#include <stddef.h>
#include <sys/socket.h>

/* Fills `address` and `length` for `host` and `port`: a numeric IPv4 or IPv6 address as it is,
   else a host name's first address, IPv4 preferred. Returns 0, or -1 with a one-line reason in
   `error`. */
int inkling_http_listen_address(const char *host, unsigned short port, struct sockaddr_storage *address,
                                socklen_t *length, char *error, size_t error_size);

/* A listening socket of our own on `address` (SO_REUSEADDR only, so a port in use is an error;
   *in_use says so), non-blocking; -1 on failure with errno set. */
int inkling_http_listen_on(const struct sockaddr *address, socklen_t length, int *in_use);

/* Raises the open-file limit towards what `wanted` connections need; returns the usable limit. */
unsigned inkling_http_fit_connection_limit(unsigned wanted);

#endif
