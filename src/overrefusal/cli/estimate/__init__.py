"""Commands of the estimate stage: compare, gate, label, policy."""
