"""EvolutionEngine: the Python face of the compiled rules for one set of options."""
import numpy as np

from envs.core.engine import GameEngine
from envs.core.rng import seed_word
from envs.evolution import rules
from envs.evolution.actions import N_ACTIONS
from envs.evolution.names import action_name, phase_name
from envs.evolution.observe import OBS_SIZE, observe_into
from envs.evolution.render import render_text
from envs.evolution.rules.round import final_scores, winners
from envs.evolution.state import MAX_PLAYERS, STATE_DTYPE

OPTIONS = ("flight",)


def check_players(num_players):
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)) \
            or not 2 <= num_players <= MAX_PLAYERS:
        raise ValueError(f"num_players must be an integer from 2 to 6, got {num_players!r}")
    return int(num_players)


class EvolutionEngine(GameEngine):
    game = "evolution"
    num_actions = N_ACTIONS
    obs_size = OBS_SIZE

    def __init__(self, num_players=4, flight=True):
        self.num_players = check_players(num_players)
        if not isinstance(flight, (bool, np.bool_)):
            raise ValueError(f"flight must be True or False, got {flight!r}")
        self.flight = bool(flight)

    def new_state(self, seed):
        state = np.zeros(1, STATE_DTYPE)
        state[0]["rng"] = seed_word(seed)
        rules.new_game(state[0], self.num_players, int(self.flight))
        return state

    def to_move(self, state):
        return int(rules.to_move(state[0]))

    def legal_mask(self, state):
        out = np.zeros(N_ACTIONS, np.int8)
        rules.legal_mask(state[0], out)
        return out

    def apply(self, state, action):
        rules.step(state[0], int(action))

    def observe(self, state, seat):
        out = np.zeros(OBS_SIZE, np.float32)
        observe_into(state[0], seat, out)
        return out

    def final(self, state):
        scores = np.zeros(MAX_PLAYERS, np.int64)
        traits = np.zeros(MAX_PLAYERS, np.int64)
        final_scores(state[0], scores, traits)
        n = self.num_players
        scores, traits = scores[:n], traits[:n]
        return scores, winners(scores, traits), scores * 100 + traits

    def action_name(self, state, action):
        return action_name(state[0], action)

    def phase_name(self, state):
        return phase_name(state[0])

    def render_text(self, state, viewer=None):
        return render_text(state[0], viewer)
