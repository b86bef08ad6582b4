package platform.engine.safety;

import java.util.List;

import org.operaton.bpm.engine.BpmnParseException;
import org.operaton.bpm.engine.impl.bpmn.parser.AbstractBpmnParseListener;
import org.operaton.bpm.engine.impl.persistence.entity.ProcessDefinitionEntity;
import org.operaton.bpm.engine.impl.util.xml.Element;

/**
 * Refuses a BPMN document outside {@link BpmnAllowList}. It runs as a pre-parse listener once the
 * document is read and before the deployment is stored: the BpmnParseException becomes Operaton's
 * ParseException, which the REST API answers with 400 and the problems as details. Nothing of the
 * document has run by then (parsing creates expressions, it does not evaluate them).
 */
public class AllowListParseListener extends AbstractBpmnParseListener {

  @Override
  public void parseRootElement(Element rootElement, List<ProcessDefinitionEntity> processDefinitions) {
    List<BpmnAllowList.Problem> problems = BpmnAllowList.problems(rootElement);
    if (!problems.isEmpty()) {
      throw new BpmnParseException("The platform refuses this BPMN: " + BpmnAllowList.describe(problems)
          + " / 平台拒绝部署此 BPMN", problems.get(0).element());
    }
  }
}
