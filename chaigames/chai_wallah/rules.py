"""The rules in our own words, with the decisions of the spec (CW-1 to CW-12)."""

RULES_MARKDOWN = """\
# Chai Wallah

A real-time dice game for 4-8 chai wallahs (tea vendors). There are no turns: everyone plays
at once. Be the first to fulfil **3 chai orders** (option: 4 or 5).

## Your dice
You have four dice, one per ingredient: **tea** (T), **spice** (S), **sugar** (U), **milk** (M).
A **1 is wild**: it fits any value of its ingredient. Each die is
- *held*: yours, shown to everyone;
- *offered*: covered and up for trade (others see that it is offered, not its value);
- *fresh*: just received; you may re-roll it **once within 8 s**, after that it is held.

## Orders
Three orders lie face up. Each asks for a value 2-6 of every ingredient. Your dice **match**
an order when every die equals its ingredient's value or shows 1, whatever the die's state.

## Trading (by the program, CW-3)
Offer the dice you want to swap. When your offer goes live (0.4 s after your last die key) or
gains a die, it trades with the **oldest waiting offer** of another player that shares an
ingredient: every shared ingredient is swapped die for die, **values unchanged** (sugar for sugar,
sugar + tea for sugar + tea). Dice you receive are fresh. The rest of both offers keeps waiting.
Offering all four dice is calling "everything". With **bundle trades** on, offers trade only with
an offer of exactly the same ingredients.

## The chai stall (CW-5)
An offered die that has waited 6 s (option: 3, 6, 10 s or off) is swapped with the market: it
comes back with a new random value, fresh.

## Chai!
Press your Chai! key when your dice match an order: you take the leftmost order you match.
The market **freezes for 2 s** (every timer pauses), a new order turns up in its place, your
offers are withdrawn and, when the market reopens, all four of your dice are re-rolled.
During the freeze every key is refused; a Chai! from someone whose dice matched the same order
hears "too late". A **false Chai!** (no order matches) locks you for 3 s and withdraws your offers.

## Re-rolls
Only a fresh die (once, within 8 s), the stall's swap, and the re-roll after your Chai!

## End
The first to reach the target wins at once. If the deck runs out (only above 3 orders), the
claimed orders are shuffled into a new deck; scores are counters.

## Keys (one zone per human; one tap per action)
Each zone is a diamond like the order card: up = spice, left = tea, down = sugar, right = milk.

| zone | spice | tea | sugar | milk | Chai! |
|---|---|---|---|---|---|
| 1 | w | a | s | d | q |
| 2 | t | f | g | h | r |
| 3 | i | j | k | l | u |
| 4 | up | left | down | right | enter |

A die key offers a held die or takes back an offered one; on a fresh die it re-rolls it.
One human plays with zone 1 or 4; two with 1 and 4; three with 1, 3 and 4; four with all.
Esc pauses the game clock; the game restarts with a 3-2-1 countdown ending in "Chai!".

## Computer players (CW-11)
Every bot plays the same greedy way (claim when matched, re-roll fresh misfits, offer exactly
the misfits); the levels differ in speed: easy reacts in 3-5 s, normal in 2-3.2 s, hard in
1.2-2 s (each bot a little faster or slower than its level).

## Where we depart from the rulebook
Trades are matched by the program instead of negotiated aloud; the stall is a trade with the
market; fresh dice may be re-rolled once within 8 s; the freeze, "too late" and the false-claim
lock replace the table's shouting; the order deck is ours.

## Reading the screen
Every mark is a letter or a bracket, so the screen reads the same without colour.
- **Dice.** `T5`: ingredient letter and value (T tea, S spice, U sugar, M milk; a 1 is wild).
  `[T5]` a die you offer; `[S?]` a die another player offers (its value stays hidden until the
  trade). `T5*7` a fresh die: you may re-roll it for 7 more seconds.
- **Order cards.** The four values sit in the key diamond: spice up, tea left, sugar down, milk
  right. `First to 3` is the target; `Stall 6 s` how long a die must be offered before the chai
  stall swaps it (`off`: no stall); `Deck` the orders left.
- **Seats.** Name, then `z1` (or `zone 1`) the key zone of a human at the keyboard, `you`, or `bot`;
  `0/3` orders claimed out of the target. The key before each die is the key that offers it
  (`^ > v <` are the arrow keys, `Ent` Enter), and `q=Chai!` the seat's claim key. Each human's
  name is drawn in their zone's colour.
- **Notes.** `CHAI!` the seat just claimed an order and the market is frozen; `LOCKED 2.5 s` a
  false claim locks the seat's keys; `forming` an offer is being put together; `! ...` the reason
  a key was refused; `WINNER` the end.
"""
