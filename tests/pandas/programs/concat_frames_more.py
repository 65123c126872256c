import pandas as pd
frames = [pd.DataFrame({"n": [i, i + 1], "s": [str(i), str(i + 1)]}) for i in range(3)]
c = pd.concat(frames)
print(c)
print(c.index.tolist())
print(c.reset_index(drop=True))
print(pd.concat(frames, ignore_index=True).shape)
print(pd.concat([frames[0], frames[1][["s"]]]))
print(pd.concat([pd.Series([1, 2]), pd.Series(["a"])]))
