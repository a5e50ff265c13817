"""Command line, benchmarks and (later) self-play training and tournaments."""
