"""One hand of Truc as a state machine, in the shape of every game on the core
(``cardgame.state.GameState``): ``current_player``, ``legal_action_ids()``,
``apply_action(id)``, ``is_terminal()``, ``returns()``, ``clone()``, ``observation(seat)``;
and the readable face: ``legal_actions()``, ``explain(action)``, ``can(action)``,
``apply(action)``.

Seats are numbered in the order of play, which in Truc is anticlockwise: the seat after the
dealer is on his right, deals first and leads; the seat before him, on his left, cuts
(truc). Teams: with four, seats 0 and 2 against 1 and 3; with two, each alone.

The hand (truc, "The deal", "The play", "The betting"):

* ``cut``: the player left of the dealer cuts or taps; after a tap the dealer (``deal``) may
  deal one card each instead of three — unless a team has 11 points;
* ``eleven``: a team with 11 (and the other not) decides whether to play: if not, the others
  score 1; if so, the hand is worth 3 with no betting; both at 11, no betting at all;
* ``play``: any card; the highest rank wins, equal highest ranks of the two teams draw the
  trick; two tricks win the hand, with the rules for drawn tricks; play stops once the hand
  is decided. A bet is made at one's turn, before playing or (Catalan) just after; the other
  team answers: accept, fold, or (Catalan) "three if you play"; playing a card accepts.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Mapping, Sequence, cast

from cardgame.messages import Message
from cardgame.state import GameState
from cardgame.value import Value
from cardgame.verdict import Verdict

from .cards import Pack, pack
from .errors import IllegalActionError, TrucError, msg
from .rules import Rules

CUT, ELEVEN, DEAL, REDEAL, PLAY, DONE = "cut", "eleven", "deal", "redeal", "play", "done"

# Action ids: cards 0..size-1 (play), PLAYBET + card (play it, then raise: Catalan), and the
# words. A bet's id is BET + the stake proposed; REMAINDER the French "our remainder".
PLAYBET = 100
(ACCEPT, FOLD, CUT_ID, TAP, DEAL_THREE, DEAL_ONE, PLAY_ELEVEN, PASS_ELEVEN, REMAINDER,
 PROPOSE, NO_REDEAL, AGREE, INSIST) = range(200, 213)
BET = 300
WORDS = {ACCEPT: ("answer", "accept"), FOLD: ("answer", "fold"), CUT_ID: ("cut", "cut"),
         TAP: ("cut", "tap"), DEAL_THREE: ("deal", "three"), DEAL_ONE: ("deal", "one"),
         PLAY_ELEVEN: ("eleven", "play"), PASS_ELEVEN: ("eleven", "pass"),
         REMAINDER: ("bet", "remainder"), PROPOSE: ("redeal", "propose"),
         NO_REDEAL: ("redeal", "play"), AGREE: ("redeal", "agree"),
         INSIST: ("redeal", "insist")}
IDS = {v: k for k, v in WORDS.items()}
# The numbers of the game (truc): three cards each (one after a tap), a hand worth 1, truc 2,
# retruc 3, and 3 for a hand a team at 11 chooses to play. The site's pages and handouts show
# these through the facade's ``facts``.
HAND_CARDS, TAP_CARDS = 3, 1
BASE_STAKE, TRUC, RETRUC, ELEVEN_STAKE = 1, 2, 3, 3
TRICKS_TO_WIN = 2  # "the team that wins two of the three tricks"
# A French bet raises the stake "by any amount": the least raise is one point.
LEAST_RAISE = 1
BET_NAMES = {TRUC: "truc", RETRUC: "retruc"}  # the Catalan words; any stake may be a number
# The source sets no limit on a French bet; the engine writes a bet in at most two digits, so
# that every legal bet is an action id below the next seat's (``moves``: seat * 1000 + id).
MAX_BET = 99


class Action(Value):
    """An action as text: ``"<seat> <kind> <arg>"`` — ``0 play 3o``, ``1 playbet Ro`` (play,
    then raise), ``2 bet truc``, ``3 answer accept``, ``3 cut tap``, ``0 deal one``,
    ``1 eleven play``."""

    __slots__ = ("player", "kind", "arg")
    player: int
    kind: str
    arg: str

    def __str__(self) -> str:
        return f"{self.player} {self.kind} {self.arg}"


class Observation(Value):
    __slots__ = ("seat", "players", "dealer", "phase", "current_player", "hand", "tricks",
                 "trick", "stake", "pending", "totals", "legal", "signals")
    seat: int
    players: int
    dealer: int
    phase: str
    current_player: int
    hand: tuple[str, ...]
    tricks: tuple[dict[str, Any], ...]
    trick: tuple[tuple[int, str], ...]
    stake: int
    pending: tuple[int, int] | None
    totals: tuple[int, ...]
    legal: tuple[str, ...]
    signals: tuple[tuple[int, int, str], ...]  # (action index, seat, signal id) the seat saw


# A finished trick: its plays [(seat, card)], the team that took it (None: drawn), the next
# leader.
Trick = tuple[list[tuple[int, int]], int | None, int]


class Hand(GameState):
    """A hand of Truc from the cut to the score.

    ``rules`` (players, pack, betting …), ``dealer``, ``deck`` (card ids, top first) or
    ``seed``, and ``totals``: each team's game score before the hand (the 11-point rules)."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, *,
                 deck: Sequence[int] | None = None, seed: int | str | None = None,
                 totals: Sequence[int] | None = None) -> None:
        self.rules = rules = rules or Rules()
        self.n = n = rules.players
        self.pack: Pack = pack(rules.pack)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise TrucError(msg("hand#dealer", last=n - 1, value=repr(dealer)))
        self.dealer = dealer
        if deck is None:
            deck = list(range(self.pack.size))
            random.Random(seed).shuffle(deck)
        elif sorted(deck) != list(range(self.pack.size)):
            raise TrucError(msg("hand#deck", size=self.pack.size))
        self.deck = list(deck)
        self.totals = list(totals) if totals is not None else [0, 0]
        # A hand is dealt only while neither team has reached the target.
        if len(self.totals) != 2 or any(type(t) is not int or not 0 <= t < rules.target
                                        for t in self.totals):
            raise TrucError(msg("hand#totals", last=rules.target - 1))
        self.team_of = tuple(p % 2 for p in range(n))
        self.non_dealers = self.team_of[(dealer + 1) % n]
        # A team at 11 rules out the one-card deal (the tap's own clause, ``cut``); the rules at
        # eleven (``eleven``) hold only where the option keeps them: ``eleven_verdict``.
        self.tap_barred = rules.target - 1 in self.totals
        self.at_eleven = [t == rules.target - 1 and self.eleven_verdict().ok
                          for t in self.totals]
        self.betting = not any(self.at_eleven)
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.tricks: list[Trick] = []  # (plays [(seat, card)], team or None, next leader)
        self.trick: list[tuple[int, int]] = []
        self.leader = self.to_play = (dealer + 1) % n
        self.stake = BASE_STAKE
        self.pending: tuple[int, int] | None = None  # (bettor, stake proposed; 0 remainder)
        self.raise_right: int | None = None  # Catalan: the team that may retruc (None: any)
        self.last_bet_team: int | None = None  # French: the team that bet last
        self.for_game = False  # an accepted remainder: the hand's winners take the game
        self.cards_each = 3
        self.dealt = 0  # cards of the deck dealt so far (a redeal deals from the rest)
        self.proposal: int | None = None  # the seat that proposed a redeal, while it is asked
        self.events: list[dict[str, Any]] = []
        self.moves: list[int] = []
        # Signals made with actions (truc.signals): (action index, seat, signal id).
        self.signals: list[tuple[int, int, str]] = []
        self.result: dict[str, Any] | None = None
        self.phase = CUT
        self._to_move = (dealer - 1) % n  # the dealer's left cuts

    # ---- the shape ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._to_move

    def is_terminal(self) -> bool:
        return self.phase == DONE

    def returns(self) -> list[int]:
        """Each seat's points from this hand (its team's)."""
        if self.result is None:
            return [0] * self.n
        return [self.result["points"] if self.team_of[p] == self.result["team"] else 0
                for p in range(self.n)]

    def clone(self) -> "Hand":
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new.held = [list(h) for h in self.held]
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new.totals = list(self.totals)
        new.events = list(self.events)
        new.moves = list(self.moves)
        new.signals = list(self.signals)
        return new

    def observation(self, seat: int) -> Observation:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise TrucError(msg("hand#seat", last=self.n - 1, value=repr(seat)))
        tok = self.pack.tokens
        return Observation(
            seat=seat, players=self.n, dealer=self.dealer, phase=self.phase,
            current_player=self._to_move, hand=tuple(tok[c] for c in self.held[seat]),
            tricks=tuple({"plays": [[p, tok[c]] for p, c in plays], "team": team}
                         for plays, team, _ in self.tricks),
            trick=tuple((p, tok[c]) for p, c in self.trick), stake=self.stake,
            pending=self.pending, totals=tuple(self.totals),
            legal=tuple(str(a) for a in self.legal_actions()) if self._to_move == seat else (),
            signals=tuple(s for s in self.signals if self.sees_signal(seat, s[1])))

    def sees_signal(self, seat: int, signaller: int) -> bool:
        """Whether ``seat`` sees the signals of ``signaller``: its own and its partner's, never
        the opponents' (rule ``signal.partner``, truc: "while the opponents are not looking")."""
        return self.team_of[seat] == self.team_of[signaller]

    def signal_verdict(self, seat: int, signal: object) -> Verdict:
        """Whether ``seat``, whose turn it is, may make ``signal`` with its action now."""
        from .signals import verdict
        return verdict(signal, self.n, self.phase != DONE and bool(self.held[seat]), self.pack)

    # ---- legal actions ------------------------------------------------------------------------
    def legal_action_ids(self) -> list[int]:
        ph = self.phase
        if ph == CUT:
            return [CUT_ID, TAP] if self.rules.tap else [CUT_ID]
        if ph == DEAL:
            return [DEAL_THREE, DEAL_ONE]
        if ph == ELEVEN:
            return [PLAY_ELEVEN, PASS_ELEVEN]
        if ph == REDEAL:
            return [AGREE, INSIST] if self.proposal is not None else [PROPOSE, NO_REDEAL]
        if ph != PLAY:
            return []
        p = self._to_move
        team = self.team_of[p]
        out: list[int] = []
        if self.pending is not None:
            out += [ACCEPT, FOLD]
            if self.rules.betting == "catalan" and self.pending[1] == TRUC:
                out.append(BET + RETRUC)  # "three if you play"
            if p == self.to_play:
                out += self.held[p]  # playing accepts
                if self.rules.betting == "catalan" and self.pending[1] == TRUC:
                    out += [PLAYBET + c for c in self.held[p] if not self._decides(c)]
            return out
        out += self.held[p]
        for stake in self._bets(team):
            out.append(REMAINDER if stake == 0 else BET + stake)
        if self.rules.betting == "catalan" and self._bets(team):
            out += [PLAYBET + c for c in self.held[p] if not self._decides(c)]
        return out

    def _bets(self, team: int) -> list[int]:
        """The stakes ``team`` may propose now (0: the remainder): rule ``bet.right``."""
        if not self.betting or self.for_game:
            return []
        if self.rules.betting == "catalan":
            if self.stake == BASE_STAKE:
                return [TRUC]
            if self.stake == TRUC and self.raise_right == team:
                return [RETRUC]
            return []
        if self.last_bet_team == team:
            return []  # French: never twice in a row by one team
        return list(range(self.stake + LEAST_RAISE, self._most() + 1)) + [0]

    def _most(self) -> int:
        """The highest French bet in points: rule ``bet_limit`` — none but the notation's, or
        (``remainder``) what the team behind still needs for the game."""
        if self.rules.bet_limit == "remainder":
            return self.rules.target - min(self.totals)
        return MAX_BET

    def _decides(self, card: int) -> bool:
        """Whether playing ``card`` now ends the hand (no bet can follow it)."""
        if len(self.trick) != self.n - 1:
            return False
        team, _ = self._trick_result(self.trick + [(self.to_play, card)])
        return self._winner([t for _, t, _ in self.tricks] + [team]) is not None

    def legal_actions(self) -> Iterator[Action]:
        p = self._to_move
        for aid in self.legal_action_ids():
            yield self.action(aid, p)

    def action(self, aid: int, player: int | None = None) -> Action:
        p = self._to_move if player is None else player
        if aid < PLAYBET:
            return Action(p, "play", self.pack.tokens[aid])
        if aid < ACCEPT:
            return Action(p, "playbet", self.pack.tokens[aid - PLAYBET])
        if aid >= BET:
            return Action(p, "bet", BET_NAMES.get(aid - BET, str(aid - BET))
                          if self.rules.betting == "catalan" else str(aid - BET))
        kind, arg = WORDS[aid]
        return Action(p, kind, arg)

    def parse_action(self, text: object) -> tuple[int, int]:
        """(seat, action id) of an action's text; refuses what is no action of this game."""
        from cardgame.actions import split_action
        seat, kind, arg = split_action(text, msg=msg, error=IllegalActionError)
        if kind in ("play", "playbet"):
            card = self.pack.notation.parse_id(arg)
            return seat, card + (PLAYBET if kind == "playbet" else 0)
        if kind == "bet":
            a = arg.lower()
            named = {v: k for k, v in BET_NAMES.items()}
            if a in named:
                return seat, BET + named[a]
            if a == "remainder":
                return seat, REMAINDER
            # Any number of points is a bet to be judged by the rules (a bet of 100 is refused
            # with the notation's limit), short enough to read as an int without a hang.
            if a.isascii() and a.isdigit() and len(a) <= 9 and int(a) > 1:
                return seat, BET + int(a)
        elif (kind, arg.lower()) in IDS:
            return seat, IDS[(kind, arg.lower())]
        raise IllegalActionError(msg("action#unknown", text=text))

    # ---- the rules: each a verdict --------------------------------------------------------------
    def redeal_verdict(self) -> Verdict:
        """Whether the player after the dealer may now propose a redeal instead of leading
        (rule ``redeal``, truc, France): with the option on, while the pack still holds a new
        deal of as many cards; after one redeal, again only where the option ``redeals`` reads
        the source so (``repeat``), not where it reads one proposal (``once``)."""
        if not self.rules.redeal:
            return Verdict(False, msg("redeal#off"))
        need = self.cards_each * self.n
        if self.dealt > need and self.rules.redeals == "once":
            return Verdict(False, msg("redeal.once"))
        if self.dealt + need > self.pack.size:
            return Verdict(False, msg("redeal#pack", left=self.pack.size - self.dealt,
                                      need=need))
        return Verdict(True, msg("redeal#may", left=self.pack.size - self.dealt))

    def eleven_verdict(self) -> Verdict:
        """Whether this hand is played under the rules at eleven (rule ``eleven``, truc, "The
        betting": a team at 11 decides whether to play, for 3 and with no bets; both at 11, no
        bets). The Catalan section states them; the French one names none, so the option
        ``eleven`` either keeps them for every game (the default) or leaves a hand at 11 like
        any other (``eleven.off``)."""
        at = [t == self.rules.target - 1 for t in self.totals]
        if not any(at):
            return Verdict(False, msg("eleven#none", eleven=self.rules.target - 1))
        if not self.rules.eleven:
            return Verdict(False, msg("eleven.off", eleven=self.rules.target - 1))
        return Verdict(True, msg("eleven#both" if all(at) else "eleven#one",
                                 eleven=self.rules.target - 1, stake=ELEVEN_STAKE,
                                 team=self.side(at.index(True))))

    def verdict(self, seat: int, aid: int) -> Verdict:
        """Whether ``seat`` may take action ``aid`` now, and the rule that says so."""
        if type(aid) is not int or aid < 0:
            return Verdict(False, msg("action#id", value=repr(aid)))
        if self.phase == DONE:
            return Verdict(False, msg("hand#over"))
        if seat != self._to_move:
            return Verdict(False, msg("play.turn", seat=self._to_move, player=seat))
        if aid in self.legal_action_ids():
            return Verdict(True, msg("ok"))
        return Verdict(False, self._refusal(aid))

    def _refusal(self, aid: int) -> Message:
        ph, p = self.phase, self._to_move
        team = self.team_of[p]
        if ph != PLAY:
            return msg(f"waiting.{ph}", seat=p)
        if aid < PLAYBET or PLAYBET <= aid < ACCEPT:
            card = aid % PLAYBET
            if card >= self.pack.size:
                return msg("action#none", value=repr(aid))
            if card not in self.held[p]:
                return msg("play.held", card=self.pack.said[card])
            if p != self.to_play:  # only while a bet waits for its answer
                assert self.pending is not None
                return msg("bet.answer_first", seat=self.pending[0])
            if aid >= PLAYBET:
                if self.rules.betting != "catalan":
                    return msg("bet.french_before")
                if self._decides(card):
                    return msg("bet.after_last", card=self.pack.said[card])
                return self._bet_refusal(team, None)
            return msg("play.turn", seat=self._to_move, player=p)
        if aid in (ACCEPT, FOLD):
            return msg("bet.nothing_to_answer")
        if aid > BET or aid == REMAINDER:
            return self._bet_refusal(team, 0 if aid == REMAINDER else aid - BET)
        if aid in WORDS:  # the cut, the deal, the redeal, the 11's decision: not while playing
            return msg("phase#not_now", action=str(self.action(aid, p)), kind=WORDS[aid][0])
        return msg("action#none", value=repr(aid))

    def _bet_refusal(self, team: int, stake: int | None) -> Message:
        """Why ``team`` may not bet ``stake`` now (0: the remainder; None: the Catalan bet
        after a card, whose stake is the next step)."""
        if not self.betting:
            return msg("eleven.no_bets")
        if self.pending is not None:
            return msg("bet.answer_first", seat=self.pending[0])
        if self.rules.betting == "catalan":
            if self.stake == RETRUC:
                return msg("bet.top")
            if self.stake == TRUC and self.raise_right != team:
                return msg("bet.retruc_right")
            return msg("bet.catalan_steps")
        if self.for_game:
            return msg("bet.for_game")
        if self.last_bet_team == team:
            return msg("bet.french_twice")
        if stake is not None and 0 < stake <= self.stake:
            return msg("bet.french_more", stake=self.stake, next=self.stake + LEAST_RAISE)
        if self.rules.bet_limit == "remainder":
            return msg("bet.french_limit", most=self._most(), target=self.rules.target)
        return msg("bet.french_most", most=MAX_BET)

    def explain(self, action: object) -> Message | None:
        seat, aid = self.parse_action(str(action))
        v = self.verdict(seat, aid)
        return None if v.ok else v.reason

    def can(self, action: object) -> bool:
        try:
            return self.explain(action) is None
        except TrucError:
            return False

    def apply(self, action: object, say: object = None) -> tuple[dict[str, Any], ...]:
        """Apply ``action`` (text), with the signal ``say`` made with it (truc.signals)."""
        seat, aid = self.parse_action(str(action))
        v = self.verdict(seat, aid)
        if not v.ok:
            raise IllegalActionError(v.reason)
        if say is not None:
            sv = self.signal_verdict(seat, say)
            if not sv.ok:
                raise IllegalActionError(sv.reason)
        return self.apply_action(aid, say=cast("str | None", say))

    # ---- applying ---------------------------------------------------------------------------------
    def apply_action(self, aid: int, say: str | None = None) -> tuple[dict[str, Any], ...]:
        """Apply the action ``aid``; ``say``, a signal made with it, must have been checked
        (``signal_verdict``)."""
        if type(aid) is not int or aid not in self.legal_action_ids():
            raise IllegalActionError(self.verdict(self._to_move, aid).reason)
        p = self._to_move
        if say is not None:
            self.signals.append((len(self.moves), p, say))
        mark = len(self.events)
        self.moves.append(p * 1000 + aid)
        ph = self.phase
        if ph == CUT:
            self._event("cut", p, how=WORDS[aid][1])
            if aid == TAP and not self.tap_barred:
                self.phase, self._to_move = DEAL, self.dealer
            else:
                self._deal(HAND_CARDS)
        elif ph == DEAL:
            k = HAND_CARDS if aid == DEAL_THREE else TAP_CARDS
            self._event("deal", p, cards=k)
            self._deal(k)
        elif ph == REDEAL:
            self._redeal(p, aid)
        elif ph == ELEVEN:
            self._event("eleven", p, decision=WORDS[aid][1])
            if aid == PASS_ELEVEN:
                self._finish(1 - self.team_of[p], BASE_STAKE, "eleven_pass")
            else:
                self.stake = ELEVEN_STAKE
                self._begin_play()
        elif aid in (ACCEPT, FOLD):
            self._answer(p, aid == ACCEPT)
        elif aid >= BET or aid == REMAINDER:
            stake = 0 if aid == REMAINDER else aid - BET
            if self.pending is not None:  # "three if you play": accept two, bet three
                self._answer(p, True)
            self._bet(p, stake)
        else:
            card = aid % PLAYBET
            if self.pending is not None:
                self._answer(p, True)  # playing a card accepts the bet
            self._play(p, card)
            if aid >= PLAYBET and self.phase == PLAY:
                self._bet(p, self._bets(self.team_of[p])[0])
        return tuple(self.events[mark:])

    def _event(self, kind: str, seat: int, **data: object) -> None:
        self.events.append({"type": kind, "player": seat, **data})

    def _deal(self, k: int) -> None:
        self._deal_cards(k)
        if sum(self.at_eleven) == 1:
            team = self.at_eleven.index(True)
            self.phase = ELEVEN
            self._to_move = next(s for i in range(1, self.n + 1)
                                 if self.team_of[s := (self.dealer + i) % self.n] == team)
            return
        self._begin_play()

    def _deal_cards(self, k: int) -> None:
        self.cards_each = k
        pos = self.dealt
        for _ in range(k):
            for i in range(1, self.n + 1):  # one at a time, from the dealer's right
                seat = (self.dealer + i) % self.n
                self.held[seat].append(self.deck[pos])
                pos += 1
        self.dealt = pos
        for h in self.held:
            h.sort()

    def _begin_play(self) -> None:
        # truc, France: "instead of leading to the first trick, the player after the dealer can
        # propose a redeal" — while the pack still holds a new deal of as many cards.
        if self.phase != REDEAL and self.redeal_verdict().ok:
            self.phase = REDEAL
            self.proposal = None
            self._to_move = self.leader
            return
        self.phase = PLAY
        self._to_move = self.to_play = self.leader

    def _redeal(self, p: int, aid: int) -> None:
        """The redeal proposal: made, or declined by the leader; then each other player agrees
        or insists on playing. All agreeing: the cards are thrown in and new hands dealt from the
        rest of the pack (rule ``redeal``)."""
        self._event("redeal", p, decision=WORDS[aid][1])
        if aid == NO_REDEAL or aid == INSIST:
            self.proposal = None
            self.phase = PLAY
            self._to_move = self.to_play = self.leader
            return
        if aid == PROPOSE:
            self.proposal = p
        nxt = (p + 1) % self.n
        if nxt != self.proposal:
            self._to_move = nxt
            return
        self.held = [[] for _ in range(self.n)]  # everyone agreed
        self.proposal = None
        self.phase = PLAY  # so that _begin_play may offer another redeal
        # "new hands are dealt": hands like the ones thrown in, one card each after a tap.
        self._deal_cards(self.cards_each)
        self._begin_play()

    def _responder(self, bettor: int) -> int:
        """The seat that answers a bet: the next one round the table of the other team."""
        return next(s for i in range(1, self.n + 1)
                    if self.team_of[s := (bettor + i) % self.n] != self.team_of[bettor])

    def _bet(self, p: int, stake: int) -> None:
        self.pending = (p, stake)
        self.last_bet_team = self.team_of[p]
        self._event("bet", p, stake=stake or "remainder")
        self._to_move = self._responder(p)

    def _answer(self, p: int, accept: bool) -> None:
        assert self.pending is not None
        bettor, stake = self.pending
        self.pending = None
        self._event("answer", p, accept=accept, stake=stake or "remainder")
        if not accept:
            # truc: "the proposing team wins the score that was in effect before the bet".
            self._finish(self.team_of[bettor], self.stake, "fold")
            return
        if stake == 0:
            self.for_game = True
        else:
            self.stake = stake
        self.raise_right = self.team_of[p]
        self._to_move = self.to_play

    def _play(self, p: int, card: int) -> None:
        self.held[p].remove(card)
        self.trick.append((p, card))
        self._event("play", p, card=self.pack.tokens[card])
        if len(self.trick) < self.n:
            self.to_play = self._to_move = (p + 1) % self.n
            return
        team, lead = self._trick_result(self.trick)
        self.tricks.append((self.trick, team, lead))
        self._event("trick", lead if team is not None else -1, team=team,
                    number=len(self.tricks))
        self.trick = []
        self.leader = self.to_play = self._to_move = lead
        winner = self._winner([t for _, t, _ in self.tricks])
        if winner is not None:
            self._finish(winner, self.stake, "tricks")

    def _trick_result(self, plays: Sequence[tuple[int, int]]) -> tuple[int | None, int]:
        """The trick's team (None: drawn) and who leads next: rule ``trick.winner``."""
        power = self.pack.power
        top = max(power[c] for _, c in plays)
        best = [p for p, c in plays if power[c] == top]
        teams = {self.team_of[p] for p in best}
        if len(teams) > 1:
            return None, plays[0][0]  # drawn: the same player leads again
        return teams.pop(), best[0]  # the earlier partner leads

    def trick_reason(self, plays: Sequence[tuple[int, int]]) -> Message:
        """Why a trick of ``plays`` goes where it goes (``_trick_result`` says where)."""
        team, leads = self._trick_result(plays)
        power = self.pack.power
        top = max(plays, key=lambda pc: power[pc[1]])[1]
        card = self.pack.said[top]
        if team is None:
            return msg("trick.draw", card=card, seat=leads)
        partners = sum(1 for _, c in plays if power[c] == power[top]) > 1
        return msg("trick.partners" if partners else "trick.winner", card=card, seat=leads,
                   team=self.side(team))

    def _winner(self, results: list[int | None]) -> int | None:
        return self.hand_verdict(results)[0]

    def team_term(self, team: int) -> str:
        """A team's answer label in a puzzle: ``term.team0`` … (two alone: ``term.seat0``)."""
        return f"{'team' if self.n == 4 else 'seat'}{team}"

    def side(self, team: int) -> list[int]:
        """A team as messages name it (``{team:side}``): its seats, so that said to a seat it
        is "your side" or "the other side"."""
        return [p for p in range(self.n) if self.team_of[p] == team]

    def hand_verdict(self, results: list[int | None]) -> tuple[int | None, Message | None]:
        """The team that has won the hand from these trick results (a team, or None for a
        drawn trick), and why; (None, None) while it is open: rule ``hand.winner`` (truc,
        "The play")."""
        nd = self.non_dealers
        name = self.side
        if self.cards_each == 1:
            if not results:
                return None, None
            if results[0] is None:
                return nd, msg("hand.winner#one_card_drawn", team=name(nd))
            return results[0], msg("hand.winner#one_card", team=name(results[0]))
        for team in (0, 1):
            if results.count(team) >= TRICKS_TO_WIN:
                return team, msg("hand.winner#two", team=name(team))
        if len(results) >= 2:
            first, second = results[0], results[1]
            if first is not None and second is None:
                return first, msg("hand.winner#won_then_drawn", team=name(first))
            if first is None and second is not None:
                return second, msg("hand.winner#drawn_then_won", team=name(second))
        if len(results) == 3:
            first, second, third = results
            if third is None:
                if first is None:
                    return nd, msg("hand.winner#all_drawn", team=name(nd))
                return first, msg("hand.winner#split_then_drawn", team=name(first))
            if first is None:
                return third, msg("hand.winner#two_drawn", team=name(third))
        return None, None

    def _finish(self, team: int, points: int, how: str) -> None:
        if self.for_game and how != "fold":
            points = max(points, self.rules.target - self.totals[team])
        self.result = {"team": team, "points": points, "how": how}
        self._event("hand", -1, **self.result)
        self.phase = DONE
        self._to_move = -1

    @property
    def history(self) -> list[str]:
        return [str(self.action(m % 1000, m // 1000)) for m in self.moves]


def play_random(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_terminal():
        ids = hand.legal_action_ids()
        hand.apply_action(ids[int(rng.random() * len(ids))])
    return hand


def new_state(players: int, seed: int, options: Mapping[str, Any]) -> Hand:
    """A new hand for the game registry (``cardgame.games``): ``players`` is the rule option
    of that name; dealt from ``seed`` by seat 0."""
    return Hand(Rules(**{**options, "players": players}), 0, seed=seed)
