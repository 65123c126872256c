import io
import pandas as pd
csv = """sku,name,qty,price,category
A1,widget,10,2.50,tools
B2,gadget,0,10.00,toys
C3,doohickey,5,,tools
D4,thingamajig,12,7.25,toys
E5,whatsit,3,1.00,misc
"""
inv = pd.read_csv(io.StringIO(csv))
print(inv)
inv["price"] = inv.price.fillna(inv.price.mean())
inv["value"] = inv.qty * inv.price
print(inv.sort_values("value", ascending=False)[["sku", "value"]])
print(inv.groupby("category").value.sum().round(2))
print(inv[inv.qty == 0].name.tolist())
print(inv.to_csv(index=False))
