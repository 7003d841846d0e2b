"""Guards on every input and output: safe file reading, inert model text, secrets kept out."""
