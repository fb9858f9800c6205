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
 * Temporary tables, indexes and sorts stay in memory (PRAGMA temp_store):
 * on disk they would go to files named with random bytes in /tmp. The
 * output has no addresses, times or other run-dependent values as long as
 * the scripts ask for none. The exit status is 0 when every statement
 * succeeded, 1 when one failed and 2 when a script cannot be read or the
 * database cannot be opened. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"

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
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fprintf(stderr, "sqlite_driver: cannot open the database: %s\n", sqlite3_errmsg(db));
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
    return failures > 0 ? 1 : 0;
}
