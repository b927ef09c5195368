#include "CMHDShims.h"
#include "lazy_functions.h"

#include <errno.h>
#include <stdio.h>
#include <netdb.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int notesite_mhd_listen(const char *host, uint16_t port, uint16_t *bound_port, int *error_number,
                        int *lookup_error) {
    *error_number = 0;
    *lookup_error = 0;
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)port);
    struct addrinfo *found = NULL;
    int status = getaddrinfo(host, service, &hints, &found);
    if (status != 0) {
        *lookup_error = status;
        return -1;
    }
    int fd = -1;
    *error_number = 0;
    for (struct addrinfo *candidate = found; candidate != NULL; candidate = candidate->ai_next) {
        fd = socket(candidate->ai_family, candidate->ai_socktype | SOCK_CLOEXEC, candidate->ai_protocol);
        if (fd < 0) {
            *error_number = errno;
            continue;
        }
        int on = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (bind(fd, candidate->ai_addr, candidate->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0) {
            struct sockaddr_storage bound;
            socklen_t length = sizeof bound;
            *bound_port = port;
            if (getsockname(fd, (struct sockaddr *)&bound, &length) == 0) {
                if (bound.ss_family == AF_INET) {
                    *bound_port = ntohs(((struct sockaddr_in *)&bound)->sin_port);
                } else if (bound.ss_family == AF_INET6) {
                    *bound_port = ntohs(((struct sockaddr_in6 *)&bound)->sin6_port);
                }
            }
            break;
        }
        *error_number = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(found);
    return fd;
}

/// Leaves the URL as sent; the Swift handler decodes it after checking it.
static size_t keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

struct MHD_Daemon *notesite_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls,
                                      unsigned int connection_timeout_seconds, unsigned int connection_limit,
                                      size_t connection_memory_limit) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC |
                         MHD_USE_POLL;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, NULL,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_END);
}

ssize_t notesite_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

struct MHD_Response *notesite_mhd_copied_response(const void *bytes, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}
