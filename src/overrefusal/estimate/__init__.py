"""The estimate stage: rates, intervals, comparisons, gates, labels and corrected rates."""
