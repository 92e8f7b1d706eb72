package com.seckill.gateway.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The gateway's own OpenAPI document (sign-in, blacklist), listed with the services' in its Swagger UI. */
@Configuration(proxyBeanMethods = false)
class GatewayApi {

    @Bean
    OpenAPI openApi() {
        return new OpenAPI()
                .info(new Info().title("gateway-service").version("1").description("The public entry's own operations: the "
                        + "demo sign-in (local profile) and the blacklist (ADMIN). Errors are RFC 9457 problems with a stable `code`."))
                .servers(List.of(new Server().url("/").description("the gateway")))
                .addSecurityItem(new SecurityRequirement().addList("bearer"))
                .components(new Components().addSecuritySchemes("bearer", new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")));
    }
}
