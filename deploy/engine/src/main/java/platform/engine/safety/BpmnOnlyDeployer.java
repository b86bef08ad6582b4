package platform.engine.safety;

import java.util.List;
import java.util.Locale;

import org.operaton.bpm.engine.ParseException;
import org.operaton.bpm.engine.impl.persistence.deploy.Deployer;
import org.operaton.bpm.engine.impl.persistence.entity.DeploymentEntity;
import org.operaton.bpm.engine.impl.xml.ProblemImpl;

/**
 * A new deployment holds BPMN only. DMN and CMMN carry expressions (and DMN script languages) that the
 * BPMN allow-list never sees, and the platform deploys neither, so they are refused with the same 400 as
 * a refused BPMN document.
 */
public class BpmnOnlyDeployer implements Deployer {

  @Override
  public void deploy(DeploymentEntity deployment) {
    if (!deployment.isNew() || deployment.getResources() == null) return;
    for (String name : deployment.getResources().keySet()) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (!lower.endsWith(".bpmn") && !lower.endsWith(".bpmn20.xml")) {
        String message = "The platform deploys BPMN only (.bpmn): '" + name + "' is refused / 平台只部署 BPMN（.bpmn）：拒绝 "
            + name;
        throw new ParseException(message, name, List.of(new ProblemImpl(message, null)), List.of());
      }
    }
  }
}
