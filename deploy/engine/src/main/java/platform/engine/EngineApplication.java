package platform.engine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.core.env.MapPropertySource;

/**
 * The platform's process engine: Operaton with its REST API (/engine-rest) and webapps (Cockpit,
 * Tasklist, Admin under /operaton). No business logic lives here; see README.md.
 */
@SpringBootApplication
public class EngineApplication {

  public static void main(String[] args) {
    EngineSettings settings;
    try {
      settings = EngineSettings.fromEnv(System.getenv());
    } catch (EngineSettings.InvalidSettings e) {
      System.err.println("[engine] " + e.getMessage());
      System.exit(2);
      return;
    }
    checkDatabase(settings);
    if (settings.passwordGenerated()) {
      System.out.println("[engine] ENGINE_PASSWORD is not set: user '" + settings.user()
          + "' has a generated password for this run only: " + settings.password());
    }

    SpringApplication app = new SpringApplication(EngineApplication.class);
    app.addInitializers(context -> {
      context.getEnvironment().getPropertySources()
          .addFirst(new MapPropertySource("engine-environment", settings.springProperties()));
      context.getBeanFactory().registerSingleton("engineSettings", settings);
    });
    app.run(args);
  }

  /**
   * Connects once before Spring starts: creates the database if missing (createDatabaseIfNotExist) and
   * turns an unreachable or refused database into one line naming ENGINE_DB_URL.
   */
  private static void checkDatabase(EngineSettings settings) {
    DriverManager.setLoginTimeout(15);
    try (Connection db = DriverManager.getConnection(settings.jdbcUrl(), settings.dbUser(), settings.dbPassword())) {
      // reachable, and the database exists now
      fullHistoryToAudit(db);
    } catch (SQLException e) {
      System.err.println("[engine] ENGINE_DB_URL: cannot open the database " + settings.dbDisplay() + ": "
          + e.getMessage());
      System.exit(3);
    }
  }

  /**
   * application.yaml sets history level audit (issue 31; it was full). Operaton refuses to start on a
   * database that recorded another level, so one made at full (3) is recorded as audit (2) here: the
   * history written so far stays, new instances write audit's. Left alone when the level is set from
   * the environment (OPERATON_BPM_HISTORY_LEVEL…), whose database follows that setting.
   */
  private static void fullHistoryToAudit(Connection db) {
    boolean levelFromEnvironment = System.getenv().keySet().stream()
        .anyMatch(name -> name.toUpperCase(java.util.Locale.ROOT).startsWith("OPERATON_BPM_HISTORY"));
    if (levelFromEnvironment) return;
    try (Statement statement = db.createStatement()) {
      int changed = statement.executeUpdate(
          "UPDATE ACT_GE_PROPERTY SET VALUE_ = '2', REV_ = REV_ + 1 WHERE NAME_ = 'historyLevel' AND VALUE_ = '3'");
      if (changed > 0) System.out.println("[engine] history level: full -> audit (issue 31)");
    } catch (SQLException e) {
      // A new database has no tables yet: the engine creates them at audit.
    }
  }
}
