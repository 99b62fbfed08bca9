"""``treeeval task``: a whole shared task scored at once (teams x treebanks).

The stages, in order: :mod:`.settings` holds a run's settings; :mod:`.layout` finds the
treebanks and the teams' runs (the conll2018 folders or the TIRA ``metadata.json``) and reads
``--groups``; :mod:`.runs` scores every run (:class:`~.run.TaskRun`) as ``treeeval ud``,
``dep`` or ``bracket`` scores a pair, each format through :mod:`.formats` (a missing or
broken run fails, and counts 0), on a local pool or a Dask cluster (:mod:`.backends`), with
``--stat`` each run tested against the treebank's best (:mod:`.significance`);
:mod:`.aggregate` makes the macro-averages, the groups' averages and the rankings;
:mod:`.tira` writes the official TIRA wrapper's ``evaluation.prototext`` and stdout for one
team; :mod:`.report` turns the grid into tables and the ``--json`` document, and
:mod:`.callin` and :mod:`.judgments` Callin's statistics and the human judgments;
:mod:`.session` drives a whole run.
"""
