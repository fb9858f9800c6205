/* The runtime ABI of issue 3, written by hand for the runtime's tests
 * (tests/runtime.rs), which check the runtime without the compiler. The
 * test passes the offsets and sizes of profile-format/src/abi.rs as
 * -DNISSE_* macros, so this header cannot drift from the Rust constants. */
#include <stddef.h>
#include <stdint.h>

extern const uint64_t __nisse_runtime_anchor;

struct nisse_record {
    uint64_t abi_version;
    const char *name;
    uint64_t name_len;
    uint64_t cfg_checksum;
    uint64_t *counters;
    uint64_t num_counters;
    const unsigned char *descriptor;
    uint64_t descriptor_len;
    const uint64_t *anchor;
    uint64_t flags;
    const void *function;    /* sampled functions only */
    const uint32_t *pc_map;  /* sampled functions only */
    uint64_t *value_sites;   /* with -fprofile-values only */
    uint64_t num_value_sites;
};

_Static_assert(sizeof(struct nisse_record) == NISSE_RECORD_SIZE, "record size");
_Static_assert(offsetof(struct nisse_record, name) == NISSE_RECORD_NAME_PTR, "name");
_Static_assert(offsetof(struct nisse_record, cfg_checksum) == NISSE_RECORD_CFG_CHECKSUM, "checksum");
_Static_assert(offsetof(struct nisse_record, counters) == NISSE_RECORD_COUNTERS_PTR, "counters");
_Static_assert(offsetof(struct nisse_record, descriptor) == NISSE_RECORD_DESCRIPTOR_PTR, "descriptor");
_Static_assert(offsetof(struct nisse_record, anchor) == NISSE_RECORD_ANCHOR_PTR, "anchor");
_Static_assert(offsetof(struct nisse_record, flags) == NISSE_RECORD_FLAGS, "flags");
_Static_assert(offsetof(struct nisse_record, function) == NISSE_RECORD_FUNCTION_PTR, "function");
_Static_assert(offsetof(struct nisse_record, pc_map) == NISSE_RECORD_PC_MAP_PTR, "pc map");
_Static_assert(offsetof(struct nisse_record, value_sites) == NISSE_RECORD_VALUE_SITES_PTR, "value sites");
_Static_assert(offsetof(struct nisse_record, num_value_sites) == NISSE_RECORD_NUM_VALUE_SITES, "value site count");

/* Declares the counters `nisse_cnt_FN[N]` of function FN and its record,
 * with the given checksum and descriptor bytes. */
#define NISSE_FUNCTION(FN, CHECKSUM, N, ...)                                         \
    static uint64_t nisse_cnt_##FN[N] __attribute__((aligned(8)));                  \
    static const unsigned char nisse_cfg_##FN[] __attribute__((aligned(8))) = {__VA_ARGS__}; \
    __attribute__((section(NISSE_RECORDS_SECTION), used, aligned(8)))                \
    static struct nisse_record nisse_rec_##FN = {                                    \
        NISSE_ABI_VERSION, #FN, sizeof(#FN) - 1, CHECKSUM, nisse_cnt_##FN, N,        \
        nisse_cfg_##FN, sizeof nisse_cfg_##FN, &__nisse_runtime_anchor, 0, 0, 0, 0, 0}
