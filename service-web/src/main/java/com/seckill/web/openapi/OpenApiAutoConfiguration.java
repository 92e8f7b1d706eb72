package com.seckill.web.openapi;

import com.seckill.common.error.ErrorCode;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The OpenAPI document of an inner service, as clients reach it through the gateway: a bearer JWT
 * ("Authorize" in the Swagger UI), and for every operation the problem codes it can answer, each
 * with its status and an example body. Internal endpoints are left out ({@code springdoc.paths-to-exclude}).
 */
@AutoConfiguration
@ConditionalOnClass(OpenAPI.class)
public class OpenApiAutoConfiguration {

    static final String PROBLEM = "Problem";
    static final String BEARER = "bearer";

    @Bean
    OpenAPI serviceApi(Environment environment) {
        String name = environment.getProperty("spring.application.name", "service");
        return new OpenAPI()
                .info(new Info().title(name).version("1")
                        .description(environment.getProperty("seckill.api.description", name)
                                + " Every call goes through the gateway (port 8080) with "
                                + "`Authorization: Bearer <JWT>`; errors are RFC 9457 problems with a stable `code`."))
                // relative: "Try it out" goes through the gateway that served the page, never to the service
                .servers(List.of(new Server().url("/").description("the gateway")))
                .addSecurityItem(new SecurityRequirement().addList(BEARER))
                .components(new Components()
                        .addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                                .bearerFormat("JWT").description("A shopper's or an administrator's token"))
                        .addSchemas(PROBLEM, problemSchema()));
    }

    /** Adds every {@link Answers answered} problem code to the operation's responses. */
    @Bean
    OperationCustomizer problemAnswers() {
        return (operation, handler) -> {
            Answers answers = handler.getMethodAnnotation(Answers.class);
            if (answers == null) {
                return operation;
            }
            ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
            Map<Integer, List<ErrorCode>> byStatus = new LinkedHashMap<>();
            for (ErrorCode code : answers.value()) {
                byStatus.computeIfAbsent(code.status(), s -> new java.util.ArrayList<>()).add(code);
            }
            byStatus.forEach((status, codes) -> {
                MediaType problem = new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM));
                for (ErrorCode code : codes) {
                    problem.addExamples(code.name(), new Example().summary(code.title()).value(Map.of(
                            "type", "about:blank", "title", code.title(), "status", code.status(),
                            "detail", "...", "code", code.name())));
                }
                responses.addApiResponse(String.valueOf(status), new ApiResponse()
                        .description(String.join(", ", codes.stream().map(ErrorCode::name).toList()))
                        .content(new Content().addMediaType("application/problem+json", problem)));
            });
            return operation.responses(responses);
        };
    }

    private static Schema<?> problemSchema() {
        return new ObjectSchema().description("RFC 9457 problem; clients branch on code, never on the message")
                .addProperty("type", new StringSchema().example("about:blank"))
                .addProperty("title", new StringSchema())
                .addProperty("status", new IntegerSchema())
                .addProperty("detail", new StringSchema())
                .addProperty("instance", new StringSchema())
                .addProperty("code", new StringSchema()._enum(java.util.Arrays.stream(ErrorCode.values()).map(Enum::name).toList()));
    }
}
