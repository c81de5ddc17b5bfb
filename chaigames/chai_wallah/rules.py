"""The rules of Chai Wallah as we play them, in our own words for players: the rulebook, every point a program
had to decide where the rulebook is silent, and our house rules. Shown by the rules screen; no spec ids here."""

RULES_MARKDOWN = """\
# Chai Wallah

A real-time dice game for 4-8 chai wallahs (tea vendors). There are no turns: everyone plays
at once. Be the first to fulfil **3 chai orders** (option: 4 or 5).

## Setup
- 4-8 seats; up to four of them are people at the keyboard, the rest computer players (with no
  people at all the game plays itself as a demo).
- The 20 order cards are shuffled and 3 lie face up. Everyone rolls their four dice.
- The game starts with a 3-2-1 countdown ending in "Chai!".

## Your dice
You have four dice, one per ingredient: **tea** (T), **spice** (S), **sugar** (U), **milk** (M).
Each die also shows its ingredient by its place and letter, so the game reads without colour.
A **1 is wild**: it fits any value of its ingredient. Each die is
- *held*: yours, its value shown to everyone;
- *offered*: covered and up for trade (others see that it is offered, not its value);
- *fresh*: just received, its value shown to everyone too; you may re-roll it **once, within 8 s**
  (at exactly 8 s it is held).

## Orders
Three orders lie face up. Each asks for a value 2-6 of every ingredient. Your dice **match**
an order when every die equals its ingredient's value or shows 1, whatever the die's state.
Our deck has 20 orders: each value appears 4 times per ingredient, no two cards are equal and
any two cards agree in at most one ingredient.

## Trading (matched by the program)
Offer the dice you want to swap. A die key adds a held die to your offer or takes an offered one
back; your offer is *forming* while you press keys and goes **live 0.4 s after your last die key**.
When your offer goes live, or gains a die while live, it trades with the **oldest waiting offer**
of another player that shares an ingredient: every shared ingredient is swapped die for die,
**values unchanged** (sugar for sugar, sugar + tea for sugar + tea). Dice you receive are fresh.
The rest of both offers keeps waiting; no chain of trades follows.
- An offer's age counts from the moment it last gained a live die: for an offer made by keys that
  is when it goes live, not when you pressed the key. A forming offer neither trades nor ages.
- Offers of the same age go by seat order. Nobody trades with themselves.
- Offering all four dice is calling "everything".
- With **bundle trades** on, offers trade only with an offer of exactly the same ingredients.

## The chai stall
An offered die that has waited 6 s since your offer went live (option: 3, 6, 10 s or off) is
swapped with the market: it leaves your offer with a new random value and is fresh. Without the
stall, games can stall when no two players want to trade.

## Chai!
Press your Chai! key when your dice match an order: you take the **leftmost** order you match.
- The market **freezes for 2 s** and every timer pauses. You score the order, a new order turns
  up in its place (a winning claim turns one up too), and your offers are withdrawn. Your dice stay
  on the card during the freeze; when the market reopens, all four are re-rolled. Other players'
  offers stay.
- During the freeze every key is refused ("market frozen"); someone whose dice matched the order
  just taken hears "too late" instead, without a penalty. Pause and resume still work and move
  every deadline, the freeze's end included.
- A **false Chai!** (no order matches) locks you for 3 s (your keys are refused) and withdraws
  your offers.
- Keys count strictly in the order they arrive: the first valid Chai! wins.

## Re-rolls
Dice change value only three ways: a fresh die re-rolled by you (once, within 8 s), the stall's
swap, and the re-roll of all four dice after your Chai!

## End
The first to reach the target wins at once. If the order deck runs out (only with a target above
3), the claimed orders are shuffled into a new deck; scores are counters.

## Keys (one zone per person; one tap per action)
Each zone is a diamond like the order card: up = spice, left = tea, down = sugar, right = milk.

| zone | spice | tea | sugar | milk | Chai! |
|---|---|---|---|---|---|
| 1 | w | a | s | d | q |
| 2 | t | f | g | h | r |
| 3 | i | j | k | l | u |
| 4 | up | left | down | right | enter |

A die key offers a held die or takes back an offered one; on a fresh die it re-rolls it (press
again to offer it). One person plays with zone 1 or 4; two with 1 and 4; three with 1, 3 and 4;
four with all. Keys are case-insensitive. Terminals send no key releases, so a repeat of the same
key within 250 ms is ignored: a held key acts at most twice.

## One screen, several people
With one person at the keyboard the screen shows that seat's dice as they see them. With two or
more it shows the whole table, offered values included (everyone looks at the same screen). There
are no curtains and no take-backs. Esc pauses the game clock and every deadline waits; the game
resumes with the 3-2-1 countdown. Continue restarts the clock at the last recorded action.

## Computer players
They press the same keys as people, see only what a person at their seat sees, and react to
changes in their own dice, the orders, the freeze, their lock or the end. Every level plays the
same greedy way (claim when matched, re-roll fresh dice that do not fit, offer exactly the dice that
do not fit); the levels differ in speed: easy reacts in 3-5 s, normal in 2-3.2 s, hard in
1.2-2 s, each a little faster or slower than its level and never under 0.8 s. With the stall off,
a computer player whose dice have not changed for 5 s offers everything.

## Where we depart from the rulebook
Trades are matched by the program instead of negotiated aloud, and the stall is a trade with the
market; fresh dice may be re-rolled once within 8 s; the freeze, "too late" and the false-claim
lock replace the table's shouting; the order deck is ours (the designer's full list is not
published).

## Reading the screen
Every mark is a letter or a bracket, so the screen reads the same without colour.
- **Dice.** `T5`: ingredient letter and value (T tea, S spice, U sugar, M milk; a 1 is wild).
  `[T5]` a die you offer; `[S?]` a die another player offers (its value stays hidden until the
  trade). `T5*7` a fresh die: you may re-roll it for 7 more seconds.
- **Big screens** (120x40 and larger) draw each die as a die: its pips on its ingredient's colour,
  its letter beside it, then the key that works it (in the seat's zone colour) and `*7` while fresh;
  an offered die stands in tall brackets `┃ ┃` as high as the die, another player's offered die
  shows `?` for its pips. A locked seat's name bar turns red.
- **Order cards.** The four values sit in the key diamond: spice up, tea left, sugar down, milk
  right. `First to 3` is the target; `Stall 6 s` how long a die must be offered before the chai
  stall swaps it (`off`: no stall); `Deck` the orders left.
- **Seats.** Name, then `z1` (or `zone 1`) the key zone of a human at the keyboard, `you`, or `bot`;
  `0/3` orders claimed out of the target. The key before each die is the key that offers it
  (`^ > v <` are the arrow keys, `Ent` Enter), and `q=Chai!` the seat's claim key. Each human's
  name is drawn in their zone's colour.
- **Notes.** `CHAI!` the seat just claimed an order and the market is frozen; `LOCKED 2.5 s` a
  false claim locks the seat's keys; `forming` an offer is being put together; `! ...` the reason
  a key was refused; `WINNER` the end. A seat's notes stand right under its name.
- **A claim.** While the market is frozen, the order just taken stays on the table under
  `CHAI! Asha`, with Asha's dice on it: `S1=5` her spice die showed a wild 1 for the order's 5.
  Beside the orders `CHAI!` (or `WINS!` for the winning claim) and the claimer's orders so far.
"""
