"""`python -m speciesgym.agents.zoo`: the shipped nets with their measured strength."""
from speciesgym.agents.zoo import listing

if __name__ == "__main__":
    print(listing())
