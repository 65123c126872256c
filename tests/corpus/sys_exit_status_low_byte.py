# The exit status keeps the low 8 bits of sys.exit's int code, as CPython
# (a code beyond a C long exits 255).
import subprocess, sys
for code in ["256", "257", "-1", "-256", "2**32", "2**31", "2**70", "3", "0", "None", "'msg'", "True"]:
    r = subprocess.run([sys.executable, "-c", f"import sys; sys.exit({code})"], capture_output=True, text=True)
    print(code, r.returncode, r.stderr.strip())
print("exiting with 256")
sys.exit(256)
