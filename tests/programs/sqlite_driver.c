/* The SQLite driver: runs SQL scripts on one in-memory database and prints
 * every result row, so that two builds of SQLite can be compared by their
 * output alone.
 *
 * usage: sqlite_driver [SCRIPT...]
 *
 * The scripts run in order on the same database (with none, the SQL comes
 * from stdin). Each statement is prepared, stepped to its end and
 * finalized, as an application does. A row prints as its columns separated
 * by '|': NULL as NULL, a blob as X'hex', a number as SQLite converts it
 * to text (its own printf, so the C library's has no say), text as is. An
 * error (in preparing or in running a statement) prints "error: " and
 * SQLite's message, on stdout so that it stays in order with the rows,
 * and the script goes on after the failed statement.
 *
 * The run does not depend on the machine or on the process's memory
 * layout, so that two builds take the same branches as often (their edge
 * profiles can be compared count for count):
 * - temporary tables, indexes and sorts stay in memory (PRAGMA
 *   temp_store): on disk they would go to files named with random bytes
 *   in /tmp;
 * - SQLite's page cache and the connection's lookaside memory (its
 *   allocator of small objects) are static arrays, not blocks of the heap.
 *   SQLite compares addresses: with the lookaside's bounds, to tell
 *   lookaside objects from others, and between the pages and buffers
 *   that cells move through when the B-tree is balanced. The order of two
 *   heap blocks depends on everything else the process allocated (an
 *   instrumented build's profiling runtime too), but that of two slots of
 *   one array does not, and on Linux every heap block lies above the
 *   static data. The page cache must hold every page the scripts use at
 *   once: when it has overflowed into the heap, the driver says so and
 *   ends with status 2.
 *
 * The output has no addresses, times or other run-dependent values as
 * long as the scripts ask for none. The exit status is 0 when every
 * statement succeeded, 1 when one failed and 2 when a script cannot be
 * read, the database cannot be opened or the page cache overflowed. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"

/* The size and number of the lookaside slots: SQLite's defaults
 * (SQLITE_DEFAULT_LOOKASIDE). */
#define LOOKASIDE_SLOT 1200
#define LOOKASIDE_SLOTS 40

/* The lookaside memory, 8-byte aligned as SQLite requires. */
static sqlite3_int64 lookaside[LOOKASIDE_SLOT * LOOKASIDE_SLOTS / sizeof(sqlite3_int64)];

/* The page cache: PAGE_SLOTS slots of a page of SQLite's default size and
 * its header (SQLITE_CONFIG_PCACHE_HDRSZ, which PAGE_HEADER_MAX bounds).
 * The heaviest workload uses about 2,100 pages at once. */
#define PAGE_SIZE 4096
#define PAGE_HEADER_MAX 512
#define PAGE_SLOTS 4096
static sqlite3_int64 page_cache[PAGE_SLOTS * (PAGE_SIZE + PAGE_HEADER_MAX) / sizeof(sqlite3_int64)];

/* Hands the page cache to SQLite; before anything else of SQLite runs. */
static int set_up_page_cache(void)
{
    int header;
    int slot;
    if (sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &header) != SQLITE_OK)
        return 0;
    slot = (PAGE_SIZE + header + 7) & ~7;
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)page_cache, slot, (int)(sizeof page_cache / slot)) == SQLITE_OK;
}

/* Whether a page ever had to come from the heap because the page cache was
 * full. */
static int page_cache_overflowed(void)
{
    int current, highest;
    return sqlite3_status(SQLITE_STATUS_PAGECACHE_OVERFLOW, &current, &highest, 0) != SQLITE_OK || highest > 0;
}

/* The rest of `file` in a NUL-terminated buffer, or NULL when it cannot
 * be read. */
static char *read_all(FILE *file)
{
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    while (text != NULL) {
        size_t got = fread(text + size, 1, capacity - size - 1, file);
        size += got;
        if (got == 0)
            break;
        if (size + 1 == capacity) {
            char *bigger = realloc(text, capacity *= 2);
            if (bigger == NULL)
                free(text);
            text = bigger;
        }
    }
    if (text != NULL && ferror(file)) {
        free(text);
        text = NULL;
    }
    if (text != NULL)
        text[size] = '\0';
    return text;
}

static void print_row(sqlite3_stmt *stmt)
{
    int n = sqlite3_column_count(stmt);
    int i, j;
    for (i = 0; i < n; i++) {
        if (i > 0)
            putchar('|');
        switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_NULL:
            fputs("NULL", stdout);
            break;
        case SQLITE_BLOB: {
            const unsigned char *blob = sqlite3_column_blob(stmt, i);
            int size = sqlite3_column_bytes(stmt, i);
            fputs("X'", stdout);
            for (j = 0; j < size; j++)
                printf("%02X", blob[j]);
            putchar('\'');
            break;
        }
        default:
            fputs((const char *)sqlite3_column_text(stmt, i), stdout);
            break;
        }
    }
    putchar('\n');
}

/* Where the statement that starts at `sql` and failed to prepare ends: after
 * the first ';' that completes it, or at the end of the text. */
static const char *skip_statement(const char *sql)
{
    const char *end = sql;
    while ((end = strchr(end, ';')) != NULL) {
        size_t length = (size_t)(end - sql) + 1;
        char *statement = malloc(length + 1);
        int complete;
        if (statement == NULL)
            break;
        memcpy(statement, sql, length);
        statement[length] = '\0';
        complete = sqlite3_complete(statement);
        free(statement);
        end++;
        if (complete)
            return end;
    }
    return sql + strlen(sql);
}

/* Runs every statement of `sql`; returns the number that failed. */
static int run_script(sqlite3 *db, const char *sql)
{
    int failures = 0;
    while (*sql != '\0') {
        sqlite3_stmt *stmt = NULL;
        const char *tail = NULL;
        int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, &tail);
        if (rc != SQLITE_OK) {
            printf("error: %s\n", sqlite3_errmsg(db));
            failures++;
            sql = skip_statement(sql);
            continue;
        }
        if (stmt == NULL) {
            /* Only white space and comments were left. */
            if (tail == sql)
                break;
            sql = tail;
            continue;
        }
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
            print_row(stmt);
        if (rc != SQLITE_DONE) {
            printf("error: %s\n", sqlite3_errmsg(db));
            failures++;
        }
        sqlite3_finalize(stmt);
        sql = tail;
    }
    return failures;
}

/* Runs the script in the file `name` (stdin when NULL); returns the number
 * of statements that failed, or -1 when the file cannot be read. */
static int run_file(sqlite3 *db, const char *name)
{
    FILE *file = name == NULL ? stdin : fopen(name, "rb");
    char *sql = file == NULL ? NULL : read_all(file);
    int failures;
    if (file != NULL && file != stdin)
        fclose(file);
    if (sql == NULL) {
        fprintf(stderr, "sqlite_driver: cannot read %s\n", name == NULL ? "stdin" : name);
        return -1;
    }
    failures = run_script(db, sql);
    free(sql);
    return failures;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    int failures;
    int i;
    if (!set_up_page_cache()) {
        fprintf(stderr, "sqlite_driver: cannot set up the page cache\n");
        return 2;
    }
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fprintf(stderr, "sqlite_driver: cannot open the database: %s\n", sqlite3_errmsg(db));
        return 2;
    }
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)lookaside, LOOKASIDE_SLOT, LOOKASIDE_SLOTS) != SQLITE_OK) {
        fprintf(stderr, "sqlite_driver: cannot set up the lookaside memory: %s\n", sqlite3_errmsg(db));
        return 2;
    }
    failures = run_script(db, "PRAGMA temp_store = MEMORY;");
    /* Without scripts on the command line, stdin is the one. */
    for (i = 1; i < argc || i == 1; i++) {
        int failed = run_file(db, i < argc ? argv[i] : NULL);
        if (failed < 0)
            return 2;
        failures += failed;
    }
    if (sqlite3_close(db) != SQLITE_OK) {
        fprintf(stderr, "sqlite_driver: cannot close the database: %s\n", sqlite3_errmsg(db));
        return 2;
    }
    if (page_cache_overflowed()) {
        fprintf(stderr, "sqlite_driver: the page cache overflowed into the heap: raise PAGE_SLOTS\n");
        return 2;
    }
    return failures > 0 ? 1 : 0;
}
