-- The check workload of SQLite (run by tests/programs/sqlite_driver.c):
-- one query or a few per feature, each section headed by a row naming it;
-- the expected output is tests/programs/expected/sqlite/check.txt.
-- Nothing here depends on the time, on random numbers or on addresses.

SELECT '# tables and types';
CREATE TABLE dept(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, budget REAL);
CREATE TABLE emp(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  dept INTEGER REFERENCES dept(id),
  salary INTEGER CHECK (salary > 0),
  hired TEXT,
  boss INTEGER
);
INSERT INTO dept VALUES (1, 'engineering', 1.5e6), (2, 'sales', 750000.25), (3, 'research', NULL), (4, 'empty', 0);
INSERT INTO emp VALUES
  (1, 'Ada', 1, 9000, '2019-03-01', NULL),
  (2, 'Brian', 1, 7200, '2020-07-15', 1),
  (3, 'Claude', 2, 5100, '2018-11-30', 1),
  (4, 'Dennis', 1, 6800, '2021-01-04', 2),
  (5, 'Edsger', 3, 8100, '2017-05-22', 1),
  (6, 'Frances', 2, 4900, '2022-09-09', 3),
  (7, 'Grace', 3, 8800, '2016-02-29', 5),
  (8, 'Hedy', NULL, 3000, '2023-12-31', NULL);
SELECT typeof(1), typeof(1.0), typeof('1'), typeof(x'01'), typeof(NULL), typeof(1 + 1.0), typeof('3' + 4);
SELECT 7 / 2, 7 % 3, -7 / 2, -7 % 3, 7 / 2.0, 1e308 * 10, -(1e308 * 10), 9223372036854775807 + 1;
SELECT CAST('12abc' AS INTEGER), CAST(3.99 AS INTEGER), CAST(-3.99 AS INTEGER), CAST(255 AS TEXT) || 'x', CAST('1e3' AS REAL);
SELECT 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-7, 123456789012345678, 1.5e300 * 1.5e-300, 100.0, -0.0;
SELECT count(*), sum(salary), avg(salary), min(hired), max(hired), total(boss) FROM emp;

SELECT '# joins';
SELECT e.name, d.name FROM emp e JOIN dept d ON e.dept = d.id ORDER BY e.id;
SELECT e.name, coalesce(d.name, '(none)') FROM emp e LEFT JOIN dept d ON e.dept = d.id WHERE d.id IS NULL OR d.id = 3 ORDER BY e.name;
SELECT d.name, count(e.id) FROM dept d LEFT JOIN emp e ON e.dept = d.id GROUP BY d.id ORDER BY d.id;
SELECT e.name, b.name FROM emp e LEFT JOIN emp b ON e.boss = b.id ORDER BY e.name;
SELECT d.name, e.name FROM dept d FULL OUTER JOIN emp e ON e.dept = d.id WHERE d.id IS NULL OR e.id IS NULL ORDER BY 1, 2;
SELECT count(*) FROM emp CROSS JOIN dept;
SELECT a.name, b.name FROM emp a, emp b WHERE a.dept = b.dept AND a.id < b.id ORDER BY a.id, b.id;

SELECT '# group by and order by';
SELECT dept, count(*), sum(salary), max(salary), min(name) FROM emp GROUP BY dept ORDER BY dept NULLS LAST;
SELECT dept, avg(salary) AS a FROM emp GROUP BY dept HAVING a > 6000 ORDER BY a DESC;
SELECT name, salary FROM emp ORDER BY salary DESC LIMIT 3 OFFSET 1;
SELECT name FROM emp ORDER BY length(name), name DESC;
SELECT dept, group_concat(name, ',' ORDER BY name DESC) FROM emp GROUP BY dept ORDER BY dept;
SELECT DISTINCT dept FROM emp ORDER BY dept;
SELECT count(DISTINCT dept), count(dept), count(*) FROM emp;

SELECT '# subqueries';
SELECT name FROM emp WHERE salary > (SELECT avg(salary) FROM emp) ORDER BY name;
SELECT name FROM emp e WHERE salary = (SELECT max(salary) FROM emp WHERE dept = e.dept) ORDER BY name;
SELECT name FROM dept WHERE id NOT IN (SELECT dept FROM emp WHERE dept IS NOT NULL);
SELECT name FROM dept d WHERE EXISTS (SELECT 1 FROM emp WHERE dept = d.id AND salary > 8000) ORDER BY name;
SELECT (SELECT name FROM emp ORDER BY hired LIMIT 1), (SELECT count(*) FROM (SELECT DISTINCT boss FROM emp));
SELECT x.dept, x.n FROM (SELECT dept, count(*) AS n FROM emp GROUP BY dept) AS x WHERE x.n > 1 ORDER BY x.dept;
SELECT name, salary, salary * 100 / (SELECT sum(salary) FROM emp) FROM emp WHERE id IN (1, 3, 5) ORDER BY id;

SELECT '# compound selects';
SELECT name FROM dept UNION SELECT name FROM emp WHERE id < 3 ORDER BY 1;
SELECT dept FROM emp UNION ALL SELECT id FROM dept ORDER BY 1 LIMIT 6;
SELECT id FROM dept INTERSECT SELECT dept FROM emp ORDER BY 1;
SELECT id FROM dept EXCEPT SELECT dept FROM emp;

SELECT '# common table expressions';
WITH rich AS (SELECT * FROM emp WHERE salary >= 8000) SELECT name FROM rich ORDER BY salary;
WITH RECURSIVE chain(id, name, depth, path) AS (
  SELECT id, name, 0, name FROM emp WHERE boss IS NULL AND dept IS NOT NULL
  UNION ALL
  SELECT e.id, e.name, c.depth + 1, c.path || '/' || e.name FROM emp e JOIN chain c ON e.boss = c.id
)
SELECT depth, path FROM chain ORDER BY path;
WITH RECURSIVE fib(n, a, b) AS (SELECT 1, 0, 1 UNION ALL SELECT n + 1, b, a + b FROM fib WHERE n < 90)
SELECT n, a FROM fib WHERE n % 15 = 0;
WITH RECURSIVE cnt(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM cnt LIMIT 1000)
SELECT count(*), sum(x), sum(x * x) % 1000003 FROM cnt;
WITH RECURSIVE collatz(n, steps) AS (SELECT 27, 0 UNION ALL SELECT CASE WHEN n % 2 THEN 3 * n + 1 ELSE n / 2 END, steps + 1 FROM collatz WHERE n > 1)
SELECT max(steps), max(n) FROM collatz;
WITH RECURSIVE
  xs(x) AS (SELECT -2.0 UNION ALL SELECT x + 0.125 FROM xs WHERE x < 0.5),
  ys(y) AS (SELECT -1.0 UNION ALL SELECT y + 0.25 FROM ys WHERE y < 1.0),
  m(x, y, cx, cy, k) AS (
    SELECT 0.0, 0.0, x, y, 0 FROM xs, ys
    UNION ALL
    SELECT x * x - y * y + cx, 2.0 * x * y + cy, cx, cy, k + 1 FROM m WHERE x * x + y * y < 4.0 AND k < 30
  )
SELECT cy, group_concat(substr(' .:-=+*#%@', 1 + min(k / 3, 9), 1), '') FROM (SELECT cx, cy, max(k) AS k FROM m GROUP BY cx, cy ORDER BY cx) GROUP BY cy ORDER BY cy;

SELECT '# indexes';
CREATE TABLE kv(k TEXT, v INTEGER, w TEXT);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1999)
INSERT INTO kv SELECT printf('key%04d', (i * 7919) % 2000), i, hex(i * 31) FROM n;
CREATE UNIQUE INDEX kv_k ON kv(k);
CREATE INDEX kv_vw ON kv(v, w);
CREATE INDEX kv_expr ON kv(length(w)) WHERE v % 2 = 0;
SELECT k, v, w FROM kv WHERE k = 'key1234';
SELECT count(*), min(k), max(k) FROM kv WHERE k BETWEEN 'key0100' AND 'key0199';
SELECT k FROM kv WHERE v IN (5, 50, 500, 1500) ORDER BY v;
SELECT length(w), count(*) FROM kv WHERE v % 2 = 0 GROUP BY length(w);
SELECT count(*) FROM kv WHERE v > 1000 AND w > '8';
EXPLAIN QUERY PLAN SELECT v FROM kv WHERE k = 'key0001';
DROP INDEX kv_vw;
SELECT sum(v) FROM kv WHERE v BETWEEN 10 AND 20;
REINDEX kv_k;
PRAGMA integrity_check;

SELECT '# views and triggers';
CREATE VIEW staff AS SELECT e.name AS name, d.name AS dept, e.salary AS salary FROM emp e LEFT JOIN dept d ON e.dept = d.id;
SELECT * FROM staff WHERE dept = 'sales' ORDER BY name;
CREATE TABLE audit(seq INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT);
CREATE TRIGGER emp_raise AFTER UPDATE OF salary ON emp WHEN new.salary > old.salary
BEGIN
  INSERT INTO audit(what) VALUES (printf('%s: %d -> %d', new.name, old.salary, new.salary));
END;
CREATE TRIGGER emp_gone BEFORE DELETE ON emp
BEGIN
  INSERT INTO audit(what) VALUES ('deleted ' || old.name);
  UPDATE emp SET boss = old.boss WHERE boss = old.id;
END;
CREATE TRIGGER staff_insert INSTEAD OF INSERT ON staff
BEGIN
  INSERT INTO emp(name, dept, salary) VALUES (new.name, (SELECT id FROM dept WHERE name = new.dept), new.salary);
END;
UPDATE emp SET salary = salary + 500 WHERE dept = 2;
UPDATE emp SET salary = salary - 1 WHERE id = 1;
DELETE FROM emp WHERE name = 'Brian';
INSERT INTO staff VALUES ('Ida', 'research', 6100);
SELECT seq, what FROM audit ORDER BY seq;
SELECT name, boss FROM emp WHERE boss = 1 OR name = 'Ida' ORDER BY name;
SELECT name, seq FROM sqlite_sequence;

SELECT '# transactions';
BEGIN;
INSERT INTO dept(name, budget) VALUES ('temporary', 1);
UPDATE emp SET salary = salary * 2;
SELECT count(*), sum(salary) FROM emp;
ROLLBACK;
SELECT count(*), sum(salary) FROM emp;
SELECT count(*) FROM dept WHERE name = 'temporary';
BEGIN;
INSERT INTO dept(name) VALUES ('kept');
SAVEPOINT one;
INSERT INTO dept(name) VALUES ('dropped');
SAVEPOINT two;
DELETE FROM dept;
ROLLBACK TO one;
RELEASE one;
COMMIT;
SELECT id, name FROM dept ORDER BY id;

SELECT '# upserts and conflicts';
CREATE TABLE counts(word TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT 1);
INSERT INTO counts(word) VALUES ('a'), ('b'), ('a'), ('c'), ('a'), ('b')
  ON CONFLICT(word) DO UPDATE SET n = n + 1;
INSERT INTO counts VALUES ('c', 100) ON CONFLICT DO NOTHING;
INSERT OR REPLACE INTO counts VALUES ('b', 20);
INSERT OR IGNORE INTO counts VALUES ('a', 0), ('d', 4);
SELECT word, n FROM counts ORDER BY word;
REPLACE INTO counts VALUES ('e', 5);
UPDATE OR IGNORE counts SET word = 'a' WHERE word = 'e';
SELECT group_concat(word || '=' || n, ' ') FROM (SELECT * FROM counts ORDER BY word);
INSERT INTO counts VALUES ('f', 6) RETURNING word, n * 10;
DELETE FROM counts WHERE n < 3 RETURNING word;

SELECT '# strings';
SELECT upper('Straße'), lower('ÅSA'), length('naïve'), length(x'00ff00'), octet_length('naïve');
SELECT substr('hello world', 7), substr('hello world', -5, 3), substr('hello', 0, 2), instr('banana', 'nan');
SELECT replace('a-b-c', '-', '+'), trim('  x  ') || '|', ltrim('xxyxz', 'xy'), rtrim('abccc', 'c');
SELECT hex('SQL'), unhex('53514C'), quote('it''s'), quote(NULL), quote(1.5), quote(x'AB'), char(72, 105), unicode('é');
SELECT 'a' || 1 || 2.5 || NULL, concat('a', 1, NULL, 2.5), concat_ws('-', 'x', NULL, 'y', 3);
SELECT 'abc' < 'abd', 'B' = 'b', 'B' = 'b' COLLATE NOCASE, 'x  ' = 'x' COLLATE RTRIM, 'abc' BETWEEN 'abb' AND 'abd';
SELECT format('%5d|%-5d|%05.1f|%x|%o|%e|%g', 42, 42, 3.14159, 255, 8, 12345.678, 0.0001234);
SELECT printf('%s has %d items costing %.2f (%q) %Q %%', 'cart', 3, 19.999, 'it''s', NULL);
SELECT printf('%,d %,d %10.3s| %-10s| %c', 1234567, -9876543210, 'abcdef', 'left', 'xyz');
SELECT printf('%.20f', 0.1), printf('%.0f %.0f %.0f', 0.5, 1.5, 2.5), printf('%!.20g', 1e100), printf('%i', 2147483648);
SELECT ifnull(NULL, 'default'), nullif(3, 3), nullif(3, 4), iif(1 > 2, 'yes', 'no'), coalesce(NULL, NULL, 'c');
SELECT CASE 3 WHEN 1 THEN 'one' WHEN 3 THEN 'three' ELSE 'many' END, CASE WHEN 0 THEN 'a' END;

SELECT '# numbers';
SELECT abs(-42), abs(-4.5), round(2.5), round(-2.5), round(3.14159, 3), round(1234.5678, -2), sign(-3), sign(0.5);
SELECT max(3, 7.5, -1), min('b', 'a', 'c'), 17 & 5, 17 | 5, ~17, 1 << 10, -1 >> 60, 5 = 5.0;
SELECT ceil(1.2), floor(-1.2), trunc(-1.7), sqrt(2), pow(2, 0.5), exp(1), ln(10), log10(1000), log(2, 64), mod(17, 5);
SELECT pi(), sin(pi() / 6), cos(0), atan2(1, 1) * 4, degrees(pi()), radians(180), 1e15 + 0.3, 12345678901234567890;
SELECT 3.0 * 1.1, 1 / 3.0 * 3, 100 * 1.1, 4.35 * 100, 0.1 * 3, 1e21, 1.0e-5, 123.456e-10, 2e-308 / 1e10;
SELECT sum(x), avg(x), total(x) FROM (SELECT 0.1 AS x UNION ALL SELECT 0.2 UNION ALL SELECT 0.3 UNION ALL SELECT 1e16);

SELECT '# dates';
SELECT date('2024-02-28', '+1 day'), date('2023-02-28', '+1 day'), date('2024-01-31', '+1 month'), date('2024-03-31', '-1 month');
SELECT datetime('2000-01-01 12:34:56', '+90 minutes', '-1 year'), time('23:59:59', '+2 seconds'), julianday('2000-01-01');
SELECT strftime('%Y/%m/%d %H:%M:%f %j %w %W %s', '2021-12-31 23:59:58.5'), date(0, 'unixepoch'), datetime(1700000000, 'unixepoch');
SELECT date('2024-06-15', 'start of month'), date('2024-06-15', 'start of year', '+45 days'), date('2024-06-15', 'weekday 0');
SELECT unixepoch('2038-01-19 03:14:07'), timediff('2024-03-01', '2023-02-28'), strftime('%F %T', 2460000.5);
SELECT name, hired, cast(julianday('2024-01-01') - julianday(hired) AS INTEGER) AS days FROM emp ORDER BY days DESC LIMIT 3;

SELECT '# like and glob';
SELECT name FROM emp WHERE name LIKE '%e%' ORDER BY name;
SELECT name FROM emp WHERE name LIKE '_r%' ORDER BY name;
SELECT name FROM emp WHERE name GLOB '[A-E]*' ORDER BY name;
SELECT name FROM emp WHERE name GLOB '*[!a-z]*' OR name NOT GLOB '*a*' ORDER BY name;
SELECT 'ABC' LIKE 'abc', 'ABC' GLOB 'abc', '50%' LIKE '50\%' ESCAPE '\', 'a_b' LIKE 'a\_b' ESCAPE '\', 'axb' LIKE 'a\_b' ESCAPE '\';
SELECT 'éa' LIKE 'éA', 'x' GLOB '?', 'xy' GLOB '?', '' LIKE '%', 'abc' GLOB '*c';

SELECT '# json';
SELECT json_object('name', 'Ada', 'age', 36, 'langs', json_array('en', 'fr'), 'nil', NULL, 'pi', 3.25);
SELECT json_extract('{"a":{"b":[1,2,{"c":"deep"}]}}', '$.a.b[2].c'), '{"x":[10,20,30]}' -> '$.x[1]', '{"x":[10,20,30]}' ->> '$.x[#-1]';
SELECT json_set('{"a":1}', '$.b', 2, '$.a', 'one'), json_insert('[1,2]', '$[#]', 3), json_remove('{"a":1,"b":2}', '$.a');
SELECT json_type('{"a":[1,2.5,"s",null,true]}', '$.a[1]'), json_array_length('[1,[2,3],4]'), json_valid('{"a":}'), json_valid('[1]');
SELECT json_patch('{"a":1,"b":{"c":2}}', '{"b":{"c":null,"d":4},"e":5}'), json_quote('he said "hi"'), json('  [ 1 , 2 ]  ');
SELECT key, value, type FROM json_each('{"x":1,"y":[2,3],"z":{"w":null}}') ORDER BY key;
SELECT fullkey, atom FROM json_tree('[1,[2,[3]]]') WHERE atom IS NOT NULL ORDER BY fullkey;
SELECT json_group_array(name ORDER BY id) FROM emp WHERE dept = 1;
SELECT json_group_object(name, salary) FROM (SELECT * FROM emp WHERE dept = 3 ORDER BY name);
SELECT d.name, json_group_array(e.name) FROM dept d JOIN emp e ON e.dept = d.id GROUP BY d.id ORDER BY d.id;
SELECT json_extract(json_object('big', 12345678901234567, 'small', 1.5e-10, 'neg', -0.5), '$.big', '$.small', '$.neg');

SELECT '# window functions';
SELECT name, dept, salary, rank() OVER (PARTITION BY dept ORDER BY salary DESC) FROM emp WHERE dept IS NOT NULL ORDER BY dept, 4;
SELECT name, salary, sum(salary) OVER (ORDER BY salary ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM emp ORDER BY salary;
SELECT name, row_number() OVER w, dense_rank() OVER w, percent_rank() OVER w, cume_dist() OVER w, ntile(3) OVER w
  FROM emp WINDOW w AS (ORDER BY dept NULLS FIRST) ORDER BY 2;
SELECT name, lag(name) OVER (ORDER BY hired), lead(name, 2, '-') OVER (ORDER BY hired), first_value(name) OVER (ORDER BY hired), last_value(name) OVER (ORDER BY hired RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM emp ORDER BY hired;
SELECT dept, name, avg(salary) OVER (PARTITION BY dept), count(*) OVER (PARTITION BY dept ORDER BY name GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING), nth_value(name, 2) OVER (PARTITION BY dept ORDER BY name) FROM emp ORDER BY dept, name;
SELECT x, sum(x) OVER (ORDER BY x RANGE BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW), group_concat(x, '.') OVER (ORDER BY x ROWS 2 PRECEDING) FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 8) ORDER BY x;
SELECT dept, max(salary) FILTER (WHERE hired < '2020'), count(*) FILTER (WHERE salary > 5000) FROM emp GROUP BY dept ORDER BY dept;

SELECT '# other statements';
CREATE TABLE gen(a INTEGER, b INTEGER GENERATED ALWAYS AS (a * a) STORED, c TEXT GENERATED ALWAYS AS ('v' || a));
INSERT INTO gen(a) VALUES (3), (4);
SELECT * FROM gen;
ALTER TABLE gen ADD COLUMN d TEXT DEFAULT 'dflt';
ALTER TABLE gen RENAME COLUMN d TO e;
ALTER TABLE gen RENAME TO gen2;
SELECT a, b, c, e FROM gen2;
CREATE TABLE strict_t(i INTEGER, t TEXT) STRICT;
INSERT INTO strict_t VALUES (1, 'x'), ('2', 'y');
SELECT i, typeof(i), t FROM strict_t;
CREATE TABLE wr(k INTEGER PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO wr VALUES (3, 'c'), (1, 'a'), (2, 'b');
SELECT * FROM wr;
CREATE TEMP TABLE scratch AS SELECT name, salary FROM emp WHERE salary > 8000;
SELECT * FROM temp.scratch ORDER BY name;
SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'index', 'view', 'trigger') ORDER BY type, name;
SELECT name FROM pragma_table_info('emp') ORDER BY cid;
VALUES (1, 'a'), (2, 'b');
SELECT 'done';
