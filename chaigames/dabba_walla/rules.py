"""The rules of Dabba Walla as we play them, in our own words for players: the rulebook, every point a program
had to decide where the rulebook is silent, and our house rules. Shown by the rules screen; no spec ids here."""

RULES_MARKDOWN = """\
# Dabba Walla

2-4 players collect lunch boxes (dabbas) in Mumbai, stack them on their vehicle, then deliver them
level by level for tips. Most tips wins; ties share the win.

## Setup
- Everyone uses the same vehicle: bicycle trailer or handcart (9 squares), crate or wheelbarrow (6).
- The deck is 35 / 50 / 65 of the 76 dabba cards (2 / 3 / 4 players); the rest stay in the box unseen.
  Six cards lie face up, one on each space of the ring; everyone gets 2 cards and 6 tickets (25 in
  all; the rest stay in the box). Play goes clockwise, in seat order, from the start player.
- Your level marker stands at 1 before your first tile.

## Pick-up phase (13 turns each)
1. **Move.** First turn: put your Dabba Walla on any space, free. Later: 1 to 6 spaces in one
   direction (6 brings you round to your own space); 1 space is free, otherwise leave one ticket on
   the card of every space you pass (not the one you stop on). Figures may share a space. A **jump**
   chai tile replaces the move: any space, your own included, free.
2. **Take** the card of your space and its tickets; the space is refilled from the draw pile at once.
3. **Play** one of your three cards face up on your pile and **load** its tile: rotate or turn it over
   (the half-chai turns with it), keep it inside the vehicle, and put it either on the floor (level 1)
   or on tiles whose tops are all exactly one level lower: a tile never bridges different heights.
   Lower levels may be filled later. Placed tiles never move.
4. **Empty dabbas** (-2 tips each) may be added one square at a time during your own turn, while the
   supply lasts. If the tile cannot be placed even after levelling with the empty dabbas left (a spot
   needs, on each of its squares, as many empties as it lies below the spot's highest square), it goes
   back to the box and the screen says so; the card still goes on your pile.
5. **Chai.** When your tile's half-chai faces the half-chai of the top tile across that edge, on the
   same level, the halves make a whole chai: you draw a random chai tile, kept secret (none when the
   supply is empty; one placement completes at most one chai). Bonus and empty dabbas have no half.
6. **Light-blue chai tiles** are used at any point of your own turn, several per turn: **bonus dabba**
   (a single square of a colour you choose, placed at once), **jump**, **swap** (one hand card for a
   display card; the tickets stay on the space). A used light-blue tile is set aside for good, never
   back in the supply.
7. The turn in which a space cannot be refilled is the last one (exactly 13 turns each). Then, from
   the start player, everyone loads the last two cards in hand: chai, empty dabbas, bonus dabbas and
   swaps are allowed, jumps are not (nobody walks). The display stays on the table until the
   delivery phase is prepared; then it goes to the discard and the tickets on it go back to the box.

## Delivery phase
- Each ticket you hold is 1 tip. Rounds: as many as the highest level of anyone; the first round
  delivers that level, then one lower each round.
- **Secret choice** (everyone, even with nothing on this level): one card from your pile (now your
  hand, public to all) plus any orange chai tiles, face down; you may add and take back orange tiles
  before you commit. With no cards left you play no card but may still play orange tiles. At one
  keyboard each choice is made behind a curtain. Then all are revealed together.
- **Play later**: only that tile is revealed; after everything else, each such player (in seat order
  from the start player) sees what was revealed and may change card and orange tiles, then reveals.
  The play-later tile is spent.
- **Tracks**: per colour, add the card values and the +1 / -1 tiles (a veto voids every -1 tile this
  round); the marker stops at 0 and 4. Every dabba you deliver on this level, bonus dabbas included,
  earns its colour's value; every empty dabba costs 2 tips. Markers go back to 0 after each round.
- Tips and totals are plain whole numbers and may be negative.
- **End**: 2 tips per unused chai tile, of either background. Most tips wins; ties share. The result
  shows every source: tickets, orders, each level, empty dabbas, chai tiles.

## Hidden information
In the pick-up phase hands, drawn chai tiles and the draw pile are secret; the played piles (in
order), vehicles, tickets and the display are public. In the delivery phase every hand is public;
only this round's choice is secret until the reveal, and unused chai tiles stay secret.

## Options
- **No -1 tiles**: the twelve -1 tiles and the three veto tiles are removed.
- **Module 1** (double zero tiles, drawn at setup and shown all game): the first colour's track gets an
  extra 0 (values 0,0,1,2,3,4: 3 steps give 2); the second is shortened (values 0,2,3,4: 2 steps give 3).
- **Module 2** (orders; at most one side of each order card). Orders 1-3 pay at the start of every
  round, order 4 at the start of delivery:
  1 Presorted delivery: a completely filled level (every square covered; empties fill it but have no
  colour) pays 10/5/2/0 for 1/2/3/4 colours; 2 Colorful mixture: 10/5/2/0 for 4/3/2/1 colours on the
  level; 3 Small packages: 15/9/5/2 for 6+/5/4/3 tiles (not empties; bonus dabbas count as tiles) on
  the level; 4 Skillful high stacking: 5 tips per level with a dabba that is not empty; 5 The more
  chai, the better: unused chai tiles pay 2/5/9/14/20 for 1/2/3/4/5+ instead of 2 each; 6 Chai Master:
  whoever has the most unused chai tiles gets 4 per tile, everyone else 2.

## Where the rules leave a choice, we decided
- The level marker shows your highest level; above 10 it starts again at 1 and the screen also shows
  the true level.
- Messages name a square as (row, column), counted from 1 at the top left of the vehicle.

## House rules
- Empty dabbas only in your own turn (the rulebook says "at any time"; they only matter on your own
  vehicle in your own turn).
- A move of 6 spaces and a jump to your own space are allowed, as printed.
- The bonus dabba chai tile lets you choose the colour.
- The vehicles, tile shapes, half-chai positions, card tips and double zero tiles are our
  reconstruction; the printed game's may differ.

## Computer players

- **Easy** picks at random among sensible moves (it never walks the long way round to a space).
- **Normal** takes the cards that suit the colours it loads, keeps its load flat and completes
  chai symbols, and delivers the card that lifts its own level's colours most.
- **Hard** loads each level in as few colours as it can, looks one card ahead when it walks, and in
  the delivery phase plays the rest of the game out for every card it could deliver.
- **Expert** walks like hard but first guesses the cards it cannot see (the other hands, the draw
  pile) many different ways, plays on in each guess through its next turn to the one after, and keeps
  the walk that leaves it best placed; it delivers like hard, playing the game out many more times.

## Reading the screen
Every colour is also a letter, so the screen reads the same without colour.
- **Colours.** Y yellow, R red, B blue, G green; E an empty dabba.
- **Cards.** `Y07 I3 R+2 2t`: the card (its colour letter and number), the shape of its tile (the
  number is its squares: M1 one square, D2 two, I3 a straight three, L3 a bent three, and the
  four-square O4 block, T4, L4 and S4), the tips it adds to the colour tracks when played in a
  delivery round (`R+2`: red track +2; `0`: none), and `2t` the tickets lying on it.
- **The ring.** Spaces 1-6 run clockwise (`>` along the top, `v` down the right, `<` back along the
  bottom, `^` up the left). The letters after a card are the Dabba Wallas standing there (each
  player's first letter: `A` Asha, `P` Player 1); `1>` is the space under the cursor; `+1t` the
  ticket you leave on a space you walk past. On a small screen the ring draws each tile's shape
  small instead of its code, two squares to a character high (`▀█▀` the T, `▀▀▀` the straight three).
- **Vehicles.** Each square shows its top dabba: colour letter and height (`Y2` a yellow dabba on
  level 2, `E1` an empty dabba on the floor, `.` an empty square). The squares of one tile form one
  block with no border between them. `*` a half-chai on a tile's edge; `@` two half-chais that meet
  (a chai). In your hand a tile's shape shows its half-chai as an arrow (`^ > v <`) pointing at the
  edge it lies on. The level marker (`level 3`) is the height of your highest dabba; above 10 the
  true level is shown too. `v` shows one level at a time (`LEVEL VIEW 2/5`: level 2 of 5), from
  level 1 upwards and then the whole vehicle again; `V` steps the other way; Esc leaves it.
- **Options in play** stay on screen all game: `Orders 1,5` the order cards of Module 2 (their
  rules: Esc, then r); `Double zero Y+ R-` Module 1: yellow's track has the extra 0, red's is
  shortened.
- **Placing a tile.** `+Y2` is where the tile would land and on which level; `x` marks a place where
  it may not go.
- **Delivery.** The tracks show each colour's tip values with the marker in brackets (`[2]`);
  dabbas on the level being delivered are underlined. Chai tiles: orange ones (`+Y`, `-R`, `veto`,
  `later`) are played face down in delivery; light-blue ones (`bonus`, `jump`, `swap`) in your
  pick-up turn.
"""
