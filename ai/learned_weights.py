"""The learned leaf's weights (:mod:`ai.learned`), written by lab/scripts/fit_leaf.py fit
from 12014 turn-end positions of 278 games (leaf-a.jsonl, leaf-b.jsonl); see its recipe."""

BIAS = -2.819617262033811
WEIGHTS = {
    'territory': 3.104953106045788,
    'reinforcements': -0.20862939377533785,
    'armies': 2.30496990441796,
    'survival': 1.0881239355497903,
    'cards': 1.6900179243031435,
    'set_armies': 0.2025741422371639,
    'leader_armies': -2.120930342460885,
    'leader_reinforcements': -0.4271056096533412,
    'rival_cards': -1.615011732315096,
    'next_armies': -0.8336696944639327,
    'pressure': -0.12225533064567343,
    'rivals': 0.8217039191874769,
    'prey': -0.12724913878263405,
}
