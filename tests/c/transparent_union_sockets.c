/* With _GNU_SOURCE, glibc declares the address parameter of bind,
   connect, getsockname, accept… as a transparent union of the sockaddr
   pointer types, so a `struct sockaddr *` (or a `struct sockaddr_in *`)
   is passed as that union: libgit2's `connect(socket, address, len)`.
   Programs define such unions and functions too (`wait`'s old
   `__WAIT_STATUS`). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

typedef union {
    int *number;
    const char *text;
    long *wide;
} any_pointer __attribute__((transparent_union));

union status {
    int *code;
    unsigned *bits;
} __attribute__((__transparent_union__));

static int describe(any_pointer p, int kind) {
    if (kind == 0)
        return *p.number;
    if (kind == 1)
        return (int)strlen(p.text);
    return (int)*p.wide;
}

static void set_status(union status s) {
    *s.code = 42;
}

int main(void) {
    int n = 7;
    long w = 1234567;
    unsigned u = 0;
    printf("%d %d %d\n", describe(&n, 0), describe("transparent", 1), describe(&w, 2));
    set_status(&u);
    set_status(&n);
    printf("%u %d\n", u, n);

    int server = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    if (bind(server, (struct sockaddr *)&address, sizeof address) != 0 || listen(server, 1) != 0) {
        perror("bind");
        return 1;
    }
    struct sockaddr_in bound;
    socklen_t length = sizeof bound;
    getsockname(server, (struct sockaddr *)&bound, &length);
    int client = socket(AF_INET, SOCK_STREAM, 0);
    const struct sockaddr *target = (const struct sockaddr *)&bound;
    if (connect(client, target, length) != 0) {
        perror("connect");
        return 1;
    }
    struct sockaddr_storage peer;
    socklen_t peer_length = sizeof peer;
    int accepted = accept(server, (struct sockaddr *)&peer, &peer_length);
    write(client, "ping", 4);
    char buffer[8] = {0};
    read(accepted, buffer, 4);
    char text[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &((struct sockaddr_in *)&peer)->sin_addr, text, sizeof text);
    printf("bound to %s: %d, peer %s, read '%s', same port %d\n", inet_ntoa(bound.sin_addr), bound.sin_family == AF_INET,
           text, buffer, bound.sin_port != 0);
    /* A sockaddr_in pointer, another member of the union. */
    struct sockaddr_in again;
    socklen_t again_length = sizeof again;
    getpeername(client, &again, &again_length);
    printf("peer port matches: %d\n", again.sin_port == bound.sin_port);
    close(accepted);
    close(client);
    close(server);
    return 0;
}
