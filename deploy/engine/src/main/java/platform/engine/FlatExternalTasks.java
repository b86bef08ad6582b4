package platform.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.operaton.bpm.engine.delegate.ExecutionListener;

import org.operaton.bpm.engine.impl.bpmn.behavior.ExternalTaskActivityBehavior;
import org.operaton.bpm.engine.impl.bpmn.behavior.MultiInstanceActivityBehavior;
import org.operaton.bpm.engine.impl.bpmn.parser.BpmnParseListener;
import org.operaton.bpm.engine.impl.bpmn.parser.BpmnParseUtil;
import org.operaton.bpm.engine.impl.persistence.entity.ExecutionEntity;
import org.operaton.bpm.engine.impl.persistence.entity.ExternalTaskEntity;
import org.operaton.bpm.engine.impl.persistence.entity.ProcessDefinitionEntity;
import org.operaton.bpm.engine.impl.pvm.process.ActivityImpl;
import org.operaton.bpm.engine.impl.pvm.process.ScopeImpl;
import org.operaton.bpm.engine.impl.util.xml.Element;

/**
 * External tasks without a scope execution of their own, in processes that ask for it (issue 31).
 *
 * <p>Operaton makes every external service task a scope, so each one runs in a child execution of its
 * own: an insert and a delete of {@code ACT_RU_EXECUTION} and several reads of it per task, about a
 * tenth of a mission's statements. A scope is what local variables, input/output mappings and
 * boundary events need; a user task, which has none of them, is no scope and runs in its parent's
 * execution. The platform's agent tasks have none either: the worker completes them with process
 * variables only.
 *
 * <p>A process whose {@code camunda:properties} hold {@value #PROPERTY}{@code =true} (the platform's
 * compiler writes it, {@code packages/bpmn}) gets its external tasks unscoped once parsed, except those
 * with an input/output mapping, a boundary event or multi-instance, which keep the scope the engine
 * gives them. Only the marker decides, not the engine's version: a definition is parsed again after
 * every restart, and an instance started under one shape of its definition must find the same shape
 * later. Definitions deployed without the marker (all those deployed before it) keep their scopes.
 *
 * <p>One thing the engine did through the scope: a cancelled scope's execution is removed, and its
 * external tasks with it. A cancelled non-scope activity leaves its execution, which Operaton only
 * interrupts ({@code ExecutionEntity.interrupt} removes user tasks, not external tasks): cancelling the
 * only running task of an instance and starting another one (a modification in that order) left the
 * cancelled task fetchable. So each unscoped task also gets a built-in end listener ({@link
 * #REMOVE_LEFT_TASKS}; built-in, so a modification's skipCustomListeners does not skip it) that deletes
 * what its activity instance left. A completed task is deleted before its activity ends, so on a
 * completion the listener finds none and reads nothing.
 */
public class FlatExternalTasks implements BpmnParseListener {

  /** The process property that asks for unscoped external tasks. */
  public static final String PROPERTY = "platform.flatExternalTasks";

  @Override
  public void parseProcess(Element processElement, ProcessDefinitionEntity definition) {
    if (!asked(processElement)) return;
    Set<ScopeImpl> withEvents = new HashSet<>();
    collectEventScopes(definition.getActivities(), withEvents);
    flatten(definition.getActivities(), withEvents);
  }

  private static boolean asked(Element processElement) {
    Element properties = BpmnParseUtil.findOperatonExtensionElement(processElement, "properties");
    if (properties == null) return false;
    for (Element property : properties.elements()) {
      if (PROPERTY.equals(property.attribute("name")) && "true".equals(property.attribute("value"))) {
        return true;
      }
    }
    return false;
  }

  /** The scopes some event is attached to (boundary events) or waits in. */
  private static void collectEventScopes(List<ActivityImpl> activities, Set<ScopeImpl> scopes) {
    for (ActivityImpl activity : activities) {
      if (activity.getEventScope() != null) scopes.add(activity.getEventScope());
      collectEventScopes(activity.getActivities(), scopes);
    }
  }

  private static void flatten(List<ActivityImpl> activities, Set<ScopeImpl> withEvents) {
    for (ActivityImpl activity : activities) {
      if (flattens(activity, withEvents)) {
        activity.setScope(false);
        activity.addBuiltInListener(ExecutionListener.EVENTNAME_END, REMOVE_LEFT_TASKS);
      }
      flatten(activity.getActivities(), withEvents);
    }
  }

  /** Deletes the external tasks the ending activity instance still has on its execution. */
  static final ExecutionListener REMOVE_LEFT_TASKS = execution -> {
    ExecutionEntity entity = (ExecutionEntity) execution;
    String activityInstanceId = entity.getActivityInstanceId();
    for (ExternalTaskEntity task : new ArrayList<>(entity.getExternalTasks())) {
      if (activityInstanceId != null && activityInstanceId.equals(task.getActivityInstanceId())) {
        task.delete();
      }
    }
  };

  private static boolean flattens(ActivityImpl activity, Set<ScopeImpl> withEvents) {
    return activity.getActivityBehavior() instanceof ExternalTaskActivityBehavior
        && activity.isScope()
        && activity.getIoMapping() == null
        && !withEvents.contains(activity)
        && !(activity.getFlowScope() instanceof ActivityImpl parent
            && parent.getActivityBehavior() instanceof MultiInstanceActivityBehavior);
  }
}
