"""``treeeval browse``: a Textual browser of parse errors, sentence by sentence.

Textual is imported only by ``treeeval.tui.app`` and the screens and widgets; the data
layer (``model``, ``bracket_data``, ``dep_data``, ``ud_data``) and the renderers
(``render_tree``, ``render_deps``, ``render_alignment``, ``render_breakdown``) are plain
functions over the scorers' results and can be used without it.
"""
