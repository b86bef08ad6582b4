package platform.engine.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.operaton.bpm.engine.impl.util.xml.Element;

/**
 * What deployed BPMN may contain, checked on the parsed XML tree (every element, attribute and text of
 * the document, not only what the engine's parser happens to read). The engine runs as a server
 * process with full Java reflection behind its expressions, scripts, listeners and delegates, so the
 * platform's BPMN is limited to what its workflows use: events, user tasks, external tasks, gateways,
 * sequence flows with simple conditions, message and literal timer events. See README.md.
 */
public final class BpmnAllowList {
  private BpmnAllowList() {}

  static final String BPMN = "http://www.omg.org/spec/BPMN/20100524/MODEL";
  /** Operaton reads its extensions under both names. */
  static final Set<String> ENGINE_EXTENSIONS = Set.of("http://camunda.org/schema/1.0/bpmn",
      "http://operaton.org/schema/1.0/bpmn");
  /** Diagram interchange: shapes and edges, never read by the engine. */
  private static final Set<String> DIAGRAM = Set.of("http://www.omg.org/spec/BPMN/20100524/DI",
      "http://www.omg.org/spec/DD/20100524/DC", "http://www.omg.org/spec/DD/20100524/DI");

  private static final Set<String> ELEMENTS = Set.of(
      "definitions", "process", "documentation", "extensionElements",
      "startEvent", "endEvent", "intermediateCatchEvent", "intermediateThrowEvent", "boundaryEvent",
      "userTask", "serviceTask", "sendTask", "businessRuleTask", "receiveTask", "manualTask", "task",
      "subProcess", "exclusiveGateway", "parallelGateway", "eventBasedGateway",
      "sequenceFlow", "conditionExpression", "incoming", "outgoing",
      "messageEventDefinition", "timerEventDefinition", "timeDuration", "timeDate", "timeCycle",
      "errorEventDefinition", "terminateEventDefinition", "message", "error",
      "multiInstanceLoopCharacteristics", "loopCardinality", "completionCondition",
      "laneSet", "lane", "flowNodeRef", "childLaneSet", "collaboration", "participant",
      "textAnnotation", "text", "association", "group", "category", "categoryValue");
  /** Tasks the engine would run in its own process unless they are external tasks. */
  private static final Set<String> EXTERNAL_ONLY = Set.of("serviceTask", "sendTask", "businessRuleTask");
  private static final Set<String> THROWING = Set.of("intermediateThrowEvent", "endEvent");
  private static final Set<String> TIMER_VALUES = Set.of("timeDuration", "timeDate", "timeCycle");
  private static final Set<String> CONDITIONS = Set.of("conditionExpression", "completionCondition");

  /**
   * Engine extension elements allowed: plain key/value properties, a literal retry cycle, and the
   * designer's forms (fields with literal labels and defaults, built-in constraints only).
   */
  private static final Set<String> EXTENSION_ELEMENTS = Set.of("properties", "property",
      "failedJobRetryTimeCycle", "formData", "formField", "validation", "constraint", "value");
  /** Operaton's built-in form constraints; any other name is a validator class or expression. */
  private static final Set<String> FORM_CONSTRAINTS = Set.of("required", "readonly", "minlength", "maxlength",
      "min", "max");
  /**
   * Engine extension attributes allowed; each must be a literal. Missing on purpose: class,
   * delegateExpression, expression, resultVariable, formHandlerClass, variableMappingClass,
   * variableMappingDelegateExpression, resource, scriptFormat, calledElement, decisionRef, caseRef.
   */
  private static final Set<String> EXTENSION_ATTRIBUTES = Set.of("type", "topic", "assignee", "candidateUsers",
      "candidateGroups", "dueDate", "followUpDate", "priority", "formKey", "formRef", "formRefBinding",
      "formRefVersion", "historyTimeToLive", "versionTag", "isStartableInTasklist", "candidateStarterGroups",
      "candidateStarterUsers", "jobPriority", "taskPriority", "asyncBefore", "asyncAfter", "async",
      "exclusive", "collection", "elementVariable", "initiator", "errorCodeVariable", "errorMessageVariable",
      "errorMessage", "modelerTemplate", "modelerTemplateVersion");

  /** ISO 8601 durations, dates and cycles (letters, digits and :.+-/,) — never an expression. */
  private static final Pattern ISO_8601 = Pattern.compile("[0-9A-Za-z:.+\\-/,]+");
  private static final Pattern LOOP_COUNT = Pattern.compile("\\d{1,4}");
  private static final Pattern ONE_VARIABLE = Pattern.compile("\\$\\{\\s*[A-Za-z_][A-Za-z0-9_]*\\s*\\}");
  /** Attributes that may name one process variable as {@code ${name}}: a multi-instance collection. */
  private static final Set<String> VARIABLE_ATTRIBUTES = Set.of("collection");

  /** One refused place of the document. */
  public record Problem(Element element, String message) {}

  /** Every problem of the document rooted at {@code definitions}; empty when it may be deployed. */
  public static List<Problem> problems(Element definitions) {
    List<Problem> problems = new ArrayList<>();
    walk(definitions, null, problems);
    return problems;
  }

  private static void walk(Element element, Element parent, List<Problem> problems) {
    String uri = element.getUri() == null ? "" : element.getUri();
    if (DIAGRAM.contains(uri)) return;
    if (ENGINE_EXTENSIONS.contains(uri)) {
      if (!EXTENSION_ELEMENTS.contains(element.getTagName())) {
        problems.add(new Problem(element, "the extension '" + element.getTagName()
            + "' is not allowed (listeners, scripts, connectors, variable mappings and delegates run code in"
            + " the engine) / 不允许使用扩展 " + element.getTagName()
            + "（监听器、脚本、连接器、变量映射和委托会在引擎中执行代码）"));
        return;
      }
    } else if (!BPMN.equals(uri)) {
      return; // another tool's extension: the engine does not read it
    } else if (!ELEMENTS.contains(element.getTagName())) {
      problems.add(new Problem(element, "the element '" + element.getTagName()
          + "' is not allowed in the platform's BPMN / 平台的 BPMN 不允许使用元素 " + element.getTagName()));
      return;
    }
    if ("constraint".equals(element.getTagName()) && ENGINE_EXTENSIONS.contains(uri)
        && !FORM_CONSTRAINTS.contains(element.attribute("name"))) {
      problems.add(new Problem(element, "the form constraint '" + element.attribute("name")
          + "' is not allowed (built-in constraints only) / 不允许使用表单约束 " + element.attribute("name") + "（只允许内置约束）"));
    }
    checkElement(element, parent, problems);
    checkAttributes(element, problems);
    for (Element child : element.elements()) walk(child, element, problems);
  }

  private static void checkElement(Element element, Element parent, List<Problem> problems) {
    String tag = element.getTagName();
    String text = element.getText() == null ? "" : element.getText().trim();
    if (EXTERNAL_ONLY.contains(tag) && !isExternalTask(element)) {
      problems.add(new Problem(element, "'" + id(element) + "' must be an external task (camunda:type=\"external\""
          + " with a literal camunda:topic) / " + id(element) + " 必须是外部任务（camunda:type=\"external\" 并指定固定的 topic）"));
    } else if ("timerEventDefinition".equals(tag) && parent != null && "startEvent".equals(parent.getTagName())) {
      problems.add(new Problem(parent, "timer start events are not allowed / 不允许使用定时启动事件"));
    } else if ("messageEventDefinition".equals(tag) && parent != null && THROWING.contains(parent.getTagName())) {
      problems.add(new Problem(parent, "throwing a message is not allowed; use an external task / 不允许发送消息，请改用外部任务"));
    } else if (TIMER_VALUES.contains(tag) && !ISO_8601.matcher(text).matches()) {
      problems.add(new Problem(element, "a timer must be a literal ISO 8601 duration, date or cycle / 定时器必须是固定的 ISO 8601 时长、日期或周期"));
    } else if ("loopCardinality".equals(tag) && !LOOP_COUNT.matcher(text).matches()) {
      problems.add(new Problem(element, "a loop cardinality must be a literal number / 循环次数必须是固定数字"));
    } else if (CONDITIONS.contains(tag)) {
      checkCondition(element, text, problems);
    } else if (hasExpression(text)) {
      problems.add(new Problem(element, expressionMessage(id(element))));
    }
  }

  private static void checkCondition(Element element, String text, List<Problem> problems) {
    if (element.attribute("language") != null) {
      problems.add(new Problem(element, "script conditions are not allowed / 不允许使用脚本条件"));
      return;
    }
    if (text.isEmpty()) return;
    String problem = ConditionGrammar.problem(text);
    if (problem != null) {
      problems.add(new Problem(element, "the condition " + text + " is refused: " + problem
          + " / 条件 " + text + " 被拒绝：只允许变量、字面量、比较、&& || ! 与括号"));
    }
  }

  private static void checkAttributes(Element element, List<Problem> problems) {
    for (String key : element.attributes()) {
      int colon = key.lastIndexOf(':');
      String namespace = colon < 0 ? "" : key.substring(0, colon);
      String name = colon < 0 ? key : key.substring(colon + 1);
      String value = element.attribute(key);
      if (ENGINE_EXTENSIONS.contains(namespace)) {
        if (!EXTENSION_ATTRIBUTES.contains(name)) {
          problems.add(new Problem(element, "the attribute camunda:" + name + " is not allowed / 不允许使用属性 camunda:" + name));
          continue;
        }
        if (VARIABLE_ATTRIBUTES.contains(name) && ONE_VARIABLE.matcher(value).matches()) continue;
      } else if ("language".equals(name)) {
        problems.add(new Problem(element, "scripts are not allowed / 不允许使用脚本"));
        continue;
      }
      if (hasExpression(value)) problems.add(new Problem(element, expressionMessage(id(element))));
    }
  }

  private static boolean isExternalTask(Element element) {
    String type = extensionAttribute(element, "type");
    String topic = extensionAttribute(element, "topic");
    return "external".equals(type) && topic != null && !topic.isBlank() && !hasExpression(topic);
  }

  private static String extensionAttribute(Element element, String name) {
    for (String namespace : ENGINE_EXTENSIONS) {
      String value = element.attribute(namespace + ":" + name);
      if (value != null) return value;
    }
    return null;
  }

  static boolean hasExpression(String text) {
    return text != null && (text.contains("${") || text.contains("#{"));
  }

  private static String expressionMessage(String where) {
    return "'" + where + "' holds an expression; only sequence-flow conditions may (and a multi-instance"
        + " collection may name one variable as ${name}) / " + where
        + " 含有表达式；只有顺序流条件可以使用表达式（多实例集合可用 ${变量名} 引用一个变量）";
  }

  private static String id(Element element) {
    String id = element.attribute("id");
    return id != null ? id : element.getTagName();
  }
}
