// A Risk bot in C++17, standard library only, speaking the engine's bot protocol 1.
//
// It reads one JSON object a line on stdin and writes one a line on stdout (flushed at once);
// anything meant for a person goes to stderr, which the referee keeps in its log. The strategy,
// the same in every starter kit (examples/bots/README.md): trade when it can, deploy on the
// border territory with the best odds against its weakest neighbour, blitz when it outnumbers
// the defender by three armies or more (stopping when half the attackers are gone), move in
// everything after a conquest, fortify from the interior to the border.
//
//   in this folder:  mkdir -p build && g++ -std=c++17 -O2 -o build/border_bot border_bot.cpp
//   then:            risk bot check -- build/border_bot

#include <algorithm>
#include <climits>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

static const char* NAME = "border-cpp";

// -- a small JSON reader and writer ----------------------------------------------------------

struct Json {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<Json> items;                         // an array's values
    std::vector<std::pair<std::string, Json>> fields;  // an object's members, in order

    const Json& operator[](const std::string& key) const {
        static const Json missing;
        for (const auto& field : fields)
            if (field.first == key) return field.second;
        return missing;
    }
    int integer() const { return static_cast<int>(number); }
};

class Reader {
public:
    explicit Reader(const std::string& text) : text_(text) {}

    Json parse() {
        Json value = read();
        space();
        if (at_ != text_.size()) fail("text after the value");
        return value;
    }

private:
    const std::string& text_;
    size_t at_ = 0;

    [[noreturn]] void fail(const std::string& expected) {
        throw std::runtime_error("bad JSON at character " + std::to_string(at_) + ": expected " + expected);
    }
    void space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
            at_++;
    }
    char peek() {
        space();
        return at_ < text_.size() ? text_[at_] : '\0';
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("'") + c + "'");
        at_++;
    }
    bool comma(char close) {
        if (peek() == ',') { at_++; return true; }
        expect(close);
        return false;
    }
    bool word(const char* w) {
        size_t n = std::char_traits<char>::length(w);
        if (text_.compare(at_, n, w) != 0) return false;
        at_ += n;
        return true;
    }

    Json read() {
        Json value;
        char c = peek();
        if (c == '{') {
            value.kind = Json::Object;
            at_++;
            if (peek() == '}') { at_++; return value; }
            do {
                space();
                std::string key = string();
                expect(':');
                value.fields.emplace_back(key, read());
            } while (comma('}'));
        } else if (c == '[') {
            value.kind = Json::Array;
            at_++;
            if (peek() == ']') { at_++; return value; }
            do value.items.push_back(read()); while (comma(']'));
        } else if (c == '"') {
            value.kind = Json::String;
            value.text = string();
        } else if (word("true")) {
            value.kind = Json::Bool;
            value.boolean = true;
        } else if (word("false")) {
            value.kind = Json::Bool;
        } else if (word("null")) {
            value.kind = Json::Null;
        } else {
            size_t start = at_;
            while (at_ < text_.size() && std::string("+-0123456789.eE").find(text_[at_]) != std::string::npos) at_++;
            if (start == at_) fail("a value");
            value.kind = Json::Number;
            value.number = std::stod(text_.substr(start, at_ - start));
        }
        return value;
    }

    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            if (at_ >= text_.size()) fail("the end of a string");
            char c = text_[at_++];
            if (c == '"') return out;
            if (c != '\\') { out += c; continue; }
            char e = text_[at_++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {  // to UTF-8 (a surrogate pair's halves are written as they come)
                    unsigned code = std::stoul(text_.substr(at_, 4), nullptr, 16);
                    at_ += 4;
                    if (code < 0x80) out += static_cast<char>(code);
                    else if (code < 0x800) { out += static_cast<char>(0xC0 | (code >> 6)); out += static_cast<char>(0x80 | (code & 0x3F)); }
                    else { out += static_cast<char>(0xE0 | (code >> 12)); out += static_cast<char>(0x80 | ((code >> 6) & 0x3F)); out += static_cast<char>(0x80 | (code & 0x3F)); }
                    break;
                }
                default: out += e;  // \" \\ \/
            }
        }
    }
};

std::string quote(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') { out += '\\'; out += c; }
        else if (static_cast<unsigned char>(c) < 0x20) { char buffer[8]; std::snprintf(buffer, sizeof buffer, "\\u%04x", c); out += buffer; }
        else out += c;
    }
    return out + "\"";
}

// -- the bot ----------------------------------------------------------------------------------

class BorderBot {
public:
    // Answers one message; false when the bot should exit.
    bool handle(const Json& message) {
        const std::string& type = message["type"].text;
        if (type == "hello") {
            send(std::string("{\"type\":\"hello\",\"protocol\":1,\"name\":\"") + NAME +
                 "\",\"version\":\"1.0\",\"author\":\"markov-risk examples\",\"options\":[]}");
        } else if (type == "new_game") {
            new_game(message);
        } else if (type == "request") {
            last_request_ = message;
            answer(false);
        } else if (type == "error") {
            std::cerr << "[" << NAME << "] refused: " << message["reason"].text << std::endl;
            answer(true);
        } else if (type == "game_over") {
            std::cerr << "[" << NAME << "] game over: " << message["reason"].text << std::endl;
        } else if (type == "quit") {
            return false;
        }  // events, options, and whatever a later protocol adds: nothing to do
        return true;
    }

private:
    std::map<std::string, int> index_;  // territory slug -> position in the map
    std::vector<std::vector<int>> neighbours_;
    int seat_ = 0;
    std::vector<int> owners_, armies_;  // owners_: -1 for nobody
    Json last_request_;

    void new_game(const Json& message) {
        seat_ = message["seat"].integer();
        index_.clear();
        neighbours_.clear();
        const auto& territories = message["map"]["territories"].items;
        for (const auto& territory : territories) index_[territory["slug"].text] = static_cast<int>(index_.size());
        for (const auto& territory : territories) {
            std::vector<int> near;
            for (const auto& slug : territory["neighbours"].items) near.push_back(index_.at(slug.text));
            neighbours_.push_back(near);
        }
    }

    void answer(bool refused) {
        const Json& view = last_request_["view"];
        owners_.clear();
        armies_.clear();
        for (const auto& owner : view["owners"].items) owners_.push_back(owner.kind == Json::Null ? -1 : owner.integer());
        for (const auto& army : view["armies"].items) armies_.push_back(army.integer());
        const auto& legal = last_request_["legal"].items;
        // After a refusal the safe answer: the first legal item at its smallest number.
        std::string action = refused ? with_number(legal[0], "min") : choose(legal);
        send("{\"type\":\"action\",\"id\":" + std::to_string(last_request_["id"].integer()) +
             ",\"action\":" + quote(action) + "}");
    }

    std::string choose(const std::vector<Json>& items) {
        if (const Json* trade = first(items, "trade")) return (*trade)["action"].text;
        const Json* best = nullptr;
        int best_score = INT_MIN;
        for (const auto& item : items) {  // deploy or place on the border facing the weakest enemy
            std::string v = verb(item);
            if (v != "deploy" && v != "place") continue;
            int t = territory(item, 1);
            int score = border(t) ? armies_[t] - weakest_enemy_neighbour(t) : INT_MIN + 1;
            if (!best || score > best_score) { best = &item; best_score = score; }
        }
        if (best) return with_number(*best, "max");
        for (const auto& item : items) {  // claim next to our own, away from the others
            if (verb(item) != "claim") continue;
            int t = territory(item, 1), score = 0;
            for (int n : neighbours_[t]) score += mine(n) ? 1 : enemy(n) ? -1 : 0;
            if (!best || score > best_score) { best = &item; best_score = score; }
        }
        if (best) return (*best)["action"].text;
        for (const auto& item : items) {  // blitz where we outnumber the defender by 3 or more
            if (verb(item) != "blitz" || has(item, "suffix")) continue;
            int score = armies_[territory(item, 1)] - armies_[territory(item, 2)];
            if (score >= 3 && (!best || score > best_score)) { best = &item; best_score = score; }
        }
        if (best) {  // N is where the blitz stops: here, when half the attackers are gone
            int stop = std::max((*best)["min"].integer(), std::min((*best)["max"].integer(), armies_[territory(*best, 1)] / 2));
            return (*best)["action"].text + " " + std::to_string(stop);
        }
        if (const Json* occupy = first(items, "occupy")) return with_number(*occupy, "max");
        for (const auto& item : items) {  // fortify from the interior to the border
            if (verb(item) != "fortify") continue;
            int score = item["max"].integer();
            if (!border(territory(item, 1)) && border(territory(item, 2)) && (!best || score > best_score)) {
                best = &item;
                best_score = score;
            }
        }
        if (best) return with_number(*best, "max");
        for (const char* v : {"end", "defend", "stand", "six"})
            if (const Json* item = first(items, v)) return with_number(*item, "max");
        return with_number(items[0], "min");
    }

    static bool has(const Json& item, const std::string& key) {
        for (const auto& field : item.fields)
            if (field.first == key) return true;
        return false;
    }
    static std::vector<std::string> words(const Json& item) {
        std::istringstream in(item["action"].text);
        std::vector<std::string> out;
        for (std::string word; in >> word;) out.push_back(word);
        return out;
    }
    static std::string verb(const Json& item) { return words(item)[0]; }
    static const Json* first(const std::vector<Json>& items, const std::string& v) {
        for (const auto& item : items)
            if (verb(item) == v) return &item;
        return nullptr;
    }
    // The item's action with its number appended: the item's "min" or "max" (if it takes one).
    static std::string with_number(const Json& item, const std::string& which) {
        const std::string& action = item["action"].text;
        return has(item, which) ? action + " " + std::to_string(item[which].integer()) : action;
    }

    int territory(const Json& item, size_t word) const { return index_.at(words(item)[word]); }
    bool mine(int t) const { return owners_[t] == seat_; }
    bool enemy(int t) const { return owners_[t] >= 0 && owners_[t] != seat_; }
    bool border(int t) const {
        if (!mine(t)) return false;
        for (int n : neighbours_[t])
            if (enemy(n)) return true;
        return false;
    }
    int weakest_enemy_neighbour(int t) const {
        int weakest = INT_MAX;
        for (int n : neighbours_[t])
            if (enemy(n)) weakest = std::min(weakest, armies_[n]);
        return weakest;
    }

    static void send(const std::string& line) {
        std::cout << line << '\n' << std::flush;  // the referee waits for the whole line
    }
};

int main() {
    std::ios::sync_with_stdio(false);
    BorderBot bot;
    for (std::string line; std::getline(std::cin, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        Json message;
        try {
            message = Reader(line).parse();
        } catch (const std::exception& problem) {
            std::cerr << "[" << NAME << "] unreadable line (" << problem.what() << ")" << std::endl;
            continue;
        }
        if (!bot.handle(message)) break;
    }
    return 0;
}
