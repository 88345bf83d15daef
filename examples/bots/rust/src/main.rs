//! A Risk bot in Rust, standard library only, speaking the engine's bot protocol 1.
//!
//! It reads one JSON object a line on stdin and writes one a line on stdout (flushed at once);
//! anything meant for a person goes to stderr, which the referee keeps in its log. The strategy,
//! the same in every starter kit (examples/bots/README.md): trade when it can, deploy on the
//! border territory with the best odds against its weakest neighbour, blitz when it outnumbers
//! the defender by three armies or more (stopping when half the attackers are gone), move in
//! everything after a conquest, fortify from the interior to the border.
//!
//!   in examples/bots/rust:  cargo build --release
//!   then:                   risk bot check -- target/release/border-bot

mod json;

use json::{quote, Json};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};

const NAME: &str = "border-rust";

#[derive(Default)]
struct BorderBot {
    index: HashMap<String, usize>, // territory slug -> position in the map
    neighbours: Vec<Vec<usize>>,
    seat: i64,
    owners: Vec<i64>, // -1 for nobody
    armies: Vec<i64>,
    last_request: Option<Json>,
}

impl BorderBot {
    /// Answers one message; false when the bot should exit.
    fn handle(&mut self, message: Json, out: &mut impl Write) -> io::Result<bool> {
        match message.get("type").str() {
            "hello" => send(out, &format!(
                r#"{{"type":"hello","protocol":1,"name":"{NAME}","version":"1.0","author":"markov-risk examples","options":[]}}"#
            ))?,
            "new_game" => self.new_game(&message),
            "request" => {
                self.last_request = Some(message);
                self.answer(false, out)?;
            }
            "error" => {
                eprintln!("[{NAME}] refused: {}", message.get("reason").str());
                self.answer(true, out)?;
            }
            "game_over" => eprintln!("[{NAME}] game over: {}", message.get("reason").str()),
            "quit" => return Ok(false),
            _ => {} // events, options, and whatever a later protocol adds
        }
        Ok(true)
    }

    fn new_game(&mut self, message: &Json) {
        self.seat = message.get("seat").int();
        let territories = message.get("map").get("territories").items();
        self.index = territories.iter().enumerate().map(|(i, t)| (t.get("slug").str().to_string(), i)).collect();
        self.neighbours = territories
            .iter()
            .map(|t| t.get("neighbours").items().iter().map(|slug| self.index[slug.str()]).collect())
            .collect();
    }

    fn answer(&mut self, refused: bool, out: &mut impl Write) -> io::Result<()> {
        let request = self.last_request.take().expect("an error answers a request");
        let view = request.get("view");
        self.owners = view.get("owners").items().iter().map(|o| if *o == Json::Null { -1 } else { o.int() }).collect();
        self.armies = view.get("armies").items().iter().map(Json::int).collect();
        let legal = request.get("legal").items();
        // After a refusal the safe answer: the first legal item at its smallest number.
        let action = if refused { with_number(&legal[0], "min") } else { self.choose(legal) };
        send(out, &format!(r#"{{"type":"action","id":{},"action":{}}}"#, request.get("id").int(), quote(&action)))?;
        self.last_request = Some(request);
        Ok(())
    }

    fn choose(&self, items: &[Json]) -> String {
        if let Some(trade) = first(items, "trade") {
            return trade.get("action").str().to_string();
        }
        let mut best: Option<(&Json, i64)> = None;
        let better = |best: &Option<(&Json, i64)>, score: i64| best.map_or(true, |(_, b)| score > b);
        for item in items.iter().filter(|i| matches!(verb(i), "deploy" | "place")) {
            // deploy or place on the border facing the weakest enemy
            let t = self.territory(item, 1);
            let score = if self.border(t) { self.armies[t] - self.weakest_enemy_neighbour(t) } else { i64::MIN + 1 };
            if better(&best, score) {
                best = Some((item, score));
            }
        }
        if let Some((item, _)) = best {
            return with_number(item, "max");
        }
        for item in items.iter().filter(|i| verb(i) == "claim") {
            // claim next to our own, away from the others
            let t = self.territory(item, 1);
            let score: i64 = self.neighbours[t].iter().map(|&n| if self.mine(n) { 1 } else if self.enemy(n) { -1 } else { 0 }).sum();
            if better(&best, score) {
                best = Some((item, score));
            }
        }
        if let Some((item, _)) = best {
            return item.get("action").str().to_string();
        }
        for item in items.iter().filter(|i| verb(i) == "blitz" && !i.has("suffix")) {
            // blitz where we outnumber the defender by 3 or more
            let score = self.armies[self.territory(item, 1)] - self.armies[self.territory(item, 2)];
            if score >= 3 && better(&best, score) {
                best = Some((item, score));
            }
        }
        if let Some((item, _)) = best {
            // N is where the blitz stops: here, when half the attackers are gone
            let half = self.armies[self.territory(item, 1)] / 2;
            let stop = item.get("min").int().max(item.get("max").int().min(half));
            return format!("{} {}", item.get("action").str(), stop);
        }
        if let Some(occupy) = first(items, "occupy") {
            return with_number(occupy, "max");
        }
        for item in items.iter().filter(|i| verb(i) == "fortify") {
            // fortify from the interior to the border
            let score = item.get("max").int();
            if !self.border(self.territory(item, 1)) && self.border(self.territory(item, 2)) && better(&best, score) {
                best = Some((item, score));
            }
        }
        if let Some((item, _)) = best {
            return with_number(item, "max");
        }
        for v in ["end", "defend", "stand", "six"] {
            if let Some(item) = first(items, v) {
                return with_number(item, "max");
            }
        }
        with_number(&items[0], "min")
    }

    fn territory(&self, item: &Json, word: usize) -> usize {
        self.index[item.get("action").str().split(' ').nth(word).unwrap_or("")]
    }

    fn mine(&self, t: usize) -> bool {
        self.owners[t] == self.seat
    }

    fn enemy(&self, t: usize) -> bool {
        self.owners[t] >= 0 && self.owners[t] != self.seat
    }

    fn border(&self, t: usize) -> bool {
        self.mine(t) && self.neighbours[t].iter().any(|&n| self.enemy(n))
    }

    fn weakest_enemy_neighbour(&self, t: usize) -> i64 {
        self.neighbours[t].iter().filter(|&&n| self.enemy(n)).map(|&n| self.armies[n]).min().unwrap_or(i64::MAX)
    }
}

fn verb(item: &Json) -> &str {
    item.get("action").str().split(' ').next().unwrap_or("")
}

fn first<'a>(items: &'a [Json], v: &str) -> Option<&'a Json> {
    items.iter().find(|item| verb(item) == v)
}

/// The item's action with its number appended: the item's "min" or "max" (if it takes one).
fn with_number(item: &Json, which: &str) -> String {
    let action = item.get("action").str();
    if item.has(which) {
        format!("{} {}", action, item.get(which).int())
    } else {
        action.to_string()
    }
}

fn send(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush() // the referee waits for the whole line: never leave it in a buffer
}

fn main() -> io::Result<()> {
    let mut bot = BorderBot::default();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match Json::parse(&line) {
            Ok(message) => {
                if !bot.handle(message, &mut out)? {
                    break;
                }
            }
            Err(problem) => eprintln!("[{NAME}] unreadable line ({problem})"),
        }
    }
    Ok(())
}
