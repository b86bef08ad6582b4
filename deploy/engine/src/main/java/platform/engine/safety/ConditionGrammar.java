package platform.engine.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The only expressions deployed BPMN may hold: a sequence flow's condition (and a multi-instance
 * completion condition) written as {@code ${…}} over process variables with literals, comparisons,
 * boolean operators, parentheses and {@code empty}. Anything else a JUEL text can do — a method call,
 * a property or bracket access, a function, an assignment, a lambda — has no token here, so the text is
 * refused before the engine parses it. (The expression manager refuses the same things again at run
 * time; this check makes the refusal a 400 at deploy with the element's id.)
 */
public final class ConditionGrammar {
  private ConditionGrammar() {}

  private static final Pattern WRAPPED = Pattern.compile("\\A\\s*\\$\\{(.*)\\}\\s*\\z", Pattern.DOTALL);
  private static final Pattern TOKEN = Pattern.compile(
      "\\s+"
          + "|(?<id>[A-Za-z_][A-Za-z0-9_]*)"
          + "|(?<num>\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)"
          + "|(?<str>'(?:[^'\\\\]|\\\\['\"\\\\])*'|\"(?:[^\"\\\\]|\\\\['\"\\\\])*\")"
          + "|(?<op>==|!=|<=|>=|&&|\\|\\||[<>!()-])");
  /** Word operators and literals; every other identifier is a variable. */
  private static final Set<String> WORD_OPERATORS = Set.of("and", "or", "not", "eq", "ne", "lt", "gt", "le",
      "ge", "empty");
  private static final Set<String> WORD_LITERALS = Set.of("true", "false", "null");
  /** JUEL's other reserved words (instanceof, div, mod) are not part of the grammar. */
  private static final Set<String> RESERVED = Set.of("instanceof", "div", "mod");

  /** Why {@code text} is not an allowed condition, or null when it is. */
  public static String problem(String text) {
    Matcher wrapped = WRAPPED.matcher(text);
    if (!wrapped.matches()) return "a condition must be one ${…} expression";
    String body = wrapped.group(1);
    List<String> tokens = new ArrayList<>();
    Matcher token = TOKEN.matcher(body);
    int at = 0;
    while (at < body.length()) {
      if (!token.find(at) || token.start() != at) {
        return "a condition may hold variables, literals, comparisons, && || ! and ( ) only (found '"
            + body.substring(at, Math.min(body.length(), at + 12)) + "')";
      }
      if (!token.group().isBlank()) tokens.add(token.group());
      at = token.end();
    }
    return structureProblem(tokens);
  }

  private static String structureProblem(List<String> tokens) {
    if (tokens.isEmpty()) return "the condition is empty";
    for (int i = 0; i < tokens.size(); i++) {
      String current = tokens.get(i);
      String next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
      if (RESERVED.contains(current)) return "'" + current + "' is not allowed in a condition";
      boolean variable = isIdentifier(current) && !WORD_OPERATORS.contains(current)
          && !WORD_LITERALS.contains(current);
      // A name followed by "(" is a function call.
      if (variable && "(".equals(next)) return "a condition cannot call '" + current + "'";
      if ("-".equals(current) && (next == null || !Character.isDigit(next.charAt(0)))) {
        return "'-' is allowed before a number only";
      }
    }
    return null;
  }

  private static boolean isIdentifier(String token) {
    return Character.isLetter(token.charAt(0)) || token.charAt(0) == '_';
  }
}
