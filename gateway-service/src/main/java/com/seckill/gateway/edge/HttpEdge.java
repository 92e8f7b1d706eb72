package com.seckill.gateway.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/**
 * Every connection of the public port gets the strict codec in place of Netty's own, the problem
 * bodies right behind it and {@link ReadAfterEachAnswer}. The decoder keeps the limits Boot configures.
 */
@Configuration(proxyBeanMethods = false)
class HttpEdge {

    @Bean
    NettyServerCustomizer strictHttpEdge(ObjectMapper json, ServerProperties properties) {
        ProblemBodies bodies = new ProblemBodies(json);
        ReadAfterEachAnswer readAfterEachAnswer = new ReadAfterEachAnswer();
        ServerProperties.Netty netty = properties.getNetty();
        return server -> server.doOnChannelInit((observer, channel, address) -> {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) instanceof HttpServerCodec) {
                pipeline.replace(NettyPipeline.HttpCodec, NettyPipeline.HttpCodec, new StrictHttpServerCodec(decoderConfig(properties, netty)));
                pipeline.addAfter(NettyPipeline.HttpCodec, "seckill.problemBodies", bodies);
                // next to Reactor Netty's handler, behind the shed gate: its refusals pause reading on purpose
                if (pipeline.get(NettyPipeline.HttpTrafficHandler) != null) {
                    pipeline.addBefore(NettyPipeline.HttpTrafficHandler, "seckill.readAfterEachAnswer", readAfterEachAnswer);
                }
            }
        });
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
