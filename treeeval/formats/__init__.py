"""The readers of every input format, each with its grammar, its errors located
``FILE:LINE[:COL]``.

* bracketed trees: :mod:`.brackets` reads them, one a line (EVALB's pairing) or ``.mrg``
  trees over lines (:mod:`.tree_chunks`), with the columnar scanner (:mod:`.scan`) first and
  the lark grammar (:mod:`.lark_trees`, ``brackets.lark``) for what it rejects, the sentences
  built into trees by :mod:`.tree_building`;
* dependencies: CoNLL-X and CoNLL-U (:mod:`.conll_columns` fast, then :mod:`.conll` exact),
  MaltTab (:mod:`.malttab`) and MaltXML (:mod:`.maltxml`);
* settings files: EVALB's ``.prm`` (:mod:`.prm`, ``prm.lark``), head tables
  (:mod:`.headrules`, ``headrules.lark``), small text tables (:mod:`.text`); XML is read
  safely (:mod:`.xmlsafe`).

CoNLL-U as the UD scorers read it has its own readers (treeeval.ud.readers).
"""
