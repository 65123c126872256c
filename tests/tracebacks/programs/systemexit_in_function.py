def quit_now():
    raise SystemExit(f"stopped at step {2}")


try:
    quit_now()
finally:
    print("finally runs")
