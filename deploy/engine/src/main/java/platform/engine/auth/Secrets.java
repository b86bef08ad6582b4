package platform.engine.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Secret comparison in constant time: both sides are hashed first, so neither content nor length leaks. */
final class Secrets {
  private Secrets() {}

  static byte[] digest(String value) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** True when {@code presented} equals the secret whose digest is {@code expected}; false for null. */
  static boolean matches(String presented, byte[] expected) {
    if (presented == null || expected == null) return false;
    return MessageDigest.isEqual(digest(presented), expected);
  }
}
