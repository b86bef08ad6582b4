package platform.engine.safety;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConditionGrammarTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "${days > 3}",
      "${score > 0.8 && status == 'OK'}",
      "${route_split == 'long_review'}",
      "${approved}",
      "${not approved or (days ge 10 and empty reason)}",
      "${s == 'it\\'s \"quoted\"'}",
      "${count != -1}",
      "  ${x eq null}  ",
  })
  void allowed(String condition) {
    assertNull(ConditionGrammar.problem(condition), condition);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "${''.getClass().getName() == 'java.lang.String'}",
      "${s.length() > 3}",
      "${a.b}",
      "${a[0]}",
      "${fn:upper(a)}",
      "${upper(a)}",
      "${x = 1}",
      "${x -> x}",
      "${a; b}",
      "${a instanceof b}",
      "${a ? b : c}",
      "#{a}",
      "a > 3",
      "${a} ${b}",
      "${}",
      "${'unterminated}",
  })
  void refused(String condition) {
    assertNotNull(ConditionGrammar.problem(condition), condition);
  }
}
