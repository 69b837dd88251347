#!/usr/bin/python3
"""The expected values of tests/unit/test_variance.c, computed independently
with NumPy and SciPy (Debian bookworm: SciPy 1.10.1). Prints C #defines."""
import numpy as np
from scipy import stats

R = np.array([[4.0, 3.8, 3.9], [4.4, 4.1, 4.3], [3.7, 3.6, 3.8], [4.1, 4.0, 3.9],
              [4.6, 4.2, 4.4], [3.9, 3.9, 3.7], [4.2, 4.0, 4.1], [3.8, 3.7, 3.6]])
CL = np.array([2.00, 2.15, 1.90, 2.05, 2.30, 1.95, 2.00, 1.92])
CP = np.array([2.5, 2.6, 2.4, 2.7, 2.8, 2.5, 2.6, 2.4])
BS = np.array([20, 21, 19, 20, 22, 20, 21, 19.0])
n, m = 8, 4
out = {}
y = np.log(R[:, 0])
s = np.std(y, ddof=1)
out["SD_FIRST"] = s
out["SD_FIRST_LO"] = s * np.sqrt(7 / stats.chi2.ppf(0.975, 7))
out["SD_FIRST_HI"] = s * np.sqrt(7 / stats.chi2.ppf(0.025, 7))
d = y[0::2] - y[1::2]                      # boots two by two
t = stats.t.ppf(0.975, m - 1)
out["AA_FIRST"] = np.exp(d.mean())
out["AA_FIRST_LO"] = np.exp(d.mean() - t * d.std(ddof=1) / np.sqrt(m))
out["AA_FIRST_HI"] = np.exp(d.mean() + t * d.std(ddof=1) / np.sqrt(m))
out["AA_FIRST_SD"] = d.std(ddof=1)
over = BS - R.sum(1) - CL - CP
out["COST_FIRST"] = np.mean(over + R[:, 0])
out["COST_MEAN"] = np.mean(over + R.sum(1))
out["COST_CAL"] = np.mean(over + R[:, 0] + CL)
lr = np.log(R)
out["SD_MEAN"] = np.std(lr.mean(1), ddof=1)
out["SD_DROP"] = np.std(lr[:, 1:].mean(1), ddof=1)
w = ((lr - lr.mean(1)[:, None]) ** 2).sum() / (n * 2)
out["WITHIN"] = np.sqrt(w)
out["BETWEEN"] = np.sqrt(max(np.var(lr.mean(1), ddof=1) - w / 3, 0))
fd = lr[:, 0] - lr[:, 1:].mean(1)
t7 = stats.t.ppf(0.975, 7)
out["FIRST_RATIO"] = np.exp(fd.mean())
out["FIRST_LO"] = np.exp(fd.mean() - t7 * fd.std(ddof=1) / np.sqrt(n))
out["FIRST_HI"] = np.exp(fd.mean() + t7 * fd.std(ddof=1) / np.sqrt(n))
x = np.log(CL)
fit = stats.linregress(x, y)
res = y - fit.intercept - fit.slope * x
out["CAL_BETA"], out["CAL_R"] = fit.slope, fit.rvalue
out["CAL_SD"] = np.sqrt((res ** 2).sum() / (n - 2))
dx = x[0::2] - x[1::2]                     # paired analysis of covariance
X = np.column_stack([np.ones(m), dx])
coef = np.linalg.lstsq(X, d, rcond=None)[0]
e = d - X @ coef
s2 = (e ** 2).sum() / (m - 2)
se = np.sqrt(s2 * np.linalg.inv(X.T @ X)[0, 0])
t2 = stats.t.ppf(0.975, m - 2)
out["CAL_AA"] = np.exp(coef[0])
out["CAL_AA_LO"] = np.exp(coef[0] - t2 * se)
out["CAL_AA_HI"] = np.exp(coef[0] + t2 * se)
out["CAL_AA_SD"] = np.sqrt(s2)
p = stats.f.cdf((0.05 / 0.08) ** 2, 7, 9)
out["F_P"] = 2 * min(p, 1 - p)
for k, v in out.items():
    print("#define %s %.15g" % (k, v))
