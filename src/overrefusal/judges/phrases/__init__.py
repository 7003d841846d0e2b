"""The phrase lists, from file to compiled pattern.

* :mod:`.text`: the normalised text that phrases are matched against (replies and phrase lines alike);
* :mod:`.syntax`: the phrase-file language (categories, groups, wildcards) and its parser;
* :mod:`.compiler`: all lists compiled into one trie-shaped regular expression (:class:`.compiler.PhraseSet`).

Scanning replies with the result is :mod:`overrefusal.judges.signals`. Every module here shapes the compiled
patterns, so the rubric judge's on-disk cache of them hashes this whole package
(:mod:`overrefusal.judges.rubric.phrase_cache`).
"""
