"""The I/O edge: the only package that reads files or parses YAML."""
