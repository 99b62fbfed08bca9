"""``treeeval browse``: a Textual browser of parse errors, sentence by sentence.

Textual is imported only by ``treeeval.tui.app`` and the screens and widgets; the data
layer and the renderers are plain functions over the scorers' results and can be used
without it:

* ``lines`` (each file read once: bytes and line offsets), ``model`` (columns, filters,
  sort orders), ``breakdown`` (the breakdown tables as data), ``corpus`` (what the app
  needs of a corpus, the header);
* per format: ``bracket_data`` (with ``bracket_columns``, ``bracket_labels``,
  ``bracket_repairs``), ``dep_data``, ``ud_data`` and ``ud_systems`` (several CoNLL-U
  systems), ``single_data`` (one file without gold);
* the renderers ``render_tree``, ``render_deps``, ``render_alignment``,
  ``render_breakdown``.
"""
