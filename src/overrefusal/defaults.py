"""The defaults a command shows in its help before anything is loaded: the model and the judge.

They live here, importing nothing, so that ``overrefusal --help`` (which prints them) need not import the
backends or the judges that define what the names mean."""

DEFAULT_MODEL = "llamacpp/smollm2"
"""The model ``run`` and ``ablate`` use without ``--model``."""

DEFAULT_JUDGE = "rubric"
"""The judge of a run without ``--judge``."""
