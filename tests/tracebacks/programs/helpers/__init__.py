"""Modules that the traceback test programs import."""
