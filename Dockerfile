# syntax=docker/dockerfile:1
# One image per service, built from the repository root (common and service-web are shared):
#   docker build --build-arg SERVICE=order-service -t seckill/order-service .
# docker-compose.yml builds the four services this way.

ARG SERVICE=gateway-service

# ---- build: Maven and a JDK 17 (the bytecode is 17), the whole reactor's poms first so dependencies are cached
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
    && java -Djarmode=tools -jar "${SERVICE}/target/${SERVICE}.jar" extract --layers --destination /app

# ---- runtime: a JRE 25 (the AOT cache: JEP 483, 514, 515), the jar extracted as the AOT cache needs it (the
# application jar beside lib/, dependencies first since they change least), non-root
FROM eclipse-temurin:25-jre
ARG SERVICE
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app seckill && mkdir /aot && chown seckill /aot
WORKDIR /app
COPY --from=build /app/dependencies/ ./
COPY --from=build /app/spring-boot-loader/ ./
COPY --from=build /app/snapshot-dependencies/ ./
COPY --from=build /app/application/ ./
COPY --chmod=755 docker-entrypoint.sh /usr/local/bin/
USER seckill
# memory follows the container's limit, not the host's
ENV SERVICE=${SERVICE} \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError" \
    SPRING_PROFILES_ACTIVE=compose \
    SERVER_PORT=8080
# healthy once warmed up: readiness waits for the service's warm-up before it takes traffic
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=5 \
    CMD curl -fsS "http://127.0.0.1:${SERVER_PORT}/actuator/health" || exit 1
ENTRYPOINT ["docker-entrypoint.sh"]
