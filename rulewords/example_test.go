package rulewords_test

import (
	"fmt"

	"github.com/eleusis/eleusis/rulewords"
)

func ExampleSay() {
	for _, e := range []string{
		`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`,
		`card.color == "black" and card.face != prev.face`,
		`card.suit == prev.suit or card.rank == prev.rank`,
		`n % 4 == 3 ? card.color == "red" : card.color == "black"`,
		`none(line[max(0, n - 4):], .rank == card.rank)`,
		`sum(map(line, .rank)) > 7 * n ? card.rank <= 7 : card.rank >= 7`,
		`card.rank <= max(map(line[max(0, n - 4):], .rank)) + 2`,
		`sum(map(line, .color == "black" ? .rank : -.rank)) >= 0`,
	} {
		w, _ := rulewords.Say(e)
		fmt.Println(w)
	}
	// Output:
	// if the last card is black: the card is 7 or higher; otherwise: the card is 6 or lower
	// the card is black and (the card is a face card if and only if the last card is not a face card)
	// the card has the same suit as the last card or has the same rank as the last card
	// if the card is the 4th, 8th, 12th … card of the main line: the card is red; otherwise: the card is black
	// no card of the last 4 cards of the main line has the same rank as the card
	// if the average rank of the main line is greater than 7: the card is 7 or lower; otherwise: the card is 7 or higher
	// the card's rank is at most (the highest rank of the last 4 cards of the main line) plus 2
	// the balance of the main line (the ranks of the cards that are black added, of the others taken away) is at least 0
}

func ExampleRead() {
	for _, text := range []string{
		"if the last card was black play 7 or higher, otherwise 6 or lower",
		"alternate colours",
		"play red or even and higher than the last card",
		"play the best card",
	} {
		rs, err := rulewords.Read(text)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		for _, r := range rs {
			fmt.Println(r.Expr)
		}
	}
	// Output:
	// (prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)
	// card.color != prev.color
	// (card.color == "red") or (card.even and (card.rank > prev.rank))
	// ((card.color == "red") or card.even) and (card.rank > prev.rank)
	// error: cannot read it as a rule: stuck at "best" (word 3: play the best): after "the" the reader takes "suit", "same rank as", "same", "card", "next card", "card played"
}

func ExampleSayIn() {
	for _, lang := range []string{"pt", "es", "ca"} {
		w, _ := rulewords.SayIn(lang, `prev.color == "black" ? card.rank >= 7 : card.color == "red" and card.odd`)
		fmt.Println(w)
	}
	// Output:
	// se a última carta é preta: a carta vale pelo menos 7; caso contrário: a carta é vermelha e ímpar
	// si la última carta es negra: la carta vale al menos 7; en caso contrario: la carta es roja e impar
	// si l'última carta és negra: la carta val almenys 7; en cas contrari: la carta és roja i imparella
}

func ExampleReadIn() {
	rs, err := rulewords.ReadIn("pt", "Se a carta anterior for preta, jogue 7 ou maior; senão, 6 ou menor.")
	if err != nil {
		fmt.Println("error:", err)
	}
	for _, r := range rs {
		fmt.Println(r.Expr)
		fmt.Println(r.Words)
	}
	// Output:
	// (prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)
	// se a última carta é preta: a carta vale pelo menos 7; caso contrário: a carta vale no máximo 6
}
