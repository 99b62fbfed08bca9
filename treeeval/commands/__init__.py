"""Every command's command line, one module each: its options declared, a settings object
built from them, and one call into the library (``add_arguments(parser)`` and
``run(args, out, err) -> int``, dispatched by :mod:`treeeval.arguments`)."""
