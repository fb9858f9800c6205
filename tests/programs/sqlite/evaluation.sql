-- The evaluation workload of SQLite, unlike the training one: words and
-- text, a graph walked by recursive queries, a time series with window
-- functions and dates, JSON documents, and many small transactions in a
-- WITHOUT ROWID table. Pseudo-random values come from a linear
-- congruential generator carried along each recursive CTE, so every run
-- sees the same data.

-- Words made of syllables, with their letters and frequencies.
CREATE TABLE word(id INTEGER PRIMARY KEY, w TEXT NOT NULL, freq INTEGER NOT NULL);
WITH RECURSIVE
  syllable(k, s) AS (SELECT key, value FROM json_each('["ka","lo","mi","ne","ru","sa","ti","vo","an","el","is","ox","um","bra","sto","qui"]')),
  n(i, h) AS (SELECT 1, 7 UNION ALL SELECT i + 1, (h * 1103515245 + 12345) % 2147483648 FROM n WHERE i < 25000)
INSERT INTO word
SELECT i,
       (SELECT s FROM syllable WHERE k = (h >> 4) % 16) || (SELECT s FROM syllable WHERE k = (h >> 8) % 16)
       || CASE WHEN (h >> 12) % 3 > 0 THEN (SELECT s FROM syllable WHERE k = (h >> 14) % 16) ELSE '' END
       || CASE WHEN (h >> 18) % 4 = 0 THEN (SELECT s FROM syllable WHERE k = (h >> 20) % 16) ELSE '' END,
       1 + 1000000 / (1 + (h >> 6) % 5000)
FROM n;
CREATE INDEX word_w ON word(w);
SELECT count(*), count(DISTINCT w), sum(freq), max(length(w)), min(w), max(w) FROM word;
SELECT length(w), count(*), sum(freq) FROM word GROUP BY length(w) ORDER BY 1;
SELECT substr(w, 1, 2) AS prefix, count(*), max(freq) FROM word GROUP BY prefix ORDER BY count(*) DESC, prefix LIMIT 10;
SELECT w, sum(freq) AS f FROM word GROUP BY w ORDER BY f DESC, w LIMIT 10;
SELECT count(*) FROM word WHERE w LIKE '%ox%' OR w GLOB '*qui' OR instr(w, 'bra') = 1;
SELECT count(*), sum(length(replace(w, 'a', ''))), sum(unicode(upper(w))) FROM word WHERE w BETWEEN 'ka' AND 'ne';
SELECT upper(substr(w, 1, 1)) || substr(w, 2), reverse FROM (
  SELECT w, (WITH RECURSIVE r(k, acc) AS (SELECT length(w), '' UNION ALL SELECT k - 1, acc || substr(w, k, 1) FROM r WHERE k > 0)
             SELECT acc FROM r WHERE k = 0) AS reverse
  FROM word WHERE id % 1000 = 0) ORDER BY 1;
SELECT count(*) FROM (SELECT w FROM word INTERSECT SELECT w || '' FROM word WHERE freq > 500);

-- A graph: a random sparse digraph walked from one node.
CREATE TABLE edge(src INTEGER NOT NULL, dst INTEGER NOT NULL, weight INTEGER NOT NULL, PRIMARY KEY (src, dst)) WITHOUT ROWID;
WITH RECURSIVE n(i, h) AS (SELECT 1, 11 UNION ALL SELECT i + 1, (h * 1103515245 + 12345) % 2147483648 FROM n WHERE i < 24000)
INSERT OR IGNORE INTO edge SELECT 1 + i % 6000, 1 + (h >> 5) % 6000, 1 + (h >> 20) % 50 FROM n;
CREATE INDEX edge_dst ON edge(dst);
SELECT count(*), count(DISTINCT src), count(DISTINCT dst), sum(weight) FROM edge;
SELECT degree, count(*) FROM (SELECT src, count(*) AS degree FROM edge GROUP BY src) GROUP BY degree ORDER BY degree;
WITH RECURSIVE reach(node, depth) AS (
  SELECT 1, 0
  UNION
  SELECT e.dst, r.depth + 1 FROM reach r JOIN edge e ON e.src = r.node WHERE r.depth < 6
)
SELECT depth, count(*) FROM (SELECT node, min(depth) AS depth FROM reach GROUP BY node) GROUP BY depth ORDER BY depth;
WITH RECURSIVE dist(node, d) AS (
  SELECT 1, 0
  UNION ALL
  SELECT e.dst, dist.d + e.weight FROM dist JOIN edge e ON e.src = dist.node WHERE dist.d + e.weight < 40
)
SELECT count(DISTINCT node), min(d), max(d), sum(d) FROM (SELECT node, min(d) AS d FROM dist GROUP BY node);
SELECT count(*) FROM edge a JOIN edge b ON b.src = a.dst JOIN edge c ON c.src = b.dst AND c.dst = a.src WHERE a.src < 3000;
SELECT a.src, count(*) FROM edge a JOIN edge b ON a.src = b.dst AND a.dst = b.src GROUP BY a.src ORDER BY 2 DESC, 1 LIMIT 5;

-- A time series: readings of 20 sensors every 10 minutes, by window and date.
CREATE TABLE reading(sensor INTEGER NOT NULL, ts TEXT NOT NULL, value REAL NOT NULL);
WITH RECURSIVE n(i, h) AS (SELECT 0, 13 UNION ALL SELECT i + 1, (h * 1103515245 + 12345) % 2147483648 FROM n WHERE i < 39999)
INSERT INTO reading
SELECT i % 20, datetime('2024-01-01 00:00:00', printf('+%d minutes', (i / 20) * 10)),
       round(20.0 + 10.0 * ((i / 20) % 144 - 72) / 72.0 * ((i / 20) % 144 - 72) / 72.0 + (h >> 10) % 1000 / 250.0 - 2.0 + i % 20 * 0.1, 3)
FROM n;
CREATE INDEX reading_sensor_ts ON reading(sensor, ts);
SELECT count(*), min(ts), max(ts), round(avg(value), 4), round(min(value), 3), round(max(value), 3) FROM reading;
SELECT date(ts) AS day, round(avg(value), 3), round(max(value) - min(value), 3) FROM reading GROUP BY day ORDER BY day;
SELECT sensor, strftime('%H', ts) AS hour, round(avg(value), 2) FROM reading WHERE sensor IN (0, 19) GROUP BY sensor, hour ORDER BY sensor, hour;
SELECT sensor, count(*), round(max(avg6), 3), round(min(avg6), 3) FROM (
  SELECT sensor, avg(value) OVER (PARTITION BY sensor ORDER BY ts ROWS BETWEEN 5 PRECEDING AND CURRENT ROW) AS avg6 FROM reading
) GROUP BY sensor ORDER BY sensor;
SELECT sensor, ts, round(jump, 3) FROM (
  SELECT sensor, ts, value - lag(value) OVER (PARTITION BY sensor ORDER BY ts) AS jump FROM reading
) ORDER BY abs(jump) DESC, sensor, ts LIMIT 8;
SELECT sensor, round(sum(value * (julianday(next_ts) - julianday(ts)) * 24), 2) FROM (
  SELECT sensor, ts, value, lead(ts) OVER (PARTITION BY sensor ORDER BY ts) AS next_ts FROM reading
) WHERE next_ts IS NOT NULL GROUP BY sensor ORDER BY sensor LIMIT 5;
SELECT ntile, count(*), round(min(value), 3), round(max(value), 3) FROM (
  SELECT value, ntile(4) OVER (ORDER BY value) AS ntile FROM reading WHERE sensor = 7
) GROUP BY ntile ORDER BY ntile;
SELECT count(*) FROM reading r
JOIN (SELECT sensor, date(ts) AS day, avg(value) AS mean FROM reading GROUP BY sensor, day) s ON s.sensor = r.sensor AND s.day = date(r.ts)
WHERE r.value > s.mean + 3;

-- JSON documents: one per sensor and day, queried and modified.
CREATE TABLE doc(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
INSERT INTO doc(body)
SELECT json_object('sensor', sensor, 'day', date(ts), 'stats', json_object('n', count(*), 'min', min(value), 'max', max(value)),
                   'tags', json_array('s' || sensor, CASE WHEN max(value) > 32 THEN 'hot' ELSE 'ok' END))
FROM reading GROUP BY sensor, date(ts) ORDER BY sensor, date(ts);
SELECT count(*), sum(length(body)), sum(json_extract(body, '$.stats.n')) FROM doc;
SELECT body ->> '$.day', count(*) FROM doc WHERE body ->> '$.tags[1]' = 'hot' GROUP BY 1 ORDER BY 1;
UPDATE doc SET body = json_set(body, '$.stats.range', round(json_extract(body, '$.stats.max') - json_extract(body, '$.stats.min'), 3), '$.checked', json('true'));
SELECT id, json_extract(body, '$.sensor', '$.stats.range', '$.checked') FROM doc WHERE id % 25 = 0 ORDER BY id;
SELECT j.key, count(*) FROM doc, json_each(doc.body) AS j GROUP BY j.key ORDER BY j.key;
SELECT json_group_object(body ->> '$.day', body -> '$.stats.range') FROM doc WHERE body ->> '$.sensor' = 3;

-- Many small transactions on a WITHOUT ROWID table, some rolled back.
CREATE TABLE account(name TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0)) WITHOUT ROWID;
CREATE TEMP TABLE holder AS SELECT row_number() OVER (ORDER BY w) - 1 AS k, w FROM (SELECT DISTINCT w FROM word ORDER BY w LIMIT 3000);
INSERT INTO account SELECT w, 1000 FROM holder;
CREATE TABLE transfer(id INTEGER PRIMARY KEY, src TEXT, dst TEXT, amount INTEGER);
WITH RECURSIVE n(i, h) AS (SELECT 1, 17 UNION ALL SELECT i + 1, (h * 1103515245 + 12345) % 2147483648 FROM n WHERE i < 4000)
INSERT INTO transfer SELECT i, a.w, b.w, 1 + (h >> 8) % 100 FROM n JOIN holder a ON a.k = (h >> 4) % 3000 JOIN holder b ON b.k = (h >> 16) % 3000;
CREATE TRIGGER apply_transfer AFTER INSERT ON transfer
BEGIN
  UPDATE account SET balance = balance - new.amount WHERE name = new.src;
  UPDATE account SET balance = balance + new.amount WHERE name = new.dst;
END;
BEGIN;
INSERT INTO transfer(src, dst, amount) SELECT src, dst, amount FROM transfer WHERE id <= 400;
SAVEPOINT a;
INSERT INTO transfer(src, dst, amount) SELECT dst, src, amount * 3 FROM transfer WHERE id BETWEEN 401 AND 800;
ROLLBACK TO a;
INSERT INTO transfer(src, dst, amount) SELECT dst, src, amount / 2 FROM transfer WHERE id BETWEEN 801 AND 1200;
RELEASE a;
COMMIT;
BEGIN;
INSERT INTO transfer(src, dst, amount) SELECT src, dst, 1 FROM transfer WHERE id BETWEEN 1201 AND 2000;
COMMIT;
SELECT count(*), sum(balance), min(balance), max(balance) FROM account;
SELECT name, balance FROM account ORDER BY balance DESC, name LIMIT 5;
SELECT count(*) FROM account WHERE balance = 1000;
DELETE FROM account WHERE balance < 900;
SELECT count(*), sum(balance) FROM account;

-- Rebuilding and checking.
VACUUM;
REINDEX;
PRAGMA integrity_check;
SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name;
