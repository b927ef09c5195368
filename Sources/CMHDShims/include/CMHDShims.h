#ifndef NOTESITE_MHD_SHIMS_H
#define NOTESITE_MHD_SHIMS_H
#include <stdint.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Opens a listening TCP socket on `host` (an IPv4 or IPv6 literal, or a name) and `port` (0: any free
/// port). Returns the socket, or -1 with `*error_number` set to an errno value, or `*lookup_error` to a
/// `getaddrinfo` error (for `gai_strerror`) when the host could not be resolved.
/// `*bound_port` receives the port actually bound.
int notesite_mhd_listen(const char *host, uint16_t port, uint16_t *bound_port, int *error_number,
                        int *lookup_error);

/// Starts a thread-per-connection daemon on `listen_fd` that hands the handler the URL exactly as the
/// client sent it (no percent-decoding), so the handler can refuse encoded slashes and NUL bytes.
/// At most `connection_limit` connections at once (more are closed as they arrive); a request line or
/// header that does not fit in `connection_memory_limit` bytes gets 414 or 431 from libmicrohttpd.
struct MHD_Daemon *notesite_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls,
                                      unsigned int connection_timeout_seconds, unsigned int connection_limit,
                                      size_t connection_memory_limit);

/// A response holding its own copy of `size` bytes (Swift does not see `MHD_RESPMEM_MUST_COPY`).
struct MHD_Response *notesite_mhd_copied_response(const void *bytes, size_t size);

/// `MHD_CONTENT_READER_END_OF_STREAM`, which Swift cannot import (a macro with a cast).
ssize_t notesite_mhd_end_of_stream(void);

#endif
