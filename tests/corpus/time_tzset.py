# time.tzset() re-reads TZ; timezone, altzone, daylight and tzname follow it.
import os, time
print(time.timezone, time.altzone, time.daylight, time.tzname)
for tz in ["America/New_York", "Australia/Sydney", "Asia/Tokyo", "UTC", "EST+05EDT,M3.2.0,M11.1.0", "JST-9"]:
    os.environ["TZ"] = tz
    time.tzset()
    print(tz, time.timezone, time.altzone, time.daylight, time.tzname, time.strftime("%Z", time.localtime(0)), time.localtime(86400 * 180).tm_isdst)
