package platform.engine.safety;

import java.util.List;

import org.operaton.bpm.engine.impl.bpmn.parser.BpmnParse;
import org.operaton.bpm.engine.impl.bpmn.parser.BpmnParser;
import org.operaton.bpm.engine.impl.cfg.BpmnParseFactory;

/**
 * Checks every BPMN document against {@link BpmnAllowList} as soon as its XML is read, before the engine
 * parses a single element: parsing already loads and instantiates classes a document names (a form
 * handler, for one), so a parse listener, which runs afterwards, would be too late. Each problem becomes
 * an error of the parse, which the engine turns into its ParseException and the REST API into 400 with
 * the problems (and their element ids) as details.
 */
public class AllowListBpmnParseFactory implements BpmnParseFactory {

  @Override
  public BpmnParse createBpmnParse(BpmnParser parser) {
    return new AllowListBpmnParse(parser);
  }

  static final class AllowListBpmnParse extends BpmnParse {
    AllowListBpmnParse(BpmnParser parser) {
      super(parser);
    }

    @Override
    protected void parseRootElement() {
      List<BpmnAllowList.Problem> problems = BpmnAllowList.problems(rootElement);
      if (problems.isEmpty()) {
        super.parseRootElement();
        return;
      }
      for (BpmnAllowList.Problem problem : problems) {
        addError("The platform refuses this BPMN: " + problem.message(), problem.element());
      }
    }
  }
}
