import sys
import traceback


def helper():
    summary = traceback.StackSummary.extract(traceback.walk_stack(None))
    print([fs.name for fs in summary])
    summary = traceback.StackSummary.extract(traceback.walk_stack(None), limit=1)
    print([fs.name for fs in summary])


def caller():
    helper()


caller()
