"""The sitting: named players at one table, game after game (Laws 2, 18, 64, 81; Ambiguities
25-27).

A :class:`Sitting` is built on the engine, never beside it: each game is a
:class:`~pokerlaws.GameState` begun by :func:`pokerlaws.next_game` (or, when the table has
changed, :func:`pokerlaws.new_game` with the chips carried and the jack-pot round), and every
action goes through :func:`pokerlaws.apply`. Everything here is pure: the packs are inputs,
and a refused change returns or raises without changing anything.

- **The cut for the deal** (Law 2): :func:`start_sitting` takes the pack, and each player in
  seat order draws one card from the top; the lowest deals, the ace lowest; suits do not
  count, so players tied for lowest (and only they) draw again, in seat order, from the
  following cards. The cut is made with the ordinary pack of 52 (Laws 1-2): the Joker has no
  rank to cut with, so a table playing with it takes it out for the cut.
- **The deal passes left** (Law 18): :func:`deal_next` gives it to the first seat on the last
  dealer's left that has chips (Ambiguity 26). If the last dealer has left the table, it
  passes from the player who sat on his right, so it still goes to the player who sat on the
  dealer's left.
- **Variants** (Law 81): the ``Rules`` agreed at the start hold for the sitting, and only
  while the same players remain. A change of players (anyone joining or leaving, or a broke
  player removed under ``SittingTerms(broke_players_leave=True)``) ends them: from the next
  game the table plays Peel's laws as written, ``Rules(ante=..., limit=...)``, keeping the
  ante and the limit, which are fixed before play and never changed (description 2.3). No
  new variant may be agreed once play has begun: :func:`change_rules` refuses any change
  with a :class:`RulesFixed` violation (Law 81).
- **Players coming and going**: only between games (a game in play has no cards for a new
  player, Law 7, and a player who leaves mid-game would take staked chips from the pool). A
  jack-pot in progress stays with the table: its pool and its round carry into the next game
  whoever comes or goes; a player who leaves forfeits what he put into it, and a newcomer
  antes into it like every player (Law 30). A player may leave and come back: his account
  continues, and his coming back is a change of players like any other.
- **A player who cannot pay an ante** (Ambiguity 26): by default he keeps his seat and sits
  out, passed over for the deal and the ante, until he buys chips (:func:`buy_chips`, between
  games; counters are sold to the players, description 2.3) or leaves. With
  ``SittingTerms(broke_players_leave=True)`` a player left with no chips when a game ends
  leaves the table at once, which is a change of players (Law 81).
- **The kitty** (Ambiguity 25): off by default. ``SittingTerms(kitty_percent=p,
  kitty_chips=c)`` takes, from each pool won, ``p`` percent of each payout (rounded down) and
  then ``c`` chips more from the payout that was largest as the laws paid it, before the
  percentage (a tie going to the seat nearer the dealer's left; Ambiguity 27), then from the
  next largest, never more than was paid. It is taken as each game ends, so the winners
  play on without it. The terms are fixed at the start and are no law of the game, so Law
  81 does not end them when the players change.
- **A foul hand found after the game** (Law 64, Ambiguity 27): a report on the last game is
  taken by :func:`play` until the next game is dealt, whatever changed at the table since
  (a player left, was removed for want of chips, joined or bought chips). The game is
  settled again, the kitty takes its share again from the new payouts, and the difference
  is made on the accounts of the players of that game: on the chips of one who has stayed
  at the table, on what he took away for one who has left (even if he came back since), so
  an account may fall below what he brought. Nobody is seated or removed by it; a player it
  leaves without chips sits out the next deal as usual. Made before any change it is part
  of the game's record; after one, it is a :class:`LateReport` entry in its place.
- **A misdeal after reports alone ended a game in the deal** (Laws 8, 10, 12; Ambiguity
  17): while nothing has changed at the table since, :func:`play` takes back the game's
  close (a player who left broke as it closed is seated again, his refund given back) and
  the game is in play again, its dealer to deal again; after a change it is refused.
- **Settling** (:func:`settle`, only between games): each player's net result is the chips
  he ends with, plus what he took away on leaving, less everything he brought. A pool left
  unwon at the end (an unopened jack-pot, an odd chip of a shared pool) is divided equally
  among the players dealt into the last game who still sit at the table (in a jack-pot they
  all paid into it alike, Law 30; a player who left forfeited his part, as he would have in
  play); odd chips go one each from the last dealer's left. If none of them remains, it goes
  to the kitty, as the table's. The results and the kitty sum to zero.

The package's modules: :mod:`~pokerlaws.sitting.model` (the values),
:mod:`~pokerlaws.sitting.playing` (the cut, the start, each action, the next deal),
:mod:`~pokerlaws.sitting.table` (comings and goings, settling),
:mod:`~pokerlaws.sitting.view` (what one player may know) and
:mod:`~pokerlaws.sitting.record` (the sitting record and its text). Each name loads its
module on first use.
"""

from typing import TYPE_CHECKING

from pokerlaws._lazy import exports

_NAMES = {
    "Account": "pokerlaws.sitting.model",
    "BuyChips": "pokerlaws.sitting.model",
    "ChangeRules": "pokerlaws.sitting.model",
    "CutDraw": "pokerlaws.sitting.model",
    "Entry": "pokerlaws.sitting.model",
    "ENTRY_TYPES": "pokerlaws.sitting.model",
    "Join": "pokerlaws.sitting.model",
    "LateReport": "pokerlaws.sitting.model",
    "Leave": "pokerlaws.sitting.model",
    "RulesFixed": "pokerlaws.sitting.model",
    "Sitting": "pokerlaws.sitting.model",
    "SittingTerms": "pokerlaws.sitting.model",
    "Turn": "pokerlaws.sitting.model",
    "cut_for_deal": "pokerlaws.sitting.playing",
    "deal_next": "pokerlaws.sitting.playing",
    "play": "pokerlaws.sitting.playing",
    "start_sitting": "pokerlaws.sitting.playing",
    "Settlement": "pokerlaws.sitting.table",
    "buy_chips": "pokerlaws.sitting.table",
    "change_rules": "pokerlaws.sitting.table",
    "join": "pokerlaws.sitting.table",
    "leave": "pokerlaws.sitting.table",
    "settle": "pokerlaws.sitting.table",
    "SittingView": "pokerlaws.sitting.view",
    "sitting_view": "pokerlaws.sitting.view",
    "IllegalSittingRecord": "pokerlaws.sitting.record",
    "SittingRecord": "pokerlaws.sitting.record",
    "format_sitting_record": "pokerlaws.sitting.record",
    "parse_sitting_record": "pokerlaws.sitting.record",
    "record_sitting": "pokerlaws.sitting.record",
    "replay_sitting": "pokerlaws.sitting.record",
}

if TYPE_CHECKING:
    from pokerlaws.sitting.model import (
        ENTRY_TYPES,
        Account,
        BuyChips,
        ChangeRules,
        CutDraw,
        Entry,
        Join,
        LateReport,
        Leave,
        RulesFixed,
        Sitting,
        SittingTerms,
        Turn,
    )
    from pokerlaws.sitting.playing import (
        cut_for_deal,
        deal_next,
        play,
        start_sitting,
    )
    from pokerlaws.sitting.record import (
        IllegalSittingRecord,
        SittingRecord,
        format_sitting_record,
        parse_sitting_record,
        record_sitting,
        replay_sitting,
    )
    from pokerlaws.sitting.table import (
        Settlement,
        buy_chips,
        change_rules,
        join,
        leave,
        settle,
    )
    from pokerlaws.sitting.view import (
        SittingView,
        sitting_view,
    )
else:
    __getattr__, __dir__ = exports(__name__, _NAMES)

__all__ = [
    "ENTRY_TYPES",
    "Account",
    "BuyChips",
    "ChangeRules",
    "CutDraw",
    "Entry",
    "IllegalSittingRecord",
    "Join",
    "LateReport",
    "Leave",
    "RulesFixed",
    "Settlement",
    "Sitting",
    "SittingRecord",
    "SittingTerms",
    "SittingView",
    "Turn",
    "buy_chips",
    "change_rules",
    "cut_for_deal",
    "deal_next",
    "format_sitting_record",
    "join",
    "leave",
    "parse_sitting_record",
    "play",
    "record_sitting",
    "replay_sitting",
    "settle",
    "sitting_view",
    "start_sitting",
]
