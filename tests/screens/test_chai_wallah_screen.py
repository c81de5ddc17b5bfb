"""The Chai Wallah screen (CW-12, spec "Keys"): zone keys for the right seats through the 250 ms
repeat filter, claims and refusals by key, the recorded pause, the key check, and the layout at
80x24 and 120x40. The app's clock source is faked, so game time moves only when a test says so."""

from __future__ import annotations

import asyncio
import re

import pytest
from rich.style import Style

from chaigames.chai_wallah import SPEC as CW
from chaigames.chai_wallah.actions import Claim, Pause, Resume, SetOffer, Toggle
from chaigames.chai_wallah.view import ChaiWallahView, DieView, SeatView
from chaigames.engine import GameConfig, SeatConfig, Session
from screens.chai_wallah import ChaiWallahScreen
from screens.chai_wallah.keycheck import KeyCheckScreen
from screens.chai_wallah.render import die_text, seat_block
from screens.pause import PauseMenu
from tests.pilot import drawn, screen_text, wait_for

from .conftest import save_and_quit


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def ticker_turn(pilot, controller) -> None:
    """Until the game's real-time ticker (every `controller.TICK` s on the app's timers, running bots and
    timed events up to the clock's now) has taken a turn since this call: an app timer of the same
    interval started now is due no sooner than the ticker's next turn, and runs after it. What a test
    checks did not happen as game time moved has then had its chance, however loaded the machine."""
    turned = asyncio.Event()
    pilot.app.set_interval(controller.TICK, turned.set, repeat=1)
    await wait_for(pilot, turned.is_set, "the game's ticker to take a turn")


def cw_game(humans: list[str], bots: int, seed: int = 7) -> tuple[str, GameConfig, int]:
    seats = tuple(SeatConfig(n) for n in humans) + tuple(SeatConfig(f"Bot{i + 1}", bot="normal") for i in range(bots))
    return ("chai-wallah", GameConfig(seats=seats), seed)


async def start(pilot, app, check: bool = False):
    """Until the clock runs (closing the key check that 2+ humans get first)."""
    if check:
        await wait_for(pilot, lambda: isinstance(app.screen, KeyCheckScreen), "the key check")
        await pilot.press("escape")
    else:  # one human: the board first, clock stopped, until Space
        await wait_for(pilot, lambda: isinstance(app.screen, ChaiWallahScreen) and app.controller.paused, "held")
        await pilot.press("space")
    await wait_for(pilot, lambda: app.controller is not None and app.controller.clock.running, "clock running")
    assert isinstance(app.screen, ChaiWallahScreen)
    return app.controller


def last(c):
    e = c.session.standing[-1]
    return e.seat, e.action, e.t


async def test_zone_1_and_zone_4_keys_act_for_their_seats_at_game_time(make_app):
    """Spec Keys: two humans play zones 1 and 4; keys are case-insensitive."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi"], 2), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app, check=True)
        n = c.session.action_count
        fake.now += 0.5
        await pilot.press("w")  # zone 1, spice
        await wait_for(pilot, lambda: c.session.action_count == n + 1, "Asha's key")
        assert last(c) == (0, Toggle("spice"), 0.5)
        await wait_for(pilot, lambda: "forming" in screen_text(app), "Asha's offer forming (CW-3)")
        assert re.search(r"w \[S\d\]", screen_text(app))
        await pilot.press("left")  # zone 4, tea
        await wait_for(pilot, lambda: c.session.action_count == n + 2, "Ravi's key")
        assert last(c) == (1, Toggle("tea"), 0.5)
        fake.now += 0.1
        await pilot.press("D")  # zone 1, milk, in capitals
        await wait_for(pilot, lambda: c.session.action_count == n + 3, "Asha's capital D")
        assert last(c)[:2] == (0, Toggle("milk"))
        await pilot.press("enter")  # zone 4's Chai!: Ravi matches nothing, so he is locked (CW-7)
        await wait_for(pilot, lambda: last(c)[:2] == (1, Claim()), "Ravi's Chai!")
        assert c.state.seats[1].locked_until is not None


async def test_a_repeat_within_250_ms_is_ignored(make_app):
    """Spec Keys: a repeat of the same key within 250 ms of its last arrival is ignored."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app)
        await pilot.press("a", "a")  # a held key: the terminal repeats it
        await wait_for(pilot, lambda: c.session.action_count == 1, "the first a")
        fake.now += 0.2
        await pilot.press("A")  # still within 250 ms of the last arrival, whatever the case: handled
        # once `press` returns (the pilot waits until the app has nothing queued), dropped or played
        assert c.session.action_count == 1 and c.state.seats[0].states[0] == "offered"
        fake.now += 0.25
        await pilot.press("a")
        await wait_for(pilot, lambda: c.session.action_count == 2, "a after 250 ms")
        assert last(c)[:2] == (0, Toggle("tea")) and c.state.seats[0].states[0] == "held"


async def test_u_is_zone_3_chai_not_undo(make_app):
    """Spec Keys: three humans play zones 1, 3, 4; zone 3's Chai! key is u (no undo in CW-12)."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Bina", "Ravi"], 1), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app, check=True)
        n = c.session.action_count
        await pilot.press("u")
        await wait_for(pilot, lambda: c.session.action_count == n + 1, "Bina's Chai!")
        assert last(c)[:2] == (1, Claim())
        await pilot.press("j")  # zone 3 tea: Bina is locked now, so it is refused beside her
        await wait_for(pilot, lambda: "locked for 3.0 s" in screen_text(app), "Bina's refusal")
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if re.search(r"\bBina\b", line))
        assert "LOCKED 3.0 s" in lines[at] and "! locked for 3.0 s" in lines[at + 1]  # beside her dice


async def test_a_claim_by_key_and_too_late_beside_the_loser(make_app):
    """CW-6: the Chai! key claims the order the dice match; the market freezes; a second Chai! for
    the same order hears "too late: <name> took it" beside that seat."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi"], 2), clock_source=fake)
    async with app.run_test(size=(120, 40)) as pilot:
        c = await start(pilot, app, check=True)
        order = list(c.state.face_up[1])
        c.state.seats[0].values = list(order)  # test setup: both humans hold the middle order
        c.state.seats[1].values = list(order)
        c.state.seats[0].values[2] = 1  # a wild sugar still matches (CW-2)
        n = c.session.action_count
        await pilot.press("q")
        await wait_for(pilot, lambda: c.session.action_count == n + 1, "Asha's Chai!")
        assert c.state.seats[0].score == 1 and c.state.frozen_until is not None
        await pilot.press("enter")
        await wait_for(pilot, lambda: "too late: Asha took it" in screen_text(app), "Ravi's refusal")
        text = screen_text(app)
        assert "market frozen" in text and "CHAI!" in text and re.search(r"Asha\s+zone 1\s+1/3", text)
        assert re.search(r"Chai! Asha fulfils", text)  # the live feed
        assert c.session.action_count == n + 1  # the refusal changed nothing


async def test_pause_is_recorded_and_stops_every_deadline(make_app, store):
    """CW-12: Esc pauses the game clock; the record holds the pause; a lock (CW-7) lasts its 3 game
    seconds however long the pause was; resuming is recorded at the same game time."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app)
        fake.now += 0.5
        await pilot.press("q")  # a false claim: locked until 3.5
        await wait_for(pilot, lambda: c.state.seats[0].locked_until == 3.5, "the lock")
        fake.now += 1.0
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        assert last(c) == (0, Pause(), 1.5) and c.state.paused_at == 1.5
        # in real time the save's rename follows on the store's committer thread: on the disk a moment later
        await wait_for(pilot, lambda: '"pause"' in store.path_of(c.save_id).read_text(), "the pause saved")
        fake.now += 60.0
        await ticker_turn(pilot, c)
        assert c.clock.now() == 1.5 and c.state.seats[0].locked_until == 3.5
        await pilot.press("escape")
        await wait_for(pilot, lambda: c.clock.running, "running again")
        assert last(c) == (0, Resume(), 1.5) and c.state.paused_at is None
        fake.now += 1.9
        await wait_for(pilot, lambda: c.state.now >= 3.4, "game time 3.4")
        assert c.state.seats[0].locked_until == 3.5  # still locked: the pause cost nobody time
        fake.now += 0.2
        await wait_for(pilot, lambda: c.state.seats[0].locked_until is None, "the unlock at 3.5")
        replay = Session.from_record(CW, c.session.record)
        replay.state.tick(c.state.now)  # the record holds actions; time after the last one is ticked (CW-9)
        assert replay.state.to_json() == c.state.to_json()


async def test_key_check_lights_each_zone_before_the_first_countdown(make_app):
    """Spec Keys: the "press your keys" check; the game clock waits for it (recorded pause)."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi"], 2), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, KeyCheckScreen), "the key check")
        c = app.controller
        assert not c.clock.running and c.paused
        await pilot.press("s", "down", "enter")
        text = screen_text(app)
        assert "(s)" in text and "(v)" in text and "(Ent)" in text and "(w)" not in text
        assert c.session.action_count == 0  # keys in the check do not play; the held start is not recorded
        fake.now += 5
        await pilot.press("space")
        await wait_for(pilot, lambda: c.clock.running, "the game starts")
        assert c.session.standing == () and c.clock.now() == 0.0
        await pilot.press("f2")  # F2 reopens it in play: the game pauses meanwhile
        await wait_for(pilot, lambda: isinstance(app.screen, KeyCheckScreen), "the key check again")
        assert c.paused and last(c)[1] == Pause()


def rows_of(text: str, names: list[str], anywhere: bool = False) -> list[list[int]]:
    """The lines where each seat's name starts (at the left edge, or `anywhere` in a big block's header)."""
    lines = text.splitlines()
    pattern = "\\s{}\\s+(zone \\d|bot \\w+|you)\\s+\\d/\\d" if anywhere else "^ {}\\b"
    return [[i for i, line in enumerate(lines) if re.search(pattern.format(n), line)] for n in names]


async def check_layout(make_app, size, humans, bots, inspect=None):
    fake = FakeTime()
    names = humans + [f"Bot{i + 1}" for i in range(bots)]
    app = make_app(games=[CW], new_game=cw_game(humans, bots), clock_source=fake)
    async with app.run_test(size=size) as pilot:
        await start(pilot, app, check=len(humans) >= 2)
        fake.now += 3.0
        await wait_for(pilot, lambda: "trade" in screen_text(app), "a trade in the feed")
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
        for k in (1, 2, 3):
            assert f"Order {k}" in text
        assert "Deck 17" in text and "First to 3" in text
        assert "Pause" in lines[-1] and "Key check" in lines[-1]
        big = inspect is not None
        assert all(rows for rows in rows_of(text, names, big)), "every seat is on screen"
        if inspect is not None:
            inspect(app, text)
        return text, rows_of(text, names, big)


async def test_layout_80x24_eight_seats_one_line_each(make_app):
    """CW-12 at 80x24: 8 seats, one line per seat, keys beside the human's dice, bots marked."""
    text, rows = await check_layout(make_app, (80, 24), ["Asha"], 7)
    assert all(len(r) == 1 for r in rows)
    asha = text.splitlines()[rows[0][0]]
    assert re.search(r"you\s+0/3 a T\d.*w S\d.*s U\d.*d M\d.*q=Chai!", asha)
    assert all("bot" in text.splitlines()[r[0]] for r in rows[1:])
    assert "Keys a w s d or arrows; Chai! q or Enter." in text and "1 wild" in text


async def test_layout_80x24_four_seats_in_the_key_diamond(make_app):
    """CW-12 at 80x24 with 4 seats: every seat's dice in the diamond (spice above tea and milk)."""
    text, rows = await check_layout(make_app, (80, 24), ["Asha", "Ravi"], 2)
    lines = text.splitlines()
    top, mid, low = (lines[rows[0][0] + k] for k in range(3))
    assert re.search(r"w S\d", top) and re.search(r"a T\d.*d M\d.*q Chai!", mid) and re.search(r"s U\d", low)
    assert re.search(r"\^ S\d", lines[rows[1][0]]) and "Ent Chai!" in lines[rows[1][0] + 1]
    assert "zone 1" in low and "zone 4" in lines[rows[1][0] + 2]


async def test_layout_110x34_eight_seats_diamonds_and_feed_beside(make_app):
    """CW-12 at 110x34 (too short for the dice as dice): letter diamonds for 8 seats, the feed beside."""
    text, rows = await check_layout(make_app, (110, 34), ["Asha", "Ravi", "Bina", "Dev"], 4)
    lines = text.splitlines()
    for r, zone_keys in zip(rows[:4], ("w", "t", "i", "^"), strict=True):
        assert re.search(rf"{re.escape(zone_keys)} S\d", lines[r[0]])
    assert "bot normal" in text
    feed = next(line for line in lines if "trade" in line)
    assert feed.index("trade") > 78  # beside the seats, not below them


async def test_layout_120x40_eight_seats_dice_drawn_as_dice(make_app):
    """At 120x40 the orders and every seat's dice are pip faces in the key diamond, four seats a row,
    each human's header in their zone's colour with their keys beside the dice; the feed below."""
    from screens import palette

    def inspect(app, text):
        lines = text.splitlines()
        orders = app.controller.table_view().orders
        pips = sum(line.count("●") for line in lines[3:10])  # the three order cards under "Order k"
        assert pips == sum(sum(order) for order in orders)
        for s, zone in enumerate((1, 2, 3, 4)):
            head = app.screen.query_one(f"#cw-seat-{s}").content
            assert Style.combine(span.style for span in head.spans if span.start == 0) == palette.ZONES[zone].style

    text, rows = await check_layout(make_app, (120, 40), ["Asha", "Ravi", "Bina", "Dev"], 4, inspect)
    lines = text.splitlines()
    names = [r[0] for r in rows]
    assert names[:4] == [names[0]] * 4 and names[4:] == [names[4]] * 4 and names[4] == names[0] + 9
    assert [lines[names[0]].index(n) for n in ("Asha", "Ravi", "Bina", "Dev")] == [2, 31, 60, 89]
    top, letters, keys = lines[names[0] + 2], lines[names[0] + 4], lines[names[0] + 5]  # notes under the header
    assert re.search(r"q Chai!\s+\S*\s+S\s+r Chai!", top) and "Ent Chai!" in top
    assert letters.index("T") == keys.index("a") and letters.index("M") == keys.index("d"), (letters, keys)
    assert "bot normal" in lines[names[4]]
    feed = next(k for k, line in enumerate(lines) if "trade" in line)
    assert feed > names[4] + 8 and lines[feed].index("trade") < 40


async def test_big_seat_blocks_are_drawn_again_only_when_they_change(make_app, monkeypatch):
    """The screen redraws 20 times a second: a seat's block is rebuilt only when what it shows changed."""
    import screens.chai_wallah.screen as cw_screen

    drawn: list[int] = []
    real = cw_screen.big_seat
    monkeypatch.setattr(cw_screen, "big_seat", lambda view, s, *a: drawn.append(s) or real(view, s, *a))
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi", "Bina", "Dev"], 0), clock_source=FakeTime())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot, app, check=True)
        assert sorted(set(drawn)) == list(range(4))
        drawn.clear()
        app.screen.refresh_game()
        assert drawn == []
        await pilot.press("a")  # Asha offers her tea: only her block changes
        await wait_for(pilot, lambda: drawn, "Asha's block drawn again")
        assert set(drawn) == {0}


async def offered_rows(make_app, humans: list[str]) -> tuple[str, str, list[int], list[int]]:
    """Asha offers her tea by key, seat 3 (a bot) offers tea and milk: their rows and values."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(humans, 8 - len(humans)), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app, check=len(humans) >= 2)
        c.session.apply(3, SetOffer(("tea", "milk")), c.clock.now())  # the bot's offer, straight to the core
        await pilot.press("a")
        await wait_for(pilot, lambda: c.state.seats[0].states[0] == "offered", "Asha's offer")
        lines = (await drawn(pilot)).splitlines()
        asha = next(line for line in lines if re.match(r" Asha\b", line))  # one line a seat at 80x24
        bot = next(line for line in lines if re.match(rf" {c.name(3)}\b", line))
        return asha, bot, list(c.state.seats[0].values), list(c.state.seats[3].values)


async def test_one_human_never_sees_other_seats_offered_values(make_app):
    """CW-12 / the view: with one human, others' offered dice show as [X?]; her own value shows."""
    asha, bot, mine, _ = await offered_rows(make_app, ["Asha"])
    assert f"[T{mine[0]}]" in asha
    assert "[T?]" in bot and "[M?]" in bot and not re.search(r"\[[TM]\d\]", bot)


async def test_two_humans_see_the_table_view(make_app):
    """CW-12: with two or more humans every die's value shows, offered ones too."""
    asha, bot, mine, theirs = await offered_rows(make_app, ["Asha", "Ravi"])
    assert f"[T{mine[0]}]" in asha and f"[T{theirs[0]}]" in bot and f"[M{theirs[3]}]" in bot


def die(ingredient: str, state: str, value: int | None = None, fresh_for: float | None = None) -> DieView:
    return DieView(ingredient, state, value, fresh_for)


def test_dice_read_without_colour():
    """Spec: every die shows its letter and value; states are brackets and marks, not colours."""
    assert die_text(die(ingredient="tea", state="held", value=5)).plain == "T5"
    assert die_text(die(ingredient="sugar", state="offered", value=1)).plain == "[U1]"
    assert die_text(die(ingredient="milk", state="offered")).plain == "[M?]"
    assert die_text(die(ingredient="spice", state="fresh", value=3, fresh_for=6.2)).plain == "S3*7"


def test_seat_block_is_the_key_diamond():
    """Up = spice, left = tea, down = sugar, right = milk, like the order card."""
    from screens.chai_wallah.render import SeatLabel

    dice = (
        die(ingredient="tea", state="held", value=5),
        die(ingredient="spice", state="offered", value=3),
        die(ingredient="sugar", state="fresh", value=2, fresh_for=4.0),
        die(ingredient="milk", state="held", value=1),
    )
    seat = SeatView(name="Asha", score=2, dice=dice, forming=True, locked_for=None, bot=None)
    view = ChaiWallahView(
        seat=None,
        now=0.0,
        target=3,
        stall=None,
        bundle=False,
        orders=(),
        deck=0,
        paused=False,
        frozen_for=None,
        claimer=None,
        winner=None,
        seats=(seat,),
    )
    keys = {"spice": "up", "tea": "left", "sugar": "down", "milk": "right", "chai": "enter"}
    top, mid, low = seat_block(view, 0, SeatLabel(keys, "zone 4", "market frozen"), 80).plain.splitlines()
    assert top.index("^ [S3]") == low.index("v U2*4") and mid.index("< T5") < top.index("^") < mid.index("> M1")
    assert "Asha" in top and "forming" in top and "orders 2/3" in mid and "! market frozen" in mid


async def test_keys_list_pauses_the_game_and_lists_every_zone_key(make_app):
    """`?` in real time pauses (recorded) while the list covers the table, then counts down again."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "Asha: Chai! (claim an order)" in screen_text(app), "the keys list")
        assert c.paused and last(c)[1] == Pause() and "Asha: spice die" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: c.clock.running, "running again")
        assert last(c)[1] == Resume()


async def test_continue_after_save_and_quit_in_the_pause_resumes_at_the_recorded_time(make_app, store):
    """CW-12: Continue restarts the clock at the last recorded action's time, after a countdown;
    a game saved while paused is resumed (recorded) when the clock starts again."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await start(pilot, app)
        fake.now += 0.7
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        save_id = c.save_id
        await save_and_quit(pilot)
        await wait_for(pilot, lambda: app.controller is None, "back at the menu")
        fake.now += 100
        app.resume_game(save_id)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.paused, "the board, held")
        await wait_for(pilot, lambda: "Space: start the clock" in screen_text(app), "the hint")
        await pilot.press("space")
        await wait_for(pilot, lambda: app.controller is not None and app.controller.clock.running, "resumed")
        c2 = app.controller
        assert [e.action for e in c2.session.standing][-2:] == [Pause(), Resume()]
        assert c2.session.standing[-1].t == c2.session.standing[-2].t == pytest.approx(0.7)
        assert c2.state.paused_at is None and c2.clock.now() == pytest.approx(0.7)


def test_a_big_die_reads_without_colour():
    """At 120x40 a die is a face of pips; its letter, key, brackets as tall as the face (offered) and
    `*7` (fresh) stand beside it, and another seat's offered die shows `?` for its pips."""
    from screens.chai_wallah.big import die_slot

    held = [line.plain for line in die_slot(die(ingredient="spice", state="held", value=6), "w")]
    assert held == [" ●   ● S ", " ●   ● w ", " ●   ●   "]
    fresh = [line.plain for line in die_slot(die(ingredient="tea", state="fresh", value=1, fresh_for=6.2))]
    assert fresh == ["       T ", "   ●     ", "       *7"]
    hidden = [line.plain for line in die_slot(die(ingredient="milk", state="offered"), "right")]
    assert hidden == ["┏     ┓M ", "┃  ?  ┃> ", "┗     ┛  "]


def test_seats_drawn_from_the_cache_are_the_seats_drawn_afresh(monkeypatch):
    """The clock redraws the seats 20 times a second; a seat whose lines show the same as last time
    reuses them. Through an eight-bot game's ticks, the cached seats equal a fresh drawing, and most
    seats are not drawn again."""
    from chaigames.chai_wallah.driver import make_driver
    from screens.chai_wallah import render

    config = GameConfig(seats=tuple(SeatConfig(f"Bot{k}", bot="easy") for k in range(8)))
    session = Session(CW, config, 11)
    driver = make_driver(session)
    draws = 0
    real = render.seat_block

    def counted(*args):
        nonlocal draws
        draws += 1
        return real(*args)

    drawn: dict = {}
    for step in range(1, 400):
        driver.advance(step * 0.05)
        view = session.state.table_view()
        labels = [render.SeatLabel(None, "bot", "too late" if (step // 30 + s) % 5 == 0 else "") for s in range(8)]
        fresh = render.seats_text(view, labels, 76, True)
        monkeypatch.setattr(render, "seat_block", counted)
        assert render.seats_text(view, labels, 76, True, drawn) == fresh
        monkeypatch.setattr(render, "seat_block", real)
        if session.over:
            break
    assert step > 100 and draws < 8 * step / 3


async def test_a_key_draws_the_screen_once(make_app):
    """A key first lets the bots and timers due before it act, then applies the seat's action: the
    screen is drawn once, after both (a key's frame waits for one drawing, not two)."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=(120, 40)) as pilot:
        c = await start(pilot, app)
        screen = app.screen
        drawings: list[int] = []
        draw = screen.refresh_game
        screen.refresh_game = lambda: (drawings.append(1), draw())[1]
        per_key: list[int] = []
        act = c.act

        def counted(seat, action):
            before = len(drawings)
            act(seat, action)
            per_key.append(len(drawings) - before)

        c.act = counted
        fake.now += 0.5
        await pilot.press("a")
        await wait_for(pilot, lambda: per_key, "Asha's key")
        assert per_key == [1] and last(c)[:2] == (0, Toggle("tea"))
