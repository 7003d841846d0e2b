"""overrefusal: measure, explain and reduce over-refusal in language-model deployments.

The public API re-exports from the modules below; see ``overrefusal.api`` for the functions the CLI uses.
"""

__version__ = "0.1.0"

from .api import open_store, run, summary  # noqa: E402
from .deployment import Deployment  # noqa: E402
from .types import (  # noqa: E402
    Comparison, Completion, Estimate, Expectation, GenerationConfig, Judgement, Label, Message, Prompt, Role,
    StyleSignals, Suite, Verdict,
)

__all__ = [
    "Comparison", "Completion", "Deployment", "Estimate", "Expectation", "GenerationConfig", "Judgement", "Label",
    "Message", "Prompt", "Role", "StyleSignals", "Suite", "Verdict", "__version__", "open_store", "run", "summary",
]
