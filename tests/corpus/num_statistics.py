import statistics as st
data = [2.5, 3.25, 5.5, 1.0, 3.25, 8.0, 4.75]
print(st.mean(data), st.median(data), st.mode(data), st.median_low([1, 2, 3, 4]), st.median_high([1, 2, 3, 4]))
print(round(st.stdev(data), 10), round(st.pvariance(data), 10), st.fmean([1, 2, 3, 4]))
print(st.mean([1, 2, 3, 4]), st.mean([1, 2]), st.multimode('aabbbccdd'), st.quantiles(range(1, 11), n=4))
from fractions import Fraction as F
print(st.mean([F(1, 2), F(1, 3)]), st.harmonic_mean([40, 60]), st.geometric_mean([4, 9]))
try:
    st.mean([])
except st.StatisticsError as e:
    print('StatisticsError:', e)
