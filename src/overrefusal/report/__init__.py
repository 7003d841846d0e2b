"""Reports: terminal, JSON, Markdown and HTML renderings of run summaries."""
