import pandas as pd
grades = pd.DataFrame({
    "student": ["amy", "ben", "cal", "amy", "ben", "cal", "amy"],
    "course": ["math", "math", "math", "bio", "bio", "bio", "art"],
    "score": [88, 72, 95, 91, 65, 80, 99],
})
print(grades.pivot_table if False else grades.groupby("student").score.mean().round(2))
print(grades.groupby("course").score.agg(["min", "max", "mean"]).round(1))
best = grades.sort_values("score", ascending=False).drop_duplicates("course")
print(best.sort_values("course"))
grades["grade"] = grades.score.apply(lambda s: "A" if s >= 90 else ("B" if s >= 80 else "C"))
print(grades.grade.value_counts().sort_index())
print(grades.merge(grades.groupby("student", as_index=False).score.max().rename(columns={"score": "best"}), on="student"))
