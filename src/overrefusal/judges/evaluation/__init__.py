"""How judges are checked: against labelled replies, by cross-validation and by the behavioural checklist."""
