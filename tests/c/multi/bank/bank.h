#ifndef BANK_H
#define BANK_H

#define MAX_ACCOUNTS 8

struct Account {
    int id;
    char owner[16];
    long balance_cents;
};

/* defined in accounts.c */
extern struct Account accounts[MAX_ACCOUNTS];
extern int num_accounts;
extern long total_fees;
extern const char *bank_name;

int open_account(const char *owner, long initial);
int transfer(int from_id, int to_id, long cents);
struct Account *find_account(int id);
long total_deposits(void);

/* defined in main.c, called from accounts.c */
void log_event(const char *what, int id, long amount);

#endif
