package domi.lab;

import java.io.FileWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import net.yura.domination.engine.ai.AIHard;
import net.yura.domination.engine.ai.logic.AIDomination;
import net.yura.domination.engine.core.Player;
import net.yura.domination.engine.core.RiskGame;

/**
 * Domination's Hard AI, unchanged, with the CPU time of its own decisions counted.
 *
 * Registered in place of AIHard by lab/scripts/build_timed_hard.sh's services file, so that a
 * seat "hard" of the sparring harness plays exactly as before while this class sums the CPU time
 * of the deciding thread (ThreadMXBean) inside every call Domination's AIManager makes to the AI:
 * setGame and each get* decision, defence included. Domination's engine, the referee's own work
 * and the outside seat's process are outside these calls, so the figure is Hard's thinking alone,
 * the same thing the bridge's "bot_cpu_seconds" counts for the project's bot.
 *
 * With -Ddom.hardcpu=FILE, one JSON line per game is appended when the next game starts and at
 * exit: {"cpu_seconds", "decisions", "turns"}; turns are the distinct turns (a Hard player and
 * the number of its statistics rows, Domination's per-player turn count) in which a Hard seat
 * decided as the player to move after the set-up. Games run one after another in one JVM, so the
 * lines follow the results file's games in order.
 */
public class TimedHard extends AIHard {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String OUT = System.getProperty("dom.hardcpu");
    private static Object currentGame;
    private static long cpuNanos;
    private static long decisions;
    private static final Set<String> turns = new HashSet<>();

    static {
        if (OUT != null) Runtime.getRuntime().addShutdownHook(new Thread(TimedHard::flush));
    }

    private RiskGame game;

    private static synchronized void flush() {
        if (currentGame == null || OUT == null) return;
        try (FileWriter out = new FileWriter(OUT, true)) {
            out.write(String.format(Locale.ROOT, "{\"cpu_seconds\":%.6f,\"decisions\":%d,\"turns\":%d}%n",
                    cpuNanos / 1e9, decisions, turns.size()));
        } catch (IOException e) {
            System.err.println("TimedHard: cannot write " + OUT + ": " + e.getMessage());
        }
        currentGame = null;
        cpuNanos = 0;
        decisions = 0;
        turns.clear();
    }

    private static synchronized void count(RiskGame game, long nanos, boolean decision) {
        if (game != currentGame) {
            flush();
            currentGame = game;
        }
        cpuNanos += nanos;
        if (!decision) return;
        decisions++;
        Player player = game.getCurrentPlayer();
        if (game.getSetupDone() && player != null && player.getType() == AIDomination.PLAYER_AI_HARD) {
            turns.add(player.getName() + "#" + player.getStatistics().size());
        }
    }

    private static long now() {
        return THREADS.getCurrentThreadCpuTime();
    }

    @Override
    public void setGame(RiskGame game) {
        long start = now();
        super.setGame(game);
        this.game = game;
        count(game, now() - start, false);
    }

    private String timed(Supplier<String> decide) {
        long start = now();
        String answer = decide.get();
        count(game, now() - start, true);
        return answer;
    }

    @Override public String getBattleWon() { return timed(super::getBattleWon); }
    @Override public String getTacMove() { return timed(super::getTacMove); }
    @Override public String getTrade() { return timed(super::getTrade); }
    @Override public String getPlaceArmies() { return timed(super::getPlaceArmies); }
    @Override public String getAttack() { return timed(super::getAttack); }
    @Override public String getRoll() { return timed(super::getRoll); }
    @Override public String getCapital() { return timed(super::getCapital); }
    @Override public String getAutoDefendString() { return timed(super::getAutoDefendString); }
}
