package platform.engine.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.el.ELContext;
import jakarta.el.ELException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.operaton.bpm.engine.impl.el.JuelExpressionManager;
import org.operaton.bpm.engine.impl.pvm.runtime.ExecutionImpl;
import org.operaton.bpm.engine.variable.Variables;

/**
 * The expression manager the engine runs with, evaluated the way the engine evaluates a BPMN expression
 * (its value expression against the execution's EL context): variables and operators work, every
 * method, property, index and function is refused.
 */
class VariablesOnlyExpressionManagerTest {

  private final JuelExpressionManager manager = new VariablesOnlyExpressionManager();

  private ExecutionImpl execution() {
    ExecutionImpl execution = new ExecutionImpl();
    execution.setVariable("days", 5);
    execution.setVariable("s", "text");
    execution.setVariable("status", "OK");
    execution.setVariable("list", java.util.List.of("a", "b"));
    return execution;
  }

  private Object evaluate(String expression) {
    ELContext context = manager.getElContext(execution());
    return manager.createValueExpression(expression).getValue(context);
  }

  @Test
  void variablesAndOperatorsStillWork() {
    assertEquals(true, evaluate("${days > 3}"));
    assertEquals(false, evaluate("${days le 3}"));
    assertEquals(true, evaluate("${status == 'OK' && !(days < 1) or empty s}"));
    assertEquals("text", evaluate("${s}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "${s.getClass()}",
      "${''.getClass().forName('java.lang.Runtime')}",
      "${''.getClass().forName('java.lang.Runtime').getRuntime().exec('id')}",
      "${s.length()}",
      "${s.bytes}",
      "${s.class}",
      "${list[0]}",
      "${list.size()}",
      "${execution.getProcessEngineServices()}",
      "${execution.processEngine}",
      "${now()}",
      "${dateTime()}",
      "${currentUser()}",
  })
  void methodsPropertiesAndFunctionsAreRefused(String expression) {
    assertThrows(ELException.class, () -> evaluate(expression));
  }

  @Test
  void functionsTheEngineRegistersAreNotBound() throws NoSuchMethodException {
    manager.addFunction("getRuntime", Runtime.class.getMethod("getRuntime"));
    assertThrows(ELException.class, () -> evaluate("${getRuntime()}"));
  }

  @Test
  void aDecisionsVariableContextIsReadTheSameWay() {
    ELContext context = manager.createElContext(Variables.putValue("s", "text").putValue("days", 5).asVariableContext());
    assertEquals(true, manager.createValueExpression("${days > 3}").getValue(context));
    assertThrows(ELException.class,
        () -> manager.createValueExpression("${s.getClass()}").getValue(context));
  }

  @Test
  void operatonsOwnManagerWouldCallTheMethod() {
    // What this class exists for: the stock manager answers the same expression.
    JuelExpressionManager stock = new JuelExpressionManager();
    ELContext context = stock.getElContext(execution());
    assertEquals((Object) 4, stock.createValueExpression("${s.length()}").getValue(context));
  }
}
