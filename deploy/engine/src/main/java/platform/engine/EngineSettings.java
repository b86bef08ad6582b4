package platform.engine;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The engine's configuration, read once from the environment (the same variables and `.env` as the
 * platform's Node services) and checked before Spring starts, so that a bad value stops the process
 * with a message naming the variable.
 *
 * <ul>
 *   <li>ENGINE_HOST / ENGINE_PORT: where the REST API and the webapps listen (127.0.0.1 / 8085).</li>
 *   <li>ENGINE_DB_URL: {@code mysql://user:pass@host:port/db} (as the Node services write it) or a
 *       {@code jdbc:mariadb://} / {@code jdbc:mysql://} URL; the database is created if missing.</li>
 *   <li>ENGINE_USER / ENGINE_PASSWORD: the engine's service account (HTTP basic on /engine-rest and the
 *       webapps' sign-in, member of operaton-admin).</li>
 *   <li>ENGINE_TOKEN: bearer token accepted on /engine-rest as that account. Either credential suffices
 *       (as for the embedded engine): with a token alone, the account takes no basic sign-in.</li>
 *   <li>ENGINE_PROXY_SECRET: optional; enables single sign-on to the webapps for a proxy (the gateway)
 *       that sends it with the user's name.</li>
 *   <li>ENGINE_METRICS_PORT / ENGINE_METRICS_HOST: Prometheus figures at /actuator/prometheus on a
 *       management port of their own (0, the default: off), loopback unless set.</li>
 *   <li>NODE_ENV=production (or the Spring profile "production"): ENGINE_PASSWORD or ENGINE_TOKEN is
 *       required, and every secret set must be strong.</li>
 * </ul>
 */
public record EngineSettings(
    boolean production,
    String host,
    int port,
    String jdbcUrl,
    String dbUser,
    String dbPassword,
    String dbDisplay,
    String user,
    /** The service account's basic password; null when only ENGINE_TOKEN is set. */
    String password,
    boolean passwordGenerated,
    String token,
    String proxySecret,
    /** Prometheus figures at /actuator/prometheus on this port (0: off), on metricsHost. */
    int metricsPort,
    String metricsHost) {

  public static final String DEFAULT_DB_URL = "mysql://root@127.0.0.1:3306/platform_engine";
  /** The same default as the embedded engine and its clients (packages/engine). */
  public static final String DEFAULT_USER = "platform";
  /** The platform's rule for production secrets (packages/nest-common assertStrongSecret). */
  static final int STRONG_SECRET_LENGTH = 32;

  private static final Pattern USER_ID = Pattern.compile("[A-Za-z0-9]{1,64}");
  private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final Set<String> KNOWN_WEAK_SECRETS = Set.of(
      "", "secret", "changeme", "change-me", "password", "admin123", "admin", "123456",
      "abcdefghijklmnopqrstuvwxyz", "development-only-secret", "demo", "engine", "operaton", "camunda",
      "platform");

  /** A value the engine cannot run with; the message names the variable(s). */
  public static final class InvalidSettings extends RuntimeException {
    InvalidSettings(List<String> problems) {
      super("Invalid environment:\n  " + String.join("\n  ", problems));
    }
  }

  public static EngineSettings fromEnv(Map<String, String> env) {
    List<String> problems = new ArrayList<>();
    boolean production = isProduction(env);

    String host = value(env, "ENGINE_HOST", "127.0.0.1");
    try {
      InetAddress.getByName(host);
    } catch (UnknownHostException | SecurityException e) {
      problems.add("ENGINE_HOST: not an address or a known host name: '" + host + "'");
    }
    int port = port(env, "ENGINE_PORT", "8085", problems);

    Database db = database(value(env, "ENGINE_DB_URL", DEFAULT_DB_URL), problems);

    String user = value(env, "ENGINE_USER", DEFAULT_USER);
    if (!USER_ID.matcher(user).matches()) {
      problems.add("ENGINE_USER: letters and digits only (1-64), got '" + user + "'");
    }

    // The REST API always requires credentials: basic (ENGINE_PASSWORD) or bearer (ENGINE_TOKEN), either
    // one, as packages/engine accepts them.
    String password = value(env, "ENGINE_PASSWORD", null);
    String token = value(env, "ENGINE_TOKEN", null);
    boolean passwordGenerated = false;
    if (password != null) {
      checkSecret("ENGINE_PASSWORD", password, production, problems);
    } else if (token == null && production) {
      problems.add("ENGINE_PASSWORD or ENGINE_TOKEN: one is required in production"
          + " (the REST API always requires credentials)");
    } else if (token == null) {
      password = randomSecret();
      passwordGenerated = true;
    }
    if (token != null) checkSecret("ENGINE_TOKEN", token, production, problems);
    String proxySecret = value(env, "ENGINE_PROXY_SECRET", null);
    if (proxySecret != null) checkSecret("ENGINE_PROXY_SECRET", proxySecret, production, problems);

    int metricsPort = metricsPort(env, problems);
    String metricsHost = value(env, "ENGINE_METRICS_HOST", "127.0.0.1");

    if (!problems.isEmpty()) throw new InvalidSettings(problems);
    return new EngineSettings(production, host, port, db.jdbcUrl, db.user, db.password, db.display,
        user, password, passwordGenerated, token, proxySecret, metricsPort, metricsHost);
  }

  /** The Spring properties that come from the environment; they take precedence over application.yaml. */
  public Map<String, Object> springProperties() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("server.address", host);
    props.put("server.port", port);
    props.put("spring.datasource.url", jdbcUrl);
    props.put("spring.datasource.driver-class-name", "org.mariadb.jdbc.Driver");
    if (dbUser != null) props.put("spring.datasource.username", dbUser);
    if (dbPassword != null) props.put("spring.datasource.password", dbPassword);
    // The management port is the actuator's alone (Prometheus); -1 turns its endpoints off entirely.
    props.put("management.server.port", metricsPort > 0 ? metricsPort : -1);
    props.put("management.server.address", metricsHost);
    return props;
  }

  @Override
  public String toString() {
    // Never print the secrets.
    return "EngineSettings[production=" + production + ", host=" + host + ", port=" + port + ", db=" + dbDisplay
        + ", user=" + user + ", token=" + (token != null) + ", proxySso=" + (proxySecret != null) + "]";
  }

  private static boolean isProduction(Map<String, String> env) {
    if ("production".equals(env.get("NODE_ENV"))) return true;
    String profiles = env.getOrDefault("SPRING_PROFILES_ACTIVE", "");
    for (String profile : profiles.split(",")) {
      if (profile.trim().equals("production")) return true;
    }
    return false;
  }

  /** The variable's value; unset and empty both mean the default (as the Node services read them). */
  private static String value(Map<String, String> env, String name, String fallback) {
    String v = env.get(name);
    return v == null || v.isEmpty() ? fallback : v;
  }

  private static int metricsPort(Map<String, String> env, List<String> problems) {
    String text = value(env, "ENGINE_METRICS_PORT", "0");
    return "0".equals(text.trim()) ? 0 : port(env, "ENGINE_METRICS_PORT", "0", problems);
  }

  private static int port(Map<String, String> env, String name, String fallback, List<String> problems) {
    String text = value(env, name, fallback);
    try {
      int port = Integer.parseInt(text.trim());
      if (port >= 1 && port <= 65535) return port;
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(name + ": must be a port number (1-65535), got '" + text + "'");
    return 0;
  }

  private static void checkSecret(String name, String value, boolean production, List<String> problems) {
    if (!production) return;
    if (value.length() < STRONG_SECRET_LENGTH || KNOWN_WEAK_SECRETS.contains(value.toLowerCase(Locale.ROOT))) {
      problems.add(name + ": a strong secret (" + STRONG_SECRET_LENGTH
          + "+ characters, not a sample value) is required in production");
    }
  }

  public static String randomSecret() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * MariaDB driver options: create the database when missing, and answer metadata questions (the engine's
   * "are my tables there?") about this database only; without it, ACT_ tables in another database on the
   * same server make the engine skip creating its schema.
   */
  private static final List<String> DRIVER_OPTIONS = List.of("createDatabaseIfNotExist=true",
      "nullDatabaseMeansCurrent=true");

  private record Database(String jdbcUrl, String user, String password, String display) {}

  private static Database database(String url, List<String> problems) {
    String lower = url.toLowerCase(Locale.ROOT);
    if (lower.startsWith("jdbc:mariadb://") || lower.startsWith("jdbc:mysql://")) {
      // A JDBC URL carries its own user and password (user=…&password=…); the MariaDB driver is used for both.
      String jdbc = "jdbc:mariadb://" + url.substring(url.indexOf("://") + 3);
      for (String option : DRIVER_OPTIONS) {
        String name = option.substring(0, option.indexOf('=')).toLowerCase(Locale.ROOT);
        if (!lower.contains(name)) jdbc += (jdbc.contains("?") ? "&" : "?") + option;
      }
      return new Database(jdbc, null, null, jdbc.replaceAll("(?i)(password=)[^&]*", "$1***"));
    }
    if (!lower.startsWith("mysql://") && !lower.startsWith("mariadb://")) {
      problems.add("ENGINE_DB_URL: must look like mysql://user:password@host:3306/database"
          + " (or a jdbc:mariadb:// URL)");
      return new Database(null, null, null, null);
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      problems.add("ENGINE_DB_URL: not a valid URL (" + e.getReason() + "); expected mysql://user:password@host:3306/database");
      return new Database(null, null, null, null);
    }
    String host = uri.getHost();
    String database = uri.getRawPath() == null ? "" : decode(uri.getRawPath().replaceFirst("^/", ""));
    if (host == null || host.isEmpty()) {
      problems.add("ENGINE_DB_URL: has no host; expected mysql://user:password@host:3306/database");
    }
    if (!DATABASE_NAME.matcher(database).matches()) {
      problems.add("ENGINE_DB_URL: the database name must be letters, digits and _ (1-64), got '" + database + "'");
    }
    int port = uri.getPort() == -1 ? 3306 : uri.getPort();
    String user = "root";
    String password = "";
    String userInfo = uri.getRawUserInfo();
    if (userInfo != null && !userInfo.isEmpty()) {
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? "" : decode(userInfo.substring(colon + 1));
      if (user.isEmpty()) user = "root";
    }
    String jdbc = "jdbc:mariadb://" + host + ":" + port + "/" + database + "?" + String.join("&", DRIVER_OPTIONS);
    return new Database(jdbc, user, password, user + "@" + host + ":" + port + "/" + database);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
