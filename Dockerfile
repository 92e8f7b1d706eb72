# syntax=docker/dockerfile:1
# One image per service, built from the repository root (common and service-web are shared):
#   docker build --build-arg SERVICE=order-service -t seckill/order-service .
# docker-compose.yml builds the four services this way.

ARG SERVICE=gateway-service

# ---- build: Maven and a JDK 17, the whole reactor's poms first so dependencies are cached
FROM maven:3.9-eclipse-temurin-17 AS build
ARG SERVICE
WORKDIR /src
COPY pom.xml ./
COPY common/pom.xml common/
COPY service-web/pom.xml service-web/
COPY ops/pom.xml ops/
COPY loadtest/pom.xml loadtest/
COPY db-only-app/pom.xml db-only-app/
COPY gateway-service/pom.xml gateway-service/
COPY seckill-service/pom.xml seckill-service/
COPY order-service/pom.xml order-service/
COPY payment-service/pom.xml payment-service/
COPY e2e-tests/pom.xml e2e-tests/
RUN --mount=type=cache,target=/root/.m2 mvn -B -q -pl "${SERVICE}" -am dependency:go-offline -DexcludeGroupIds=com.seckill
COPY common/src common/src
COPY service-web/src service-web/src
COPY ${SERVICE}/src ${SERVICE}/src
# each service's Flyway migrations (sql/<service>/), packaged into its jar as db/migration
COPY sql sql
RUN --mount=type=cache,target=/root/.m2 mvn -B -q -pl "${SERVICE}" -am -DskipTests package \
    && java -Djarmode=tools -jar "${SERVICE}/target/${SERVICE}.jar" extract --layers --launcher --destination /app

# ---- runtime: a JRE 17, the jar's layers (dependencies change least, so they come first), non-root
FROM eclipse-temurin:17-jre
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app seckill
WORKDIR /app
COPY --from=build /app/dependencies/ ./
COPY --from=build /app/spring-boot-loader/ ./
COPY --from=build /app/snapshot-dependencies/ ./
COPY --from=build /app/application/ ./
USER seckill
# memory follows the container's limit, not the host's
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError" \
    SPRING_PROFILES_ACTIVE=compose \
    SERVER_PORT=8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=5 \
    CMD curl -fsS "http://127.0.0.1:${SERVER_PORT}/actuator/health" || exit 1
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
