package platform.engine;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.Supplier;
import org.operaton.bpm.engine.ProcessEngine;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The engine's own figures beside the JVM's, HTTP's and the pool's that Spring Boot's actuator gives
 * (ENGINE_METRICS_PORT): counts read from the engine's tables when Prometheus scrapes, so an operator
 * sees running instances, open incidents, waiting work and jobs due without opening Cockpit.
 */
@Configuration
public class EngineMetrics {

  @Bean
  MeterBinder engineFigures(ProcessEngine engine) {
    return registry -> {
      gauge(registry, "operaton.process.instances", "Process instances running (not suspended).",
          () -> engine.getRuntimeService().createProcessInstanceQuery().active().count());
      gauge(registry, "operaton.incidents", "Open incidents.",
          () -> engine.getRuntimeService().createIncidentQuery().count());
      gauge(registry, "operaton.user.tasks", "Open user tasks.",
          () -> engine.getTaskService().createTaskQuery().active().count());
      gauge(registry, "operaton.jobs.executable", "Jobs due and not failed out of retries.",
          () -> engine.getManagementService().createJobQuery().executable().count());
      Gauge.builder("operaton.external.tasks",
              () -> engine.getExternalTaskService().createExternalTaskQuery().locked().count())
          .description("External tasks by state.").tag("state", "locked").register(registry);
      Gauge.builder("operaton.external.tasks",
              () -> engine.getExternalTaskService().createExternalTaskQuery().notLocked().count())
          .description("External tasks by state.").tag("state", "waiting").register(registry);
    };
  }

  private static void gauge(MeterRegistry registry, String name, String help, Supplier<Number> count) {
    Gauge.builder(name, count).description(help).register(registry);
  }
}
