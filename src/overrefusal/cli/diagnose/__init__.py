"""Commands that explain over-refusal: ablate, triggers, quality, reward probe, export, generate."""
