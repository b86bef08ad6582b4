package platform.engine.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import javax.xml.parsers.SAXParserFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.helpers.DefaultHandler;

import org.operaton.bpm.engine.impl.util.xml.Element;

/**
 * The allow-list on the element tree the engine builds (the same Element class, filled from a
 * namespace-aware SAX parse as Operaton's own parser fills it), with the shared fixtures of
 * packages/engine/test/fixtures: every unsafe file is refused, the platform's own BPMN passes.
 */
class BpmnAllowListTest {

  private static final Path FIXTURES = Path.of("..", "..", "packages", "engine", "test", "fixtures");

  static Element parse(String xml) throws Exception {
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setNamespaceAware(true);
    Deque<Element> open = new ArrayDeque<>();
    Element[] root = new Element[1];
    factory.newSAXParser().parse(new InputSource(new StringReader(xml)), new DefaultHandler() {
      @Override
      public void startElement(String uri, String localName, String qName, Attributes attributes) {
        Element element = new Element(uri, localName, qName, attributes, null);
        if (open.isEmpty()) root[0] = element;
        else open.peek().add(element);
        open.push(element);
      }

      @Override
      public void characters(char[] ch, int start, int length) {
        if (!open.isEmpty()) open.peek().appendText(new String(ch, start, length));
      }

      @Override
      public void endElement(String uri, String localName, String qName) {
        open.pop();
      }
    });
    return root[0];
  }

  private static List<BpmnAllowList.Problem> problemsOf(String xml) throws Exception {
    return BpmnAllowList.problems(parse(xml));
  }

  private static String fixture(String name) throws IOException {
    return Files.readString(FIXTURES.resolve(name + ".bpmn"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"timer-start", "service-expression", "script-task", "class-listener", "name-expression",
      "assignee-expression", "due-date-expression", "form-key-expression", "topic-expression", "timer-expression",
      "loop-cardinality-expression", "condition-method-call"})
  void refusesEveryUnsafeFixture(String name) throws Exception {
    assertTrue(!problemsOf(fixture("unsafe/" + name)).isEmpty(), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"unsafe/safe-condition", "sequence", "exclusive", "parallel", "user-task", "message",
      "message-start", "timer", "boundary-timer", "boundary-error", "multi-instance", "subprocess-events",
      "crash-burst"})
  void passesThePlatformsOwnBpmn(String name) throws Exception {
    assertEquals(List.of(), problemsOf(fixture(name)).stream().map(BpmnAllowList.Problem::message).toList(), name);
  }

  private static String process(String body) {
    return """
        <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
            xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:operaton="http://operaton.org/schema/1.0/bpmn"
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="t">
          <bpmn:process id="p" isExecutable="true">%s</bpmn:process>
        </bpmn:definitions>""".formatted(body);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // the operaton namespace is read by the engine as well as camunda's
      "<bpmn:serviceTask id='t' operaton:class='org.example.Run' />",
      "<bpmn:userTask id='t' camunda:formHandlerClass='org.example.Handler' />",
      "<bpmn:endEvent id='e' camunda:asyncBefore='true' camunda:jobPriority='${x}' />",
      "<bpmn:userTask id='t'><bpmn:extensionElements><camunda:inputOutput /></bpmn:extensionElements></bpmn:userTask>",
      "<bpmn:sequenceFlow id='f' sourceRef='a' targetRef='b'><bpmn:conditionExpression language='groovy'>true</bpmn:conditionExpression></bpmn:sequenceFlow>",
      "<bpmn:sequenceFlow id='f' sourceRef='a' targetRef='b'><bpmn:conditionExpression>${a.b}</bpmn:conditionExpression></bpmn:sequenceFlow>",
      "<bpmn:userTask id='t'><bpmn:multiInstanceLoopCharacteristics camunda:collection='${docs.subList(0, 1)}' /></bpmn:userTask>",
      "<bpmn:callActivity id='c' calledElement='other' />",
      "<bpmn:intermediateThrowEvent id='e'><bpmn:messageEventDefinition /></bpmn:intermediateThrowEvent>",
      "<bpmn:intermediateCatchEvent id='e'><bpmn:signalEventDefinition /></bpmn:intermediateCatchEvent>",
      "<bpmn:userTask id='t'><bpmn:extensionElements><camunda:formData><camunda:formField id='f' type='string'><camunda:validation><camunda:constraint name='org.example.Check' /></camunda:validation></camunda:formField></camunda:formData></bpmn:extensionElements></bpmn:userTask>",
      "<bpmn:userTask id='t' name='#{x}' />",
  })
  void refuses(String body) throws Exception {
    assertTrue(!problemsOf(process(body)).isEmpty(), body);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "<bpmn:serviceTask id='t' camunda:type='external' camunda:topic='agent' camunda:asyncBefore='true' />",
      "<bpmn:userTask id='t' camunda:candidateGroups='admin' />",
      "<bpmn:userTask id='t'><bpmn:multiInstanceLoopCharacteristics camunda:collection='${docs}' camunda:elementVariable='doc' /></bpmn:userTask>",
      "<bpmn:userTask id='t'><bpmn:extensionElements><camunda:formData><camunda:formField id='f' label='Reason' type='string' defaultValue='none'><camunda:validation><camunda:constraint name='required' /></camunda:validation></camunda:formField></camunda:formData></bpmn:extensionElements></bpmn:userTask>",
      "<bpmn:intermediateCatchEvent id='e'><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type='bpmn:tFormalExpression'>PT5M</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>",
      "<bpmn:sequenceFlow id='f' sourceRef='a' targetRef='b'><bpmn:conditionExpression xsi:type='bpmn:tFormalExpression'>${route_g == 'x' &amp;&amp; score &gt; 0.8}</bpmn:conditionExpression></bpmn:sequenceFlow>",
  })
  void allows(String body) throws Exception {
    assertEquals(List.of(), problemsOf(process(body)).stream().map(BpmnAllowList.Problem::message).toList(), body);
  }

  @Test
  void namesEveryProblemWithItsElement() throws Exception {
    List<BpmnAllowList.Problem> problems = problemsOf(process(
        "<bpmn:scriptTask id='s' /><bpmn:userTask id='t' camunda:assignee=\"${x.getClass()}\" />"));
    assertEquals(List.of("s", "t"), problems.stream().map(p -> p.element().attribute("id")).toList());
  }
}
