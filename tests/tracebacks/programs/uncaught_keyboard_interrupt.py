def wait_for_input():
    raise KeyboardInterrupt


print("waiting")
wait_for_input()
