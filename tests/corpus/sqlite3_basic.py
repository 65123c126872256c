# sqlite3 from the bundled SQLite: tables, parameters, Row, errors,
# user functions, transactions, adapters.
import sqlite3

con = sqlite3.connect(":memory:")
cur = con.cursor()
cur.execute("create table t(a integer primary key, b text, c real, d blob)")
cur.executemany("insert into t(a, b, c, d) values (?, ?, ?, ?)",
                [(i, str(i) * 2, i / 3, bytes([i])) for i in range(5)])
con.commit()
print(cur.execute("select * from t order by a desc").fetchall())
print(cur.execute("select count(*), sum(a), avg(c) from t").fetchone())
print(cur.description[0][0], cur.rowcount, cur.lastrowid)

con.row_factory = sqlite3.Row
row = con.execute("select a, b from t where a = :a", {"a": 3}).fetchone()
print(row["a"], row["b"], row.keys(), tuple(row), len(row))
con.row_factory = None

for bad in ["select * from nope", "insert into t(a) values (1)", "selec 1"]:
    try:
        con.execute(bad)
    except sqlite3.Error as e:
        print(type(e).__name__, e)

con.create_function("twice", 1, lambda x: x * 2)
print(con.execute("select twice(a), twice(b) from t where a < 3").fetchall())


class Total:
    def __init__(self):
        self.n = 0

    def step(self, v):
        self.n += v

    def finalize(self):
        return self.n


con.create_aggregate("total", 1, Total)
print(con.execute("select total(a) from t").fetchone())

try:
    with con:
        con.execute("insert into t(a, b) values (10, 'in')")
        raise ValueError("rollback")
except ValueError:
    pass
print(con.execute("select count(*) from t where a = 10").fetchone())
with con:
    con.execute("insert into t(a, b) values (11, 'kept')")
print(con.execute("select b from t where a = 11").fetchone())

print(list(con.iterdump())[:3])
print(sqlite3.sqlite_version_info >= (3, 30, 0), sqlite3.paramstyle, sqlite3.threadsafety)
print(sqlite3.complete_statement("select 1;"), sqlite3.complete_statement("select 1"))
con.close()
try:
    con.execute("select 1")
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
