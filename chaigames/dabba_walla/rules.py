"""The rules of Dabba Walla in our own words, with our decisions (DW-n) where a program needs one answer."""

RULES_MARKDOWN = """\
# Dabba Walla

2-4 players collect lunch boxes (dabbas) in Mumbai, stack them on their vehicle, then deliver them
level by level for tips. Most tips wins; ties share the win.

## Setup
- Everyone uses the same vehicle: bicycle trailer or handcart (9 squares), crate or wheelbarrow (6).
- The deck is 35 / 50 / 65 of the 76 dabba cards (2 / 3 / 4 players); the rest stay in the box unseen.
  Six cards lie face up, one on each space of the ring; everyone gets 2 cards and 6 tickets.

## Pick-up phase (13 turns each)
1. **Move.** First turn: put your Dabba Walla on any space. Later: 1 to 6 spaces in one direction;
   1 space is free, otherwise leave one ticket on the card of every space you pass (not the one you
   stop on). Figures may share a space. A **jump** chai tile replaces the move: any space, free.
2. **Take** the card of your space and its tickets; the space is refilled from the draw pile at once.
3. **Play** one of your three cards face up on your pile and **load** its tile: rotate or turn it over,
   keep it inside the vehicle, and put it either on the floor (level 1) or fully on top of tiles whose
   top is exactly one level lower everywhere (DW-1). Lower levels may be filled later. Placed tiles
   never move.
4. **Empty dabbas** (-2 tips each) may be added one square at a time during your own turn (DW-4).
   If the tile cannot be placed even after levelling with every empty dabba left, it goes back to the
   box; the card still goes on your pile (DW-5).
5. **Chai.** When your tile's half-chai meets the half-chai of a tile on the same level across the
   edge, you draw a random chai tile (DW-3), kept secret. Light-blue tiles are used in your pick-up
   turn: **bonus dabba** (a single square of a colour you choose, placed at once), **jump**, **swap**
   (a hand card for a display card; tickets stay on the space).
6. The turn in which a space cannot be refilled ends the phase (exactly 13 turns each). Then, from
   the start player, everyone loads the last two cards in hand (empties and bonus dabbas allowed, no
   jump or swap). The display goes to the common discard; tickets on it go back to the box.

## Delivery phase
- Each ticket you hold is 1 tip. Rounds: as many as the highest level of anyone; the first round
  delivers that level, then one lower each round.
- **Secret choice** (everyone, even with nothing on this level): one card from your pile (now your
  hand, public to all) plus any orange chai tiles, face down. Then all are revealed together.
- **Play later**: only that tile is revealed; after everything else, each such player (from the start
  player on) may change card and orange tiles, then reveals. The play-later tile is spent (DW-11).
- **Tracks**: per colour, add the card values and the +1 / -1 tiles (a veto voids every -1 tile this
  round); the marker stops at 0 and 4. Every dabba you deliver on this level earns its colour's value;
  every empty dabba costs 2 tips. Markers go back to 0.
- **End**: 2 tips per unused chai tile. Most tips wins; ties share.

## Options
- **No -1 tiles**: the -1 and veto tiles are removed.
- **Module 1** (double zero tiles): two colours are drawn. The first colour's track gets an extra 0
  (values 0,0,1,2,3,4); the second is shortened (1 step already gives 2, values 0,2,3,4).
- **Module 2** (orders; at most one side of each order card):
  1 Presorted delivery: each round, a completely filled level pays 10/5/2/0 for 1/2/3/4 colours;
  2 Colorful mixture: each round 10/5/2/0 for 4/3/2/1 colours on the level; 3 Small packages: each
  round 15/9/5/2 for 6+/5/4/3 tiles (not empties) on the level; 4 Skillful high stacking: 5 tips per
  level with a non-empty dabba, at the start of delivery; 5 The more chai, the better: unused chai
  tiles pay 2/5/9/14/20 for 1/2/3/4/5+; 6 Chai Master: whoever has the most unused chai tiles gets 4
  per tile, everyone else 2.

## Our decisions
- DW-2: above level 10 the marker starts again at 1; the screen also shows the true level.
- DW-4 (house rule): empties only in your own turn. DW-6 (house rule): a move of 6 and a jump to
  your own space are allowed. DW-8 (house rule): the bonus dabba's colour is your choice.
- DW-13: tips and totals are plain integers and may be negative.

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
  ticket you leave on a space you walk past.
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
