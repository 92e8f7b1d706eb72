package com.seckill.web.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.http.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;

/** Input rules every inner service applies before a controller sees a request. */
@AutoConfiguration(before = HttpMessageConvertersAutoConfiguration.class)
public class EdgeAutoConfiguration {

    @Bean
    PlainIds plainIds() {
        return new PlainIds();
    }

    /** Replaces Boot's JSON converter: the same mapper, behind a UTF-8 check. */
    @Bean
    MappingJackson2HttpMessageConverter mappingJackson2HttpMessageConverter(ObjectMapper json) {
        return new WellFormedJsonConverter(json);
    }

    /**
     * Tomcat answers what it refuses itself (an invalid URI, a bad header) through the host's error
     * report valve, as an HTML page: the problem valve takes its place. Boot adds its plain valve in a
     * context customizer of its own, so the swap waits for the context to start, when every customizer
     * has run, whatever their order.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemReports() {
        return factory -> factory.addContextCustomizers(context -> context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType()) && context.getParent() instanceof StandardHost host) {
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve && !(valve instanceof ProblemReportValve)) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                host.setErrorReportValveClass(ProblemReportValve.class.getName());
                if (Arrays.stream(host.getPipeline().getValves()).noneMatch(ProblemReportValve.class::isInstance)) {
                    host.getPipeline().addValve(new ProblemReportValve());
                }
            }
        }));
    }
}
