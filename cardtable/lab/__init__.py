"""The balance lab: the per-game record (record.py) and the report built from many of them (report.py).

Pure Python: nothing here imports pygame, and matplotlib is imported only when a plot is drawn.
"""
