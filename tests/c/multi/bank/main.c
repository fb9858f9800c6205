/* Multi-file test "bank".
   Build: compile all .c files of this directory and link them together, e.g.
       nissecc accounts.c main.c -o bank      (reference: gcc accounts.c main.c -lm)
   Covers: extern globals defined in accounts.c and used here, a function defined here
   (log_event) and called from accounts.c, and static functions named `check` in both files. */
#include <stdio.h>
#include "bank.h"

static int events;

/* deliberately clashes by name with accounts.c's static check() */
static int check(int id) { return find_account(id) != 0; }

void log_event(const char *what, int id, long amount) {
    events++;
    printf("[%02d] %-8s #%d %ld.%02ld\n", events, what, id, amount / 100, amount % 100);
}

int main(void) {
    printf("%s\n", bank_name);
    int a = open_account("alice", 50000);
    int b = open_account("bob", 1250);
    int c = open_account("a-very-long-owner-name", 99);
    int bad = open_account("nobody", -5);
    printf("ids %d %d %d %d\n", a, b, c, bad);
    printf("check %d %d %d\n", check(a), check(c), check(999));
    printf("%d\n", transfer(a, b, 12345));
    printf("%d\n", transfer(b, c, 20000));
    printf("%d\n", transfer(c, a, 50));
    printf("%d\n", transfer(a, 12345, 1));
    for (int i = 0; i < num_accounts; i++)
        printf("%d %-15s %8ld\n", accounts[i].id, accounts[i].owner, accounts[i].balance_cents);
    printf("fees=%ld total=%ld sum=%ld\n", total_fees, total_deposits(), total_deposits() + total_fees);
    accounts[0].balance_cents = 0;
    printf("after reset %ld events=%d\n", find_account(a)->balance_cents, events);
    return num_accounts;
}
