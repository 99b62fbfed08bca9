"""Parse error classes as Kummerfeld, Hall, Curran and Klein's classifier computes them
("Parser Showdown at the Wall Street Corral", EMNLP 2012): the test tree is repaired into
the gold tree by a greedy search (search.py), and each repair is named (classify.py).
"""
