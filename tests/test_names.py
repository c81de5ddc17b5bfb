"""Names as they enter (chaigames/names.py): no controls, no escapes, at most 16 cells."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chaigames.names import MAX_CELLS, clean_name, name_width
from tests.budget import any_text


def test_markup_stays_as_characters():
    # Cleaning is not escaping: brackets are kept; the app draws names as text.
    assert clean_name("Ann[/]") == "Ann[/]"
    assert clean_name("[bold]Ravi") == "[bold]Ravi"
    assert clean_name("[link=x]Mo") == "[link=x]Mo"


def test_escape_sequences_and_controls_are_removed():
    assert clean_name("\x1b[31mRed\x1b[0m") == "Red"
    assert clean_name("\x1b]0;title\x07Tom") == "Tom"
    assert clean_name("A\x00n\x7fn\x85\x9b2J") == "Ann"
    assert clean_name("Bell\x07") == "Bell"


def test_bidi_overrides_and_isolates_are_removed():
    assert clean_name("\u202eevil\u202c") == "evil"
    assert clean_name("\u2066a\u2067b\u2068c\u2069\u200f") == "abc"


def test_white_space_is_one_space_and_trimmed():
    assert clean_name("  Ann \t\n  Lee  ") == "Ann Lee"
    assert clean_name("a\u2028b") == "a b"


def test_empty_gives_the_callers_default():
    assert clean_name("", "Player 1") == "Player 1"
    assert clean_name(" \x1b[0m\u202e ", "Player 2") == "Player 2"
    assert clean_name("\t") == ""


def test_at_most_sixteen_cells_and_no_wide_character_cut_in_half():
    assert clean_name("x" * 40) == "x" * 16
    wide = "茶" * 16
    assert clean_name(wide) == "茶" * 8 and name_width(clean_name(wide)) == 16
    assert clean_name("a" + "茶" * 8) == "a" + "茶" * 7  # 15 cells: the 8th would need 17
    assert name_width(clean_name("\U0001f375" * 10)) == 16  # emoji are wide


def test_combining_marks_are_kept_but_bounded():
    assert clean_name("Jose\u0301") == "José"
    assert clean_name("x" + "\u0301" * 50) == "x\u0301\u0301"
    assert clean_name("\u0301Ann") == "Ann"


@given(any_text(80))
def test_any_text_becomes_a_clean_short_name(text):
    name = clean_name(text, "P")
    assert name and name_width(name) <= MAX_CELLS
    assert name == name.strip()
    assert not any(c < " " or "\x7f" <= c <= "\x9f" or "\u202a" <= c <= "\u202e" for c in name)
    assert clean_name(name, "P") == name  # cleaning is idempotent


def test_players_are_listed_with_commas_and_one_and():
    from chaigames.engine.words import join_names

    assert [join_names(n) for n in ([], ["Asha"], ["Asha", "Ravi"], ["Asha", "Ravi", "Meera"])] == [
        "",
        "Asha",
        "Asha and Ravi",
        "Asha, Ravi and Meera",
    ]


def test_no_bot_is_named_like_a_person_or_another_bot():
    from chaigames.names import BOT_NAMES, bot_name

    assert [bot_name(i, ["Player 1"]) for i in (1, 2, 3)] == ["Asha", "Ravi", "Meera"]  # seat 2 is Asha's
    assert bot_name(1, ["asha"]) == "Ravi"  # a person called asha (any case) meets Ravi
    assert bot_name(2, ["Ravi", "Meera"]) == "Kiran"
    assert bot_name(8, ["x"]) == BOT_NAMES[7]  # past the list's end it starts again
    assert bot_name(3, BOT_NAMES) == "Bot 4"
    assert bot_name(3, [*BOT_NAMES, "bot 4"]) == "Bot 5"


@given(st.lists(any_text(6), max_size=12), st.integers(0, 7))
def test_a_bot_name_is_never_one_already_taken(taken, seat):
    from chaigames.names import bot_name

    assert bot_name(seat, taken).casefold() not in {t.casefold() for t in taken}
