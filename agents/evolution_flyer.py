"""`heuristic:flyer`: an Evolution style that plays the Flight expansion (and base Evolution)
on purpose. Like the grazer and the hunter (agents.evolution_heuristics, whose scoring loop
and card/attack helpers it shares) it reads only the observation (agents.evolution_compiled.read) and
scores every legal action. What it adds:

- Avian herbivores (FLT-AVIAN-01): a new species is started as an avian, for the extra card,
  when the Flight supply has a board and it pays: the avian can be attacked only by flying
  carnivores (FLT-FLIGHT-02), and it alone (with other avians) eats from the Cliff, which
  gets one food per player every round (FLT-CLIFF-01) and keeps what is left (FLT-CLIFF-03).
  An avian is worth its share of the Cliff (players / avians in play) less its upkeep, plus
  safety from every carnivore opponents show; so one or two avians, often a Cooperation
  avian at the left of the row whose Cliff food chains into land species (FLT-CLIFF-05).
- Upkeep (FLT-AVIAN-03/05): an avian's body size is eaten every round before its population
  and scores nothing, so body on an avian is bought only against flying carnivores; hunger
  counts upkeep, and food that only pays upkeep is valued below food that saves population.
- Feeding sources (FLT-CLIFF-02/04): an avian eats from the source the others compete for
  first (the watering hole while opponents have hungry herbivores and no hungry avians), and
  from the Cliff when the watering hole is empty or the Cliff is contested.
- Flight traits: Nesting (FLT-TRAIT-06/07) is prized on avians and makes +1 population
  worth two food; Brood Parasite (FLT-TRAIT-01) only with a second avian; Camouflage
  (FLT-TRAIT-03) as a defence; Good Eyesight (FLT-TRAIT-04) on herbivores; Long Neck,
  Foraging and Cooperation work on avians too (Cliff food chains, FLT-CLIFF-05). A land
  Nesting species takes its food from the bank (the watering hole stays for feeding);
  Brood Parasite takes meat only when Cooperation passes it to a hungry carnivore.
- Events (FLT-EVENT): Dive-Bomb is always played when legal (two food and a card back),
  with the hungriest avian, from the bank; Seed Dispersal only when our herbivores are
  hungrier than our share of the table.
- Passing: a discard-only option (Intelligence food, an attack that needs negations,
  EVO-FEED-05) is taken only when it saves population or in the last round; otherwise the
  flyer passes and keeps the card. Events are passed when they would feed others. In Play
  Cards a card is worth its best use (trait, +1 population or body, new species); the turn
  ends when nothing is worth a card, but a hand above three cards is played down (cards in
  hand score nothing).
- Food supply: +1 population and new species are worth less when the expected plant food
  (watering hole share, Cliff, Long Neck, Foraging) does not cover the mouths (population
  plus upkeep); a Nesting species' population is worth more (it brings its own food); body
  on a land herbivore only against opponents' carnivores; in the last round a trait on a
  surviving species is a point and is placed first.
- The carnivore and defensive side is the hunter's (its trait weights and its Carnivore
  formula, plus more when opponents show land herbivores without a defence, nothing when no
  opponent species is smaller than ours, EVO-ATK-02); food cards feed the watering hole
  while our herbivores' mouths outnumber our carnivores' in games of up to 3 players, and
  starve it otherwise (with 4 or more players a high card mostly feeds the others).
- Base Evolution (Flight off): the same scoring; the Flight parts never apply.

FlyerAgent scores in compiled code (agents.evolution_compiled.flyer, .flyer_decisions and
.score); its first, Python scoring was retired after its decisions were recorded (see
agents.evolution_heuristics).
"""
from speciesgym.agents.evolution_heuristics import EvolutionHeuristic


class FlyerAgent(EvolutionHeuristic):
    """Avian herbivores on the Cliff, Nesting and Brood Parasite, the hunter's carnivores
    (see the module docstring; weights: styles.FLYER)."""

    style = "flyer"
