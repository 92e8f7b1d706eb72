package com.seckill.gateway.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.gateway.client.ClientAddresses;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/**
 * Every connection of the public port gets the strict codec in place of Netty's own, timed by its
 * {@link ConnectionDeadlines}, the problem bodies right behind it and {@link ReadAfterEachAnswer}; one beyond its
 * address's share of connections gets {@link ConnectionsPerAddress} in front of Reactor Netty. The decoder keeps
 * the limits Boot configures.
 */
@Configuration(proxyBeanMethods = false)
class HttpEdge {

    /** Why connections were closed by the gateway before a request was answered (tag {@code reason}). */
    static final String CLOSED = "seckill.gateway.connections.refused";

    @Bean
    NettyServerCustomizer strictHttpEdge(ObjectMapper json, ServerProperties properties, ConnectionProperties connections,
                                         ClientAddresses clients, MeterRegistry meters) {
        ProblemBodies bodies = new ProblemBodies(json);
        ReadAfterEachAnswer readAfterEachAnswer = new ReadAfterEachAnswer();
        ConnectionsPerAddress perAddress = new ConnectionsPerAddress(connections.perAddress(), clients, closed(meters, "per-address"));
        Counter late = closed(meters, "request-timeout");
        CannedAnswer timedOut = CannedAnswer.problem(HttpResponseStatus.REQUEST_TIMEOUT, "Request timeout", "BAD_REQUEST",
                "The request did not arrive whole in time");
        ServerProperties.Netty netty = properties.getNetty();
        // the third argument (the remote address) is null for an accepted connection: its channel knows it
        return server -> server.doOnChannelInit((observer, channel, remote) -> {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) instanceof HttpServerCodec) {
                ConnectionDeadlines deadlines = new ConnectionDeadlines(channel, connections, timedOut, late);
                pipeline.replace(NettyPipeline.HttpCodec, NettyPipeline.HttpCodec, new StrictHttpServerCodec(decoderConfig(properties, netty), deadlines));
                deadlines.start();
                pipeline.addAfter(NettyPipeline.HttpCodec, "seckill.problemBodies", bodies);
                // next to Reactor Netty's handler, behind the shed gate: its refusals pause reading on purpose
                if (pipeline.get(NettyPipeline.HttpTrafficHandler) != null) {
                    pipeline.addBefore(NettyPipeline.HttpTrafficHandler, "seckill.readAfterEachAnswer", readAfterEachAnswer);
                    if (!perAddress.admit(channel, channel.remoteAddress())) {
                        pipeline.addBefore(NettyPipeline.HttpTrafficHandler, "seckill.overShare", perAddress);
                    }
                }
            }
        });
    }

    private static Counter closed(MeterRegistry meters, String reason) {
        return Counter.builder(CLOSED).tag("reason", reason)
                .description("Connections the gateway refused or closed before answering: over their address's share, or too slow to send a request")
                .register(meters);
    }

    /** The limits Spring Boot gives Netty's own codec ({@code server.max-http-request-header-size}, {@code server.netty.*}). */
    private static HttpDecoderConfig decoderConfig(ServerProperties server, ServerProperties.Netty netty) {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength((int) netty.getMaxInitialLineLength().toBytes())
                .setMaxHeaderSize((int) server.getMaxHttpRequestHeaderSize().toBytes())
                .setValidateHeaders(netty.isValidateHeaders())
                .setInitialBufferSize((int) netty.getInitialBufferSize().toBytes());
    }
}
