"""Packages imported by the corpus programs."""
