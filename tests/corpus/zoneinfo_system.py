import zoneinfo, os, sysconfig
from datetime import datetime, timedelta, timezone
print(zoneinfo.TZPATH)
print(sysconfig.get_config_var('TZPATH'))
paris = zoneinfo.ZoneInfo('Europe/Paris')
print(paris, repr(paris), paris.key)
for dt in [datetime(2024, 1, 15, 12), datetime(2024, 7, 15, 12), datetime(2024, 3, 31, 2, 30), datetime(2024, 10, 27, 2, 30), datetime(2024, 10, 27, 2, 30, fold=1)]:
    a = dt.replace(tzinfo=paris)
    print(a.isoformat(), a.tzname(), a.utcoffset(), a.dst(), a.astimezone(timezone.utc).isoformat())
u = datetime(2024, 3, 31, 0, 30, tzinfo=timezone.utc)
for i in range(4):
    t = u + timedelta(hours=i)
    print(t.astimezone(paris).isoformat(), t.astimezone(paris).tzname())
ny = zoneinfo.ZoneInfo('America/New_York')
print(datetime(2024, 11, 3, 1, 30, tzinfo=ny).tzname(), datetime(2024, 11, 3, 1, 30, fold=1, tzinfo=ny).tzname())
print(datetime(2024, 6, 1, 12, tzinfo=paris).astimezone(ny).isoformat())
print(zoneinfo.ZoneInfo('UTC').utcoffset(None), zoneinfo.ZoneInfo('Asia/Kolkata').utcoffset(datetime(2020,1,1)))
print(zoneinfo.ZoneInfo('Europe/Paris') is paris)
try:
    zoneinfo.ZoneInfo('Nowhere/City')
except zoneinfo.ZoneInfoNotFoundError as e:
    print(type(e).__name__, e)
print('Europe/Paris' in zoneinfo.available_timezones(), len(zoneinfo.available_timezones()) > 300)
zoneinfo.reset_tzpath(['/nonexistent'])
print(zoneinfo.TZPATH)
try:
    zoneinfo.ZoneInfo.no_cache('Europe/Berlin')
except zoneinfo.ZoneInfoNotFoundError as e:
    print(type(e).__name__, e)
zoneinfo.reset_tzpath()
print(zoneinfo.TZPATH)
print(zoneinfo.ZoneInfo.no_cache('Europe/Berlin'))
import pickle
print(pickle.loads(pickle.dumps(paris)) is paris)
import subprocess, sys
for v in ["/usr/share/zoneinfo", "/a:/b", "relative:/x"]:
    env = dict(os.environ, PYTHONTZPATH=v)
    out = subprocess.run([sys.executable, "-c", "import zoneinfo; print(zoneinfo.TZPATH)"], env=env, capture_output=True, text=True)
    print(v, out.stdout.strip(), "InvalidTZPathWarning" in out.stderr)
