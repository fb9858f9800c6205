#include <string.h>
#include "bank.h"

struct Account accounts[MAX_ACCOUNTS];
int num_accounts;
long total_fees = 0;
const char *bank_name = "Nisse Savings";

static int next_id = 100;

/* same name as a static function in main.c: each file must get its own */
static int check(long cents) { return cents > 0 && cents < 100000000L; }

static long fee_for(long cents) { return cents / 100 + 1; }

int open_account(const char *owner, long initial) {
    if (num_accounts == MAX_ACCOUNTS || !check(initial)) return -1;
    struct Account *a = &accounts[num_accounts++];
    a->id = next_id++;
    strncpy(a->owner, owner, sizeof a->owner - 1);
    a->owner[sizeof a->owner - 1] = '\0';
    a->balance_cents = initial;
    log_event("open", a->id, initial);
    return a->id;
}

struct Account *find_account(int id) {
    for (int i = 0; i < num_accounts; i++)
        if (accounts[i].id == id) return &accounts[i];
    return 0;
}

int transfer(int from_id, int to_id, long cents) {
    struct Account *from = find_account(from_id), *to = find_account(to_id);
    if (!from || !to || !check(cents)) return 0;
    long fee = fee_for(cents);
    if (from->balance_cents < cents + fee) { log_event("refused", from_id, cents); return 0; }
    from->balance_cents -= cents + fee;
    to->balance_cents += cents;
    total_fees += fee;
    log_event("transfer", from_id, cents);
    return 1;
}

long total_deposits(void) {
    long t = 0;
    for (int i = 0; i < num_accounts; i++) t += accounts[i].balance_cents;
    return t;
}
