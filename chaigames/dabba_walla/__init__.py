"""Dabba Walla: collect lunch dabbas on a ring of six spaces, stack them on your cart, deliver level by level."""

from __future__ import annotations

from chaigames.engine import GameConfig, GameSpec, OptionSpec

from .actions import actions
from .bots import make_bot
from .describe import describe_action, describe_view
from .hints import explain
from .rules import RULES_MARKDOWN
from .state import DabbaWallaState
from .view import DabbaView


def new_game(config: GameConfig, seed: int) -> DabbaWallaState:
    return DabbaWallaState(config, seed)


OPTIONS = (
    OptionSpec(
        "vehicle",
        "Vehicle",
        "trailer",
        ("trailer", "handcart", "crate", "wheelbarrow"),
        ("bicycle trailer", "handcart", "crate", "wheelbarrow"),
        help="Everyone loads the same vehicle: 9 squares (trailer, handcart) or 6 (crate, wheelbarrow).",
    ),
    OptionSpec(
        "no_minus",
        "No -1 tiles",
        False,
        (False, True),
        ("off", "on"),
        help="Remove the twelve -1 chai tiles and the three veto tiles: tracks only go up.",
    ),
    OptionSpec(
        "module1",
        "Module 1: double zero tiles",
        False,
        (False, True),
        ("off", "on"),
        help="One colour's track gets an extra 0, another is shortened (1 step gives 2 tips).",
    ),
    OptionSpec(
        "order_card_1",
        "Order card 1",
        None,
        (None, 1, 2),
        ("none", "1: Presorted delivery", "2: Colorful mixture"),
        help="Module 2: one side of the first order card (orders are paid in the delivery phase).",
    ),
    OptionSpec(
        "order_card_2",
        "Order card 2",
        None,
        (None, 3, 4),
        ("none", "3: Small packages", "4: Skillful high stacking"),
        help="Module 2: one side of the second order card.",
    ),
    OptionSpec(
        "order_card_3",
        "Order card 3",
        None,
        (None, 5, 6),
        ("none", "5: The more chai, the better", "6: Chai Master"),
        help="Module 2: one side of the third order card.",
    ),
)

SPEC = GameSpec(
    id="dabba-walla",
    title="Dabba Walla",
    description="Stack lunch dabbas on your cart, then deliver level by level.",
    min_seats=2,
    max_seats=4,
    max_humans=4,
    rules_version=1,
    new_game=new_game,
    actions=actions,
    make_bot=make_bot,
    options=OPTIONS,
    has_start_player=True,
    takebacks=True,
    bot_budget={"easy": 0, "normal": 0, "hard": 64, "expert": 48},
    describe_view=describe_view,
    describe_action=describe_action,
    explain_move=explain,
    rules_markdown=RULES_MARKDOWN,
    view_to_json=DabbaView.to_json,
    view_from_json=DabbaView.from_json,
    view_from_changes=DabbaView.from_changes,
)

__all__ = ["SPEC", "DabbaWallaState", "new_game"]
