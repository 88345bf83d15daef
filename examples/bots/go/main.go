// A Risk bot in Go, standard library only (encoding/json), speaking the engine's bot protocol 1.
//
// It reads one JSON object a line on stdin and writes one a line on stdout (flushed at once);
// anything meant for a person goes to stderr, which the referee keeps in its log. The strategy,
// the same in every starter kit (examples/bots/README.md): trade when it can, deploy on the
// border territory with the best odds against its weakest neighbour, blitz when it outnumbers
// the defender by three armies or more (stopping when half the attackers are gone), move in
// everything after a conquest, fortify from the interior to the border.
//
//	in this folder:  go build -o build/border-bot .
//	then:            risk bot check -- build/border-bot
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
)

const name = "border-go"

// Message holds the fields this bot reads of any message; encoding/json ignores the others.
type Message struct {
	Type   string `json:"type"`
	ID     int    `json:"id"`
	Seat   int    `json:"seat"`
	Reason string `json:"reason"`
	Map    struct {
		Territories []struct {
			Slug       string   `json:"slug"`
			Neighbours []string `json:"neighbours"`
		} `json:"territories"`
	} `json:"map"`
	View struct {
		Owners []*int `json:"owners"` // nil: nobody yet
		Armies []int  `json:"armies"`
	} `json:"view"`
	Legal []Item `json:"legal"`
}

// Item is one legal item: a whole action, or one that takes a number from Min to Max.
type Item struct {
	Action string `json:"action"`
	Min    *int   `json:"min"`
	Max    *int   `json:"max"`
	Suffix string `json:"suffix"`
}

func (item Item) verb() string { return strings.Fields(item.Action)[0] }

// withNumber is the item's action with its number appended, the item's min or max (if it takes one).
func (item Item) withNumber(useMax bool) string {
	if item.Min == nil || item.Max == nil {
		return item.Action
	}
	if useMax {
		return fmt.Sprintf("%s %d", item.Action, *item.Max)
	}
	return fmt.Sprintf("%s %d", item.Action, *item.Min)
}

type BorderBot struct {
	out         *bufio.Writer
	index       map[string]int // territory slug -> position in the map
	neighbours  [][]int
	seat        int
	owners      []int // -1 for nobody
	armies      []int
	lastRequest *Message
}

// handle answers one message; false when the bot should exit.
func (bot *BorderBot) handle(message *Message) bool {
	switch message.Type {
	case "hello":
		bot.send(fmt.Sprintf(`{"type":"hello","protocol":1,"name":%q,"version":"1.0","author":"markov-risk examples","options":[]}`, name))
	case "new_game":
		bot.newGame(message)
	case "request":
		bot.lastRequest = message
		bot.answer(false)
	case "error":
		fmt.Fprintf(os.Stderr, "[%s] refused: %s\n", name, message.Reason)
		bot.answer(true)
	case "game_over":
		fmt.Fprintf(os.Stderr, "[%s] game over: %s\n", name, message.Reason)
	case "quit":
		return false
	} // events, options, and whatever a later protocol adds: nothing to do
	return true
}

func (bot *BorderBot) newGame(message *Message) {
	bot.seat = message.Seat
	bot.index = map[string]int{}
	bot.neighbours = nil
	for i, territory := range message.Map.Territories {
		bot.index[territory.Slug] = i
	}
	for _, territory := range message.Map.Territories {
		near := []int{}
		for _, slug := range territory.Neighbours {
			near = append(near, bot.index[slug])
		}
		bot.neighbours = append(bot.neighbours, near)
	}
}

func (bot *BorderBot) answer(refused bool) {
	request := bot.lastRequest
	bot.owners = bot.owners[:0]
	for _, owner := range request.View.Owners {
		if owner == nil {
			bot.owners = append(bot.owners, -1)
		} else {
			bot.owners = append(bot.owners, *owner)
		}
	}
	bot.armies = request.View.Armies
	// After a refusal the safe answer: the first legal item at its smallest number.
	action := request.Legal[0].withNumber(false)
	if !refused {
		action = bot.choose(request.Legal)
	}
	text, _ := json.Marshal(action)
	bot.send(fmt.Sprintf(`{"type":"action","id":%d,"action":%s}`, request.ID, text))
}

func (bot *BorderBot) choose(items []Item) string {
	if trade := first(items, "trade"); trade != nil {
		return trade.Action
	}
	var best *Item
	bestScore := math.MinInt
	pick := func(item *Item, score int) {
		if best == nil || score > bestScore {
			best, bestScore = item, score
		}
	}
	for i := range items { // deploy or place on the border facing the weakest enemy
		if v := items[i].verb(); v == "deploy" || v == "place" {
			t := bot.territory(items[i], 1)
			score := math.MinInt + 1
			if bot.border(t) {
				score = bot.armies[t] - bot.weakestEnemyNeighbour(t)
			}
			pick(&items[i], score)
		}
	}
	if best != nil {
		return best.withNumber(true)
	}
	for i := range items { // claim next to our own, away from the others
		if items[i].verb() == "claim" {
			score := 0
			for _, n := range bot.neighbours[bot.territory(items[i], 1)] {
				if bot.mine(n) {
					score++
				} else if bot.enemy(n) {
					score--
				}
			}
			pick(&items[i], score)
		}
	}
	if best != nil {
		return best.Action
	}
	for i := range items { // blitz where we outnumber the defender by 3 or more
		if items[i].verb() == "blitz" && items[i].Suffix == "" {
			score := bot.armies[bot.territory(items[i], 1)] - bot.armies[bot.territory(items[i], 2)]
			if score >= 3 {
				pick(&items[i], score)
			}
		}
	}
	if best != nil { // N is where the blitz stops: here, when half the attackers are gone
		stop := bot.armies[bot.territory(*best, 1)] / 2
		if stop > *best.Max {
			stop = *best.Max
		}
		if stop < *best.Min {
			stop = *best.Min
		}
		return fmt.Sprintf("%s %d", best.Action, stop)
	}
	if occupy := first(items, "occupy"); occupy != nil {
		return occupy.withNumber(true)
	}
	for i := range items { // fortify from the interior to the border
		if items[i].verb() == "fortify" && !bot.border(bot.territory(items[i], 1)) && bot.border(bot.territory(items[i], 2)) {
			pick(&items[i], *items[i].Max)
		}
	}
	if best != nil {
		return best.withNumber(true)
	}
	for _, v := range []string{"end", "defend", "stand", "six"} {
		if item := first(items, v); item != nil {
			return item.withNumber(true)
		}
	}
	return items[0].withNumber(false)
}

func first(items []Item, verb string) *Item {
	for i := range items {
		if items[i].verb() == verb {
			return &items[i]
		}
	}
	return nil
}

func (bot *BorderBot) territory(item Item, word int) int {
	return bot.index[strings.Fields(item.Action)[word]]
}
func (bot *BorderBot) mine(t int) bool  { return bot.owners[t] == bot.seat }
func (bot *BorderBot) enemy(t int) bool { return bot.owners[t] >= 0 && bot.owners[t] != bot.seat }

func (bot *BorderBot) border(t int) bool {
	if !bot.mine(t) {
		return false
	}
	for _, n := range bot.neighbours[t] {
		if bot.enemy(n) {
			return true
		}
	}
	return false
}

func (bot *BorderBot) weakestEnemyNeighbour(t int) int {
	weakest := math.MaxInt
	for _, n := range bot.neighbours[t] {
		if bot.enemy(n) && bot.armies[n] < weakest {
			weakest = bot.armies[n]
		}
	}
	return weakest
}

func (bot *BorderBot) send(line string) {
	bot.out.WriteString(line + "\n")
	bot.out.Flush() // the referee waits for the whole line: never leave it in a buffer
}

func main() {
	bot := &BorderBot{out: bufio.NewWriter(os.Stdout)}
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n') // no line limit: a request on a big map is long
		if len(strings.TrimSpace(string(line))) > 0 {
			message := &Message{}
			if problem := json.Unmarshal(line, message); problem != nil {
				fmt.Fprintf(os.Stderr, "[%s] unreadable line (%v)\n", name, problem)
			} else if !bot.handle(message) {
				return
			}
		}
		if err == io.EOF {
			return
		} else if err != nil {
			fmt.Fprintf(os.Stderr, "[%s] cannot read: %v\n", name, err)
			return
		}
	}
}
