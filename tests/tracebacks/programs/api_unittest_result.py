import unittest


class Checks(unittest.TestCase):
    def test_equal(self):
        self.assertEqual(sum([1, 2]), 4)

    def test_error(self):
        values = {"a": 1}
        return values["b"]

    def test_chained(self):
        try:
            int("x")
        except ValueError as e:
            raise RuntimeError("conversion failed") from e


result = unittest.TestResult()
unittest.defaultTestLoader.loadTestsFromTestCase(Checks).run(result)
for test, text in result.errors + result.failures:
    print("==", test.id())
    print(text, end="")
