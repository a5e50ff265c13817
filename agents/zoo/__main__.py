from speciesgym.agents.zoo import listing

print(listing())
