import numpy as np
def haversine(lat1, lon1, lat2, lon2):
    r = 6371.0
    p1 = np.radians(lat1)
    p2 = np.radians(lat2)
    dphi = np.radians(lat2 - lat1)
    dlmb = np.radians(lon2 - lon1)
    a = np.sin(dphi / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dlmb / 2) ** 2
    return 2 * r * np.arcsin(np.sqrt(a))
i = np.arange(50000, dtype=np.float64)
lat = (i * 0.37) % 180.0 - 90.0
lon = (i * 0.91) % 360.0 - 180.0
d = haversine(40.67, -73.94, lat, lon)
print("%.3f %.3f %.3f" % (float(d.mean()), float(d.min()), float(d.max())))
near = d[d < 1000.0]
print(len(near), near[:4])
