"""speciesgym environments: Evolution (with Flight) and Dominant Species."""
