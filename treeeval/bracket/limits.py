"""EVALB's fixed array sizes: a line that would overflow one is left to the exact engine.

>>> MAX_WORDS, MAX_LABEL_BYTES
(200, 29)
"""

#: EVALB's array sizes: per line, kept words and brackets; bytes of a label or word
#: (without its NUL); quote terms; longest line fgets reads whole (5000-byte buffer)
MAX_WORDS = 200
MAX_BRACKETS = 200
MAX_LABEL_BYTES = 29
MAX_WORD_BYTES = 99
MAX_QUOTE_TERMS = 20
MAX_LINE_BYTES = 4998
