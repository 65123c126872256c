def risky():
    try:
        raise ValueError("original")
    except ValueError:
        raise TypeError("in except")
    finally:
        print("finally ran")


risky()
