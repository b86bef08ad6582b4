package platform.engine.safety;

import java.lang.reflect.Method;

import jakarta.el.CompositeELResolver;
import jakarta.el.ELContext;
import jakarta.el.ELResolver;
import jakarta.el.FunctionMapper;
import jakarta.el.MethodNotFoundException;
import jakarta.el.PropertyNotFoundException;

import org.operaton.bpm.engine.impl.el.JuelExpressionManager;
import org.operaton.bpm.engine.impl.el.VariableContextElResolver;
import org.operaton.bpm.engine.impl.el.VariableScopeElResolver;

/**
 * Operaton's JUEL expression manager with a resolver chain that reads variables and nothing else.
 * Operaton's own chain ends with bean, array, list and map resolvers, and JUEL invokes any public method
 * through them ({@code ''.getClass().forName(…)} reaches java.lang.Runtime). Here a name resolves to a
 * variable of the scope (or of a DMN variable context); any property, index or method of a value —
 * {@code x.y}, {@code x[0]}, {@code x.m()} — throws, and no functions are bound (the engine's
 * {@code now()}, {@code dateTime()}, {@code currentUser()} return objects whose methods are the point).
 * The deploy-time allow-list (BpmnAllowList) refuses such expressions already; this is the second wall.
 */
public class VariablesOnlyExpressionManager extends JuelExpressionManager {

  public VariablesOnlyExpressionManager() {
    super(null);
  }

  @Override
  public void addFunction(String name, Method function) {
    // The engine registers its functions here at start; none is bound.
  }

  @Override
  protected ELResolver createElResolver() {
    CompositeELResolver resolver = new CompositeELResolver();
    resolver.add(new VariableScopeElResolver());
    resolver.add(new VariableContextElResolver());
    resolver.add(new NoMemberResolver());
    return resolver;
  }

  @Override
  protected FunctionMapper createFunctionMapper() {
    return new FunctionMapper() {
      @Override
      public Method resolveFunction(String prefix, String localName) {
        return null;
      }
    };
  }

  /**
   * Last in the chain: a member of a value (property, index, method) is refused outright instead of being
   * left unresolved, so no later resolver or fallback can reach it.
   */
  static final class NoMemberResolver extends ELResolver {

    @Override
    public Object getValue(ELContext context, Object base, Object property) {
      if (base == null) return null; // an unknown variable: JUEL reports it as unresolved
      throw new PropertyNotFoundException("Expressions may read process variables only, not '" + property
          + "' of a value");
    }

    @Override
    public Object invoke(ELContext context, Object base, Object method, Class<?>[] paramTypes, Object[] params) {
      throw new MethodNotFoundException("Expressions cannot call methods ('" + method + "')");
    }

    @Override
    public Class<?> getType(ELContext context, Object base, Object property) {
      if (base == null) return null;
      throw new PropertyNotFoundException("Expressions may read process variables only");
    }

    @Override
    public void setValue(ELContext context, Object base, Object property, Object value) {
      throw new PropertyNotFoundException("Expressions cannot write");
    }

    @Override
    public boolean isReadOnly(ELContext context, Object base, Object property) {
      return true;
    }

    @Override
    public Class<?> getCommonPropertyType(ELContext context, Object base) {
      return null;
    }
  }
}
