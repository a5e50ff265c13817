"""`heuristic:flyer`: an Evolution style that plays the Flight expansion (and base Evolution)
on purpose. Like the grazer and the hunter (agents.evolution_heuristics, whose scoring loop
and card/attack helpers it shares) it reads only the observation (agents.evolution_view) and
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

FlyerAgent scores with its compiled twin (agents.evolution_compiled.flyer and .score: the
same terms); the methods below are the reference the twin is tested against.
"""
from speciesgym.agents.evolution_compiled.styles import FLYER
from speciesgym.agents.evolution_heuristics import DEFENSIVE, EvolutionHeuristic
from speciesgym.agents.evolution_view import class_food, class_kind
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, TRAIT_SLOTS, Pend, Phase, Source

K = Kind
FLYING_USELESS = (K.CLIMBING, K.BURROWING, K.HARD_SHELL, K.HORNS, K.DEFENSIVE_HERDING,
                  K.SYMBIOSIS, K.WARNING_CALL)


class FlyerAgent(EvolutionHeuristic):
    """Avian herbivores on the Cliff, Nesting and Brood Parasite, the hunter's carnivores
    (see the module docstring)."""
    style = compiled = "flyer"
    herbivore, carnivore = FLYER["herbivore"], FLYER["carnivore"]
    make_carnivore, food_card_weight = FLYER["make_carnivore"], FLYER["food_card_weight"]
    body_herb, body_carn = FLYER["body_herb"], FLYER["body_carn"]

    # --- the table, read from the observation ------------------------------------------------
    def opp_carnivores(self, v, flying=False):
        """Opponents' carnivores (only flying or Intelligent ones when `flying`)."""
        n = 0
        for rel in range(1, v.n_players):
            for s in range(v.n_species[rel]):
                if v.has(rel, s, K.CARNIVORE) and (not flying or v.avian[rel, s]
                                                   or v.has(rel, s, K.INTELLIGENCE)):
                    n += 1
        return n

    def threat_to(self, v, s):
        """Threat to own species s: flying carnivores for an avian (FLT-FLIGHT-02)."""
        return min(self.opp_carnivores(v, flying=bool(v.avian[0, s])), 3)

    def opp_avian_eaters(self, v):
        """Opponents' hungry avian herbivores: who else can eat from the Cliff."""
        return sum(v.avian[rel, s] and not v.has(rel, s, K.CARNIVORE) and v.hunger(rel, s) > 0
                   for rel in range(1, v.n_players) for s in range(v.n_species[rel]))

    def my_avians(self, v):
        return int(v.avian[0, :v.n_species[0]].sum())

    def herbivores(self, v, rel):
        return [s for s in range(v.n_species[rel]) if not v.has(rel, s, K.CARNIVORE)]

    def prey(self, v):
        """Opponents' land herbivores without a defensive trait: meat for a carnivore."""
        return sum(1 for rel in range(1, v.n_players) for s in self.herbivores(v, rel)
                   if not v.avian[rel, s] and not any(v.has(rel, s, k) for k in DEFENSIVE))

    def food_slack(self, v):
        """Expected plant food per round for our herbivores minus their mouths (population
        plus avian upkeep): the watering hole shared among the herbivore players, the Cliff
        among the avian players, plus Long Neck, Foraging and Good Eyesight."""
        herb_players = sum(1 for rel in range(v.n_players) if self.herbivores(v, rel)) or 1
        supply = 3.5 * v.n_players / herb_players
        if v.flight and self.my_avians(v):
            others = sum(1 for rel in range(1, v.n_players) if v.avian[rel].any())
            supply += v.n_players / (1 + others)
        mouths = 0
        for s in self.herbivores(v, 0):
            mouths += v.pop[0, s] + (v.body[0, s] if v.avian[0, s] else 0)
            supply += v.has(0, s, K.LONG_NECK) + v.has(0, s, K.FORAGING)
        return supply - mouths

    # --- what things are worth ---------------------------------------------------------------
    def trait_value(self, v, kind, s):
        if kind == K.CARNIVORE:
            if v.avian[0, s]:
                return -1.0
            value = super().trait_value(v, kind, s) + 0.3 * min(self.prey(v), 4) - 0.6
            smaller = sum(v.body[rel, t] < v.body[0, s] for rel in range(1, v.n_players)
                          for t in range(v.n_species[rel]))
            return value - (0.0 if smaller else 1.5)     # EVO-ATK-02: nothing it could eat
        carn = self.is_carn(v, s)
        value = (self.carnivore if carn else self.herbivore).get(kind, 0.3)
        if not carn and kind in DEFENSIVE + (K.CAMOUFLAGE,):
            value += 0.5 * self.threat_to(v, s)
        if v.avian[0, s] and not carn:
            if kind in FLYING_USELESS:
                value -= 0.6
            if kind == K.NESTING:
                value += 1.6
            if kind == K.BROOD_PARASITE:
                value += 1.8 if self.my_avians(v) >= 2 else 0.0
            if kind in (K.FORAGING, K.COOPERATION):
                value += 0.3
        if kind == K.NESTING and v.has(0, s, K.FERTILE):
            value += 0.4
        if kind == K.COOPERATION and s + 1 >= v.n_species[0]:
            value -= 1.0
        if kind == K.FAT_TISSUE:
            value += 0.2 * v.body[0, s] - (0.5 if v.avian[0, s] else 0.0)
        if kind == K.PACK_HUNTING and carn:
            value += 0.3 * v.pop[0, s]
        if v.last_round:
            value = 1.0 + 0.2 * value
        return value

    def card_worth(self, v, c):
        """Best use of card class c now: a trait, +1 population or body, a new species."""
        kind = class_kind(c)
        if kind >= K.FLIGHT:
            return 1.0 if kind == K.DIVE_BOMB and self.my_avians(v) else 0.6
        best = self.new_species_value(v)
        for s in range(v.n_species[0]):
            best = max(best, self.pop_value(v, s), self.body_value(v, s))
            if not v.has(0, s, kind) and v.trait_count(0, s) < v.trait_limit:
                best = max(best, 1.0 + self.trait_value(v, kind, s))
        return best

    def pop_value(self, v, s):
        if v.pop[0, s] >= 6:
            return -1.0
        value = 1.5 - 0.2 * v.pop[0, s]
        if self.is_carn(v, s):
            value += 0.2 if v.body[0, s] >= 4 else -0.6
        else:
            slack = self.food_slack(v)
            value += 0.4 * max(min(slack, 2.0), -3.0)
            if v.has(0, s, K.FORAGING) or v.has(0, s, K.LONG_NECK):
                value += 0.4
            if v.has(0, s, K.NESTING):
                value += 2.0 if v.avian[0, s] else 1.0
        if v.last_round:
            value = 0.8 + (0.6 if v.hunger(0, s) == 0 else 0.0)
        return value

    def body_value(self, v, s):
        if v.avian[0, s]:
            # FLT-AVIAN-02/03: max 3, and every point is eaten again as upkeep each round
            if v.body[0, s] >= 3 or self.is_carn(v, s):
                return self.body_carn - 0.3 * v.body[0, s] if self.is_carn(v, s) else -1.0
            return -0.5 + 0.8 * self.threat_to(v, s)
        if v.last_round:
            return -0.5
        if self.is_carn(v, s):
            return super().body_value(v, s)
        value = 0.35 * self.threat_to(v, s) - 0.1 * v.body[0, s]
        if v.has(0, s, K.FAT_TISSUE):
            value += 0.4
        return value

    def new_species_value(self, v):
        if v.last_round:
            return 0.3
        n = v.n_species[0]
        base = 2.6 if n < 2 else 1.9 if n < 4 else 1.0 if n < 6 else 0.3
        return base + 0.3 * max(min(self.food_slack(v) - 1.0, 1.0), -3.0)

    def avian_value(self, v):
        """Extra worth of an avian over a land species (before its extra card): safety from
        the carnivores in play (FLT-FLIGHT-02), plus its share of the Cliff's income (one
        food per player and round, FLT-CLIFF-01, shared by every avian) less its upkeep
        (FLT-AVIAN-03); a second avian makes Brood Parasite work (FLT-TRAIT-01)."""
        if not v.flight or v.avian_left == 0:
            return -10.0
        value = 0.6 * min(self.opp_carnivores(v), 3)
        avians = int(v.avian[:v.n_players].sum())
        value += v.n_players / (avians + 1) - 1.0
        if self.my_avians(v) == 1:
            value += 0.3
        return value

    # --- decisions ---------------------------------------------------------------------------
    def score(self, v, block, i):
        phase, pend = v.phase, v.pend
        if phase == Phase.SELECT_FOOD:
            return -self.card_worth(v, i) + self.food_card_bias(v) * class_food(i)
        if phase == Phase.PLAY and pend == Pend.NONE and block == "DONE":
            return 0.15 - 0.25 * max(0, v.hand_size[0] - 3)      # cards in hand score nothing
        if phase == Phase.EVENTS and pend == Pend.NONE:
            return self.event(v, block, i)
        if phase == Phase.FEEDING and pend == Pend.NONE:
            return self.feeding(v, block, i)
        if pend == Pend.DIVE_SPECIES:
            return v.hunger(0, i) + 0.5 * v.has(0, i, K.FORAGING)
        if pend == Pend.BROOD_FOOD:
            return self.brood_food(v, i)
        return super().score(v, block, i)

    def use_card(self, v, block, i):
        if block == "NEW_AVIAN":
            return self.new_species_value(v) + self.avian_value(v) - 1.0 + 0.01 * (i == 1)
        if block == "TRAIT":
            s, k = divmod(i, TRAIT_SLOTS)
            occupied = v.trait_count(0, s) > k
            if occupied and v.has(0, s, K.FLIGHT) and v.avian[0, s]:
                return -5.0        # never trade Flight away (FLT-AVIAN-07)
        return super().use_card(v, block, i)

    def event(self, v, block, i):
        if block == "DONE":
            return 0.0
        kind = class_kind(i)
        if kind == K.DIVE_BOMB:
            return 2.0
        mine = sum(v.hunger(0, s) for s in self.herbivores(v, 0))
        total = sum(v.hunger(rel, s) for rel in range(v.n_players)
                    for s in self.herbivores(v, rel))
        return (mine / total - 1.0 / v.n_players) if total else -1.0

    def food_card_bias(self, v):
        """+ feed the watering hole while our herbivores' mouths outnumber our carnivores'
        in games of up to 3 players; - starve it when we live on meat, and with 4 or more
        players, where a high card mostly feeds the others' herbivores."""
        herb = sum(v.pop[0, s] for s in self.herbivores(v, 0))
        carn = sum(v.pop[0, s] for s in range(v.n_species[0]) if self.is_carn(v, s))
        return self.food_card_weight if herb >= carn and v.n_players <= 3 else -0.15

    def brood_food(self, v, i):
        """FLT-TRAIT-01: meat only when Cooperation passes it on to a hungry carnivore."""
        meat = any(self.is_carn(v, t) and v.hunger(0, t) and v.has(0, t - 1, K.COOPERATION)
                   for t in range(1, v.n_species[0]))
        return float(meat) if i == Source.BANK_MEAT else 0.5

    def feed_value(self, v, s):
        """Worth of one feeding of own species s: food on population beats upkeep."""
        pop_h, due = v.pop_hunger(0, s), v.upkeep_due(0, s)
        room = v.body[0, s] - v.fat[0, s] if v.has(0, s, K.FAT_TISSUE) else 0
        if pop_h + due == 0:
            return 0.2 if room <= 0 else 0.8
        value = 3.0 + pop_h - 0.4 * due
        if v.has(0, s, K.FORAGING):
            value += 0.8
        if v.has(0, s, K.COOPERATION):
            value += 0.5
        return value

    def feeding(self, v, block, i):
        if block == "DONE":
            return 0.9 if not v.last_round else -0.5
        if block in ("FEED_WH", "FEED_CLIFF"):
            value = self.feed_value(v, i)
            contested_cliff = self.opp_avian_eaters(v) > 0
            if block == "FEED_WH":
                value += 0.0 if contested_cliff else 0.3
            else:
                value += 0.3 if contested_cliff else 0.0
            return value
        if block == "INTEL_FOOD":
            gain = min(2 + v.has(0, i, K.FORAGING), v.pop_hunger(0, i))
            return 0.3 + gain if (gain or v.last_round) else 0.1
        if block == "ATTACK":
            hunger = v.pop_hunger(0, i)
            return (3.5 + hunger) if hunger else (1.0 if v.last_round else 0.5)
        return 0.0

    def target(self, v, i):
        rel, s = divmod(i, MAX_SPECIES)
        value = super().target(v, i)
        if 0 < rel < v.n_players and v.has(rel, s, K.NESTING):
            value += 0.5
        return value
