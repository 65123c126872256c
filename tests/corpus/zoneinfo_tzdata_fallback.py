# With an empty search path, zoneinfo falls back to the tzdata package
# (here a one-zone stand-in under pkgs/).
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "pkgs"))
import zoneinfo
from datetime import datetime
zoneinfo.reset_tzpath([])
print(zoneinfo.TZPATH)
z = zoneinfo.ZoneInfo("Europe/Paris")
print(z, datetime(2024, 7, 1, 12, tzinfo=z).isoformat(), datetime(2024, 12, 1, tzinfo=z).tzname())
try:
    zoneinfo.ZoneInfo("Europe/Berlin")
except zoneinfo.ZoneInfoNotFoundError as e:
    print(type(e).__name__, e)
print(sorted(zoneinfo.available_timezones()))
