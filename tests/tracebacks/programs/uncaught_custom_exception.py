class ValidationError(Exception):
    pass


def validate(age):
    if age < 0:
        raise ValidationError(f"age must be positive, got {age}")
    return age


validate(5)
validate(-2)
