"""The measure stage: a deployment (backend, system prompt, filters) run over a suite by the engine."""
