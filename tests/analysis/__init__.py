"""Tests of overrefusal.analysis, policy and the diagnose commands."""
