// inputs: 0 1 2 3 4  tags: switch, state-machine, parser, protocol, string, goto
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reqline {
    char method[8];
    char path[64];
    int major, minor;
};

enum { S_METHOD, S_SP1, S_PATH, S_PROTO, S_MAJOR, S_DOT, S_MINOR, S_CR, S_DONE };

/* Parses "METHOD SP PATH SP HTTP/x.y CRLF".  Returns bytes consumed or a
 * negative error code giving the state it failed in. */
int parse_request_line(const char *buf, int len, struct reqline *rl)
{
    int state = S_METHOD;
    int i = 0, mi = 0, pi = 0, pr = 0;
    const char *proto = "HTTP/";
    rl->method[0] = rl->path[0] = '\0';
    rl->major = rl->minor = -1;
    for (i = 0; i < len && state != S_DONE; i++) {
        char c = buf[i];
        switch (state) {
        case S_METHOD:
            if (c >= 'A' && c <= 'Z') {
                if (mi >= 7)
                    goto fail;
                rl->method[mi++] = c;
                rl->method[mi] = '\0';
            } else if (c == ' ' && mi > 0) {
                state = S_SP1;
            } else {
                goto fail;
            }
            break;
        case S_SP1:
            if (c != '/')
                goto fail;
            rl->path[pi++] = c;
            rl->path[pi] = '\0';
            state = S_PATH;
            break;
        case S_PATH:
            if (c == ' ') {
                state = S_PROTO;
            } else if (c <= ' ' || c == 127 || pi >= 63) {
                goto fail;
            } else {
                rl->path[pi++] = c;
                rl->path[pi] = '\0';
            }
            break;
        case S_PROTO:
            if (c != proto[pr])
                goto fail;
            if (++pr == 5)
                state = S_MAJOR;
            break;
        case S_MAJOR:
            if (c < '0' || c > '9')
                goto fail;
            rl->major = c - '0';
            state = S_DOT;
            break;
        case S_DOT:
            if (c != '.')
                goto fail;
            state = S_MINOR;
            break;
        case S_MINOR:
            if (c < '0' || c > '9')
                goto fail;
            rl->minor = c - '0';
            state = S_CR;
            break;
        case S_CR:
            if (c == '\r')
                break;
            if (c == '\n') {
                state = S_DONE;
                break;
            }
            goto fail;
        default:
            goto fail;
        }
    }
    if (state != S_DONE)
        return -100 - state;
    return i;
fail:
    return -state - 1;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[5] = {
        "",
        "GET /index.html HTTP/1.1\r\nHost: x\r\n",
        "POST /api/v2/items?id=7 HTTP/1.0\n",
        "get / HTTP/1.1\r\n",
        "DELETE /a/b HTTP/2.x\r\n"
    };
    struct reqline rl;
    if (opt < 0 || opt > 4)
        return 0;
    int r = parse_request_line(in[opt], (int)strlen(in[opt]), &rl);
    printf("r=%d method=%s path=%s version=%d.%d\n", r, rl.method, rl.path, rl.major, rl.minor);
    return 0;
}
