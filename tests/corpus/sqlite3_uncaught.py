# An uncaught sqlite3 error names its class as sqlite3.OperationalError.
import sqlite3

con = sqlite3.connect(":memory:")
print(sqlite3.OperationalError.__module__, sqlite3.IntegrityError.__qualname__)
print(issubclass(sqlite3.OperationalError, sqlite3.DatabaseError))
con.execute("select * from missing_table")
