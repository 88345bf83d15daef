#!/usr/bin/env node
// A random Risk bot speaking the engine's bot protocol (version 1), Node standard library only.
//
// It reads one JSON object a line on stdin and writes one a line on stdout; anything meant for a
// person goes to stderr, which the referee keeps in its log. Each request lists the legal actions
// as items: an item without "min"/"max" is a whole action, one with them needs a number in
// [min, max] appended (then the item's "suffix", if it has one). This bot picks an item, and a
// number, at random.
//
//   risk simulate --bots "cmd:node examples/bots/random_bot.js,angry,random"
//   risk bot check -- node examples/bots/random_bot.js
"use strict";

const readline = require("readline");

const PROTOCOL = 1;
const NAME = "random-js";
// The options this bot accepts: the engine may set them after the handshake.
const OPTIONS = [
  { name: "seed", type: "int", default: 0 },
  { name: "end_weight", type: "float", default: 1.0 },
];

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function log(text) {
  process.stderr.write(`[${NAME}] ${text}\n`);
}

// A small seeded generator (mulberry32), so that the same new_game seed gives the same moves:
// Math.random cannot be seeded.
function seededRandom(text) {
  let state = 2166136261;
  for (const ch of text) state = Math.imul(state ^ ch.charCodeAt(0), 16777619) >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const options = Object.fromEntries(OPTIONS.map((option) => [option.name, option.default]));
let random = seededRandom("0");
let request = null; // the request being answered, kept for a retry after an error

function answer() {
  const legal = request.legal;
  const weights = legal.map((item) => (item.action === "end" ? Number(options.end_weight) : 1));
  let total = weights.reduce((a, b) => a + b, 0);
  let pick = legal.length - 1;
  if (total > 0) {
    let roll = random() * total;
    pick = weights.findIndex((weight) => (roll -= weight) < 0);
    if (pick < 0) pick = legal.length - 1; // rounding at the very end of the range
  } else {
    pick = Math.floor(random() * legal.length); // every weight zero: plain uniform choice
  }
  const item = legal[pick];
  let action = item.action;
  if (item.min !== undefined && item.max !== undefined) {
    action += " " + (item.min + Math.floor(random() * (item.max - item.min + 1)));
    if (item.suffix) action += " " + item.suffix;
  }
  send({ type: "action", id: request.id, action });
}

const handlers = {
  hello(message) {
    if (message.protocol !== PROTOCOL) log(`engine speaks protocol ${message.protocol}, this bot ${PROTOCOL}`);
    send({ type: "hello", protocol: PROTOCOL, name: NAME, version: "1.0",
           author: "markov-risk examples", options: OPTIONS });
  },
  option(message) {
    if (message.name in options) options[message.name] = message.value;
    else log(`ignoring unknown option ${message.name}`);
  },
  new_game(message) {
    random = seededRandom(`${options.seed}/${message.seed}/${message.seat}`);
    request = null;
  },
  events() {}, // a random bot has no use for what happened
  request(message) {
    request = message;
    answer();
  },
  error(message) {
    log(`request ${message.id} refused: ${message.reason}`);
    if (request !== null && message.id === request.id) answer();
  },
  game_over(message) {
    log(`game over: places ${JSON.stringify(message.places)} (${message.reason})`);
    request = null;
  },
  quit() {
    process.exit(0);
  },
};

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch (err) {
    log(`unreadable line: ${line.slice(0, 80)}`);
    return;
  }
  const handler = message && typeof message === "object" ? handlers[message.type] : undefined;
  if (handler) handler(message);
  else log(`ignoring message of type ${message && message.type}`); // a newer engine may send more
});
lines.on("close", () => process.exit(0));
