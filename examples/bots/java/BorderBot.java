// A Risk bot in Java (17 or newer), standard library only, speaking the engine's bot protocol 1.
//
// It reads one JSON object a line on stdin and writes one a line on stdout (flushed at once);
// anything meant for a person goes to stderr, which the referee keeps in its log. The strategy,
// the same in every starter kit (examples/bots/README.md): trade when it can, deploy on the
// border territory with the best odds against its weakest neighbour, blitz when it outnumbers
// the defender by three armies or more (stopping when half the attackers are gone), move in
// everything after a conquest, fortify from the interior to the border.
//
//   in this folder:  javac -d build BorderBot.java
//   then:            risk bot check -- java -cp build BorderBot
//   or, compiled at each start: risk bot check -- java BorderBot.java

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class BorderBot {
    static final String NAME = "border-java";

    final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    final Map<String, Integer> index = new HashMap<>();  // territory slug -> position in the map
    final List<int[]> neighbours = new ArrayList<>();
    int seat;
    List<Object> owners;
    List<Object> armies;

    public static void main(String[] args) throws Exception {
        BorderBot bot = new BorderBot();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            Object message;
            try {
                message = Json.parse(line);
            } catch (IllegalArgumentException | IndexOutOfBoundsException problem) {
                System.err.println("[" + NAME + "] unreadable line (" + problem.getMessage() + ")");
                continue;
            }
            if (!bot.handle(Json.object(message))) return;
        }
    }

    /** Answers one message; false when the bot should exit. */
    boolean handle(Map<String, Object> message) {
        switch (String.valueOf(message.get("type"))) {
            case "hello" -> send("{\"type\":\"hello\",\"protocol\":1,\"name\":\"" + NAME
                    + "\",\"version\":\"1.0\",\"author\":\"markov-risk examples\",\"options\":[]}");
            case "new_game" -> newGame(message);
            case "request" -> answer(message, false);
            case "error" -> {
                System.err.println("[" + NAME + "] refused: " + message.get("reason"));
                answer(lastRequest, true);
            }
            case "game_over" -> System.err.println("[" + NAME + "] game over: " + message.get("reason"));
            case "quit" -> { return false; }
            default -> { }  // events, options, and whatever a later protocol adds
        }
        return true;
    }

    void newGame(Map<String, Object> message) {
        seat = Json.integer(message.get("seat"));
        index.clear();
        neighbours.clear();
        List<Object> territories = Json.array(Json.object(message.get("map")).get("territories"));
        for (Object territory : territories) index.put((String) Json.object(territory).get("slug"), index.size());
        for (Object territory : territories) {
            List<Object> near = Json.array(Json.object(territory).get("neighbours"));
            neighbours.add(near.stream().mapToInt(slug -> index.get((String) slug)).toArray());
        }
    }

    Map<String, Object> lastRequest;

    void answer(Map<String, Object> request, boolean refused) {
        lastRequest = request;
        Map<String, Object> view = Json.object(request.get("view"));
        owners = Json.array(view.get("owners"));
        armies = Json.array(view.get("armies"));
        List<Object> legal = Json.array(request.get("legal"));
        // After a refusal the safe answer: the first legal item at its smallest number.
        String action = refused ? withNumber(Json.object(legal.get(0)), "min") : choose(legal);
        send("{\"type\":\"action\",\"id\":" + Json.integer(request.get("id")) + ",\"action\":" + Json.quote(action) + "}");
    }

    String choose(List<Object> legal) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (Object item : legal) items.add(Json.object(item));
        Map<String, Object> trade = first(items, "trade");
        if (trade != null) return (String) trade.get("action");
        Map<String, Object> best = null;
        int bestScore = Integer.MIN_VALUE;
        for (Map<String, Object> item : items) {  // deploy or place on the border facing the weakest enemy
            String verb = verb(item);
            if (!verb.equals("deploy") && !verb.equals("place")) continue;
            int t = territory(item, 1);
            int score = border(t) ? armyCount(t) - weakestEnemyNeighbour(t) : Integer.MIN_VALUE + 1;
            if (best == null || score > bestScore) { best = item; bestScore = score; }
        }
        if (best != null) return withNumber(best, "max");
        for (Map<String, Object> item : items) {  // claim next to our own, away from the others
            if (!verb(item).equals("claim")) continue;
            int t = territory(item, 1), score = 0;
            for (int n : neighbours.get(t)) score += mine(n) ? 1 : enemy(n) ? -1 : 0;
            if (best == null || score > bestScore) { best = item; bestScore = score; }
        }
        if (best != null) return (String) best.get("action");
        for (Map<String, Object> item : items) {  // blitz where we outnumber the defender by 3 or more
            if (!verb(item).equals("blitz") || item.containsKey("suffix")) continue;
            int s = territory(item, 1), t = territory(item, 2);
            int score = armyCount(s) - armyCount(t);
            if (score >= 3 && (best == null || score > bestScore)) { best = item; bestScore = score; }
        }
        if (best != null) {  // N is where the blitz stops: here, when half the attackers are gone
            int s = territory(best, 1);
            int stop = Math.max(Json.integer(best.get("min")), Math.min(Json.integer(best.get("max")), armyCount(s) / 2));
            return best.get("action") + " " + stop;
        }
        Map<String, Object> occupy = first(items, "occupy");
        if (occupy != null) return withNumber(occupy, "max");
        for (Map<String, Object> item : items) {  // fortify from the interior to the border
            if (!verb(item).equals("fortify")) continue;
            int s = territory(item, 1), t = territory(item, 2), score = Json.integer(item.get("max"));
            if (!border(s) && border(t) && (best == null || score > bestScore)) { best = item; bestScore = score; }
        }
        if (best != null) return withNumber(best, "max");
        for (String verb : new String[] {"end", "defend", "stand", "six"}) {
            Map<String, Object> item = first(items, verb);
            if (item != null) return withNumber(item, "max");
        }
        return withNumber(items.get(0), "min");
    }

    static Map<String, Object> first(List<Map<String, Object>> items, String verb) {
        for (Map<String, Object> item : items) if (verb(item).equals(verb)) return item;
        return null;
    }

    static String verb(Map<String, Object> item) {
        return ((String) item.get("action")).split(" ")[0];
    }

    /** The item's action with its number appended: the item's "min" or "max" (if it takes one). */
    static String withNumber(Map<String, Object> item, String which) {
        String action = (String) item.get("action");
        return item.containsKey(which) ? action + " " + Json.integer(item.get(which)) : action;
    }

    int territory(Map<String, Object> item, int word) {
        return index.get(((String) item.get("action")).split(" ")[word]);
    }

    boolean mine(int t) { return owners.get(t) != null && Json.integer(owners.get(t)) == seat; }
    boolean enemy(int t) { return owners.get(t) != null && Json.integer(owners.get(t)) != seat; }
    int armyCount(int t) { return Json.integer(armies.get(t)); }

    boolean border(int t) {
        if (!mine(t)) return false;
        for (int n : neighbours.get(t)) if (enemy(n)) return true;
        return false;
    }

    int weakestEnemyNeighbour(int t) {
        int weakest = Integer.MAX_VALUE;
        for (int n : neighbours.get(t)) if (enemy(n)) weakest = Math.min(weakest, armyCount(n));
        return weakest;
    }

    void send(String line) {
        out.print(line + "\n");
        out.flush();  // the referee waits for the whole line: never leave it in a buffer
    }

    /** A small JSON reader (objects, arrays, strings, numbers as double, true, false, null) and a string quoter. */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) { this.text = text; }

        static Object parse(String text) {
            Json reader = new Json(text);
            Object value = reader.value();
            reader.space();
            if (reader.at != text.length()) throw reader.error("text after the value");
            return value;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(Object value) { return (Map<String, Object>) value; }

        @SuppressWarnings("unchecked")
        static List<Object> array(Object value) { return (List<Object>) value; }

        static int integer(Object value) { return (int) (double) (Double) value; }

        /** A string as JSON, quoted and escaped. */
        static String quote(String text) {
            StringBuilder out = new StringBuilder("\"");
            for (char c : text.toCharArray()) {
                if (c == '"' || c == '\\') out.append('\\').append(c);
                else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                else out.append(c);
            }
            return out.append('"').toString();
        }

        private Object value() {
            space();
            if (at >= text.length()) throw error("a value");
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> map = new LinkedHashMap<>();
                at++;
                if (peek() == '}') { at++; return map; }
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, value());
                } while (comma('}'));
                return map;
            }
            if (c == '[') {
                List<Object> list = new ArrayList<>();
                at++;
                if (peek() == ']') { at++; return list; }
                do list.add(value()); while (comma(']'));
                return list;
            }
            if (c == '"') return string();
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            if (start == at) throw error("a value");
            return Double.parseDouble(text.substring(start, at));
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= text.length()) throw error("the end of a string");
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                char e = text.charAt(at++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> { out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                    default -> out.append(e);  // \" \\ \/
                }
            }
        }

        private boolean comma(char close) {
            space();
            if (peek() == ',') { at++; return true; }
            expect(close);
            return false;
        }

        private void expect(char c) {
            if (peek() != c) throw error("'" + c + "'");
            at++;
        }

        private char peek() {
            space();
            return at < text.length() ? text.charAt(at) : '\0';
        }

        private void space() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }

        private IllegalArgumentException error(String expected) {
            return new IllegalArgumentException("bad JSON at character " + at + ": expected " + expected);
        }
    }
}
