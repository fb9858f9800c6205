/* Parsing binary packet headers with packed structs (as in network and file-format code). */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <stddef.h>

struct __attribute__((packed)) EthHeader {
    uint8_t dst[6];
    uint8_t src[6];
    uint16_t ethertype;   /* big endian on the wire */
};

struct IpHeader {
    uint8_t ver_ihl;
    uint8_t tos;
    uint16_t total_len;
    uint16_t id;
    uint16_t frag;
    uint8_t ttl;
    uint8_t proto;
    uint16_t checksum;
    uint32_t src, dst;
} __attribute__((packed));

static uint16_t be16(uint16_t v) { return (uint16_t)((v >> 8) | (v << 8)); }
static uint32_t be32(uint32_t v) { return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24); }

static uint16_t ip_checksum(const void *data, size_t len) {
    const uint8_t *p = data;
    uint32_t sum = 0;
    for (size_t i = 0; i + 1 < len; i += 2) sum += (uint32_t)(p[i] << 8 | p[i + 1]);
    if (len & 1) sum += (uint32_t)p[len - 1] << 8;
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    return (uint16_t)~sum;
}

static void print_ip(uint32_t a) { printf("%u.%u.%u.%u", a >> 24, (a >> 16) & 255, (a >> 8) & 255, a & 255); }

int main(void) {
    printf("sizeof EthHeader=%zu IpHeader=%zu offsetof(ethertype)=%zu offsetof(src)=%zu\n", sizeof(struct EthHeader),
           sizeof(struct IpHeader), offsetof(struct EthHeader, ethertype), offsetof(struct IpHeader, src));
    static const uint8_t frame[] = {
        0x00, 0x1b, 0x21, 0x3c, 0x4d, 0x5e, 0x00, 0x0c, 0x29, 0xab, 0xcd, 0xef, 0x08, 0x00,
        0x45, 0x00, 0x00, 0x3c, 0x1c, 0x46, 0x40, 0x00, 0x40, 0x06, 0x00, 0x00, 0xac, 0x10, 0x0a, 0x63, 0xac, 0x10, 0x0a, 0x0c,
    };
    struct EthHeader eth;
    struct IpHeader ip;
    memcpy(&eth, frame, sizeof eth);
    memcpy(&ip, frame + sizeof eth, sizeof ip);
    printf("dst=%02x:%02x:%02x:%02x:%02x:%02x src=%02x:%02x:%02x:%02x:%02x:%02x type=0x%04x\n", eth.dst[0], eth.dst[1], eth.dst[2],
           eth.dst[3], eth.dst[4], eth.dst[5], eth.src[0], eth.src[1], eth.src[2], eth.src[3], eth.src[4], eth.src[5], be16(eth.ethertype));
    printf("ip v%d ihl=%d len=%u id=0x%04x ttl=%u proto=%u ", ip.ver_ihl >> 4, ip.ver_ihl & 15, be16(ip.total_len), be16(ip.id), ip.ttl,
           ip.proto);
    print_ip(be32(ip.src));
    printf(" -> ");
    print_ip(be32(ip.dst));
    putchar('\n');
    uint16_t sum = ip_checksum(&ip, sizeof ip);
    ip.checksum = be16(sum);
    printf("computed checksum 0x%04x, verify=0x%04x\n", sum, ip_checksum(&ip, sizeof ip));
    return 0;
}
