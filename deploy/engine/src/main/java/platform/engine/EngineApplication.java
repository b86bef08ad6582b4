package platform.engine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

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
    try (Connection ignored = DriverManager.getConnection(settings.jdbcUrl(), settings.dbUser(), settings.dbPassword())) {
      // reachable, and the database exists now
    } catch (SQLException e) {
      System.err.println("[engine] ENGINE_DB_URL: cannot open the database " + settings.dbDisplay() + ": "
          + e.getMessage());
      System.exit(3);
    }
  }
}
