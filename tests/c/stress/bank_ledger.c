/* A tiny bank: accounts, transactions, audit log, sorting reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

enum AccountType { CHECKING, SAVINGS, BUSINESS, NUM_TYPES };
enum TxKind { TX_DEPOSIT, TX_WITHDRAW, TX_TRANSFER, TX_INTEREST };

static const char *const type_names[NUM_TYPES] = {
    [CHECKING] = "checking", [SAVINGS] = "savings", [BUSINESS] = "business",
};
static const int rate_bp[NUM_TYPES] = { [SAVINGS] = 250, [BUSINESS] = 75, [CHECKING] = 10 };

typedef struct {
    char street[32];
    char city[20];
    int zip;
} Address;

typedef struct {
    int id;
    char owner[24];
    enum AccountType type;
    long long cents;
    Address addr;
    int tx_count;
} Account;

typedef struct {
    enum TxKind kind;
    int from, to;
    long long amount;
    int ok;
} Tx;

static Account accounts[8] = {
    { 1001, "Ada Lovelace", SAVINGS, 150000, { "12 Analytical Way", "London", 10001 }, 0 },
    { 1002, "Alan Turing", CHECKING, 2500, { "7 Bletchley Rd", "Milton", 20002 }, 0 },
    { 1003, "Grace Hopper", BUSINESS, 9876543, { "1 Cobol Ct", "Arlington", 30003 }, 0 },
    { 1004, "Dennis Ritchie", CHECKING, 0, { "2 Unix Ave", "Murray Hill", 7974 }, 0 },
    { .id = 1005, .owner = "Ken Thompson", .type = SAVINGS, .cents = 31415, .addr = { .city = "Berkeley", .zip = 94704 } },
};
static int naccounts = 5;

static Tx log_[64];
static int nlog;

#define LOG_TX(k, f, t, a, ok_) do { \
        Tx tx_ = { k, f, t, a, ok_ }; \
        log_[nlog++] = tx_; \
    } while (0)

static Account *find(int id) {
    for (int i = 0; i < naccounts; i++)
        if (accounts[i].id == id) return &accounts[i];
    return NULL;
}

static int deposit(int id, long long amt) {
    Account *a = find(id);
    int ok = a != NULL && amt > 0;
    if (ok) { a->cents += amt; a->tx_count++; }
    LOG_TX(TX_DEPOSIT, 0, id, amt, ok);
    return ok;
}

static int withdraw(int id, long long amt) {
    Account *a = find(id);
    int ok = a && amt > 0 && (a->cents >= amt || (a->type == BUSINESS && a->cents - amt >= -100000));
    if (ok) { a->cents -= amt; a->tx_count++; }
    LOG_TX(TX_WITHDRAW, id, 0, amt, ok);
    return ok;
}

static int transfer(int from, int to, long long amt) {
    Account *a = find(from), *b = find(to);
    int ok = a && b && a != b && amt > 0 && a->cents >= amt;
    if (ok) {
        a->cents -= amt; b->cents += amt;
        a->tx_count++; b->tx_count++;
    }
    LOG_TX(TX_TRANSFER, from, to, amt, ok);
    return ok;
}

static void apply_interest(void) {
    for (int i = 0; i < naccounts; i++) {
        Account *a = &accounts[i];
        if (a->cents <= 0) continue;
        long long interest = a->cents * rate_bp[a->type] / 10000;
        a->cents += interest;
        LOG_TX(TX_INTEREST, 0, a->id, interest, 1);
    }
}

static void fmt_money(char *buf, size_t n, long long cents) {
    const char *sign = cents < 0 ? "-" : "";
    long long v = cents < 0 ? -cents : cents;
    snprintf(buf, n, "%s$%lld.%02lld", sign, v / 100, v % 100);
}

static int by_balance_desc(const void *pa, const void *pb) {
    const Account *a = pa, *b = pb;
    if (a->cents != b->cents) return a->cents < b->cents ? 1 : -1;
    return a->id - b->id;
}

static int by_name(const void *pa, const void *pb) {
    const Account *a = pa, *b = pb;
    return strcmp(a->owner, b->owner);
}

static void report(const char *title) {
    char buf[32];
    printf("--- %s ---\n", title);
    for (int i = 0; i < naccounts; i++) {
        const Account *a = &accounts[i];
        fmt_money(buf, sizeof buf, a->cents);
        printf("%5d %-16s %-9s %16s tx=%2d  %s, %s %05d\n", a->id, a->owner, type_names[a->type], buf,
               a->tx_count, a->addr.street[0] ? a->addr.street : "(no street)", a->addr.city, a->addr.zip);
    }
}

int main(void) {
    Account newacct = { 1006, "Barbara Liskov", BUSINESS, 0, { "3 Substitution Sq", "Boston", 2139 }, 0 };
    accounts[naccounts++] = newacct;
    assert(naccounts == 6);

    report("initial");
    deposit(1002, 12050);
    deposit(9999, 100);
    withdraw(1004, 1);
    withdraw(1006, 99999);
    withdraw(1006, 2);
    transfer(1003, 1004, 500000);
    transfer(1001, 1001, 5);
    transfer(1005, 1002, 31415);
    transfer(1005, 1002, 1);
    for (int round = 0; round < 3; round++) apply_interest();
    report("after transactions");

    static const char *const kind_names[] = { "deposit", "withdraw", "transfer", "interest" };
    long long total_ok = 0;
    int failed = 0;
    for (int i = 0; i < nlog; i++) {
        char buf[32];
        fmt_money(buf, sizeof buf, log_[i].amount);
        printf("#%02d %-8s %4d -> %4d %12s %s\n", i, kind_names[log_[i].kind], log_[i].from, log_[i].to, buf,
               log_[i].ok ? "OK" : "REJECTED");
        if (log_[i].ok) total_ok += log_[i].amount; else failed++;
    }
    printf("ok volume %lld, rejected %d\n", total_ok, failed);

    Account copy[8];
    memcpy(copy, accounts, sizeof accounts);
    qsort(accounts, (size_t)naccounts, sizeof accounts[0], by_balance_desc);
    report("by balance");
    qsort(accounts, (size_t)naccounts, sizeof(Account), by_name);
    report("by name");
    accounts[0] = copy[3];
    accounts[1] = accounts[0];
    accounts[1].addr = copy[0].addr;
    strcpy(accounts[1].owner, "Clone");
    report("after struct copies");

    long long sum_by_type[NUM_TYPES] = {0};
    for (int i = 0; i < naccounts; i++) sum_by_type[accounts[i].type] += accounts[i].cents;
    for (int t = CHECKING; t < NUM_TYPES; t++) {
        char buf[32];
        fmt_money(buf, sizeof buf, sum_by_type[t]);
        printf("%-9s %s\n", type_names[t], buf);
    }
    return 0;
}
