-- Statements that fail, each followed by one that shows the database as the
-- failure left it. The driver prints every error and goes on, and exits
-- with status 1; the expected output is tests/programs/expected/sqlite/errors.txt.

CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER CHECK (n >= 0));
INSERT INTO t VALUES (1, 'one', 1), (2, 'two', 2);
SELEC * FROM t;
SELECT * FROM nowhere;
SELECT nosuch FROM t;
SELECT count(*) FROM t WHERE;
INSERT INTO t VALUES (3, 'one', 3);
INSERT INTO t VALUES (3, NULL, 3);
INSERT INTO t VALUES (3, 'three', -3);
INSERT INTO t VALUES (1, 'uno', 1);
INSERT INTO t VALUES (3, 'three', 3), (4, 'two', 4);
SELECT id, name, n FROM t ORDER BY id;
CREATE TABLE t(x);
SELECT abs(-9223372036854775808);
SELECT json('{"a":');
SELECT substr();
SELECT 1 UNION SELECT 1, 2;
CREATE TRIGGER t_guard BEFORE DELETE ON t WHEN old.id = 1 BEGIN SELECT RAISE(ABORT, 'id 1 is protected'); END;
DELETE FROM t WHERE id <= 2;
SELECT count(*) FROM t;
BEGIN;
INSERT INTO t VALUES (10, 'ten', 10);
INSERT INTO t VALUES (11, 'ten', 11);
COMMIT;
SELECT id FROM t ORDER BY id;
ROLLBACK;
CREATE TABLE p(id INTEGER PRIMARY KEY);
CREATE TABLE c(p INTEGER REFERENCES p(id));
PRAGMA foreign_keys = ON;
INSERT INTO c VALUES (5);
SELECT count(*) FROM c;
WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r LIMIT 'a';
SELECT 'still running';
-- An unfinished statement at the end of the script.
SELECT 1 +
