package grammar

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// The look-back pool's terms of the line — the cards since the last card
// of a kind, the copies of the card already played, the cards of one rank,
// the total of a kind — counted by hand on one line.
func TestLookBackTermsCountedByHand(t *testing.T) {
	const line = "AS 5H KD 5H 9C"
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       int32
	}{
		{"since the last face card (KD, two cards ago)", Node{P: PSince, El: ElFace}, line, "2S", 2},
		{"since the last club (the last card)", Node{P: PSince, El: ElClubs}, line, "2S", 0},
		{"since the last card of the card's suit (5H)", Node{P: PSince, El: ElSameSuit}, line, "2H", 1},
		{"since the last spade, the first card", Node{P: PSince, El: ElSameSuit}, line, "2S", 4},
		{"since the last red card (5H)", Node{P: PSince, El: ElRed}, line, "2S", 1},
		{"since a face card, none played: the whole line", Node{P: PSince, El: ElFace}, "AS 5H 9C", "2S", 3},
		{"copies of 5H already played", Node{P: PCount, El: ElSameCard}, line, "5H", 2},
		{"copies of 5H in the last two cards", Node{P: PCount, Win: 2, El: ElSameCard}, line, "5H", 1},
		{"copies of a card never played", Node{P: PCount, El: ElSameCard}, line, "5S", 0},
		{"aces already played", Node{P: PCount, El: ElRank, K: 1}, line, "2S", 1},
		{"the five of hearts played twice", Node{P: PCount, El: ElCard, K: cardNo(t, "5H")}, line, "2S", 2},
		{"the queen of spades not played", Node{P: PCount, El: ElCard, K: cardNo(t, "QS")}, line, "QS", 0},
		{"the king of diamonds among the last three", Node{P: PCount, Win: 3, El: ElCard, K: cardNo(t, "KD")}, line, "2S", 1},
		{"fives in the last three cards", Node{P: PCount, Win: 3, El: ElRank, K: 5}, line, "2S", 1},
		{"since the last five", Node{P: PSince, El: ElRank, K: 5}, line, "2S", 1},
		{"since a queen, none played: the whole line", Node{P: PSince, El: ElRank, K: 12}, line, "2S", 5},
		{"nines or higher", Node{P: PCount, El: ElAtLeast, K: 9}, line, "2S", 2},
		{"honours, the ace above the king: AS and KD", Node{P: PCount, El: ElHigh, K: 11}, line, "2S", 2},
		{"since the last honour (KD)", Node{P: PSince, El: ElHigh, K: 11}, line, "2S", 2},
		{"since the last honour (the ace, the starter)", Node{P: PSince, El: ElHigh, K: 11}, "AS 5H 9C", "2S", 2},
		{"the honours' total: the ace 1, the king 13", Node{P: PSumOf, El: ElHigh, K: 11}, line, "2S", 14},
		{"tens or higher in the last two", Node{P: PCount, Win: 2, El: ElAtLeast, K: 10}, line, "2S", 0},
		{"since the last ten or higher (KD)", Node{P: PSince, El: ElAtLeast, K: 10}, line, "2S", 2},
		{"the total of the fives or higher", Node{P: PSumOf, El: ElAtLeast, K: 5}, line, "2S", 5 + 13 + 5 + 9},
		{"the neighbours of a six in rank", Node{P: PCount, El: ElNext}, line, "6S", 2},
		{"the neighbours of a queen in the last two", Node{P: PCount, Win: 2, El: ElNext}, line, "QS", 0},
		{"the neighbours of an ace (a two only)", Node{P: PCount, El: ElNext}, "KS 2H AD", "AC", 1},
		{"the neighbours of a king (a queen only)", Node{P: PCount, El: ElNext}, "AS QH KD", "KC", 1},
		{"the neighbours' total", Node{P: PSumOf, El: ElNext}, line, "6S", 10},
		{"the ace of a seven's suit is down (AS)", Node{P: PCount, El: ElSuitRank, K: 1}, line, "7S", 1},
		{"the ace of a heart is not down", Node{P: PCount, El: ElSuitRank, K: 1}, line, "7H", 0},
		{"under a six of hearts, the five of hearts, twice", Node{P: PCount, El: ElSuitBelow}, line, "6H", 2},
		{"under a ten of clubs, the nine (the last card)", Node{P: PCount, El: ElSuitBelow}, line, "TC", 1},
		{"nothing under an ace", Node{P: PCount, El: ElSuitBelow}, "AS KH 2H", "AH", 0},
		{"over a queen of diamonds, the king", Node{P: PCount, El: ElSuitAbove}, line, "QD", 1},
		{"nothing over a king", Node{P: PCount, El: ElSuitAbove}, "AS KH", "KS", 0},
		{"the total under a six of hearts: 5 + 5", Node{P: PSumOf, El: ElSuitBelow}, line, "6H", 10},
		{"one under a six, of any suit: the two fives", Node{P: PCount, El: ElUnder}, line, "6S", 2},
		{"one under a ten in the last two: 9C", Node{P: PCount, Win: 2, El: ElUnder}, line, "TS", 1},
		{"one over a queen: the king", Node{P: PCount, El: ElOver}, line, "QS", 1},
		{"nothing under an ace", Node{P: PCount, El: ElUnder}, line, "AH", 0},
		{"under an ace counting round: the king", Node{P: PCount, El: ElUnderRound}, line, "AH", 1},
		{"nothing over a king", Node{P: PCount, El: ElOver}, line, "KS", 0},
		{"over a king counting round: the ace", Node{P: PCount, El: ElOverRound}, line, "KS", 1},
		{"the total under an ace counting round: 13", Node{P: PSumOf, El: ElUnderRound}, line, "AH", 13},
		{"face cards under a third of the line (one of five)", Node{P: PShare, Op: Lt, K: 3, El: ElFace}, line, "2S", 1},
		{"face cards under a quarter of the last four: no", Node{P: PShare, Op: Lt, K: 4, El: ElFace, Win: 4}, line, "2S", 0},
		{"red cards at least half of the last four", Node{P: PShare, Op: Ge, K: 2, El: ElRed, Win: 4}, line, "2S", 1},
		{"a king with the line: 2 faces of 6, at most a third", Node{P: PShare, Op: Le, K: 3, El: ElFace, K2: 1}, line, "KS", 1},
		{"a king with the line: 2 faces of 6, not under a third", Node{P: PShare, Op: Lt, K: 3, El: ElFace, K2: 1}, line, "KS", 0},
		{"a two with the line: 1 face of 6, under a quarter", Node{P: PShare, Op: Lt, K: 4, El: ElFace, K2: 1}, line, "2S", 1},
		{"a heart with the last two (5H 9C): 2 of 3, more than half", Node{P: PShare, Op: Gt, K: 2, El: ElHearts, K2: 1, Win: 2}, line, "2H", 1},
		{"a six after a king: not the same band (to 4, to 8, high)", Node{P: PBand, Op: Ne, K: 4, K2: 8}, "AS KD", "6S", 1},
		{"an eight after a five: the same band", Node{P: PBand, Op: Eq, K: 4, K2: 8}, "AS 5D", "8S", 1},
		{"a nine after an eight: both 8 or higher (two bands)", Node{P: PBand, Op: Eq, K: 7, K2: 13}, "AS 8D", "9S", 1},
		{"a seven after an eight: not both 8 or higher, nor both under", Node{P: PBand, Op: Eq, K: 7, K2: 13}, "AS 8D", "7S", 0},
		{"a nine after an eight: another band", Node{P: PBand, Op: Eq, K: 4, K2: 8}, "AS 8D", "9S", 0},
		{"the ranks since the last face card (5H 9C)", Node{P: PSumSince, El: ElFace}, line, "2S", 14},
		{"the last number card (9C), a concept of one literal", Node{P: PLast, El: ElConcept, K: numberCard}, line, "2S", 9},
		{"the last number card before a king (5H)", Node{P: PLast, El: ElConcept, K: numberCard}, "AS 5H KD", "2S", 5},
		{"the cards since the last number card (KD)", Node{P: PSince, El: ElConcept, K: numberCard}, "AS 5H KD", "2S", 1},
		{"the ranks since the last club: none", Node{P: PSumSince, El: ElClubs}, line, "2S", 0},
		{"the ranks since a queen, none played: the whole line", Node{P: PSumSince, El: ElRank, K: 12}, line, "2S", 1 + 5 + 13 + 5 + 9},
		{"the ranks since the last ten or higher", Node{P: PSumSince, El: ElAtLeast, K: 10}, line, "2S", 14},
		{"fives or lower: AS 5H 5H", Node{P: PCount, El: ElAtMost, K: 5}, line, "2S", 3},
		{"fives or lower in the last two: none", Node{P: PCount, Win: 2, El: ElAtMost, K: 4}, "AS 5H KD 9C", "2S", 0},
		{"since the last five or lower (5H)", Node{P: PSince, El: ElAtMost, K: 5}, line, "2S", 1},
		{"since the last two or lower (the ace, the starter)", Node{P: PSince, El: ElAtMost, K: 2}, line, "2S", 4},
		{"the ranks since the last two or lower (5H KD 5H 9C)", Node{P: PSumSince, El: ElAtMost, K: 2}, line, "2S", 5 + 13 + 5 + 9},
		{"the total of the fives or lower", Node{P: PSumOf, El: ElAtMost, K: 5}, line, "2S", 1 + 5 + 5},
		{"the red cards' total", Node{P: PSumOf, El: ElRed}, line, "2S", 5 + 13 + 5},
		{"the total of the card's suit in the last two", Node{P: PSumOf, Win: 2, El: ElSameSuit}, line, "2H", 5},
		{"the total of the ranks above the card's", Node{P: PSumOf, El: ElHigher}, line, "6S", 13 + 9},
		{"the total of the fives", Node{P: PSumOf, El: ElRank, K: 5}, line, "2S", 10},
		{"the total of the copies of the card", Node{P: PSumOf, El: ElSameCard}, line, "5H", 10},
		{"the total of no card", Node{P: PSumOf, El: ElDiamonds, Win: 2}, line, "2S", 0},
		{"the line's average (33 / 5) above 6", Node{P: PAvgIs, Op: Gt, K: 6}, line, "2S", 1},
		{"the line's average (33 / 5) above 7: no", Node{P: PAvgIs, Op: Gt, K: 7}, line, "2S", 0},
		{"the line's average (33 / 5) under 7", Node{P: PAvgIs, Op: Lt, K: 7}, line, "KS", 1},
		{"an average of exactly 7 is at least 7", Node{P: PAvgIs, Op: Ge, K: 7}, "AS KD", "2S", 1},
		{"an average of exactly 7 is not above 7", Node{P: PAvgIs, Op: Gt, K: 7}, "AS KD", "2S", 0},
		{"within 3 of the line's average rounded down (33 / 5 is 6): a 3", Node{P: PNear, Op: Le, K: 3, K2: 1}, line, "3S", 1},
		{"within 3 of the average itself (6.6): a 3 is 3.6 away", Node{P: PNear, Op: Le, K: 3}, line, "3S", 0},
		{"more than 3 from the average rounded down: a 10", Node{P: PNear, Op: Gt, K: 3, K2: 1}, line, "TS", 1},
		{"a binary digit in common with 9C (1001): 3 (0011)", Node{P: PFactor, K: 1, Op: Eq, Slot: SlotCard, Slot2: SlotPrev}, line, "3S", 1},
		{"no binary digit in common with 9C: 6 (0110)", Node{P: PFactor, K: 1, Op: Eq, Slot: SlotCard, Slot2: SlotPrev}, line, "6S", 0},
		{"none in common, said with Ne: 6 (0110)", Node{P: PFactor, K: 1, Op: Ne, Slot: SlotCard, Slot2: SlotPrev}, line, "6S", 1},
		{"with the card, (33 + 9) / 6 = 7: at most 7", Node{P: PAvgIs, Op: Le, K: 7, K2: 1}, line, "9S", 1},
		{"with the card, (33 + 10) / 6 is above 7", Node{P: PAvgIs, Op: Le, K: 7, K2: 1}, line, "TS", 0},
		{"with the card, (1 + 13 + 2) / 3 under 6", Node{P: PAvgIs, Op: Lt, K: 6, K2: 1}, "AS KD", "2S", 1},
		{"with the card, (33 + 7) / 6 is 6.67: at least 6.5", Node{P: PAvgIs, Op: Ge, K: 6, K2: avgWithCard | avgHalf}, line, "7S", 1},
		{"with the card, (33 + 5) / 6 is 6.33: not at least 6.5", Node{P: PAvgIs, Op: Ge, K: 6, K2: avgWithCard | avgHalf}, line, "5S", 0},
		{"with the card, (1 + 13 + 5) / 3 is 6.33: at most 6.5", Node{P: PAvgIs, Op: Le, K: 6, K2: avgWithCard | avgHalf}, "AS KD", "5S", 1},
		{"the line's average (33 / 5 = 6.6) above 6.5", Node{P: PAvgIs, Op: Gt, K: 6, K2: avgHalf}, line, "2S", 1},
		{"an average of exactly 6.5 is not above 6.5", Node{P: PAvgIs, Op: Gt, K: 6, K2: avgHalf}, "AS QD", "2S", 0},
		{"the last three (13 + 5 + 9) / 3 = 9 at least 9", Node{P: PAvgIs, Op: Ge, K: 9, Win: 3}, line, "2S", 1},
		{"the last three and the card (27 + 2) / 4 under 7.5", Node{P: PAvgIs, Op: Lt, K: 7, K2: avgWithCard | avgHalf, Win: 3}, line, "2S", 1},
		{"the last three and the card (27 + 5) / 4 = 8 not under 7.5", Node{P: PAvgIs, Op: Lt, K: 7, K2: avgWithCard | avgHalf, Win: 3}, line, "5S", 0},
		{"a line shorter than the window: (1 + 13 + 3) / 3 above 5.5", Node{P: PAvgIs, Op: Gt, K: 5, K2: avgWithCard | avgHalf, Win: 4}, "AS KD", "3S", 1},
		{"the jump from 9C to a 2", Node{P: PJump, Slot: SlotCard}, line, "2S", 7},
		{"the step from 9C down to a 2", Node{P: PJump, Slot: SlotCard, K: 1}, line, "2S", -7},
		{"the jump before it, 5H to 9C", Node{P: PJump, Slot: SlotPrev}, line, "2S", 4},
		{"the jump from KD to 5H counting round: 5 (K A 2 3 4 5)", Node{P: PJump, Slot: SlotPrev2, K: 2}, line, "2S", 5},
		{"the jump from 9C to a 2 counting round: 6", Node{P: PJump, Slot: SlotCard, K: 2}, line, "2S", 6},
		{"the highest of the line: a king", Node{P: PExtreme}, line, "2S", 13},
		{"the lowest of the last three (KD 5H 9C): 5", Node{P: PExtreme, Win: 3, K: 1}, line, "2S", 5},
		{"the highest of the last two (5H 9C): 9", Node{P: PExtreme, Win: 2}, line, "2S", 9},
		{"the middle of the last three (KD 5H 9C): 9", Node{P: PExtreme, Win: 3, K: 3}, line, "2S", 9},
		{"the middle of the last five (AS 5H KD 5H 9C): 5", Node{P: PExtreme, Win: 5, K: 3}, line, "2S", 5},
		{"the middle of two cards: the higher", Node{P: PExtreme, Win: 3, K: 3}, "AS 5H", "2S", 5},
		{"the middle of the starter alone: the starter", Node{P: PExtreme, Win: 3, K: 3}, "8S", "2S", 8},
		{"the lowest of the line: the ace", Node{P: PExtreme, K: 1}, line, "2S", 1},
		{"the last three (KD 5H 9C) span 8", Node{P: PExtreme, Win: 3, K: 2}, line, "2S", 8},
		{"clubs to spades: three suits apart", Node{P: PSuitJump, Slot: SlotCard}, line, "2S", 3},
		{"clubs to spades round: one apart", Node{P: PSuitJump, Slot: SlotCard, K: 1}, line, "2S", 1},
		{"hearts to clubs (5H 9C): two apart either way", Node{P: PSuitJump, Slot: SlotPrev, K: 1}, line, "2S", 2},
		{"diamonds to hearts: one apart", Node{P: PSuitJump, Slot: SlotCard}, "KD", "2H", 1},
		{"the step from KD down to 5H", Node{P: PJump, Slot: SlotPrev2, K: 1}, line, "2S", -8},
		{"a king counts ten (faces ten)", Node{P: PWorth, Slot: SlotCard, K: 0}, line, "KS", 10},
		{"the last card, 9C, counts nine", Node{P: PWorth, Slot: SlotPrev, K: 0}, line, "2S", 9},
		{"an ace is eleven at blackjack", Node{P: PWorth, Slot: SlotCard, K: 1}, line, "AS", 11},
		{"a queen is nothing at baccarat", Node{P: PWorth, Slot: SlotCard, K: 2}, line, "QS", 0},
		{"two before, 5H, is no honour", Node{P: PWorth, Slot: SlotPrev2, K: 3}, line, "2S", 0},
		{"a king is three honour points", Node{P: PWorth, Slot: SlotCard, K: 3}, line, "KC", 3},
		{"a ten is ten card points", Node{P: PWorth, Slot: SlotCard, K: 4}, line, "TC", 10},
		{"a seven is 21 at primiera", Node{P: PWorth, Slot: SlotCard, K: 5}, line, "7C", 21},
		{"no card two back: worth nothing", Node{P: PWorth, Slot: SlotPrev2, K: 0}, "AS", "2S", 0},
		{"the ace high: an ace is 14", Node{P: PWorth, Slot: SlotCard, K: 7}, line, "AS", 14},
		{"the ace high: the last card, 9C, is 9", Node{P: PWorth, Slot: SlotPrev, K: 7}, line, "AS", 9},
		{"the two high: a two beats an ace (13)", Node{P: PWorth, Slot: SlotCard, K: 8}, line, "2S", 13},
		{"the two high: a three is the lowest (1)", Node{P: PWorth, Slot: SlotCard, K: 8}, line, "3S", 1},
		{"the two high: an ace is 12", Node{P: PWorth, Slot: SlotCard, K: 8}, line, "AS", 12},
		{"jack-nine trumps: the jack is the highest (8)", Node{P: PWorth, Slot: SlotCard, K: 9}, line, "JS", 8},
		{"jack-nine trumps: the last card, 9C, is next (7)", Node{P: PWorth, Slot: SlotPrev, K: 9}, line, "JS", 7},
		{"jack-nine trumps: a five is no trump (0)", Node{P: PWorth, Slot: SlotCard, K: 9}, line, "5S", 0},
		{"the line's honour points: AS, KD", Node{P: PWorthOf, K: 3}, line, "2S", 4 + 3},
		{"Twenty-eight's points: a jack 3", Node{P: PWorth, Slot: SlotCard, K: 10}, line, "JS", 3},
		{"Twenty-eight's points of the line and a nine: AS 1, 9C 2, and 2", Node{P: PWorthOf, K: 10, K2: 1}, line, "9S", 5},
		{"Briscola's order: the three (9) second to the ace", Node{P: PWorth, Slot: SlotCard, K: 11}, line, "3S", 9},
		{"Briscola's order: the king (8) under the three", Node{P: PWorth, Slot: SlotCard, K: 11}, line, "KS", 8},
		{"Briscola's order: the last card, a nine, below the two", Node{P: PWorth, Slot: SlotPrev, K: 11}, line, "2S", 0},
		{"Tressette's order: the three highest (10)", Node{P: PWorth, Slot: SlotCard, K: 12}, line, "3S", 10},
		{"Tressette's order: the ace (8) under the two", Node{P: PWorth, Slot: SlotCard, K: 12}, line, "AS", 8},
		{"Tressette's order: the four lowest of the Latin pack (1)", Node{P: PWorth, Slot: SlotCard, K: 12}, line, "4S", 1},
		{"the last two count 14, faces ten (5H 9C)", Node{P: PWorthOf, Win: 2, K: 0}, line, "2S", 14},
		{"the last three count 24 (KD 5H 9C)", Node{P: PWorthOf, Win: 3, K: 0}, line, "2S", 24},
		{"card points of the last four: 5H KD 5H 9C", Node{P: PWorthOf, Win: 4, K: 4}, line, "2S", 4},
		{"a king and the last three, honour points (KD 5H 9C)", Node{P: PWorthOf, Win: 3, K: 3, K2: 1}, line, "KS", 6},
		{"the last three of a short line: the two there (AS 5H) at blackjack", Node{P: PWorthOf, Win: 3, K: 1}, "AS 5H", "2S", 16},
		{"the colour of the first five (5H), not of the last (5C): red", Node{P: PAsLast, El: ElRank, K: 5, K2: AttrColour | asFirst | asLastFree}, "AS 5H KD 5C", "2D", 1},
		{"the colour of the first five (5H): not black", Node{P: PAsLast, El: ElRank, K: 5, K2: AttrColour | asFirst | asLastFree}, "AS 5H KD 5C", "2S", 0},
		{"the colour of the first queen, none down: free", Node{P: PAsLast, El: ElRank, K: 12, K2: AttrColour | asFirst | asLastFree}, "AS 5H", "2S", 1},
		{"the suit of the first face card (KD, before QC)", Node{P: PAsLast, El: ElFace, K2: AttrSuit | asFirst | asLastFree}, "AS KD 5H QC", "2D", 1},
		{"the suit of the first odd card: the starter's", Node{P: PAsLast, El: ElOdd, K2: AttrSuit | asFirst}, "AS KD 5H QC", "2S", 1},
		{"the suit of the last king (KD): a diamond", Node{P: PAsLast, El: ElRank, K: 13, K2: AttrSuit}, line, "2D", 1},
		{"the suit of the last king (KD): not a spade", Node{P: PAsLast, El: ElRank, K: 13, K2: AttrSuit}, line, "2S", 0},
		{"the suit of the last ace, none played: no card", Node{P: PAsLast, El: ElRank, K: 1, K2: AttrSuit}, "5H 9C", "AH", 0},
		{"the colour of the last even card (4H, not the later KD)", Node{P: PAsLast, El: ElEven, K2: AttrColour}, "AS 4H KD 9C", "2D", 1},
		{"the colour of the last even card (4H): not black", Node{P: PAsLast, El: ElEven, K2: AttrColour}, "AS 4H KD 9C", "2S", 0},
		{"the suit of the last five or higher (9C): a club", Node{P: PAsLast, El: ElAtLeast, K: 5, K2: AttrSuit}, line, "2C", 1},
		{"the suit of the last five or higher (9C): not a heart", Node{P: PAsLast, El: ElAtLeast, K: 5, K2: AttrSuit | asLastFree}, line, "2H", 0},
		{"the suit of the last ten or higher, none down: free", Node{P: PAsLast, El: ElAtLeast, K: 10, K2: AttrSuit | asLastFree}, "AS 5H 9C", "2H", 1},
		{"the colour of the last face card, none down: free", Node{P: PAsLast, El: ElFace, K2: AttrColour | asLastFree}, "AS 5H", "2C", 1},
		{"the colour of the last face card (KD): not free", Node{P: PAsLast, El: ElFace, K2: AttrColour | asLastFree}, line, "2C", 0},
		{"black pays in, red pays out: AS +1, 5H −5, KD −13, 5H −5, 9C +9", Node{P: PBalance, K: PropBlack}, line, "2S", 1 - 5 - 13 - 5 + 9},
		{"red pays in: the other way round", Node{P: PBalance, K: PropRed}, line, "2S", -1 + 5 + 13 + 5 - 9},
		{"black pays in, the card's own too: a black two", Node{P: PBalance, K: PropBlack, K2: 1}, line, "2S", -13 + 2},
		{"black pays in, the card's own too: a red two", Node{P: PBalance, K: PropBlack, K2: 1}, line, "2D", -13 - 2},
		{"the card's colour pays in: a red two, red ahead by 21", Node{P: PBalance, K: PropRed, K2: balanceOwn}, line, "2D", -1 + 5 + 13 + 5 - 9},
		{"the card's colour pays in: a black two, black behind by 21", Node{P: PBalance, K: PropRed, K2: balanceOwn}, line, "2S", 1 - 5 - 13 - 5 + 9},
		{"the card's colour pays in, the card too: a black two", Node{P: PBalance, K: PropRed, K2: balanceOwn | balanceCounted}, line, "2S", 1 - 5 - 13 - 5 + 9 + 2},
		{"black pays in from the first card played: the starter AS left out", Node{P: PBalance, K: PropBlack, K2: balanceAfter}, line, "2S", -5 - 13 - 5 + 9},
		{"from the first card played, the card's own too: a red two", Node{P: PBalance, K: PropBlack, K2: balanceAfter | balanceCounted}, line, "2D", -5 - 13 - 5 + 9 - 2},
		{"the card's colour pays in after the starter: a black two", Node{P: PBalance, K: PropRed, K2: balanceOwn | balanceAfter}, line, "2S", -5 - 13 - 5 + 9},
		{"a line of the starter alone: nothing played yet", Node{P: PBalance, K: PropBlack, K2: balanceAfter}, "KS", "2S", 0},
		{"face cards pay in, the others out", Node{P: PBalance, K: PropFace}, line, "2S", -1 - 5 + 13 - 5 - 9},
		{"the card against the one four back (5H): a heart", Node{P: PBack, K: AttrSuit, K2: 4, Op: Eq}, line, "2H", 1},
		{"four back is the five of hearts: a spade is not its suit", Node{P: PBack, K: AttrSuit, K2: 4, Op: Eq}, line, "2S", 0},
		{"five back is the starter, the ace of spades", Node{P: PBack, K: AttrSuit, K2: 5, Op: Eq}, line, "2S", 1},
		{"seven back on a line of five: false", Node{P: PBack, K: AttrColour, K2: 7, Op: Ne}, line, "2H", 0},
		{"seven back on a line of five, free: true", Node{P: PBack, K: AttrColour, K2: 7 | backFree, Op: Ne}, line, "2H", 1},
		{"the last card a 9: nine back is beyond the line, free", Node{P: PBack, K: AttrSuit, K2: backByRank | backFree, Op: Eq}, line, "2D", 1},
		{"the last card a 3: three back is KD, the card's suit", Node{P: PBack, K: AttrSuit, K2: backByRank, Op: Eq}, "AS 5H KD 5H 3C", "2D", 1},
		{"the last card a 3: three back from it is 5H, higher than a 2", Node{P: PBack, K: AttrRank, K2: backByRankPrev, Op: Lt}, "AS 5H KD 5H 3C", "2D", 1},
		{"the last card an ace: one back is the ace itself", Node{P: PBack, K: AttrColour, K2: backByRank, Op: Eq}, "5H KD AC", "2S", 1},
		{"a row made again: 5H then KD came before, the last card a five", Node{P: PAgain, K: 0}, "AS 5H KD 9C 5C", "KS", 1},
		{"a new row: never made before, so a king after a five is not new", Node{P: PAgain, K: 0, Op: Ne}, "AS 5H KD 9C 5C", "KS", 0},
		{"a new row: a nine after a five", Node{P: PAgain, K: 0, Op: Ne}, "AS 5H KD 9C 5C", "9S", 1},
		{"after a five only a king followed: a nine is a new row", Node{P: PAgain, K: 0}, "AS 5H KD 9C 5C", "9S", 0},
		{"the last card's own step is not a step before it: AS 5H then a heart after the 5H", Node{P: PAgain, K: 1}, "AS 5H", "2H", 0},
		{"hearts followed by diamonds before (5H KD): a diamond after a heart again", Node{P: PAgain, K: 1}, "AS 5H KD 9H", "2D", 1},
		{"the starter alone: no step yet", Node{P: PAgain, K: 0}, "AS", "AH", 0},
		{"the twin of 5D (the same rank, red): 5H twice on the line", Node{P: PCount, El: ElShares, K: 1<<AttrColour | 1<<AttrRank}, line, "5D", 2},
		{"no black five on the line: a five of clubs has no twin", Node{P: PCount, El: ElShares, K: 1<<AttrColour | 1<<AttrRank}, line, "5C", 0},
		{"odd red cards of the last three (KD 5H 9C): KD and 5H", Node{P: PCount, Win: 3, El: ElShares, K: 1<<AttrColour | 1<<AttrParity}, line, "3D", 2},
		{"odd red cards of the last three, their ranks added: 13 + 5", Node{P: PSumOf, Win: 3, El: ElShares, K: 1<<AttrColour | 1<<AttrParity}, line, "3D", 18},
		{"red face cards of the last three, like a queen of hearts: KD", Node{P: PCount, Win: 3, El: ElShares, K: 1<<AttrColour | 1<<AttrFace}, line, "QH", 1},
		{"the total 33 and a seven: 40, a ten carried onto a multiple", Node{P: PCross, K: 10}, line, "7S", 1},
		{"the total 33 and a seven: onto 40, not past it", Node{P: PCross, K: 10, K2: 1}, line, "7S", 0},
		{"the total 33 and a nine: 42, past 40", Node{P: PCross, K: 10, K2: 1}, line, "9S", 1},
		{"the total 33 and a six: 39, no ten carried", Node{P: PCross, K: 10}, line, "6S", 0},
		{"the total 33 and a king: 46, past 36 by twelves", Node{P: PCross, K: 12, K2: 1}, line, "KS", 1},
		{"hearts strictly lead the line's counts (S1 H2 D1 C1): only hearts have as many", Node{P: PStanding, Slot: SlotCard, Op: Ge}, line, "2H", 1},
		{"a spade's suit is among the rarest: all four have as many", Node{P: PStanding, Slot: SlotCard, Op: Ge}, line, "2S", 4},
		{"one suit (hearts) has more than the spades", Node{P: PStanding, Slot: SlotCard, Op: Gt}, line, "2S", 1},
		{"the spade counted in: spades and hearts two each", Node{P: PStanding, Slot: SlotCard, Op: Ge, K2: 1}, line, "2S", 2},
		{"a heart counted in puts hearts ahead of the starter's spades", Node{P: PStanding, Slot: SlotFirst, Op: Gt, K2: 1}, line, "2H", 1},
		{"the last three (KD 5H 9C): three suits have as many as the hearts", Node{P: PStanding, Win: 3, Slot: SlotCard, Op: Ge}, line, "2H", 3},
		{"the last card's suit (clubs) against the others: none has fewer", Node{P: PStanding, Slot: SlotPrev, Op: Ge}, line, "2H", 4},
		{"a seven: two of the five (AS 5H KD 5H 9C) higher, at most half", Node{P: PShare, Op: Le, K: 2, El: ElHigher}, line, "7S", 1},
		{"a two: three of the five higher, more than half", Node{P: PShare, Op: Le, K: 2, El: ElHigher}, line, "2S", 0},
		{"a heart: two of the five hearts, under half", Node{P: PShare, Op: Lt, K: 2, El: ElSameSuit}, line, "2H", 1},
		{"the line's average 33/5 rounded down is 6: a six is at least that", Node{P: PAvg, Slot: SlotCard, Op: Ge, K2: 1}, line, "6S", 1},
		{"a six is under the average 6.6 itself", Node{P: PAvg, Slot: SlotCard, Op: Ge}, line, "6S", 0},
		{"the rarest suit of the last eight (a line of five: S1 H2 D1 C1): a spade", Node{P: PStanding, Win: 8, Slot: SlotCard, Op: Ge}, line, "2S", 4},
		{"overs of six after the starter: the card is the fifth (5H KD 5H 9C before it), a five twice", Node{P: PInRound, K: 6, K2: 1, El: ElSameRank}, line, "5S", 2},
		{"rounds of four from the starter: the card opens the second round", Node{P: PInRound, K: 4, El: ElSameRank}, "AS 5H KD 5H", "5S", 0},
		{"rounds of four from the starter: 9C alone before the card", Node{P: PInRound, K: 4, El: ElSameSuit}, line, "2C", 1},
		{"rounds of three after the starter: 9C alone so far, not red", Node{P: PInRound, K: 3, K2: 1, El: ElRed}, line, "2C", 0},
		{"rounds of five after the starter: 5H KD 5H 9C so far, three red", Node{P: PInRound, K: 5, K2: 1, El: ElRed}, line, "2C", 3},
		{"closer to the starter's ace than the 9C: a five", Node{P: PToward, K: towardStarter, Op: Lt}, line, "5S", 1},
		{"a king is further from the ace than the nine", Node{P: PToward, K: towardStarter, Op: Lt}, line, "KS", 0},
		{"toward seven: a six is closer than the nine", Node{P: PToward, K: 7, Op: Lt}, line, "6S", 1},
		{"a five is as far from seven as the nine: not closer", Node{P: PToward, K: 7, Op: Lt}, line, "5S", 0},
		{"a five is as far from seven as the nine: no further", Node{P: PToward, K: 7, Op: Le}, line, "5S", 1},
		{"the ranks of the line AS 5H KD 5H 9C: four different", Node{P: PDistinct, K: 0}, line, "2S", 4},
		{"the ranks of the last three (KD 5H 9C): all different", Node{P: PDistinct, Win: 3, K: 0}, line, "2S", 3},
		{"the last three and a nine: the nine repeats one", Node{P: PDistinct, Win: 3, K: 0, K2: 1}, line, "9S", 3},
		{"the last three and a two: four different", Node{P: PDistinct, Win: 3, K: 0, K2: 1}, line, "2S", 4},
		{"the suits of the last four (5H KD 5H 9C): three", Node{P: PDistinct, Win: 4, K: 1}, line, "2S", 3},
		{"the suits of the last four and a spade: all four", Node{P: PDistinct, Win: 4, K: 1, K2: 1}, line, "2S", 4},
		{"the last five of a line of two: the two there", Node{P: PDistinct, Win: 5, K: 0}, "AS AH", "2S", 1},
		{"the running total 33 (AS 5H KD 5H 9C) in rounds of ten: the fourth (3)", Node{P: PTotalRound, K: 0}, line, "2S", 3},
		{"the running total with a seven, 40: the fifth round of ten (4)", Node{P: PTotalRound, K: 0, K2: 1}, line, "7S", 4},
		{"the running total 33 in rounds of fifty: the first (0)", Node{P: PTotalRound, K: 6}, line, "KS", 0},
		{"pips, faces nothing: a king counts 0", Node{P: PWorth, Slot: SlotCard, K: 13}, line, "KS", 0},
		{"pips, faces nothing: a ten counts 10", Node{P: PWorth, Slot: SlotCard, K: 13}, line, "10S", 10},
		{"the letters of a name: three (5)", Node{P: PWorth, Slot: SlotCard, K: 14}, line, "3S", 5},
		{"the letters of the line's names: ace five king five nine (3+4+4+4+4)", Node{P: PWorthOf, K: 14}, line, "2S", 19},
		{"rounds of four after the starter: the card is the fifth played, the second round (1)", Node{P: PRound, K: 4, K2: -1}, line, "2S", 1},
		{"rounds of four from the starter: the card (n = 5) is in the second round too", Node{P: PRound, K: 4}, line, "2S", 1},
		{"rounds of three numbered from one further on: (5 + 2) / 3", Node{P: PRound, K: 3, K2: 2}, line, "2S", 2},
		{"rounds of three after the starter, the second card played: the first round", Node{P: PRound, K: 3, K2: -1}, "AS 5H", "2S", 0},
		{"no pair of a rank along the line", Node{P: PEvents, K: 0}, line, "2S", 0},
		{"two reds in a row twice: 5H KD, KD 5H", Node{P: PEvents, K: 2}, line, "2S", 2},
		{"up three times (AS 5H, 5H KD, 5H 9C), down once", Node{P: PEvents, K: 3}, line, "2S", 3},
		{"down once: KD 5H", Node{P: PEvents, K: 4}, line, "2S", 1},
		{"two pairs of sevens", Node{P: PEvents, K: 0}, "7S 7H 7D 2D", "2C", 2},
		{"two pairs of sevens, and the card makes a third pair", Node{P: PEvents, K: 0, K2: 1}, "7S 7H 7D 2D", "2C", 3},
		{"a card of the suit before it once: 7D 2D", Node{P: PEvents, K: 1}, "7S 7H 7D 2D", "2C", 1},
		{"the card does not follow suit: still once", Node{P: PEvents, K: 1, K2: 1}, "7S 7H 7D 2D", "2C", 1},
		{"a one-card line, the card going up: once", Node{P: PEvents, K: 3, K2: 1}, "5H", "9C", 1},
		{"a long window: the fives of the last eight (all of the line)", Node{P: PCount, Win: 8, El: ElSameRank}, line, "5S", 2},
		{"a long window: the last nine of a long line (5C and after)", Node{P: PCount, Win: 9, El: ElSameRank}, "5S 5D 5C AS 2S 3S 4S 6S 7S 8S 9S", "5H", 1},
		{"the suit led (9C leads the second trick of four): a club follows", Node{P: PTrick, K: AttrSuit, K2: trickFour, Op: Eq}, line, "2C", 1},
		{"the suit led: a spade does not follow", Node{P: PTrick, K: AttrSuit, K2: trickFour, Op: Eq}, line, "2S", 0},
		{"a trick of three: 5H leads the second", Node{P: PTrick, K: AttrSuit, K2: trickThree, Op: Eq}, line, "2H", 1},
		{"higher than the lead (9C): a ten", Node{P: PTrick, K: AttrRank, K2: trickFour, Op: Gt}, line, "TS", 1},
		{"the fifth card leads a trick of four: no lead to follow", Node{P: PTrick, K: AttrSuit, K2: trickFour, Op: Ne}, "AS 5H KD 5H", "2C", 0},
		{"another suit than the lead's (AS, the starter)", Node{P: PTrick, K: AttrSuit, K2: trickFour, Op: Ne}, "AS 5H KD", "2C", 1},
		{"tricks after the starter: 5H leads the first, KD follows, a heart follows", Node{P: PTrick, K: AttrSuit, K2: trickFourAfter, Op: Eq}, "AS 5H KD", "2H", 1},
		{"tricks after the starter: the starter (a spade) leads none", Node{P: PTrick, K: AttrSuit, K2: trickFourAfter, Op: Eq}, "AS 5H KD", "2S", 0},
		{"tricks of four after the starter: the card is the fifth played, it leads", Node{P: PTrick, K: AttrSuit, K2: trickFourAfter, Op: Ne}, "AS 5H KD 5H 9C", "2C", 0},
		{"tricks of three after the starter: 9C leads the second", Node{P: PTrickLead, K: PropSuit + int(sim.Clubs), K2: trickThreeAfter}, "AS 5H KD 5H 9C", "2S", 1},
		{"a club leads the trick (9C)", Node{P: PTrickLead, K: PropSuit + int(sim.Clubs), K2: trickFour}, line, "2S", 1},
		{"a club leads the trick of three? 5H: no", Node{P: PTrickLead, K: PropSuit + int(sim.Clubs), K2: trickThree}, line, "2S", 0},
		{"the Hi-Lo count of the line: A −1, 5 +1, K −1, 5 +1, 9 0", Node{P: PWorthOf, K: 6}, line, "2S", 0},
		{"the Hi-Lo count of the last two and a king", Node{P: PWorthOf, Win: 2, K: 6, K2: 1}, line, "KS", 1 + 0 - 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { byHand(t, tc.node, tc.line, tc.card, tc.want) })
	}
}

// byHand checks node's value for card after line against one worked out
// by hand.
func byHand(t *testing.T, node Node, line, card string, want int32) {
	t.Helper()
	l, err := sim.ParseCards(line)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sim.ParseCards(card)
	if err != nil {
		t.Fatal(err)
	}
	pt := Point{Scene: NewScene(l), Card: c[0]}
	if got := Compile(&node)(&pt); got != want {
		t.Errorf("%s with %s after %s = %d, want %d", node.Expr(), card, line, got, want)
	}
}

// cardNo is a card's number (a Node's K for ElCard).
func cardNo(t *testing.T, s string) int {
	c, err := sim.ParseCards(s)
	if err != nil || len(c) != 1 {
		t.Fatalf("card %q: %v", s, err)
	}
	return int(c[0])
}

// numberCard is the concept of one literal "not a face card".
var numberCard = func() int {
	t, _ := ConceptTable(func(c sim.Card) bool { return !c.Face() })
	return t
}()

// "Cards since the last face card", "no card twice", "an ace among the last
// three", "the last four and the card average at least 6.5" and "the colour
// behind in total" are short rules of the look-back pool: a played hand of each gives back a rule that behaves as it does, at
// its length.
func TestLookBackTermsAreShortRules(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	wide := wideTest
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"a number card beats the cards since the last face card", `card.face or card.rank > (findIndex(reverse(line), .face) ?? n)`, 14},
		{"no card twice", `none(line, .rank == card.rank and .suit == card.suit)`, 9},
		{"a black card only with an ace among the last three", `any(line[max(0, n - 3):], .rank == 1) or card.color == "red"`, 14},
		{"a king in the last three, then low", `count(line[max(0, n - 3):], .rank == 13) == 0 or card.rank <= 5`, 18},
		{"another band every card (to 3, to 9, high)", `(card.rank <= 3 ? 0 : (card.rank <= 9 ? 1 : 2)) != (prev.rank <= 3 ? 0 : (prev.rank <= 9 ? 1 : 2))`, 11},
		{"the ranks since the last face card at most 12, or a face card", `card.face or sum(map(line[n - (findIndex(reverse(line), .face) ?? n):], .rank)) <= 12`, 14},
		{"the colour of the last even card, or a face card", `card.face or card.color in map(filter(line, .even)[-1:], .color)`, 8},
		{"at least as close to 7 as the last card, or anything after a heart", `prev.suit == "hearts" or abs(card.rank - 7) <= abs(prev.rank - 7)`, 21},
		{"never fifteen with the last card, faces counting ten", `min(card.rank, 10) + min(prev.rank, 10) != 15`, 18},
		{"at most four honour points in the card and the last", `[0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3][card.rank] + [0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3][prev.rank] <= 4`, 17},
		{"red on the places that are primes (the starter first), black elsewhere", `let p = n + 1; let prime = p >= 2 and none(2..(p - 1), p % # == 0); prime ? card.color == "red" : card.color == "black"`, 14},
		{"the colour of the card the last one's rank back from it", `n < prev.rank + 1 or card.color == line[n - 1 - prev.rank].color`, 9},
		{"no card of the round's suit, rounds of four after the starter in the order spades, hearts, diamonds, clubs", `card.suit != ["spades", "hearts", "diamonds", "clubs"][int((n - 1) / 4) % 4]`, 17},
		{"the last three and the card average between 4.5 and 9.5", `let s = sum(map(line[-3:], .rank)) + card.rank; let k = len(line[-3:]) + 1; s * 2 >= 9 * k and s * 2 <= 19 * k`, 25},
		{"the last four and the card average at least 6.5", `(sum(map(line[-4:], .rank)) + card.rank) * 2 >= 13 * (len(line[-4:]) + 1)`, 12},
		{"the colour behind in total", `sum(map(filter(line, .color == "red"), .rank)) > sum(map(filter(line, .color == "black"), .rank)) ? card.color == "black" : card.color == "red"`, 16},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 41))
			p, j := playedHand(t, rng, tc.rule, 240)
			found, st := Synthesize(p, wide)
			shortestAgrees(t, rng, found, st, j, tc.bits)
		})
	}
}
